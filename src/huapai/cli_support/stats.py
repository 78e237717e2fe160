"""The numbers ``simulate`` reports: means with 95% intervals, and rates of yes/no facts."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

Z95 = 1.959963984540054
"""Two-sided 95% normal quantile: the interval is mean ± Z95·s/√n (normal approximation,
good for the hundreds of deals a simulation plays; with fewer than 2 deals there is none)."""

SMALL_SAMPLE = 30
"""Below this many deals no difference is called significant (no ``*``,
``significant95/99`` false, ``small_sample`` true in the arena's and simulate's JSON): the
intervals are the normal approximation's, too narrow on a handful of deals (a t interval
over 6 deals is 30 % wider)."""


@dataclass(frozen=True, slots=True)
class Estimate:
    mean: float
    half_width: float | None

    @property
    def interval(self) -> tuple[float, float] | None:
        if self.half_width is None:
            return None
        return (self.mean - self.half_width, self.mean + self.half_width)


def estimate(values: Sequence[float]) -> Estimate:
    """Sample mean and the half width of its 95% confidence interval."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, None)
    mean = math.fsum(values) / n
    if n < 2:
        return Estimate(mean, None)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return Estimate(mean, Z95 * math.sqrt(var / n))


@dataclass(slots=True)
class Rate:
    """How often a fact held, among the deals where it applied."""

    hits: int = 0
    cases: int = 0

    def add(self, value: bool | None) -> None:
        if value is None:
            return
        self.cases += 1
        self.hits += int(value)

    @property
    def value(self) -> float | None:
        return self.hits / self.cases if self.cases else None


@dataclass(slots=True)
class Tally:
    """Everything ``simulate`` accumulates over the deals it plays."""

    seats: int
    scores: list[list[float]] = field(init=False)
    seat_rates: dict[str, list[Rate]] = field(default_factory=dict)
    deal_rates: dict[str, Rate] = field(default_factory=dict)
    decisions: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.scores = [[] for _ in range(self.seats)]

    def add_deal(self, deltas: Sequence[float], decisions: int,
                 per_seat: dict[str, Sequence[bool | None]], per_deal: dict[str, bool]) -> None:
        for seat, delta in enumerate(deltas):
            self.scores[seat].append(delta)
        self.decisions.append(decisions)
        for key, values in per_seat.items():
            rates = self.seat_rates.setdefault(key, [Rate() for _ in range(self.seats)])
            for rate, value in zip(rates, values, strict=True):
                rate.add(value)
        for key, value in per_deal.items():
            self.deal_rates.setdefault(key, Rate()).add(value)

    @property
    def deals(self) -> int:
        return len(self.decisions)

    def mean_decisions(self) -> float:
        return math.fsum(self.decisions) / len(self.decisions) if self.decisions else math.nan
