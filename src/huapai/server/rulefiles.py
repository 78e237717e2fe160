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
removed is refused at the next room).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from huapai.core import recordfiles
from huapai.core.present import Msg
from huapai.core.registry import get_game

from .errors import ServerError

SUFFIX = ".toml"
"""The files offered: a folder's regular files ending in this (the 名堂 tables' format)."""


def offered(folder: str | None) -> list[str]:
    """The names of the files ``folder`` offers, sorted; none without a folder."""
    if folder is None:
        return []
    try:
        return sorted(p.name for p in Path(folder).iterdir()
                      if p.suffix == SUFFIX and p.is_file() and not p.name.startswith("."))
    except OSError:
        return []


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
        out[name] = str(Path(folder).resolve() / value)
    return out


def shown(game: Any, rules: Mapping[str, Any]) -> dict[str, Any]:
    """A room's rules as a client sees them: a file-naming option by its file's name."""
    local = local_options(game)
    if not local:
        return dict(rules)
    return {k: Path(v).name if k in local and isinstance(v, str) and v else v
            for k, v in rules.items()}


def hide_folder(text: str, folder: str | None) -> str:
    """An error's text without the operator's folder (the rules name the file by path)."""
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
