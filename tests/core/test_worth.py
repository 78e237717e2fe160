"""``worth`` (protocol): what a finished deal is worth to each seat, the search's reward.
Its money (``GameBase``'s default), unless the family says more (钵福's abacus:
tests/games/xiushan/test_xs_worth.py); zero-sum like the money, for every family."""

from __future__ import annotations

import random
from typing import Any

import pytest
from registered import game_preset_params

from huapai.core.protocol import Game
from huapai.core.registry import get_game


def _finished(name: str, preset: str, seed: int) -> tuple[Game[Any, Any], Any]:
    game = get_game(name)
    rules = game.rules(preset)
    state = game.new_game(rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])
    return game, state


@pytest.mark.parametrize(("name", "preset"), game_preset_params())
def test_worth_is_per_seat_and_zero_sum(name: str, preset: str) -> None:
    for seed in range(3):
        game, state = _finished(name, preset, seed)
        worth = game.worth(state)
        deltas = game.settlement(state).deltas
        assert len(worth) == len(deltas)
        assert all(isinstance(w, float) for w in worth)
        assert sum(worth) == pytest.approx(0.0, abs=1e-9)
        if preset != "bofu":
            assert worth == tuple(float(d) for d in deltas)

