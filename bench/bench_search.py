"""The search bot's speed: rollouts per second per family, and seconds per decision per
level.

    .venv/bin/python -m bench.bench_search [--decisions 6] [--levels 入门,普通,高手]
                                           [--rollouts 40] [--games xianniu,biegan,xiushan]
                                           [--policies fast,heuristic]
                                           [--tables xiushan/shibafu,biegan/danbiegan | all]

*Rollouts*: from ``--rollouts`` seeded fresh deals of each table, one rollout to the end
of the deal with the rollout policy at every seat — the search's inner loop
(:meth:`huapai.bots.search.Searcher._playout`); a deal starts with all its decisions
ahead, so these are the longest rollouts a search meets. Each policy of ``--policies``
(:mod:`huapai.bots.rollout`: ``fast`` the family's cheap one, ``heuristic`` the full bot)
is measured in the same run, alternating per table. ``--tables`` names the tables
(``game/preset``, comma-separated; ``all`` = every preset of ``--games``); without it, one
table per family (two for 掀牛).

*Decisions*: seat 0 is the search bot, the other seats the heuristic bot; deals are dealt
from ``--seed`` on until seat 0 has made ``--decisions`` real choices (more than one legal
action; a single legal action is answered without search and not counted). The last
column counts the decisions that took more than 2 s of CPU (the 高手 goal).

Times are CPU seconds of this process (``time.process_time``: one core, not counting the
time other programs on a shared machine take from it) and wall seconds.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from bench import args as cli
from huapai.bots import gain
from huapai.bots.levels import LEVELS
from huapai.bots.registry import make_bot
from huapai.bots.rollout import FAST
from huapai.bots.search import BUDGETS, Budget, SearchBot, Searcher
from huapai.core.registry import get_game
from huapai.core.session import decide

TABLES = (("xianniu", "lanzhou"), ("xianniu", "fengxiang"), ("biegan", "gongan"),
          ("xiushan", "maquefu"))


def rollouts_per_second(game_name: str, preset: str, count: int,
                        policy: str = FAST) -> tuple[float, float]:
    """(rollouts per CPU second, mean CPU ms per rollout) from ``count`` fresh deals."""
    game = get_game(game_name)
    rules = game.rules(preset)
    searcher = Searcher(game, rules, Budget(1), 1, policy)
    worlds = [s for s in (game.new_game(rules, seed=k) for k in range(count * 2))
              if not game.is_over(s)][:count]
    start = time.process_time()
    for world in worlds:
        seat = game.to_act(world)[0]
        searcher._playout(world, seat, game.legal_actions(world, seat)[0])
    spent = time.process_time() - start
    return len(worlds) / spent, 1000 * spent / len(worlds)


def timed_decisions(game_name: str, preset: str, level: str, decisions: int,
                    seed: int, policy: str = FAST) -> list[tuple[float, float]]:
    """(CPU seconds, wall seconds) per real decision of the search bot at seat 0."""
    game = get_game(game_name)
    rules = game.rules(preset)
    times: list[tuple[float, float]] = []
    while len(times) < decisions:
        seats = game.num_seats(rules)
        bots = [SearchBot(game, rules, 0, seed, BUDGETS[level], policy),
                *(make_bot("heuristic", game, rules, s, s) for s in range(1, seats))]
        state = game.new_game(rules, seed=seed)
        while not game.is_over(state) and len(times) < decisions:
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            cpu, wall = time.process_time(), time.perf_counter()
            action = decide(bots[seat], game, state, seat, legal)
            if seat == 0 and len(legal) > 1:
                times.append((time.process_time() - cpu, time.perf_counter() - wall))
            state, _ = game.apply(state, seat, action)
        seed += 1
    return times


def pick_tables(games: str, tables: str | None) -> list[tuple[str, str]]:
    """The ``(game, preset)`` pairs to measure; a bad name is refused by name."""
    names = games.split(",")
    if tables is None:
        return [t for t in TABLES if t[0] in names]
    if tables == "all":
        return [(g, p) for g in names for p in get_game(g).presets()]
    return gain.tables(tables)


def main(argv: Sequence[str] | None = None) -> int:
    parser = cli.parser(__doc__)
    parser.add_argument("--decisions", type=cli.count, default=6,
                        help="decisions searched per table and level")
    parser.add_argument("--levels", default=",".join(LEVELS[:3]),
                        help="search levels, comma-separated")
    parser.add_argument("--rollouts", type=cli.count, default=40, help="rollouts per decision")
    parser.add_argument("--games", default="xianniu,biegan,xiushan",
                        help="families, comma-separated")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals")
    parser.add_argument("--policies", default=f"{FAST},heuristic",
                        help="rollout policies, comma-separated")
    parser.add_argument("--tables", default=None,
                        help="game/preset pairs, comma-separated, or all (every preset of "
                             "--games); none: one preset per game")
    args = parser.parse_args(argv)
    tables = pick_tables(args.games, args.tables)
    policies = args.policies.split(",")
    print("game/preset          policy     rollouts/s (CPU)  ms/rollout")
    for game_name, preset in tables:
        for policy in policies:
            rate, ms = rollouts_per_second(game_name, preset, args.rollouts, policy)
            print(f"{game_name}/{preset:<12} {policy:<10} {rate:>17.1f} {ms:>11.1f}")
    print("\ngame/preset          policy     level  rollouts  CPU s mean  max  | "
          "wall s mean  max  | > 2 s")
    for game_name, preset in tables:
        for level in args.levels.split(","):
            for policy in policies:
                times = timed_decisions(game_name, preset, level, args.decisions, args.seed,
                                        policy)
                cpu = [c for c, _ in times]
                wall = [w for _, w in times]
                print(f"{game_name}/{preset:<12} {policy:<10} {level:<4} "
                      f"{BUDGETS[level].iterations:>9} "
                      f"{sum(cpu) / len(cpu):>11.2f} {max(cpu):>5.2f} | "
                      f"{sum(wall) / len(wall):>11.2f} {max(wall):>5.2f} | "
                      f"{sum(c > 2.0 for c in cpu):>2}/{len(cpu)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
