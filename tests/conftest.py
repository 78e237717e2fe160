"""Shared fixtures: a tiny test-only game (``tests/core/toygame.py``) and its mutants.

``toy_games`` registers the toy game and every mutant under their own names for one
test (records replay by looking games up by name), and removes them afterwards.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# the files records carry and the club tables rooms keep (huapai.core.recordfiles) go to a
# folder of this run's, not the user's cache (servers started by the tests inherit it)
os.environ.setdefault("HUAPAI_CACHE_DIR", tempfile.mkdtemp(prefix="huapai-test-cache-"))

# toygame.py is a helper module, not a test: make it importable from every test folder.
_CORE = str(Path(__file__).resolve().parent / "core")
if _CORE not in sys.path:
    sys.path.insert(0, _CORE)

import toygame  # noqa: E402
import toymutants  # noqa: E402

from huapai.core import registry  # noqa: E402


@pytest.fixture
def toy_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(registry, "_registered", {})  # both restored afterwards
    monkeypatch.setattr(registry, "_engines", dict(registry._engines))
    registry.register_game(toygame.GAME.name, "toygame:GAME")
    for attr in toymutants.MUTANTS:
        registry.register_game(getattr(toymutants, attr).name, f"toymutants:{attr}")
    yield


# No test may assert on time (performance is measured in bench/): Hypothesis's per-example
# deadline is off, so a loaded machine (scripts/test.sh runs the suite on every core,
# pytest-xdist) cannot fail an example for being slow.
settings.register_profile("huapai", deadline=None)
settings.load_profile("huapai")

# The tests that run several server processes flat out (kill rounds, failover, the
# multi-worker suite, the load generator) go first: under pytest-xdist the other worker
# would otherwise reach the browser tests (collected last, pages wait at most 20 s) while
# they hold both cores.
HEAVY_FIRST = ("tests/server/test_failover.py", "tests/server/test_kill_rounds.py",
               "tests/server/test_workers.py", "tests/test_bench_server.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: not item.nodeid.startswith(HEAVY_FIRST))  # stable
