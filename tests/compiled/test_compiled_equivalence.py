"""With a compiled build present: the compiled and the pure engine play the same seeded
deals to the same records, events, views and resamples (``compiled_playout.py`` run in
two subprocesses, one with ``HUAPAI_PURE=1``). Skipped per family without a build
(``bash scripts/build-compiled.sh``); the rest of the suite runs whichever is loaded
(``HUAPAI_PURE=1 pytest`` runs it pure with a build present)."""

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
DEALS, STEPS = 2, 300


def _play(family: str, pure: bool) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != native.PURE_ENV}
    if pure:
        env[native.PURE_ENV] = "1"
    done = subprocess.run([sys.executable, str(HELPER), family, str(DEALS), str(STEPS)],
                          env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    return out


@pytest.mark.parametrize("family", sorted(native.MODULES))
def test_compiled_and_pure_play_alike(family: str) -> None:
    if not all(native.extension_paths(m) for m in native.MODULES[family]):
        pytest.skip(f"no compiled build of {family} (bash scripts/build-compiled.sh)")
    compiled, pure = _play(family, pure=False), _play(family, pure=True)
    assert compiled.pop("compiled") == {family: True}
    assert pure.pop("compiled") == {family: False}
    assert sorted(compiled) == sorted(pure) and compiled
    for preset in pure:
        assert compiled[preset]["random"] == pure[preset]["random"], preset
        assert compiled[preset]["record"] == pure[preset]["record"], preset
