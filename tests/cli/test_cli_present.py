"""The terminal speaks values: the settlement view draws the engine's breakdown items in
the chosen language (no notes then; a settlement stored before items existed shows its
notes), and the legal list shows each action's label."""

from __future__ import annotations

import re
from typing import Any

import pytest
from cli_helpers import assert_clean, invoke
from rich.console import Console

from huapai.cli_support.families.xiushan_bo import _abacus_win, _announced
from huapai.cli_support.i18n import Lang
from huapai.cli_support.render import RenderContext, renderer_for, settlement_view
from huapai.core.present import UNITS
from huapai.core.registry import get_game


def _shown(settlement: dict[str, Any], lang: Lang, game_name: str = "xianniu",
           preset: str = "lanzhou") -> str:
    game = get_game(game_name)
    ctx = RenderContext(game, game.rules(preset), lang, me=0)
    console = Console(width=100, record=True, color_system=None)
    console.print(settlement_view(settlement, None, ctx))
    return console.export_text()


def _settled() -> dict[str, Any]:
    game = get_game("xianniu")
    rules = game.rules("lanzhou")
    for seed in range(50):
        state = game.new_game(rules, seed=seed)
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            state, _ = game.apply(state, seat, game.legal_actions(state, seat)[-1])
        settled = game.settlement(state)
        if settled.payments:
            return settled.to_json()
    raise AssertionError("no deal with a payment")


def test_the_breakdown_is_drawn_from_items_in_each_language() -> None:
    settled = _settled()
    zh, en = _shown(settled, "zh"), _shown(settled, "en")
    assert "计分明细" in zh and "占牌" in zh and " 张" in zh
    assert "scoring" in en and "cards won" in en and " cards" in en
    for note in settled["notes"]:
        assert str(note) not in zh and str(note) not in en
    labels = [p["msg"] for p in settled["payments"]]
    assert all(m["zh"] in zh and m["en"] in en for m in labels)
    assert not re.search(r"[A-Za-z]{2,}", zh.replace("lanzhou", ""))


@pytest.mark.parametrize("preset", ["shibafu", "bofu"])
def test_a_deal_nobody_won_says_so_in_one_language(preset: str) -> None:
    """A 秀山 黄庄 settlement is a table-wide item, so the terminal says it in Chinese only
    (it had only the two-language note, "黄庄：没有人和牌 / 黄庄: nobody won")."""
    game = get_game("xiushan")
    rules = game.rules(preset)
    for seed in range(80):
        state = game.new_game(rules, seed=seed)
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            state, _ = game.apply(state, seat, game.legal_actions(state, seat)[0])
        settled = game.settlement(state).to_json()
        if not settled["payments"] and state.win is None:
            break
    else:
        raise AssertionError("no 黄庄 in 80 deals")
    assert [i["code"] for i in settled["items"] if i["seat"] is None] == ["huang"]
    zh, en = _shown(settled, "zh", "xiushan", preset), _shown(settled, "en", "xiushan", preset)
    assert "黄庄：没有人和牌" in zh and "nobody won" not in zh and "nobody won" in en
    assert not re.search(r"[A-Za-z]{2,}", zh)


def test_a_settlement_without_items_shows_its_notes_as_they_are() -> None:
    old: dict[str, Any] = {"deltas": [1, -1, 0], "notes": ["seat 0: 占牌 7"],
           "payments": [{"payer": 1, "payee": 0, "amount": 1, "reason": "win",
                         "label": "点 1 / points"}]}
    shown = _shown(old, "zh")
    assert "seat 0: 占牌 7" in shown and "点 1 / points" in shown


def test_the_legal_list_shows_each_action_by_its_label_in_the_chosen_language() -> None:
    english = invoke(["play", "biegan", "--seed", "3", "--deals", "1", "--bots", "random",
                      "--lang", "en"], "1\nq\n")
    assert_clean(english, 0)
    assert "1 pass (过)" in english.output and "2 紮 (zha) 五" in english.output
    assert "you chose: pass (过)" in english.output  # the label, in the player's language
    chinese = invoke(["play", "biegan", "--seed", "3", "--deals", "1", "--bots", "random"],
                     "1\nq\n")
    assert_clean(chinese, 0)
    assert "1 过" in chinese.output and "2 紮 五" in chinese.output
    assert "你选了：过" in chinese.output  # a number still picks the action, said by its label


def test_a_grown_group_says_what_was_on_the_abacus_already() -> None:
    """钵福: 开召 over an earlier 哨 adds only the difference to the abacus; the terminal's
    line says how much was already on, in each language."""
    game = get_game("xiushan")
    event = {"kind": "announced", "seat": 1, "group": "开召", "card": "五", "said": 12,
             "correct": 12, "outcome": "announce", "before": 16, "after": 22}
    lines = {}
    for lang in ("zh", "en"):
        ctx = RenderContext(game, game.rules("bofu"), lang, me=0)
        lines[lang] = _announced(event, "座位1", ctx)
    assert lines["zh"] == "座位1 报 12 个钱（开召 五，先前已上 6），上算盘：16 → 22"
    assert "6 already on from before" in lines["en"]
    fresh = dict(event, before=0, after=12)
    assert "先前" not in _announced(fresh, "座位1", RenderContext(game, game.rules("bofu"),
                                                                  "zh", me=0))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_baoshu_practice_leaves_the_abacus_numbers_out_of_the_bao_lines(lang: Lang) -> None:
    """QA: the 报数 practice titles its abacus "看珠子读数" (read the beads), yet each 报 line
    said the total: "座位2 报 6 个钱（哨），上算盘：6 → 12". In practice a 报 line says only
    that it went on (or 吃包子); the default auto mode keeps before → after, and the win's
    line at the deal's end keeps its numbers in both."""
    game = get_game("xiushan")
    right = {"kind": "announced", "seat": 2, "group": "哨", "card": "六", "said": 6,
             "correct": 6, "outcome": "announce", "before": 6, "after": 12}
    wrong = dict(right, said=8, outcome="baozi", after=-14)
    win = {"kind": "abacus_win", "seat": 2, "value": 48, "before": 34, "after": 82,
           "debo": False}
    train = RenderContext(game, game.rules("bofu", baoshu="train"), lang, me=0)
    auto = RenderContext(game, game.rules("bofu"), lang, me=0)
    for event in (right, wrong):
        practised, told = _announced(event, "座位2", train), _announced(event, "座位2", auto)
        assert "→" not in practised and str(event["after"]) not in practised, practised
        assert f"{event['before']} → {event['after']}" in told, told
        assert ("吃包子" in practised) == (event is wrong), practised
    assert _announced(right, "座位2", train) == ("座位2 报 6 个钱（哨 六），上算盘" if lang == "zh"
                                                 else "座位2 announced 6 钱 (哨 六): it goes on "
                                                 "the abacus")
    assert "34 → 82" in _abacus_win(win, "座位2", train)


def test_the_players_own_win_goes_on_the_abacus_as_yours() -> None:
    """钵福: the player's own win on the 算盘 reads "your win", not "you's win"."""
    game = get_game("xiushan")
    event = {"kind": "abacus_win", "seat": 0, "value": 12, "before": 4, "after": 16,
             "debo": False}
    ctx = RenderContext(game, game.rules("bofu"), "en", me=0)
    assert _abacus_win(event, "you", ctx).startswith("your win goes on the abacus (12)")
    other = RenderContext(game, game.rules("bofu"), "en", me=1)
    assert _abacus_win(event, "seat 0", other).startswith("seat 0's win goes on")


def test_an_english_unit_of_one_is_singular() -> None:
    """"1 card", "2 cards"; "1 time" (掀 once); Chinese has no plural."""
    card, xingzi = UNITS["zhang"].to_json(), UNITS["xingzi"].to_json()
    items = [{"seat": 0, "code": "zhan", "label": {"zh": "占牌", "en": "cards won"},
              "value": n, "unit": card} for n in (1, 2)]
    items.append({"seat": 1, "code": "xian", "label": {"zh": "掀", "en": "xian"}, "value": 1,
                  "unit": UNITS["ci"].to_json()})
    items.append({"seat": 1, "code": "xingzi", "label": {"zh": "行子", "en": "xingzi"},
                  "value": 1, "unit": xingzi})
    settled = {"deltas": [0, 0, 0], "payments": [], "items": items}
    en, zh = _shown(settled, "en"), _shown(settled, "zh")
    assert re.search(r"\b1 card$", en, re.M) and "2 cards" in en
    assert re.search(r"\b1 time$", en, re.M) and "1 times" not in en
    assert "1 xingzi" in en and "1 张" in zh and "1 次" in zh


def test_an_english_count_of_one_is_singular_in_the_terminal() -> None:
    """"at most 1 card" (a 紧牌 down to 1), "1 time", not "1 cards"; Chinese unchanged."""
    from huapai.cli_support.families.xianniu import _jinpai
    from huapai.core.present import count_en

    assert [count_en(n, "card", "cards") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    game = get_game("xianniu")
    for cap, en in ((1, "down to 1 card"), (3, "down to 3 cards")):
        event = {"kind": "jinpai", "seat": 1, "cap": cap}
        ctx = RenderContext(game, game.rules("lanzhou"), "en", me=0)
        assert _jinpai(event, "seat 1", ctx).endswith(en)
        zh = RenderContext(game, game.rules("lanzhou"), "zh", me=0)
        assert _jinpai(event, "座位1", zh) == f"座位1 紧牌：每人弃到 {cap} 张"


def _window_at_the_dui_limit(preset: str) -> tuple[Any, Any, int]:
    """A random 双别杆 deal stopped at a claim window, the first asked seat given as many
    对 as the limit."""
    import random

    game = get_game("biegan")
    state = game.new_game(game.rules(preset), seed=1)
    rng = random.Random(1)
    while game.observe(state, game.to_act(state)[0])["phase"] != "window":
        seat = game.to_act(state)[0]
        state, _ = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat))))
    seat = game.to_act(state)[0]
    state = state.copy()
    state.duis = [state.rules.dui_limit if p == seat else 0 for p in range(len(state.duis))]
    return game, state, seat


@pytest.mark.parametrize("preset", ["gongan", "danbiegan"])
def test_a_seat_at_the_dui_limit_is_told_one_more_binds_bao(preset: str) -> None:
    """双别杆: answering a discard with 2 对 made, the terminal says a third makes the seat
    pay the whole win (包) if another wins — it said so only once he was over."""
    game, state, seat = _window_at_the_dui_limit(preset)
    shown = {}
    for lang in ("zh", "en"):
        ctx = RenderContext(game, state.rules, lang, me=seat)
        console = Console(width=140, record=True)
        console.print(renderer_for(game).table(game.observe(state, seat), ctx))
        shown[lang] = console.export_text()
    assert "你已对 2 次：再对，别家胡了你包" in shown["zh"]
    assert "one more and you pay the whole win (包) if another seat wins" in shown["en"]
    forbid = state.copy()
    forbid.rules = game.rules(preset, dui_over_limit="forbid")
    ctx = RenderContext(game, forbid.rules, "zh", me=seat)
    console = Console(width=140, record=True)
    console.print(renderer_for(game).table(game.observe(forbid, seat), ctx))
    assert "再对" not in console.export_text()


def test_a_zha_tells_its_replacement_once() -> None:
    """双别杆: 紮 and 开泛 each take one card from 牌底, told by the draw line after them;
    the 紮 line said "从牌底补一张" as well, so a player read two draws."""
    game = get_game("biegan")
    langs: tuple[Lang, ...] = ("zh", "en")
    for lang in langs:
        ctx = RenderContext(game, game.rules("gongan"), lang, me=0)
        renderer = renderer_for(game)
        lines = [renderer.event(e, ctx) or "" for e in (
            {"kind": "zha", "seat": 1, "cards": None},
            {"kind": "drew", "seat": 1, "source": "bottom", "card": None},
            {"kind": "kaifan", "seat": 2, "cards": "五五五五五"},
            {"kind": "drew", "seat": 2, "source": "bottom", "card": None})]
        assert all(lines) and ["牌底" in line for line in lines] == [False, True, False, True]


def test_a_deal_with_no_change_reads_zero_not_plus_zero() -> None:
    """The results table and the match's totals said "+0" for a seat that neither won nor
    lost (every seat after a 黄庄); the browser says 0."""
    shown = _shown({"deltas": [0, 3, -3], "payments": [], "items": []}, "zh")
    rows = [line.split() for line in shown.splitlines() if line.startswith(("你", "座位"))]
    assert [row[-1] for row in rows] == ["0", "+3", "-3"], rows
    result = invoke(["play", "xiushan", "-p", "huangliufu", "--seed", "12", "--deals", "1"],
                    "1\n" * 400)
    assert_clean(result, 0)
    assert "+0" not in result.output and "总分：你 0  座位1 0" in result.output


def test_the_running_totals_come_last_by_the_prompt() -> None:
    """The breakdown came after the payments and the totals, so the totals sat mid-screen
    and the breakdown ran on to the next deal (a terminal play-test): breakdown, payments,
    then each seat's result and running total, last."""
    items = [{"seat": 0, "code": "zhan", "label": {"zh": "占牌", "en": "cards won"},
              "value": 7, "unit": UNITS["zhang"].to_json()}]
    settlement = {"deltas": [2, -1, -1], "items": items, "payments": [
        {"payer": 1, "payee": 0, "amount": 1, "reason": "win",
         "label": {"zh": "行子 1", "en": "1 xingzi"}}]}
    lines = _shown(settlement, "en").splitlines()
    at = {word: next(i for i, line in enumerate(lines) if word in line)
          for word in ("cards won", "settlement", "this deal")}
    assert at["cards won"] < at["settlement"] < at["this deal"], lines


def _xian_payments() -> dict[str, Any]:
    """A 凤翔 settlement where one seat pays another for two 掀 (one payment a 掀), and the
    table-wide payments besides."""
    msg = {"code": "xian_short", "zh": "掀了没够牌：掀一次赔被掀的一家",
           "en": "掀 and short: each 掀 pays the seat it called", "params": {}}
    other = {"code": "xingzi", "zh": "赢家的行子", "en": "the winner's 行子", "params": {}}
    payments = [{"payer": 0, "payee": 1, "amount": 2, "label": "行子", "msg": other},
                {"payer": 0, "payee": 2, "amount": 1, "label": "掀", "msg": msg},
                {"payer": 0, "payee": 2, "amount": 1, "label": "掀", "msg": msg},
                {"payer": 0, "payee": 1, "amount": 1, "label": "掀", "msg": msg}]
    return {"deltas": [-5, 3, 2], "payments": payments, "items": []}


def test_one_payers_equal_payments_are_one_line() -> None:
    """凤翔's 掀一次赔被掀的一家 came once a 掀: the same line twice (three times for three)
    — one line now, its amounts summed and counted; other payees and reasons apart."""
    zh = _shown(_xian_payments(), "zh", preset="fengxiang")
    lines = [line for line in zh.splitlines() if "掀了没够牌" in line]
    assert len(lines) == 2, zh
    assert re.search(r"座位2\s+│\s+2 │ 掀了没够牌：掀一次赔被掀的一家（2 次）", zh), zh
    assert re.search(r"座位1\s+│\s+1 │ 掀了没够牌：掀一次赔被掀的一家 *$", zh, re.M), zh
    assert "赢家的行子" in zh and "×2" not in zh.split("赢家的行子")[1].splitlines()[0]
