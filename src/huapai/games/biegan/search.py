"""The scoring search of the 双别杆花牌 calculator: the best reading of a hand.

A hand is 8 units (句 / 坎 concealed; 对 / 招 / 紮 / 泛 declared) plus a 听头 of two cards
that are a pair or two of one 句; it wins with at least 17 胡 (seed 003 §4). The search
(:mod:`.shapes`) finds every shape of the concealed cards; this module scores a shape
*per face*, which is exact: a face's 胡 depends only on its 坎 count and 听头 cards, its
other cards all being in 句 (the per-face tables are :mod:`.facevalues`'). For the 精
(三 五 七, or 乙三五七九 in the 5-精 reading) the flowered cards (花, jokers included) are
shared out between that face's 坎, 句 and 听头 by trying every split. Jokers try every 精
face, and 主精 every candidate face, so the result is the true maximum over all of these
choices.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter, lshift
from typing import NamedTuple

from .bestshape import Path
from .cards import (
    FLOWER_FACES,
    JING_FACES,
    JOKER,
    NUM_CODES,
    NUM_FACES,
    card,
)
from .facevalues import (
    RED_LEADS,
    Scorer,
    assignments,
    dui_penalty,
    scorer,
    won_table,
)
from .shapes import KAN_MASK, NO_VALUE, ORDER, POSITION, TT_SHIFT
from .units import (
    Meld,
    Scoring,
    meld_value,
)

UNITS_PER_HAND = 8
"""A winning hand is 8 units + the 听头: 26 positions (zipai.md A5, A6)."""

def fen_for(hu: int, threshold: int = 17) -> int | None:
    """分 of a hand: 17 胡 is 1 分, one more every 5 胡 ("逢5進1" [S]); None below."""
    if hu < threshold:
        return None
    return (hu - threshold) // 5 + 1


# --- the search over jokers, shapes and 主精 -------------------------------------------

_SHIFT = tuple(4 * POSITION[f] for f in range(NUM_FACES))


_FLOWERED_CODES = tuple((face, card(face, True)) for face in FLOWER_FACES)


class _Holding(NamedTuple):
    """Counts of a concealed hand (and its packed form) plus declared melds.

    ``packed`` is the face counts packed 4 bits per search position, jokers left out
    (−1 if not given: then it is computed from ``counts`` when needed).
    """

    counts: tuple[int, ...]
    flowers: tuple[int, ...]
    jokers: int
    melds: tuple[Meld, ...]
    packed: int = -1


class _Choice(NamedTuple):
    """One scored way to read the hand: joker faces, shape and 主精."""

    hu: int
    assignment: tuple[int, ...]
    shape: int
    main: int | None


def holding_of(concealed: Sequence[int], melds: Sequence[Meld]) -> _Holding:
    """The counts of valid card codes ``concealed`` (see :func:`holding_of_codes`)."""
    by_code = [0] * NUM_CODES
    for code in concealed:
        by_code[code] += 1
    return holding_of_codes(by_code, melds)


def holding_of_codes(by_code: Sequence[int], melds: Sequence[Meld]) -> _Holding:
    """The holding of a concealed hand given as a count per card code."""
    counts = list(by_code[:NUM_FACES])
    flowers = [0] * NUM_FACES
    for face, code in _FLOWERED_CODES:
        n = by_code[code]
        if n:
            counts[face] += n
            flowers[face] = n
    packed = sum(map(lshift, counts, _SHIFT))
    return _Holding(tuple(counts), tuple(flowers), by_code[JOKER], tuple(melds), packed)


def _meld_parts(melds: Sequence[Meld], scoring: Scoring) -> tuple[int, list[int], list[int]]:
    """(胡 never doubled, 精 胡 per 精 face before doubling, 精 cards per 精 face) of the
    melds; with 桌面精不算主精 a 精 meld is never doubled and does not count toward 主精."""
    base = 0
    faces = scoring.jing
    jing = [0] * len(faces)
    held = [0] * len(faces)
    for meld in melds:
        j = faces.index(meld.face) if meld.face in faces else None
        value = meld_value(meld, None, scoring)
        if j is None or scoring.desk_jing_not_main:
            base += value
        else:
            jing[j] += value
            held[j] += len(meld.cards)
    return base, jing, held


def _main_candidates(held: Sequence[int], max_hu: bool) -> tuple[int, ...]:
    """精 indices that may be 主精: the most held (G6 default) or any held (max_hu)."""
    top = max(held)
    if top == 0:
        return ()
    if max_hu:
        return tuple(j for j in range(len(held)) if held[j] > 0)
    if len(held) != 3:
        return tuple(j for j in range(len(held)) if held[j] == top)
    return _MOST_HELD[(held[0] == top) | (held[1] == top) << 1 | (held[2] == top) << 2]


_MOST_HELD = tuple(tuple(j for j in range(3) if mask >> j & 1) for mask in range(8))


def _held(counts: Sequence[int], jing: tuple[int, ...], meld_held: Sequence[int]
          ) -> tuple[int, ...]:
    """Cards held of each 精 face (concealed, plus those in melds that count)."""
    if len(jing) == 3:
        return (counts[_SAN] + meld_held[0], counts[_WU] + meld_held[1],
                counts[_QI] + meld_held[2])  # fmt: skip
    return tuple(counts[face] + meld_held[j] for j, face in enumerate(jing))


_FLOWER_POSITIONS = tuple((face, POSITION[face]) for face in FLOWER_FACES)
_SHANG, _KE = RED_LEADS
_SAN, _WU, _QI = JING_FACES
_BY_POSITION = itemgetter(*ORDER)


def search(holding: _Holding, scoring: Scoring, won_face: int | None = None) -> _Choice | None:
    """The highest-胡 reading of a hand, or None when it does not decompose at all.

    With ``won_face`` the hand won on a discard of that face (a 坎 it completes is a 对).
    """
    return _search(holding, scoring, won_face, (won_face is not None,))[0]


def search_both(
    holding: _Holding, scoring: Scoring, won_face: int | None
) -> tuple[_Choice | None, _Choice | None]:
    """(best self-drawn reading, best reading won on a discard of ``won_face``)."""
    drawn, won = _search(holding, scoring, won_face, (False, True))
    return drawn, won


Values = tuple[int, int] | None
"""(胡 self-drawn, 胡 won on a discard of the card), or None: no decomposition."""


class WaitScorer:
    """Scores a hand one card short plus each candidate card, for a wait search.

    The hands differ in one card, so their shapes are listed by
    :meth:`.Structure.shapes`, whose memo they share, and each shape is scored (at its
    坎 and 听头 positions only: the tables are 0 elsewhere); the tables of the short
    hand are built once per reading of its 赖子 and patched per card.
    """

    def __init__(self, holding: _Holding, scoring: Scoring) -> None:
        self.sc = scorer(scoring)
        self.scoring = scoring
        melds = _meld_parts(holding.melds, scoring) if holding.melds else self.sc.no_melds
        self.bases: list[tuple[int, _Readings]] = []
        for assignment in assignments(holding.jokers, scoring.jing):
            counts, flowers = _with_jokers(holding.counts, holding.flowers, assignment)
            x = holding.packed + sum(1 << _SHIFT[f] for f in assignment)
            self.bases.append((x, _Readings(self.sc, -1, counts, flowers, melds)))

    def values(self, face: int, plain: bool, flowered: bool,
               discard: bool = True) -> tuple[Values, Values]:
        """The best 胡 with one more plain / one flowered card of ``face`` (the latter
        for 乙 三 五 七 九 only; None where not asked or where the hand cannot be cut).
        Without ``discard`` the 胡 won on a discard is not searched: the self-drawn 胡
        stands in for it."""
        lost = dui_penalty(face, self.scoring) if discard else 0
        one = 1 << _SHIFT[face]
        best = [[NO_VALUE, NO_VALUE], [NO_VALUE, NO_VALUE]]
        for x, base in self.bases:
            shapes = self.sc.structure.shapes(x + one, True)
            if not shapes:
                continue
            readings = base.plus(face)
            places = [_places(shape) for shape in shapes]
            for v, asked in enumerate((plain, flowered)):
                if not asked:
                    continue
                scored = readings.with_flower(face) if v else readings
                drawn = scored.max_hu(places, None, lost)
                won = scored.max_hu(places, face, lost) if lost else drawn
                best[v] = [max(best[v][0], drawn), max(best[v][1], won)]
        return tuple(  # type: ignore[return-value]
            None if b[0] == NO_VALUE else (b[0], b[1]) for b in best
        )


_Lead = tuple[int, int | None, int, Path]
"""A 主精's result for one joker reading: (胡, 主精, shape, path of the shape)."""


def _search(
    holding: _Holding, scoring: Scoring, won_face: int | None, variants: tuple[bool, ...]
) -> list[_Choice | None]:
    """The best reading for each variant (False: self-drawn, True: won on ``won_face``).

    Every joker reading is tried in turn (the first of equal 胡 kept), and within one,
    every 主精 candidate — each a search for the best shape (:mod:`.bestshape`).
    """
    sc = scorer(scoring)
    melds = _meld_parts(holding.melds, scoring) if holding.melds else sc.no_melds
    lost = dui_penalty(won_face, scoring) if won_face is not None else 0
    best: list[_Choice | None] = [None] * len(variants)
    for assignment in sc.readings[holding.jokers]:
        counts: Sequence[int] = holding.counts
        flowers: Sequence[int] = holding.flowers
        x = holding.packed if holding.packed >= 0 else sum(map(lshift, counts, _SHIFT))
        if assignment:
            counts, flowers = _with_jokers(counts, flowers, assignment)
            x += sum(1 << _SHIFT[face] for face in assignment)
        target = sc.structure.residues.target(x)
        if target < 0:
            continue
        if len(variants) == 1:  # the usual case: no per-variant memo needed
            found = _one_search(sc, x, target, counts, flowers, melds,
                                won_face if variants[0] else None, lost)  # fmt: skip
            if found is not None and (best[0] is None or found[0] > best[0].hu):
                best[0] = _Choice(found[0], assignment, found[2], found[1])
            continue
        readings = _Readings(sc, target, counts, flowers, melds)
        for v, won in enumerate(variants):
            found = readings.best(won_face if won and lost else None, lost)
            if found is None:
                break  # no shape at all: the same for every variant
            hu, main, shape, _ = found
            leader = best[v]
            if leader is None or hu > leader.hu:
                best[v] = _Choice(hu, assignment, shape, main)
    return best


def _one_search(
    sc: Scorer,
    x: int,
    target: int,
    counts: Sequence[int],
    flowers: Sequence[int],
    melds: tuple[int, list[int], list[int]],
    won_face: int | None,
    lost: int,
) -> _Lead | None:
    """:class:`_Readings` ``.best`` inlined for the usual single 主精 candidate."""
    meld_base, meld_jing, meld_held = melds
    held = ((counts[_SAN] + meld_held[0], counts[_WU] + meld_held[1],
             counts[_QI] + meld_held[2]) if sc.three
            else _held(counts, sc.jing, meld_held))  # fmt: skip
    mains = _main_candidates(held, sc.max_hu)
    if won_face is not None and (not lost or counts[won_face] not in (3, 6)):
        won_face = None  # the discard cannot have completed a 坎 of its face alone
    if len(mains) > 1 or won_face is not None:
        return _Readings(sc, target, counts, flowers, melds).best(won_face, lost)
    tables = list(sc.static)
    hu = counts[_SHANG] + counts[_KE] + meld_base + (
        meld_jing[0] + meld_jing[1] + meld_jing[2] if sc.three else sum(meld_jing))
    flower = sc.flower
    main = sc.jing[mains[0]] if mains else None
    for face, pos in _FLOWER_POSITIONS:
        n = counts[face]
        if n:
            tables[pos], rest = flower(face, n, flowers[face], face == main)
            hu += rest
    if main is not None:
        hu += meld_jing[mains[0]]
    value, shape, path = sc.best_shape.best([*_BY_POSITION(counts), 1], tables, target)
    if value <= NO_VALUE // 2:
        return None
    return hu + value, main, shape, path


def _with_jokers(
    counts: Sequence[int], flowers: Sequence[int], assignment: tuple[int, ...]
) -> tuple[list[int], list[int]]:
    """Counts and 花 counts with each 赖子 read as its face (a flowered 精)."""
    counts, flowers = list(counts), list(flowers)
    for face in assignment:
        counts[face] += 1
        flowers[face] += 1
    return counts, flowers


class _Readings:
    """The searches of one joker reading: per 主精 candidate and winning-discard face."""

    __slots__ = ("_done", "by_position", "counts", "flowers", "held", "mains", "meld_jing",
                 "resting", "sc", "tables", "target")  # fmt: skip

    def __init__(
        self,
        sc: Scorer,
        target: int,
        counts: Sequence[int],
        flowers: Sequence[int],
        melds: tuple[int, list[int], list[int]],
    ) -> None:
        self.sc, self.target, self.counts, self.flowers = sc, target, counts, flowers
        self.by_position = [*_BY_POSITION(counts), 1]  # 1: the search's end sentinel
        meld_base, self.meld_jing, meld_held = melds
        tables = list(sc.static)
        resting = counts[_SHANG] + counts[_KE] + meld_base + sum(self.meld_jing)
        flower = sc.flower
        for face, pos in _FLOWER_POSITIONS:
            n = counts[face]
            if n:
                tables[pos], rest = flower(face, n, flowers[face], False)
                resting += rest
        self.tables, self.resting = tables, resting
        self.held = _held(counts, sc.jing, meld_held)
        self.mains = _main_candidates(self.held, sc.max_hu)
        self._done: dict[int | None, _Lead | None] = {}

    def best(self, won_face: int | None, lost: int) -> _Lead | None:
        """(胡, 主精, choices) of the best 主精, or None if there is no shape.

        Equal totals go to the 主精 whose shape comes first in shape order, then to the
        first candidate (as scoring every shape with every 主精 in turn would). A 主精
        whose face scores the same wherever its cards go (say two 精 in 句 or 听头) does
        not change which shape is best, so those candidates share one search.
        """
        if won_face is not None and self.counts[won_face] not in (3, 6):
            won_face = None  # the discard cannot have completed a 坎 of its face alone
        if won_face in self._done:
            return self._done[won_face]
        if len(self.mains) < 2:  # one candidate (or none): nothing to compare
            result = self._search(self.mains[0] if self.mains else -1, won_face, lost)
            self._done[won_face] = result
            return result
        leaders: list[_Lead] = []
        shared: _Lead | None = None
        for j in self.mains or (-1,):
            face = self.sc.jing[j]
            if j < 0 or (face != won_face and (
                    not self.counts[face]
                    or self.sc.flat(face, self.counts[face], self.flowers[face]))):  # fmt: skip
                if shared is None:
                    shared = self._search(-1, won_face, lost)
                found = shared if shared is None or j < 0 else self._as_main(shared, j)
            else:
                found = self._search(j, won_face, lost)
            if found is None:
                self._done[won_face] = None
                return None
            leaders.append(found)
        top = max(leader[0] for leader in leaders)
        tied = [leader for leader in leaders if leader[0] == top]
        result = tied[0] if len(tied) == 1 else min(tied, key=lambda leader: leader[3])
        self._done[won_face] = result
        return result

    def _as_main(self, plain: _Lead, j: int) -> _Lead:
        """The plain search's result read with 主精 ``j`` (whose table is flat)."""
        face = self.sc.jing[j]
        extra = self.meld_jing[j]
        if self.counts[face]:
            extra += self.sc.flower(face, self.counts[face], self.flowers[face], False)[1]
        return plain[0] + extra, face, plain[2], plain[3]

    def _search(self, j: int, won_face: int | None, lost: int) -> _Lead | None:
        """The search with 主精 ``j`` (−1: none, no doubling)."""
        tables, hu, main = self._tables(j, won_face, lost)
        value, shape, path = self.sc.best_shape.best(list(self.by_position), tables, self.target)
        if value <= NO_VALUE // 2:
            return None
        return hu + value, main, shape, path

    def _tables(
        self, j: int, won_face: int | None, lost: int
    ) -> tuple[list[tuple[int, ...]], int, int | None]:
        """(tables, 胡 outside them, 主精) with 主精 ``j`` (−1: none)."""
        tables = self.tables
        hu = self.resting
        main = self.sc.jing[j] if j >= 0 else None
        if main is not None:
            hu += self.meld_jing[j]
            n = self.counts[main]
            if n:
                tables = list(tables)
                table, rest = self.sc.flower(main, n, self.flowers[main], True)
                tables[POSITION[main]] = table
                hu += rest - self.sc.flower(main, n, self.flowers[main], False)[1]
        if won_face is not None:
            if tables is self.tables:
                tables = list(tables)
            p = POSITION[won_face]
            tables[p] = won_table(tables[p], self.counts[won_face],
                                   lost * (2 if main == won_face else 1))  # fmt: skip
        return tables, hu, main

    def _clone(self) -> _Readings:
        other = _Readings.__new__(_Readings)
        other.sc, other.target, other.by_position = self.sc, self.target, self.by_position
        other.counts, other.flowers, other.held = self.counts, self.flowers, self.held
        other.mains, other.meld_jing, other.resting = self.mains, self.meld_jing, self.resting
        other.tables = list(self.tables)
        other._done = {}
        return other

    def _retable(self, face: int, old_count: int, old_flowers: int) -> None:
        """Update a 花 face's table and resting value from the old counts to the new."""
        old_rest = self.sc.flower(face, old_count, old_flowers, False)[1] if old_count else 0
        table, rest = self.sc.flower(face, self.counts[face], self.flowers[face], False)
        self.tables[POSITION[face]] = table
        self.resting += rest - old_rest

    def with_flower(self, face: int) -> _Readings:
        """These readings with one of the plain cards of ``face`` (a 花 face) flowered."""
        other = self._clone()
        flowers = list(self.flowers)
        flowers[face] += 1
        other.flowers = flowers
        other._retable(face, self.counts[face], self.flowers[face])
        return other

    def plus(self, face: int) -> _Readings:
        """These readings with one more plain card of ``face`` (not for :meth:`best`:
        ``by_position`` is not updated)."""
        other = self._clone()
        counts = list(self.counts)
        counts[face] += 1
        other.counts = counts
        if face in FLOWER_FACES:
            other._retable(face, self.counts[face], self.flowers[face])
        elif face in RED_LEADS:
            other.resting += 1  # 上 / 可: 1 胡 per card of their red 句
        if face in self.sc.jing:
            j = self.sc.jing.index(face)
            other.held = (*self.held[:j], self.held[j] + 1, *self.held[j + 1:])
            other.mains = _main_candidates(other.held, self.sc.max_hu)
        return other

    def max_hu(self, shapes: list[list[tuple[int, int]]], won_face: int | None, lost: int) -> int:
        """The best 胡 over shapes already listed, each given by its :func:`_places`
        (and over every 主精 candidate)."""
        if won_face is not None and self.counts[won_face] not in (3, 6):
            won_face = None
        readings = [self._tables(j, won_face, lost) for j in self.mains or (-1,)]
        best = NO_VALUE
        for places in shapes:
            for tables, hu, _ in readings:
                for p, index in places:
                    hu += tables[p][index]
                if hu > best:
                    best = hu
        return best


def _places(shape: int) -> list[tuple[int, int]]:
    """(search position, table index 3a + t) of every position with a 坎 or 听头 card."""
    places: dict[int, int] = {}
    code = shape >> TT_SHIFT
    if code:
        p, q = divmod(code - 1, 32)
        places[p] = 1
        places[q] = places.get(q, 0) + 1
    bits = shape & KAN_MASK
    while bits:
        p = ((bits & -bits).bit_length() - 1) >> 1
        kans = (bits >> (2 * p)) & 3
        bits -= kans << (2 * p)
        places[p] = places.get(p, 0) + 3 * kans
    return list(places.items())
