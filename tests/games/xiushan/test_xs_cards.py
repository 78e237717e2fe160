"""秀山字牌 deck and notation (issue 10 §1): 80 cards, red 二七十 / 贰柒拾, round trips
and every notation error."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from huapai.core.protocol import NotationError
from huapai.games.xiushan.cards import (
    DECK,
    DECK_SIZE,
    card_name,
    format_cards,
    is_big,
    is_red,
    other_size,
    parse_card,
    parse_cards,
    rank,
)
from huapai.games.xiushan.groups import Kind, Meld


def test_deck_is_80_cards_four_of_each_small_and_big() -> None:
    assert DECK_SIZE == len(DECK) == 80
    assert {DECK.count(c) for c in range(20)} == {4}
    assert format_cards(range(10)) == "一二三四五六七八九十"
    assert format_cards(range(10, 20)) == "壹贰叁肆伍陆柒捌玖拾"
    assert [is_big(c) for c in (0, 9, 10, 19)] == [False, False, True, True]
    assert rank(parse_card("陆")) == rank(parse_card("六")) == 5
    assert other_size(parse_card("壹")) == parse_card("一")


def test_red_cards_are_two_seven_ten_of_both_sizes() -> None:
    assert format_cards(c for c in range(20) if is_red(c)) == "二七十贰柒拾"
    assert sum(is_red(c) for c in DECK) == 24


@settings(max_examples=200, derandomize=True)
@given(st.lists(st.integers(0, 19), max_size=40))
def test_format_then_parse_round_trips(cards: list[int]) -> None:
    text = format_cards(cards)
    assert parse_cards(text, check_counts=False) == tuple(cards)
    assert format_cards(parse_cards(" ".join(text), check_counts=False)) == text


def test_variant_glyphs_for_big_two_and_three_and_spaces() -> None:
    assert parse_cards("弍 参") == parse_cards("贰叁")
    assert format_cards(parse_cards("弍参")) == "贰叁"
    assert parse_cards("  一 \t壹\n") == (0, 10)


@pytest.mark.parametrize(
    ("text", "culprit", "position"),
    [("一二x", "'x'", "position 3"), ("壹 A", "'A'", "position 3"), ("贰貳", "'貳'", "position 2"),
     ("1", "'1'", "position 1")],
)  # fmt: skip
def test_unknown_character_is_named_with_its_position(
    text: str, culprit: str, position: str
) -> None:
    with pytest.raises(NotationError) as err:
        parse_cards(text)
    assert culprit in str(err.value) and position in str(err.value)


def test_more_copies_than_the_deck_names_the_card() -> None:
    with pytest.raises(NotationError, match="5 × 贰"):
        parse_cards("贰贰弍贰贰")
    assert len(parse_cards("贰贰弍贰")) == 4
    assert len(parse_cards("贰贰弍贰贰", check_counts=False)) == 5


def test_card_name_and_single_card_errors() -> None:
    with pytest.raises(ValueError, match="no card 20"):
        card_name(20)
    with pytest.raises(NotationError, match="expected one card"):
        parse_card("一二")


def test_meld_notation_and_its_errors() -> None:
    assert Meld.parse("碰:贰贰贰") == Meld(Kind.PENG, (11, 11, 11))
    assert Meld.parse("龙灯：三三三三").kind is Kind.LONG
    assert str(Meld.parse("开召:拾拾拾拾")) == "开召:拾拾拾拾"
    with pytest.raises(NotationError, match="KIND:CARDS"):
        Meld.parse("贰贰贰")
    with pytest.raises(NotationError, match="KIND:CARDS"):
        Meld.parse("吃:一二三")
    with pytest.raises(NotationError, match="a 碰 is 3 alike"):
        Meld.parse("碰:一二三")
    with pytest.raises(NotationError, match="a 龙灯 is 4 alike"):
        Meld.parse("龙灯:三三三")
    with pytest.raises(NotationError, match="5 × 三"):
        Meld.parse("龙灯:三三三三三")
    with pytest.raises(NotationError, match="not laid down"):
        Meld(Kind.LIANZI, (0, 1, 2))
