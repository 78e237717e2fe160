"""The ``?`` help at a decision of ``huapai play``: how to answer, worded for the game.

The general lines come from :mod:`.i18n`; which of them apply is asked of the game's
renderer: the lines on bare numbers only where a number may mean more than a list number
(:func:`.render.number_readings`: 掀牛's poker cards, 钵福's 报 N), the ``听`` line only where
the game has waits (:class:`.render.WaitsRenderer`). The family's own notation follows.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .fold import Folded
from .i18n import Lang, tr
from .render import NumberReadings, RenderContext, Renderer, WaitsRenderer, number_readings


def help_view(renderer: Renderer, ctx: RenderContext) -> RenderableType:
    """The whole help: its title, the lines that apply to the game, its notation."""
    lang = ctx.lang
    lines = [tr("help_pick", lang), numbers_line(number_readings(renderer, ctx), lang),
             tr("help_labels", lang)]
    if isinstance(renderer, WaitsRenderer):
        lines.append(tr("help_waits", lang))
    lines.append(tr("help_commands", lang))
    notation = renderer.notation_help(ctx)
    return Group(Text(tr("help_title", lang), style="bold"), bullets(lines, lang),
                 Folded(notation) if lang == "zh" else Text(notation))


def bullets(lines: list[str], lang: Lang = "en") -> Table:
    """Lines starting ``· `` as a list whose text hangs beside its bullet: a line of 汉字
    has no space to wrap at, and as one text its bullet stood alone on a line; Chinese
    folds by characters (wrapped at its few spaces, a line ended half-way: "只写 3")."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(overflow="fold")
    for line in lines:
        mark, gap, rest = line.partition(" ")
        mark, text = ("·", rest) if mark == "·" and gap else ("", line)
        grid.add_row(mark, Folded(text) if lang == "zh" else text)
    return grid


def numbers_line(readings: NumberReadings, lang: Lang) -> str:
    """What a typed number means: a list number only, or — where cards or listed actions
    are written with numbers — ``#3``, ``=3`` and how a bare 3 is read."""
    if readings.cards is None and readings.items is None:
        return tr("help_plain_numbers", lang)
    line = tr("help_choice", lang)
    if readings.cards is not None:
        line += tr("help_equals", lang, cards=readings.cards)
    what = [*([tr("help_what_cards", lang)] if readings.cards is not None else []),
            *([tr("help_what_items", lang, items=readings.items)]
              if readings.items is not None else [])]
    past = tr("help_past_cards" if readings.cards is not None else "help_past_items", lang)
    return line + tr("help_bare", lang, what=tr("help_what_or", lang).join(what), past=past)
