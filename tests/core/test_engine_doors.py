"""The engines' doors refuse alike in every family (a researcher's checks):
``format_action`` / ``describe_action`` an id that is none — a :class:`NotationError` coded
``unknown_action`` that names it (they raised a bare ``KeyError``, ``IndexError``,
``TypeError`` or ``ValueError``, each its own); ``settlement`` / ``worth`` a deal still
going — :class:`NotOver`, in both languages (it was English only)."""

from __future__ import annotations

import pytest

from huapai.core.protocol import NotationError, NotOver
from huapai.core.registry import get_game

PRESETS = [("xianniu", "lanzhou"), ("xianniu", "fengxiang"), ("biegan", "gongan"),
           ("xiushan", "maquefu"), ("xiushan", "bofu")]


@pytest.mark.parametrize(("game", "preset"), PRESETS)
def test_an_id_that_is_none_is_refused_by_name(game: str, preset: str) -> None:
    g = get_game(game)
    rules = g.rules(preset)
    top = g.num_actions(rules)
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
