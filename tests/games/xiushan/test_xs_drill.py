"""The 报数 drill and the abacus as beads."""

from __future__ import annotations

import random

import pytest

from huapai.games.xiushan.abacus import ANNOUNCED_KINDS, announce_value
from huapai.games.xiushan.drill import Drill, beads, parse_said, random_item, value_of, zh_number
from huapai.games.xiushan.rules import BOFU


def test_drill_is_seeded() -> None:
    a, b = Drill(BOFU, seed=7), Drill(BOFU, seed=7)
    assert [a.question() for _ in range(20)] == [b.question() for _ in range(20)]


def test_every_question_asks_the_seed_value() -> None:
    rng = random.Random(3)
    items = [random_item(rng) for _ in range(500)]
    assert all(i.answer == announce_value(i.kind, i.card, i.jiang) for i in items)
    assert {i.kind for i in items} == set(ANNOUNCED_KINDS)  # 碰 哨 开召 鸡 龙灯 all come up
    assert any(i.is_jiang() for i in items) and any(not i.is_jiang() for i in items)


def test_the_question_does_not_show_the_answer() -> None:
    item = Drill(BOFU, seed=1).question()
    assert "answer" not in item.to_json()
    assert item.to_json(with_answer=True)["answer"] == item.answer


def test_right_answer_moves_the_abacus_wrong_one_is_baozi() -> None:
    d = Drill(BOFU, seed=11)
    q = d.question()
    step = d.answer(q, q.answer)
    assert step.correct and d.abacus == q.answer and value_of(step.beads) == q.answer
    q = d.question()
    step = d.answer(q, q.answer + 1)  # 报错子吃包子
    assert not step.correct and step.event.kind == "baozi"
    assert d.abacus == -20 and step.beads.hat and step.beads.negative
    assert (d.answered, d.right) == (2, 1)
    d.question()  # asked, not answered (the learner quits): not counted
    assert d.answered == 2
    q = d.question()
    step = d.answer(q, None)  # 不报子，不上算盘
    assert not step.correct and d.abacus == -20 and step.event.kind == "unannounced"


@pytest.mark.parametrize("value", [0, 1, 4, 5, 9, 10, 27, 100, 1234, 98765, -20, -7])
def test_beads_show_the_value(value: int) -> None:
    b = beads(value)
    assert value_of(b) == value and b.negative == (value < 0)
    assert all(0 <= r.upper <= 1 and 0 <= r.lower <= 4 for r in b.rods)
    assert len(b.rods) == max(4, len(str(abs(value))))
    lines = b.text().splitlines()
    assert len(lines) == 3 + 1 + 6 and lines[3] == "═" * (2 * len(b.rods) - 1)


def test_beads_of_27() -> None:
    b = beads(27, rods=2)
    assert [(r.place, r.digit, r.upper, r.lower) for r in b.rods] == [(10, 2, 0, 2), (1, 7, 1, 2)]
    assert b.to_json()["rods"][1] == {"place": 1, "digit": 7, "upper": 1, "lower": 2}
    assert b.text().splitlines() == [
        "● ●", "● │", "│ ●", "═══", "● ●", "● ●", "│ │", "● ●", "● ●", "● ●"]


@pytest.mark.parametrize(("text", "value"), [
    ("3", 3), ("3个钱", 3), ("12 个钱", 12), ("三", 3), ("十", 10), ("十二", 12),
    ("二十四", 24), ("两个钱", 2), ("十八钱", 18), ("叁拾", 30), ("拾贰个钱", 12)])  # fmt: skip
def test_parse_said(text: str, value: int) -> None:
    assert parse_said(text) == value


@pytest.mark.parametrize("text", ["", "abc", "十十", "三个", "-3"])
def test_parse_said_refuses_what_is_not_a_number(text: str) -> None:
    with pytest.raises(ValueError, match="not a number"):
        parse_said(text)


def test_zh_number_is_what_parse_said_reads() -> None:
    """The 汉字 number the 钵 refusal writes (第二回) reads back as the same number."""
    assert [zh_number(n) for n in (2, 10, 12, 20, 99)] == ["二", "十", "十二", "二十", "九十九"]
    assert all(parse_said(zh_number(n)) == n for n in range(1, 100))
    assert zh_number(100) == "100"


def test_the_question_and_the_marks_in_english() -> None:
    """The terminal's English drill said 哨 玖玖玖（将：伍） and 戴帽子 负: its brackets and
    words in English now, the game's terms kept."""
    rng = random.Random(3)
    items = [random_item(rng) for _ in range(200)]
    with_jiang = next(i for i in items if i.jiang is not None)
    zh, en = with_jiang.prompt(), with_jiang.prompt("en")
    assert zh.endswith("）") and "（将：" in zh
    assert " (将: " in en and en.endswith(")") and "（" not in en and "：" not in en
    assert beads(-120).text().splitlines()[0].endswith("负")
    assert beads(-120).text("en").splitlines()[0].endswith("negative")


def test_a_bare_bao_asks_for_its_number() -> None:
    """报 alone in 钵福 (报数 by the player) says an announcement is a number (it listed
    过 胡 碰 … and 打, everything but 报 N)."""
    from huapai.core.protocol import NotationError
    from huapai.games.xiushan.game import GAME

    rules = GAME.rules("bofu")
    for text in ("报", " 报 ", "bao"):
        with pytest.raises(NotationError) as info:
            GAME.parse_action(rules, text)
        msg = info.value.msg
        assert "报 3" in msg.zh and "不报" in msg.zh and "报 3" in msg.en, msg
    assert GAME.parse_action(rules, "报 3") == GAME.parse_action(rules, "报3")
