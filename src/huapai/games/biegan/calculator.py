"""双别杆花牌 hand calculator: best decomposition, 胡, 分 and the win test.

A hand is 8 units (句 / 坎 concealed; 对 / 招 / 紮 / 泛 declared) plus a 听头 of two
cards that are a pair or two of one 句, and it wins with at least 17 胡 (seed 003 §4).
:func:`best_hand` returns the reading with the most 胡 over every decomposition, every
share-out of the 花 cards, every reading of the 赖子 and every admissible 主精; the
work is in :mod:`.shapes` (structure), :mod:`.search` (scoring) and :mod:`.layout`
(placing the cards). :func:`.waits.waits` lists the cards a 25-card hand wins on.

Rule choices the references leave open are keyword arguments with the reference's
PROPOSAL defaults (see :class:`.units.Scoring` and ``docs/biegan-calculator.md``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import gt
from typing import Any, Literal, TypedDict, Unpack

from .cards import JOKER, NUM_CODES, card_name, deck_copies, face_name, face_of
from .layout import layout
from .search import _Holding, fen_for, holding_of_codes, search
from .units import Meld, Scoring, Unit, check_meld_jokers

UNITS_PER_HAND = 8
"""A winning hand is 8 units + the 听头, i.e. 26 positions (zipai.md A5, A6 [C:R1])."""


class HandError(ValueError):
    """A hand the calculator cannot take: wrong size, impossible cards, bad meld."""


@dataclass(frozen=True, slots=True)
class HandResult:
    """The best reading of a hand.

    ``hu`` is the best total even when it does not win (0 with no decomposition at all:
    then ``complete`` is False and ``units`` empty). ``fen`` is 分, None unless it wins.
    ``zhujing`` is the 主精 face used (None without any 精). ``tingtou_jokers`` are the
    faces 赖子 in the 听头 stand for.
    """

    wins: bool
    hu: int
    fen: int | None
    units: tuple[Unit, ...]
    tingtou: tuple[int, ...]
    zhujing: int | None
    complete: bool = False
    tingtou_hu: int = 0
    tingtou_jokers: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "wins": self.wins,
            "hu": self.hu,
            "fen": self.fen,
            "complete": self.complete,
            "units": [u.to_json() for u in self.units],
            "tingtou": [card_name(c) for c in self.tingtou],
            "tingtou_hu": self.tingtou_hu,
            "zhujing": None if self.zhujing is None else face_name(self.zhujing),
        }


class ScoringOptions(TypedDict, total=False):
    """The keyword options of :func:`best_hand` and :func:`.waits.waits`: the fields of
    :class:`.units.Scoring` (their defaults, the references' PROPOSALs, are its)."""

    zhujing_reading: Literal["most_cards", "max_hu"]
    tingtou_scores: bool
    dui_value: Literal["peng", "kan"]
    black_flower_bonus: bool
    black_flower_in_sets: bool
    yi_er_san: bool
    discard_kan_as_dui: bool
    threshold: int
    desk_jing_not_main: bool
    five_jing: bool
    jokers: int


@lru_cache(maxsize=256)
def scoring_of(**options: Unpack[ScoringOptions]) -> Scoring:
    """A :class:`Scoring` from the keyword options (defaults: the references' PROPOSALs).

    Interned, so equal options give the same object (cheap to use as a cache key).
    """
    return Scoring(**options)


def best_hand(
    concealed: Sequence[int],
    melds: Sequence[Meld] = (),
    *,
    won_discard: int | None = None,
    units_needed: int = UNITS_PER_HAND,
    **options: Unpack[ScoringOptions],
) -> HandResult:
    """The best reading of a complete hand (26 positions: concealed cards + melds).

    Without ``won_discard`` the hand is scored as self-drawn (自摸). With it (a card code
    in ``concealed``), the hand won on that discard (吃胡) and a 坎 it completes scores
    as 对 (``discard_kan_as_dui``). ``units_needed`` is 8 in the game; smaller values
    let tests use small hands. ``options`` are :class:`ScoringOptions`.
    """
    return score_hand(concealed, melds, scoring_of(**options), won_discard, units_needed)


def score_hand(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    scoring: Scoring,
    won_discard: int | None = None,
    units_needed: int = UNITS_PER_HAND,
) -> HandResult:
    """:func:`best_hand` with the options already in a :class:`Scoring`."""
    holding = checked_holding(concealed, melds, scoring, units_needed, complete=True)
    won_face = _won_face(concealed, won_discard)
    choice = search(holding, scoring, won_face)
    if choice is None:
        return HandResult(False, 0, None, (), (), None)
    laid = layout(holding, choice, scoring, None if won_face is None else won_discard)
    wins = choice.hu >= scoring.threshold
    fen = fen_for(choice.hu, scoring.threshold) if wins else None
    return HandResult(
        wins, choice.hu, fen, laid.units, laid.tingtou, choice.main, True,
        laid.tingtou_hu, laid.tingtou_jokers,
    )  # fmt: skip


def hand_value(
    concealed: Sequence[int],
    melds: Sequence[Meld] = (),
    scoring: Scoring | None = None,
    won_discard: int | None = None,
    units_needed: int = UNITS_PER_HAND,
) -> int | None:
    """The best 胡 of a complete hand, or None when it does not cut into units at all.

    The same search as :func:`score_hand` (so ``score_hand(...).hu`` whenever the hand
    is complete) without laying the units out: the cheap question for a win check or a
    bot. ``scoring`` defaults to the references' PROPOSALs.
    """
    scoring = scoring or _DEFAULT
    holding = checked_holding(concealed, melds, scoring, units_needed, complete=True)
    choice = search(holding, scoring, _won_face(concealed, won_discard))
    return None if choice is None else choice.hu


def can_win(
    concealed: Sequence[int],
    melds: Sequence[Meld] = (),
    scoring: Scoring | None = None,
    won_discard: int | None = None,
    units_needed: int = UNITS_PER_HAND,
) -> bool:
    """Whether a complete hand wins (:func:`hand_value` reaches the threshold)."""
    hu = hand_value(concealed, melds, scoring, won_discard, units_needed)
    return hu is not None and hu >= (scoring or _DEFAULT).threshold


def value_of_counts(
    counts: Sequence[int],
    melds: Sequence[Meld] = (),
    scoring: Scoring | None = None,
    won_discard: int | None = None,
    units_needed: int = UNITS_PER_HAND,
) -> int | None:
    """:func:`hand_value` of a hand given as a count per card code (``NUM_CODES`` long,
    as a game state keeps it) instead of a list of cards."""
    if len(counts) != NUM_CODES or any(n < 0 for n in counts):
        raise HandError(f"card counts must be {NUM_CODES} numbers ≥ 0, got {list(counts)}")
    cards = [code for code, n in enumerate(counts) for _ in range(n)]
    return hand_value(cards, melds, scoring, won_discard, units_needed)


def _won_face(concealed: Sequence[int], won_discard: int | None) -> int | None:
    """The face of the discard the hand won on (None: self-drawn, or a 赖子), which must
    be one of the hand's cards (HandError otherwise)."""
    if won_discard is not None and won_discard not in concealed:
        raise HandError(f"won discard {card_name(won_discard)} is not in the hand")
    return None if won_discard is None or won_discard == JOKER else face_of(won_discard)


_DEFAULT = scoring_of()
_VALID_CODES = frozenset(range(NUM_CODES))
_COPIES = deck_copies()  # the full deck (two 赖子): the most any reading can hold


def checked_holding(
    concealed: Sequence[int], melds: Sequence[Meld], scoring: Scoring, units_needed: int,
    *, complete: bool,
) -> _Holding:
    """:func:`read_hand`, then :func:`jokers_fit` for the melds: the checked input of
    every calculator question (a complete hand, or one waiting for a card)."""
    holding = read_hand(concealed, melds, units_needed, complete=complete)
    if melds:
        jokers_fit(melds, scoring)
    return holding


def jokers_fit(melds: Sequence[Meld], scoring: Scoring) -> None:
    """A 赖子 in a meld stands for one of the reading's 精 (HandError naming the meld)."""
    try:
        check_meld_jokers(list(melds), scoring)
    except ValueError as exc:
        raise HandError(str(exc)) from None


def read_hand(
    concealed: Sequence[int], melds: Sequence[Meld], units_needed: int, *, complete: bool
) -> _Holding:
    """:func:`check_hand` and the hand's counts, in one pass over the cards."""
    want = 3 * (units_needed - len(melds)) + (2 if complete else 1)
    if len(concealed) != want or not _VALID_CODES.issuperset(concealed):
        check_hand(concealed, melds, units_needed, complete=complete)
    by_code = [0] * NUM_CODES
    for code in concealed:
        by_code[code] += 1
    total = by_code
    if melds:
        total = list(by_code)
        for meld in melds:
            if not isinstance(meld, Meld):
                check_hand(concealed, melds, units_needed, complete=complete)
            for code in meld.cards:
                total[code] += 1
    if any(map(gt, total, _COPIES)):
        check_hand(concealed, melds, units_needed, complete=complete)
    return holding_of_codes(by_code, melds)


def check_hand(
    concealed: Sequence[int], melds: Sequence[Meld], units_needed: int, *, complete: bool
) -> None:
    """Reject impossible input: unknown codes, too many copies, or the wrong size.

    A complete hand has ``3·(units_needed − melds) + 2`` concealed cards; a hand asked
    for waits one fewer. (Per-code limits imply the per-face limit of 5.)
    """
    want = 3 * (units_needed - len(melds)) + (2 if complete else 1)
    if len(concealed) != want:
        what = "a complete hand" if complete else "a hand waiting for one card"
        raise HandError(
            f"{what} with {len(melds)} meld(s) has {want} concealed cards, got {len(concealed)}"
        )
    if not _VALID_CODES.issuperset(concealed):
        raise HandError(f"unknown card code in {list(concealed)}")
    cards = list(concealed)
    for meld in melds:
        if not isinstance(meld, Meld):
            raise HandError(f"melds must be Meld values, got {meld!r}")
        cards += meld.cards
    for code, n in Counter(cards).items():
        if n > _COPIES[code]:
            raise HandError(f"{n} × {card_name(code)}: the deck has only {_COPIES[code]}")
