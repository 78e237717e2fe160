"""A claim window's answers are secret until it closes: an answer that leaves the window
open changes no other seat's view — not even ``to_act``. In the engines' envelope the seat
dropped out of the others' ``to_act`` as its hidden answer went in (the server's hub kept
the list itself; the terminal and replays did not): a person with only 过 is answered for
at a fixed pause, so the table would see who was still thinking, and so who could claim."""

from __future__ import annotations

import random

import pytest

from huapai.core.registry import get_game

PRESETS = [("biegan", "gongan"), ("biegan", "danbiegan"), ("xiushan", "maquefu"),
           ("xiushan", "shibafu"), ("xiushan", "bofu")]


@pytest.mark.parametrize(("name", "preset"), PRESETS)
def test_a_hidden_answer_changes_no_other_view(name: str, preset: str) -> None:
    game = get_game(name)
    rules = game.rules(preset)
    seats = game.num_seats(rules)
    checked = 0
    for seed in range(6):
        state, rng = game.new_game(rules, seed=seed), random.Random(seed)
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            window = game.claim_window(state)
            after, _ = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat))))
            again = game.claim_window(after)
            if window is not None and again is not None and again.order == window.order \
                    and len(again.answers) == len(window.answers) + 1:
                checked += 1
                for viewer in (None, *(v for v in range(seats) if v != seat)):
                    assert game.observe(after, viewer) == game.observe(state, viewer)
                mine = game.observe(after, seat)["to_act"]
                assert seat not in mine and set(mine) == set(window.order) - {seat}
            state = after
    assert checked > 50
