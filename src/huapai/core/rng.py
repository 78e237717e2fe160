"""Seeded randomness: every shuffle in huapai comes from an explicit integer seed."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence


def shuffled(cards: Sequence[int], seed: int) -> tuple[int, ...]:
    """The cards in the order a shuffle with ``seed`` leaves them (Fisher–Yates)."""
    out = list(cards)
    random.Random(seed).shuffle(out)
    return tuple(out)


def derive_seed(master: int, *path: int | str) -> int:
    """A child seed for deal ``path`` of a match seeded with ``master`` (63 bits)."""
    text = ":".join(str(p) for p in (master, *path))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def seed_commitment(seed: int) -> str:
    """The published hash of a deal seed (revealed after the game, checked by verify)."""
    return hashlib.sha256(f"huapai-seed:{seed}".encode()).hexdigest()
