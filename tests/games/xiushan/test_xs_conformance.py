"""The conformance playouts on the engine options the random variation seldom reaches
together (every check of ``core/conformance.py`` at every step)."""

from __future__ import annotations

from typing import Any

import pytest

from huapai.core.conformance import Config, playout
from huapai.games.xiushan.game import GAME

OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("shibafu", {"drawn_card": "keep"}),
    ("shibafu", {"forced_claims": False}),
    ("shibafu", {"idle": "xun", "own_draw_on_shao": "zhao"}),
    ("maquefu", {"idle": "laoye", "pay_discard": "each"}),
    ("huangliufu", {"lay_shao": True, "quads": True, "forced_claims": False}),
]


@pytest.mark.parametrize(("preset", "overrides"), OPTIONS)
def test_options_conform(preset: str, overrides: dict[str, Any]) -> None:
    rules = GAME.rules(preset, **overrides)
    for seed in range(6):
        deal = playout(GAME, rules, seed, Config())
        assert GAME.is_over(deal.state)
