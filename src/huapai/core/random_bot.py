"""The uniform random bot: the baseline every game gets for free.

It lives in core (it needs nothing but the legal list) so an engine can measure its own
bots against it; :mod:`huapai.bots` offers it as ``random`` for every family.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator.

    It never looks at the observation, so it cannot peek at anything; it is the
    reference opponent for tests, benchmarks and RL baselines.
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def act(self, observation: Any, legal: Sequence[int]) -> int:
        if not legal:
            raise ValueError("RandomBot was asked to act with no legal action")
        return legal[self._rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"
