"""Deck and notation of 双别杆花牌 (seed 003 §1; zipai.md A2)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from huapai.core.protocol import NotationError
from huapai.games.biegan.cards import (
    DECK,
    DECK_SIZE,
    FACES,
    JING_FACES,
    JOKER,
    NUM_CODES,
    RED_FACES,
    card,
    face_of,
    format_cards,
    is_flowered,
    parse_cards,
    said_zh,
)


def test_deck_has_112_cards_22_faces_of_5_10_flowered_2_jokers() -> None:
    """Seed 003 §1: 22 faces × 5 = 110, plus 2 赖子; 三五七乙九 have 2 花 each."""
    assert DECK_SIZE == len(DECK) == 112
    faces = Counter(face_of(c) for c in DECK)
    assert faces[JOKER] == 2
    assert all(faces[f] == 5 for f in range(22))
    flowered = Counter(FACES[face_of(c)] for c in DECK if is_flowered(c))
    assert flowered == {"乙": 2, "三": 2, "五": 2, "七": 2, "九": 2}


def test_red_faces_and_jing() -> None:
    """Seed 003 §1 (red: 上大人可知礼三五七) and the preamble (精: 三五七)."""
    assert {FACES[f] for f in RED_FACES} == set("上大人可知礼三五七")
    assert [FACES[f] for f in JING_FACES] == ["三", "五", "七"]


@given(st.lists(st.sampled_from(DECK), max_size=26))
def test_notation_round_trips(codes: list[int]) -> None:
    assert parse_cards(format_cards(codes), check_counts=False) == tuple(codes)


def test_every_card_code_round_trips() -> None:
    codes = tuple(range(NUM_CODES))
    text = format_cards(codes)
    assert text == "上大人孔乙己可知礼化三千七十士八九子二四五六赖乙*三*五*七*九*"
    assert parse_cards(text) == codes


def test_spaces_and_variant_glyphs() -> None:
    assert parse_cards(" 可 知 禮 七十土 ") == parse_cards("可知礼七十士")
    assert parse_cards("化三* 千") == (card(FACES.index("化")), card(FACES.index("三"), True),
                                      card(FACES.index("千")))  # fmt: skip


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("上大X人", "'X' at position 3"),
        ("上*", "上 has no flowered copies"),
        ("*三", "'*' at position 1"),
        ("三**", "'*' at position 3"),
        ("三 *", "'*' at position 3"),
        ("赖*", "赖 has no flowered copies"),
    ],
)
def test_parse_errors_name_the_culprit(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_cards(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("孔孔孔孔孔孔", "6 × 孔"),
        ("三*三*三*", "3 × 花三"),
        ("三三三三", "4 × 三"),
        ("赖赖赖", "3 × 赖"),
        ("七七七七*七*七*", "3 × 花七"),
    ],
)
def test_count_checks_name_the_face(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_cards(text)
    parse_cards(text, check_counts=False)


def test_five_of_a_flowered_face_is_fine() -> None:
    assert len(parse_cards("七七七七*七*")) == 5


def test_a_flowered_card_as_a_chinese_player_says_it() -> None:
    """花三 is 三* (the rules' 花三 / 花乙); Chinese text says 花三, the notation keeps 三*."""
    assert parse_cards("化花三千 花乙花九") == parse_cards("化三*千乙*九*")
    # a run holding a flowered card is spaced card by card: 六花七八 read as 六花 + 七八
    assert said_zh("化三*千赖乙*") == "化 花三 千 赖 花乙"
    assert said_zh("六七*八") == "六 花七 八" and said_zh("三*") == "花三"
    assert said_zh("上大人") == "上大人"  # no flowered card: as written
    assert said_zh(format_cards(range(NUM_CODES))).endswith("赖 花乙 花三 花五 花七 花九")


@pytest.mark.parametrize(
    ("text", "zh", "en"),
    [
        ("花千", "第 1 个字「花」后面要紧跟 乙 三 五 七 九 之一", "'花' at position 1"),
        ("上花", "第 2 个字「花」", "'花' at position 2"),
        ("花 三", "第 1 个字「花」", "'花' at position 1"),
        ("花三*", "第 3 个字「*」：花三 已经是花牌", "三* is flowered already"),
    ],
)
def test_a_misplaced_flower_word_is_named(text: str, zh: str, en: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_cards(text)
    assert zh in caught.value.msg.zh and en in caught.value.msg.en


def test_too_many_flowered_copies_said_in_chinese_words() -> None:
    with pytest.raises(NotationError) as caught:
        parse_cards("花三花三三*")
    said = caught.value.msg
    assert (said.zh, said.en) == ("花三 有 3 张，一副牌只有 2 张", "3 × 花三: the deck has only 2")
    assert said.params["card"] == "三*"
