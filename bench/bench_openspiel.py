"""Every family's random self-play against OpenSpiel's C++ Dou Dizhu, in one run.

    .venv/bin/pip install -e '.[bench]'
    bash scripts/build-compiled.sh        # optional: the compiled engine core as well
    .venv/bin/python -m bench.bench_openspiel [--decisions 60000] [--repeats 3]

Each measurement runs in a fresh interpreter pinned to one core (``bench.harness``); the
figure is the ratio of decisions per second, ours / OpenSpiel's, in the same run (issue
12 §1: the goal is ≥ 1.0× for every family). Every table is measured with the pure
engine (``HUAPAI_PURE=1``) and, where a compiled build is present, with the compiled one
right after it; the peer is measured before and after them all (the best run counts).
Without ``open_spiel`` installed it says so and exits 0.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from bench import args as cli
from bench.harness import PeerResult, pick_run, ratio_report, run_isolated_runs, spread
from bench.openspiel_peer import available
from huapai import native

TABLES = (("xianniu", "lanzhou"), ("xianniu", "fengxiang"), ("biegan", "gongan"),
          ("xiushan", "maquefu"))
ENGINES = {"pure": {native.PURE_ENV: "1"}, "compiled": {native.PURE_ENV: "0"}}


def built(game_name: str) -> bool:
    """Whether every compiled module of ``game_name`` is on disk (scripts/build-compiled.sh)."""
    return all(native.extension_paths(m) for m in native.MODULES[game_name])


def _peer(args: argparse.Namespace) -> list[PeerResult]:
    return run_isolated_runs("bench.openspiel_peer:openspiel_doudizhu",
                             {"decisions": args.decisions, "seed": args.seed},
                             repeats=args.repeats)


def main(argv: Sequence[str] | None = None) -> int:
    parser = cli.selfplay(__doc__)
    args = parser.parse_args(argv)
    if not available():
        print("open_spiel is not installed (pip install -e '.[bench]'): nothing to compare")
        return 0
    before = _peer(args)
    ours: dict[tuple[str, str, str], PeerResult] = {}
    for game_name, preset in TABLES:
        kwargs = {"game_name": game_name, "preset": preset, "decisions": args.decisions,
                  "seed": args.seed}
        for engine, env in ENGINES.items():
            if engine == "compiled" and not built(game_name):
                print(f"\n== {game_name}/{preset} compiled: not built "
                      "(bash scripts/build-compiled.sh)")
                continue
            runs = run_isolated_runs("bench.ours:selfplay", kwargs, repeats=args.repeats,
                                     env=env)
            ours[game_name, preset, engine] = pick_run(runs)
            print(f"\n== {game_name}/{preset} {engine}: {spread(runs)}")
    peer_runs = before + _peer(args)
    peer = pick_run(peer_runs)
    print(f"\npeer OpenSpiel dou_dizhu: {spread(peer_runs)} (before and after)")
    for (game_name, preset, engine), mine in ours.items():
        print(f"\n== {game_name}/{preset} {engine}\n{ratio_report(mine, peer)}")
    print("\n" + summary(ours, peer))
    return 0


def summary(ours: dict[tuple[str, str, str], PeerResult], peer: PeerResult) -> str:
    """One line per table: decisions/s and the ratio to the peer, pure and compiled."""
    lines = [f"{'table':<20} {'pure':>9} {'ratio':>6} {'compiled':>9} {'ratio':>6} "
             f"{'speed-up':>8}"]
    for game_name, preset in TABLES:
        pure = ours.get((game_name, preset, "pure"))
        fast = ours.get((game_name, preset, "compiled"))
        cells = [f"{game_name}/{preset:<12}"[:20].ljust(20)]
        for run in (pure, fast):
            cells.append(f"{run.decisions_per_s:>9,.0f} "
                         f"{run.decisions_per_s / peer.decisions_per_s:>5.2f}x"
                         if run is not None else f"{'—':>9} {'—':>6}")
        if pure is not None and fast is not None:
            cells.append(f"{fast.decisions_per_s / pure.decisions_per_s:>7.2f}x")
        lines.append(" ".join(cells))
    return f"peer {peer.decisions_per_s:,.0f} decisions/s\n" + "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
