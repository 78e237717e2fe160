"""RLCard random self-play peers: Dou Dizhu (vs our 掀牛) and mahjong (vs our 双别杆).

Each peer plays seeded random self-play for a requested number of *decisions*
and returns a :class:`~bench.harness.PeerResult`.  One decision is: get the
current player's legal actions, pick one uniformly at random, step the game.
When a game ends it is counted and a new one is dealt (the deal is timed: it is
part of self-play).  Constructing the game/env, importing RLCard and loading its
action tables are one-time setup and are *not* timed.

Three levels of RLCard's API can be measured (see ``bench/README.md``):

``"game"`` (default)
    RLCard's game engine directly (``DoudizhuGame`` / ``MahjongGame``):
    ``init_game``, legal actions, ``step``, ``is_over``.  The same work our own
    engine benchmark does, and the fastest (hence strictest) RLCard figure.
``"env"``
    ``rlcard.make(...)`` and ``env.step(action_id)``: adds RLCard's per-step
    observation encoding (what an RL training loop pays).
``"run"``
    ``env.run(is_training=False)`` with one ``RandomAgent`` per seat -- RLCard's
    own "random agents" example.  Whole games only, so ``decisions`` is a lower
    bound; the agent draws from NumPy's global RNG, which is re-seeded.

Run ``python -m bench.peers --help`` for the command line.
"""

from __future__ import annotations

import argparse
import functools
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Literal

from bench.harness import PeerResult, can_pin, pick_run, repeat, run_isolated_runs, spread

__all__ = ["LEVELS", "Level", "rlcard_doudizhu", "rlcard_mahjong"]

Level = Literal["game", "env", "run"]
LEVELS: tuple[Level, ...] = ("game", "env", "run")


def _selfplay(
    name: str,
    decisions: int,
    seed: int,
    reset: Callable[[], None],
    legal_actions: Callable[[], Sequence[Any]],
    step: Callable[[Any], None],
    is_over: Callable[[], bool],
) -> PeerResult:
    """The timed loop shared by the ``game`` and ``env`` levels.

    ``is_over`` is checked before every decision (as RLCard's ``env.run`` does);
    ``games`` counts games finished inside the timed region.
    """
    if decisions < 1:
        raise ValueError("decisions must be >= 1")
    rng = random.Random(seed)
    randrange = rng.randrange
    done = 0
    games = 0
    start = time.perf_counter()
    reset()
    while done < decisions:
        if is_over():
            games += 1
            reset()
            continue
        actions = legal_actions()
        if not actions:
            raise RuntimeError(f"{name}: no legal actions in a game that is not over")
        step(actions[randrange(len(actions))])
        done += 1
    seconds = time.perf_counter() - start
    return PeerResult(name=name, decisions=done, games=games, seconds=seconds)


def _env_run(env_id: str, name: str, decisions: int, seed: int) -> PeerResult:
    """The ``run`` level: whole games through ``env.run`` with RLCard's RandomAgent."""
    import numpy as np
    import rlcard
    from rlcard.agents import RandomAgent

    if decisions < 1:
        raise ValueError("decisions must be >= 1")
    env: Any = rlcard.make(env_id, config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    np.random.seed(seed)  # RandomAgent draws from NumPy's global RNG
    first: int = env.timestep
    games = 0
    start = time.perf_counter()
    while env.timestep - first < decisions:
        env.run(is_training=False)
        games += 1
    seconds = time.perf_counter() - start
    return PeerResult(name=name, decisions=env.timestep - first, games=games, seconds=seconds)


def _env_step(env_id: str, name: str, decisions: int, seed: int) -> PeerResult:
    """The ``env`` level: ``env.reset`` / ``env.step(action_id)`` / ``env.is_over``."""
    import rlcard

    env: Any = rlcard.make(env_id, config={"seed": seed})
    holder: dict[str, Any] = {}

    def reset() -> None:
        holder["state"], _ = env.reset()

    def legal() -> list[int]:
        return list(holder["state"]["legal_actions"])

    def step(action_id: int) -> None:
        holder["state"], _ = env.step(action_id)

    def is_over() -> bool:
        return bool(env.is_over())

    return _selfplay(name, decisions, seed, reset, legal, step, is_over)


def rlcard_doudizhu(decisions: int, seed: int, *, level: Level = "game") -> PeerResult:
    """RLCard 1.2 Dou Dizhu random self-play (3 seats) for ``decisions`` decisions."""
    name = f"rlcard-doudizhu[{level}]"
    if level == "run":
        return _env_run("doudizhu", name, decisions, seed)
    if level == "env":
        return _env_step("doudizhu", name, decisions, seed)
    if level != "game":
        raise ValueError(f"unknown level {level!r}")

    import numpy as np
    from rlcard.games.doudizhu.game import DoudizhuGame

    game: Any = DoudizhuGame()
    game.np_random = np.random.RandomState(seed)  # deals and landlord choice

    def legal() -> list[str]:
        # DoudizhuGame computes the current player's legal moves inside
        # init_game/step (get_state) and exposes them as state['actions'].
        actions: list[str] = game.state["actions"]
        return actions

    def is_over() -> bool:
        return bool(game.is_over())

    return _selfplay(name, decisions, seed, game.init_game, legal, game.step, is_over)


def rlcard_mahjong(decisions: int, seed: int, *, level: Level = "game") -> PeerResult:
    """RLCard 1.2 mahjong random self-play (4 seats) for ``decisions`` decisions."""
    name = f"rlcard-mahjong[{level}]"
    if level == "run":
        return _env_run("mahjong", name, decisions, seed)
    if level == "env":
        return _env_step("mahjong", name, decisions, seed)
    if level != "game":
        raise ValueError(f"unknown level {level!r}")

    import numpy as np
    from rlcard.games.mahjong.game import MahjongGame

    game: Any = MahjongGame()
    game.np_random = np.random.RandomState(seed)  # shuffles and seat choices

    def legal() -> list[Any]:
        # Either the cards in hand (discard) or [pong|chow|gong, 'stand'].
        actions: list[Any] = game.get_legal_actions(game.cur_state)
        return actions

    def is_over() -> bool:
        # MahjongGame.is_over runs the win check for every seat and the
        # wall-exhausted check: part of the per-decision cost.
        return bool(game.is_over())

    return _selfplay(name, decisions, seed, game.init_game, legal, game.step, is_over)


PEERS: dict[str, Callable[..., PeerResult]] = {
    "doudizhu": rlcard_doudizhu,
    "mahjong": rlcard_mahjong,
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Measure the RLCard random self-play peers (decisions/s).",
    )
    parser.add_argument("--peers", nargs="+", choices=sorted(PEERS), default=sorted(PEERS))
    parser.add_argument("--levels", nargs="+", choices=LEVELS, default=["game"])
    parser.add_argument("--decisions", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cpu", type=int, default=0, help="core to pin the child process to")
    parser.add_argument(
        "--in-process",
        action="store_true",
        help="run in this process instead of a fresh pinned child",
    )
    args = parser.parse_args(argv)

    pinned = "unpinned (no sched_setaffinity)" if not can_pin() else f"pinned to cpu {args.cpu}"
    where = "in-process, unpinned" if args.in_process else f"fresh subprocess, {pinned}"
    print(
        f"{args.decisions:,} decisions x {args.repeats} repeats, seed {args.seed}, {where}",
        flush=True,
    )
    for peer in args.peers:
        fn = PEERS[peer]
        for level in args.levels:
            kwargs: dict[str, Any] = {
                "decisions": args.decisions,
                "seed": args.seed,
                "level": level,
            }
            if args.in_process:
                runs = repeat(functools.partial(fn, **kwargs), repeats=args.repeats)
            else:
                runs = run_isolated_runs(fn, kwargs, cpu=args.cpu, repeats=args.repeats)
            print(f"best   {pick_run(runs, 'best').summary()}")
            print(f"       {spread(runs)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
