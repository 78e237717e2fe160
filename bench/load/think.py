"""How long a person thinks before each action: a named distribution and its mean.

``0`` (no think time), ``const:S``, ``exp:MEAN``, ``lognormal:MEAN[:SIGMA]`` (σ of the
underlying normal, 0.6 unless given; µ is chosen so that the mean is MEAN — people's
decision times are skewed like this: mostly quick, now and then a long think) and
``uniform:LOW:HIGH``; all in seconds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

Sampler = Callable[[random.Random], float]
DEFAULT_SIGMA = 0.6


@dataclass(frozen=True, slots=True)
class Think:
    spec: str
    mean: float
    sample: Sampler

    @property
    def zero(self) -> bool:
        return self.mean == 0


def parse_think(spec: str) -> Think:
    """``spec`` as a :class:`Think`; ValueError naming what is wrong."""
    name, _, rest = spec.strip().partition(":")
    args = _numbers(spec, rest)
    if name in ("0", "none") and not args:
        return Think(spec, 0.0, lambda _rng: 0.0)
    if name == "const" and len(args) == 1:
        value = args[0]
        return Think(spec, value, lambda _rng: value)
    if name == "exp" and len(args) == 1 and args[0] > 0:
        rate = 1 / args[0]
        return Think(spec, args[0], lambda rng: rng.expovariate(rate))
    if name == "lognormal" and len(args) in (1, 2) and args[0] > 0:
        sigma = args[1] if len(args) == 2 else DEFAULT_SIGMA
        mu = math.log(args[0]) - sigma * sigma / 2
        return Think(spec, args[0], lambda rng: rng.lognormvariate(mu, sigma))
    if name == "uniform" and len(args) == 2 and 0 <= args[0] <= args[1]:
        low, high = args
        return Think(spec, (low + high) / 2, lambda rng: rng.uniform(low, high))
    raise ValueError(f"think time {spec!r}: expected 0, const:S, exp:MEAN, "
                     "lognormal:MEAN[:SIGMA] or uniform:LOW:HIGH (seconds, positive means)")


def _numbers(spec: str, text: str) -> list[float]:
    if not text:
        return []
    try:
        values = [float(part) for part in text.split(":")]
    except ValueError:
        raise ValueError(f"think time {spec!r}: {text!r} are not numbers") from None
    if any(not math.isfinite(v) or v < 0 for v in values):
        raise ValueError(f"think time {spec!r}: every number must be finite and ≥ 0")
    return values
