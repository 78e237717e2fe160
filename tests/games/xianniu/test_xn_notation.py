"""Card, play, action and deal notation of 掀牛 (docs/notation.md): round trips and errors."""

from __future__ import annotations

import pytest
from xn_support import GAME, rules

from huapai.core.protocol import NotationError
from huapai.games.xianniu.cards import (
    CODES,
    DECK,
    NAMES,
    NUM_FACES,
    format_counts,
    format_faces,
    parse_counts,
    parse_faces,
    to_counts,
)
from huapai.games.xianniu.state import DECLINE, DISCARD0, JIN, PLAY0, XIAN

PRESETS = ("lanzhou", "lanzhou-app", "fengxiang")


@pytest.mark.parametrize("style", ["huapai", "poker"])
def test_every_face_round_trips(style: str) -> None:
    """Each of the 14 faces formats to one token that parses back to it ([S000] / [S002] names)."""
    for face in range(NUM_FACES):
        text = format_faces([face], style)  # type: ignore[arg-type]
        assert parse_faces(text) == (face,)


@pytest.mark.parametrize("style", ["huapai", "poker"])
def test_whole_deck_round_trips(style: str) -> None:
    text = format_faces(DECK, style)  # type: ignore[arg-type]
    assert parse_faces(text) == DECK
    assert format_counts(parse_counts(text), style) == text  # type: ignore[arg-type]


def test_names_and_codes_are_the_reference_table() -> None:
    """Reference §1.1: the 14 faces in 序号 order, with the poker rendering of §1.2."""
    assert NAMES == ("地眼", "小戏", "大戏", "板凳", "锤六", "串六", "锤七", "红八",
                     "牛九", "牛八", "红十", "梅十", "虎", "天")
    assert CODES == ("A", "5b", "5r", "2", "6", "3", "7", "8", "9r", "9b", "J", "10", "Q", "K")


@pytest.mark.parametrize(("text", "expected"), [
    ("A2 3,10、JQK", "A 2 3 J 10 Q K"),
    ("9♥ 9♦ 9♠ 9♣", "9r 9r 9b 9b"),
    ("5h 5d 5s 5c", "5b 5b 5r 5r"),
    ("t T 10", "10 10 10"),
    ("猫眼 娃眼 红眼 地眼", "A A A A"),
    ("串串 长串 垂六 梅子 花十 老虎 公牛 母牛", "6 3 3 9r 9b J 10 Q"),
    ("天天天", "K K K"),
    ("地眼K 5r", "A 5r K"),
    ("尖 钩 皇后 国王", "A J Q K"),  # the poker faces as the how-to names them
    ("圈 老K", "Q K"),
])
def test_aliases_separators_and_suits(text: str, expected: str) -> None:
    """Regional aliases of reference §1.1, 扑克 suits as colours (♥♦ red, ♠♣ black), mixed input."""
    assert format_counts(parse_counts(text), "poker") == expected


@pytest.mark.parametrize(("text", "message"), [
    ("K x 9r", "unknown card 'x' at position 3"),
    ("天 天 狗", "unknown card '狗' at position 5"),
    ("9 K", "9 at position 1 needs its colour: 9r (red) or 9b (black)"),
    ("K 5", "5 at position 3 needs its colour"),
    ("K K K K K", "5 × 天 named, but the deck has 4"),
    ("9r 9r 9r", "3 × 牛九 named, but the deck has 2"),
    ("小戏 5b 拐三", "3 × 小戏 named, but the deck has 2"),
])
def test_card_errors_name_the_culprit(text: str, message: str) -> None:
    """Bad notation raises NotationError naming the card, its position or the count."""
    with pytest.raises(NotationError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_counts(text)


def test_a_card_error_quotes_the_culprit_as_chinese_does() -> None:
    with pytest.raises(NotationError) as info:
        parse_counts("天 天 狗")
    assert info.value.msg.zh == "第 5 个字符「狗」不是牌"


@pytest.mark.parametrize("preset", PRESETS)
def test_every_action_id_round_trips(preset: str) -> None:
    """format_action / parse_action are inverse over the whole fixed action space."""
    r = rules(preset)
    for action in range(GAME.num_actions(r)):
        assert GAME.parse_action(r, GAME.format_action(r, action)) == action


def test_action_words() -> None:
    """掀 / 不掀 (花花牌) / 扣了 (兰州) / 紧牌 / 弃 <card>, with the aliases of the docs."""
    poker, huapai = rules("lanzhou"), rules("fengxiang")
    assert GAME.format_action(poker, DECLINE) == "扣了"
    assert GAME.format_action(huapai, DECLINE) == "不掀"
    for word in ("不掀", "扣", "扣了", "放弃", "pass", "Decline", "fold"):
        assert GAME.parse_action(poker, word) == DECLINE
    for word in ("掀", "掀牌", "xian", "X"):
        assert GAME.parse_action(poker, word) == XIAN
    for word in ("紧牌", "紧", "jinpai"):
        assert GAME.parse_action(huapai, word) == JIN
    assert GAME.parse_action(poker, "弃 K") == DISCARD0 + 13
    assert GAME.parse_action(huapai, "discard 天") == DISCARD0 + 13
    assert GAME.format_action(huapai, DISCARD0) == "弃 地眼"


def test_play_notation_ignores_order() -> None:
    """A play is a multiset: “K 10 8” and “8 10 K” are the same 摆 action."""
    r = rules("lanzhou")
    assert GAME.parse_action(r, "K 10 8") == GAME.parse_action(r, "8 10 K") >= PLAY0
    assert GAME.format_action(r, GAME.parse_action(r, "K 10 8")) == "8 10 K"


@pytest.mark.parametrize(("preset", "text", "message"), [
    ("lanzhou", "", "empty action"),
    ("lanzhou", "   ", "empty action"),
    ("lanzhou", "K Q", "Q K is not a play type in these rules"),
    ("lanzhou", "A A A A 2 2 3 3", "not a play type"),     # 双鱼儿亮 needs multi_liang
    ("fengxiang", "虎 虎 虎 虎 小戏 大戏", "not a play type"),  # no 喜包亮 in 凤翔
    ("lanzhou", "弃 K K", "弃 takes exactly one card"),
    ("lanzhou", "弃", "弃 takes exactly one card"),
    ("lanzhou", "K K K K K", "5 × 天 named"),
    ("lanzhou", "5 5", "needs its colour"),
])
def test_action_errors(preset: str, text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        GAME.parse_action(rules(preset), text)


@pytest.mark.parametrize("preset", ["lanzhou", "fengxiang"])
def test_deal_notation_round_trips(preset: str) -> None:
    r = rules(preset)
    state = GAME.new_game(r, seed=2024)
    text = GAME.format_deal(r, GAME.deal_of(state))
    assert GAME.parse_deal(r, text) == GAME.deal_of(state)
    assert GAME.deal_of(GAME.new_game(r, deal=GAME.parse_deal(r, text))) == GAME.deal_of(state)


@pytest.mark.parametrize(("deal", "message"), [
    (DECK[:47], "a deal has 48 cards, got 47"),
    ((13, *DECK[1:]), "the deal has 3 × A, the deck has 4"),  # as lanzhou writes it
    ((14, *DECK[1:]), "face indexes 0..13"),
])
def test_bad_deal_is_refused_with_reason(deal: tuple[int, ...], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        GAME.new_game(rules("lanzhou"), deal=deal)


def test_counts_are_multisets() -> None:
    assert to_counts(parse_faces("K A K")) == to_counts(parse_faces("A K K"))
