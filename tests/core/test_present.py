"""The presentation values of the protocol: messages, action infos, settlement items, and
the exceptions that carry messages (old and new ways of raising them)."""

from __future__ import annotations

import json

import pytest

from huapai.core.base import GameBase
from huapai.core.present import UNITS, ActionInfo, Msg, SettlementItem, unit
from huapai.core.protocol import (
    IllegalAction,
    NotationError,
    Payment,
    RulesError,
    Settlement,
)
from huapai.core.rules import RulesBase


def test_a_message_is_filled_from_its_params_in_both_languages() -> None:
    msg = Msg.of("no_pair", "对要手里有两张{name}，你有 {have} 张",
                 "对 needs two {name}; you hold {have}", name="七", have=1)
    assert (msg.zh, msg.en) == ("对要手里有两张七，你有 1 张", "对 needs two 七; you hold 1")
    assert msg.text("zh") == msg.zh and msg.text("en") == msg.en
    assert dict(msg.params) == {"name": "七", "have": 1}
    assert str(msg) == "对要手里有两张七，你有 1 张 / 对 needs two 七; you hold 1"


def test_a_message_round_trips_through_json_and_is_a_frozen_hashable_value() -> None:
    msg = Msg.of("x", "{a} 与 {b!r}", "{a} and {b!r}", a=[1, 2], b="七")
    data = json.loads(json.dumps(msg.to_json()))
    assert data == {"code": "x", "zh": "[1, 2] 与「七」", "en": "[1, 2] and '七'",
                    "params": {"a": [1, 2], "b": "七"}}
    assert Msg.from_json(data) == msg
    assert hash(Msg.from_json(data)) == hash(msg)
    with pytest.raises(TypeError):
        msg.params["a"] = 3  # type: ignore[index]


def test_a_parameter_that_is_not_json_is_kept_as_its_repr() -> None:
    msg = Msg.of("bad_seat", "没有 {seat!r}", "got {seat!r}", seat={"x": 1})
    assert msg.zh == "没有「{'x': 1}」"
    assert msg.params["seat"] == "{'x': 1}"
    json.dumps(msg.to_json())


def test_a_plain_message_says_the_same_in_both_languages_and_once() -> None:
    msg = Msg.plain("claim", "吃 / claim")
    assert msg.zh == msg.en == str(msg) == "吃 / claim"


def test_with_detail_keeps_the_code_and_joins_each_language() -> None:
    detail = Msg.of("one_card", "打后面只写一张牌", "打 takes exactly one card", n=2)
    msg = Msg("bad_action", "看不懂这个动作", "the action does not parse").with_detail(detail)
    assert msg.code == "bad_action"
    assert msg.zh == "看不懂这个动作：打后面只写一张牌"
    assert msg.en == "the action does not parse: 打 takes exactly one card"
    assert msg.params["detail_code"] == "one_card" and msg.params["n"] == 2


def test_illegal_action_built_from_a_message() -> None:
    exc = IllegalAction.of("must_answer", "先对桌上的 {name} 表态：过 / 胡 / 招 / 对",
                           "answer the discard {name} first: 过 / 胡 / 招 / 对", name="七")
    assert exc.code == "must_answer" and exc.msg.code == "must_answer"
    assert exc.msg.zh == "先对桌上的 七 表态：过 / 胡 / 招 / 对"
    assert exc.message == str(exc.msg)
    assert str(exc) == f"must_answer: {exc.msg}"


def test_illegal_action_the_old_way_still_works() -> None:
    exc = IllegalAction("not_your_turn", "不是你的回合 / not your turn")
    assert exc.code == "not_your_turn"
    assert exc.message == "不是你的回合 / not your turn"
    assert exc.msg == Msg.plain("not_your_turn", "不是你的回合 / not your turn")
    assert str(exc) == "not_your_turn: 不是你的回合 / not your turn"
    said = IllegalAction("coded", Msg("other", "中", "en"))
    assert said.code == said.msg.code == "coded" and said.msg.en == "en"


@pytest.mark.parametrize(("kind", "default"), [(NotationError, "bad_notation"),
                                               (RulesError, "bad_rules")])
def test_value_errors_carry_messages_and_stay_value_errors(kind: type[NotationError],
                                                           default: str) -> None:
    old = kind("bad text")
    assert isinstance(old, ValueError)
    assert str(old) == old.message == "bad text" and old.code == default
    new = kind.of("unknown_card", "第 {pos} 个字符不是牌", "no card at position {pos}", pos=3)
    assert str(new) == "第 3 个字符不是牌 / no card at position 3"
    assert new.code == "unknown_card" and new.msg.params["pos"] == 3


def test_rules_errors_of_the_shared_rules_code_are_said_in_both_languages() -> None:
    from huapai.core.registry import get_game

    game = get_game("xianniu")
    with pytest.raises(RulesError) as info:
        game.rules("lanzhou", no_such_option=1)
    assert info.value.code == "unknown_option"
    assert "no_such_option" in info.value.msg.zh and "no_such_option" in info.value.msg.en
    assert "unknown" not in info.value.msg.zh
    with pytest.raises(RulesError) as info:
        game.rules("nowhere")
    assert info.value.code == "unknown_preset" and "没有玩法" in info.value.msg.zh


def test_a_payment_label_is_a_message_and_its_json_keeps_the_old_text() -> None:
    label = Msg.of("xian", "掀了未够牌（{fee}）", "failed 掀 ({fee})", fee=2)
    pay = Payment(1, 0, 2, "xian", label)
    assert pay.to_json() == {"payer": 1, "payee": 0, "amount": 2, "reason": "xian",
                             "label": "掀了未够牌（2） / failed 掀 (2)", "msg": label.to_json()}
    old = Payment(1, 0, 1, "claim", "吃 / claim")  # type: ignore[arg-type]
    assert old.label == Msg.plain("claim", "吃 / claim")
    assert old.to_json()["label"] == "吃 / claim"


def test_a_settlement_carries_its_items_in_json() -> None:
    item = SettlementItem(0, "zhan", Msg("zhan", "占牌", "占牌 (cards won)"), 13, unit("zhang"))
    table = SettlementItem(None, "huangzhuang", Msg("huangzhuang", "黄庄", "drawn"), 0,
                           unit("none"))
    settled = Settlement(3, (), ("seat 0: 占牌 13",), (item, table))
    data = settled.to_json()
    assert data["notes"] == ["seat 0: 占牌 13"]
    assert data["items"] == [
        {"seat": 0, "code": "zhan", "label": {"code": "zhan", "zh": "占牌",
                                               "en": "占牌 (cards won)", "params": {}},
         "value": 13, "unit": {"code": "zhang", "zh": "张", "en": "cards",
                               "params": {"one": "card"}}},
        {"seat": None, "code": "huangzhuang", "label": table.label.to_json(), "value": 0,
         "unit": {"code": "none", "zh": "", "en": "", "params": {}}}]
    assert Settlement(3, ()).to_json()["items"] == []


def test_every_unit_names_itself_in_both_languages() -> None:
    for code, msg in UNITS.items():
        assert msg.code == code
        assert code == "none" or (msg.zh and msg.en)
    with pytest.raises(KeyError):
        unit("furlong")


def test_action_info_json() -> None:
    info = ActionInfo(7, "discard", ("三*",), Msg.of("discard", "打 {card}", "discard {card}",
                                                   card="三*"), "cards")
    assert info.to_json() == {"id": 7, "kind": "discard", "cards": ["三*"],
                              "label": {"code": "discard", "zh": "打 三*",
                                        "en": "discard 三*", "params": {"card": "三*"}},
                              "group": "cards", "style": "neutral"}


class _Bare(GameBase[RulesBase, None]):
    """A family that only has a notation."""

    name = "bare"

    def format_action(self, rules: RulesBase, action: int) -> str:
        return f"move {action}"


def test_a_family_without_its_own_describe_action_gets_a_button_per_notation() -> None:
    info = _Bare().describe_action(RulesBase(), 3)
    assert info == ActionInfo(3, "action", (), Msg.plain("action", "move 3"))
    assert (info.group, info.style) == ("button", "neutral")


def test_messages_and_refusals_pickle_and_copy_with_their_values() -> None:
    import copy
    import pickle

    msg = Msg.of("no_pair", "对要两张{name}", "对 needs two {name}", name="七")
    assert pickle.loads(pickle.dumps(msg)) == msg == copy.deepcopy(msg)
    for exc in (IllegalAction(msg), NotationError(msg), RulesError(msg)):
        back = pickle.loads(pickle.dumps(exc))
        assert type(back) is type(exc) and back.msg == msg and str(back) == str(exc)


def test_a_parameter_may_be_called_code_zh_or_en() -> None:
    msg = Msg.of("bad_code", "没有编码 {code} 的牌 {zh}{en}", "no card code {code}", code=99,
                 zh="", en="")
    assert msg.code == "bad_code" and msg.params["code"] == 99 and msg.zh == "没有编码 99 的牌 "
    assert NotationError.of("bad_code", "{code}", "{code}", code=7).msg.params["code"] == 7
