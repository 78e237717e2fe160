"""What the arena makes of its deals: paired differences, rates, ratings, running curves.

For entrant ``e`` on deal ``i``: ``score`` is the mean delta of the seats ``e`` held over
all arrangements of that deal, ``field`` the mean delta of every other seat over the
same arrangements, and the paired difference ``diff = score − field``. Deals are
independent, arrangements within a deal are not (same cards): so every interval is over
the per-deal values, mean ± z·s/√n (normal approximation, as ``simulate``'s).

Rates count seat-deals: ``ahead`` (the seat's delta was positive) for every game, and
the family's own facts from its renderer's ``deal_facts`` (掀牛: 够牌, 刺; 双别杆: 胡,
自摸, 点炮, 包) — the one hook a family has for extra statistics.

Ratings: OpenSkill's Plackett–Luce model, one rated game per arrangement of each deal in
order (each entrant a team of one, scored by the mean delta of its seats).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from huapai.cli_support.stats import Z95, Rate, estimate

from .jobs import DealResult, Played, Setup

Z99 = 2.5758293035489004
"""Two-sided 99% normal quantile."""

AHEAD = "ahead"


@dataclass(slots=True)
class Curve:
    """The running mean of the paired difference and its 95% half width (Welford)."""

    n: list[int] = field(default_factory=list)
    mean: list[float] = field(default_factory=list)
    half95: list[float | None] = field(default_factory=list)
    _m: float = 0.0
    _s: float = 0.0

    def add(self, value: float) -> None:
        k = len(self.n) + 1
        delta = value - self._m
        self._m += delta / k
        self._s += delta * (value - self._m)
        self.n.append(k)
        self.mean.append(self._m)
        self.half95.append(Z95 * math.sqrt(self._s / (k - 1) / k) if k > 1 else None)


@dataclass(slots=True)
class Entrant:
    """Everything the arena gathers about one distinct bot."""

    name: str
    scores: list[float] = field(default_factory=list)
    diffs: list[float] = field(default_factory=list)
    rates: dict[str, Rate] = field(default_factory=dict)
    curve: Curve = field(default_factory=Curve)
    rating: Any = None

    def interval(self, values: Sequence[float], z: float) -> tuple[float, float] | None:
        est = estimate(values)
        if est.half_width is None:
            return None
        half = est.half_width * z / Z95
        return (est.mean - half, est.mean + half)


@dataclass(slots=True)
class Tally:
    setup: Setup
    entrants: list[Entrant] = field(init=False)
    deals: int = 0
    games: int = 0
    decisions: int = 0
    model: PlackettLuce = field(default_factory=PlackettLuce)
    #: every arrangement's deal record in order, when the setup keeps them (``--record``)
    records: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.entrants = [Entrant(name) for name in self.setup.entrants]
        for e in self.entrants:
            e.rating = self.model.rating(name=e.name)

    def add(self, result: DealResult) -> None:
        """One deal's arrangements; deals must come in index order."""
        if result.index != self.deals:
            raise ValueError(f"deal {result.index} arrived out of order (expected {self.deals})")
        self.deals += 1
        for k, entrant in enumerate(self.entrants):
            mine = [d for p in result.played for s, d in _held(p, k, True)]
            rest = [d for p in result.played for s, d in _held(p, k, False)]
            score = math.fsum(mine) / len(mine)
            entrant.scores.append(score)
            entrant.diffs.append(score - math.fsum(rest) / len(rest))
            entrant.curve.add(entrant.diffs[-1])
        for played in result.played:
            self._add_game(played)

    def _add_game(self, played: Played) -> None:
        self.games += 1
        self.decisions += played.decisions
        self.records.extend(played.record)
        for seat, (k, delta) in enumerate(zip(played.seating, played.deltas, strict=True)):
            rates = self.entrants[k].rates
            rates.setdefault(AHEAD, Rate()).add(delta > 0)
            for key, values in played.facts.items():
                rates.setdefault(key, Rate()).add(values[seat])
        teams = [[e.rating] for e in self.entrants]
        scores = [_mean_of(played, k) for k in range(len(self.entrants))]
        rated = self.model.rate(teams, scores=scores)
        for e, team in zip(self.entrants, rated, strict=True):
            e.rating = team[0]


def _held(played: Played, entrant: int, mine: bool) -> list[tuple[int, float]]:
    return [(s, d) for s, (k, d) in enumerate(zip(played.seating, played.deltas, strict=True))
            if (k == entrant) == mine]


def _mean_of(played: Played, entrant: int) -> float:
    deltas = [d for _, d in _held(played, entrant, True)]
    return math.fsum(deltas) / len(deltas)
