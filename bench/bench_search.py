"""The search bot's speed per level: searched decisions per second, per family.

    .venv/bin/python -m bench.bench_search [--decisions 6] [--levels 入门,普通,高手]

Seat 0 is the search bot, the other seats the heuristic bot; deals are dealt from
``--seed`` on until seat 0 has made ``--decisions`` real choices (more than one legal
action; a single legal action is answered without search and not counted). Prints the
decisions/s and the mean and worst seconds per decision, per game and level.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from huapai.bots.levels import LEVELS
from huapai.bots.registry import make_bot
from huapai.bots.search import BUDGETS, SearchBot
from huapai.core.registry import get_game
from huapai.core.session import decide

TABLES = (("xianniu", "lanzhou"), ("biegan", "gongan"))


def timed_decisions(game_name: str, preset: str, level: str, decisions: int,
                    seed: int) -> list[float]:
    """Seconds per real decision of the search bot at seat 0."""
    game = get_game(game_name)
    rules = game.rules(preset)
    times: list[float] = []
    while len(times) < decisions:
        bots = [SearchBot(game, rules, 0, seed, BUDGETS[level]),
                *(make_bot("heuristic", game, rules, s, s) for s in range(1, 3))]
        state = game.new_game(rules, seed=seed)
        while not game.is_over(state) and len(times) < decisions:
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            start = time.perf_counter()
            action = decide(bots[seat], game, state, seat, legal)
            if seat == 0 and len(legal) > 1:
                times.append(time.perf_counter() - start)
            state, _ = game.apply(state, seat, action)
        seed += 1
    return times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=6)
    parser.add_argument("--levels", default=",".join(LEVELS[:3]))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print("game/preset        level  rollouts  decisions/s  mean s  max s")
    for game_name, preset in TABLES:
        for level in args.levels.split(","):
            times = timed_decisions(game_name, preset, level, args.decisions, args.seed)
            print(f"{game_name}/{preset:<10} {level:<4} {BUDGETS[level].iterations:>9} "
                  f"{len(times) / sum(times):>12.2f} {sum(times) / len(times):>7.2f} "
                  f"{max(times):>6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
