"""``huapai rules``: every option, its value, 中文 term, meaning and source; the presets."""

from __future__ import annotations

import dataclasses
import json

from cli_helpers import assert_clean, invoke

from huapai.cli_support.rules_view import OptionRow, _option_text, rules_changed
from huapai.core.registry import get_game
from huapai.games.xianniu.rules import PRESETS, XianniuRules


def test_every_option_is_listed_with_its_term_doc_and_source() -> None:
    result = invoke(["rules", "xianniu", "--lang", "en"])
    assert_clean(result, 0)
    for name, _default, zh, doc, source in XianniuRules.describe():
        assert f"\n{name} = " in result.output, name
        assert zh in result.output and doc in result.output and source in result.output
    for preset in PRESETS:
        assert preset in result.output
    assert '\nscoring = "kanniutui" (kanniutui points)' in result.output  # the value's label


def test_in_chinese_the_listing_has_no_english_prose() -> None:
    """Chinese mode lists each option's name and value (what one types with -r), the
    value's 中文 label, the option's 中文 term, and its meaning and source in Chinese;
    none of the English ones."""
    result = invoke(["rules", "xianniu", "-p", "fengxiang"])
    assert_clean(result, 0)
    assert '\ndeck = "huapai"（花花牌）  （默认 "poker"）  牌具' in result.output
    assert "▶ fengxiang 凤翔花花牌（长牌）" in result.output
    assert "--lang en" not in result.output  # every meaning is there in Chinese
    for name, _default, _zh, doc, source in XianniuRules.describe():
        info = XianniuRules.info(name)
        assert f"含义：{info.doc_zh}" in result.output, name
        assert f"出处：{info.source_zh}" in result.output, name
        assert doc not in result.output
        if source != info.source_zh:  # (some sources are quotes of a Chinese seed)
            assert f"出处：{source}" not in result.output, name


def test_an_option_written_in_english_only_shows_its_term_in_chinese() -> None:
    """A plug-in's option without a Chinese meaning: its 中文 term alone in Chinese mode
    (and the listing says the rest is under --lang en), its meaning in English mode."""
    row = OptionRow("depth", 3, 3, "深度", "How deep the toy digs.", "PROPOSAL")
    chinese = _option_text(row, "zh").plain
    assert chinese.endswith("深度") and "toy" not in chinese
    english = _option_text(row, "en").plain
    assert "meaning: How deep the toy digs." in english and "source: PROPOSAL" in english


def test_preset_values_and_defaults_in_json() -> None:
    result = invoke(["rules", "xianniu", "--preset", "fengxiang", "--json"])
    assert_clean(result, 0)
    data = json.loads(result.stdout)
    assert [o["name"] for o in data["options"]] == [
        f.name for f in dataclasses.fields(XianniuRules)]
    deck = next(o for o in data["options"] if o["name"] == "deck")
    assert (deck["value"], deck["default"], deck["zh"]) == ("huapai", "poker", "牌具")
    assert data["presets"]["lanzhou"] == {}
    assert data["presets"]["lanzhou-app"] == {"scoring": "app"}
    assert data["presets"]["fengxiang"]["scoring"] == "xingzi"


def test_overrides_show_in_the_listing() -> None:
    result = invoke(["rules", "-p", "fengxiang", "--players", "5", "--lang", "en"])
    assert_clean(result, 0)
    assert "players = 5  (default 3)" in result.output
    assert "▶ fengxiang" in result.output and "meaning:" in result.output


def test_bad_game_and_preset() -> None:
    assert "没有叫「go」的游戏" in invoke(["rules", "go"]).output
    assert "unknown game 'go'" in invoke(["rules", "go", "--lang", "en"]).output
    result = invoke(["rules", "xianniu", "-p", "tianjin"])
    assert_clean(result, 1)
    assert "xianniu 没有玩法「tianjin」" in result.output and "lanzhou" in result.output
    english = invoke(["rules", "xianniu", "-p", "tianjin", "--lang", "en"])
    assert "unknown preset 'tianjin'" in english.output and "lanzhou" in english.output


def test_options_of_another_way_of_scoring_are_left_out_and_counted() -> None:
    """麻雀福 (算豆) listed 钵福's 算盘 options, which do nothing there (an English newcomer
    read them as this game's); 三六福 (名堂) 自摸加豆, which it does not count."""
    maquefu = invoke(["rules", "xiushan", "-p", "maquefu", "--lang", "en"])
    assert_clean(maquefu, 0)
    assert "\nbo_target = " not in maquefu.output and "\nzimo_dou = " in maquefu.output
    assert "more options apply only under another way of scoring" in maquefu.output
    sanliufu = invoke(["rules", "xiushan", "-p", "sanliufu"])
    assert "\nzimo_dou = " not in sanliufu.output and "\nmingtang_table = " in sanliufu.output
    assert "这里不列（--json 全有）" in sanliufu.output
    every = json.loads(invoke(["rules", "xiushan", "-p", "maquefu", "--json"]).output)
    assert "bo_target" in {o["name"] for o in every["options"]}


def test_a_file_options_empty_default_reads_built_in() -> None:
    """A club table's house rule said its preset's value as nothing: 玩法默认 ）."""
    game = get_game("xiushan")
    values = {**game.rules_to_dict(game.rules("bofu")), "mingtang_table": "club.toml"}
    assert "名堂表 club.toml（玩法默认 内置）" in (rules_changed(game, "bofu", values, "zh") or "")
    assert "(the preset: built-in)" in (rules_changed(game, "bofu", values, "en") or "")
