"""秀山 random self-play against RLCard's mahjong, in one run, as a ratio.

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/python -m bench.bench_xiushan_selfplay [--decisions 60000] [--repeats 3]

The loop and the peer are those of ``bench_biegan_selfplay`` (bench/ours.py
``selfplay``; RLCard's engine driven directly, ``game``, and its agent loop ``env.run``,
``run``). In 秀山 every discard is answered by every other seat and every 堂子头 card by
its drawer (being asked reveals nothing), so many decisions have a single legal action
(过, or a forced 碰 / 开召 / 鸡 / 哨 / 龙灯): the share is printed, and the ratio counting
only real choices.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bench import args as cli
from bench.harness import PeerResult, pick_run, ratio_report, run_isolated_runs, spread
from bench.ours import state_bytes
from huapai.core.registry import get_game

PRESETS = ("maquefu", "huangliufu", "shibafu")


def forced_share(preset: str, decisions: int, seed: int) -> float:
    """Untimed: the share of decisions with one legal action."""
    game = get_game("xiushan")
    rules = game.rules(preset)
    rng = random.Random(seed)
    state = game.new_game(rules, seed=seed)
    forced = deals = done = 0
    while done < decisions:
        if game.is_over(state):
            deals += 1
            state = game.new_game(rules, seed=seed + deals)
            continue
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        forced += len(legal) == 1
        state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])
        done += 1
    return forced / done


def main(argv: Sequence[str] | None = None) -> int:
    parser = cli.selfplay(__doc__, peer=True)
    args = parser.parse_args(argv)
    peers: dict[str, PeerResult] = {}
    for level in ("game", "run"):
        kwargs = {"decisions": args.peer_decisions, "seed": args.seed, "level": level}
        runs = run_isolated_runs("bench.peers:rlcard_mahjong", kwargs, repeats=args.repeats)
        peers[level] = pick_run(runs)
        print(f"peer RLCard mahjong [{level}]: {spread(runs)}")
    for preset in PRESETS:
        kwargs = {"game_name": "xiushan", "preset": preset, "decisions": args.decisions,
                  "seed": args.seed}
        runs = run_isolated_runs("bench.ours:selfplay", kwargs, repeats=args.repeats)
        ours = pick_run(runs)
        forced = forced_share(preset, args.decisions // 4, args.seed)
        print(f"\n== xiushan/{preset}: {spread(runs)}\n   {forced:.0%} of decisions have "
              "one legal action")
        for level, peer in peers.items():
            choices = ours.decisions_per_s * (1 - forced)
            print(f"-- against RLCard mahjong [{level}]\n{ratio_report(ours, peer)}\n"
                  f"   real choices only: {choices:,.0f}/s = "
                  f"{choices / peer.decisions_per_s:.2f}x")
    print(f"\nstate size without history: {state_bytes('xiushan', 'shibafu')} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
