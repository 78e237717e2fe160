"""秀山字牌 in the terminal (its renderer, ``cli_support/families/xiushan.py``): whole deals of
each preset, the record replays, simulate runs the heuristic bot."""

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
    assert "你的手牌：" in result.output and "堂子：" in result.output
    assert "✗" not in result.output
    ends = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()
            if json.loads(x)["type"] == "end"]
    assert len(ends) == 1 and sum(ends[0]["deltas"]) == 0
    replayed = invoke(["replay", str(out)])
    assert_clean(replayed, 0)
    assert "全部合法" in replayed.output


def test_the_renderer_shows_waits_and_hides_face_down_groups() -> None:
    from rich.console import Console

    from huapai.cli_support.families.xiushan import XiushanRenderer
    from huapai.cli_support.render import RenderContext, renderer_for
    from huapai.games.xiushan.game import GAME

    assert isinstance(renderer_for(GAME), XiushanRenderer)
    view = {"num_seats": 2, "dealer": 0, "phase": "window", "stock": 30, "flipped": None,
            "jiang": None, "threshold": 0, "to_act": [1], "active": [0, 1], "end": None,
            "hand_sizes": [13, 13], "rivers": ["", ""], "offer": None,
            "melds": [[{"kind": "哨", "cards": None, "size": 3}], []], "my_melds": [],
            "hand": "一二三四五六七八九壹贰叁拾"}
    rules = GAME.rules("maquefu", seats=2)
    console = Console(width=100, record=True)
    console.print(renderer_for(GAME).table(view, RenderContext(GAME, rules, "zh", me=1)))
    text = console.export_text()
    assert "哨[???]" in text and "听：拾" in text


def test_simulate_with_the_heuristic_bot() -> None:
    result = invoke(["simulate", "xiushan", "-p", "shibafu", "-n", "4", "--bots", "heuristic",
                     "--json"])
    assert_clean(result, 0)
    data = json.loads(result.stdout)
    assert data["deals"] == 4 and sum(s["total"] for s in data["seats"]) == 0


def test_score_and_waits_commands() -> None:
    """``huapai score xiushan`` / ``huapai waits xiushan`` from the manifest's specs; the
    hand is the calculator docs' example (24 油子, 5 豆 with 将 陆)."""
    result = invoke(["score", "xiushan", "壹贰叁贰柒拾一二三二七十伍陆柒四五六", "-m", "哨:捌捌捌",
                     "--win", "三", "--jiang", "陆", "--json"])
    assert_clean(result, 0)
    data = json.loads(result.stdout)
    assert (data["wins"], data["youzi"], data["dou"]) == (True, 24, 5)
    assert data["groups"][0] == {"kind": "哨", "cards": "捌捌捌", "youzi": 6, "laid": True,
                                 "face_down": True}
    waits = invoke(["waits", "xiushan", "壹贰叁贰柒拾一二三二七十四五六七八九伍陆", "--json"])
    assert_clean(waits, 0)
    assert {w["card"] for w in json.loads(waits.stdout)["waits"]} == {"肆", "柒"}
    bad = invoke(["score", "xiushan", "壹贰X", "-p", "maquefu"])
    assert bad.exit_code != 0 and "X" in bad.output
