"""Seeded play of every preset of the given families, as JSON on stdout (a helper the
compiled-core tests run twice in subprocesses: once with ``HUAPAI_PURE=1``, once with the
compiled extensions, and compare).

    python tests/compiled/compiled_playout.py xianniu,biegan DEALS STEPS

Per preset: the match record of ``DEALS`` deals between heuristic bots (every line,
settlements included), and a digest of ``STEPS`` random decisions: each step's legal
actions, the events ``apply`` returned, every seat's observation and ``resample`` of the
seat to act, play going on now and then from the state pickled and loaded (a room's search
bot gets it so); plus which modules ran compiled.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import random
import sys
from typing import Any

from huapai import native
from huapai.bots.registry import make_bot
from huapai.core.match import Match
from huapai.core.registry import get_game
from huapai.native import pickling


def heuristic_record(game_name: str, preset: str, deals: int) -> list[dict[str, Any]]:
    game: Any = get_game(game_name)
    rules = game.rules(preset)
    seats = game.num_seats(rules)
    agents = [make_bot("heuristic", game, rules, seat, 100 + seat) for seat in range(seats)]
    match = Match(game, rules, deals, seed=2026)
    match.play(agents)
    return list(match.record.lines())


def random_digest(game_name: str, preset: str, steps: int) -> str:
    game: Any = get_game(game_name)
    rules = game.rules(preset)
    rng = random.Random(7)
    digest = hashlib.sha256()
    deal_seed = 11
    state = game.new_game(rules, seed=deal_seed)
    for _ in range(steps):
        if game.is_over(state):
            digest.update(_dump(game.settlement(state).to_json()))
            deal_seed += 1
            state = game.new_game(rules, seed=deal_seed)
            continue
        seat = game.to_act(state)[0]
        legal = list(game.legal_actions(state, seat))
        sample = game.resample(state, seat, random.Random(rng.randrange(1 << 30)))
        digest.update(_dump([legal, game.observe(sample, seat)]))
        state, events = game.apply(state, seat, legal[rng.randrange(len(legal))])
        if rng.randrange(5) == 0:  # a state goes to a search process pickled, and on from there
            state = pickle.loads(pickle.dumps(state))
        views = [game.observe(state, s) for s in range(game.num_seats(rules))]
        digest.update(_dump([[e.to_json() for e in events], views]))
    return digest.hexdigest()


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr).encode()


def main(argv: list[str]) -> int:
    families, deals, steps = argv[0].split(","), int(argv[1]), int(argv[2])
    pickling.register()  # as a room does before it sends a state to its search process
    out: dict[str, Any] = {"compiled": {f: native.compiled(f) for f in families}}
    for family in families:
        for preset in get_game(family).presets():
            key = f"{family}/{preset}"
            out[key] = {"record": heuristic_record(family, preset, deals),
                        "random": random_digest(family, preset, steps)}
    print(json.dumps(out, ensure_ascii=False, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
