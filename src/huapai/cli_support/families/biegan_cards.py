"""双别杆 cards in the terminal: the notation coloured (red faces red, 精 bold, 花
underlined, 赖子 magenta)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from huapai.cli_support.render import RenderContext
from huapai.games.biegan.cards import FACES, JING_FACES, RED_FACES, jing_of

_RED_CHARS = frozenset(FACES[f] for f in RED_FACES)
_JING_CHARS = frozenset(FACES[f] for f in JING_FACES)


def jing_chars(rules: Any) -> frozenset[str]:
    """The 精 of the deal's reading, as characters (三五七, or 乙三五七九 with 五精)."""
    return frozenset(FACES[f] for f in jing_of(bool(getattr(rules, "five_jing", False))))


def cards_text(cards: str, jing: frozenset[str] = _JING_CHARS) -> Text:
    """Card notation coloured: red faces red, 精 (``jing``) bold, 花 underlined, 赖子
    magenta (a face-down 紮's unseen cards are ``groups_text``'s marks)."""
    out = Text()
    for i, ch in enumerate(cards):
        if ch == "*":
            continue
        flowered = i + 1 < len(cards) and cards[i + 1] == "*"
        style = "bold magenta" if ch == "赖" else "red" if ch in _RED_CHARS else ""
        if ch in jing:
            style += " bold"
        if flowered:
            style += " underline"
        out.append(ch + ("*" if flowered else ""), style=style.strip())
    return out


def cards_in(text: str, ctx: RenderContext) -> Text:
    """:func:`cards_text` with the 精 of the deal's reading (``ctx.rules``) in bold."""
    return cards_text(text, jing_chars(ctx.rules))
