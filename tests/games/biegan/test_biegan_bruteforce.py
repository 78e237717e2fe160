"""The calculator against an exhaustive decomposer (``biegan_brute``) on small hands.

Hands of 1–3 units + 听头 are built from random units (so most decompose) or drawn at
random from the deck; every scoring option is drawn too. Best 胡, completeness, the win
flag, the laid-out units and the waits must all agree with brute force.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import biegan_brute as brute
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from huapai.games.biegan.calculator import best_hand
from huapai.games.biegan.cards import DECK, JING_FACES, JOKER, NUM_CODES, copies_of, face_of
from huapai.games.biegan.units import SENTENCES, Meld
from huapai.games.biegan.waits import waits

SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])

OPTIONS = st.fixed_dictionaries(
    {
        "zhujing_reading": st.sampled_from(["most_cards", "max_hu"]),
        "tingtou_scores": st.booleans(),
        "dui_value": st.sampled_from(["peng", "kan"]),
        "black_flower_bonus": st.booleans(),
        "black_flower_in_sets": st.booleans(),
        "yi_er_san": st.booleans(),
        "discard_kan_as_dui": st.booleans(),
        "desk_jing_not_main": st.booleans(),
        "five_jing": st.booleans(),
    }
)


def _take(pool: dict[int, list[int]], face: int, rng: random.Random, joker_ok: bool) -> int:
    """One card of ``face`` from the pool (sometimes a joker for a 精 face)."""
    if joker_ok and face in JING_FACES and pool[JOKER] and rng.random() < 0.15:
        return pool[JOKER].pop()
    if not pool[face]:
        raise LookupError(face)
    return pool[face].pop(rng.randrange(len(pool[face])))


def _pool(rng: random.Random) -> dict[int, list[int]]:
    pool: dict[int, list[int]] = {f: [] for f in range(23)}
    for code in DECK:
        pool[face_of(code)].append(code)
    for cards in pool.values():
        rng.shuffle(cards)
    return pool


def _unit_faces(rng: random.Random) -> list[int]:
    if rng.random() < 0.4:
        return [rng.randrange(22)] * 3
    return list(rng.choice(SENTENCES))


def _tingtou_faces(rng: random.Random) -> list[int]:
    if rng.random() < 0.4:
        return [rng.randrange(22)] * 2
    return rng.sample(list(rng.choice(SENTENCES)), 2)


def _meld(pool: dict[int, list[int]], rng: random.Random) -> Meld:
    kind = rng.choice(["对", "招", "紮", "泛"])
    face = rng.choice([*JING_FACES, rng.randrange(22)])
    size = {"对": 3, "招": 4, "紮": 4, "泛": 5}[kind]
    joker_ok = kind in ("紮", "泛")
    return Meld(kind, tuple(_take(pool, face, rng, joker_ok) for _ in range(size)))


def composed_hand(seed: int, units: int, melds: int) -> tuple[list[int], list[Meld]]:
    """A hand of ``units`` units + 听头 (``melds`` of them declared), from random units."""
    rng = random.Random(seed)
    while True:
        pool = _pool(rng)
        try:
            declared = [_meld(pool, rng) for _ in range(melds)]
            faces = [f for _ in range(units - melds) for f in _unit_faces(rng)]
            faces += _tingtou_faces(rng)
            return [_take(pool, f, rng, True) for f in faces], declared
        except LookupError:
            continue


def random_hand(seed: int, units: int) -> list[int]:
    return random.Random(seed).sample(list(DECK), 3 * units + 2)


def _brute_melds(melds: list[Meld]) -> list[tuple[str, tuple[int, ...]]]:
    return [(m.kind, m.cards) for m in melds]


def _check_against_brute(hand: list[int], melds: list[Meld], units: int, opts: dict[str, Any],
                         won: int | None = None) -> None:  # fmt: skip
    expected = brute.best_hu(hand, _brute_melds(melds), won=won, **opts)
    result = best_hand(hand, melds, won_discard=won, units_needed=units, threshold=8, **opts)
    assert result.complete == (expected is not None)
    assert result.hu == (expected or 0)
    assert result.wins == (expected is not None and expected >= 8)
    if result.complete:
        assert sum(u.hu for u in result.units) + result.tingtou_hu == result.hu
        laid = [c for u in result.units for c in u.cards] + list(result.tingtou)
        assert Counter(laid) == Counter(hand + [c for m in melds for c in m.cards])


@SETTINGS
@given(st.integers(0, 2**32), st.integers(1, 3), st.integers(0, 1), OPTIONS)
def test_best_hu_matches_brute_force_on_composed_hands(
    seed: int, units: int, melds: int, opts: dict[str, Any]
) -> None:
    hand, declared = composed_hand(seed, units, min(melds, units))
    _check_against_brute(hand, declared, units, opts)


@SETTINGS
@given(st.integers(0, 2**32), st.integers(1, 3), OPTIONS)
def test_best_hu_matches_brute_force_on_random_hands(
    seed: int, units: int, opts: dict[str, Any]
) -> None:
    _check_against_brute(random_hand(seed, units), [], units, opts)


@SETTINGS
@given(st.integers(0, 2**32), st.integers(1, 3), st.integers(0, 1), OPTIONS, st.integers(0, 99))
def test_discard_win_matches_brute_force(
    seed: int, units: int, melds: int, opts: dict[str, Any], pick: int
) -> None:
    hand, declared = composed_hand(seed, units, min(melds, units))
    _check_against_brute(hand, declared, units, opts, won=hand[pick % len(hand)])


@SETTINGS
@given(st.integers(0, 2**32), st.integers(1, 3), st.integers(0, 1), OPTIONS, st.integers(0, 99))
def test_waits_match_brute_force(
    seed: int, units: int, melds: int, opts: dict[str, Any], drop: int
) -> None:
    hand, declared = composed_hand(seed, units, min(melds, units))
    hand.pop(drop % len(hand))
    listed = waits(hand, declared, units_needed=units, threshold=8, **opts)
    own = Counter(hand + [c for m in declared for c in m.cards])
    expected: dict[int, tuple[int, int | None]] = {}
    for code in range(NUM_CODES):
        if own[code] >= copies_of(code) and code not in JING_FACES_FLOWERED:
            continue
        drawn = brute.best_hu([*hand, code], _brute_melds(declared), **opts)
        won = brute.best_hu([*hand, code], _brute_melds(declared), won=code, **opts)
        if drawn is not None and won is not None:
            expected[code] = (drawn, won)
    _compare_waits(listed, expected, own)


JING_FACES_FLOWERED = frozenset(range(23, NUM_CODES))
"""Flowered codes are scored even when all their copies are held (a 赖子 may play them
in either 精 reading); the comparison then skips them as not drawable."""


def _compare_waits(listed: Any, expected: dict[int, tuple[int, int | None]],
                   own: Counter[int]) -> None:  # fmt: skip
    """Every listed wait has brute force's 胡, and every winning card is listed."""
    from huapai.games.biegan.cards import card

    def drawable(code: int) -> bool:
        return own[code] < copies_of(code)

    for w in listed:
        code = JOKER if w.face == JOKER else card(w.face, w.flowered)
        assert drawable(code)
        assert w.hu >= 8 and (w.hu, w.hu_discard) == expected[code]
    listed_codes = {JOKER if w.face == JOKER else card(w.face, w.flowered) for w in listed}
    for code, (drawn, _) in expected.items():
        if drawn < 8 or not drawable(code):
            continue
        face = face_of(code)
        plain_listed = card(face) in listed_codes if face != JOKER else False
        assert code in listed_codes or (plain_listed and expected[card(face)][0] >= drawn), code
