"""The view envelope (huapai.core.view): built in core, checked for every game."""

from __future__ import annotations

import random
from typing import Any

import pytest
import toygame
from registered import game_preset_params

from huapai.core.registry import get_game
from huapai.core.view import ENVELOPE_KEYS, TableView, check_envelope, check_seat, check_viewer


@pytest.mark.parametrize(("name", "preset"), game_preset_params())
def test_every_view_starts_with_the_envelope(name: str, preset: str) -> None:
    game = get_game(name)
    state = game.new_game(game.rules(preset), seed=11)
    for viewer in (*range(game.num_seats(game.rules(preset))), None):
        view = game.observe(state, viewer)
        assert list(view)[:len(ENVELOPE_KEYS)] == list(ENVELOPE_KEYS)
        assert check_envelope(game, state, viewer, view) == []  # type: ignore[arg-type]
        assert view["over"] is False and view["settlement"] is None
        assert (view["hand"] is None) == (viewer is None)


def test_check_envelope_names_what_is_wrong() -> None:
    game = toygame.GAME
    state = game.new_game(game.rules("duo"), seed=1)
    view: dict[str, Any] = dict(game.observe(state, 0))
    assert check_envelope(game, state, 0, view) == []  # type: ignore[arg-type]
    view.update(legal=[], hand_sizes=[3], dealer=5)
    problems = check_envelope(game, state, 0, view)  # type: ignore[arg-type]
    assert any(p.startswith("legal is []") for p in problems)
    assert any("hand_sizes [3]" in p for p in problems)
    assert any("dealer 5" in p for p in problems)
    del view["to_act"]
    assert check_envelope(game, state, 0, view) == [  # type: ignore[arg-type]
        "the view lacks envelope key(s) ['to_act']"]


def test_a_table_view_may_not_reuse_an_envelope_key() -> None:
    class Clash(toygame.ToyGame):
        def table_view(self, state: Any, seat: int | None) -> TableView:
            part = super().table_view(state, seat)
            return TableView(part.phase, part.dealer, part.hand_sizes, part.hand, part.end,
                             {**part.table, "legal": [99]})

    game = Clash()
    state = game.new_game(game.rules("duo"), seed=1)
    with pytest.raises(ValueError, match=r"reuses envelope keys \['legal'\]"):
        game.observe(state, 0)


def test_viewers_are_seats_or_a_spectator() -> None:
    check_viewer(None, 3)
    check_viewer(2, 3)
    for bad in (3, -1, "1", True, 1.0):
        with pytest.raises(ValueError, match="seats are 0, 1 and 2"):
            check_viewer(bad, 3)
    with pytest.raises(ValueError, match="not a spectator"):
        check_seat(None, 3)
    check_viewer(1, 2)
    with pytest.raises(ValueError, match="seats are 0 and 1, got 2"):
        check_viewer(2, 2)
    game = get_game("xianniu")
    state = game.new_game(game.rules("lanzhou"), seed=1)
    with pytest.raises(ValueError, match="seats are 0, 1 and 2, got 7"):
        game.resample(state, 7, random.Random(0))
