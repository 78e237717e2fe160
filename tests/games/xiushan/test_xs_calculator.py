"""The 秀山字牌 calculator's rules beyond the seed's table: pair parity, 啄雀, the
winning discard's 坎, 翻将, the options, the JSON form and every input error."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from huapai.core.protocol import NotationError, RulesError
from huapai.games.xiushan.calculator import HandError, score
from huapai.games.xiushan.cards import format_cards, parse_card
from huapai.games.xiushan.groups import Kind
from huapai.games.xiushan.rules import HUANGLIUFU, MAQUEFU, PRESETS, SHIBAFU, preset

ZERO18 = "四五六肆伍陆七八九柒捌玖四五六肆伍陆"  # six 联子 without 油子


def test_presets_are_the_three_of_part_one_and_the_two_of_part_two() -> None:
    assert set(PRESETS) == {"maquefu", "huangliufu", "shibafu", "bofu", "sanliufu"}
    assert (MAQUEFU.hand_size, HUANGLIUFU.hand_size, SHIBAFU.hand_size) == (14, 14, 21)
    assert (MAQUEFU.hu_threshold, HUANGLIUFU.hu_threshold, SHIBAFU.hu_threshold) == (0, 6, 18)
    assert preset("shibafu") is SHIBAFU
    with pytest.raises(RulesError, match="unknown 秀山 preset 'bofuu'"):
        preset("bofuu")
    with pytest.raises(RulesError, match="needs youzi"):
        dataclasses.replace(MAQUEFU, hu_threshold=6)
    assert type(SHIBAFU).from_dict(SHIBAFU.to_dict()) == SHIBAFU
    for name in ("bofu", "sanliufu"):
        assert type(SHIBAFU).from_dict(PRESETS[name].to_dict()) == PRESETS[name]


def test_pair_only_when_the_count_needs_it() -> None:
    """21 cards without a 4-set: seven groups, no 麻雀; with a 龙灯: six groups + 麻雀."""
    assert score(SHIBAFU, ZERO18 + "七八九").complete
    assert not score(SHIBAFU, ZERO18[:15] + "七八九" + "五五" + "六").complete
    with_long = score(SHIBAFU, ZERO18[:15] + "十十", ["龙灯:贰贰贰贰"])
    assert with_long.complete and [g.kind for g in with_long.groups].count(Kind.PAIR) == 1
    with pytest.raises(HandError, match="has 21 cards, got 22"):
        score(SHIBAFU, ZERO18 + "七八九十")


def test_second_four_set_adds_a_card_baikuai() -> None:
    """重召 / 八块: the second 4-set is not followed by a discard, so the hand is 22."""
    result = score(SHIBAFU, ZERO18[:12] + "十十", ["龙灯:贰贰贰贰", "开召:二二二二"])
    assert result.complete and result.youzi == 12 + 6
    with pytest.raises(HandError, match="has 22 cards, got 21"):
        score(SHIBAFU, ZERO18[:12] + "十", ["龙灯:贰贰贰贰", "开召:二二二二"])


def test_zhuaque_when_the_winning_card_makes_the_pair() -> None:
    hand = "壹贰叁四五六肆伍陆柒捌玖七七"
    assert score(HUANGLIUFU, hand, win_card="七").zhuaque
    assert not score(HUANGLIUFU, hand, win_card="四").zhuaque
    assert not score(HUANGLIUFU, hand).zhuaque


def test_triple_made_by_the_winning_discard_scores_as_peng() -> None:
    hand = "贰贰贰" + ZERO18
    assert score(SHIBAFU, hand, win_card="贰").youzi == 3  # 大碰
    assert score(SHIBAFU, hand, win_card="贰", self_drawn=True).youzi == 6  # 大哨
    assert score(SHIBAFU, hand).youzi == 6
    shao = dataclasses.replace(SHIBAFU, discard_triple="shao")
    assert score(shao, hand, win_card="贰").youzi == 6


def test_jiang_from_the_flipped_card() -> None:
    assert SHIBAFU.jiang_of_flip(parse_card("伍")) == parse_card("陆") % 10  # 大伍 → 陆/六
    assert SHIBAFU.jiang_of_flip(parse_card("拾")) == 0  # wraps to 壹/一
    no_wrap = dataclasses.replace(SHIBAFU, jiang_wrap=False)
    assert no_wrap.jiang_of_flip(parse_card("十")) is None
    assert dataclasses.replace(SHIBAFU, jiang="same").jiang_of_flip(parse_card("伍")) == 4
    assert MAQUEFU.jiang_of_flip(parse_card("伍")) is None


def test_jiang_is_both_sizes_of_its_rank() -> None:
    assert score(SHIBAFU, ZERO18[:15] + "十十", ["龙灯:拾拾拾拾"], jiang="十").youzi == 24
    assert score(SHIBAFU, ZERO18[:15] + "十十", ["龙灯:拾拾拾拾"], jiang="拾").youzi == 24
    assert score(SHIBAFU, ZERO18[:15] + "十十", ["龙灯:拾拾拾拾"], jiang="九").youzi == 12


def test_jiang_lianzi_option_doubles_valued_sequences_with_a_jiang() -> None:
    hand = "壹贰叁贰柒拾" + ZERO18[:15]
    assert score(SHIBAFU, hand, jiang="贰").youzi == 12
    doubled = dataclasses.replace(SHIBAFU, jiang_lianzi=True)
    assert score(doubled, hand, jiang="贰").youzi == 24
    assert score(doubled, hand, jiang="柒").youzi == 6 + 12


def test_dou_er_big_only_option() -> None:
    big_only = dataclasses.replace(MAQUEFU, dou_er="big")
    assert score(big_only, "壹贰叁一二三四五六七八九十十").dou == 1 + 1
    assert score(MAQUEFU, "壹贰叁一二三四五六七八九十十").dou == 1 + 2


def test_jiao_option_forbids_big_small_combinations() -> None:
    hand = "壹壹一" + "四五六肆伍陆七八九十十"
    assert score(MAQUEFU, hand).wins
    assert not score(dataclasses.replace(MAQUEFU, jiao=False), hand).complete


def test_youzi_is_reported_when_the_hand_does_not_win() -> None:
    result = score(SHIBAFU, "壹贰叁" + ZERO18[:15] + "五六七")
    assert result.complete and not result.wins and result.youzi == 6 and result.dou is None


def test_json_form() -> None:
    result = score(SHIBAFU, ZERO18[:15] + "十十", ["龙灯:贰贰贰贰"], self_drawn=True, jiang="贰")
    data = json.loads(json.dumps(result.to_json(), ensure_ascii=False))
    assert {"wins", "youzi", "dou", "groups"} <= set(data)
    assert data["wins"] and data["youzi"] == 24 and data["dou"] == 1 + 4 + 1
    assert data["jiang"] == "贰" and "fan" not in data
    assert data["groups"][0] == {"kind": "龙灯", "cards": "贰贰贰贰", "youzi": 24, "laid": True,
                                 "face_down": True, "as_peng": False}  # fmt: skip
    assert data["groups"][-1]["kind"] == "麻雀"
    assert [d["why"] for d in data["dou_items"]] == ["和", "贰×4", "自摸"]


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [({"hand": ZERO18}, HandError, "has 21 cards, got 18"),
     ({"hand": ZERO18 + "七八x"}, NotationError, "'x' at position 21"),
     ({"hand": ZERO18 + "四四四"}, NotationError, "5 × 四"),
     ({"hand": ZERO18[:15] + "十十", "melds": ["龙灯:四四四四"]}, NotationError, "6 × 四"),
     ({"hand": ZERO18 + "七八九", "win_card": "拾"}, HandError, "winning card 拾 is not in"),
     ({"hand": ZERO18 + "七八九", "win_card": "七八"}, NotationError, "expected one card"),
     ({"hand": ZERO18 + "七八九", "win_card": 25}, HandError, "no card 25"),
     ({"hand": ZERO18 + "七八九", "melds": [3]}, HandError, "melds must be"),
     ({"hand": [0, 1, 99]}, NotationError, "no card 99"),
     ({"hand": ZERO18[:15] + "十十", "melds": ["碰:贰贰"]}, NotationError, "3 alike")],
)  # fmt: skip
def test_input_errors_name_what_is_wrong(kwargs: dict[str, object], error: type[Exception],
                                         match: str) -> None:  # fmt: skip
    with pytest.raises(error, match=match):
        score(SHIBAFU, **kwargs)  # type: ignore[arg-type]


def test_maquefu_refuses_four_sets_and_jiang() -> None:
    with pytest.raises(HandError, match="no 4-sets"):
        score(MAQUEFU, "四五六肆伍陆七七", ["龙灯:贰贰贰贰"])
    with pytest.raises(HandError, match="no 将"):
        score(MAQUEFU, "壹贰叁一二三四五六七八九十十", jiang="贰")


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.randoms(use_true_random=False))
def test_order_and_notation_do_not_change_the_result(rng: random.Random) -> None:
    cards = [c for c in range(20) for _ in range(4)]
    hand = rng.sample(cards, 21)
    result = score(SHIBAFU, hand)
    shuffled = list(hand)
    rng.shuffle(shuffled)
    assert score(SHIBAFU, shuffled) == result
    assert score(SHIBAFU, " ".join(format_cards(hand))) == result
    json.dumps(result.to_json(), ensure_ascii=False)
