"""The 25-row 行子 table of seed 000 (reference §4.3), row by row, on catalogue plays.

Every row is checked through ``scoring.xingzi`` on the actual play of the 凤翔 catalogue
(preset ``fengxiang``, which has ``multi_liang``), with the catalogue's name for it, so a
row can fail because the play is missing, misnamed or mis-valued. Rows with “或” are
checked in every form (鱼 and 摆; each kind as the 亮子 where [S000] allows any).
"""

from __future__ import annotations

import pytest
from xn_support import combo, rules

from huapai.games.xianniu.scoring import aggregate_xingzi, xingzi

F = rules("fengxiang")

L7, HU4, TIAN4, HB4 = "锤七 " * 4, "虎 " * 4, "天 " * 4, "红八 " * 4
XI4, NIU4 = "小戏 小戏 大戏 大戏 ", "牛九 牛九 牛八 牛八 "


def _fb(kinds: tuple[str, str, str], counts: tuple[int, int, int]) -> str:
    return " ".join(" ".join([k] * n) for k, n in zip(kinds, counts, strict=True))


FISH = ("地眼", "板凳", "串六")
BAI = ("红八", "梅十", "天")


def _fb_forms(shape: tuple[int, int, int]) -> list[str]:
    """Every 鱼 and 摆 play of a shape, e.g. (4, 1, 1) → each kind once as the 亮子."""
    perms = {(shape[i], shape[j], shape[k])
             for i in range(3) for j in range(3) for k in range(3) if len({i, j, k}) == 3}
    return [_fb(kinds, p) for kinds in (FISH, BAI) for p in sorted(perms)]


# (row of [S000] 牌型与行子表, 俗称, catalogue name, plays, 行子)
ROWS: list[tuple[int, str, str, list[str], int]] = [
    (1, "两张好牛或两张好戏", "", ["牛九 牛八", "小戏 大戏"], 2),
    (2, "三张牛或三张戏", "三张好牛|三张好戏", ["牛九 牛九 牛八", "牛九 牛八 牛八",
                                           "小戏 小戏 大戏", "小戏 大戏 大戏"], 3),
    (3, "一副亮子", "亮子", [L7, HU4, "地眼 " * 4, "梅十 " * 4], 4),
    (4, "四张戏/戏亮子", "戏亮子", [XI4], 5),
    (5, "四张牛/牛亮子", "牛亮子", [NIU4], 8),
    (6, "双副鱼或双副摆", "", _fb_forms((2, 2, 2)), 2),
    (7, "鱼儿亮或摆儿亮", "", _fb_forms((4, 1, 1)), 5),
    (8, "亮子保亮子（两副亮子）", "亮子保亮子", [L7 + HU4, "地眼 " * 4 + TIAN4], 7),
    (9, "亮子保亮子（两副亮子且含有戏亮子）", "亮子保亮子", [XI4 + HU4], 8),
    (10, "亮子保亮子（两副亮子且含有牛亮子）", "亮子保亮子", [NIU4 + HU4], 11),
    (11, "双鱼儿亮或双摆儿亮", "", _fb_forms((4, 2, 2)), 6),
    (12, "三副鱼或三副摆", "", _fb_forms((3, 3, 3)), 6),
    (13, "鱼儿双亮或摆儿双亮", "", _fb_forms((4, 4, 1)), 9),
    (14, "双鱼双亮或双摆双亮", "", _fb_forms((4, 4, 2)), 10),
    (15, "三鱼儿亮或三摆儿亮", "", _fb_forms((4, 3, 3)), 9),
    (16, "三鱼双亮或三摆双亮", "", _fb_forms((4, 4, 3)), 11),
    (17, "亮子保亮子（三副亮子）", "亮子保亮子", [L7 + HU4 + TIAN4], 10),
    (18, "亮子保亮子（三副亮子且含有戏亮子）", "亮子保亮子", [XI4 + L7 + HU4], 11),
    (19, "亮子保亮子（三副亮子且含有牛亮子）", "亮子保亮子", [NIU4 + L7 + HU4], 14),
    (20, "亮子保亮子（三副亮子且同时含有牛亮子和戏亮子）", "亮子保亮子",
     [NIU4 + XI4 + L7], 15),
    (21, "四副鱼或四副摆", "", _fb_forms((4, 4, 4)), 12),
    (22, "亮子保亮子（四副亮子）", "亮子保亮子", [L7 + HB4 + HU4 + TIAN4], 13),
    (23, "亮子保亮子（四副亮子且含有戏亮子）", "亮子保亮子", [XI4 + L7 + HU4 + TIAN4], 14),
    (24, "亮子保亮子（四副亮子且含有牛亮子）", "亮子保亮子", [NIU4 + L7 + HU4 + TIAN4], 17),
    (25, "亮子保亮子（四副亮子且同时含有牛亮子和戏亮子）", "亮子保亮子",
     [NIU4 + XI4 + L7 + TIAN4], 18),
]

FB_NAMES = {
    6: ("双鱼子", "双摆子"), 7: ("鱼儿亮", "摆儿亮"), 11: ("双鱼儿亮", "双摆儿亮"),
    12: ("三副鱼", "三副摆"), 13: ("鱼儿双亮", "摆儿双亮"), 14: ("双鱼双亮", "双摆双亮"),
    15: ("三鱼儿亮", "三摆儿亮"), 16: ("三鱼双亮", "三摆双亮"), 21: ("四副鱼", "四副摆"),
}


def test_s000_table_has_25_rows() -> None:
    """[S000] 牌型与行子表 lists 25 rows; this file pins every one of them."""
    assert [row[0] for row in ROWS] == list(range(1, 26))


@pytest.mark.parametrize(("row", "name", "kind", "plays", "value"), ROWS,
                         ids=[f"row{r[0]:02d}-{r[1]}" for r in ROWS])
def test_s000_xingzi_row(row: int, name: str, kind: str, plays: list[str], value: int) -> None:
    """[S000] 第5节 行子 / reference §4.3: the play of each row is worth the table's 行子."""
    for text in plays:
        play = combo(F, text)
        assert xingzi(F, play) == value, f"row {row} {name}: {text}"
        if kind:  # “三张牛或三张戏，无论如何组合都称为好牛或好戏” [S000]
            assert play.name in kind.split("|"), text
        elif row in FB_NAMES:
            assert play.name in FB_NAMES[row], text
        assert play.size == len(text.split())


@pytest.mark.parametrize("text", ["牛九", "大戏", "牛九 牛九", "牛八 牛八", "小戏 小戏",
                                  "大戏 大戏", "地眼 板凳 串六", "红八 梅十 天", "锤七 锤七",
                                  "天 天 天", "虎"])
def test_s000_single_niu_xi_yu_bai_are_worth_nothing(text: str) -> None:
    """[S000] “单张的牛、戏不构成行子…一副鱼或一副摆不构成行子”; 哈牛 / 哈戏 are not 好 pairs."""
    assert xingzi(F, combo(F, text)) == 0


@pytest.mark.parametrize(("option", "value", "text"), [
    ("xingzi_liangzi", 2, L7),
    ("xingzi_xi_liangzi", 4, XI4),
    ("xingzi_niu_liangzi", 5, NIU4),
    ("xingzi_niu_liangzi", 4, NIU4),
    ("xingzi_fish_liang", 4, "地眼 地眼 地眼 地眼 板凳 串六"),
    ("xingzi_fish_liang", 4, "红八 梅十 天 天 天 天"),
])
def test_s000_regional_alternatives(option: str, value: int, text: str) -> None:
    """[S000] “有些地区…算作四行 / 也算四行 / 也算两行”, and 牛 “八个行子或五个行子”."""
    regional = rules("fengxiang", **{option: value})
    assert xingzi(regional, combo(regional, text)) == value


def test_s000_regional_option_changes_only_its_row() -> None:
    """A regional 亮子 value (row 3) leaves 亮子保亮子 (rows 8–25, fixed numbers) alone."""
    regional = rules("fengxiang", xingzi_liangzi=2, xingzi_niu_liangzi=4)
    assert xingzi(regional, combo(regional, L7 + HU4)) == 7
    assert xingzi(regional, combo(regional, NIU4 + HU4)) == 11


def test_proposal_two_liangzi_with_niu_and_xi_is_12() -> None:
    """Reference §4.3 PROPOSAL: the missing row (两副亮子, 牛亮子 and 戏亮子) = 3k+1+1+4 = 12."""
    play = combo(F, NIU4 + XI4)
    assert (play.name, xingzi(F, play)) == ("亮子保亮子", 12)


# ----------------------------------------------- xingzi_by = "aggregate" (§4.4 PROPOSAL)
@pytest.mark.parametrize(("cards", "per_play", "aggregate"), [
    # two 好牛 taken in two tricks: 2 + 2 per play; together they are four 牛 (牛亮子), 8 行
    (("牛九 牛八", "牛九 牛八"), 4, 8),
    # two 亮子 taken one by one: 4 + 4 either way (the split beats 亮子保亮子's 7)
    (("天 天 天 天", "虎 虎 虎 虎"), 8, 8),
    # 双鱼子 and a 鱼 in separate tricks: 2 + 0 per play; together 三副鱼, 6 行
    (("地眼 地眼 板凳 板凳 串六 串六", "地眼 板凳 串六"), 2, 6),
    # nothing in the table: ordinary pairs and singles
    (("虎 虎", "锤七", "红十 红十"), 0, 0),
])
def test_s000_aggregate_reads_the_whole_zhanpai(cards: tuple[str, ...], per_play: int,
                                                aggregate: int) -> None:
    """[S000] “不论赢家最终牌型如何组成”: the alternative reading values all the 占牌 together."""
    r = rules("fengxiang")
    plays = [combo(r, text) for text in cards]
    assert sum(xingzi(r, c) for c in plays) == per_play
    total = tuple(sum(c.counts[f] for c in plays) for f in range(len(plays[0].counts)))
    assert aggregate_xingzi(rules("fengxiang", xingzi_by="aggregate"), total) == aggregate
