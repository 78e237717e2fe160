"""秀山字牌 cards: the 80-card 大小字 deck and its text notation.

Sources: seed ``004_1284c002b6627dc7.txt`` (small 一…十 and big 壹…拾; "最多可达10豆"
= 1 + 8 + 1 needs four 大贰 and four 小二, so four copies of each card) and
``rules/xiushan.md`` §2.1 (red = 二七十 / 贰柒拾, 24 cards).

A **card** is a small int: ``0..9`` the small 一…十, ``10..19`` the big 壹…拾, so
:func:`rank` (``0..9`` for 一/壹 … 十/拾) is ``card % 10`` and :func:`is_big` is
``card >= 10``. Hands and groups are sequences of cards; physical copies are not told
apart (the deck has :data:`COPIES` of each).

Notation: each card its 汉字, spaces ignored; 弍 is accepted for 贰 and 参 for 叁 on
input, and — for a keyboard without 汉字 — ``s1``…``s10`` for the small 一…十 and
``b1``…``b10`` for the big 壹…拾 (an English player could name no card: a play-test).
:func:`format_cards` always writes the canonical glyphs.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from huapai.core.present import Msg
from huapai.core.protocol import NotationError

SMALL = "一二三四五六七八九十"
BIG = "壹贰叁肆伍陆柒捌玖拾"
GLYPHS = SMALL + BIG
"""The 汉字 of card ``c`` is ``GLYPHS[c]``."""

NUM_CARDS = 20
RANKS = 10
COPIES = 4
DECK_SIZE = NUM_CARDS * COPIES

RED_RANKS = frozenset((1, 6, 9))
"""二七十 / 贰柒拾 (ranks 2, 7 and 10) are red, the others black."""

ER = (1, 11)
"""小二 and 大贰, the cards 豆 are counted on."""

_VARIANTS = {"弍": "贰", "参": "叁"}
_ASCII = re.compile(r"([sSbB])(10|[1-9])")
"""``s3`` (small 三), ``b10`` (big 拾): the cards written without 汉字."""


def _ascii_cards(text: str) -> Iterable[int]:
    """The cards of an ASCII notation (``s1 b10`` → 一 拾); the first thing that is no
    card is named with its position."""
    at = 0
    while at < len(text):
        if text[at].isspace():
            at += 1
            continue
        found = _ASCII.match(text, at)
        if found is None:
            raise _unknown(text, at)
        yield int(found[2]) - 1 + (RANKS if found[1] in "bB" else 0)
        at = found.end()


def _hanzi_cards(text: str) -> list[int]:
    """The cards of a notation in 汉字 (spaces ignored, 弍 / 参 read as 贰 / 叁)."""
    cards: list[int] = []
    for index, raw in enumerate(text):
        if raw.isspace():
            continue
        at = GLYPHS.find(_VARIANTS.get(raw, raw))
        if at < 0:
            raise _unknown(text, index)
        cards.append(at)
    return cards


def _unknown(text: str, index: int) -> NotationError:
    """The card at ``index`` of ``text`` is none; an ASCII character is told how cards
    are written without 汉字."""
    raw = text[index]
    zh = f"「{text}」第 {index + 1} 个字「{raw}」不是牌"
    en = f"unknown card {raw!r} at position {index + 1} in {text!r}"
    if raw.isascii():
        en += "; without 汉字, write s1…s10 for the small 一…十 and b1…b10 for the big 壹…拾"
    return NotationError(Msg("bad_card", zh, en))


def rank(c: int) -> int:
    """``0..9`` for 一/壹 … 十/拾."""
    return c % RANKS


def is_big(c: int) -> bool:
    return c >= RANKS


def card_of(rank_: int, big: bool) -> int:
    """The card of a rank (``0..9``) and size."""
    if not 0 <= rank_ < RANKS:
        raise ValueError(f"no rank {rank_}")
    return rank_ + RANKS if big else rank_


def other_size(c: int) -> int:
    """The same rank in the other size (一 ↔ 壹)."""
    return c - RANKS if c >= RANKS else c + RANKS


def is_red(c: int) -> bool:
    return c % RANKS in RED_RANKS


def card_name(c: int) -> str:
    if not 0 <= c < NUM_CARDS:
        raise ValueError(f"no card {c}")
    return GLYPHS[c]


def format_cards(cards: Iterable[int]) -> str:
    """Cards in notation, e.g. ``壹贰叁二七十``."""
    return "".join(card_name(c) for c in cards)


def parse_card(text: str) -> int:
    """One card from its 汉字 (surrounding spaces ignored)."""
    cards = parse_cards(text, check_counts=False)
    if len(cards) != 1:
        raise NotationError(Msg("bad_card", f"要一张牌，不是「{text}」",
                                f"expected one card, got {text!r}"))
    return cards[0]


def parse_cards(text: str, *, check_counts: bool = True) -> tuple[int, ...]:
    """Cards of a notation string; raises :class:`NotationError` naming the culprit.

    An unknown character is named with its position; with ``check_counts`` (the
    default) more than four of a card is an error naming that card.
    """
    if not isinstance(text, str):
        raise NotationError(Msg("bad_card", "牌要写成文字",
                                f"card notation must be text, got {type(text).__name__}"))
    cards = list(_ascii_cards(text)) if text.isascii() else _hanzi_cards(text)
    if check_counts:
        check_counts_of(cards)
    return tuple(cards)


def check_counts_of(cards: Sequence[int], what: tuple[str, str] = ("", "")) -> None:
    """Raise :class:`NotationError` when ``cards`` hold a card the deck has not, or more
    copies of one than the deck's four; ``what`` says where, in 中文 and English."""
    counts = [0] * NUM_CARDS
    try:
        for c in cards:
            counts[c] += 1
        if max(counts) <= COPIES and not any(c < 0 or c is True or c is False for c in cards):
            return
    except (IndexError, TypeError):
        pass
    for c, n in sorted(Counter(cards).items(), key=repr):
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < NUM_CARDS:
            raise NotationError(Msg("bad_card", f"{what[0]}没有 {c!r} 这张牌",
                                    f"no card {c!r}{what[1]}"))
        if n > COPIES:
            raise NotationError(Msg(
                "bad_card", f"{what[0]}「{GLYPHS[c]}」有 {n} 张，一副牌只有 {COPIES} 张",
                f"{n} × {GLYPHS[c]}{what[1]}: the deck has only {COPIES}"))


DECK: tuple[int, ...] = tuple(c for c in range(NUM_CARDS) for _ in range(COPIES))
"""The 80 cards, card-major (four 一, four 二, …, four 拾)."""
