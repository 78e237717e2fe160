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
