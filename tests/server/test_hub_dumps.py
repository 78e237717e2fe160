"""hub.dumps — every message a client gets — gives the standard library's compact UTF-8
text (orjson where it can, the standard library where orjson refuses)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from huapai.core.registry import get_game
from huapai.server.hub import dumps


def _stdlib(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@pytest.mark.parametrize("value", [
    {"type": "state", "room": "r1", "seat": None, "legal": [1, 2], "over": False},
    {"中文": "上大人 孔乙己 化三千", "esc": "\"\\\n\t\x00\x1f\u2028", "e": "🀄"},
    {1: "int keys become strings", 2: [None, True, 0.8, 0.0, -3]},
    [[], {}, "", 2**63 - 1, -2**63, 1.5e300],
    (1, (2, 3)),
])
def test_the_same_text_as_the_standard_library(value: object) -> None:
    assert dumps(value) == _stdlib(value)


@pytest.mark.parametrize("value", [
    {"seed": 2**64 + 5}, {"deep": 10**30}, {"f": np.float64(0.25)},
])
def test_what_orjson_refuses_the_standard_library_encodes(value: object) -> None:
    assert dumps(value) == _stdlib(value)


def test_what_neither_encodes_is_still_refused() -> None:
    with pytest.raises(TypeError):
        dumps({"x": object()})


def test_every_seat_view_of_a_deal_encodes_as_before() -> None:
    """Real views (a 掀牛 deal played out): orjson's text is the standard library's."""
    game = get_game("xianniu")
    rules = game.presets()["lanzhou"] if callable(game.presets) else game.presets["lanzhou"]
    state = game.new_game(rules, seed=3)
    for _ in range(200):
        for seat in [*range(game.num_seats(rules)), None]:
            view = game.observe(state, seat)
            assert dumps(view) == _stdlib(view)
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        state, _events = game.apply(state, seat, game.legal_actions(state, seat)[0])
