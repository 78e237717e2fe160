"""``huapai score biegan`` and ``huapai waits biegan`` (issue 3 §3) through the CLI.

The hands are those of the calculator's own tests (tests/games/biegan/): the worked example
of rules/zipai.md A3.6 and the seed 003 §4 waits 拿撂 / 推攤 / 胡兩頭, built into full
25-card hands around 7 units that touch none of the tested faces.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import assert_clean, invoke
from typer.testing import Result

from huapai.core.protocol import NotationError
from huapai.games.biegan.calcinput import CALC_OPTIONS, parse_meld
from huapai.games.biegan.cards import format_cards, parse_cards

WORKED = "上大人可知礼化三*千五五五*孔孔孔八九十四五六二二"
WORKED_ZHA = "紮:七七七*七*"
SEVEN_UNITS = "上大人上大人可知礼可知礼三*三*三化化化千千千"
"""7 units worth ≥ 17 with 主精 三 that touch none of the faces the seed's waits test."""
NALIAO = "上大人上大人可知礼可知礼三*三*三孔孔孔化化化千千千七"
"""Seed 003 §4 拿撂: 24 cards in units and a single 七."""
TUITAN_SAN_SI = "上大人上大人可知礼可知礼七*七*七孔孔孔化化化三三四四"
UNDER_17 = "孔孔孔孔乙己孔乙己化化化千千千八九子八九子二二二七"
"""The 拿撂 shape with little 胡: every completion stays under 17."""


def run_json(*args: str) -> dict[str, Any]:
    result = invoke([*args, "--json"])
    assert_clean(result, 0)
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def wait_faces(data: dict[str, Any]) -> set[str]:
    return {w["face"] for w in data["waits"]}


# --- score ------------------------------------------------------------------------------

def test_worked_example_a36_as_json() -> None:
    """zipai.md A3.6: 26 before 主精, 主七 (tie with 五 on 4 cards, more 胡) → 40 胡, 5 分."""
    data = run_json("score", "biegan", WORKED, "--meld", WORKED_ZHA)
    assert (data["wins"], data["hu"], data["fen"], data["zhujing"]) == (True, 40, 5, "七")
    assert data["tingtou"] == ["二", "二"] and data["tingtou_hu"] == 0
    assert sorted(u["hu"] for u in data["units"]) == [0, 1, 1, 1, 1, 2, 6, 28]
    assert sum(u["hu"] for u in data["units"]) + data["tingtou_hu"] == data["hu"]
    zha = [u for u in data["units"] if u["exposed"]]
    assert zha == [{"kind": "紮", "cards": "七七七*七*", "hu": 28, "exposed": True}]
    assert data["self_drawn"] and data["won_discard"] is None and data["reason"] is None


def test_score_json_shape() -> None:
    data = run_json("score", "biegan", WORKED, "--meld", WORKED_ZHA)
    assert {"wins", "hu", "fen", "units", "tingtou", "zhujing", "threshold", "reason",
            "options", "cards"} <= set(data)
    assert data["cards"] == 26 and data["threshold"] == 17
    assert data["options"]["zhujing_reading"] == "most_cards"
    assert all(set(u) >= {"kind", "cards", "hu", "exposed"} for u in data["units"])


def test_worked_example_as_a_table_in_chinese_and_english() -> None:
    zh = invoke(["score", "biegan", WORKED, "--meld", WORKED_ZHA])
    assert_clean(zh, 0)
    # a flowered card in Chinese is 花七, spaced in its run, as the play's screen says it
    for text in ("自摸", "七 七 花七 花七", "上大人", "听头", "主精：七", "合计", "40",
                 "胡牌 ✓  5 分", "主精翻倍", "扣着"):
        assert text in zh.output, text
    assert "*" not in zh.output
    assert "明 ·" not in zh.output and "│ 明" not in zh.output  # a 紮 is face down (a 公安 player)
    en = invoke(["score", "biegan", WORKED, "--meld", WORKED_ZHA, "--lang", "en"])
    assert_clean(en, 0)
    for text in ("self-drawn", "句 (sequence)", "主精 (the 精 whose 胡 are doubled): 七",
                 "wins ✓  5 分", "total"):
        assert text in en.output, text
    assert "胡牌" not in en.output


@pytest.mark.parametrize("meld",
                         ["zha:七七七*七*", "ZHA:七七七*七*", "扎:七七七*七*", "紮：七七七*七*"])
def test_meld_kind_aliases(meld: str) -> None:
    assert run_json("score", "biegan", WORKED, "--meld", meld)["hu"] == 40


def test_hand_in_several_words_and_meld_with_equals() -> None:
    """Spaces are ignored in the notation, so an unquoted hand works too."""
    words = ["上大人", "可知礼", "化三*千", "五五五*", "孔孔孔", "八九十", "四五六", "二二"]
    assert run_json("score", "biegan", *words, f"--meld={WORKED_ZHA}")["hu"] == 40


def test_a_dui_meld_and_the_dui_value_option() -> None:
    """zipai.md G3 [P] (the reference's readings, ``-p reference``): a black 对 is 0 (a 坎
    would be 1); dui_value=kan scores it as 坎."""
    hand = WORKED.replace("孔孔孔", "")
    args = ("score", "biegan", hand, "-m", "对:孔孔孔", "-m", WORKED_ZHA, "-p", "reference")
    peng = run_json(*args)
    assert peng["hu"] == 39 and {"kind": "对", "cards": "孔孔孔", "hu": 0, "exposed": True} \
        in peng["units"]
    kan = run_json(*args, "--option", "dui_value=kan")
    assert kan["hu"] == 40 and kan["options"]["dui_value"] == "kan"


def test_won_on_a_discard() -> None:
    """zipai.md A6 [P] (``-p reference``): a 坎 completed by the winning discard counts as 对
    (here 1 → 0)."""
    ref = ("-p", "reference")
    data = run_json("score", "biegan", WORKED, "--meld", WORKED_ZHA, "--discard", "孔", *ref)
    assert data["hu"] == 39 and not data["self_drawn"] and data["won_discard"] == "孔"
    assert any(u["kind"] == "对" and u["exposed"] for u in data["units"])
    table = invoke(["score", "biegan", WORKED, "--meld", WORKED_ZHA, "--discard", "孔", *ref])
    assert_clean(table, 0)
    assert "捉铳（孔）" in table.output
    kept = run_json("score", "biegan", WORKED, "--meld", WORKED_ZHA, "--discard", "四", *ref)
    assert kept["hu"] == 40


@pytest.mark.parametrize("option", ["threshold=41", "起胡=41", "hu-threshold=41"])
def test_a_hand_under_the_threshold_keeps_its_best_total(option: str) -> None:
    """Seed 003 §4 (至少有17個胡) as an option: 40 胡 does not win at 41, hu stays 40."""
    data = run_json("score", "biegan", WORKED, "--meld", WORKED_ZHA, "--option", option)
    assert (data["wins"], data["hu"], data["fen"]) == (False, 40, None)
    assert data["reason"] == "below_threshold" and data["threshold"] == 41
    result = invoke(["score", "biegan", WORKED, "--meld", WORKED_ZHA, "-o", option])
    assert_clean(result, 0)
    assert "不能胡：最好的组法只有 40 胡，至少要 41 胡" in result.output
    assert "规则选项：threshold=41" in result.output


def test_the_tingtou_option_and_a_joker_in_the_tingtou() -> None:
    """The 赖子 plays a flowered 五 in the 听头 beside 七: 2 + 1 (G4 [P], ``-p reference``);
    off, it is 0."""
    data = run_json("score", "biegan", NALIAO + "赖", "-p", "reference")
    assert (data["hu"], data["tingtou"], data["tingtou_hu"]) == (24, ["赖", "七"], 3)
    assert data["tingtou_jokers"] == ["五"] and data["zhujing"] == "三"
    off = run_json("score", "biegan", NALIAO + "赖", "-p", "reference", "--option",
                   "tingtou_scores=false")
    assert (off["hu"], off["tingtou_hu"]) == (21, 0)
    table = invoke(["score", "biegan", NALIAO + "赖", "-p", "reference"])
    assert_clean(table, 0)
    assert "赖作 五" in table.output


def test_an_incomplete_hand_says_why() -> None:
    hand = "上大人可知礼化三*千五五五*孔孔孔八九十四五六二子七七七"
    data = run_json("score", "biegan", hand)
    assert (data["wins"], data["hu"], data["complete"], data["units"]) == (False, 0, False, [])
    assert data["reason"] == "incomplete"
    result = invoke(["score", "biegan", hand, "--lang", "en"])
    assert_clean(result, 0)
    assert "does not win: no way to make 8 units" in result.output


def test_a_25_card_hand_given_to_score_shows_its_waits() -> None:
    result = invoke(["score", "biegan", SEVEN_UNITS + "孔己六七"])
    assert_clean(result, 0)
    assert "差一张成牌" in result.output and "huapai waits biegan" in result.output
    assert "捉铳胡" in result.output and "八" in result.output
    data = run_json("score", "biegan", SEVEN_UNITS + "孔己六七")
    assert (data["wins"], data["fen"], data["reason"]) == (False, None, "one_card_short")
    assert wait_faces(data) == {"乙", "五", "八", "赖"}


def test_the_calculator_reads_as_gongan_unless_a_preset_is_named() -> None:
    """Issue 9 §3: ``huapai score biegan`` defaults to the seed preset's readings — its
    听头 scores nothing ([S] §3–4) and a 对 is priced as a 坎 ([S] §1, §3) — and
    ``--preset`` takes another's: the apps' (``gongan-app``) or the reference's."""
    seed = run_json("score", "biegan", NALIAO + "赖")
    assert (seed["hu"], seed["tingtou_hu"], seed["preset"]) == (21, 0, "gongan")
    assert seed["options"]["tingtou_scores"] is False and seed["options"]["dui_value"] == "kan"
    app = run_json("score", "biegan", NALIAO + "赖", "--preset", "gongan-app")
    assert (app["tingtou_hu"], app["preset"], app["options"]["dui_value"]) == (3, "gongan-app",
                                                                                "peng")
    dui = ("score", "biegan", WORKED.replace("孔孔孔", ""), "-m", "对:孔孔孔", "-m", WORKED_ZHA)
    assert run_json(*dui)["hu"] == 40  # the black 对 is a 坎: 1
    assert run_json(*dui, "-p", "gongan-app")["hu"] < 40  # the apps' 碰 price: 0
    table = invoke(["score", "biegan", NALIAO + "赖", "-o", "tingtou_scores=true"])
    assert_clean(table, 0)
    assert "按 gongan 的读法" in table.output and "规则选项：tingtou_scores=true" in table.output


def test_the_calculators_fen_is_the_presets() -> None:
    """分 as the named preset pays it: the seed's 按坡 (40 胡 → 5 分), the apps' 一胡一分
    (gongan-app: 40 分, as a gongan-app deal's settlement pays); the waits' 分 too."""
    seed = run_json("score", "biegan", WORKED, "--meld", WORKED_ZHA)
    assert (seed["hu"], seed["fen"], seed["fen_mode"]) == (40, 5, "po")
    app = run_json("score", "biegan", WORKED, "--meld", WORKED_ZHA, "-p", "gongan-app")
    assert (app["fen"], app["fen_mode"]) == (app["hu"], "per_hu")
    table = invoke(["score", "biegan", WORKED, "--meld", WORKED_ZHA, "-p", "gongan-app"])
    assert f"胡牌 ✓  {app['hu']} 分（一胡一分）" in table.output
    english = invoke(["score", "biegan", WORKED, "--meld", WORKED_ZHA, "--lang", "en"])
    assert "wins ✓  5 分 (points: 1 at 17 胡, +1 every 5)" in english.output
    waits = run_json("waits", "biegan", NALIAO, "-p", "gongan-app")
    assert waits["waits"] and all(w["fen"] == w["hu"] for w in waits["waits"])
    assert all(w["fen"] == (w["hu"] - 17) // 5 + 1
               for w in run_json("waits", "biegan", NALIAO)["waits"])


def test_an_unknown_calculator_preset_names_the_known_ones() -> None:
    result = invoke(["waits", "biegan", NALIAO, "--preset", "moon"])
    assert_clean(result, 1)
    assert "moon" in result.output and "gongan-app" in result.output and "reference" in \
        result.output


# --- waits ------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("hand", "faces", "joker"),
    [
        (NALIAO, set("五六七八九十士"), True),  # 拿撂 on 七
        (SEVEN_UNITS + "孔孔乙乙", set("孔乙己"), False),  # 推攤 孔孔乙乙
        (TUITAN_SAN_SI, set("二三四五"), True),  # 推攤 三三四四 (+ 赖 as 三 or 五 [P])
        (SEVEN_UNITS + "孔己六七", set("乙五八"), True),  # 胡兩頭 / 卡卡 孔己六七
    ],
)  # fmt: skip
def test_the_seeds_named_waits(hand: str, faces: set[str], joker: bool) -> None:
    """Seed 003 §4: 拿撂, 推攤 and 胡兩頭 wait on exactly the faces the seed names."""
    data = run_json("waits", "biegan", hand)
    assert wait_faces(data) - {"赖"} == faces
    assert ("赖" in wait_faces(data)) is joker
    assert all(w["hu"] >= 17 for w in data["waits"])


def test_waits_json_shape_and_counts() -> None:
    data = run_json("waits", "biegan", NALIAO, "-p", "reference")
    assert {"waits", "threshold", "unseen", "cards"} <= set(data)
    for wait in data["waits"]:
        assert {"face", "hu", "remaining", "flowered", "hu_discard", "card", "fen"} <= set(wait)
    shi = next(w for w in data["waits"] if w["face"] == "十")
    assert (shi["hu"], shi["remaining"], shi["card"]) == (22, 5, "十")
    assert data["unseen"] == sum(w["remaining"] for w in data["waits"])
    joker = next(w for w in data["waits"] if w["face"] == "赖")
    assert joker["remaining"] == 2


def test_a_flowered_copy_worth_more_is_listed_apart() -> None:
    """A 花五 in the 听头 is worth one more than a 素五 (A3.4, G4 [P], ``-p reference``); each
    counts its own."""
    data = run_json("waits", "biegan", NALIAO, "-p", "reference")
    wu = [w for w in data["waits"] if w["face"] == "五"]
    assert [(w["card"], w["flowered"], w["remaining"]) for w in wu] == [
        ("五", False, 3), ("五*", True, 2)]
    assert wu[1]["hu"] == wu[0]["hu"] + 1


def test_seen_cards_lower_what_remains() -> None:
    data = run_json("waits", "biegan", NALIAO, "--seen", "十十", "--seen", "七*", "-p",
                    "reference")
    listed = {w["card"]: w["remaining"] for w in data["waits"]}
    assert listed["十"] == 3 and listed["七*"] == 1


def test_waits_table_in_both_languages() -> None:
    zh = invoke(["waits", "biegan", NALIAO, "-p", "reference"])
    assert_clean(zh, 0)
    for text in ("听牌 · 25 张 · 起胡 17", "自摸胡", "未见", "花五", "赖（作花精）", "听 8 种牌"):
        assert text in zh.output, text
    en = invoke(["waits", "biegan", NALIAO, "--lang", "en", "-p", "reference"])
    assert_clean(en, 0)
    assert "胡 self-drawn" in en.output and "赖 (as a flowered 精)" in en.output
    assert "waits on 8 cards" in en.output


def test_completions_under_17_are_not_waits() -> None:
    """Seed 003 §4: at least 17 胡 — the 拿撂 shape with little 胡 waits on nothing."""
    assert run_json("waits", "biegan", UNDER_17)["waits"] == []
    result = invoke(["waits", "biegan", UNDER_17])
    assert_clean(result, 0)
    assert "不听牌" in result.output and "至少要 17 胡" in result.output


def test_no_card_completes_the_shape() -> None:
    hand = "上上孔孔可可化化十十八八二二四四六六乙乙己己知知千"
    assert run_json("waits", "biegan", hand)["waits"] == []
    result = invoke(["waits", "biegan", hand, "--lang", "en"])
    assert_clean(result, 0)
    assert "no waits: no card makes 8 units" in result.output


def test_waits_with_a_meld_and_an_option() -> None:
    """Waits take melds and options too: 乙二三 off drops the 乙 … 三 readings."""
    hand = SEVEN_UNITS.replace("化化化", "")
    data = run_json("waits", "biegan", hand + "孔己六七", "--meld", "对:化化化")
    assert wait_faces(data) - {"赖"} == set("乙五八")
    strict = run_json("waits", "biegan", SEVEN_UNITS + "二三四四", "--option", "yi_er_san=false")
    loose = run_json("waits", "biegan", SEVEN_UNITS + "二三四四")
    assert "乙" in wait_faces(loose) and "乙" not in wait_faces(strict)


# --- errors -----------------------------------------------------------------------------

ERRORS: list[tuple[list[str], str, str]] = [
    (["score", "biegan", "上大x人"], "看不懂", "unknown card 'x' at position 3"),
    (["score", "biegan", "三**"], "看不懂", "'*' at position 3"),
    (["score", "biegan", "六六六六六六"], "6 张六，一副牌只有 5 张",
     "6 × 六 in the hand and melds"),
    (["score", "biegan", WORKED, "-m", "紮:五五五*五*"], "5 张素五", "5 × plain 五"),
    (["score", "biegan", "赖赖赖"], "3 张赖", "3 × 赖"),
    (["score", "biegan", "上大人"], "手牌算 3 张", "the hand counts 3 (3 concealed"),
    (["score", "biegan", WORKED], "手牌算 23 张", "score takes 26"),
    (["waits", "biegan", NALIAO + "七"], "请用 huapai score biegan", "use huapai score biegan"),
    (["waits", "biegan", NALIAO[:-1]], "查听要 25 张", "waits takes 25"),
    (["score", "biegan", WORKED, "-m", "碰:七七七*七*"], "没有「碰」", "no meld kind '碰'"),
    (["score", "biegan", WORKED, "-m", "对:七七"], "对 是 3 张", "a 对 has 3 cards, got 2"),
    (["score", "biegan", WORKED, "-m", "对七七七"], "要写成 种类:牌", "must be KIND:CARDS"),
    (["score", "biegan", WORKED, "-m", "对:七七五"], "必须是同一个字", "a 对 is one face"),
    (["score", "biegan", WORKED, "-m", "对:七七赖"], "赖子只能", "a 赖子 may only be in"),
    (["score", "biegan", WORKED, "-m", "紮:孔孔孔赖"], "赖子只能", "a 赖子 may only be in"),
    (["score", "biegan", WORKED, "-m", "紮:七y"], "--meld 紮「七y」", "unknown card 'y'"),
    (["score", "biegan", WORKED, "-m", WORKED_ZHA, "-o", "foo=1"], "没有选项「foo」",
     "no option 'foo'; known: zhujing_reading (主精)"),
    (["score", "biegan", WORKED, "-m", WORKED_ZHA, "-o", "zhujing_reading=most"],
     "可取 most_cards / max_hu", "takes most_cards / max_hu, got 'most'"),
    (["score", "biegan", WORKED, "-m", WORKED_ZHA, "-o", "yi_er_san=maybe"], "要写 是 或 否",
     "takes yes or no (true / false)"),
    (["score", "biegan", WORKED, "-m", WORKED_ZHA, "-o", "threshold=-3"], "整数",
     "whole number 0–999, got '-3'"),
    (["score", "biegan", WORKED, "-m", WORKED_ZHA, "-o", "threshold"], "名=值", "NAME=VALUE"),
    (["score", "biegan", WORKED, "-m", WORKED_ZHA, "-o", "起胡=20", "-o", "threshold=30"],
     "给了两次", "option threshold given twice"),
    (["score", "biegan", WORKED, "-m", WORKED_ZHA, "--foo"], "不认识 --foo",
     "score has no option --foo"),
    (["score", "biegan", WORKED, "--meld"], "--meld 后面缺少值", "--meld needs a value"),
    (["score", "biegan", "--json"], "缺少手牌", "no hand given"),
    (["waits", "biegan"], "缺少手牌", "no hand given"),
    (["score", "biegan", WORKED, "-m", WORKED_ZHA, "--discard", "七"], "不在暗牌里",
     "--discard 七 is not in the hand"),
    (["score", "biegan", WORKED, "-m", WORKED_ZHA, "--discard", "孔孔"], "只能是一张牌",
     "--discard is one card"),
    (["score", "biegan", WORKED, "-m", WORKED_ZHA, "--discard", "孔", "--discard", "四"],
     "只能给一次", "--discard may be given only once"),
    (["score", "biegan", NALIAO, "--discard", "七"], "26 张的完整牌",
     "--discard needs a complete hand"),
    (["waits", "biegan", NALIAO, "--discard", "七"], "不认识 --discard",
     "waits has no option --discard"),
    (["waits", "biegan", NALIAO, "--seen", "赖赖赖"], "手牌、副露和 --seen",
     "3 × 赖 in the hand, melds and --seen"),
    (["score", "biegan", WORKED, "-m", WORKED_ZHA, "--json=yes"], "不认识 --json=yes",
     "no option --json=yes"),
]


def _one_clean_line(result: Result) -> str:
    assert_clean(result, 1)
    assert result.stdout == "", result.stdout  # nothing half-printed on stdout
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    return lines[0]


@pytest.mark.parametrize(("args", "zh", "en"), ERRORS)
def test_bad_input_is_one_clear_line(args: list[str], zh: str, en: str) -> None:
    line = _one_clean_line(invoke(args))
    assert line.startswith("错误：") and zh in line, line
    english = _one_clean_line(invoke([*args, "--lang", "en"]))
    assert english.startswith("error: ") and en in english, english


# --- docs/notation.md, biegan section ------------------------------------------------------

DOC = Path(__file__).resolve().parents[2] / "docs" / "notation.md"


def _biegan_doc() -> str:
    return DOC.read_text(encoding="utf-8").split("## 双别杆 / 赖子花牌 (`biegan`)", 1)[1]


def _rows(heading: str) -> list[tuple[str, str]]:
    section = _biegan_doc().split(heading, 1)[1].split("\n\n", 2)[1]
    return re.findall(r"^\| `([^`]*)` \| `([^`]*)` \|$", section, re.M)


def test_doc_notation_examples() -> None:
    rows = _rows("Examples · 例 (input → canonical form):")
    assert len(rows) == 5
    for text, shown in rows:
        assert format_cards(parse_cards(text)) == shown


def test_doc_notation_errors() -> None:
    rows = _rows("the commands put a Chinese lead before it: `手牌「上大x人」看不懂：…`):")
    assert len(rows) == 6
    for text, message in rows:
        with pytest.raises(NotationError) as info:
            parse_cards(text)
        assert info.value.msg.en == message  # the doc quotes the English; 中文 beside it
        assert info.value.msg.zh and info.value.msg.zh != message


def test_doc_meld_examples_are_melds() -> None:
    text = _biegan_doc().split("### Melds", 1)[1].split("###", 1)[0]
    examples = [m for m in re.findall(r"`([^`\s]+:[^`\s]+)`", text) if m != "KIND:CARDS"]
    assert len(examples) == 4
    for raw in examples:
        assert parse_meld(raw).kind in "对招紮泛"


def test_doc_commands_do_what_the_doc_says() -> None:
    blocks = re.findall(r"```\n(huapai [^\n]+)\n```", _biegan_doc())
    assert len(blocks) == 2
    score, waits = (shlex.split(b)[1:] for b in blocks)
    data = run_json(*score)
    assert (data["hu"], data["fen"], data["zhujing"]) == (40, 5, "七")
    assert wait_faces(run_json(*waits)) == set("五六七八九十士") | {"赖"}


def test_doc_options_table_matches_the_calculator() -> None:
    rows = re.findall(r"^\| `(\w+)` \| (\S+) \| .* \| `([^`]+)` \|$", _biegan_doc(), re.M)
    assert [(name, zh) for name, zh, _ in rows] == [(o.name, o.zh) for o in CALC_OPTIONS]
    for (_, _, default), option in zip(rows, CALC_OPTIONS, strict=True):
        shown = str(option.default).lower() if isinstance(option.default, bool) \
            else str(option.default)
        assert default == shown, option.name


def test_unreadable_cards_are_refused_in_chinese_in_chinese_mode() -> None:
    """The reason after 看不懂 is Chinese too (it was the English notation error)."""
    result = invoke(["score", "biegan", "上大x人"])
    assert_clean(result, 1)
    assert "看不懂：第 3 个字「x」不是牌" in result.output and "unknown" not in result.output
    english = invoke(["score", "biegan", "上大x人", "--lang", "en"])
    assert "unknown card 'x' at position 3" in english.output


def test_danbiegan_has_one_joker() -> None:
    """单别杆 deals one 赖: its waits count one (the only 赖 in one's own 泛 was listed as
    a wait, 未见 1, before), and a hand with two is refused as a deck could not hold it."""
    args = ["waits", "biegan", "上大人化千七七十十士八八八九九*九*子四四", "-m", "泛:五*五*五五赖",
            "-m", "对:可可可"]
    data = run_json(*args, "-p", "danbiegan")
    assert "赖" not in {w["card"] for w in data["waits"]} and data["unseen"] == 8, data
    assert "赖" in {w["card"] for w in run_json(*args, "-p", "gongan")["waits"]}
    two = invoke(["score", "biegan", NALIAO + "赖", "-m", "紮:五*五*五赖", "-p", "danbiegan"])
    assert two.exit_code == 1 and "一副牌只有 1 张" in two.output, two.output
