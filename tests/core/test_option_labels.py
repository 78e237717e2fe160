"""Every rule option that is a choice among words names each choice for a player, in 中文
and English (issue 9 §2: the lobby shows no raw value such as ``kanniutui`` in Chinese mode),
and a declaration that leaves one out fails when the family is imported."""

from __future__ import annotations

import dataclasses
import re
from typing import Literal

import pytest

from huapai.core.registry import game_names, get_game
from huapai.core.rules import OptionInfo, RulesBase, option

LATIN = re.compile(r"[A-Za-z]")


def _options() -> list[tuple[str, str, OptionInfo]]:
    rows = []
    for name in game_names():
        rules_type = type(next(iter(get_game(name).presets().values())))
        for f in dataclasses.fields(rules_type):
            rows.append((name, f.name, f.metadata["huapai"]))
    return rows


def test_every_word_choice_has_a_chinese_and_an_english_label() -> None:
    checked = 0
    for game, name, info in _options():
        labels = info.choice_labels()
        if labels is None:
            continue
        for row in labels:
            if isinstance(row["value"], str):
                checked += 1
                assert row["zh"] and not LATIN.search(row["zh"]), (game, name, row)
                assert row["en"] and row["en"] != row["zh"], (game, name, row)
    assert checked >= 40


def test_a_word_choice_without_its_label_is_refused_at_declaration() -> None:
    with pytest.raises(TypeError, match="missing"):
        @dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
        class Broken(RulesBase):
            mode: Literal["a", "b"] = option("a", zh="模式", doc="", source="", choices=("a", "b"),
                                             labels={"a": ("甲", "A")})
    with pytest.raises(TypeError, match="unknown"):
        option("a", zh="模式", doc="", source="", choices=("a",),
               labels={"a": ("甲", "A"), "c": ("丙", "C")})


def test_numeric_choices_stand_for_themselves() -> None:
    info = OptionInfo(zh="亮子行子", doc="", source="", choices=(4, 2))
    assert info.choice_labels() == [{"value": 4, "zh": "4", "en": "4"},
                                    {"value": 2, "zh": "2", "en": "2"}]
