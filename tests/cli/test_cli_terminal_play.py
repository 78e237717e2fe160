"""What a terminal play-test of 秀山 at 80×24 found (钵福's 报数 training, 麻雀福 with its
老爷, 三六福): the 32 报子 answers took 5 lines (16 in English) and pushed the table off the
screen; a full-width ``报６`` typed with an input method on was refused; a 300-character line
was echoed twice and scrolled everything away; 【结束】 and why stood above a table taller
than the screen, 本局无人收付 alone by the prompt; the 老爷 was 不打（老爷 / 巽家） and his two
set-aside cards 你的手牌."""

from __future__ import annotations

from pathlib import Path

from cli_helpers import assert_clean, invoke

TRAIN = ["play", "xiushan", "--preset", "bofu", "-r", "baoshu=train", "--seed", "11"]


def test_the_baozi_answers_are_one_line_in_either_language() -> None:
    for lang, first, listed in (("zh", "可选：报 0 … 报 30、不报（共 32 种", "31 报 30"),
                                ("en", "choices: announce 0 … announce 30, no announcement",
                                 "31 announce 30")):
        result = invoke([*TRAIN, "--lang", lang], "报 3\nq\nq\n")
        assert_clean(result, 0)
        assert first in result.output, result.output[-2000:]
        assert listed not in result.output


def test_full_width_input_reads_as_typed_and_a_flood_is_refused_unquoted() -> None:
    result = invoke(TRAIN, "报６\n" + "打" * 300 + "\nq\nq\n")
    assert_clean(result, 0)
    assert "你选了：报 6" in result.output
    assert "这一行有 300 个字，太长了" in result.output
    assert "打打打打打打" not in result.output  # never echoed


def test_why_the_deal_ended_is_said_by_the_payments_under_a_tall_table() -> None:
    result = invoke(["play", "xiushan", "--preset", "maquefu", "--players", "4", "-r",
                     "idle=laoye", "--seed", "5", "--deals", "1"], "#1\n" * 400)
    assert_clean(result, 0)
    out = result.output
    table, said, payments = out.rindex("座位 "), out.rindex("【结束】"), out.rindex("结算")
    assert out.count("【结束】") == 2 and table < said < payments  # the table's own, then again
    assert "老爷 · 不打" in result.output and "（老爷 / 巽家）" not in result.output
    assert "你这局不打，放在一边的牌：" in result.output  # seat 0 is the 老爷 of deal 1


def test_a_number_too_big_is_not_read_as_a_smaller_one() -> None:
    result = invoke(TRAIN, "报 31\nq\nq\n")
    assert_clean(result, 0)
    assert "最多报 30 个钱，不是 31" in result.output
    assert "是要「报 3」吗" not in result.output  # 报 3 is not inside 报 31


def test_a_replay_shows_a_wrong_baozi_as_wrong(tmp_path: Path) -> None:
    """The live log said 报错了，吃包子; the replay showed #1 座位0：报 4 alone (the mover's
    own first line is dropped as the move said again — not this one)."""
    out = tmp_path / "bz.jsonl"
    assert_clean(invoke([*TRAIN, "--record", str(out)], "报 4\nq\nq\n"), 0)
    replayed = invoke(["replay", str(out)])
    assert_clean(replayed, 0)
    move = replayed.output.index("座位0：报 4")
    assert "报错了，吃包子，应报 6" in replayed.output[move:move + 200]
