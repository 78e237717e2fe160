"""The engine's win test: cheap enough to ask on every draw and every discard.

A hand wins when it decomposes into 8 units + 听头 *and* the best reading reaches the
threshold. The decomposition test is the calculator's memoised shape search on the
packed face counts the state keeps in step (a few µs, and most hands fail it at their
first faces); only a hand that decomposes is scored in full by
:func:`.calculator.score_hand`, and that result is cached per hand. Everything here
that touches the calculator's internals (the shape search, the packed form) is in this
one module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement

from .calculator import HandResult, score_hand
from .cards import FACES, JING_FACES, JOKER, NUM_CODES, NUM_FACES, face_of
from .rules import BieganRules, scoring_of
from .search import structure
from .shapes import POSITION
from .state import Counts
from .units import Meld

SHIFT: tuple[int, ...] = tuple(4 * POSITION[f] for f in range(NUM_FACES))
"""Bit offset of each face's 4-bit count in the packed form."""
ONE: tuple[int, ...] = tuple(1 << SHIFT[face_of(c)] if c != JOKER else 0
                             for c in range(NUM_CODES))
"""What one card of each code adds to the packed face counts (a 赖子 adds nothing)."""

_JOKER_DELTAS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << (4 * POSITION[f]) for f in faces)
          for faces in combinations_with_replacement(JING_FACES, n))
    for n in range(3)
)
_CACHE_LIMIT = 50_000
_results: dict[tuple[Counts, tuple[Meld, ...], int | None, BieganRules], HandResult] = {}


def packed_of(hand: Counts) -> int:
    """The packed face counts of a hand (jokers left out)."""
    return sum(n * ONE[c] for c, n in enumerate(hand) if n)


_SHAPES: dict[BieganRules, Callable[[int, bool], tuple[int, ...]]] = {}
_CLOSED = tuple(tuple(SHIFT[FACES.index(ch)] for ch in faces)
                for faces in ("上大人", "可知礼", "孔己", "化千"))


def defects(packed: int) -> int:
    """How many of 上大人 / 可知礼 / 孔·己 / 化·千 are out of step.

    Those faces are each in exactly one 句, so in a complete hand every one of them has
    as many cards outside its 坎 as that 句 has copies — equal counts modulo 3 — unless
    the 听头 holds some of them. The 听头 is a pair or two cards of one 句, so it can
    mend at most one of these four groups: a hand with two defects cannot be complete,
    and one card more or less changes at most one group.
    """
    n = 0
    for group in _CLOSED:
        first = ((packed >> group[0]) & 15) % 3
        for shift in group[1:]:
            if ((packed >> shift) & 15) % 3 != first:
                n += 1
                break
    return n


def decomposes(rules: BieganRules, packed: int, jokers: int) -> bool:
    """Whether the concealed cards cut into 坎 / 句 + one 听头 for some joker reading."""
    if defects(packed) > 1:
        return False
    shapes = _SHAPES.get(rules)
    if shapes is None:
        shapes = _SHAPES[rules] = structure(scoring_of(rules)).shapes
    if not jokers:
        return bool(shapes(packed, True))
    return any(shapes(packed + delta, True) for delta in _JOKER_DELTAS[jokers])


def expand(hand: Counts) -> list[int]:
    """The card codes of a hand, one per card, in code order."""
    return [c for c in range(NUM_CODES) for _ in range(hand[c])]


def reading(rules: BieganRules, hand: Counts, melds: Sequence[Meld],
            won: int | None) -> HandResult:
    """The calculator's best reading of a complete hand (cached); ``won`` the claimed
    discard (in ``hand``) or None for a self-drawn hand."""
    key = (hand, tuple(melds), won, rules)
    found = _results.get(key)
    if found is None:
        found = score_hand(expand(hand), key[1], scoring_of(rules), won)
        if len(_results) >= _CACHE_LIMIT:
            _results.clear()
        _results[key] = found
    return found


def wins(rules: BieganRules, hand: Counts, packed: int, melds: Sequence[Meld],
         won: int | None) -> bool:
    """Whether the complete hand wins (≥ the 胡 threshold); cheap when it does not
    even decompose."""
    if not decomposes(rules, packed, hand[JOKER]):
        return False
    return reading(rules, hand, melds, won).wins


def faces_held(hand: Counts) -> list[int]:
    """Natural cards per face (jokers not counted)."""
    out = [0] * NUM_FACES
    for c, n in enumerate(hand):
        if n and c != JOKER:
            out[face_of(c)] += n
    return out
