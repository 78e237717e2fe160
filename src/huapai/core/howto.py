"""A family's 玩法说明 (how to play): what a newcomer reads before the first deal.

A family names a TOML file in its manifest (``howto="package:file.toml"``); both front
ends show it (the browser's 玩法说明 dialog, ``huapai howto GAME``) from the same data:

.. code-block:: toml

    title = { zh = "……怎么玩", en = "How to play ……" }

    [[sections]]
    title = { zh = "牌", en = "The cards" }
    paragraphs = [ { zh = "……", en = "……" } ]

    [presets.<preset>]          # one per preset of the family, nothing else
    paragraphs = [ { zh = "……", en = "……" } ]

Every text is in both languages, and the Chinese has no Latin letter (a player in Chinese
mode reads no English). A paragraph about one front end only says so, ``front =
"browser"`` or ``"terminal"`` (终端里：输入编号… is no help in the browser): each front end
shows the guide :meth:`HowTo.shown` to it. :func:`load_howto` checks all of it and says
what is wrong where.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from .manifest import ManifestError, Text, split_target
from .registry import get_manifest

_LATIN = re.compile(r"[A-Za-z]")


FRONTS = ("browser", "terminal")


@dataclass(frozen=True, slots=True)
class Paragraph(Text):
    """A paragraph of the guide; ``front``: the one front end it is about (None: both)."""

    front: str | None = None


@dataclass(frozen=True, slots=True)
class Section:
    title: Text
    paragraphs: tuple[Paragraph, ...]

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title.to_json(),
                "paragraphs": [p.to_json() for p in self.paragraphs]}


@dataclass(frozen=True, slots=True)
class HowTo:
    """A family's guide: its sections, and what sets each preset apart."""

    title: Text
    sections: tuple[Section, ...]
    presets: Mapping[str, tuple[Paragraph, ...]]

    def shown(self, front: str) -> HowTo:
        """The guide as ``front`` (``browser`` / ``terminal``) shows it: without the other
        front end's paragraphs (and a section left with none)."""
        def mine(paragraphs: tuple[Paragraph, ...]) -> tuple[Paragraph, ...]:
            return tuple(p for p in paragraphs if p.front in (None, front))

        sections = tuple(Section(s.title, mine(s.paragraphs)) for s in self.sections)
        return HowTo(self.title, tuple(s for s in sections if s.paragraphs),
                     {name: mine(ps) for name, ps in self.presets.items()})

    def to_json(self, preset_titles: Mapping[str, Text]) -> dict[str, Any]:
        """As the API serves it: each preset's paragraphs under its title."""
        return {"title": self.title.to_json(),
                "sections": [s.to_json() for s in self.sections],
                "presets": {name: {"title": preset_titles[name].to_json(),
                                   "paragraphs": [p.to_json() for p in paragraphs]}
                            for name, paragraphs in self.presets.items()}}


@cache
def load_howto(game: str) -> HowTo | None:
    """The guide the family ``game`` ships, checked against its presets; None if it has
    none. A ManifestError names the file and what is wrong in it."""
    manifest = get_manifest(game)
    if manifest.howto is None:
        return None
    package, name = split_target(manifest.howto)
    where = f"{game}'s 玩法说明 {manifest.howto}"
    try:
        data = tomllib.loads(resources.files(package).joinpath(name).read_text("utf-8"))
    except (OSError, ModuleNotFoundError, tomllib.TOMLDecodeError) as exc:
        raise ManifestError(f"{where}: {exc}") from None
    return _read(data, list(manifest.preset_titles), where)


def _read(data: Mapping[str, Any], presets: Sequence[str], where: str) -> HowTo:
    """The guide in ``data``, its presets in the manifest's order (``presets``)."""
    _keys(data, {"title", "sections", "presets"}, where)
    sections = tuple(_section(s, f"{where}, section {i + 1}")
                     for i, s in enumerate(_list(data["sections"], f"{where}: sections")))
    if not sections:
        raise ManifestError(f"{where}: no section")
    table = data["presets"]
    if not isinstance(table, Mapping) or set(table) != set(presets):
        found = sorted(table) if isinstance(table, Mapping) else table
        raise ManifestError(f"{where}: presets {found} are not the family's {sorted(presets)}")
    by_preset = {}
    for name in presets:
        _keys(table[name], {"paragraphs"}, f"{where}, preset {name}")
        by_preset[name] = _paragraphs(table[name]["paragraphs"], f"{where}, preset {name}")
    return HowTo(_text(data["title"], f"{where}: title"), sections, by_preset)


def _section(data: Any, where: str) -> Section:
    _keys(data, {"title", "paragraphs"}, where)
    return Section(_text(data["title"], f"{where}: title"),
                   _paragraphs(data["paragraphs"], where))


def _paragraphs(data: Any, where: str) -> tuple[Paragraph, ...]:
    out = tuple(_paragraph(p, f"{where}, paragraph {i + 1}")
                for i, p in enumerate(_list(data, f"{where}: paragraphs")))
    if not out:
        raise ManifestError(f"{where}: no paragraph")
    return out


def _paragraph(data: Any, where: str) -> Paragraph:
    """A paragraph: its text, and the one front end it is about if it names one."""
    front = data.get("front") if isinstance(data, Mapping) else None
    if isinstance(data, Mapping) and "front" in data:
        if front not in FRONTS:
            raise ManifestError(f"{where}: front must be one of {list(FRONTS)}, found {front!r}")
        data = {k: v for k, v in data.items() if k != "front"}
    text = _text(data, where)
    return Paragraph(text.zh, text.en, front)


def _text(data: Any, where: str) -> Text:
    _keys(data, {"zh", "en"}, where)
    zh, en = data["zh"], data["en"]
    if not (isinstance(zh, str) and isinstance(en, str) and zh.strip() and en.strip()):
        raise ManifestError(f"{where}: zh and en must be non-empty strings")
    if _LATIN.search(zh):
        raise ManifestError(f"{where}: the Chinese has Latin letters ({zh[:40]!r}…)")
    return Text(zh.strip(), en.strip())


def _keys(data: Any, keys: set[str], where: str) -> None:
    if not isinstance(data, Mapping) or set(data) != keys:
        found = sorted(data) if isinstance(data, Mapping) else type(data).__name__
        raise ManifestError(f"{where}: expected the keys {sorted(keys)}, found {found}")


def _list(data: Any, where: str) -> Sequence[Any]:
    if not isinstance(data, list):
        raise ManifestError(f"{where}: expected a list, found {type(data).__name__}")
    return data


__all__ = ["HowTo", "Section", "load_howto"]
