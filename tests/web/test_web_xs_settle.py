"""The end of a 秀山 deal lays the winner's hand out as cards, group by group (落地碰 三三三,
手里联子 八九十 …) with each group's 油子, from the settlement's items' params (never
their text), as 双别杆 and 掀牛 do."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from web_driver import enter, won_settlement

_RENDER = """async ([settlement, lang]) => {
  const { setLang } = await import("/js/i18n.js");
  const { rendererFor } = await import("/js/games/registry.js");
  setLang(lang);
  const hands = rendererFor("xiushan").settlementHands(settlement, (s) => `座${s}`, {});
  if (!hands) return null;
  return {
    title: hands.querySelector(".win-who").textContent,
    groups: [...hands.querySelectorAll(".win-group")].map((g) =>
      [g.dataset.kind, g.dataset.cards, g.querySelector(".win-hu").textContent,
       g.querySelectorAll(".mini-card").length]),
    won: [...hands.querySelectorAll("[data-testid=won-card]")].map((c) =>
      [c.dataset.token, c.dataset.tag, c.closest(".win-group").classList.contains("laid")]),
  };
}"""


@pytest.mark.parametrize(("preset", "unit"), [("shibafu", "油子"), ("maquefu", "")])
def test_the_winners_groups_are_drawn_with_their_youzi(page: Page, server: str, preset: str,
                                                       unit: str) -> None:
    settlement = won_settlement("xiushan", preset)
    groups = [i for i in settlement["items"] if i["code"] == "group"]
    enter(page, server, "和牌")
    got = page.evaluate(_RENDER, [settlement, "zh"])
    assert got is not None and got["title"].endswith("和牌")
    want = [[("落地" if i["label"]["params"]["laid"] else "手里") + i["label"]["params"]["kind"],
             " ".join(i["label"]["params"]["cards"]), len(i["label"]["params"]["cards"])]
            for i in groups]
    assert [[k, c, n] for k, c, _, n in got["groups"]] == want
    # 十八福 counts each group's 油子; 麻雀福 counts none and says no number
    assert [v for *_, v, _ in got["groups"]] == [
        f"{i['value']} {unit}" if unit else "" for i in groups]
    # the card it won on, marked once with 和, in a group held in the hand (a discard 和
    # never joins a group laid before it)
    won = [i["label"]["params"]["card"] for i in settlement["items"] if i["code"] == "won_on"]
    assert got["won"] == [[card, "和", False] for card in won]
    en = page.evaluate(_RENDER, [settlement, "en"])
    assert en is not None and en["title"].endswith("winning hand")
    assert all(g[0].startswith(("laid ", "in hand ")) for g in en["groups"])
    assert [tag for _, tag, _ in en["won"]] == ["won"] * len(won)


_PAYMENTS_LINE = """async ([matchOver, lang]) => {
  const { setLang } = await import("/js/i18n.js");
  const { settlementPanel } = await import("/js/settlement.js");
  setLang(lang);
  const label = { code: "abacus", zh: "算盘", en: "abacus", params: {} };
  const unit = { code: "qian", zh: "钱", en: "钱", params: {} };
  const abacus = (seat) => ({ seat, code: "abacus", value: 50 + seat, label, unit });
  const settlement = { deltas: [0, 0, 0], payments: [], items: [0, 1, 2].map(abacus) };
  const panel = settlementPanel({ settlement, name: (s) => `座${s}`, me: 0, matchOver }, []);
  return panel.querySelector("[data-testid=payments]").textContent;
}"""


def test_a_bofu_match_over_short_of_the_bo_says_it_pays_nothing(page: Page,
                                                                 server: str) -> None:
    """A 钵福 match whose deals ran out before 得一钵 read as three deals counted for
    nothing (本局 0 / 总分 0, a phone play-test): its last settlement says so."""
    enter(page, server, "钵")
    assert page.evaluate(_PAYMENTS_LINE, [False, "zh"]).startswith("得一钵之前每局不结钱")
    over = page.evaluate(_PAYMENTS_LINE, [True, "zh"])
    assert over.startswith("整场打完，没有人得一钵：这一钵不结钱")
    assert page.evaluate(_PAYMENTS_LINE, [True, "en"]).startswith("The match is over and nobody")
