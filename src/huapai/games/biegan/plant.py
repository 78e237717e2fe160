"""Ready hands built out of a pool of cards, for :mod:`.informed`.

:func:`plant` cuts a random complete hand — the seat's concealed units (坎 of three of a
face, or a 句) and a 听头 (a pair, or two faces of one 句) — out of a pool of card
counts, keeps it only if it reaches the 胡 threshold with the seat's melds (the engine's
own win test, :func:`.winning.reading`), and takes one card back out: the hand left is
waiting (听牌) on it. 赖子 are not used (they stay in the pool).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import NUM_CODES, NUM_FACES
from .rules import BieganRules
from .turn import NATURALS
from .units import SENTENCES, Meld
from .winning import reading

TRIES = 12
"""Random complete hands tried before giving up."""
KAN_SHARE = 0.35
"""How often a unit is tried as a 坎 (else a 句)."""


def plant(rules: BieganRules, size: int, melds: Sequence[Meld], pool: list[int],
          rng: random.Random) -> tuple[int, ...] | None:
    """A hand of ``size`` cards (3k + 1) out of ``pool`` (counts per code, left as it
    is) that some card completes with enough 胡 beside ``melds``; None if ``TRIES``
    random tries found none."""
    if size % 3 != 1:
        return None
    units = size // 3
    for _ in range(TRIES):
        counts = list(pool)
        hand = _complete(units, counts, rng)
        if hand is None:
            continue
        won = rng.choice([c for c in range(NUM_CODES) for _ in range(hand[c])])
        if not reading(rules, tuple(hand), tuple(melds), won).wins:
            continue
        hand[won] -= 1
        return tuple(hand)
    return None


def _complete(units: int, counts: list[int], rng: random.Random) -> list[int] | None:
    hand = [0] * NUM_CODES
    faces = _face_counts(counts)
    for _ in range(units):
        if not _unit(hand, counts, faces, rng):
            return None
    if not _head(hand, counts, faces, rng):
        return None
    return hand


def _face_counts(counts: list[int]) -> list[int]:
    return [sum(counts[c] for c in NATURALS[f]) for f in range(NUM_FACES)]


def _unit(hand: list[int], counts: list[int], faces: list[int], rng: random.Random) -> bool:
    if rng.random() < KAN_SHARE:
        kan = [f for f in range(NUM_FACES) if faces[f] >= 3]
        if kan:
            _take(rng.choice(kan), 3, hand, counts, faces, rng)
            return True
    sentences = [s for s in SENTENCES if all(faces[f] for f in s)]
    if not sentences:
        return False
    for f in rng.choice(sentences):
        _take(f, 1, hand, counts, faces, rng)
    return True


def _head(hand: list[int], counts: list[int], faces: list[int], rng: random.Random) -> bool:
    """A 听头: a pair of one face, or two faces of one 句."""
    pairs: list[tuple[int, ...]] = [(f, f) for f in range(NUM_FACES) if faces[f] >= 2]
    halves: list[tuple[int, ...]] = [(a, b) for s in SENTENCES for a in s for b in s
                                     if a < b and faces[a] and faces[b]]
    options = pairs + halves
    if not options:
        return False
    for f in rng.choice(options):
        _take(f, 1, hand, counts, faces, rng)
    return True


def _take(face: int, n: int, hand: list[int], counts: list[int], faces: list[int],
          rng: random.Random) -> None:
    """``n`` cards of ``face`` from ``counts`` into ``hand`` (花 or plain at random,
    as many as there are)."""
    for _ in range(n):
        codes = [c for c in NATURALS[face] for _ in range(counts[c])]
        code = rng.choice(codes)
        counts[code] -= 1
        hand[code] += 1
    faces[face] -= n
