"""三六福: the provisional 名堂 table, 坎 in the hand, the threshold, 名堂 in 豆.

Seed ``004_1284c002b6627dc7``: "三六福名堂共分为四个系，即红黑系（文系）、大小系（武系）、
油子系（商系），巧牌系(天系)"; "乌、珠、印、匾、花、七星剑"; "三六福中的七柱和荤在钵福中合二为一";
"哨牌在三六福中叫坎…三六福是拿在手上". Conditions: xiushan.md §5 (provisional).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from huapai.games.xiushan.calculator import score
from huapai.games.xiushan.mingtang import builtin_table
from huapai.games.xiushan.rules import SANLIUFU, SHIBAFU

SEED = "seed 004_1284c002b6627dc7"
SMALL = dataclasses.replace(SANLIUFU, hand_size=9, hu_threshold=0)


def test_seed_004_the_honghei_names_and_the_four_systems() -> None:
    table = builtin_table("sanliufu")
    honghei = [m.name for m in table.entries if m.system == "红黑系"]
    assert honghei == ["乌", "珠", "印", "匾", "花", "七星剑"], SEED
    assert {m.system for m in table.entries} <= {"红黑系", "大小系", "油子系", "巧牌系", ""}
    assert {"七柱", "荤"} <= {m.name for m in table.entries if not m.system}  # separate
    assert table.unit == "dou" and all(m.source for m in table.entries)


def test_qixingjian_is_listed_disabled_and_not_invented() -> None:
    (m,) = [m for m in builtin_table("sanliufu").entries if m.name == "七星剑"]
    assert not m.enabled and m.when is None and m.confidence == "unknown"


def test_every_enabled_condition_says_how_sure_it_is() -> None:
    for m in builtin_table("sanliufu").enabled:
        assert m.confidence in ("high", "medium", "low"), m.name
        assert m.when is not None


def test_default_threshold_is_36_and_18_is_an_option() -> None:
    assert SANLIUFU.hu_threshold == 36  # xiushan.md §2.5 [P]: 黄六福 6, 十八福 18, 三六福 36
    hand = "壹贰叁贰柒拾一二三二七十伍陆柒四五六"
    r = score(SANLIUFU, hand, ["哨:捌捌捌"])
    assert r.complete and r.youzi == 24 and not r.wins and r.dou is None
    r18 = score(dataclasses.replace(SANLIUFU, hu_threshold=18), hand, ["哨:捌捌捌"])
    assert r18.wins and r18.dou == r18.value


def test_kan_stays_in_the_hand_and_scores_as_shao() -> None:
    assert not SANLIUFU.kan_split and SHIBAFU.kan_split
    r = score(SMALL, "叁叁叁四五六七八九", win_card="九")
    assert [(g.kind.value, g.youzi, g.laid) for g in r.groups if g.kind.value == "坎"] == [
        ("坎", 6, False)]


def test_a_kan_completed_by_the_winning_discard_scores_as_peng() -> None:
    r = score(SMALL, "叁叁叁四五六七八九", win_card="叁", self_drawn=False)
    assert [g.youzi for g in r.groups if g.kind.value == "坎"] == [3]  # 大碰 3, not 大哨 6
    drawn = score(SMALL, "叁叁叁四五六七八九", win_card="叁", self_drawn=True)
    assert [g.youzi for g in drawn.groups if g.kind.value == "坎"] == [6]


@pytest.mark.parametrize(("hand", "names"), [
    ("三四五四五六肆伍陆", ["乌"]),
    ("三四五肆伍陆五六七", ["珠"]),
    ("二七十三四五六七八", ["印"]),
    ("二七十三四五四五六", ["匾"]),
    ("二七十贰柒拾二二二", ["花", "荤"]),
])  # fmt: skip
def test_honghei_mingtang_read_the_cut(hand: str, names: list[str]) -> None:
    r = score(SMALL, hand)
    assert [m.name for m in r.mingtang] == names
    assert r.dou == 1 + len(names)  # hu_dou 1 + 1 豆 each (placeholders)
    assert [i.why for i in r.dou_items] == ["和", *names]
    assert r.to_json()["mingtang"] == [{"id": m.id, "name": m.name, "dou": 1, "meaning": {
        "zh": m.meaning[0], "en": m.meaning[1]}} for m in r.mingtang]


def test_a_club_table_changes_the_values(tmp_path: Path) -> None:
    src = Path(__file__).parents[3] / "src/huapai/games/xiushan/data/sanliufu_mingtang.toml"
    text = src.read_text(encoding="utf-8").replace(
        'meaning_en = "no red card"\nsystem = "红黑系"\ndou = 1',
        'meaning_en = "no red card"\nsystem = "红黑系"\ndou = 8')
    assert 'dou = 8' in text
    p = tmp_path / "club.toml"
    p.write_text(text, encoding="utf-8")
    rules = dataclasses.replace(SMALL, mingtang_table=str(p))
    assert score(rules, "三四五四五六肆伍陆").dou == 9


def test_sanliufu_keeps_a_held_kan_whole() -> None:
    # 四 and 五 three times each: under 三六福 they are 坎 (xiushan.md §3.5 [P]), and the
    # rest 三三六 does not cut; with kan_split the 联子 cut wins
    assert not score(SMALL, "三四五三四五四五六").complete
    assert score(dataclasses.replace(SMALL, kan_split=True), "三四五三四五四五六").wins
