"""双别杆 random self-play against RLCard's mahjong, in one run, as a ratio.

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/python -m bench.bench_biegan_selfplay [--decisions 60000] [--repeats 3]

Every measurement runs in a fresh interpreter pinned to one core (bench/harness.py). The
loop is the peers' (bench/ours.py ``selfplay``): the legal actions of the first seat in
``to_act``, a seeded uniform pick, ``apply``; a new deal when one ends. The peer is
measured at two levels (bench/README.md): RLCard's game engine driven directly
(``game``, the strict one) and RLCard's own random-agent loop ``env.run`` (``run``, what
the ~2,700 decisions/s of the issue measures).

What a decision is differs a little between the two games, so the figures come with the
shares that explain them: in 双别杆 every discard is answered by both other seats
(``ask="always"``: being asked reveals nothing), and most of those answers have a
single legal action (过). The ``eligible`` row asks only seats holding a claim, like
RLCard (which asks only when a pong / chow / kong is possible); its ratio counts only
real choices.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import Any

from bench import args as cli
from bench.harness import PeerResult, pick_run, ratio_report, run_isolated_runs, spread
from bench.ours import state_bytes
from huapai.core.registry import get_game

ROWS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("gongan", {}),
    ("gongan", {"ask": "eligible"}),
    ("danbiegan", {}),
)


def decision_mix(preset: str, overrides: dict[str, Any], decisions: int,
                 seed: int) -> dict[str, float]:
    """Untimed: what the decisions of a random self-play run are (shares of all)."""
    game = get_game("biegan")
    rules = game.rules(preset, **overrides)
    rng = random.Random(seed)
    state = game.new_game(rules, seed=seed)
    forced = windows = deals = done = 0
    while done < decisions:
        if game.is_over(state):
            deals += 1
            state = game.new_game(rules, seed=seed + deals)
            continue
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        forced += len(legal) == 1
        windows += state.pending is not None
        state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])
        done += 1
    return {"forced": forced / done, "window": windows / done, "per_deal": done / max(deals, 1)}


def _row(preset: str, overrides: dict[str, Any], args: argparse.Namespace,
         peers: dict[str, PeerResult]) -> None:
    kwargs = {"game_name": "biegan", "preset": preset, "decisions": args.decisions,
              "seed": args.seed, "overrides": overrides}
    runs = run_isolated_runs("bench.ours:selfplay", kwargs, repeats=args.repeats)
    ours = pick_run(runs)
    label = preset + "".join(f" {k}={v}" for k, v in overrides.items())
    mix = decision_mix(preset, overrides, args.decisions // 4, args.seed)
    print(f"\n== biegan/{label}: {spread(runs)}")
    print(f"   decisions: {mix['forced']:.0%} with one legal action, {mix['window']:.0%} "
          f"answers to a discard, {mix['per_deal']:.0f} per deal")
    for level, peer in peers.items():
        print(f"-- against RLCard mahjong [{level}]\n{ratio_report(ours, peer)}")
        choices = ours.decisions_per_s * (1 - mix["forced"])
        print(f"   real choices only (more than one legal action): {choices:,.0f}/s = "
              f"{choices / peer.decisions_per_s:.2f}x")


def main(argv: Sequence[str] | None = None) -> int:
    parser = cli.selfplay(__doc__, peer=True)
    args = parser.parse_args(argv)
    peers = {}
    for level in ("game", "run"):
        kwargs = {"decisions": args.peer_decisions, "seed": args.seed, "level": level}
        runs = run_isolated_runs("bench.peers:rlcard_mahjong", kwargs, repeats=args.repeats)
        peers[level] = pick_run(runs)
        print(f"peer RLCard mahjong [{level}]: {spread(runs)}")
    for preset, overrides in ROWS:
        _row(preset, overrides, args, peers)
    print(f"\nstate size without history: {state_bytes('biegan', 'gongan')} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
