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
    for row in ("mahjong estimate_hand_value", "score, complete", "youzi_of", "waits",
                "score 钵福", "score 三六福"):
        assert row in result.stdout


def test_selfplay_bench_runs_against_rlcard() -> None:
    """``bench/bench_xiushan_selfplay.py`` runs and reports every preset against both
    RLCard levels (counts only, never speed)."""
    pytest.importorskip("rlcard")
    result = subprocess.run(
        [sys.executable, "-m", "bench.bench_xiushan_selfplay", "--decisions", "400",
         "--peer-decisions", "200", "--repeats", "1"],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=600,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    for preset in ("maquefu", "huangliufu", "shibafu"):
        assert f"== xiushan/{preset}" in result.stdout
    assert result.stdout.count("one legal action") == 3
    assert "rlcard-mahjong[run]" in result.stdout
