"""Chinese text folded by characters at a terminal's width (a terminal's word wrap breaks
only at the few spaces, leaving ragged lines), with the line-breaking rules Chinese text
keeps: no line starts with a closing mark or ends with an opening one."""

from __future__ import annotations

import re
from collections.abc import Iterator

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from rich.text import Text

_UNITS = re.compile(r"[\u4e00-\u9fff]{1,4}\[[^\]\n]{0,12}\]|[!-~]+(?: [\u4e00-\u9fff])?| +|.")
"""What a line is never broken inside: a group with its cards (碰[伍伍伍], 大小组合[五伍伍]:
a play-test saw 碰[ / 伍伍伍] at 80 columns), an ASCII run (17, 三*, #10) with the one
character it counts when a space parts them (18 胡, 100 胡: it saw 起胡 18 / 胡); else a
character."""
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


def folded(text: str, width: int, lang: str, console: Console) -> list[str]:
    """``text`` in lines of at most ``width`` cells: Chinese by :func:`fold_zh`, English at
    its spaces (as rich wraps it)."""
    if lang == "zh":
        return fold_zh(text, max(width, 8))
    return [line.plain.rstrip() for line in Text(text).wrap(console, max(width, 8))]


class Folded:
    """A text that folds as :func:`fold_zh` does at whatever width it is given (a help
    line beside its bullet, the notation help)."""

    def __init__(self, text: str, style: str = "") -> None:
        self.text, self.style = text, style

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        for paragraph in self.text.split("\n"):
            for line in fold_zh(paragraph, options.max_width):
                yield Text(line, style=self.style)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((cell_len(p) for p in self.text.split("\n")), default=0)
        return Measurement(min(widest, 8), widest)
