"""The scoring search of the 双别杆花牌 calculator: the best reading of a hand.

A hand is 8 units (句 / 坎 concealed; 对 / 招 / 紮 / 泛 declared) plus a 听头 of two cards
that are a pair or two of one 句; it wins with at least 17 胡 (seed 003 §4). The search
(:mod:`.shapes`) finds every shape of the concealed cards; this module scores a shape
*per face*, which is exact: a face's 胡 depends only on its 坎 count and 听头 cards, its
other cards all being in 句. For the 精 (三 五 七) the flowered cards (花, jokers
included) are shared out between that face's 坎, 句 and 听头 by trying every split
(K(f) is convex, so greedy sharing is wrong). Jokers try every 精 face, and 主精 every
candidate face, so the result is the true maximum over all of these choices.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement

from .cards import (
    FACES,
    FLOWER_FACES,
    JING_FACES,
    JOKER,
    NUM_CODES,
    NUM_FACES,
    RED_FACES,
    face_of,
)
from .shapes import POSITION, TT_SHIFT, Structure
from .units import (
    K_TABLE,
    Meld,
    Scoring,
    meld_value,
    sentences,
)

UNITS_PER_HAND = 8
"""A winning hand is 8 units + the 听头: 26 positions (zipai.md A5, A6)."""

_LEAD_RED, _RED, _BLACK, _BLACK_FLOWER, _JING = range(5)


_RED_LEADS = (FACES.index("上"), FACES.index("可"))  # they lead 上大人 and 可知礼


def _face_kind(face: int) -> int:
    if face in JING_FACES:
        return _JING
    if face in FLOWER_FACES:
        return _BLACK_FLOWER
    if face in _RED_LEADS:
        return _LEAD_RED
    return _RED if face in RED_FACES else _BLACK

FACE_KIND = tuple(_face_kind(f) for f in range(NUM_FACES))
JING_INDEX = {face: i for i, face in enumerate(JING_FACES)}

_STRUCTURES: dict[bool, Structure] = {}


def structure(scoring: Scoring) -> Structure:
    """The shape search for the 句 in force (one shared memo per sentence set)."""
    found = _STRUCTURES.get(scoring.yi_er_san)
    if found is None:
        found = _STRUCTURES[scoring.yi_er_san] = Structure(sentences(scoring))
    return found


def fen_for(hu: int, threshold: int = 17) -> int | None:
    """分 of a hand: 17 胡 is 1 分, one more every 5 胡 ("逢5進1" [S]); None below."""
    if hu < threshold:
        return None
    return (hu - threshold) // 5 + 1


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
    return 2 if face in JING_FACES else 1


# --- the search over jokers, shapes and 主精 -------------------------------------------

_FACE_OF = tuple(face_of(code) for code in range(NUM_CODES))
_SHIFT = tuple(4 * POSITION[f] for f in range(NUM_FACES))


@dataclass(frozen=True, slots=True)
class _Holding:
    """Counts of a concealed hand (and its packed form) plus declared melds."""

    counts: tuple[int, ...]
    flowers: tuple[int, ...]
    jokers: int
    melds: tuple[Meld, ...]


@dataclass(frozen=True, slots=True)
class _Choice:
    """One scored way to read the hand: joker faces, shape and 主精."""

    hu: int
    assignment: tuple[int, ...]
    shape: int
    main: int | None


def holding_of(concealed: Sequence[int], melds: Sequence[Meld]) -> _Holding:
    counts = [0] * NUM_FACES
    flowers = [0] * NUM_FACES
    jokers = 0
    for code in concealed:
        if code == JOKER:
            jokers += 1
            continue
        face = _FACE_OF[code]
        counts[face] += 1
        if code != face:
            flowers[face] += 1
    return _Holding(tuple(counts), tuple(flowers), jokers, tuple(melds))


def _meld_parts(melds: Sequence[Meld], scoring: Scoring) -> tuple[int, list[int], list[int]]:
    """(non-精 胡, 精 胡 per 精 face before doubling, 精 cards per 精 face) of the melds."""
    base = 0
    jing = [0, 0, 0]
    held = [0, 0, 0]
    for meld in melds:
        j = JING_INDEX.get(meld.face)
        value = meld_value(meld, None, scoring)
        if j is None:
            base += value
        else:
            jing[j] += value
            held[j] += len(meld.cards)
    return base, jing, held


def _main_candidates(held: Sequence[int], scoring: Scoring) -> tuple[int, ...]:
    """精 indices that may be 主精: the most held (G6 default) or any held (max_hu)."""
    top = max(held)
    if top == 0:
        return ()
    if scoring.zhujing_reading == "max_hu":
        return tuple(j for j in range(3) if held[j] > 0)
    return tuple(j for j in range(3) if held[j] == top)


_TABLES: dict[Scoring, dict[tuple[int, int, int], tuple[int, ...]]] = {}


def _scored_faces(
    counts: Sequence[int], flowers: Sequence[int], scoring: Scoring
) -> list[tuple[int, tuple[int, ...], int]]:
    """(2·search position, value table, 精 index or -1) of every face that can score."""
    tables = _TABLES.get(scoring)
    if tables is None:
        tables = _TABLES[scoring] = {}
    out = []
    for face in _SCORING_CANDIDATES:
        n = counts[face]
        if not n:
            continue
        kind = FACE_KIND[face]
        if n < 3 and kind in (_RED, _BLACK):
            continue
        key = (kind, n, flowers[face])
        table = tables.get(key)
        if table is None:
            table = tables[key] = face_table(kind, n, flowers[face], scoring)
        out.append((2 * POSITION[face], table, JING_INDEX.get(face, -1)))
    return out


_SCORING_CANDIDATES = tuple(range(NUM_FACES))


def _won_kans_only(shape: int, face: int, count: int) -> bool:
    """Whether every card of ``face`` is in its 坎 (so the winning discard makes a 对)."""
    pos = POSITION[face]
    kans = (shape >> (2 * pos)) & 3
    code = shape >> TT_SHIFT
    in_tt = 0
    if code:
        p, q = divmod(code - 1, 32)
        in_tt = (pos == p) + (pos == q)
    return kans > 0 and 3 * kans == count and not in_tt


@lru_cache(maxsize=8)
def assignments(jokers: int) -> tuple[tuple[int, ...], ...]:
    """Every way to read ``jokers`` 赖子 as 精 faces (order does not matter)."""
    return tuple(combinations_with_replacement(JING_FACES, jokers))


def search(holding: _Holding, scoring: Scoring, won_face: int | None = None) -> _Choice | None:
    """The highest-胡 reading of a hand, or None when it does not decompose at all.

    With ``won_face`` the hand won on a discard of that face (a 坎 it completes is a 对).
    """
    return search_both(holding, scoring, won_face)[1]


def search_both(
    holding: _Holding, scoring: Scoring, won_face: int | None
) -> tuple[_Choice | None, _Choice | None]:
    """(best self-drawn reading, best reading won on a discard of ``won_face``)."""
    search_ = structure(scoring)
    meld_base, meld_jing, meld_held = _meld_parts(holding.melds, scoring)
    x0 = 0
    for face, n in enumerate(holding.counts):
        x0 += n << _SHIFT[face]
    best: tuple[int, int, tuple[int, ...], int, int | None] | None = None
    best_won = best
    for assignment in assignments(holding.jokers):
        x = x0
        for face in assignment:
            x += 1 << _SHIFT[face]
        shapes = search_.shapes(x, True)
        if not shapes:
            continue
        found = _best_shape(holding, assignment, shapes, scoring, won_face,
                            (meld_base, meld_jing, meld_held))  # fmt: skip
        if best is None or found[0] > best[0]:
            best = found[0], found[1], assignment, found[2], found[3]
        if best_won is None or found[4] > best_won[0]:
            best_won = found[4], found[5], assignment, found[6], found[7]
    return _choice(best), _choice(best_won)


def _choice(found: tuple[int, int, tuple[int, ...], int, int | None] | None) -> _Choice | None:
    if found is None:
        return None
    hu, _, assignment, shape, main = found
    return _Choice(hu, assignment, shape, main)


def _best_shape(
    holding: _Holding,
    assignment: tuple[int, ...],
    shapes: tuple[int, ...],
    scoring: Scoring,
    won_face: int | None,
    melds: tuple[int, list[int], list[int]],
) -> tuple[int, int, int, int | None, int, int, int, int | None]:
    """Best (胡, 0, shape, 主精) self-drawn and won on the discard, for one joker reading."""
    counts = list(holding.counts)
    flowers = list(holding.flowers)
    for face in assignment:
        counts[face] += 1
        flowers[face] += 1
    meld_base, meld_jing, meld_held = melds
    meld_total = meld_base + sum(meld_jing)
    held = [counts[f] + meld_held[j] for j, f in enumerate(JING_FACES)]
    mains = _main_candidates(held, scoring)
    scored = _scored_faces(counts, flowers, scoring)
    penalty = dui_penalty(won_face, scoring) if won_face is not None else 0
    best: tuple[int, int, int, int | None] = (-1, 0, 0, None)
    best_won = best
    won_count = counts[won_face] if won_face is not None else 0
    for shape in shapes:
        code = shape >> TT_SHIFT
        p2, q2 = (2 * ((code - 1) >> 5), 2 * ((code - 1) & 31)) if code else (-1, -1)
        total = meld_total
        jing = list(meld_jing)
        for pos2, table, j in scored:
            value = table[3 * ((shape >> pos2) & 3) + (pos2 == p2) + (pos2 == q2)]
            if j < 0:
                total += value
            else:
                jing[j] += value
                total += value
        lost = 0
        if penalty and won_face is not None and _won_kans_only(shape, won_face, won_count):
            lost = penalty
        for main, doubled in _with_mains(mains, jing):
            hu = total + doubled
            if hu > best[0]:
                best = (hu, 0, shape, main)
            hu -= lost * 2 if main == won_face else lost
            if hu > best_won[0]:
                best_won = (hu, 0, shape, main)
    return (*best, *best_won)


def _with_mains(mains: tuple[int, ...], jing: list[int]) -> list[tuple[int | None, int]]:
    """(主精 face, its doubled extra 胡) for every candidate; (None, 0) without 精."""
    if not mains:
        return [(None, 0)]
    return [(JING_FACES[j], jing[j]) for j in mains]
