"""With a compiled build present: the compiled and the pure engine play the same seeded
deals to the same records, events, views and resamples (``compiled_playout.py`` run in
two subprocesses, one with ``HUAPAI_PURE=1``), and refuse the same ill-typed and
out-of-range input at the protocol's doors with the same errors (``compiled_refusals.py``).
Skipped per family without a build (``bash scripts/build-compiled.sh``); the rest of the
suite runs whichever is loaded (``HUAPAI_PURE=1 pytest`` runs it pure with a build)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from huapai import native

HELPER = Path(__file__).resolve().parent / "compiled_playout.py"
REFUSALS = Path(__file__).resolve().parent / "compiled_refusals.py"
DEALS, STEPS = 2, 300


def _play(family: str, pure: bool, *args: str | Path) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != native.PURE_ENV}
    if pure:
        env[native.PURE_ENV] = "1"
    command = [str(a) for a in (args or (HELPER, family, DEALS, STEPS))]
    done = subprocess.run([sys.executable, *command],
                          env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def _need_build(family: str) -> None:
    if not all(native.extension_paths(m) for m in native.MODULES[family]):
        pytest.skip(f"no compiled build of {family} (bash scripts/build-compiled.sh)")


@pytest.mark.parametrize("family", sorted(native.MODULES))
def test_compiled_and_pure_play_alike(family: str) -> None:
    _need_build(family)
    compiled, pure = _play(family, pure=False), _play(family, pure=True)
    assert compiled.pop("compiled") == {family: True}
    assert pure.pop("compiled") == {family: False}
    assert sorted(compiled) == sorted(pure) and compiled
    for preset in pure:
        assert compiled[preset]["random"] == pure[preset]["random"], preset
        assert compiled[preset]["record"] == pure[preset]["record"], preset


@pytest.mark.parametrize("family", sorted(native.MODULES))
def test_compiled_and_pure_refuse_alike(family: str) -> None:
    _need_build(family)
    compiled = _play(family, False, REFUSALS, family)
    pure = _play(family, True, REFUSALS, family)
    assert len(pure) > 100 and sorted(pure) == sorted(compiled)
    differ = {k: (pure[k], v) for k, v in compiled.items() if not _alike(pure[k], v)}
    assert differ == {}


def _alike(pure: str, compiled: str) -> bool:
    """The same outcome; a TypeError that the engine never checks for (an ill-typed
    argument meeting Python itself) may word itself differently compiled."""
    both_type_errors = pure.startswith("TypeError:") and compiled.startswith("TypeError:")
    return pure == compiled or both_type_errors
