"""How well a family's resampled worlds predict that a discard feeds a win, no rollouts.

The family-neutral half of ``python -m huapai.games.biegan.belief`` and ``python -m
huapai.games.xiushan.calibration``. A family hands :func:`calibrate` its discard
decisions (:class:`Decision`), its ``feeds`` test ("``seat`` throwing this card now lets
another seat 胡 on it") and its samplers. For each decision the driver reads the *true*
fact for every candidate card on the real state, draws ``worlds`` worlds from each
sampler with that sampler's seeded rng, and counts the share of worlds in which the card
feeds: the *estimate*. Each (estimate, truth) pair is added to the sampler's overall
:class:`Tally` and to the one of the decision's bucket (the family's rule: stock counts,
stages of the deal).

Rng use: each sampler has its own ``random.Random``, seeded with ``derive_seed(seed,
*decision.rng_key)`` when the key changes from its last decision's. A family whose key is
the deal draws every world of a deal from one stream; one whose key is the decision
draws each decision's worlds afresh. The samplers see the same decisions, one after the
other, so adding or dropping one does not change another's figures.

Reported per tally (:meth:`Tally.to_json`): the pairs, the mean estimate, the true rate,
the Brier score, the log loss (estimates clamped to [0.001, 0.999]), the mean estimate on
the cards that fed and on those that did not (how well it tells them apart), the CPU µs
per world, and any rates the family's optional per-decision hook counts (a share of hits
out of trials, e.g. how often another seat was waiting, really and in the worlds).
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .rng import derive_seed

S = TypeVar("S")
Sampler = Callable[[S, int, random.Random], S]
"""(real state, seat, rng) -> a world consistent with what the seat sees."""
Feeds = Callable[[S, int, int], bool]
"""(state, seat, card) -> whether the seat throwing the card now lets another seat 胡."""
Extra = Callable[[S, int, Sequence[S]], Iterable[tuple[str, int, int]]]
"""(real state, seat, the worlds) -> (rate name, hits, trials) to add to the tallies."""
CLAMP = 1e-3
"""Estimates are clamped to [CLAMP, 1 - CLAMP] in the log loss."""


@dataclass(frozen=True, slots=True)
class Decision(Generic[S]):
    """One discard decision: the real state, the seat on it, the distinct cards it may
    throw, the label of the bucket it counts in, and the key of its worlds' rng."""

    state: S
    seat: int
    candidates: Sequence[int]
    bucket: str
    rng_key: tuple[int | str, ...]


@dataclass(slots=True)
class Tally:
    """Sums over (decision, candidate) pairs of one sampler (overall or in one bucket)."""

    n: int = 0
    actual: int = 0
    predicted: float = 0.0
    brier: float = 0.0
    log_loss: float = 0.0
    predicted_when_feeding: float = 0.0
    seconds: float = 0.0
    worlds: int = 0
    rates: dict[str, list[int]] = field(default_factory=dict)
    """Name -> [hits, trials] from the family's hook."""

    def add(self, p: float, y: bool) -> None:
        """One pair: the estimate ``p`` and the truth ``y``."""
        self.n += 1
        self.actual += y
        self.predicted += p
        self.brier += (p - y) ** 2
        q = min(max(p, CLAMP), 1 - CLAMP)
        self.log_loss -= math.log(q if y else 1 - q)
        if y:
            self.predicted_when_feeding += p

    def add_time(self, seconds: float, worlds: int) -> None:
        self.seconds += seconds
        self.worlds += worlds

    def add_rate(self, name: str, hits: int, trials: int) -> None:
        counts = self.rates.setdefault(name, [0, 0])
        counts[0] += hits
        counts[1] += trials

    def to_json(self) -> dict[str, Any]:
        n = max(self.n, 1)
        out: dict[str, Any] = {
            "pairs": self.n, "predicted": round(self.predicted / n, 4),
            "actual": round(self.actual / n, 4), "brier": round(self.brier / n, 5),
            "log_loss": round(self.log_loss / n, 4),
            "on_feeds": round(self.predicted_when_feeding / max(self.actual, 1), 4),
            "elsewhere": round((self.predicted - self.predicted_when_feeding)
                               / max(self.n - self.actual, 1), 4),
            "us_per_world": round(self.seconds / max(self.worlds, 1) * 1e6, 1)}
        for name, (hits, trials) in self.rates.items():
            out[name] = round(hits / max(trials, 1), 4)
        return out


@dataclass(slots=True)
class Report:
    """Every sampler's tallies on the same decisions."""

    labels: tuple[str, ...]
    """The buckets, in the order they are shown."""
    worlds: int
    decisions: int = 0
    overall: dict[str, Tally] = field(default_factory=dict)
    buckets: dict[str, dict[str, Tally]] = field(default_factory=dict)
    """Bucket label -> sampler name -> tally."""

    def tallies(self, sampler: str, label: str) -> tuple[Tally, Tally]:
        """The sampler's overall tally and its tally in bucket ``label``."""
        if label not in self.labels:
            raise ValueError(f"unknown bucket {label!r}")
        bucket = self.buckets.setdefault(label, {}).setdefault(sampler, Tally())
        return self.overall.setdefault(sampler, Tally()), bucket

    def to_json(self) -> dict[str, Any]:
        return {"decisions": self.decisions, "worlds": self.worlds,
                "samplers": {name: {"all": t.to_json(), "buckets": {
                    label: by[name].to_json() for label in self.labels
                    if name in (by := self.buckets.get(label, {}))}}
                    for name, t in self.overall.items()}}


class _Rngs:
    """Each sampler's rng, reseeded when its decisions' rng key changes."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.current: dict[str, tuple[tuple[int | str, ...], random.Random]] = {}

    def get(self, sampler: str, key: tuple[int | str, ...]) -> random.Random:
        held = self.current.get(sampler)
        if held is None or held[0] != key:
            held = (key, random.Random(derive_seed(self.seed, *key)))
            self.current[sampler] = held
        return held[1]


def calibrate(decisions: Iterable[Decision[S]], feeds: Feeds[S],
              samplers: Mapping[str, Sampler[S]], worlds: int, seed: int,
              labels: Sequence[str], extra: Extra[S] | None = None) -> Report:
    """Every sampler's estimates against the truth on the same ``decisions`` (the
    module's description)."""
    if worlds < 1:
        raise ValueError("worlds must be at least 1")
    report = Report(tuple(labels), worlds)
    rngs = _Rngs(seed)
    for d in decisions:
        truth = [feeds(d.state, d.seat, c) for c in d.candidates]
        for name, sampler in samplers.items():
            _measure(report.tallies(name, d.bucket), d, truth, sampler,
                     rngs.get(name, d.rng_key), worlds, feeds, extra)
        report.decisions += 1
    return report


def _measure(tallies: tuple[Tally, Tally], d: Decision[S], truth: Sequence[bool],
             sampler: Sampler[S], rng: random.Random, worlds: int, feeds: Feeds[S],
             extra: Extra[S] | None) -> None:
    start = time.process_time()
    sampled = [sampler(d.state, d.seat, rng) for _ in range(worlds)]
    seconds = time.process_time() - start
    for t in tallies:
        t.add_time(seconds, worlds)
    for card, y in zip(d.candidates, truth, strict=True):
        p = sum(feeds(w, d.seat, card) for w in sampled) / worlds
        for t in tallies:
            t.add(p, y)
    if extra is not None:
        for name, hits, trials in extra(d.state, d.seat, sampled):
            for t in tallies:
                t.add_rate(name, hits, trials)


COLUMNS = (("pairs", "pairs", "d"), ("predicted", "predicted", ".4f"),
           ("actual", "actual", ".4f"), ("brier", "brier", ".5f"),
           ("log_loss", "log loss", ".4f"), ("on_feeds", "on feeds", ".4f"),
           ("elsewhere", "elsewhere", ".4f"), ("us_per_world", "µs/world", ".1f"))
"""The table's columns: JSON key, header, format; the hook's rates follow."""


def table(report: Report, title: str) -> str:
    """The report as a text table: per sampler, all its pairs, then each bucket."""
    rates = list(dict.fromkeys(n for t in report.overall.values() for n in t.rates))
    columns = [*COLUMNS, *((name, name.replace("_", " "), ".4f") for name in rates)]
    widths = [max(len(header), 6) for _, header, _ in columns]
    lines = [f"{title}: {report.decisions} discard decisions, {report.worlds} worlds each",
             f"{'sampler':<10} {'where':<8} "
             + " ".join(f"{h:>{w}}" for (_, h, _), w in zip(columns, widths, strict=True))]
    for name, by in report.to_json()["samplers"].items():
        for where, row in [("all", by["all"]), *by["buckets"].items()]:
            cells = [format(row.get(key, 0), fmt) for key, _, fmt in columns]
            lines.append(f"{name:<10} {where:<8} "
                         + " ".join(f"{c:>{w}}" for c, w in zip(cells, widths, strict=True)))
    return "\n".join(lines)


def render(report: Report, title: str, meta: Mapping[str, Any], as_json: bool) -> str:
    """The command's output: :func:`table`, or one JSON object (``meta`` first)."""
    if as_json:
        return json.dumps({**meta, **report.to_json()}, ensure_ascii=False, indent=1)
    return table(report, title)
