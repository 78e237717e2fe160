"""``huapai howto GAME``: the family's 玩法说明 (how to play) in the terminal — the same
data the browser's 玩法说明 shows (:mod:`huapai.core.howto`)."""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from huapai.core.howto import load_howto
from huapai.core.registry import get_manifest

from .i18n import Lang
from .render import Heading
from .setup import CliError, emit_json, load_table


def run_howto(game_name: str, preset: str | None, *, as_json: bool, lang: Lang,
              console: Console) -> None:
    """Every section, then what sets each preset apart (only ``preset``'s when named)."""
    table = load_table(game_name, preset)  # refuses an unknown game or preset
    game = table.game.name
    howto = load_howto(game)
    if howto is None:
        raise CliError(f"{game} 没有玩法说明", f"{game} has no how-to-play guide")
    titles = get_manifest(game).preset_titles
    data = howto.to_json(titles)
    if preset is not None:
        data["presets"] = {table.preset: data["presets"][table.preset]}
    if as_json:
        emit_json(data)
        return
    console.print(Text(howto.title.pick(lang), style="bold"))
    parts = [(s.title.pick(lang), s.paragraphs) for s in howto.sections]
    parts += [((f"玩法：{titles[name].pick(lang)}" if lang == "zh"
                else f"preset: {titles[name].pick(lang)}"), howto.presets[name])
              for name in data["presets"]]
    for title, paragraphs in parts:
        console.print(Heading(title))
        for paragraph in paragraphs:
            text = paragraph.pick(lang)
            if lang == "zh" and console.is_terminal:  # folded by characters, not at spaces
                text = "\n".join(fold_zh(text, console.width))
            console.print(Text(text), soft_wrap=lang == "zh")  # words, never markup
            console.print()  # a paragraph a block, as the browser shows them


_UNITS = re.compile(r"[!-~]+| +|.")  # an ASCII run (17, 三*, #10) stays whole; else a char
_NO_START = frozenset("，。、；：？！）」』”’》…·")
_NO_END = frozenset("（「『“‘《")


def fold_zh(text: str, width: int) -> list[str]:
    """Chinese text in lines of at most ``width`` cells, broken between characters (a
    terminal's word wrap would break only at the few spaces, leaving ragged lines): a
    number or other ASCII run stays whole, a line starts with no closing mark and ends
    with no opening one (the unit before moves down with it)."""
    lines: list[list[str]] = [[]]
    for unit in _UNITS.findall(text):
        line = lines[-1]
        if line and cell_len("".join(line) + unit) > width and not unit.isspace():
            lines.append(_carried(line, unit))
            line = lines[-1]
        if line or not unit.isspace():
            line.append(unit)
    return ["".join(line).rstrip() for line in lines]


def _carried(line: list[str], unit: str) -> list[str]:
    """What moves down from a full ``line`` with the ``unit`` that did not fit: units from
    its end until the next line starts with no closing mark and it ends with no opening
    one (never the whole line)."""
    carried: list[str] = []
    first = unit
    while len(line) > 1 and (first[0] in _NO_START or line[-1][-1] in _NO_END):
        first = line.pop()
        carried.insert(0, first)
    return carried

