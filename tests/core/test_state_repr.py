"""An engine state prints as what it is (a researcher's notebook read
``<huapai.games.xianniu.state.State object at 0x7f…>``): its family, phase, turn, dealer and
the cards in each hand, counted — through a whole random deal of every built-in family."""

from __future__ import annotations

import random
import re

import pytest

from huapai.core.registry import get_game

SHAPE = re.compile(r"<(\w+) State phase=(\w+) turn=-?\d+ dealer=\d+ hands=\[[\d, ]+\]( .*)?>")


@pytest.mark.parametrize("name", ["xianniu", "biegan", "xiushan"])
def test_a_state_prints_its_shape_at_every_step(name: str) -> None:
    game = get_game(name)
    for preset, rules in game.presets().items():
        state, rng = game.new_game(rules, seed=7), random.Random(7)
        while True:
            shown = repr(state)
            found = SHAPE.fullmatch(shown)
            assert found and found.group(1) == name, (preset, shown)
            assert found.group(2) == game.observe(state, None)["phase"] or "owed=" in shown
            if game.is_over(state):
                assert "end=" in shown, shown
                break
            seat = game.to_act(state)[0]
            state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
