"""Smoke test for the OpenSpiel Dou Dizhu peer (bench/openspiel_peer.py): it counts
decisions and games and is reproducible for a seed; no speed is asserted. Skipped when
the optional ``bench`` extra's ``open_spiel`` is not installed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

_REPO_ROOT = str(Path(__file__).resolve().parent.parent)
if _REPO_ROOT not in sys.path:  # bench/ is not an installed package
    sys.path.insert(0, _REPO_ROOT)

from bench.bench_openspiel import TABLES, built, main  # noqa: E402
from bench.openspiel_peer import available, openspiel_doudizhu  # noqa: E402


def test_the_peer_counts_decisions_and_whole_games() -> None:
    result = openspiel_doudizhu(2000, seed=3)
    assert available() and result.name == "openspiel-dou_dizhu"
    assert result.decisions == 2000 and result.games > 5 and result.seconds > 0
    assert openspiel_doudizhu(2000, seed=3).games == result.games  # the seed fixes the games
    with pytest.raises(ValueError, match="decisions"):
        openspiel_doudizhu(0)


def test_the_comparison_runs_every_family(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--decisions", "300", "--repeats", "1"]) == 0
    out = capsys.readouterr().out
    for table in ("xianniu/lanzhou", "biegan/gongan", "xiushan/maquefu"):
        assert f"== {table} pure" in out and f"== {table} compiled" in out
    # every table pure, and compiled too where a build is present (scripts/build-compiled.sh)
    compiled = sum(built(game) for game, _ in TABLES)
    ratios = [line for line in out.splitlines() if line.startswith("ratio ")]
    assert len(ratios) == len(TABLES) + compiled
    assert out.count("(pure)") == len(TABLES) and out.count("(compiled)") == compiled
