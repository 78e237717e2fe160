"""``huapai arena`` on the command line: JSON, table, plot, and every refusal."""

from __future__ import annotations

import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from huapai.cli import app

runner = CliRunner()


def _arena(*args: str) -> Result:
    return runner.invoke(app, ["arena", *args])


def _refused(result: Result, *words: str) -> None:
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert result.output.startswith(("错误：", "error: ")), result.output  # no blank line first
    for word in words:
        assert word in result.output


def test_json_report_keys() -> None:
    result = _arena("xianniu", "--bots", "heuristic,random,random", "--deals", "3",
                    "--seed", "2", "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    assert set(data) == {"game", "preset", "rules", "seed", "bots", "format", "deals",
                         "small_sample", "score", "arrangements", "games", "mean_decisions",
                         "entrants"}
    assert (data["small_sample"], data["score"]) == (True, "money")
    assert (data["preset"], data["seed"], data["deals"], data["games"]) == ("lanzhou", 2, 3, 9)
    assert data["arrangements"] == [["heuristic", "random", "random"],
                                    ["random", "heuristic", "random"],
                                    ["random", "random", "heuristic"]]
    entrant = data["entrants"][0]
    assert set(entrant) == {"bot", "seats", "mean", "ci95", "diff", "rates", "rating",
                            "curve"}
    assert set(entrant["diff"]) == {"mean", "ci95", "ci99", "significant95",
                                    "significant99"}
    assert set(entrant["rates"]) == {"ahead", "gou", "ci"}
    lo95, hi95 = entrant["diff"]["ci95"]
    lo99, hi99 = entrant["diff"]["ci99"]
    assert lo99 < lo95 < hi95 < hi99


def test_table_and_plot(tmp_path: Path) -> None:
    plot = tmp_path / "run.svg"
    result = _arena("biegan", "--bots", "random,heuristic,random", "--deals", "2",
                    "--plot", str(plot), "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "duplicate arena" in result.output and "heuristic" in result.output
    svg = ET.fromstring(plot.read_text(encoding="utf-8"))
    assert svg.tag.endswith("svg")
    assert len(svg.findall("{http://www.w3.org/2000/svg}polyline")) == 2
    texts = [t.text or "" for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert "deals" in texts and "heuristic" in texts and "random" in texts
    chinese = _arena("biegan", "--bots", "random,heuristic,random", "--deals", "1",
                     "--plot", str(plot))
    assert chinese.exit_code == 0 and "复式对战" in chinese.output
    # in Chinese mode the bots are named in Chinese (as play and simulate name them), the
    # intervals' heads in Chinese brackets, and the plot says its words in Chinese
    assert "经验型" in chinese.output and "随机" in chinese.output
    assert "差（95%）" in chinese.output
    assert not re.search(r"heuristic|random|[()]", chinese.output), chinese.output
    texts = [t.text or "" for t in ET.fromstring(plot.read_text(encoding="utf-8")).iter(
        "{http://www.w3.org/2000/svg}text")]
    assert "副牌" in texts and "经验型" in texts and "累计差值" in texts[0]
    assert not any(re.search("[A-Za-z]", t) for t in texts), texts


@pytest.mark.parametrize(("args", "words", "english"), [
    (["--bots", "search:宗师,random,random"], ["--bots：没有「宗师」这个级别"],
     ["unknown level", "宗师"]),
    (["--bots", "heuristic:高手,random,random"], ["机器人「heuristic」没有级别"],
     ["has no levels"]),
    (["--bots", "nobody,random,random"], ["--bots：xianniu 没有叫「nobody」的机器人"],
     ["unknown bot", "nobody"]),
    (["--bots", "heuristic,random"], ["--bots 写了 2 个机器人，这桌有 3 个座位"],
     ["3 seats"]),
    (["--bots", "random,random,random"], ["--bots 只写了一种机器人"], ["one bot only"]),
    (["--bots", "heuristic,random,random", "--deals", "0"], ["--deals 至少要 1，不能是 0"],
     ["--deals must be at least 1"]),
    (["--bots", "heuristic,random,random", "--workers", "0"], ["--workers 至少要 1"],
     ["--workers must be at least 1"]),
    (["--bots", "heuristic,random,random", "--plot", "/no/such/dir/p.svg"],
     ["--plot /no/such/dir/p.svg：文件夹 /no/such/dir 不存在"], ["--plot", "does not exist"]),
    (["--bots", "heuristic,random,random", "--preset", "nowhere"],
     ["xianniu 没有玩法「nowhere」"], ["unknown preset 'nowhere'"]),
    (["--bots", "heuristic,random,random", "--record", "/no/such/dir/a.jsonl"],
     ["--record /no/such/dir/a.jsonl：文件夹 /no/such/dir 不存在"],
     ["--record", "does not exist"]),
    (["--bots", "heuristic,random,random", "--score", "points"],
     ["--score 只能是 money 或 worth，不是「points」"], ["--score is money or worth"]),
])
def test_bad_options_are_refused(args: list[str], words: list[str],
                                 english: list[str]) -> None:
    """Each refusal names what was wrong, in the language of the command."""
    _refused(_arena("xianniu", "--deals", "1", *args), *words)
    _refused(_arena("xianniu", "--deals", "1", *args, "--lang", "en"), *english)


def test_bofu_scored_by_money_says_so_and_worth_counts_the_abacus() -> None:
    """钵福's money moves only at 得一钵: four deals scored by money were all 0 ± 0, with
    nothing said; ``--score worth`` scores what the search is rewarded with."""
    args = ["xiushan", "--preset", "bofu", "--bots", "heuristic,random,random",
            "--deals", "4", "--seed", "1"]
    money = _arena(*args)
    assert money.exit_code == 0, money.output
    assert "按钱计分" in money.output and "--score worth" in money.output
    assert "不到 30 副牌" in money.output and not re.search(r"\d \*", money.output)
    said = _arena(*args, "--score", "worth")
    assert "按折算分计分" in said.output and "按钱计分" not in said.output
    worth = _arena(*args, "--score", "worth", "--json")
    assert worth.exit_code == 0, worth.output
    data = json.loads(worth.stdout)
    assert data["score"] == "worth" and data["entrants"][0]["mean"] != 0
    plain = _arena("xiushan", "--preset", "maquefu", "--bots", "heuristic,random,random,random",
                   "--deals", "1")
    assert "按钱计分" not in plain.output  # 麻雀福's worth is its money


def test_ray_without_ray_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where ray is not installed (here made so whether it is or not: a ``None`` in
    ``sys.modules`` makes its import fail)."""
    monkeypatch.setitem(sys.modules, "ray", None)
    _refused(_arena("xianniu", "--bots", "heuristic,random,random", "--deals", "1",
                    "--ray", "auto"), "--ray 要先装 ray", "pip install 'huapai[ray]'")


def test_a_narrow_terminal_cuts_nothing_of_the_report() -> None:
    """At 60 columns the report's headings and the bots' names wrap or fold; none ends in
    "…" (``discard…``, ``(heuristi…`` were cut)."""
    result = runner.invoke(app, ["arena", "biegan", "--bots", "random,heuristic,random",
                                 "--deals", "1", "--lang", "en"], env={"COLUMNS": "60"})
    assert result.exit_code == 0, result.output
    assert "…" not in result.output, result.output
    assert "heuristic" in result.output


def test_record_keeps_every_arrangement_for_replay_and_review(tmp_path: Path) -> None:
    """A researcher wanted the arena's deals for replay and review (a play-test): each
    deal in each arrangement, in order, its header naming the bot at each seat — the same
    file from one worker or two, and the file replays."""
    files = []
    for workers in ("1", "2"):
        path = tmp_path / f"arena-{workers}.jsonl"
        result = _arena("xianniu", "--bots", "heuristic,random,random", "--deals", "3",
                        "--workers", workers, "--record", str(path), "--json")
        assert result.exit_code == 0, result.output
        files.append(path.read_text(encoding="utf-8"))
    assert files[0] == files[1]
    headers = [json.loads(line) for line in files[0].splitlines()
               if json.loads(line)["type"] == "deal"]
    assert len(headers) == 3 * 3  # three deals, heuristic at each of three seats
    assert [h["players"].index("heuristic") for h in headers] == [0, 1, 2] * 3
    assert len({h["deal"] for h in headers}) == 3  # each deal dealt once per arrangement
    assert {h["preset"] for h in headers} == {"lanzhou"}  # replay titles each deal by it
    replay = runner.invoke(app, ["replay", str(tmp_path / "arena-1.jsonl"), "--lang", "en"])
    assert replay.exit_code == 0 and "9 deals" in replay.output, replay.output
    # totals by bot, not by seat: each seat held each bot in turn (a researcher's
    # play-test read seat totals that meant nothing); the game is zero-sum
    totals = next(line for line in replay.output.splitlines() if "totals" in line)
    assert totals.startswith("totals by player (9 deals finished"), totals
    by = dict(part.split() for part in totals.split(": ", 1)[1].split("  "))
    assert set(by) == {"heuristic", "random"} and sum(map(int, by.values())) == 0, totals
