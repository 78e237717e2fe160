"""秀山字牌 in the terminal (its renderer, ``cli_support/families/xiushan.py``): whole deals of
each preset, the record replays, simulate runs the heuristic bot."""

from __future__ import annotations

import json
import re
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
    lines = result.output.splitlines()
    won = [line for line in lines if "和了（" in line and "。" in line]  # groups as 碰[二二二]
    assert won and all(":" not in line and "[" in line for line in won), won
    assert all("(" not in line for line in lines if "和了" in line)  # Chinese brackets
    # 麻雀福 不计油子: its win line, panel and breakdown said "0 油子" for every group
    assert ("油子" in result.output) == (preset != "maquefu")
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
            "melds": [[{"kind": "哨", "cards": None, "size": 3},
                       {"kind": "龙灯", "cards": None, "size": 4}], []], "my_melds": [],
            "hand": "一二三四五六七八九壹贰叁拾",
            "my_waits": [{"card": "拾", "score": 3, "youzi": 0, "score_self_drawn": 3,
                          "youzi_self_drawn": 0, "remaining": 3}]}  # the engine's, as read
    rules = GAME.rules("maquefu", seats=2)
    console = Console(width=100, record=True)
    console.print(renderer_for(GAME).table(view, RenderContext(GAME, rules, "zh", me=1)))
    text = console.export_text()
    assert "哨[???]  龙灯[????]" in text and "听：拾" in text  # a ? for each unseen card


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
                                 "face_down": True, "as_peng": False}
    waits = invoke(["waits", "xiushan", "壹贰叁贰柒拾一二三二七十四五六七八九伍陆", "--json"])
    assert_clean(waits, 0)
    assert {w["card"] for w in json.loads(waits.stdout)["waits"]} == {"肆", "柒"}
    bad = invoke(["score", "xiushan", "壹贰X", "-p", "maquefu"])
    assert bad.exit_code != 0 and "X" in bad.output


def test_a_whole_bo_of_bofu_plays_to_debo_and_replays(tmp_path: Path) -> None:
    """钵福 in the 报数 training mode: every seat's 算盘 drawn as beads (no number), the
    learner's 报子 prompt, a wrong announcement (the first choice, 报 0) is 吃包子, and the
    match ends at 得一钵; every deal's record carries the 钵 and replays."""
    out = tmp_path / "bofu.jsonl"
    result = invoke(["play", "xiushan", "--preset", "bofu", "--seed", "3", "--rule",
                     "baoshu=train", "--record", str(out)], "#1\n" * 4000)  # 1 is also 报 1
    assert_clean(result, 0)
    text = result.output
    assert "报数练习：看珠子读数" in text and "◉" in text and "是几个钱？" in text
    assert "报错了，吃包子，应报" in text and "戴帽子" in text
    assert "得一钵！" in text and "对局结束" in text
    lines = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    deals = [x for x in lines if x["type"] == "deal"]
    assert len(deals) >= 2 and "carry" not in deals[0] and all("carry" in d for d in deals[1:])
    ends = [x for x in lines if x["type"] == "end"]
    assert sum(ends[-1]["deltas"]) == 0 and any(ends[-1]["deltas"])
    assert not any(any(e["deltas"]) for e in ends[:-1])  # only 得一钵 moves money
    replayed = invoke(["replay", str(out)])
    assert_clean(replayed, 0)
    assert "全部合法" in replayed.output


def test_score_bofu_and_sanliufu_itemise_mingtang() -> None:
    hand = "壹贰叁贰柒拾一二三二七十肆肆伍伍陆陆玖玖玖"
    result = invoke(["score", "bofu", hand, "--win", "玖", "--json"])
    assert_clean(result, 0)
    data = json.loads(result.stdout)
    assert data["wins"] and data["youzi"] == 21 and data["fan"] == 2
    assert [m["name"] for m in data["mingtang"]] == ["飘福"] and data["value"] == 42
    result = invoke(["score", "sanliufu", hand, "--win", "玖", "-o", "hu_threshold=18",
                     "--json"])
    assert_clean(result, 0)
    data = json.loads(result.stdout)
    assert data["dou"] == data["value"] == 1 + sum(m["dou"] for m in data["mingtang"])
    bad = invoke(["score", "bofu", hand, "--context", "海啸"])
    assert bad.exit_code == 1 and "海底" in bad.output


def _rows(text: str) -> list[list[str]]:
    """The cells of each row of a rich table (│-separated), blank cells dropped."""
    return [[cell.strip() for cell in line.split("│") if cell.strip()]
            for line in text.splitlines() if line.startswith("│")]


def test_score_prints_the_groups_their_youzi_and_each_dou() -> None:
    """Without ``--json``: each group with its 油子 and where it lies, the total, each 豆
    and why, the verdict — the same numbers as the JSON, and no English in Chinese."""
    args = ["score", "xiushan", "壹贰叁贰柒拾一二三二七十伍陆柒四五六", "-m", "哨:捌捌捌",
            "--win", "三", "--jiang", "陆"]
    result = invoke(args)
    assert_clean(result, 0)
    data = json.loads(invoke([*args, "--json"]).stdout)
    rows = _rows(result.stdout)
    groups = [(g["kind"], g["cards"], str(g["youzi"])) for g in data["groups"]]
    assert [tuple(r[:3]) for r in rows[:len(groups)]] == groups
    assert rows[0][3] == "撲（扣着）" and rows[1][3] == "手里"
    assert rows[len(groups)] == ["合计", "24"]
    dou = rows[len(groups) + 1:]
    assert dou == [["1", "和"], ["2", "二×2"], ["2", "贰×2"], ["5", "共 5 豆"]]
    assert "和牌 ✓  24 胡油子，5 豆" in result.stdout
    assert "将：陆六" in result.stdout
    assert not re.search(r"[A-Za-z]", result.stdout)
    english = invoke([*args, "--lang", "en"])
    assert _header(english.stdout) == ["group", "cards", "油子", "note"]
    assert "wins ✓  24 油子, 5 豆" in english.stdout


def _header(text: str) -> list[str]:
    line = next(x for x in text.splitlines() if x.startswith("┃"))
    return [cell.strip() for cell in line.split("┃") if cell.strip()]


def test_score_says_why_a_hand_does_not_win() -> None:
    short = invoke(["score", "xiushan", "壹贰叁贰柒拾一二三二七十伍陆柒四五六", "-m", "哨:捌捌捌",
                    "--win", "三", "-p", "sanliufu"])
    assert_clean(short, 0)
    assert "不能和：最好的拆法只有 24 胡油子，至少要 36 胡" in short.stdout
    broken = invoke(["score", "xiushan", "壹贰叁贰柒拾一二三二七十伍陆柒四五七", "-m", "哨:捌捌捌"])
    assert_clean(broken, 0)
    assert "拆不成整副" in broken.stdout and "┃" not in broken.stdout


def test_waits_prints_a_table_of_waits() -> None:
    args = ["waits", "xiushan", "壹贰叁贰柒拾一二三二七十伍陆柒四五", "-m", "哨:捌捌捌",
            "--jiang", "陆", "--seen", "三"]
    result = invoke(args)
    assert_clean(result, 0)
    found = json.loads(invoke([*args, "--json"]).stdout)["waits"]
    rows = _rows(result.stdout)
    assert rows == [[w["card"], str(w["score"]), str(w["youzi"]), str(w["score_self_drawn"]),
                     str(w["youzi_self_drawn"]), str(w["remaining"])] for w in found]
    assert rows == [["三", "5", "24", "6", "24", "2"], ["六", "5", "24", "6", "24", "4"]]
    assert "听 2 种牌，还有 6 张未见" in result.stdout
    assert not re.search(r"[A-Za-z]", result.stdout)
    none = invoke(["waits", "xiushan", "壹贰叁贰柒拾一二三二七十伍陆柒四八", "-m", "哨:捌捌捌"])
    assert_clean(none, 0)
    assert "不听牌" in none.stdout


def test_the_drill_moves_the_abacus_and_catches_a_wrong_answer() -> None:
    from huapai.games.xiushan.drill import Drill
    from huapai.games.xiushan.rules import BOFU

    first = Drill(BOFU, 1).question()
    wrong = (first.answer + 1) % 25
    result = invoke(["drill", "--seed", "1", "-n", "3"], f"{wrong}\nxyz\n{first.answer}\nq\n")
    assert_clean(result, 0)
    assert "报错了，吃包子！应报" in result.output and "戴帽子" in result.output
    assert "要一个数" in result.output and "●" in result.output
    assert "答对 0 / 2，" in result.output  # the third question, quit, is not counted
    bad = invoke(["drill", "-n", "0"])
    assert bad.exit_code == 1
    en = invoke(["drill", "--seed", "1", "-n", "2", "--lang", "en"], f"{wrong}\nq\n")
    assert_clean(en, 0)  # the question's brackets and the marks in English
    assert "（" not in en.output and "将：" not in en.output and "负" not in en.output


def test_simulate_bofu_plays_n_deals_across_several_bo() -> None:
    result = invoke(["simulate", "xiushan", "-p", "bofu", "-n", "12", "--json"])
    assert_clean(result, 0)
    data = json.loads(result.stdout)
    assert data["deals"] == 12 and sum(s["total"] for s in data["seats"]) == 0


@pytest.mark.parametrize("args", [
    ["score", "xiushan", "一二三"],  # wrong size
    ["score", "xiushan", "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾", "-m", "坎:一一一"],  # a 坎
    ["waits", "xiushan", "一一一一一二三四五六七八九十壹贰叁"],  # five of a card
    ["score", "xiushan", "一二三", "--win", "拾"],
])
def test_calculator_errors_are_chinese_in_chinese_mode(args: list[str]) -> None:
    """Bad input is refused by name, and in Chinese mode in Chinese only (issue 9 §2)."""
    zh = invoke(args)
    assert_clean(zh, 1)
    text = zh.output.replace("xiushan", "")
    assert "错误" in text and not re.search(r"[A-Za-z]{2,}", text), text
    en = invoke([*args, "--lang", "en"])
    assert_clean(en, 1)
    assert "error" in en.output


def test_maquefu_scores_and_waits_without_youzi() -> None:
    """麻雀福 不计油子: the calculator showed a 油子 column of zeros, a 合计 of 0 and
    "起胡 0 胡", and "0 胡油子" in its verdict; its waits a 油子 column of zeros. An English
    count of one is singular ("waits · 1 card", not "1 card(s)")."""
    hand = "一二三四五六七八九壹贰叁拾"
    score = invoke(["score", "xiushan", "-p", "maquefu", hand + "拾"])
    assert_clean(score, 0)
    assert "不计油子" in score.output and "和牌 ✓  3 豆" in score.output
    assert "油子" not in score.output.replace("不计油子", "") and "合计" not in score.output
    waits = invoke(["waits", "xiushan", "-p", "maquefu", hand, "--lang", "en"])
    assert_clean(waits, 0)
    assert "油子" not in waits.output.replace("(钵福: 油子 × 翻", "")
    assert "waits · 1 card\n" in waits.output and "waits on 1 card, 3 copies unseen" in waits.output


def test_a_win_on_the_dealt_hand_says_tianhu() -> None:
    """A win with no card won on is the 庄家's 天胡, as the settlement says (the result line
    said 自摸); a drawn card is 自摸, a discard names who fed it."""
    from huapai.cli_support.families.xiushan import XiushanRenderer
    from huapai.cli_support.render import RenderContext
    from huapai.games.xiushan.game import GAME

    ctx = RenderContext(GAME, GAME.rules("maquefu"), "zh", me=1)
    win = {"seat": 0, "youzi": 0, "dou": 4, "groups": [], "from_seat": None, "card": None}
    said = [XiushanRenderer()._win({**win, **change}, ctx).plain
            for change in ({}, {"card": "贰"}, {"from_seat": 2, "card": "贰"})]
    assert "和了（天胡）" in said[0] and "和了（自摸）" in said[1] and "放炮" in said[2], said


def test_a_wait_says_its_self_drawn_worth_where_it_differs() -> None:
    """十八福 pays 1 豆 more self-drawn: the wait says both (it showed the discard's alone,
    and a card that wins only self-drawn looked like any other)."""
    from huapai.cli_support.families.xiushan import _waits
    from huapai.cli_support.render import RenderContext
    from huapai.games.xiushan.game import GAME

    waits = [{"card": "柒", "score": 3, "score_self_drawn": 4, "remaining": 2},
             {"card": "拾", "score": None, "score_self_drawn": 5, "remaining": 1},
             {"card": "二", "score": 2, "score_self_drawn": 2, "remaining": 3}]
    view = {"my_waits": waits}
    rules = GAME.rules("shibafu")
    zh = _waits(view, RenderContext(GAME, rules, "zh", me=0))
    en = _waits(view, RenderContext(GAME, rules, "en", me=0))
    assert zh is not None and en is not None
    assert "柒（3 豆，自摸 4，剩 2）" in zh.plain and "拾（自摸 5 豆，剩 1）" in zh.plain
    assert "二（2 豆，剩 3）" in zh.plain
    assert "柒 (3 豆, self-drawn 4, 2 left)" in en.plain
    assert "拾 (5 豆 self-drawn only, 1 left)" in en.plain


def test_a_kan_completed_by_a_discard_says_it_counts_as_a_peng() -> None:
    """伍伍伍 made by the winning discard scores a 碰's 3 油子 (``discard_triple``): shown as
    a 坎 worth 3 (the table gives a big 坎 6) it read as a mistake to an English newcomer."""
    hand = "一二三壹贰叁二七十贰柒拾四五六陆柒捌伍伍伍"
    english = invoke(["score", "xiushan", hand, "--win", "伍", "--lang", "en"])
    assert_clean(english, 0)
    assert "in hand, won on a discard: counted as a 碰" in english.stdout
    assert "18 油子 to win" in english.stdout and "胡 to win" not in english.stdout
    data = json.loads(invoke(["score", "xiushan", hand, "--win", "伍", "--json"]).stdout)
    kan = next(g for g in data["groups"] if g["cards"] == "伍伍伍")
    assert (kan["kind"], kan["youzi"], kan["as_peng"]) == ("坎", 3, True)
    drawn = json.loads(invoke(["score", "xiushan", hand, "--win", "伍", "--self-drawn",
                               "--json"]).stdout)
    assert next(g for g in drawn["groups"] if g["cards"] == "伍伍伍")["as_peng"] is False


def test_my_discard_that_leaves_me_waiting_says_the_waits() -> None:
    """After my discard the bots play on and my next prompt comes with a card drawn: the
    guide's "the game lists your waits" never happened in the terminal unless asked (an
    English newcomer's play-test). Seed 1: my discard of 七 leaves me waiting on 叁 and 陆."""
    result = invoke(["play", "xiushan", "-p", "maquefu", "--seed", "1", "--deals", "1",
                     "--lang", "en"], stdin="1\n" * 400)
    lines = result.output.splitlines()
    after = [lines[i + 1] for i, line in enumerate(lines[:-1])
             if line.strip().startswith("you discarded")]
    assert any(line.startswith("waits: 叁") for line in after), after
    # said after my discard, not again after each 过 of mine to the discards that follow
    others = [lines[i + 1] for i, line in enumerate(lines[:-1])
              if re.match(r"\s+seat \d discarded", line)]
    assert not any(line.startswith("waits:") for line in others), others


def test_the_calculator_says_which_group_the_jiang_raised() -> None:
    """捌捌捌 哨 worth 12 with 将 捌 beside groups worth 3 and 6: its note says 将."""
    hand = ["score", "xiushan", "壹贰叁贰柒拾一二三二七十伍陆柒四五六", "-m", "哨:捌捌捌",
            "--win", "三", "--jiang", "捌"]
    rows = [line for line in invoke(hand).output.splitlines() if "│" in line]
    assert [r for r in rows if "将" in r] == [next(r for r in rows if "捌捌捌" in r)]
    english = invoke([*hand, "--lang", "en"]).output
    assert "face down (撲), 将 (worth more)" in english


def test_a_misspelt_action_is_quoted_once() -> None:
    """"✗ 看不懂「达 伍」：看不懂动作 '达 伍'：可以是 …" said it twice, in two kinds of quotes
    (a play-test): the game's message lists what an action can be, the terminal quotes."""
    for lang, said in (("zh", "看不懂「达 伍」：动作可以是 过、和"),
                       ("en", "cannot read '达 伍': an action is one of pass (过)")):
        out = invoke(["play", "xiushan", "-p", "shibafu", "--seed", "1", "--deals", "1",
                      "--lang", lang], "达 伍\nq\nq\n").output
        line = next(x for x in out.splitlines() if said in x)
        assert line.count("达 伍") == 1, line


def test_a_bad_win_or_jiang_card_names_its_option() -> None:
    """``--jiang X`` said only 「X」第 1 个字「X」不是牌 (a play-test): which option it was is
    said first, in the language the command speaks (将（--jiang）, not jiang: a play-test)."""
    hand = ["score", "xiushan", "壹贰叁贰柒拾一二三二七十伍陆柒四五六", "-m", "哨:捌捌捌"]
    jiang = invoke([*hand, "--win", "三", "--jiang", "X"])
    assert jiang.exit_code == 1 and "将（--jiang）：「X」第 1 个字「X」不是牌" in jiang.output
    win = invoke([*hand, "--win", "X", "--lang", "en"])
    assert win.exit_code == 1 and "win_card (--win): unknown card 'X'" in win.output
