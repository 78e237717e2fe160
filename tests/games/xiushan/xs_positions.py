"""Random small 秀山字牌 test positions, shared by the brute-force tests (tests only)."""

from __future__ import annotations

import random

from huapai.games.xiushan.groups import QUAD_KINDS, Kind, Meld

MELD_KINDS = (Kind.PENG, Kind.SHAO, Kind.ZHAO, Kind.JI, Kind.LONG)


def random_melds(rng: random.Random) -> tuple[list[Meld], int, bool]:
    """Up to two random laid-down groups of different kinds, how many concealed groups
    to add (at least one without melds), and whether a 麻雀 goes in (always with a 4-set)."""
    kinds = rng.sample(MELD_KINDS, rng.randrange(3))
    melds = [Meld(k, (rng.randrange(20),) * (4 if k in QUAD_KINDS else 3)) for k in kinds]
    groups = rng.randrange(0 if melds else 1, 4)
    pair = any(len(m.cards) == 4 for m in melds) or rng.random() < 0.5
    return melds, groups, pair


def size_of(hand: list[int], melds: list[Meld]) -> int:
    """``hand_size`` for a complete hand of these cards (八块: +1 per 4-set after the first)."""
    quads = sum(len(m.cards) == 4 for m in melds)
    return len(hand) + sum(len(m.cards) for m in melds) - max(0, quads - 1)
