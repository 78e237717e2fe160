"""掀牛 random self-play against RLCard's Dou Dizhu, in one run, as a ratio.

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/python -m bench.bench_xianniu [--decisions 60000] [--repeats 3]

Every measurement runs in a fresh interpreter pinned to one core. The peer is measured at
two levels (see bench/README.md): RLCard's game engine driven directly (``game``), and
RLCard's own random-agent loop ``env.run`` (``run``), which is what the ~1,700
decisions/s quoted in the issue measures. Also prints the size of one mid-deal state
without its history.
"""

from __future__ import annotations

from collections.abc import Sequence

from bench import args as cli
from bench.harness import pick_run, ratio_report, run_isolated_runs, spread
from bench.ours import state_bytes

PRESETS = ("lanzhou", "lanzhou-app", "fengxiang")


def main(argv: Sequence[str] | None = None) -> int:
    parser = cli.selfplay(__doc__)
    args = parser.parse_args(argv)
    peers = {}
    for level in ("game", "run"):
        kwargs = {"decisions": args.decisions // 3, "seed": args.seed, "level": level}
        runs = run_isolated_runs("bench.peers:rlcard_doudizhu", kwargs, repeats=args.repeats)
        peers[level] = pick_run(runs)
        print(f"peer RLCard doudizhu [{level}]: {spread(runs)}")
    for preset in PRESETS:
        kwargs2 = {"game_name": "xianniu", "preset": preset, "decisions": args.decisions,
                   "seed": args.seed}
        runs = run_isolated_runs("bench.ours:selfplay", kwargs2, repeats=args.repeats)
        ours = pick_run(runs)
        print(f"\n== xianniu/{preset}: {spread(runs)}")
        for level, peer in peers.items():
            print(f"-- against RLCard doudizhu [{level}]\n{ratio_report(ours, peer)}")
        print(f"state size without history: {state_bytes('xianniu', preset)} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
