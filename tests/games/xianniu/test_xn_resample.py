"""掀牛 resample: the seat asked to follow always holds a play that beats the top one."""

from __future__ import annotations

import random
from typing import Any

from huapai.core.registry import get_game
from huapai.games.xianniu import sample
from huapai.games.xianniu.cards import expand
from huapai.games.xianniu.state import FOLLOW

GAME: Any = get_game("xianniu")


def _follow_states(preset: str, deals: int) -> list[Any]:
    rules, rng, out = GAME.rules(preset), random.Random(5), []
    for seed in range(deals):
        state = GAME.new_game(rules, seed=seed)
        while not GAME.is_over(state):
            if state.phase == FOLLOW:
                out.append(state)
            seat = GAME.to_act(state)[0]
            state, _ = GAME.apply(state, seat, rng.choice(list(GAME.legal_actions(state, seat))))
    return out


def test_the_follower_of_a_resampled_trick_can_beat_it() -> None:
    rng = random.Random(1)
    for state in _follow_states("fengxiang", 30):
        for seat in (p for p in state.active if p != state.turn):
            for other in (GAME.resample(state, seat, rng),
                          sample._around_a_beater(state, [p for p in state.active if p != seat],
                                                  _hidden(state, seat), rng)):
                assert GAME.legal_actions(other, other.turn)
                assert GAME.observe(other, seat) == GAME.observe(state, seat)
                GAME.check_invariants(other)


def _hidden(state: Any, seat: int) -> list[int]:
    return [f for p in state.active if p != seat
            for f in (*expand(state.hands[p]), *expand(state.discards[p]))]
