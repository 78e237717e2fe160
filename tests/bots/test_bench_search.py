"""bench.bench_search on a tiny scale: both rollout policies measured, decisions timed."""

from __future__ import annotations

import pytest
from bench.bench_search import main, pick_tables, rollouts_per_second, timed_decisions


@pytest.mark.parametrize("policy", ["fast", "heuristic"])
def test_rollouts_per_second_for_each_policy(policy: str) -> None:
    rate, ms = rollouts_per_second("xianniu", "fengxiang", 2, policy)
    assert rate > 0 and ms > 0
    assert ms == pytest.approx(1000 / rate)


def test_timed_decisions_and_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    times = timed_decisions("xianniu", "fengxiang", "入门", 2, seed=1, policy="fast")
    assert len(times) == 2 and all(cpu >= 0 and wall > 0 for cpu, wall in times)
    assert main(["--rollouts", "1", "--decisions", "1", "--levels", "入门",
                 "--games", "xianniu", "--policies", "fast,heuristic"]) == 0
    out = capsys.readouterr().out
    assert out.count("xianniu/lanzhou") == 4 and "heuristic" in out and "fast" in out


def test_tables_every_preset_or_by_name() -> None:
    assert ("xiushan", "bofu") in pick_tables("xiushan", "all")
    assert len(pick_tables("xianniu,biegan", "all")) == 6
    assert pick_tables("xianniu", None) == [("xianniu", "lanzhou"), ("xianniu", "fengxiang")]
    assert pick_tables("", "biegan/danbiegan,xiushan/shibafu") == [
        ("biegan", "danbiegan"), ("xiushan", "shibafu")]
    with pytest.raises(SystemExit, match="xiushan has no preset 'nope'"):
        pick_tables("", "xiushan/nope")


def test_the_report_counts_decisions_over_two_seconds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--rollouts", "1", "--decisions", "1", "--levels", "入门", "--policies",
                 "fast", "--tables", "xianniu/lanzhou-app"]) == 0
    out = capsys.readouterr().out
    assert "> 2 s" in out and out.rstrip().endswith("0/1")
