"""Every family's random self-play against OpenSpiel's C++ Dou Dizhu, in one run.

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/python -m bench.bench_openspiel [--decisions 60000] [--repeats 3]

Each measurement runs in a fresh interpreter pinned to one core (``bench.harness``); the
figure is the ratio of decisions per second, ours / OpenSpiel's, in the same run (issue
12 §1: the goal is ≥ 1.0× for every family). Without ``open_spiel`` installed it says so
and exits 0.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from bench.harness import pick_run, ratio_report, run_isolated_runs, spread
from bench.openspiel_peer import available

TABLES = (("xianniu", "lanzhou"), ("xianniu", "fengxiang"), ("biegan", "gongan"),
          ("xiushan", "maquefu"))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=60_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if not available():
        print("open_spiel is not installed (pip install -e '.[bench]'): nothing to compare")
        return 0
    runs = run_isolated_runs("bench.openspiel_peer:openspiel_doudizhu",
                             {"decisions": args.decisions, "seed": args.seed},
                             repeats=args.repeats)
    peer = pick_run(runs)
    print(f"peer OpenSpiel dou_dizhu: {spread(runs)}")
    for game_name, preset in TABLES:
        kwargs = {"game_name": game_name, "preset": preset, "decisions": args.decisions,
                  "seed": args.seed}
        mine = run_isolated_runs("bench.ours:selfplay", kwargs, repeats=args.repeats)
        print(f"\n== {game_name}/{preset}: {spread(mine)}\n{ratio_report(pick_run(mine), peer)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
