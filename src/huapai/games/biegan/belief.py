"""How well resampled worlds predict that a discard feeds a win (点炮), measured cheaply.

``python -m huapai.games.biegan.belief --deals 50`` plays seeded heuristic self-play
deals of 双别杆 (``--preset gongan`` by default) and, at every discard decision of every
seat, compares for each card X the seat could throw the *true* fact "X lets another seat
胡 now" (read from the real state) with its *estimate*: the share of ``--worlds``
resampled worlds (``--sampler uniform``: ``resample``; ``informed``:
``resample_informed``, :mod:`.informed`) in which X lets another seat 胡. No rollouts:
this is what the search's worlds believe before any play-out.

Printed: per stock-count bucket the mean estimate, the true rate, the Brier score, the
mean estimate on the discards that did feed a win and on those that did not (how well
it tells them apart), how often another seat was really waiting and how often it was
in the worlds; the same over all; ``--json`` prints them as one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from huapai.core.rng import derive_seed
from huapai.core.session import decide

from .bot import HeuristicBot
from .game import GAME
from .informed import resample_informed, waiting
from .rules import PRESETS, BieganRules
from .sample import resample
from .state import AFTER_DUI, DISCARD0, TURN, ZHA0, State, discard_code
from .window import can_hu_on

Sampler = Callable[[State, int, random.Random], State]
BUCKETS = (0, 10, 20, 30, 40, 50, 60, 120)
"""Stock-count buckets: [0, 10), [10, 20), … (the stock starts at 36 with three seats)."""


def feeds(s: State, seat: int, code: int) -> bool:
    """Whether ``seat`` throwing ``code`` now lets another seat 胡 on it (in ``s``)."""
    return any(can_hu_on(s, p, code) for p in range(s.rules.players) if p != seat)


@dataclass(slots=True)
class Bucket:
    """Sums over (decision, candidate discard) pairs."""

    n: int = 0
    predicted: float = 0.0
    actual: int = 0
    brier: float = 0.0
    hit: float = 0.0
    seats: int = 0
    ready: int = 0
    """Other seats seen at these decisions, and how many were waiting (听牌)."""
    world_seats: int = 0
    world_ready: int = 0
    """The same in the resampled worlds."""

    def add(self, p: float, truth: bool) -> None:
        self.n += 1
        self.predicted += p
        self.actual += truth
        self.brier += (p - truth) ** 2
        self.hit += p * truth

    def to_json(self) -> dict[str, Any]:
        n = max(1, self.n)
        return {"pairs": self.n, "predicted": round(self.predicted / n, 4),
                "actual": round(self.actual / n, 4), "brier": round(self.brier / n, 4),
                "on_feeds": round(self.hit / max(1, self.actual), 4),
                "elsewhere": round((self.predicted - self.hit) / max(1, self.n - self.actual), 4),
                "ready": round(self.ready / max(1, self.seats), 4),
                "ready_in_worlds": round(self.world_ready / max(1, self.world_seats), 4)}


@dataclass(slots=True)
class Calibration:
    """The figures of one run (see the module)."""

    sampler: str
    worlds: int
    deals: int = 0
    decisions: int = 0
    seconds: float = 0.0
    resamples: int = 0
    total: Bucket = field(default_factory=Bucket)
    by_stock: dict[int, Bucket] = field(default_factory=dict)

    def bucket(self, stock: int) -> Bucket:
        low = max(b for b in BUCKETS if b <= stock)
        return self.by_stock.setdefault(low, Bucket())

    def add(self, stock: int, p: float, truth: bool) -> None:
        self.bucket(stock).add(p, truth)
        self.total.add(p, truth)

    def add_seat(self, stock: int, ready: bool, in_worlds: int, worlds: int) -> None:
        for b in (self.bucket(stock), self.total):
            b.seats += 1
            b.ready += ready
            b.world_seats += worlds
            b.world_ready += in_worlds

    def to_json(self) -> dict[str, Any]:
        per_world = self.seconds / max(1, self.resamples)
        return {"sampler": self.sampler, "worlds": self.worlds, "deals": self.deals,
                "decisions": self.decisions, "us_per_world": round(per_world * 1e6, 1),
                "all": self.total.to_json(),
                "by_stock": {f"{low}-{_high(low) - 1}": b.to_json()
                             for low, b in sorted(self.by_stock.items())}}


def _high(low: int) -> int:
    return BUCKETS[BUCKETS.index(low) + 1]


def samplers() -> dict[str, Sampler]:
    """The samplers this module compares, by name."""
    return {"uniform": resample, "informed": resample_informed}


def measure_decision(s: State, seat: int, codes: Sequence[int], sampler: Sampler,
                     worlds: int, rng: random.Random, out: Calibration) -> None:
    """Add one discard decision's (estimate, truth) pairs to ``out``."""
    hits = dict.fromkeys(codes, 0)
    start = time.process_time()
    sampled = [sampler(s, seat, rng) for _ in range(worlds)]
    out.seconds += time.process_time() - start
    out.resamples += worlds
    for world in sampled:
        for code in codes:
            hits[code] += feeds(world, seat, code)
    for code in codes:
        out.add(s.stock, hits[code] / worlds, feeds(s, seat, code))
    for p in range(s.rules.players):
        if p != seat:
            out.add_seat(s.stock, waiting(s, p), sum(waiting(w, p) for w in sampled), worlds)
    out.decisions += 1


def calibrate(rules: BieganRules, deals: int, worlds: int, sampler: str,
              seed: int = 1) -> Calibration:
    """Play ``deals`` heuristic self-play deals and measure ``sampler`` on them."""
    sample = samplers()[sampler]
    out = Calibration(sampler, worlds)
    for d in range(deals):
        state = GAME.new_game(rules, seed=derive_seed(seed, "belief-deal", d),
                              dealer=d % rules.players)
        bots = [HeuristicBot(rules, p, derive_seed(seed, "belief-bot", d, p))
                for p in range(rules.players)]
        rng = random.Random(derive_seed(seed, "belief-worlds", d))
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            legal = list(GAME.legal_actions(state, seat))
            codes = sorted({discard_code(a) for a in legal if DISCARD0 <= a < ZHA0})
            if state.phase in (TURN, AFTER_DUI) and len(codes) > 1:
                measure_decision(state, seat, codes, sample, worlds, rng, out)
            action = legal[0] if len(legal) == 1 else decide(bots[seat], GAME, state,
                                                             seat, legal)
            state, _ = GAME.apply(state, seat, action)
        out.deals += 1
    return out


def _table(c: Calibration) -> str:
    lines = [f"{c.sampler}: {c.deals} deals, {c.decisions} discard decisions, "
             f"{c.worlds} worlds each, {c.to_json()['us_per_world']} µs (CPU) per world",
             f"{'stock':>8} {'pairs':>6} {'predicted':>10} {'actual':>8} {'brier':>7} "
             f"{'on feeds':>9} {'elsewhere':>9} {'ready':>6} {'in worlds':>9}"]
    rows = [(f"{k}", v) for k, v in c.to_json()["by_stock"].items()]
    rows.append(("all", c.total.to_json()))
    for name, row in rows:
        lines.append(f"{name:>8} {row['pairs']:>6} {row['predicted']:>10.4f} "
                     f"{row['actual']:>8.4f} {row['brier']:>7.4f} {row['on_feeds']:>9.4f} "
                     f"{row['elsewhere']:>9.4f} {row['ready']:>6.3f} "
                     f"{row['ready_in_worlds']:>9.3f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m huapai.games.biegan.belief",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="gongan", choices=sorted(PRESETS))
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--worlds", type=int, default=32)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sampler", action="append", choices=("uniform", "informed"),
                        help="which samplers to measure (repeatable; default: both)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.worlds < 1:
        parser.error("--deals and --worlds must be at least 1")
    runs = [calibrate(PRESETS[args.preset], args.deals, args.worlds, name, args.seed)
            for name in args.sampler or ("uniform", "informed")]
    if args.json:
        print(json.dumps({"preset": args.preset, "runs": [r.to_json() for r in runs]},
                         ensure_ascii=False))
    else:
        print("\n\n".join(_table(r) for r in runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
