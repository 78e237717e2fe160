"""The Python API takes ids (``get_game("xianniu")``, ``rules("fengxiang")``); a Chinese
name given there is refused naming the id to write and where names are read — it listed
掀牛 among the games it did not know (a researcher's play-test)."""

from __future__ import annotations

import pytest

from huapai.core.naming import load_game, load_game_preset, resolve_preset
from huapai.core.protocol import RulesError
from huapai.core.registry import get_game


@pytest.mark.parametrize(("name", "said"), [
    ("掀牛", "'掀牛' is the Chinese name of xianniu: this takes the game's id, 'xianniu'"),
    ("秀山", "'秀山' is the Chinese name of xiushan"),
    ("十八福", "'十八福' is xiushan's preset shibafu: get_game('xiushan').rules('shibafu')"),
    ("bofu", "'bofu' is xiushan's preset bofu"),
    ("nope", "unknown game 'nope'; known: biegan, "),  # (a test run adds a toy family)
    ("兰州", "unknown game '兰州'"),  # two presets' names: no one id to name
])
def test_a_game_by_a_name_not_its_id_is_refused_naming_the_id(name: str, said: str) -> None:
    with pytest.raises(RulesError) as refused:
        get_game(name)
    assert said in str(refused.value) and refused.value.msg.code == "unknown_game"


@pytest.mark.parametrize(("game", "name", "said"), [
    ("xianniu", "凤翔", "'凤翔' is the Chinese name of xianniu's preset fengxiang: this takes "
                      "the preset's id, 'fengxiang'"),
    ("xiushan", "黄十八", "xiushan's preset shibafu"),
    ("xianniu", "兰州", "unknown preset '兰州' for xianniu; known: fengxiang, lanzhou"),
    ("xianniu", "zz", "unknown preset 'zz' for xianniu"),
])
def test_a_preset_by_a_name_not_its_id_is_refused_naming_the_id(game: str, name: str,
                                                                 said: str) -> None:
    with pytest.raises(RulesError) as refused:
        get_game(game).rules(name)
    assert said in str(refused.value) and refused.value.msg.code == "unknown_preset"


def test_the_named_ways_take_the_chinese_names() -> None:
    """What the refusals point to does take them."""
    assert load_game("掀牛").name == "xianniu"
    assert resolve_preset(get_game("xianniu"), "凤翔") == "fengxiang"
    game, preset = load_game_preset("十八福", None)
    assert (game.name, preset) == ("xiushan", "shibafu")
