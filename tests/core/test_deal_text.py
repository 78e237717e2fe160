"""``new_game(deal=…)`` takes a deal as text in the game's own notation as well as card
ids (a researcher passed ``format_deal``'s text and was told "48 cards, got 107"), and a
deck that is wrong names the card as the preset writes it (A, not 地眼, in poker style)."""

from __future__ import annotations

from typing import Any

import pytest

from huapai.core.protocol import NotationError
from huapai.core.registry import get_game
from huapai.games.xianniu.cards import face_text


@pytest.mark.parametrize("name", ["xianniu", "biegan", "xiushan"])  # (an installed family
# keeps the protocol's card ids: a plug-in need not read text)
def test_a_deal_as_text_deals_what_its_ids_deal(name: str) -> None:
    game: Any = get_game(name)  # the built-in families take text; the protocol ids
    for preset in game.presets():
        rules = game.rules(preset)
        dealt = game.deal_of(game.new_game(rules, seed=11))
        text = game.format_deal(rules, dealt)
        assert game.deal_of(game.new_game(rules, deal=text)) == dealt, preset


def test_a_wrong_deck_names_its_card_as_the_preset_writes_it() -> None:
    game: Any = get_game("xianniu")
    with pytest.raises(NotationError, match=r"5 × A,"):
        game.new_game(game.rules("lanzhou"), deal=" ".join(["A"] * 5 + ["2"] * 43))
    dealt = list(game.deal_of(game.new_game(game.rules("fengxiang"), seed=3)))
    dealt[dealt.index(0)] = 1  # one more of face 1, one fewer of face 0
    with pytest.raises(NotationError) as refused:
        game.new_game(game.rules("fengxiang"), deal=dealt)
    assert f"× {face_text(0, 'huapai')}," in str(refused.value)  # 花牌 names in 凤翔
