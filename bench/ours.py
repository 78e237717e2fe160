"""Random self-play through the huapai protocol, measured like the peers in peers.py.

One decision = the legal actions of the seat to act + a seeded uniform pick + ``apply``;
every seat is played; a new deal starts (untimed setup excluded only for imports) when
one ends. This is exactly the loop every driver (bots, envs, server) runs.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from bench.harness import PeerResult
from huapai import native
from huapai.core.registry import get_game


def selfplay(game_name: str, preset: str, decisions: int, seed: int,
             overrides: dict[str, Any] | None = None) -> PeerResult:
    game = get_game(game_name)
    rules = game.rules(preset, **(overrides or {}))
    rng = random.Random(seed)
    deal_seed = seed * 1_000_003
    state = game.new_game(rules, seed=deal_seed)
    done = games = 0
    start = time.perf_counter()
    while done < decisions:
        if game.is_over(state):
            games += 1
            deal_seed += 1
            state = game.new_game(rules, seed=deal_seed)
            continue
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])
        done += 1
    seconds = time.perf_counter() - start
    engine = "compiled" if game_name in native.MODULES and native.compiled(game_name) else "pure"
    name = f"huapai {game_name}/{preset} ({engine})"
    return PeerResult.from_dict({"name": name, "decisions": done, "games": games,
                                 "seconds": seconds})


def state_bytes(game_name: str, preset: str, seed: int = 0, steps: int = 20) -> int:
    """Deep size of one mid-deal state, excluding objects shared by every state
    (the rules value and the play catalogue) — what a search copies per node."""
    game = get_game(game_name)
    rules = game.rules(preset)
    state = game.new_game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])
    shared = {id(rules), id(getattr(state, "cat", None))}
    return _deep_size(state, shared, set())


def _deep_size(obj: object, shared: set[int], seen: set[int]) -> int:
    if id(obj) in shared or id(obj) in seen or _interned(obj):
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, tuple | list | set | frozenset):
        size += sum(_deep_size(item, shared, seen) for item in obj)
    elif isinstance(obj, dict):
        size += sum(_deep_size(k, shared, seen) + _deep_size(v, shared, seen)
                    for k, v in obj.items())
    for name in getattr(type(obj), "__slots__", ()):
        if hasattr(obj, name):
            size += _deep_size(getattr(obj, name), shared, seen)
    return size


def _interned(obj: object) -> bool:
    """Small ints, None and bools are shared singletons in CPython."""
    if obj is None or isinstance(obj, bool):
        return True
    return isinstance(obj, int) and -5 <= obj <= 256
