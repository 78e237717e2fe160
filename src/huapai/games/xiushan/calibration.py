"""How well resampled worlds predict that a discard feeds a win (放炮), no rollouts.

Seeded deals of heuristic self-play; at every discard decision of every seat, for each
card X it may throw: the *true* fact "X lets another seat 胡 now" (on the real state)
against its *estimate*, the share of ``samples`` resampled worlds (from that seat's
information only) in which X lets another seat 胡. A well-calibrated sampler has the
mean estimate equal to the true feed rate, overall and by stock count.

``python -m huapai.games.xiushan.calibration --preset shibafu --deals 50 --samples 32``
prints both samplers' figures (``--json`` for the numbers).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from huapai.core.rng import derive_seed
from huapai.core.session import decide

from .belief import DEFAULT_BELIEF, BeliefParams, resample_informed
from .bot import make_heuristic
from .flow import apply, legal
from .game import GAME
from .moves import dealt_sizes
from .sample import resample
from .state import DISCARD0, HU, TURN, State

Sampler = Callable[[State, int, random.Random], State]
BUCKETS = ((2 / 3, "early"), (1 / 3, "middle"), (0.0, "late"))
"""By the share of the dealt stock still to draw: above ⅔, above ⅓, the rest."""


def feeds(s: State, seat: int, card: int) -> bool:
    """Whether ``seat`` throwing ``card`` lets another seat 胡 on it now."""
    t, _ = apply(s, seat, DISCARD0 + card)
    return any(HU in legal(t, p) for p in t.waiting)


def decisions(preset: str, deals: int, seed: int) -> Iterator[tuple[State, int, list[int]]]:
    """Every discard decision (a real choice, no 报子 owed) of seeded heuristic deals:
    (state, seat, the distinct cards it may throw)."""
    rules = GAME.rules(preset)
    n = rules.num_seats
    for d in range(deals):
        bots = [make_heuristic(GAME, rules, p, derive_seed(seed, "bot", d, p))
                for p in range(n)]
        state = GAME.new_game(rules, seed=derive_seed(seed, "deal", d), dealer=d % n)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            actions = list(GAME.legal_actions(state, seat))
            cards = [a - DISCARD0 for a in actions if a >= DISCARD0]
            if state.phase == TURN and not state.owed and len(cards) > 1:
                yield state, seat, cards
            state, _ = GAME.apply(state, seat, decide(bots[seat], GAME, state, seat, actions))


@dataclass(slots=True)
class Tally:
    """Predictions against outcomes for one sampler (and one stock bucket)."""

    n: int = 0
    actual: float = 0.0
    predicted: float = 0.0
    brier: float = 0.0
    log_loss: float = 0.0
    feeding: int = 0
    predicted_when_feeding: float = 0.0
    seconds: float = 0.0
    worlds: int = 0

    def add(self, p: float, y: bool) -> None:
        self.n += 1
        self.actual += y
        self.predicted += p
        self.brier += (p - y) ** 2
        q = min(max(p, 1e-3), 1 - 1e-3)
        self.log_loss -= math.log(q if y else 1 - q)
        if y:
            self.feeding += 1
            self.predicted_when_feeding += p

    def to_json(self) -> dict[str, Any]:
        n = max(self.n, 1)
        return {"candidates": self.n, "actual": round(self.actual / n, 4),
                "predicted": round(self.predicted / n, 4),
                "brier": round(self.brier / n, 5), "log_loss": round(self.log_loss / n, 4),
                "predicted_when_feeding": round(
                    self.predicted_when_feeding / max(self.feeding, 1), 4)}


@dataclass(slots=True)
class Report:
    overall: dict[str, Tally] = field(default_factory=dict)
    buckets: dict[str, dict[str, Tally]] = field(default_factory=dict)
    decisions: int = 0

    def tally(self, name: str, left: float) -> tuple[Tally, Tally]:
        label = next(text for low, text in BUCKETS if left > low or low == 0)
        bucket = self.buckets.setdefault(label, {}).setdefault(name, Tally())
        return self.overall.setdefault(name, Tally()), bucket

    def to_json(self) -> dict[str, Any]:
        return {"decisions": self.decisions,
                "overall": {k: v.to_json() | {"us_per_world": round(
                    v.seconds / max(v.worlds, 1) * 1e6, 1)} for k, v in self.overall.items()},
                "buckets": {label: {k: v.to_json() for k, v in by.items()}
                            for _, label in BUCKETS if (by := self.buckets.get(label))}}


def calibrate(preset: str, deals: int, seed: int, samples: int,
              samplers: dict[str, Sampler]) -> Report:
    """Every sampler's estimates on the same decisions (:func:`decisions`)."""
    report = Report()
    for k, (state, seat, cards) in enumerate(decisions(preset, deals, seed)):
        report.decisions += 1
        truth = {c: feeds(state, seat, c) for c in cards}
        for name, sampler in samplers.items():
            rng = random.Random(derive_seed(seed, "worlds", k))
            start = time.process_time()
            worlds = [sampler(state, seat, rng) for _ in range(samples)]
            overall, bucket = report.tally(name, state.stock / _dealt_stock(state))
            overall.seconds += time.process_time() - start
            overall.worlds += samples
            for c in cards:
                p = sum(feeds(w, seat, c) for w in worlds) / samples
                overall.add(p, truth[c])
                bucket.add(p, truth[c])
    return report


def _dealt_stock(s: State) -> int:
    return s.stock_end - sum(dealt_sizes(s.rules))


def _informed(params: BeliefParams) -> Sampler:
    def sample(s: State, seat: int, rng: random.Random) -> State:
        return resample_informed(s, seat, rng, params)
    return sample


def _table(report: Report) -> str:
    lines = [f"{report.decisions} discard decisions",
             f"{'sampler':<12} {'where':<8} {'cands':>6} {'actual':>7} {'pred':>7} "
             f"{'p|feed':>7} {'brier':>8} {'logloss':>8}"]
    rows = [("all", report.overall)] + [(label, report.buckets.get(label, {}))
                                        for _, label in BUCKETS]
    for where, by in rows:
        for name, t in by.items():
            j = t.to_json()
            lines.append(f"{name:<12} {where:<8} {j['candidates']:>6} {j['actual']:>7.4f} "
                         f"{j['predicted']:>7.4f} {j['predicted_when_feeding']:>7.4f} "
                         f"{j['brier']:>8.5f} {j['log_loss']:>8.4f}")
    for name, t in report.overall.items():
        lines.append(f"{name}: {t.seconds / max(t.worlds, 1) * 1e6:.0f} µs per world")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m huapai.games.xiushan.calibration",
                                     description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--preset", default="shibafu")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--samples", type=int, default=32)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=DEFAULT_BELIEF.worlds,
                        help="uniform worlds per informed one")
    parser.add_argument("--temperature", type=float, default=DEFAULT_BELIEF.temperature)
    parser.add_argument("--turns", type=float, default=DEFAULT_BELIEF.turns,
                        help="pseudo-turns per discard thrown (0: none; default: by the "
                             "rules' hand size)")
    parser.add_argument("--depth", type=int, default=DEFAULT_BELIEF.depth)
    parser.add_argument("--decay", type=float, default=DEFAULT_BELIEF.decay)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.samples < 1:
        parser.error("--deals and --samples must be at least 1")
    params = BeliefParams(worlds=args.worlds, temperature=args.temperature, depth=args.depth,
                          decay=args.decay, turns=args.turns)
    report = calibrate(args.preset, args.deals, args.seed, args.samples,
                       {"uniform": resample, "informed": _informed(params)})
    print(json.dumps(report.to_json(), ensure_ascii=False, indent=1) if args.json
          else _table(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
