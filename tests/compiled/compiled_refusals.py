"""Bad input at the protocol's doors, and what each call raised, as JSON on stdout (a
helper the compiled-core tests run pure and compiled, and compare: mypyc checks argument
types at run time, so a compiled engine could refuse ill-typed input differently).

    python tests/compiled/compiled_refusals.py xianniu
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from huapai.core.registry import get_game

BAD_VALUES: tuple[Any, ...] = (None, "1", 1.0, 1.5, -1, 10**6, 2**70, True, (), [0])


def outcome(call: Callable[[], Any]) -> str:
    try:
        result = call()
    except Exception as exc:  # what was raised is the datum compared
        return f"{type(exc).__name__}: {exc}"
    if isinstance(result, tuple) and len(result) == 2 and isinstance(result[1], list):
        return f"ok {[e.to_json() for e in result[1]]}"  # apply: what it told
    return f"ok {type(result).__name__}"


def probes(family: str) -> dict[str, str]:
    game: Any = get_game(family)
    out: dict[str, str] = {}
    for preset in game.presets():
        out.update(preset_probes(game, preset))
    return out


def preset_probes(game: Any, preset: str) -> dict[str, str]:
    rules = game.rules(preset)
    state = game.new_game(rules, seed=5)
    seat = game.to_act(state)[0]
    first = game.legal_actions(state, seat)[0]
    deal = list(game.deal_of(state))
    calls: dict[str, Callable[[Any], Any]] = {
        "apply action": lambda b: game.apply(state, seat, b),
        "apply seat": lambda b: game.apply(state, b, first),
        "legal seat": lambda b: game.legal_actions(state, b),
        "observe seat": lambda b: game.observe(state, b),
        "dealer": lambda b: game.new_game(rules, seed=5, dealer=b),
        "seed": lambda b: game.new_game(rules, seed=b),
        "deal card": lambda b: game.new_game(rules, deal=[b, *deal[1:]]),
        "format": lambda b: game.format_action(rules, b),
        "parse": lambda b: game.parse_action(rules, b),
        "resample seat": lambda b: game.resample(state, b, random.Random(1)),
        "parse deal": lambda b: game.parse_deal(rules, b),
        "format deal": lambda b: game.format_deal(rules, [b, *deal[1:]]),
        "first dealer": lambda b: game.first_dealer(rules, b),
    }
    out = {f"{preset}/{i}:{bad!r} {name}": outcome(partial(call, bad))
           for name, call in calls.items() for i, bad in enumerate(BAD_VALUES)}
    out[f"{preset} short deal"] = outcome(lambda: game.new_game(rules, deal=deal[:-1]))
    out[f"{preset} deal str"] = outcome(lambda: game.new_game(rules, deal="abc"))
    out[f"{preset} parse junk"] = outcome(lambda: game.parse_action(rules, "§§"))
    return out


def main(argv: list[str]) -> int:
    print(json.dumps(probes(argv[0]), ensure_ascii=False, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
