"""Tables of what every seat may see, fitted to the terminal: columns as wide as their
words and pieces need where the width allows, a seat's name, a play or a meld kept whole
(:class:`Units`), and a cell still too long for its column folded, never cut with "…"."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text


def public_table(heads: Iterable[tuple[str, bool]], title: str | None = None) -> Table:
    """A table of what every seat may see (seats, their groups and discards, a
    settlement), with a column per ``(heading, right-justified)``. Its columns are as wide
    as their words and :class:`Units` need where the width allows (:class:`FittedTable`);
    a cell still too long for its column wraps (folds) and never ends in "…" (a row of
    汉字 cards has no space to wrap at, and rich's default cut it)."""
    table = FittedTable(title=title, show_edge=False, pad_edge=False, expand=False)
    for head, right in heads:
        table.add_column(head, justify="right" if right else "left", overflow="fold")
    return table


class FittedTable(Table):
    """A table that keeps words and :class:`Units` whole where it can. rich narrows the
    widest columns first, even below their longest word (``discard`` / ``s``); this one
    narrows a column only down to its longest word or piece, widest first, taking the
    space beside its rules where that is still too wide. Only where even that does not
    fit, a run of 汉字 breaks between two characters (as Chinese text may), and a word or
    a :class:`Units` piece folds only where nothing else is left."""

    _SPACING = ((0, 1), (0, 0, 0, 1), (0, 0))
    """Padding as the width allows: a space either side of each rule, one after it, none."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        gaps = len(self.columns) - 1
        widths, spacing = fit_widths(self._ranges(console, options), options.max_width, gaps)
        saved = [column.width for column in self.columns]
        for column, width in zip(self.columns, widths, strict=True):
            column.width = width
        self.padding = self._SPACING[spacing]
        try:
            yield from super().__rich_console__(console, options)
        finally:
            for column, before in zip(self.columns, saved, strict=True):
                column.width = before
            self.padding = self._SPACING[0]

    def _ranges(self, console: Console, options: ConsoleOptions) -> list[ColumnRange]:
        """Each column's narrowest, comfortable and natural width, its heading included."""
        out = []
        for column in self.columns:
            cells = [column.header, *column.cells]
            sizes = [Measurement.get(console, options, cell) for cell in cells]
            out.append(ColumnRange(
                max(_least_width(cell, size) for cell, size in zip(cells, sizes, strict=True)),
                max(m.minimum for m in sizes), max(m.maximum for m in sizes)))
        return out


@dataclass(frozen=True, slots=True)
class ColumnRange:
    """How wide a column may be: ``least``, its longest word or piece with 汉字 breaking
    between characters; ``comfortable``, with no word of 汉字 broken either; ``natural``,
    every cell on one line."""

    least: int
    comfortable: int
    natural: int


def fit_widths(ranges: Sequence[ColumnRange], width: int, gaps: int) -> tuple[list[int], int]:
    """Column widths within ``width`` cells and the spacing beside the ``gaps`` rules (0:
    a space either side, 1: one after, 2: none): natural where that fits; else each column
    narrowed down to its comfortable width with as much spacing as that leaves; else,
    with no spacing, down to its least width; else every column narrowed alike."""
    comfortable = sum(r.comfortable for r in ranges)
    for spacing in range(3):
        if comfortable + (3 - spacing) * gaps <= width:
            floor = [r.comfortable for r in ranges]
            return _narrowed(ranges, floor, width - (3 - spacing) * gaps), spacing
    spare = width - gaps
    widths = _narrowed(ranges, [r.comfortable for r in ranges], spare)
    widths = _narrowed([ColumnRange(r.least, r.comfortable, w) for r, w in
                        zip(ranges, widths, strict=True)], [r.least for r in ranges], spare)
    return _narrowed([ColumnRange(1, 1, w) for w in widths], [1] * len(ranges), spare), 2


def _narrowed(ranges: Sequence[ColumnRange], floor: Sequence[int], spare: int) -> list[int]:
    """The natural widths, less a cell at a time from the widest column above its
    ``floor`` until they fit ``spare`` (or every column is at its floor)."""
    widths = [max(1, r.natural) for r in ranges]
    excess = sum(widths) - spare
    while excess > 0:
        slack = [i for i, w in enumerate(widths) if w > floor[i]]
        if not slack:
            break
        widest = max(slack, key=lambda i: widths[i])
        widths[widest] -= 1
        excess -= 1
    return widths


_PIECE = re.compile(r"[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+|\S")
"""An unbreakable piece of plain text: a word of letters, digits and signs, or one 汉字
(or full-width sign)."""


def _least_width(cell: object, size: Measurement) -> int:
    """The narrowest a cell gets without breaking a word or a :class:`Units` piece."""
    if isinstance(cell, Units):
        return cell.longest()
    if not isinstance(cell, str | Text):
        return size.minimum
    plain = cell if isinstance(cell, str) else cell.plain
    return max((cell_len(piece) for piece in _PIECE.findall(plain)), default=0)


@dataclass(frozen=True, slots=True)
class Units:
    """A cell of pieces that never break inside — a seat's name and who plays it, a play
    such as ``Q Q``, a meld such as ``招[化化化化]`` — joined by ``gap``: only between
    pieces does a line wrap (rich would break a play at its space, and a run of 汉字
    anywhere), and a piece starting a line drops its leading spaces (`` (heuristic)``); a
    piece wider than its column still folds."""

    pieces: tuple[Text, ...]
    gap: str = "  "
    #: kept on one line while the other columns can still narrow to their comfortable
    #: widths (a seat's name and who plays it: 座位1 / （经验型） wrapped on an 80-column
    #: terminal beside a 占牌 column with room to spare, a play-test); its pieces wrap
    #: apart only after that
    whole: bool = False

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        natural = sum(piece.cell_len for piece in self.pieces)
        natural += len(self.gap) * max(0, len(self.pieces) - 1)
        least = natural if self.whole else self.longest()
        return Measurement(least, natural).with_maximum(options.max_width)

    def longest(self) -> int:
        """Its longest piece: the narrowest it gets without breaking one."""
        return max((_unspaced(piece).cell_len for piece in self.pieces), default=0)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        line = Text()
        for piece in self.pieces:
            joined = Text(self.gap) + piece if line.cell_len else _unspaced(piece)
            if line.cell_len and line.cell_len + joined.cell_len > options.max_width:
                yield line
                line, joined = Text(), _unspaced(piece)
            line.append_text(joined)
        yield line


def _unspaced(piece: Text) -> Text:
    """``piece`` without its leading spaces (as it starts a line)."""
    plain = piece.plain
    return piece[len(plain) - len(plain.lstrip(" ")):]


def figure(text: str) -> Units | str:
    """A figure with its interval (``+0.123 ± 0.456 *``) that wraps only before its ``±``
    (a narrow column split ``+54.667 ±`` / ``107.145``); any other text as it is."""
    mean, sep, rest = text.partition(" ± ")
    if not sep:
        return text
    return Units((Text(mean), Text("± " + rest)), gap=" ")
