"""``automatic``: a discard a seat can do nothing with (过 alone) is the only choice the
秀山 engine lets a driver make for a person — a forced 碰 / 开召 and every other decision
stay the seat's. ``paced``: every answer in a claim window (and only there) waits for the
same pause."""

from __future__ import annotations

import random

import pytest

from huapai.core.registry import get_game
from huapai.games.xiushan.state import PASS

GAME = get_game("xiushan")


@pytest.mark.parametrize("preset", ["maquefu", "shibafu", "bofu"])
def test_automatic_is_pass_exactly_where_a_window_leaves_pass_alone(preset: str) -> None:
    rules = GAME.rules(preset)
    seen = {"auto": 0, "asked": 0}
    for seed in range(12):
        state = GAME.new_game(rules, seed=seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            asked = GAME.to_act(state)
            for seat in range(GAME.num_seats(rules)):
                legal = list(GAME.legal_actions(state, seat))
                window = GAME.observe(state, seat)["phase"] == "window" and seat in asked
                auto = GAME.automatic(state, seat)
                assert auto == (PASS if window and legal == [PASS] else None), (seed, legal)
                assert GAME.paced(state, seat) == window
                if window:
                    seen["auto" if auto is not None else "asked"] += 1
            seat = asked[0]
            choice = GAME.automatic(state, seat)
            state, _ = GAME.apply(state, seat, choice if choice is not None
                                  else rng.choice(list(GAME.legal_actions(state, seat))))
    assert seen["auto"] and seen["asked"]
