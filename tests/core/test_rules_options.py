"""Rule options (core.rules): construction validates type, choices and range."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

import pytest
import toygame

from huapai.core.protocol import RulesError
from huapai.core.rules import RulesBase, option


@dataclass(frozen=True, slots=True, kw_only=True)
class Sample(RulesBase):
    players: int = option(3, zh="人数", doc="seats", source="test", low=3, high=5)
    table: Literal["pip", "lanzhou"] = option("pip", zh="大小", doc="ranks", source="test")
    scoring: str = option("points", zh="计分", doc="scheme", source="test",
                          choices=("points", "xingzi"),
                          labels={"points": ("点数", "points"), "xingzi": ("行子", "xingzi")})
    jinpai: bool = option(True, zh="紧牌", doc="squeeze", source="test")
    bonus: int | None = option(None, zh="奖", doc="optional bonus", source="test", low=0)
    faces: tuple[int, ...] = option((1, 2), zh="牌", doc="faces", source="test")

    def validate(self) -> None:
        if self.players == 5 and not self.jinpai:
            raise RulesError("five players need 紧牌")


def test_defaults_are_valid_and_round_trip() -> None:
    rules = Sample()
    data = rules.to_dict()
    assert data["faces"] == [1, 2]
    assert Sample.from_dict(data) == rules
    assert Sample.from_dict({"faces": [4, 5], "bonus": 2}) == Sample(faces=(4, 5), bonus=2)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"players": "3"}, "rule option players: expected int, got '3'"),
        ({"players": True}, "rule option players: expected int"),
        ({"players": 3.0}, "rule option players: expected int"),
        ({"jinpai": 1}, "rule option jinpai: expected bool, got 1"),
        ({"table": "js"}, "rule option table: expected one of 'pip', 'lanzhou', got 'js'"),
        ({"scoring": "hu"}, "rule option scoring: 'hu' is not one of 'points', 'xingzi'"),
        ({"scoring": 2}, "rule option scoring: expected str"),
        ({"players": 2}, "rule option players: 2 is below the minimum 3"),
        ({"players": 6}, "rule option players: 6 is above the maximum 5"),
        ({"bonus": -1}, "rule option bonus: -1 is below the minimum 0"),
        ({"bonus": "x"}, "rule option bonus: expected"),
        ({"faces": (1, "2")}, "rule option faces: expected tuple"),
        ({"faces": [1, 2]}, "rule option faces: expected tuple"),
        ({"players": 5, "jinpai": False}, "five players need 紧牌"),
    ],
)
def test_bad_values_are_refused(values: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError) as info:
        Sample(**values)
    assert message in str(info.value)


@pytest.mark.parametrize(("values", "zh"), [
    ({"players": "3"}, "规则选项「人数」（players）：应为整数，不是 \"3\""),
    ({"jinpai": 1}, "规则选项「紧牌」（jinpai）：应为是或否（true / false），不是 1"),
    ({"table": "js"}, "规则选项「大小」（table）：应为其中之一：pip、lanzhou，不是 \"js\""),
    ({"players": 6}, "规则选项「人数」（players）：6 大于最大值 5"),
    ({"bonus": "x"}, "规则选项「奖」（bonus）：应为整数或空（null），不是 \"x\""),
    ({"faces": [1, 2]}, "规则选项「牌」（faces）：应为一组值（列表），不是 [1, 2]"),
])
def test_a_bad_value_is_said_in_chinese_by_the_option_s_label(values: dict[str, Any],
                                                              zh: str) -> None:
    """The option's 中文 label names it (its name in brackets, for the command line), and
    the type it wants is said in Chinese: 整数, not int."""
    with pytest.raises(RulesError) as info:
        Sample(**values)
    assert info.value.msg.text("zh") == zh


def test_from_dict_refuses_unknown_options_and_non_objects() -> None:
    with pytest.raises(RulesError, match="unknown rule option"):
        Sample.from_dict({"players": 4, "jokers": True, "alpha": 1})
    with pytest.raises(RulesError, match="rules must be an object, got list"):
        Sample.from_dict([("players", 4)])  # type: ignore[arg-type]


def test_describe_lists_every_option_in_order() -> None:
    rows = Sample.describe()
    assert [r[0] for r in rows] == [f.name for f in dataclasses.fields(Sample)]
    assert rows[0] == ("players", "3", "人数", "seats", "test")


def test_every_field_must_be_an_option() -> None:
    @dataclass(frozen=True, slots=True, kw_only=True)
    class Bare(RulesBase):
        players: int = 3

    with pytest.raises(TypeError, match="players must be declared with option"):
        Bare()


def test_game_presets_and_overrides() -> None:
    game = toygame.GAME
    assert game.rules("duo") == game.presets()["duo"]
    assert game.rules("duo", values=5) == toygame.ToyRules(seats=2, values=5)
    with pytest.raises(RulesError, match="unknown preset 'quartet' for toy; known: duo, trio"):
        game.rules("quartet")
    with pytest.raises(RulesError, match="unknown rule option"):
        game.rules("duo", jokers=True)
    with pytest.raises(RulesError, match="above the maximum"):
        game.rules("duo", seats=7)
