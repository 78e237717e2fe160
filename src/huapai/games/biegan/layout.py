"""Lay a scored reading out as units: which cards (花, 素, 赖子) go into which unit.

The search (:mod:`.search`) keeps per-face numbers only; this rebuilds the 句 that a
shape implies and hands out each face's flowered cards the way the value was computed
(:func:`.search.jing_allocation` for 精). Every unit is then scored from its own cards
with :mod:`.units`, independently of the per-face arithmetic; the tests check that the
two agree.

Each face's cards are laid in one sequence — its 坎 (3 each), then one per 句 it sits
in (in 句 order), then its 听头 cards — and the units take them in that order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .cards import FLOWER_FACES, JOKER, NUM_FACES, card, face_of
from .facevalues import jing_allocation, structure
from .search import _Choice, _Holding
from .shapes import KAN_MASK, ORDER, TT_SHIFT
from .units import Meld, Scoring, Unit, meld_value, sentence_value, set_value, tingtou_value


class Layout(NamedTuple):
    units: tuple[Unit, ...]
    tingtou: tuple[int, ...]
    tingtou_jokers: tuple[int, ...]
    tingtou_hu: int


class _Places(NamedTuple):
    """How many 坎, 句 seats and 听头 seats one face fills."""

    kans: int
    runs: int
    tingtou: int


def layout(
    holding: _Holding, choice: _Choice, scoring: Scoring, won_code: int | None
) -> Layout:
    """Units and 听头 of ``choice``, each card placed and each unit scored."""
    cache = _cache(scoring)
    seats = list(holding.counts)  # per face: its cards in 句, once 坎 and 听头 are out
    for face in choice.assignment:
        seats[face] += 1
    kans = _kans(choice.shape, seats)
    tt_faces = _tingtou_faces(choice.shape, seats)
    lanes: dict[int, list[int]] = {}
    if choice.assignment or holding.flowers != _NO_FLOWERS:
        lanes = _lanes(holding, choice, cache, dict(kans), seats, tt_faces)
    main = choice.main
    mk = 0 if main is None else main + 1
    dui_face = None
    if won_code is not None:
        dui_face = _dui_face(won_code, kans, seats, tt_faces, cache.scoring)
    units = _kan_units(kans, lanes, dui_face, won_code, main, mk, cache)
    units += _run_units(list(seats), lanes, main, mk, cache)
    tt = _take_cards(tt_faces, lanes) if lanes else tt_faces
    for meld in holding.melds:
        units.append(_meld_unit(meld, None if cache.scoring.desk_jing_not_main else main,
                                cache))
    tt_key = (tt, tt_faces, main)
    tt_hu = cache.tingtou.get(tt_key)
    if tt_hu is None:
        tt_hu = cache.tingtou[tt_key] = tingtou_value(tt, tt_faces, main, cache.scoring)
    jokers = _jokers_as(tt, tt_faces) if JOKER in tt else ()
    return Layout(tuple(units), tt, jokers, tt_hu)


def _kans(shape: int, seats: list[int]) -> list[tuple[int, int]]:
    """(face, 坎 count) of ``shape``, sorted; their cards leave ``seats``."""
    kans = []
    bits = shape & KAN_MASK
    while bits:
        p = ((bits & -bits).bit_length() - 1) >> 1
        n = (bits >> (2 * p)) & 3
        bits -= n << (2 * p)
        face = ORDER[p]
        kans.append((face, n))
        seats[face] -= 3 * n
    if len(kans) > 1:
        kans.sort()
    return kans


def _tingtou_faces(shape: int, seats: list[int]) -> tuple[int, ...]:
    """The two faces of ``shape``'s 听头 (none for no code); they leave ``seats``."""
    code = shape >> TT_SHIFT
    if not code:
        return ()
    faces = (ORDER[(code - 1) >> 5], ORDER[(code - 1) & 31])
    seats[faces[0]] -= 1
    seats[faces[1]] -= 1
    return faces


def _kan_units(kans: list[tuple[int, int]], lanes: dict[int, list[int]],
               dui_face: int | None, won_code: int | None, main: int | None, mk: int,
               cache: _Cache) -> list[Unit]:
    """The 坎, each with its cards from the face's lane; the first one the winning
    discard completes counts as 对 (``dui_face``)."""
    found = cache.units
    units: list[Unit] = []
    for face, n in kans:
        lane = lanes.get(face)
        for _ in range(n):
            kan = (lane.pop(), lane.pop(), lane.pop()) if lane else (face, face, face)
            as_dui = face == dui_face and won_code in kan
            if as_dui:
                dui_face = None
            key = (((kan[0] << 10 | kan[1] << 5 | kan[2]) << 5 | face) << 5 | mk) << 2 | as_dui
            units.append(found.get(key) or _kan_unit(key, face, kan, as_dui, main, cache))
    return units


def _run_units(rest: list[int], lanes: dict[int, list[int]], main: int | None, mk: int,
               cache: _Cache) -> list[Unit]:
    """The 句: at each face in search order, the cards left outside its 坎 and the 听头
    open its led 句 (as many as it has such cards); ``rest`` is used up."""
    found = cache.units
    units: list[Unit] = []
    for face, run in cache.leads:
        n = rest[face]
        if not n:
            continue
        if run is None or n < 0:
            raise AssertionError(f"shape does not fit the hand at face {face}")
        a, b, c = run
        rest[a] -= n
        rest[b] -= n
        rest[c] -= n
        if not lanes or lanes.keys().isdisjoint(run):
            key = (((a << 10 | b << 5 | c) << 5 | a) << 5 | mk) << 2 | 2
            unit = found.get(key) or _run_unit(key, run, run, main, cache)
            units += [unit] * n
            continue
        la, lb, lc = lanes.get(a), lanes.get(b), lanes.get(c)
        for _ in range(n):
            x, y, z = (la.pop() if la else a, lb.pop() if lb else b, lc.pop() if lc else c)
            key = (((x << 10 | y << 5 | z) << 5 | a) << 5 | mk) << 2 | 2
            units.append(found.get(key) or _run_unit(key, (x, y, z), run, main, cache))
    if any(rest):
        raise AssertionError("shape leaves cards over")
    return units


_NO_FLOWERS = (0,) * NUM_FACES


def _lanes(
    holding: _Holding,
    choice: _Choice,
    cache: _Cache,
    kans: dict[int, int],
    seats: list[int],
    tt_faces: tuple[int, ...],
) -> dict[int, list[int]]:
    """The lane (reversed, to pop from the end) of each face with a 花 or a 赖子."""
    lanes = {}
    flowers = holding.flowers
    assignment = choice.assignment
    for face in FLOWER_FACES:
        jokers = assignment.count(face) if assignment else 0
        if not flowers[face] and not jokers:
            continue
        key = (face, holding.counts[face], flowers[face], jokers, kans.get(face, 0),
               seats[face], tt_faces.count(face))  # fmt: skip
        lane = cache.lanes.get(key)
        if lane is None:
            places = _Places(key[4], key[5], key[6])
            lane = cache.lanes[key] = tuple(reversed(
                _lane(face, holding, choice, places, cache.scoring)))  # fmt: skip
        lanes[face] = list(lane)
    return lanes


class _Cache:
    """Per-scoring memo of laid-out units (a unit's 胡 depends only on its cards, its
    faces and the 主精) and of each face's lane, and the 句 each face leads."""

    def __init__(self, scoring: Scoring) -> None:
        self.scoring = scoring
        self.units: dict[int, Unit] = {}
        self.meld_units: dict[tuple[object, ...], Unit] = {}
        self.lanes: dict[tuple[object, ...], tuple[int, ...]] = {}
        self.tingtou: dict[tuple[object, ...], int] = {}
        search = structure(scoring)
        self.leads = tuple((face, search.lead_sentence(face)) for face in ORDER)


_CACHES: dict[Scoring, _Cache] = {}
_CACHE_LIMIT = 100_000
_LAST: list[_Cache] = []


def _cache(scoring: Scoring) -> _Cache:
    if _LAST and _LAST[0].scoring is scoring:
        found = _LAST[0]
    else:
        found = _CACHES.get(scoring) or _CACHES.setdefault(scoring, _Cache(scoring))
        _LAST[:] = [found]
    if len(found.units) + len(found.lanes) + len(found.tingtou) > _CACHE_LIMIT:
        found.units.clear()
        found.meld_units.clear()
        found.lanes.clear()
        found.tingtou.clear()
    return found


def _lane(
    face: int, holding: _Holding, choice: _Choice, places: _Places, scoring: Scoring
) -> list[int]:
    """This face's cards in lane order (坎, then 句 seats, then 听头), 花 as planned."""
    natural_flowers = holding.flowers[face]
    jokers = choice.assignment.count(face)
    count = holding.counts[face] + jokers
    per_kan, in_runs, in_tt = _flower_plan(face, natural_flowers + jokers, count, places, scoring)
    pool = [card(face, True)] * natural_flowers + [JOKER] * jokers
    plain = [face] * (holding.counts[face] - natural_flowers)
    lane: list[int] = []
    for n_flowers in per_kan:
        lane += _take(pool, plain, n_flowers, 3)
    lane += _take(pool, plain, in_runs, places.runs)
    lane += _take(pool, plain, in_tt, places.tingtou)
    return lane


def _take(pool: list[int], plain: list[int], flowered: int, total: int) -> list[int]:
    """``flowered`` cards from the flowered pool first, the rest plain, in that order."""
    out = [pool.pop(0) for _ in range(flowered)]
    return out + [plain.pop() for _ in range(total - flowered)]


def _flower_plan(
    face: int, flowers: int, count: int, places: _Places, scoring: Scoring
) -> tuple[list[int], int, int]:
    """(花 per 坎, 花 in 句 seats, 花 in 听头) for one face, as the value was computed."""
    if face in scoring.jing:
        _, split, in_runs, in_tt = jing_allocation(
            count, flowers, places.kans, places.tingtou, scoring.tingtou_scores
        )
        return list(split), in_runs, in_tt
    if face not in FLOWER_FACES:
        return [0] * places.kans, 0, 0
    return _black_flower_plan(flowers, places, scoring)


def _black_flower_plan(
    flowers: int, places: _Places, scoring: Scoring
) -> tuple[list[int], int, int]:
    """花乙 / 花九: places where a 花 scores first (G5), then wherever cards are left."""
    bonus = scoring.black_flower_bonus
    room = {"runs": places.runs, "tt": places.tingtou, "kans": 3 * places.kans}
    valued = {"runs": bonus, "tt": bonus and scoring.tingtou_scores,
              "kans": scoring.black_flower_in_sets}  # fmt: skip
    order = sorted(room, key=lambda where: not valued[where])  # stable: valued first
    placed = dict.fromkeys(room, 0)
    left = flowers
    for where in order:
        placed[where] = min(left, room[where])
        left -= placed[where]
    per_kan = [min(3, max(0, placed["kans"] - 3 * i)) for i in range(places.kans)]
    return per_kan, placed["runs"], placed["tt"]


def _jokers_as(cards: Sequence[int], faces: Sequence[int]) -> tuple[int, ...]:
    return tuple(f for c, f in zip(cards, faces, strict=True) if c == JOKER)


def _take_cards(faces: Sequence[int], lanes: dict[int, list[int]]) -> tuple[int, ...]:
    """The next card of each face's lane (a plain card for faces without a lane)."""
    return tuple([lanes[f].pop() if f in lanes else f for f in faces])


def _kan_unit(key: int, face: int, kan: tuple[int, ...], as_dui: bool, main: int | None,
              cache: _Cache) -> Unit:  # fmt: skip
    kind = "对" if as_dui else "坎"
    flowers = sum(1 for c in kan if c == JOKER or c != face)
    value = set_value(kind, face, 3, flowers, main, cache.scoring)
    unit = cache.units[key] = Unit(kind, kan, value, as_dui, (face,) * kan.count(JOKER))
    return unit


def _run_unit(key: int, cards: tuple[int, ...], run: tuple[int, int, int], main: int | None,
              cache: _Cache) -> Unit:  # fmt: skip
    value = sentence_value(cards, run, main, cache.scoring)
    jokers = _jokers_as(cards, run) if JOKER in cards else ()
    unit = cache.units[key] = Unit("句", cards, value, False, jokers)
    return unit


def _meld_unit(meld: Meld, main: int | None, cache: _Cache) -> Unit:
    key = (meld.kind, meld.cards, main)
    unit = cache.meld_units.get(key)
    if unit is None:
        value = meld_value(meld, main, cache.scoring)
        jokers = (meld.face,) * meld.cards.count(JOKER)
        unit = cache.meld_units[key] = Unit(meld.kind, meld.cards, value, True, jokers)
    return unit


def _dui_face(
    won_code: int, kans: list[tuple[int, int]], seats: list[int],
    tt_faces: tuple[int, ...], scoring: Scoring,
) -> int | None:
    """The face whose 坎 the winning discard made a 对: all its cards in 坎 (A6 [P])."""
    if won_code == JOKER or not scoring.discard_kan_as_dui:
        return None
    face = face_of(won_code)
    if dict(kans).get(face) and not seats[face] and face not in tt_faces:
        return face
    return None
