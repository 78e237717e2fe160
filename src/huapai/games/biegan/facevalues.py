"""Per-face values of the 双别杆 calculator's search, and the tables built from them.

A shape of the concealed cards fixes, per face, its 坎 count and its 听头 cards; every other
card of the face is in a 句, so the face's 胡 is a function of those two numbers (and, for
the 花 faces, of how many of its cards are flowered). :func:`face_table` lists it;
:func:`jing_allocation` shares a 精 face's 花 out (K(f) is convex, so greedy sharing is
wrong); :class:`Scorer` holds one scoring's tables as the search (:mod:`.search`,
:mod:`.bestshape`) reads them. The 精 faces are the reading's (:attr:`.units.Scoring.jing`).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations_with_replacement

from .bestshape import BestShape
from .cards import FACES, FLOWER_FACES, JING_FACES, NUM_FACES, NUM_JOKERS, RED_FACES
from .shapes import POSITION, Structure
from .units import K_TABLE, Scoring, sentences

_LEAD_RED, _RED, _BLACK, _BLACK_FLOWER, _JING = range(5)


RED_LEADS = (FACES.index("上"), FACES.index("可"))  # they lead 上大人 and 可知礼


def _face_kind(face: int, jing: tuple[int, ...] = JING_FACES) -> int:
    if face in jing:
        return _JING
    if face in FLOWER_FACES:
        return _BLACK_FLOWER
    if face in RED_LEADS:
        return _LEAD_RED
    return _RED if face in RED_FACES else _BLACK

FACE_KIND = tuple(_face_kind(f) for f in range(NUM_FACES))
"""Each face's kind in the seed's 3-精 reading (:attr:`Scorer.kinds` per reading)."""

_STRUCTURES: dict[bool, Structure] = {}


def structure(scoring: Scoring) -> Structure:
    """The shape search for the 句 in force (one shared memo per sentence set)."""
    found = _STRUCTURES.get(scoring.yi_er_san)
    if found is None:
        found = _STRUCTURES[scoring.yi_er_san] = Structure(sentences(scoring))
    return found


# --- per-face values -------------------------------------------------------------------


def _splits(kans: int, flowers: int) -> Iterator[tuple[int, ...]]:
    """Non-increasing flower counts (0..3 each) for ``kans`` 坎, summing to ≤ flowers."""
    if kans == 0:
        yield ()
        return
    for first in range(min(3, flowers), -1, -1):
        for rest in _splits(kans - 1, flowers - first):
            if not rest or rest[0] <= first:
                yield (first, *rest)


@lru_cache(maxsize=8192)
def jing_allocation(
    count: int, flowers: int, kans: int, tingtou: int, tingtou_scores: bool
) -> tuple[int, tuple[int, ...], int, int]:
    """Best share-out of a 精 face's 花 (jokers included), before 主精 doubling.

    ``count`` cards of the face: ``kans`` 坎, ``tingtou`` in the 听头, the rest in 句.
    Returns (胡, flowers per 坎, flowers in 句, flowers in the 听头). 坎 K(f); each card
    in a 句 1 (+1 if 花); 听头 cards likewise when the 听头 scores (G4).
    """
    singles = count - 3 * kans - tingtou
    best: tuple[int, tuple[int, ...], int, int] | None = None
    for split in _splits(kans, flowers):
        rest = flowers - sum(split)
        if rest > singles + tingtou:
            continue
        in_runs = min(rest, singles)
        in_tt = rest - in_runs
        value = sum(K_TABLE[f] for f in split) + singles + in_runs
        if tingtou_scores:
            value += tingtou + in_tt
        if best is None or value > best[0]:
            best = (value, split, in_runs, in_tt)
    if best is None:
        raise AssertionError("no flower split")  # unreachable: 3·kans + rest = count
    return best


def _black_flower_value(
    count: int, flowers: int, kans: int, tingtou: int, scoring: Scoring
) -> int:
    """花乙 / 花九 face: 黑坎 1 each, plus 1 per 花 placed where it scores (G5)."""
    singles = count - 3 * kans - tingtou
    valued = 3 * kans if scoring.black_flower_in_sets else 0
    if scoring.black_flower_bonus:
        valued += singles + (tingtou if scoring.tingtou_scores else 0)
    return kans + min(flowers, valued)


def _face_value(
    kind: int, count: int, flowers: int, kans: int, tingtou: int, scoring: Scoring
) -> int:
    if kind == _JING:
        return jing_allocation(count, flowers, kans, tingtou, scoring.tingtou_scores)[0]
    if kind == _BLACK_FLOWER:
        return _black_flower_value(count, flowers, kans, tingtou, scoring)
    if kind == _BLACK:
        return kans
    if kind == _RED:
        return 2 * kans
    return 2 * kans + (count - 3 * kans - tingtou)  # 上 / 可 with their red 句


@lru_cache(maxsize=8192)
def face_table(kind: int, count: int, flowers: int, scoring: Scoring) -> tuple[int, ...]:
    """胡 of one face for every (坎 count a ≤ 2, 听头 cards t ≤ 2), at index 3a + t."""
    table = []
    for kans in range(3):
        for tingtou in range(3):
            ok = 3 * kans + tingtou <= count
            table.append(_face_value(kind, count, flowers, kans, tingtou, scoring) if ok else 0)
    return tuple(table)


def dui_penalty(face: int, scoring: Scoring) -> int:
    """What a 坎 loses when the winning discard makes it a 对 (before 主精 doubling)."""
    if not scoring.discard_kan_as_dui or scoring.dui_value == "kan":
        return 0
    return 2 if face in scoring.jing else 1


_NO_FACE: tuple[int, ...] = (0,) * 9

class Scorer:
    """One scoring's constant tables for the search (see :mod:`.bestshape`).

    A table holds a face's value for every (坎 count a, 听头 cards t) at ``3a + t``, less
    its *resting* value (a = t = 0: all its cards in 句) — a face whose cards all go into
    句 led by earlier faces is never visited by the search, so the resting values of all
    faces are added up front. Less that, the value of a face without 花 does not depend
    on how many cards it has (red 2a, black a, 上 / 可 −a − t), so only the 花 faces
    乙 三 五 七 九 need tables per hand.
    """

    def __init__(self, scoring: Scoring) -> None:
        self.scoring = scoring
        self.structure = structure(scoring)
        self.jing = scoring.jing
        self.three = len(self.jing) == 3
        self.readings = tuple(assignments(n, self.jing) for n in range(NUM_JOKERS + 1))
        self.kinds = tuple(_face_kind(f, self.jing) for f in range(NUM_FACES))
        self.no_melds: tuple[int, list[int], list[int]] = (0, [0] * len(self.jing),
                                                           [0] * len(self.jing))
        self.static = [_NO_FACE] * NUM_FACES
        for face in range(NUM_FACES):
            if face not in FLOWER_FACES:
                self.static[POSITION[face]] = _relative(
                    face_table(self.kinds[face], 8, 0, scoring))[0]  # fmt: skip
        self.best_shape = BestShape(self.structure)
        self.max_hu = scoring.zhujing_reading == "max_hu"
        self._flower: dict[int, tuple[tuple[int, ...], int]] = {}
        self._flat: dict[int, bool] = {}

    def flat(self, face: int, count: int, flowers: int) -> bool:
        """Whether a 精 face scores the same wherever its cards go (say two 精 in 句 or
        the 听头): its relative table is 0 at every (坎 count, 听头 cards) it allows."""
        key = (face << 8) | (count << 4) | flowers
        found = self._flat.get(key)
        if found is None:
            table = self.flower(face, count, flowers, False)[0]
            found = self._flat[key] = not any(
                table[3 * a + t] for a in range(min(2, count // 3) + 1) for t in range(3)
                if 3 * a + t <= count
            )  # fmt: skip
        return found

    def flower(
        self, face: int, count: int, flowers: int, main: bool
    ) -> tuple[tuple[int, ...], int]:
        """(relative table, resting value) of a 花 face, doubled as the 主精."""
        key = (face << 8) | (count << 4) | (flowers << 1) | main
        found = self._flower.get(key)
        if found is None:
            found = _relative(face_table(self.kinds[face], count, flowers, self.scoring),
                              2 if main else 1)  # fmt: skip
            self._flower[key] = found
        return found


def _relative(table: tuple[int, ...], factor: int = 1) -> tuple[tuple[int, ...], int]:
    return tuple((v - table[0]) * factor for v in table), table[0] * factor


_SCORERS: dict[Scoring, Scorer] = {}


_LAST: list[Scorer] = []


def scorer(scoring: Scoring) -> Scorer:
    """The tables of ``scoring`` (built once; the last one used is checked first)."""
    if _LAST and _LAST[0].scoring is scoring:
        return _LAST[0]
    found = _SCORERS.get(scoring)
    if found is None:
        found = _SCORERS[scoring] = Scorer(scoring)
    _LAST[:] = [found]
    return found


def won_table(table: tuple[int, ...], count: int, lost: int) -> tuple[int, ...]:
    """``table`` when the winning discard is of this face: with every card of the face
    in 坎 (3a = count, none in the 听头) one 坎 is a 对 and loses ``lost``."""
    if count % 3 == 0 and 3 <= count <= 6:
        index = count  # 3a + t with a = count / 3, t = 0
        table = (*table[:index], table[index] - lost, *table[index + 1 :])
    return table


@lru_cache(maxsize=16)
def assignments(jokers: int, jing: tuple[int, ...] = JING_FACES) -> tuple[tuple[int, ...], ...]:
    """Every way to read ``jokers`` 赖子 as 精 faces (order does not matter)."""
    return tuple(combinations_with_replacement(jing, jokers))
