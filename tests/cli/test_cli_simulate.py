"""``huapai simulate``: the JSON report, its numbers, and the human-readable table."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import assert_clean, invoke

from huapai.bots.registry import make_bot
from huapai.cli_support.setup import bot_seed
from huapai.cli_support.stats import Z95, Rate, estimate
from huapai.core import record
from huapai.core.match import Match
from huapai.core.registry import get_game


def _simulate(*args: str) -> dict[str, Any]:
    result = invoke(["simulate", "xianniu", "--json", *args])
    assert_clean(result, 0)
    data: dict[str, Any] = json.loads(result.stdout)
    return data


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    return _simulate("--preset", "lanzhou", "--games", "150", "--bots", "random",
                     "--seed", "9")


def test_json_keys(report: dict[str, Any]) -> None:
    assert set(report) == {"game", "preset", "rules", "seed", "score", "deals", "format",
                           "seats", "rates", "mean_decisions", "small_sample"}
    assert report["small_sample"] is False  # 150 deals; below 30 it is true (the arena's)
    assert (report["game"], report["preset"], report["seed"], report["deals"]) == (
        "xianniu", "lanzhou", 9, 150)
    assert [s["seat"] for s in report["seats"]] == [0, 1, 2]
    assert all(set(s) == {"seat", "bot", "mean", "ci95", "total", "rates"}
               for s in report["seats"])
    assert set(report["rates"]) == {"no_xian"}
    assert all(set(s["rates"]) == {"gou", "ci"} for s in report["seats"])


def test_numbers_are_sane(report: dict[str, Any]) -> None:
    seats = report["seats"]
    assert sum(s["total"] for s in seats) == 0  # 掀牛 is zero-sum
    assert math.isclose(sum(s["mean"] for s in seats), 0, abs_tol=1e-5)
    for s in seats:
        low, high = s["ci95"]
        assert low < s["mean"] < high and high - low < 5
        assert math.isclose(s["mean"], s["total"] / 150, abs_tol=1e-5)
        assert 0 <= s["rates"]["ci"] <= s["rates"]["gou"] <= 1
    assert 0 <= report["rates"]["no_xian"] < 0.2
    assert 2 < report["mean_decisions"] < 60


def test_numbers_match_an_independent_run(report: dict[str, Any]) -> None:
    """The documented format: one match of N deals, bots seeded per seat."""
    game = get_game("xianniu")
    rules = game.rules("lanzhou")
    agents = [make_bot("random", game, rules, s, bot_seed(9, s)) for s in range(3)]
    match = Match(game, rules, 150, 9)
    gou = [0, 0, 0]
    no_xian = 0
    for _ in range(150):
        deal = match.start_deal()
        deal.play_out(agents)
        match.finish_deal()
        view = game.omniscient(deal.state)
        gou = [g + (view["table_counts"][s] >= rules.gou) for s, g in enumerate(gou)]
        no_xian += view["end"] == "all_declined" and view["table_total"] == 0
    assert [s["total"] for s in report["seats"]] == match.totals
    assert [s["rates"]["gou"] for s in report["seats"]] == [round(g / 150, 6) for g in gou]
    assert report["rates"]["no_xian"] == round(no_xian / 150, 6)


def test_same_seed_same_report_other_seed_other_report(report: dict[str, Any]) -> None:
    args = ("--games", "150", "--bots", "random")
    assert _simulate(*args, "--seed", "9") == report
    assert _simulate(*args, "--seed", "10")["seats"] != report["seats"]


def test_five_players_and_seats_that_sit_out() -> None:
    data = _simulate("-p", "fengxiang", "--players", "5", "--games", "20", "--bots", "random")
    assert len(data["seats"]) == 5 and data["rules"]["players"] == 5
    assert sum(s["total"] for s in data["seats"]) == 0


def test_single_deal_has_no_interval() -> None:
    data = _simulate("--games", "1", "--bots", "random")
    assert all(s["ci95"] is None for s in data["seats"])


def test_table_output() -> None:
    result = invoke(["simulate", "--games", "30", "--bots", "random,random,random"])
    assert_clean(result, 0)
    for label in ("模拟 30 局", "平均得分（95% 置信区间）", "够牌率", "刺牌率", "首轮无掀率",
                  "每局平均决策数", "座位2（随机）", "首轮无掀率：", "±"):
        assert label in result.stdout, label
    english = invoke(["simulate", "--games", "5", "--bots", "random", "--lang", "en"])
    assert "mean score (95% CI)" in english.stdout and "够牌 rate" in english.stdout


@pytest.mark.parametrize(("args", "zh", "en"), [
    (["--games", "0"], "--games 至少要 1，不能是 0", "--games must be at least 1"),
    (["--bots", "random,random"], "--bots 写了 2 个机器人，要坐的座位有 3 个",
     "--bots names 2 bots but 3 seats need one"),
    (["--players", "7", "-p", "fengxiang"], "7 大于最大值 5", "above the maximum 5"),
    (["--score", "points"], "--score 只能是 money 或 worth，不是「points」",
     "--score is money or worth, not 'points'"),
])
def test_bad_options(args: list[str], zh: str, en: str) -> None:
    result = invoke(["simulate", *args])
    assert_clean(result, 1)
    assert zh in result.output and en not in result.output
    english = invoke(["simulate", *args, "--lang", "en"])
    assert_clean(english, 1)
    assert en in english.output


def test_estimate_and_rate() -> None:
    est = estimate([1.0, 2.0, 3.0])
    assert est.mean == 2.0
    assert est.half_width is not None
    assert math.isclose(est.half_width, Z95 / math.sqrt(3))
    assert estimate([5.0]).interval is None and math.isnan(estimate([]).mean)
    rate = Rate()
    for value in (True, None, False, True):
        rate.add(value)
    assert (rate.hits, rate.cases, rate.value) == (2, 3, 2 / 3)
    assert Rate().value is None


def test_record_writes_each_match_for_replay_and_verify(tmp_path: Path) -> None:
    """``--record``: the bots' match as a record (no person needed) — replayed with the
    same totals, titled by its preset; a 钵福 run that reaches 得一钵 writes each further
    match beside it (FILE-2 …); ``verify`` says there is no commitment to check (exit 3)."""
    path = tmp_path / "run.jsonl"
    data = _simulate("--preset", "fengxiang", "--deals", "4", "--bots", "heuristic",
                     "--seed", "5", "--record", str(path))
    header, deals = record.parse(path.read_text(encoding="utf-8"))
    assert header is not None and header["preset"] == "fengxiang" and len(deals) == 4
    replayed = [sum(d.end["deltas"][seat] for d in deals if d.end) for seat in range(3)]
    assert replayed == [s["total"] for s in data["seats"]]
    assert invoke(["replay", str(path)]).exit_code == 0
    assert invoke(["verify", str(path)]).exit_code == 3
    bofu = tmp_path / "bofu.jsonl"
    result = invoke(["simulate", "xiushan", "-p", "bofu", "-n", "12", "--bots", "heuristic",
                     "--seed", "3", "--record", str(bofu), "--json"])
    assert_clean(result, 0)
    files = sorted(p.name for p in tmp_path.glob("bofu*.jsonl"))
    assert files[0] == "bofu-2.jsonl" and "bofu.jsonl" in files  # more than one match
    assert sum(len(record.parse(p.read_text(encoding="utf-8"))[1])
               for p in tmp_path.glob("bofu*.jsonl")) == 12
    refused = invoke(["simulate", "--deals", "2", "--record", str(tmp_path / "no" / "x.jsonl")])
    assert refused.exit_code != 0 and "不存在" in refused.output


def test_a_handful_of_deals_is_flagged_a_small_sample() -> None:
    """5 deals' ci95 were taken for a t interval (a researcher): flagged as the arena's."""
    assert _simulate("--preset", "lanzhou", "--games", "5", "--seed", "2")["small_sample"] is True


def test_score_worth_counts_bofus_abacus_and_is_money_elsewhere() -> None:
    """钵福's money moves only at 得一钵: by money a short run's means read 0 (a researcher's
    check). ``--score worth`` scores each deal's worth less the standing it carried in, so
    the scores stay zero-sum and add up across a match; where worth is the money (兰州)
    the two agree."""
    def run(*args: str) -> dict[str, Any]:
        result = invoke(["simulate", *args, "--json", "--bots", "heuristic", "--seed", "4"])
        assert_clean(result, 0)
        data: dict[str, Any] = json.loads(result.stdout)
        return data
    def totals(deals: str, score: str) -> list[float]:
        data = run("xiushan", "-p", "bofu", "-n", deals, "--score", score)
        assert data["score"] == score
        return [s["total"] for s in data["seats"]]
    assert totals("2", "money") == [0, 0, 0]  # no 得一钵 yet: by money nothing happened
    worth = totals("2", "worth")
    assert any(abs(t) > 1 for t in worth) and math.isclose(sum(worth), 0, abs_tol=1e-5)
    # seed 4's third deal is 得一钵: the standing is paid and gone, and the run's scores
    # add up to its money either way (each deal's worth less the standing it carried in)
    assert totals("3", "worth") == pytest.approx(totals("3", "money"))
    one = run("xiushan", "-p", "bofu", "-n", "1", "--score", "worth")  # deal 1 from a fresh 钵
    game = get_game("xiushan")
    rules = game.rules("bofu")
    deal = Match(game, rules, 1, 4).start_deal()
    deal.play_out({s: make_bot("heuristic", game, rules, s, bot_seed(4, s)) for s in range(3)})
    assert [s["total"] for s in one["seats"]] == pytest.approx(list(game.worth(deal.state)))
    plain = [run("xianniu", "-p", "lanzhou", "-n", "5", "--score", s)["seats"]
             for s in ("money", "worth")]
    assert [s["mean"] for s in plain[0]] == [s["mean"] for s in plain[1]]
    table = invoke(["simulate", "xiushan", "-p", "bofu", "-n", "2", "--bots", "heuristic",
                    "--score", "worth"])
    assert "按折算分计分" in table.stdout
