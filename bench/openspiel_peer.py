"""OpenSpiel's C++ Dou Dizhu driven from Python: the random self-play peer of issue 12 §1.

One decision, as in :mod:`bench.peers` and :mod:`bench.ours`: the player to act's legal
actions, a seeded uniform pick, ``apply_action``. OpenSpiel deals through *chance
nodes* (each dealt card is one); they are resolved with the same rng but not counted as
decisions (our engines deal inside ``new_game``, RLCard inside ``init_game``), and the
deal is timed, as new deals are everywhere in these benchmarks. Needs ``open_spiel``
(``pip install 'huapai[bench]'``); :func:`available` says whether it is installed.
"""

from __future__ import annotations

import importlib.util
import random
import time
from typing import Any

from bench.harness import PeerResult

GAME = "dou_dizhu"


def available() -> bool:
    return importlib.util.find_spec("pyspiel") is not None


def openspiel_doudizhu(decisions: int, seed: int = 0) -> PeerResult:
    """Seeded random self-play of OpenSpiel's Dou Dizhu for ``decisions`` decisions."""
    if decisions < 1:
        raise ValueError("decisions must be >= 1")
    import pyspiel  # the optional bench dependency, imported only here

    game = pyspiel.load_game(GAME)
    rng = random.Random(seed)
    randrange, rand = rng.randrange, rng.random
    done = games = 0
    start = time.perf_counter()
    state: Any = game.new_initial_state()
    while done < decisions:
        if state.is_terminal():
            games += 1
            state = game.new_initial_state()
        elif state.is_chance_node():
            state.apply_action(_chance(state.chance_outcomes(), rand()))
        else:
            actions = state.legal_actions()
            state.apply_action(actions[randrange(len(actions))])
            done += 1
    seconds = time.perf_counter() - start
    return PeerResult(name=f"openspiel-{GAME}", decisions=done, games=games, seconds=seconds)


def _chance(outcomes: list[tuple[int, float]], u: float) -> int:
    total = 0.0
    for action, p in outcomes:
        total += p
        if u < total:
            return action
    return outcomes[-1][0]
