"""钵福: every number of seed ``004_1284c002b6627dc7`` §四 about 名堂 and 翻, each a test.

"钵福的明堂：天福3翻，地福2翻，清福3翻…乌福3翻，一颗珠2翻，红福2翻，太保红3翻，飘福2翻，
18飘3翻，18细3翻，18大2翻 台福（24～27胡油子） 2翻，甲福（28胡以上）3翻。两个以上名堂3翻，
无名堂只有1翻，不论有多少名堂，最高3翻。…有几翻就把和牌的油子数乘以几得出总数".

Each hand below is built to hold exactly the 名堂 named (the others' conditions, from
xiushan.md §4, fail by construction: 2–9 red cards, a plain 联子, a 哨, < 18 of either
size, 油子 18–23); the result must list that 名堂, its seed 翻, and 油子 × 翻.
"""

from __future__ import annotations

import pytest

from huapai.games.xiushan.calculator import score
from huapai.games.xiushan.mingtang import builtin_table
from huapai.games.xiushan.rules import BOFU

SEED = "seed 004_1284c002b6627dc7"

SEED_FAN = {"天福": 3, "地福": 2, "清福": 3, "乌福": 3, "一颗珠": 2, "红福": 2, "太保红": 3,
            "飘福": 2, "18飘": 3, "18细": 3, "18大": 2, "台福": 2, "甲福": 3}  # fmt: skip

# name -> (concealed, melds, context, 油子)
ONLY = {
    "乌福": ("三四五三四五四五六四五六", ["哨:叁叁叁", "哨:肆肆肆", "哨:伍伍伍"], (), 18),
    "一颗珠": ("三四五三四五四五六五六七", ["哨:叁叁叁", "哨:肆肆肆", "哨:伍伍伍"], (), 18),
    "清福": ("壹贰叁一二三二七十", ["碰:九九九", "碰:捌捌捌", "碰:陆陆陆", "哨:五五五"], (), 22),
    "飘福": ("壹贰叁二三四六七八", ["碰:叁叁叁", "碰:肆肆肆", "碰:伍伍伍", "碰:捌捌捌"], (), 18),
    "红福": ("二七十肆伍陆肆伍陆", ["哨:二二二", "哨:七七七", "哨:十十十", "哨:叁叁叁"], (), 18),
    "18细": ("一二三二七十六七八", ["哨:一一一", "哨:三三三", "哨:四四四", "哨:五五五"], (), 18),
    "18大": ("壹贰叁陆柒捌肆伍陆", ["碰:壹壹壹", "碰:叁叁叁", "碰:肆肆肆", "哨:伍伍伍"], (), 21),
    "台福": ("壹贰叁二三四", ["哨:叁叁叁", "哨:肆肆肆", "碰:玖玖玖", "碰:捌捌捌", "哨:五五五"],
             (), 27),
    "甲福": ("壹贰叁二三四", ["哨:叁叁叁", "哨:肆肆肆", "哨:伍伍伍", "碰:玖玖玖", "碰:八八八"],
             (), 28),
    "天福": ("壹贰叁二三四", ["哨:叁叁叁", "哨:肆肆肆", "碰:玖玖玖", "碰:八八八", "碰:九九九"],
             ("tianhu",), 23),
    "地福": ("壹贰叁二三四", ["哨:叁叁叁", "哨:肆肆肆", "碰:玖玖玖", "碰:八八八", "碰:九九九"],
             ("dihu",), 23),
}  # fmt: skip


def test_seed_004_the_13_mingtang_and_their_fan_are_the_table() -> None:
    table = builtin_table("bofu")
    assert {m.name: m.value for m in table.entries} == SEED_FAN
    assert len(table.entries) == 13
    assert all(m.source and m.confidence for m in table.entries)


@pytest.mark.parametrize("name", list(ONLY))
def test_seed_004_each_mingtang_alone_scores_its_fan(name: str) -> None:
    hand, melds, context, youzi = ONLY[name]
    r = score(BOFU, hand, melds, context=context)
    assert r.wins and r.youzi == youzi
    assert [m.name for m in r.mingtang] == [name], SEED
    assert r.fan == SEED_FAN[name]
    assert r.value == youzi * SEED_FAN[name]  # 有几翻就把和牌的油子数乘以几
    j = r.to_json()
    assert j["fan"] == SEED_FAN[name] and j["value"] == r.value
    assert j["mingtang"] == [{"id": r.mingtang[0].id, "name": name, "fan": SEED_FAN[name],
                              "meaning": {"zh": r.mingtang[0].meaning[0],
                                          "en": r.mingtang[0].meaning[1]}}]
    assert all(r.mingtang[0].meaning)  # what it is, for the settlement


def test_seed_004_no_mingtang_is_1_fan() -> None:
    melds = ["哨:叁叁叁", "哨:肆肆肆", "碰:玖玖玖", "碰:八八八", "碰:九九九"]
    r = score(BOFU, "壹贰叁二三四", melds)
    assert r.wins and r.youzi == 23 and r.mingtang == () and r.fan == 1 and r.value == 23


@pytest.mark.parametrize(("melds", "youzi", "name"), [
    (["碰:玖玖玖", "碰:八八八", "碰:九九九"], 23, None),
    (["碰:玖玖玖", "碰:捌捌捌", "哨:五五五"], 27, "台福"),
    (["哨:伍伍伍", "碰:玖玖玖", "碰:八八八"], 28, "甲福"),
])  # fmt: skip
def test_seed_004_taifu_is_24_to_27_and_jiafu_28_up(
    melds: list[str], youzi: int, name: str | None
) -> None:
    r = score(BOFU, "壹贰叁二三四", ["哨:叁叁叁", "哨:肆肆肆", *melds])
    assert r.youzi == youzi
    assert [m.name for m in r.mingtang] == ([name] if name else [])


def test_seed_004_taifu_starts_at_24() -> None:
    # 一二三 (3) instead of 壹贰叁 (6): 15 + 9 = 24
    melds = ["哨:叁叁叁", "哨:肆肆肆", "哨:五五五", "碰:玖玖玖", "碰:捌捌捌"]
    r = score(BOFU, "一二三二三四", melds)
    assert r.youzi == 24 and [m.name for m in r.mingtang] == ["台福"] and r.value == 48


def test_seed_004_two_mingtang_are_3_fan_not_the_sum() -> None:
    # 乌福 (3) + 台福 (2): 3 翻, not 5 (两个以上名堂3翻)
    r = score(BOFU, "四五六四五六三四五", ["哨:叁叁叁", "哨:肆肆肆", "哨:伍伍伍", "哨:捌捌捌"])
    assert [m.name for m in r.mingtang] == ["乌福", "台福"]
    assert r.youzi == 24 and r.fan == 3 and r.value == 72


def test_seed_004_never_more_than_3_fan() -> None:
    # 乌福 (3) + 甲福 (3): 3 翻, not 6 or 9 (不论有多少名堂，最高3翻)
    melds = ["哨:叁叁叁", "哨:肆肆肆", "哨:伍伍伍", "哨:捌捌捌", "哨:玖玖玖"]
    r = score(BOFU, "四五六四五六", melds)
    assert [m.name for m in r.mingtang] == ["乌福", "甲福"]
    assert r.youzi == 30 and r.fan == 3 and r.value == 90
    # three 名堂: still 3
    r = score(BOFU, "四五六四五六", melds, context=("tianhu",))
    assert len(r.mingtang) == 3 and r.fan == 3 and r.value == 90


def test_seed_004_taibaohong_with_hongfu_is_3_fan() -> None:
    # 13 red cards: 太保红 (≥ 13) and 红福 (≥ 10) both hold: two 名堂, 3 翻
    r = score(BOFU, "二七十肆伍陆伍陆柒", ["哨:二二二", "哨:七七七", "哨:十十十", "哨:叁叁叁"])
    assert {m.name for m in r.mingtang} == {"红福", "太保红"} and r.fan == 3 and r.value == 54


def test_18piao_is_listed_but_disabled_its_condition_unknown() -> None:
    (m,) = [m for m in builtin_table("bofu").entries if m.name == "18飘"]
    assert not m.enabled and m.when is None and m.confidence == "unknown"
    assert m.value == 3  # the seed's 翻 is kept for when a condition is known


def test_no_win_below_18_has_no_value() -> None:
    melds = ["碰:叁叁叁", "碰:肆肆肆", "碰:玖玖玖", "碰:八八八", "碰:九九九"]
    r = score(BOFU, "壹贰叁二三四", melds)
    assert r.complete and not r.wins and r.youzi == 17 and r.value is None and r.fan is None
    assert r.to_json()["mingtang"] == [] and r.to_json()["value"] is None
