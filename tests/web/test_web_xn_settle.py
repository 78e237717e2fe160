"""The end of a 掀牛 deal shows which plays made a winner's 牌分 / 行子: each scoring play
of his 占牌 as cards with its worth (from the settlement's items' params, never from
text), and the breakdown lists them one a line (a terminal play-test asked for it)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Page
from web_driver import enter

from huapai.core.registry import get_game

GAME = get_game("xianniu")

_RENDER = """async ([settlement, deck, lang]) => {
  const { setLang } = await import("/js/i18n.js");
  const { rendererFor } = await import("/js/games/registry.js");
  const { itemsTable } = await import("/js/settlement.js");
  setLang(lang);
  const name = (s) => `座${s}`;
  const hands = rendererFor("xianniu").settlementHands(settlement, name, { deck });
  const groups = [...hands.querySelectorAll(".win-group")].map((g) =>
    [g.closest(".win-hand").dataset.seat, g.dataset.kind, g.dataset.cards,
     g.querySelector(".win-hu").textContent, g.querySelectorAll(".mini-card").length]);
  const rows = [...itemsTable(settlement.items, name).querySelectorAll("tr[data-code=zhan_play]")];
  return { groups, rows: rows.map((r) => r.querySelector("td.num").textContent),
           title: hands.querySelector(".win-who").textContent };
}"""


PARTS = ("zhan_play", "split_liang", "big_points")


def _random_settlement(preset: str, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    state = GAME.new_game(GAME.presets()[preset], seed=seed)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, rng.choice(list(GAME.legal_actions(state, seat))))
    settled: dict[str, Any] = GAME.settlement(state).to_json()
    return settled


def _won_settlement(preset: str) -> dict[str, Any]:
    """A random deal of ``preset`` (seeded) whose winner's 占牌 scored."""
    for seed in range(200):
        settled = _random_settlement(preset, seed)
        if any(i["code"] == "zhan_play" for i in settled["items"]):
            return settled
    raise AssertionError(f"no scoring winner in 200 deals of {preset}")


@pytest.mark.parametrize(("preset", "deck", "unit_zh", "unit_en"),
                         [("lanzhou", "poker", "点", "point"),
                          ("fengxiang", "huapai", "行子", "xingzi")])
def test_a_winners_scoring_plays_are_drawn_with_their_worth(page: Page, server: str, preset: str,
                                                            deck: str, unit_zh: str,
                                                            unit_en: str) -> None:
    settlement = _won_settlement(preset)
    plays = [i for i in settlement["items"] if i["code"] in PARTS]
    enter(page, server, "计分牌")
    zh = page.evaluate(_RENDER, [settlement, deck, "zh"])
    assert [g[:3] for g in zh["groups"]] == [
        [str(i["seat"]), i["label"]["params"]["combo"], i["label"]["params"]["cards"]]
        for i in plays]
    assert [g[3] for g in zh["groups"]] == [f"{i['value']} {unit_zh}" for i in plays]
    assert [g[4] for g in zh["groups"]] == [len(i["label"]["params"]["cards"].split())
                                          for i in plays]
    assert zh["rows"] == [f"{i['value']} {unit_zh}" for i in plays]
    assert zh["title"].endswith("的计分牌")
    en = page.evaluate(_RENDER, [settlement, deck, "en"])
    assert all(unit_en in g[3] for g in en["groups"]) and en["title"].endswith("scoring plays")
    points = next(i for i in settlement["items"] if i["code"] in ("points", "xingzi"))
    assert sum(i["value"] for i in plays) == points["value"]


def test_a_big_hands_pairs_are_drawn_too(page: Page, server: str) -> None:
    """A 八大对's red-black pairs made the 牌分 (big_points) and no play did: the block
    showed nothing and its cards were never drawn (found by the browser play-test)."""
    settlement = _random_settlement("lanzhou", 59)  # a 八大对, its 9r 9b pairs worth 4
    parts = [i for i in settlement["items"] if i["code"] in PARTS]
    assert [i["code"] for i in parts] == ["big_points"], parts
    enter(page, server, "八大对")
    got = page.evaluate(_RENDER, [settlement, "poker", "zh"])
    assert [g[1] for g in got["groups"]] == ["八大对"]
    assert got["groups"][0][4] == 16  # the whole hand, in pairs
    assert got["groups"][0][3] == f"{parts[0]['value']} 点"


_SUITS = """async (settlement) => {
  const { rendererFor } = await import("/js/games/registry.js");
  const renderer = rendererFor("xianniu");
  const hands = renderer.settlementHands(settlement, (s) => `座${s}`, { deck: "poker" });
  const cards = [...hands.querySelectorAll(".mini-card")].map((c) =>
    [c.dataset.token, [...c.querySelectorAll("text")].map((t) => t.textContent).join("")]);
  return { cards, seats: [...hands.querySelectorAll(".win-hand")].map((w) => w.dataset.seat) };
}"""


def test_two_winners_pairs_show_each_copy_once(page: Page, server: str) -> None:
    """Two winners each with 9r 9b: four cards of a two-suit token, each suit once (both
    showed 9♥ 9♠: each group numbered its own copies)."""
    label = {"code": "zhan_play", "zh": "9r 9b（好牛）", "en": "9r 9b (好牛)",
             "params": {"cards": "9r 9b", "combo": "好牛"}}
    unit = {"code": "dian", "zh": "点", "en": "points", "params": {"one": "point"}}
    items = [{"seat": seat, "code": "zhan_play", "label": label, "value": 2, "unit": unit}
             for seat in (2, 1)]
    enter(page, server, "花色")
    got = page.evaluate(_SUITS, {"items": items})
    faces = [face for _, face in got["cards"]]
    assert len(faces) == 4 and len(set(faces)) == 4, got
    assert got["seats"] == ["1", "2"]  # by seat, as the breakdown beside it


_LOG = """async ([events, lang]) => {
  const { setLang } = await import("/js/i18n.js");
  const { rendererFor } = await import("/js/games/registry.js");
  setLang(lang);
  const ctx = { name: (s) => `座${s}` };
  return events.map((ev) => rendererFor("xianniu").eventText(ev, ctx, { deck: "poker" }));
}"""


def test_the_chinese_log_says_the_colours_as_words(page: Page, server: str) -> None:
    """兰州 in Chinese: "扳到 黑9", "领出 黑5 黑5 红5 3 3 3 3" — a browser play-test read the
    notation's 9b and 5r on a Chinese page; English keeps the notation."""
    enter(page, server, "颜色")
    events = [{"kind": "banpai", "seat": 1, "card": "9b"},
              {"kind": "played", "seat": 1, "lead": True, "cards": "5b 5b 5r 3 3 3 3",
               "name": "喜包亮"},
              {"kind": "trick_won", "seat": 1, "cards": "9r 9b", "table_count": 2},
              {"kind": "discarded", "seat": 0, "card": "5r"}]
    assert page.evaluate(_LOG, [events, "zh"]) == [
        "座1 扳到 黑9", "座1 领出 黑5 黑5 红5 3 3 3 3（喜包亮）", "座1 占牌 红9 黑9，共 2 张",
        "座0 弃 红5"]
    assert page.evaluate(_LOG, [events, "en"])[0] == "座1 drew 9b (扳牌)"


_PAYMENTS = """async (payments) => {
  const { settlementPanel } = await import("/js/settlement.js");
  const panel = settlementPanel({ settlement: { deltas: [-5, 3, 2], payments },
                                  name: (s) => `座${s}` }, []);
  return [...panel.querySelectorAll("[data-testid=payments] li")].map((li) => li.textContent);
}"""


def test_one_payers_equal_payments_are_one_line(page: Page, server: str) -> None:
    """凤翔's 掀一次赔被掀的一家 came once a 掀 — the same line twice for two — one line
    now, its amounts summed and counted (as the terminal: test_cli_present)."""
    enter(page, server, "收付")
    msg = {"code": "xian_short", "zh": "掀了没够牌", "en": "掀 and short", "params": {}}
    pay = [{"payer": 0, "payee": 1, "amount": 2, "label": "行子",
            "msg": {"code": "x", "zh": "行子", "en": "行子", "params": {}}},
           {"payer": 0, "payee": 2, "amount": 1, "label": "掀", "msg": msg},
           {"payer": 0, "payee": 2, "amount": 1, "label": "掀", "msg": msg},
           {"payer": 0, "payee": 1, "amount": 1, "label": "掀", "msg": msg}]
    lines = page.evaluate(_PAYMENTS, pay)
    assert len(lines) == 3, lines
    assert "座0" in lines[1] and "座2" in lines[1], lines
    assert lines[1].endswith("2掀了没够牌（2 次）"), lines
    assert lines[2].endswith("1掀了没够牌"), lines
