"""The engines' doors refuse alike in every family (a researcher's checks):
``format_action`` / ``describe_action`` an id that is none — a :class:`NotationError` coded
``unknown_action`` that names it (they raised a bare ``KeyError``, ``IndexError``,
``TypeError`` or ``ValueError``, each its own); ``settlement`` / ``worth`` a deal still
going — :class:`NotOver`, in both languages (it was English only)."""

from __future__ import annotations

import pytest
from registered import SAMPLE_PRESETS

from huapai.core.protocol import IllegalAction, NotationError, NotOver
from huapai.core.registry import get_game

PRESETS = SAMPLE_PRESETS


@pytest.mark.parametrize(("game", "preset"), PRESETS)
def test_an_id_that_is_none_is_refused_by_name(game: str, preset: str) -> None:
    g = get_game(game)
    rules = g.rules(preset)
    top = g.num_actions(rules)
    g.describe_action(rules, 1)  # memoised: True hashes as 1 and must not read its entry
    for bad in (-1, top, top + 7, "3", True, 1.5):
        for call in (g.format_action, g.describe_action):
            with pytest.raises(NotationError) as caught:
                call(rules, bad)  # type: ignore[arg-type]
            assert caught.value.code == "unknown_action", (call, bad)
            assert repr(bad) in str(caught.value), (call, bad)
    for good in (0, top - 1):  # the ends still describe
        assert g.format_action(rules, good) and g.describe_action(rules, good).label.zh


@pytest.mark.parametrize(("game", "preset"), PRESETS)
def test_a_deal_still_going_has_no_settlement(game: str, preset: str) -> None:
    g = get_game(game)
    state = g.new_game(g.rules(preset), seed=1)
    for call in (g.settlement, g.worth):
        with pytest.raises(NotOver) as caught:
            call(state)
        assert caught.value.code == "not_over" and caught.value.msg.zh == "这局还没打完"
        assert isinstance(caught.value, ValueError)  # as before


@pytest.mark.parametrize(("game", "preset"), PRESETS)
def test_a_seat_that_is_none_is_told_alike_by_apply_and_observe(game: str, preset: str) -> None:
    g = get_game(game)
    state = g.new_game(g.rules(preset), seed=1)
    said = []
    for call in (lambda: g.apply(state, 9, 0), lambda: g.observe(state, 9)):
        with pytest.raises((IllegalAction, ValueError)) as caught:
            call()
        said.append(str(caught.value))
    assert said[0].endswith(said[1]) and "got 9" in said[1], said  # apply's names its code
