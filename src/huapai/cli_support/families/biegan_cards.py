"""双别杆 cards in the terminal: the notation coloured (red faces red, 精 bold, 花
underlined, 赖子 magenta)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from huapai.cli_support.render import RenderContext
from huapai.games.biegan.cards import (
    FACES,
    FLOWER_MARK,
    FLOWER_WORD,
    JING_FACES,
    RED_FACES,
    card_tokens,
    jing_of,
)

_RED_CHARS = frozenset(FACES[f] for f in RED_FACES)
_JING_CHARS = frozenset(FACES[f] for f in JING_FACES)


def jing_chars(rules: Any) -> frozenset[str]:
    """The 精 of the deal's reading, as characters (三五七, or 乙三五七九 with 五精)."""
    return frozenset(FACES[f] for f in jing_of(bool(getattr(rules, "five_jing", False))))


def cards_text(cards: str, jing: frozenset[str] = _JING_CHARS, runs: bool = False) -> Text:
    """Card notation coloured: red faces red, 精 (``jing``) bold, 花 underlined, 赖子
    magenta (a face-down 紮's unseen cards are ``groups_text``'s marks); a flowered card as
    the game says it, 花三, in a run spaced card by card (:func:`said_zh`; the screen said
    三* in its rows and 花三 in its lines: a play-test — in English too since its 三* read as
    a stray mark). ``runs``: a
    hand's runs of one face apart (上 大大 人 … 三三三 七七): written together, 三三三七七
    was hard to count (a terminal play-test); spaced card by card it passed 80 columns."""
    out = Text()
    spaced = FLOWER_MARK in cards
    tokens = card_tokens(cards)
    for i, token in enumerate(tokens):
        ch, flowered = token[0], token.endswith(FLOWER_MARK)
        style = "bold magenta" if ch == "赖" else "red" if ch in _RED_CHARS else ""
        if ch in jing:
            style += " bold"
        if flowered:
            style += " underline"
        if i and (spaced or (runs and ch != tokens[i - 1][0])):
            out.append(" ")
        out.append(FLOWER_WORD + ch if flowered else token, style=style.strip())
    return out


def cards_in(text: str, ctx: RenderContext, runs: bool = False) -> Text:
    """:func:`cards_text` with the 精 of the deal's reading (``ctx.rules``) in bold."""
    return cards_text(text, jing_chars(ctx.rules), runs)


def row_gap(notation: str) -> str:
    """The gap between a row's cards: a space where one is flowered (花三)."""
    return " " if FLOWER_MARK in notation else ""
