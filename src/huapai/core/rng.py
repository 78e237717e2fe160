"""Seeded randomness: every shuffle in huapai comes from an explicit integer seed."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence

from .protocol import IllegalAction


def shuffled(cards: Sequence[int], seed: int) -> tuple[int, ...]:
    """The cards in the order a shuffle with ``seed`` leaves them (Fisher–Yates)."""
    out = list(cards)
    seeded(seed).shuffle(out)
    return tuple(out)


def seeded(seed: int) -> random.Random:
    """The generator a deal seed shuffles with: ``random.Random(seed)``, but a negative
    seed its own stream — ``Random`` drops the sign, and −5 dealt what 5 does (a sweep over
    ``range(-N, N)`` got every deal twice: a researcher's check)."""
    return random.Random(seed if seed >= 0 else f"huapai-negative-seed:{seed}")


def checked_seed(seed: object) -> int:
    """A new deal's seed, checked: an integer (not a bool). Every family refuses the same
    way (one dealt ``"abc"`` and ``1.5`` and took ``True`` for 1, another refused them)."""
    if seed is None:
        raise IllegalAction.of("no_deal", "新开一局要给种子或整副牌",
                               "a new game needs a seed or an explicit deal")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise IllegalAction.of("bad_seed", "种子要是整数，不是 {seed!r}",
                               "a seed is an integer, got {seed!r}", seed=seed)
    return seed


def derive_seed(master: int, *path: int | str) -> int:
    """A child seed for deal ``path`` of a match seeded with ``master`` (63 bits)."""
    text = ":".join(str(p) for p in (master, *path))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def seed_commitment(seed: int) -> str:
    """The published hash of a deal seed (revealed after the game, checked by verify)."""
    return hashlib.sha256(f"huapai-seed:{seed}".encode()).hexdigest()


def reshuffled(deal: Sequence[int], movable: Sequence[int], rng: random.Random,
               keeps: Callable[[Sequence[int]], bool], tries: int) -> tuple[int, ...] | None:
    """The deal with the cards at ``movable`` shuffled among themselves, drawn again until
    ``keeps`` accepts it (a public fact unchanged) — at most ``tries`` times, else None.
    What ``permute_hidden`` hooks share: hidden cards move, what others saw stays."""
    for _ in range(tries):
        cards = [deal[i] for i in movable]
        rng.shuffle(cards)
        out = list(deal)
        for i, c in zip(movable, cards, strict=True):
            out[i] = c
        if keeps(out):
            return tuple(out)
    return None
