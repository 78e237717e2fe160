"""Files an operator offers rooms for the rule options that name a file (``local``).

Some rule options name a file on the machine (``OptionInfo.local``: 秀山's 名堂表
``mingtang_table``, a club's corrected 名堂 table). A client never gives the server a
path — it could make the server open any file — so such an option is refused from a
client, unless the operator started the server with a folder of files for them
(``huapai serve --rule-files DIR`` or ``HUAPAI_RULE_FILES``): then a room may name one
of that folder's files by its name (``bofu-club.toml``), which the server turns into the
path before the rules read it. A room's summary, the lobby and errors show the name, not
the folder (a record names the file and carries its text: huapai.core.recordfiles).
What is offered is listed each time it is asked (a file added is offered at once; one
removed is refused at the next room); a file that no preset of its game can use (bad
TOML, a 名堂 named twice …) is not offered, and the server's log says why, at start and
when it changes.

A room plays by the file as it was when the room was made: the server keeps that text
under its SHA-256 (``recordfiles.written``, in the cache folder: ``HUAPAI_CACHE_DIR``) and
the room's rules name that copy — an operator who edits or removes the file afterwards
changes none of the room's deals, records or replays (an edit made old games fail to
replay, and their downloaded records carry the new text).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from huapai.core import recordfiles
from huapai.core.present import Msg
from huapai.core.protocol import RulesError
from huapai.core.registry import game_names, get_game

from .errors import ServerError

log = logging.getLogger("huapai.server")

SUFFIX = ".toml"
"""The files offered: a folder's regular files ending in this (the 名堂 tables' format)."""


def offered(folder: str | None) -> list[str]:
    """The names of the files ``folder`` offers, sorted: those some preset can use; none
    without a folder."""
    return [name for name, problem in checked(folder).items() if problem is None]


def checked(folder: str | None) -> dict[str, str | None]:
    """Each candidate file of ``folder`` (a regular ``*.toml``, not hidden), sorted, with
    why no preset of any game can use it (None: one can)."""
    if folder is None:
        return {}
    try:
        paths = sorted(p for p in Path(folder).iterdir()
                       if p.suffix == SUFFIX and p.is_file() and not p.name.startswith("."))
    except OSError:
        return {}
    out: dict[str, str | None] = {}
    for path in paths:
        try:
            st = path.stat()
        except OSError as exc:
            out[path.name] = exc.strerror or str(exc)
            continue
        out[path.name] = _problem(str(path), st.st_mtime_ns, st.st_size)
    return out


@cache
def _problem(path: str, _mtime: int, size: int) -> str | None:
    """Why no game's preset can use the file (a version of it: cached by its time and
    size), said once in the log when found."""
    too_big = f"over {recordfiles.MAX_FILE_CHARS} characters: its records could not be replayed"
    problem: str | None
    if size > recordfiles.MAX_FILE_CHARS * 4:  # UTF-8: at most 4 bytes a character
        problem = too_big
    else:
        try:
            chars = len(Path(path).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            chars = 0  # the rules' own reading says what is wrong
        problem = too_big if chars > recordfiles.MAX_FILE_CHARS else _first_refusal(path)
    if problem is not None:
        log.warning("rule file %s is not offered: %s", Path(path).name,
                    hide_folder(problem, str(Path(path).parent)))
    return problem


def _first_refusal(path: str) -> str | None:
    refusals = []
    for game_name in game_names():
        game = get_game(game_name)
        for option in local_options(game):
            for preset in game.presets():
                try:
                    game.rules(preset, **{option: path})
                except (RulesError, TypeError, ValueError) as exc:
                    refusals.append(str(exc))
                    continue
                return None
    return refusals[-1] if refusals else "no rule option of any game names a file"


@dataclass(frozen=True, slots=True)
class Taking:
    """Where an offered file can be used, and what it holds."""

    presets: tuple[str, ...]
    """The presets whose rules take it as they are."""
    when: dict[str, list[Any]]
    """For each option ``option`` depends on (its ``applies``), the values under which a
    preset's rules take the file: a 三六福 名堂表 only under 计分 名堂算豆 (it was offered
    with 油子×翻 too, and refused once chosen, in mixed English: a club-night play-test)."""
    rows: tuple[dict[str, Any], ...]
    """What it holds as a player reads it (the rules' ``file_rows``, where the family says:
    a club's friends saw only its name)."""


def taking(game_name: str, option: str, folder: str, name: str) -> Taking:
    """Where the offered file ``name`` can be used for ``option`` of ``game_name``; nowhere
    when it cannot be read."""
    path = Path(folder) / name
    try:
        st = path.stat()
    except OSError:
        return Taking((), {}, ())
    return _taking(game_name, option, str(path), st.st_mtime_ns, st.st_size)


@cache
def _taking(game_name: str, option: str, path: str, _mtime: int, _size: int) -> Taking:
    game = get_game(game_name)
    presets: list[str] = []
    rows: tuple[dict[str, Any], ...] = ()
    for preset in game.presets():
        rules = _rules_taking(game, preset, {option: path})
        if rules is None:
            continue
        if not presets and hasattr(rules, "file_rows"):
            rows = tuple(rules.file_rows().get(option, ()))
        presets.append(preset)
    depends = local_options(game)[option].applies or {}
    when = {key: [v for v in values
                  if any(_rules_taking(game, p, {option: path, key: v}) is not None
                         for p in game.presets())]
            for key, values in depends.items()}
    return Taking(tuple(presets), when, rows)


def _rules_taking(game: Any, preset: str, overrides: Mapping[str, Any]) -> Any:
    """The preset's rules with ``overrides``, or None where they refuse them."""
    try:
        return game.rules(preset, **overrides)
    except (RulesError, TypeError, ValueError):
        return None


def local_options(game: Any) -> dict[str, Any]:
    """The ``OptionInfo`` of each of ``game``'s rule options that names a file."""
    return _local_options(game.name)


@cache
def _local_options(game_name: str) -> dict[str, Any]:
    cls = type(next(iter(get_game(game_name).presets().values())))
    return {name: cls.info(name) for name in recordfiles.local_options(game_name)}


def resolve(game: Any, overrides: Mapping[str, Any], folder: str | None) -> dict[str, Any]:
    """``overrides`` with each file-naming option's value (a name from :func:`offered`)
    made the file's path; "" (the option's default: none) stays. Anything else is refused
    before any file is read (``rules_invalid``, naming the option and what is offered)."""
    out = dict(overrides)
    files = offered(folder)
    for name, info in local_options(game).items():
        if name not in overrides or overrides[name] == "":
            continue
        value = overrides[name]
        if folder is None:
            raise _refused(name, info.zh or name)
        if not isinstance(value, str) or value not in files:
            raise _not_offered(name, info.zh or name, value, files)
        out[name] = str(snapshot(Path(folder).resolve() / value, name, info.zh or name))
    return out


def snapshot(path: Path, name: str, zh: str) -> Path:
    """The file as it is now, kept under its text's SHA-256: the path the room's rules
    name (module docstring). Over a record's limit it is refused: its records could not be
    replayed."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ServerError("rules_invalid", Msg.of(
            "file_unreadable", "{zh}（{name}）：读不了 {file}", "{name} ({zh}): cannot read {file}",
            zh=zh, name=name, file=path.name)) from exc
    if len(text) > recordfiles.MAX_FILE_CHARS:
        raise ServerError("rules_invalid", Msg.of(
            "file_too_big", "{zh}（{name}）：{file} 太大，最多 {limit} 字",
            "{name} ({zh}): {file} is too big, at most {limit} characters",
            zh=zh, name=name, file=path.name, limit=recordfiles.MAX_FILE_CHARS))
    return recordfiles.written(path.name, text)


def shown(game: Any, rules: Mapping[str, Any]) -> dict[str, Any]:
    """A room's rules as a client sees them: a file-naming option by its file's name."""
    local = local_options(game)
    if not local:
        return dict(rules)
    return {k: Path(v).name if k in local and isinstance(v, str) and v else v
            for k, v in rules.items()}


_KEPT = re.compile(r"\S*/record-files/[0-9a-f]{32}/")
"""The folder of a kept copy (:func:`snapshot`), as an error's text may name it."""

_KEPT_PATH = re.compile(r"(?P<root>/.*)/record-files/(?P<digest>[0-9a-f]{32})/(?P<name>[^/]+)")
_source: list[str | None] = [None]  # the operator's folder, to write a lost kept copy again


def use_folder(folder: str | None) -> None:
    """The server's ``--rule-files`` folder, the source of :func:`recover`."""
    _source[0] = folder


def recover(rules: Mapping[str, Any]) -> None:
    """Each kept copy ``rules`` name that is gone (a wiped cache; another machine of the
    cluster, whose worker takes the room over) written again where it was named — from the
    operator's file of that name when its text is still the same (its SHA-256); else it
    stays gone, and the rules say the file cannot be read."""
    folder = _source[0]
    for value in rules.values():
        found = _KEPT_PATH.fullmatch(value) if isinstance(value, str) else None
        if found is None or folder is None or Path(value).exists():
            continue
        try:
            text = (Path(folder) / found["name"]).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if recordfiles.digest(text) == found["digest"]:
            recordfiles.write_whole(Path(value), text)
            log.warning("kept copy of rule file %s written again from the folder",
                        found["name"])


def hide_folder(text: str, folder: str | None) -> str:
    """An error's text without the operator's folder or the kept copy's (the rules name
    the file by path)."""
    text = _KEPT.sub("", text)
    if folder is None:
        return text
    return text.replace(str(Path(folder).resolve()) + "/", "")


def _refused(name: str, zh: str) -> ServerError:
    return ServerError("rules_invalid", Msg.of(
        "local_option", "{zh}（{name}）是服务器上的文件，这台服务器没有提供可选的文件",
        "{name} ({zh}) names a file on the server, and this server offers none "
        "(its operator can: huapai serve --rule-files DIR)", zh=zh, name=name))


def _not_offered(name: str, zh: str, value: object, files: list[str]) -> ServerError:
    listed = "、".join(files) or "无"
    listed_en = ", ".join(files) or "none"
    return ServerError("rules_invalid", Msg.of(
        "file_not_offered", "{zh}（{name}）：{value} 不是这台服务器提供的文件；可选：{listed}",
        "{name} ({zh}): {value} is not a file this server offers; offered: {listed_en}",
        zh=zh, name=name, value=repr(value)[:60], listed=listed, listed_en=listed_en))
