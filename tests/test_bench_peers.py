"""Smoke tests for the RLCard benchmark peers and the bench harness.

These check that the peers run and count decisions and games; they assert no
speed (speed is only ever reported as a same-run ratio, see bench/README.md).
Skipped when the optional ``bench`` extra (rlcard) is not installed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("rlcard")

_REPO_ROOT = str(Path(__file__).resolve().parent.parent)
if _REPO_ROOT not in sys.path:  # bench/ is not an installed package
    sys.path.insert(0, _REPO_ROOT)

from bench.harness import (  # noqa: E402
    PeerResult,
    measure,
    pick_run,
    ratio_report,
    run_isolated,
)
from bench.peers import LEVELS, Level, rlcard_doudizhu, rlcard_mahjong  # noqa: E402

DECISIONS = 300


@pytest.mark.parametrize("level", LEVELS)
def test_doudizhu_peer_counts_decisions_and_games(level: Level) -> None:
    result = rlcard_doudizhu(DECISIONS, seed=1, level=level)
    assert result.name == f"rlcard-doudizhu[{level}]"
    if level == "run":  # whole games only
        assert result.decisions >= DECISIONS
    else:
        assert result.decisions == DECISIONS
    assert result.games > 0
    assert result.seconds > 0
    assert result.decisions_per_s > 0


@pytest.mark.parametrize("level", LEVELS)
def test_mahjong_peer_counts_decisions_and_games(level: Level) -> None:
    result = rlcard_mahjong(DECISIONS, seed=1, level=level)
    assert result.name == f"rlcard-mahjong[{level}]"
    if level == "run":
        assert result.decisions >= DECISIONS
    else:
        assert result.decisions == DECISIONS
    assert result.games > 0
    assert result.seconds > 0


def test_game_level_peers_are_deterministic_for_a_seed() -> None:
    for peer in (rlcard_doudizhu, rlcard_mahjong):
        a = peer(DECISIONS, seed=7)
        b = peer(DECISIONS, seed=7)
        assert (a.decisions, a.games) == (b.decisions, b.games)


def test_bad_arguments_are_rejected() -> None:
    with pytest.raises(ValueError):
        rlcard_doudizhu(0, seed=0)
    with pytest.raises(ValueError):
        rlcard_mahjong(10, seed=0, level="nope")  # type: ignore[arg-type]


def test_peer_result_json_round_trip_and_derived_rates() -> None:
    r = PeerResult(name="x", decisions=1000, games=10, seconds=0.5)
    assert r.decisions_per_s == pytest.approx(2000.0)
    assert r.games_per_s == pytest.approx(20.0)
    back = PeerResult.from_json(r.to_json())
    assert back == r
    assert json.loads(r.to_json())["decisions_per_s"] == pytest.approx(2000.0)


def test_measure_picks_best_or_median_and_ratio_report() -> None:
    rates = iter([1.0, 3.0, 2.0] * 2)

    def fake() -> PeerResult:
        return PeerResult(name="fake", decisions=100, games=1, seconds=next(rates))

    best = measure(fake, repeats=3, pick="best")
    median = measure(fake, repeats=3, pick="median")
    assert best.seconds == 1.0
    assert median.seconds == 2.0
    with pytest.raises(ValueError):
        pick_run([], "best")

    ours = PeerResult(name="ours", decisions=10_000, games=100, seconds=1.0)
    peer = PeerResult(name="peer", decisions=1_000, games=10, seconds=1.0)
    report = ratio_report(ours, peer)
    assert "10.00x decisions/s" in report
    assert "10.00x games/s" in report


def test_run_isolated_in_a_pinned_subprocess() -> None:
    result = run_isolated(
        rlcard_doudizhu, {"decisions": 200, "seed": 3}, cpu=0, repeats=2, timeout=120
    )
    assert result.name == "rlcard-doudizhu[game]"
    assert result.decisions == 200
    assert result.games > 0
