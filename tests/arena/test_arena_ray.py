"""``--ray``: the same arena on a Ray cluster — here a local one Ray starts itself
(``address="local"``) — gives exactly the local result for the seed. Skipped where ray
is not installed (``pip install 'huapai[ray]'``; the suite's own setup, scripts/test.sh,
installs it)."""

from __future__ import annotations

import pytest

pytest.importorskip("ray")

from huapai.arena import Setup, run_arena
from huapai.arena.report import report_json
from huapai.core.registry import get_game


def test_a_local_ray_cluster_gives_the_local_result() -> None:
    game = get_game("xianniu")
    setup = Setup("xianniu", game.rules_to_dict(game.rules("lanzhou")),
                  ("heuristic", "random", "random"), 11)
    local = report_json(run_arena(setup, 4, workers=1), "lanzhou")
    on_ray = report_json(run_arena(setup, 4, ray="local"), "lanzhou")
    assert on_ray == local
