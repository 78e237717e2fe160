"""What the family terminal renderers word and draw alike: a code's words from a
(中文, English) table, the status line's head, a row of laid groups and the events every
claim game has (a discard shown to all, a window answer, the end of the deal)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.text import Text

from huapai.cli_support.i18n import Lang
from huapai.cli_support.render import EventText, RenderContext, Units
from huapai.core.registry import manifests

Words = Mapping[str, tuple[str, str]]
"""A family's words per stable code (phase, end reason, fact key): (中文, English)."""


def pair_of(words: Words, code: object) -> tuple[str, str]:
    """The words for ``code``, or the code itself in both languages when it is not in
    the table (a code added by a newer engine still shows)."""
    key = str(code)
    return words.get(key, (key, key))


def label(words: Words, code: str, lang: Lang) -> str:
    """``pair_of`` in ``lang`` (a renderer's ``fact_label``)."""
    zh, en = pair_of(words, code)
    return zh if lang == "zh" else en


def family_name(game: str, lang: Lang) -> str:
    """The family's name in ``lang`` as ``play`` titles it (its manifest's title, as
    ``Xiushan zipai (秀山字牌)``); the game's id where no manifest names it."""
    manifest = manifests().get(game)
    return game if manifest is None else manifest.title.pick(lang)


def ended_line(view: Mapping[str, Any], ctx: RenderContext, ends: Words) -> Text | None:
    """The status line of a finished deal (why it ended), None while it runs."""
    if not view.get("end"):
        return None
    return Text.assemble((ctx.pick("【结束】", "[over] "), "bold"),
                         (ctx.pick(*pair_of(ends, view["end"])), "bold magenta"))


def phase_head(view: Mapping[str, Any], ctx: RenderContext, phases: Words) -> Text:
    """The start of a running deal's status line: 【阶段】 and the phase's words."""
    zh, en = phases.get(str(view.get("phase")), ("?", "?"))
    return Text.assemble((ctx.pick("【阶段】", "[phase] "), "bold"), ctx.pick(zh, en))


def groups_text(melds: Sequence[Mapping[str, Any]], cards: Callable[[str], Text]) -> Units:
    """A seat's laid groups as ``kind[cards]``, two spaces apart, each kept whole in a
    table (``cards`` colours the notation); a face-down group's unseen cards (None) are a
    ``?`` each, as many as the group has (``size``): ``哨[???]``, ``龙灯[????]``,
    ``紮[????]``."""
    pieces = []
    for m in melds:
        out = Text(f"{m['kind']}[")
        if m["cards"] is None:
            out.append("?" * int(m["size"]), style="dim")
        else:
            out.append_text(cards(m["cards"]))
        out.append("]")
        pieces.append(out)
    return Units(tuple(pieces))


_CARD = re.compile(r"[^*\s]\*?")


def card_units(notation: str, cards: Callable[[str], Text], gap: str = "") -> Units:
    """A row of 汉字 cards (discards) that wraps between cards, never inside one
    (``三*``); ``cards`` colours each, ``gap`` goes between them."""
    return Units(tuple(cards(card) for card in _CARD.findall(notation)), gap=gap)


def discarded_as(said_zh: Callable[[str], str]) -> EventText:
    """A discard every seat sees, its card as ``said_zh`` says it (双别杆's 花三 for the
    notation's 三*, in English too)."""
    def text(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
        card = said_zh(e["card"])
        return ctx.pick(f"{who} 打出 {card}", f"{who} discarded {card}")
    return text


discarded = discarded_as(str)
"""A discard every seat sees, its card as written."""


def deal_ended(ends: Words) -> EventText:
    """The ``deal_ended`` event in the words of ``ends`` (by its reason code)."""
    def text(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
        return ctx.pick(*pair_of(ends, e.get("reason")))
    return text
