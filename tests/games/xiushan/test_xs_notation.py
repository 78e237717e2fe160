"""秀山 action notation: the 汉字, and the words the English labels show (``pass (过)``,
``碰 (peng)``, ``discard 肆``), so an English player can type what the screen says and be
told why a move is not allowed rather than that the word is unknown."""

from __future__ import annotations

import pytest

from huapai.core.protocol import NotationError
from huapai.core.registry import get_game
from huapai.games.xiushan.game import parse_action

GAME = get_game("xiushan")
RULES = GAME.rules("shibafu")


@pytest.mark.parametrize("action", range(7))
def test_every_claim_reads_as_its_english_label_shows_it(action: int) -> None:
    label = GAME.describe_action(RULES, action).label
    word = label.en.split(" (")[0] if action == 0 else label.en.split("(")[1].rstrip(")")
    assert parse_action(word) == parse_action(label.zh) == action
    assert parse_action(word.upper()) == action


def test_a_discard_reads_in_either_language() -> None:
    discard = parse_action("打 肆")
    assert parse_action("discard 肆") == parse_action("d 肆") == parse_action("肆") == discard
    assert GAME.describe_action(RULES, discard).label.en == "discard 肆"


def test_an_unknown_word_lists_the_english_words_in_english() -> None:
    with pytest.raises(NotationError) as caught:
        parse_action("foo")
    assert "pass (过)" in caught.value.msg.en and "discard CARD" in caught.value.msg.en
    assert "pass" not in caught.value.msg.zh and "过" in caught.value.msg.zh


def test_an_unknown_word_lists_only_the_presets_actions() -> None:
    """黄六福 has no 开召 / 鸡 / 哨 / 龙灯: an error that listed them (a terminal play-test
    found it beside a help that did not) named words the preset never offers."""
    huangliufu = GAME.rules("huangliufu")
    with pytest.raises(NotationError) as caught:
        GAME.parse_action(huangliufu, "foo")
    # 、 between them: "过 和 碰" read as "过 and 碰"
    assert "可以是 过、和、碰，" in caught.value.msg.zh and "开召" not in caught.value.msg.zh
    with pytest.raises(NotationError) as caught:
        GAME.parse_action(RULES, "foo")
    assert "过、和、碰、开召、鸡、哨、龙灯" in caught.value.msg.zh


def test_the_win_is_he_as_the_seed_says_and_hu_is_read_too() -> None:
    """The seed says 和牌 (its 胡 counts 油子: 起胡 18 胡); the button, the log and the
    settlement said 胡 and 和 by turns (a phone play-test). 和 is the word; 胡, as the apps
    and older records write it, still parses."""
    hu = GAME.parse_action(RULES, "和")
    assert GAME.format_action(RULES, hu) == "和"
    assert GAME.describe_action(RULES, hu).label.zh == "和"
    assert GAME.describe_action(RULES, hu).label.en == "和 (hu)"
    assert {GAME.parse_action(RULES, w) for w in ("胡", "和牌", "胡牌", "hu", "h")} == {hu}


@pytest.mark.parametrize(("text", "word"), [("开召 七", "开召"), ("开召七", "开召"),
                                            ("龙灯七", "龙灯"), ("peng 七", "peng")])
def test_a_word_that_takes_no_card_says_so(text: str, word: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    assert caught.value.msg.zh == f"「{word}」后面不带牌，只写「{word}」"
    assert caught.value.msg.en == f"{word} takes no card: type {word} alone"


def test_discard_without_a_card_asks_for_one() -> None:
    with pytest.raises(NotationError) as caught:
        parse_action("打")
    assert caught.value.msg.zh == "打后面要写一张牌"


def test_cards_are_written_without_hanzi_too() -> None:
    """An English player could name no card (discard 10, discard shi: refused, and the
    calculators took only 汉字): s1…s10 are the small 一…十, b1…b10 the big 壹…拾."""
    from huapai.games.xiushan.cards import format_cards, parse_cards
    from huapai.games.xiushan.groups import Meld

    assert format_cards(parse_cards("s1 s2 s10 b1 B3b10")) == "一二十壹叁拾"
    assert parse_action("discard b4") == parse_action("d B4") == parse_action("b4") \
        == parse_action("肆")
    assert str(Meld.parse("peng:b3b3b3")) == str(Meld.parse("碰:叁叁叁"))
    assert str(Meld.parse("Longdeng:s4 s4 s4 s4")) == "龙灯:四四四四"
    for bad in ("discard 10", "s11", "x5", "b0"):
        with pytest.raises(NotationError) as caught:
            parse_action(bad)
        assert "s1…s10" in caught.value.msg.en or "s1" in str(caught.value), bad
