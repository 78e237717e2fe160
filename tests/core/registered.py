"""Every registered game × preset as pytest parameters, for suites that run them all.

A game that fails to load yields one ``<name>-load-error`` case (preset ``""``), so it
fails its test instead of vanishing from the run.
"""

from __future__ import annotations

from typing import Any

import pytest

from huapai.core.registry import game_names, get_game


def game_preset_params() -> list[Any]:
    out: list[Any] = []
    for name in game_names():
        try:
            presets = list(get_game(name).presets())
        except Exception:  # a game that fails to load fails its test instead of vanishing
            out.append(pytest.param(name, "", id=f"{name}-load-error"))
            continue
        out += [pytest.param(name, p, id=f"{name}-{p}") for p in presets]
    return out


SAMPLE_PRESETS = [("xianniu", "lanzhou"), ("xianniu", "fengxiang"), ("biegan", "gongan"),
                  ("xiushan", "maquefu"), ("xiushan", "bofu")]
"""One preset of each shape the three families have (poker and long cards, 3 to 4 seats,
钵福's carry): the engine doors' checks run on these."""
