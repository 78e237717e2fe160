"""Smoke test: ``bench/bench_xiushan_calc.py`` runs and reports every row (no speed is
asserted; speed is only ever a same-run ratio, see docs/xiushan.md §6)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mahjong")

ROOT = Path(__file__).resolve().parents[3]


def test_bench_runs_and_reports_each_row() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bench.bench_xiushan_calc", "--hands", "40", "--rounds", "1"],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    for row in ("mahjong estimate_hand_value", "score, complete", "youzi_of", "waits"):
        assert row in result.stdout
