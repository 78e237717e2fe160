"""A fast necessary test for a cut: can every card of a concealed hand be in some group?

The engine asks "does this card win?" for every seat on every discard and draw; most
hands are far from complete. :func:`may_cut` answers False only when some card has no
group at all — no 坎, no 大小组合, no 联子 or 二七十 with the cards present — beyond the
one 麻雀 the count may need, so the full search (:mod:`.search`) runs only for hands that
might cut. It never says False for a hand that cuts.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .cards import RANKS


def _sequence_cover(mask: int) -> int:
    """Ranks (bits) that a 联子 or 二七十 of present ranks (``mask``) can hold."""
    out = 0
    for r in range(RANKS):
        for a, b in ((r - 2, r - 1), (r - 1, r + 1), (r + 1, r + 2)):
            if a >= 0 and b < RANKS and mask >> a & 1 and mask >> b & 1:
                out |= 1 << r
    if mask & 0b1001000010 == 0b1001000010:  # 二七十 (ranks 1, 6, 9)
        out |= 0b1001000010
    return out & mask


_COVER = tuple(_sequence_cover(m) for m in range(1 << RANKS))


def _masks(counts: Sequence[int]) -> tuple[int, int, int, int]:
    """(cards, ranks present, ranks with two or more, with three or more) of one size's
    ``RANKS`` counts."""
    total = present = twos = threes = 0
    bit = 1
    for n in counts:
        if n:
            total += n
            present |= bit
            if n >= 2:
                twos |= bit
                if n >= 3:
                    threes |= bit
        bit <<= 1
    return total, present, twos, threes


Masks = tuple[int, int, int, int, int, int, int, int]


@lru_cache(maxsize=1 << 15)
def hand_masks(counts: tuple[int, ...]) -> Masks:
    """Both sizes' masks of a hand (memoised: the engine asks about the same hand with
    every card offered to it)."""
    return (*_masks(counts[:RANKS]), *_masks(counts[RANKS:]))


def may_cut(counts: Sequence[int], jiao: bool) -> bool:
    """False when the concealed ``counts`` (20 entries) certainly do not cut."""
    return _judge(hand_masks(tuple(counts)), jiao)


def may_cut_with(counts: tuple[int, ...], card: int, jiao: bool) -> bool:
    """:func:`may_cut` of ``counts`` with one more ``card`` (without building that hand)."""
    n_s, ms, ts, hs, n_b, mb, tb, hb = hand_masks(counts)
    n = counts[card] + 1
    if card < RANKS:
        bit = 1 << card
        n_s, ms = n_s + 1, ms | bit
        ts, hs = (ts | bit if n >= 2 else ts), (hs | bit if n >= 3 else hs)
    else:
        bit = 1 << (card - RANKS)
        n_b, mb = n_b + 1, mb | bit
        tb, hb = (tb | bit if n >= 2 else tb), (hb | bit if n >= 3 else hb)
    return _judge((n_s, ms, ts, hs, n_b, mb, tb, hb), jiao)


def _judge(masks: Masks, jiao: bool) -> bool:
    n_s, ms, ts, hs, n_b, mb, tb, hb = masks
    total = n_s + n_b
    if total % 3 == 1:
        return False
    cover_s, cover_b = _COVER[ms] | hs, _COVER[mb] | hb
    if jiao:
        cover_s |= (ts & mb) | (ms & tb)
        cover_b |= (tb & ms) | (mb & ts)
    loose_s, loose_b = ms & ~cover_s, mb & ~cover_b
    if loose_s & ~ts or loose_b & ~tb:
        return False
    return (loose_s.bit_count() + loose_b.bit_count()) <= (total % 3 == 2)
