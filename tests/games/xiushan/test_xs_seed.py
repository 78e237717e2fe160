"""Every number of seed ``004_1284c002b6627dc7.txt`` (秀山字牌), each a test.

The 油子 table (碰 / 哨 / 开召 / 鸡 / 龙灯, 大 and 小, with and without 将), the 联子 with
油子 (壹贰叁 / 一二三, 贰柒拾 / 二七十) and the ones without (plain 联子, 大小组合), each
preset's threshold (麻雀福 none, 黄六福 六胡油, 十八福 十八胡), and 豆 (麻雀福: 贰 + 1;
十八福: 1 + each 贰 + 自摸, at most 10 — reached only with all eight 贰 and 自摸).

Each group is scored inside a whole hand whose other cards are zero-油子 联子 from the
ranks 四…九 with at most two copies of a card, so no other cut can add 油子.
"""

from __future__ import annotations

import random

import pytest

from huapai.games.xiushan.calculator import score
from huapai.games.xiushan.cards import ER, RANKS, card_name, format_cards, parse_card
from huapai.games.xiushan.groups import Kind, Meld
from huapai.games.xiushan.rules import HUANGLIUFU, MAQUEFU, SHIBAFU

SEED = "seed 004_1284c002b6627dc7"
FILLER = ("四五六", "肆伍陆", "七八九", "柒捌玖", "四五六", "肆伍陆")

# (kind, size, 将?) -> 油子, as the seed writes them
SEED_YOUZI = {
    # 大碰三胡，大将碰六胡。小碰一胡，小将碰三胡。
    (Kind.PENG, "大", False): 3, (Kind.PENG, "大", True): 6,
    (Kind.PENG, "小", False): 1, (Kind.PENG, "小", True): 3,
    # 大哨六胡，小哨三胡，大将哨十二胡，小将哨六胡。
    (Kind.SHAO, "大", False): 6, (Kind.SHAO, "小", False): 3,
    (Kind.SHAO, "大", True): 12, (Kind.SHAO, "小", True): 6,
    # 大开召九胡，小开召六胡，大将开召十八胡，小将开召十二胡。
    (Kind.ZHAO, "大", False): 9, (Kind.ZHAO, "小", False): 6,
    (Kind.ZHAO, "大", True): 18, (Kind.ZHAO, "小", True): 12,
    # 鸡的油子算法与召相同。
    (Kind.JI, "大", False): 9, (Kind.JI, "小", False): 6,
    (Kind.JI, "大", True): 18, (Kind.JI, "小", True): 12,
    # 大龙灯十二胡，小龙灯九胡；大将龙灯二十四胡，小将龙灯十八胡。
    (Kind.LONG, "大", False): 12, (Kind.LONG, "小", False): 9,
    (Kind.LONG, "大", True): 24, (Kind.LONG, "小", True): 18,
}  # fmt: skip


def _filler(groups: int, pair: bool) -> str:
    return "".join(FILLER[:groups]) + ("十十" if pair else "")


@pytest.mark.parametrize("rank_glyphs", ["一壹", "二贰", "十拾"])
@pytest.mark.parametrize(("kind", "size", "jiang"), list(SEED_YOUZI))
def test_seed_004_youzi_of_every_laid_down_group(
    kind: Kind, size: str, jiang: bool, rank_glyphs: str
) -> None:
    card = parse_card(rank_glyphs[size == "大"])
    quad = kind in (Kind.ZHAO, Kind.JI, Kind.LONG)
    meld = Meld(kind, (card,) * (4 if quad else 3))
    pair = quad  # a 4-set needs the 麻雀 (parity)
    hand = _filler(5 if quad else 6, pair and card % RANKS != 9) + ("一一" if pair and
                                                                   card % RANKS == 9 else "")
    result = score(SHIBAFU, hand, [meld], jiang=card if jiang else None)
    expected = SEED_YOUZI[(kind, size, jiang)]
    assert result.complete, SEED
    assert result.youzi == expected, f"{SEED}: {size}{'将' if jiang else ''}{kind.value}"
    assert result.groups[0].kind is kind and result.groups[0].youzi == expected
    assert result.wins == (expected >= 18)


@pytest.mark.parametrize(("size", "jiang"), [("大", False), ("大", True), ("小", False),
                                              ("小", True)])  # fmt: skip
def test_seed_004_kan_in_hand_counts_as_shao(size: str, jiang: bool) -> None:
    """哨牌在三六福中叫坎: three alike in the hand score as the 哨 of the seed's table."""
    card = parse_card("贰" if size == "大" else "二")
    result = score(SHIBAFU, card_name(card) * 3 + _filler(6, False), jiang=card if jiang else None)
    assert result.youzi == SEED_YOUZI[(Kind.SHAO, size, jiang)], SEED
    assert [g.kind for g in result.groups].count(Kind.KAN) == 1


@pytest.mark.parametrize(
    ("group", "youzi"),
    [("壹贰叁", 6), ("一二三", 3), ("贰柒拾", 6), ("二七十", 3),  # 大的六胡，小的三胡
     ("叁肆伍", 0), ("捌玖拾", 0), ("八九十", 0),                  # other 联子: none
     ("壹壹一", 0), ("一一壹", 0), ("贰贰二", 0), ("三三叁", 0)],  # 大小组合无油子
)  # fmt: skip
def test_seed_004_sequences_and_big_small_combinations(group: str, youzi: int) -> None:
    result = score(SHIBAFU, group + _filler(6, False)[:15] + "五六七")
    assert result.youzi == youzi, f"{SEED}: {group}"
    if youzi:
        cards = format_cards(sorted(parse_card(c) for c in group))
        assert [g.youzi for g in result.groups if format_cards(g.cards) == cards] == [youzi]


def test_seed_004_maquefu_needs_no_youzi_and_counts_no_youzi() -> None:
    """麻雀福 不计油子: a complete hand (4 放子 + 麻雀) wins, whatever its groups."""
    result = score(MAQUEFU, "壹贰叁贰柒拾一二三肆伍陆七七")
    assert result.wins and result.youzi == 0 and result.threshold == 0, SEED
    assert [g.kind for g in result.groups].count(Kind.PAIR) == 1
    broken = score(MAQUEFU, "壹贰叁贰柒拾一二三肆伍陆七八")
    assert not broken.wins and not broken.complete and broken.dou is None


def test_seed_004_huangliufu_needs_six_hu() -> None:
    """黄六福 要求六胡油才能和牌."""
    six = score(HUANGLIUFU, "壹贰叁四五六肆伍陆柒捌玖七七")
    assert six.youzi == 6 and six.wins, SEED
    five = score(HUANGLIUFU, "一二三肆伍陆柒柒", ["碰:十十十", "碰:九九九"])
    assert five.youzi == 5 and five.complete and not five.wins, SEED
    assert five.dou is None


def test_seed_004_shibafu_needs_eighteen_hu() -> None:
    """十八福 只要油子达到十八胡，牌理顺，放子圆，即可和牌."""
    melds17 = ["哨:拾拾拾", "哨:玖玖玖", "哨:十十十", "碰:九九九", "碰:一一一"]
    seventeen = score(SHIBAFU, "四五六肆伍陆", melds17)
    assert seventeen.youzi == 17 and seventeen.complete and not seventeen.wins, SEED
    eighteen = score(SHIBAFU, "四五六肆伍陆五六七", ["哨:拾拾拾", "哨:玖玖玖", "哨:十十十",
                                                 "哨:九九九"])  # fmt: skip
    assert eighteen.youzi == 18 and eighteen.wins, SEED


def test_seed_004_maquefu_dou_is_er_count_plus_one() -> None:
    """有多少个贰算多少豆，再加上和牌的1豆则得总豆数 (no 自摸 豆 in 麻雀福)."""
    hand = "壹贰叁贰柒拾一二三二二二贰贰"  # 贰 ×4, 二 ×4
    for self_drawn in (False, True):
        result = score(MAQUEFU, hand, self_drawn=self_drawn)
        assert result.wins and result.dou == 1 + 8, SEED
    # the self-drawn win says its 自摸 is worth nothing here (a winner looked for it)
    assert [(i.why, i.dou) for i in result.dou_items] == [("和", 1), ("二×4", 4), ("贰×4", 4),
                                                          ("自摸", 0)]
    assert result.dou_items[-1].label() == ("自摸（这个玩法自摸不加豆）",
                                            "自摸 (self-drawn: no extra 豆 in this game)")
    assert score(MAQUEFU, "壹贰叁肆伍陆四五六七八九十十").dou == 1 + 1  # one 贰


def _eight_er(self_drawn: bool) -> int | None:
    hand = "四五六肆伍陆七八九柒捌玖十十"
    result = score(SHIBAFU, hand, ["龙灯:贰贰贰贰", "龙灯:二二二二"], self_drawn=self_drawn)
    assert result.wins and result.youzi >= 18
    return result.dou


def test_seed_004_shibafu_dou_reaches_ten_only_with_eight_er_and_zimo() -> None:
    """和牌算1豆，不论大贰小二，一个贰算1豆，有自摸再加1豆，最多可达10豆."""
    assert _eight_er(self_drawn=True) == 10, SEED
    assert _eight_er(self_drawn=False) == 9, SEED
    seven = score(SHIBAFU, "四五六肆伍陆七八九柒捌玖十十", ["龙灯:贰贰贰贰", "哨:二二二"],
                  self_drawn=True, jiang="二")  # fmt: skip
    assert seven.wins and seven.youzi == 24 + 6 and seven.dou == 1 + 7 + 1, SEED
    rng = random.Random(4)
    for _ in range(300):  # every other winning hand stays below 10
        hand, melds = _random_winning_shibafu(rng)
        for self_drawn in (False, True):
            result = score(SHIBAFU, hand, melds, self_drawn=self_drawn)
            held = list(hand) + [c for m in melds for c in m.cards]
            er = sum(held.count(c) for c in ER)
            if result.wins:
                assert result.dou == 1 + er + self_drawn, SEED
                assert (result.dou == 10) == (er == 8 and self_drawn)


def _random_winning_shibafu(rng: random.Random) -> tuple[list[int], list[Meld]]:
    """A complete 21-card hand rich in 贰 and 油子: 龙灯 / 哨 melds and concealed groups."""
    while True:
        melds = [Meld(Kind.LONG, (rng.choice(ER),) * 4)] if rng.random() < 0.5 else []
        melds += [Meld(Kind.SHAO, (rng.randrange(20),) * 3) for _ in range(rng.randrange(3))]
        hand: list[int] = [rng.choice(ER)] * 2 if melds and melds[0].kind is Kind.LONG else []
        while len(hand) + sum(len(m.cards) for m in melds) < 21:
            big = rng.choice((0, RANKS))
            hand += rng.choice(([big, big + 1, big + 2], [big + 1, big + 6, big + 9],
                                [big + 1] * 3, [1, 11, big + 1]))  # fmt: skip
        held = hand + [c for m in melds for c in m.cards]
        if len(held) == 21 and all(held.count(c) <= 4 for c in held):
            return hand, melds
