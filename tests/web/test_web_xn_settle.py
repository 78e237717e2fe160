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


def _won_settlement(preset: str) -> dict[str, Any]:
    """A random deal of ``preset`` (seeded) whose winner's 占牌 scored."""
    rules = GAME.presets()[preset]
    for seed in range(200):
        rng = random.Random(seed)
        state = GAME.new_game(rules, seed=seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            state, _ = GAME.apply(state, seat, rng.choice(list(GAME.legal_actions(state, seat))))
        settled = GAME.settlement(state).to_json()
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
    plays = [i for i in settlement["items"] if i["code"] == "zhan_play"]
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
