"""Chinese names wherever a command takes them, as ``huapai play`` takes them: a preset's
name as GAME (十八福, 钵福, 黄十八, bofu), ``--preset`` by its Chinese name in the calculators
too, and ``-r KEY=VALUE`` by an option's 中文 term and a choice's label (报数=自己报数);
every refusal names what was meant in the command's language, with the ids."""

from __future__ import annotations

import json
import re

import pytest
from cli_helpers import assert_clean, invoke

from huapai.arena import command as arena_cmd

SCORED = ["壹贰叁贰柒拾一二三二七十伍陆柒四五六", "-m", "哨:捌捌捌"]
SHORT = ["壹贰叁贰柒拾一二三二七十四五六七八九伍陆"]


def _error(args: list[str]) -> str:
    result = invoke(args)
    assert_clean(result, 1)
    return result.output


def _no_english(text: str) -> bool:
    """Chinese mode: no Latin letters but ids in parentheses (and the flags named)."""
    bare = re.sub(r"（[^（）]*）|--?[a-z-]+", "", text)
    return re.search(r"[A-Za-z]", bare) is None


@pytest.mark.parametrize(("word", "preset"), [("十八福", "shibafu"), ("黄十八", "shibafu"),
                                              ("钵福", "bofu"), ("bofu", "bofu"),
                                              ("凤翔", "fengxiang")])
def test_simulate_takes_a_preset_as_game(word: str, preset: str) -> None:
    result = invoke(["simulate", word, "--games", "1", "--json"])
    assert_clean(result, 0)
    data = json.loads(result.stdout)
    assert (data["preset"], data["deals"]) == (preset, 1)


def test_howto_of_a_preset_shows_that_preset() -> None:
    result = invoke(["howto", "十八福"])
    assert_clean(result, 0)
    assert "秀山字牌" in result.output and "─ 玩法：十八福" in result.output
    assert len(re.findall("─ 玩法：", result.output)) == 1
    data = json.loads(invoke(["howto", "钵福", "--json"]).stdout)
    assert list(data["presets"]) == ["bofu"]


def test_arena_and_rules_take_a_preset_as_game() -> None:
    _setup, chosen = arena_cmd.build_setup("钵福", None, None, [], "heuristic", 0)
    assert chosen == "bofu"
    data = json.loads(invoke(["rules", "黄十八", "--json"]).stdout)
    assert (data["game"], data["preset"]) == ("xiushan", "shibafu")


def test_a_word_of_several_presets_is_refused_naming_each() -> None:
    zh = _error(["howto", "兰州"])
    assert "「兰州」可以是几种玩法" in zh
    assert "兰州掀牛（扑克）（xianniu --preset lanzhou）" in zh and "lanzhou-app" in zh
    assert _no_english(zh.partition("错误：")[2])
    en = _error(["howto", "兰州", "--lang", "en"])
    assert "could be any of these presets: xianniu --preset lanzhou (兰州掀牛（扑克）)" in en


def test_a_preset_as_game_and_a_preset_too_is_refused() -> None:
    zh = _error(["simulate", "钵福", "-p", "shibafu", "--games", "1"])
    assert "「钵福」是秀山字牌 · 钵福（xiushan --preset bofu），不是游戏" in zh
    assert "given" not in zh


def test_an_unknown_game_lists_the_games_by_their_chinese_names() -> None:
    zh = _error(["howto", "麻将"])
    assert "没有叫「麻将」的游戏；有：" in zh
    assert "掀牛 / 花花牌（xianniu）" in zh and "秀山字牌（xiushan）" in zh
    english = _error(["howto", "麻将", "--lang", "en"])  # (a test's toy family may be
    assert "unknown game '麻将'; known: biegan, " in english  # registered meanwhile)
    assert "xianniu, xiushan" in english


def _json(args: list[str]) -> object:
    result = invoke([*args, "--json"])
    assert_clean(result, 0)
    return json.loads(result.stdout)


def test_calculators_resolve_presets_as_play_does() -> None:
    by_id = _json(["score", "xiushan", *SCORED, "-p", "bofu"])
    assert _json(["score", "xiushan", *SCORED, "-p", "钵福"]) == by_id
    assert _json(["score", "钵福", *SCORED]) == by_id
    assert _json(["waits", "黄十八", *SHORT]) == _json(["waits", "xiushan", *SHORT,
                                                        "-p", "shibafu"])
    assert _json(["score", "秀山", *SCORED]) == _json(["score", "xiushan", *SCORED])


def test_calculator_options_by_their_chinese_names() -> None:
    assert _json(["score", "xiushan", *SCORED, "-r", "起胡=30"]) == _json(
        ["score", "xiushan", *SCORED, "-r", "hu_threshold=30"])
    zh = _error(["score", "xiushan", *SCORED, "-r", "将=1"])
    assert "「将」可以是几个规则选项：翻将（jiang）" in zh


def _rule(args: list[str], name: str) -> object:
    data = _json(["rules", *args])
    assert isinstance(data, dict)
    return next(o["value"] for o in data["options"] if o["name"] == name)


@pytest.mark.parametrize("item", ["报数=自己报数", "baoshu=自己报数", "报数=train",
                                  "报数=自己报数（练习）"])
def test_rule_options_and_choices_by_their_chinese_names(item: str) -> None:
    assert _rule(["xiushan", "-p", "bofu", "-r", item], "baoshu") == "train"


def test_rule_option_chinese_names_in_play_and_simulate() -> None:
    data = _json(["simulate", "钵福", "--games", "1", "-r", "报数=自动报数", "-r", "放炮=各付各的"])
    assert isinstance(data, dict)
    assert (data["rules"]["baoshu"], data["rules"]["pay_discard"]) == ("auto", "each")


def test_an_unknown_option_names_every_option_in_the_commands_language() -> None:
    zh = _error(["rules", "xiushan", "-p", "bofu", "-r", "报什么=1"])
    assert "xiushan 没有这些规则选项：报什么；可用：" in zh and "、报数（baoshu）、" in zh
    assert _no_english(zh.partition("错误：")[2].removeprefix("xiushan"))
    en = _error(["rules", "xiushan", "-r", "报x=1", "--lang", "en"])
    assert "unknown rule option(s) for xiushan: 报x; known: " in en and "baoshu (报数)" in en


def test_a_bad_choice_names_every_choice_with_its_label() -> None:
    zh = _error(["rules", "xiushan", "-p", "bofu", "-r", "报数=乱报"])
    assert ("规则选项「报数」（baoshu）：没有「乱报」这一项；"
            "可选：自动报数（auto）、自己报数（练习）（train）") in zh
    assert _no_english(zh.partition("错误：")[2])
    en = _error(["rules", "xiushan", "-r", "baoshu=x", "--lang", "en"])
    assert "rule option baoshu: 'x' is not a choice; choose one of auto (自动报数)" in en


@pytest.mark.parametrize(("word", "value"), [("关", False), ("否", False), ("off", False),
                                             ("开", True), ("是", True), ("yes", True)])
def test_a_yes_no_option_takes_the_words_a_player_says(word: str, value: bool) -> None:
    """龙灯开召=关 as well as quads=false: the words ``huapai rules`` shows (开 / 关)."""
    assert _rule(["十八福", "-r", f"龙灯开召={word}"], "quads") is value


def test_a_yes_no_option_refuses_any_other_word_in_every_command() -> None:
    refused = _error(["rules", "十八福", "-r", "quads=也许"])
    assert "规则选项「龙灯开召」（quads）：应为是或否" in refused
    calc = _error(["score", "shibafu", *SCORED, "-o", "quads=maybe"])
    assert "规则选项 quads 要写 是 或 否（开 / 关、true / false），不是「maybe」" in calc
    data = _json(["waits", "shibafu", SCORED[0][:-1], *SCORED[1:], "-o", "quads=关"])
    assert isinstance(data, dict)


def test_the_xiushan_calculator_names_its_options_when_one_is_unknown() -> None:
    zh = _error(["score", "shibafu", *SCORED, "-o", "foo=1"])
    assert "xiushan 没有这些规则选项：foo；可用：手牌张数（hand_size）、龙灯开召（quads）" in zh
    assert "规则选项写成 名=值" in _error(["score", "shibafu", *SCORED, "-o", "quads"])
