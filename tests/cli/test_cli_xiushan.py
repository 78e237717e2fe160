"""秀山字牌 in the terminal through the generic renderer: whole deals of each preset,
the record replays, simulate runs the heuristic bot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import assert_clean, invoke


@pytest.mark.parametrize("preset", ["maquefu", "huangliufu", "shibafu"])
def test_play_a_whole_deal_and_replay_it(tmp_path: Path, preset: str) -> None:
    out = tmp_path / "xs.jsonl"
    result = invoke(["play", "xiushan", "--preset", preset, "--seed", "3", "--deals", "1",
                     "--record", str(out)], "1\n" * 400)
    assert_clean(result, 0)
    assert "对局结束" in result.output and "结算" in result.output
    assert "✗" not in result.output
    ends = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()
            if json.loads(x)["type"] == "end"]
    assert len(ends) == 1 and sum(ends[0]["deltas"]) == 0
    replayed = invoke(["replay", str(out)])
    assert_clean(replayed, 0)
    assert "全部合法" in replayed.output


def test_simulate_with_the_heuristic_bot() -> None:
    result = invoke(["simulate", "xiushan", "-p", "shibafu", "-n", "4", "--bots", "heuristic",
                     "--json"])
    assert_clean(result, 0)
    data = json.loads(result.stdout)
    assert data["deals"] == 4 and sum(s["total"] for s in data["seats"]) == 0
