"""The files a record's rules read, carried in the record (its header's ``files``).

Some rule options name a file (``OptionInfo.local``: 秀山's 名堂表 ``mingtang_table``, a
club's corrected 名堂 table). A record that kept the path would replay only where that
file is, as it was then, and would show the operator's folder to whoever downloads it. So
a record's header names such a file by its name and carries its text::

    {"type": "deal", ..., "rules": {..., "mingtang_table": "bofu-club.toml"},
     "files": {"bofu-club.toml": "<the table's TOML>"}}

and a replay reads that text (written once under the user's cache folder, in a folder
named by the text's SHA-256, so two texts of one name never meet). A path whose file
cannot be read when the record is written stays a path, as before.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import platformdirs

from .present import Msg
from .registry import get_game

MAX_FILES = 8
MAX_FILE_CHARS = 256 * 1024
"""A record carries at most this many files of at most this many characters each (a 名堂
table is a few kilobytes): a record is read from anyone, and its files are written."""


def local_options(game_name: str) -> tuple[str, ...]:
    """The names of ``game_name``'s rule options that name a file."""
    return _local_options(game_name)


@cache
def _local_options(game_name: str) -> tuple[str, ...]:
    try:
        presets = get_game(game_name).presets()
    except (KeyError, ValueError):  # a record of a game this install lacks: nothing to do
        return ()
    cls = type(next(iter(presets.values())))
    describe, info = getattr(cls, "describe", None), getattr(cls, "info", None)
    if describe is None or info is None:  # a plug-in's rules without option metadata
        return ()
    return tuple(name for name, *_ in describe() if info(name).local)


def carried(game_name: str, rules: Mapping[str, Any],
            known: Mapping[str, str] | None = None) -> tuple[dict[str, Any], dict[str, str]]:
    """``rules`` as a record writes them — each readable file an option names by its name —
    and the files' texts by name; a name ``known`` already carries (a record read and
    written again) is kept as it is, whatever a file of that name nearby holds."""
    out, files = dict(rules), {}
    for option in local_options(game_name):
        value = rules.get(option)
        if not isinstance(value, str) or not value or value in (known or {}):
            continue
        try:
            text = Path(value).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # kept as a path: replays where the file is, as before
        out[option] = files_key = Path(value).name
        files[files_key] = text
    return out, files


def replayed(game_name: str, rules: Mapping[str, Any],
             files: Mapping[str, str]) -> dict[str, Any]:
    """``rules`` with each option that names a file the record carries made the path of
    that text, written under the cache folder (the rules read files by path)."""
    if not files:
        return dict(rules)
    out = dict(rules)
    for option in local_options(game_name):
        value = rules.get(option)
        if isinstance(value, str) and value in files:
            out[option] = str(written(value, files[value]))
    return out


def digest(text: str) -> str:
    """The name of a text's folder: its SHA-256, 32 hex digits."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def written(name: str, text: str) -> Path:
    """The text's file under the cache folder (written once: a folder per SHA-256)."""
    path = _root() / digest(text) / name
    if not path.is_file():
        write_whole(path, text)
    return path


def write_whole(path: Path, text: str) -> None:
    """``text`` at ``path``, its folder made: whole or not at all, for a second reader."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, delete=False,
                                     suffix=".part") as part:
        part.write(text)
    os.replace(part.name, path)


def _root() -> Path:
    chosen = os.environ.get("HUAPAI_CACHE_DIR")
    base = Path(chosen) if chosen else platformdirs.user_cache_path("huapai", appauthor=False)
    return base / "record-files"


def checked_files(value: object) -> tuple[dict[str, str], Msg | None]:
    """A header's ``files`` (absent: none), or why it is refused."""
    if value is None:
        return {}, None
    if not isinstance(value, dict) or len(value) > MAX_FILES:
        return {}, Msg("record_files",
                       f"'files' 要是一个对象 {{文件名: 文本}}，最多 {MAX_FILES} 个",
                       f"'files' must be an object {{name: text}} of at most {MAX_FILES}")
    for name, text in value.items():
        if not isinstance(text, str) or len(text) > MAX_FILE_CHARS:
            return {}, Msg("record_files",
                           f"'files' 里的 {name[:40]!r} 要是不超过 {MAX_FILE_CHARS} 字的文本",
                           f"'files': {name[:40]!r} must be a text of at most "
                           f"{MAX_FILE_CHARS} characters")
        if not _plain_name(name):
            return {}, Msg("record_files", f"'files' 里的 {name[:40]!r} 不是一个文件名",
                           f"'files': {name[:40]!r} is not a plain file name")
    return dict(value), None


def _plain_name(name: str) -> bool:
    """A file's own name: no folder, nothing hidden, nothing a file system reads specially."""
    return (0 < len(name) <= 100 and not name.startswith(".") and "/" not in name
            and "\\" not in name and "\0" not in name and ":" not in name)
