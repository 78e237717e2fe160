"""The match's totals say whose deals a seat's points were when its player left (a friend
who left during deal 2 found her −5 under the bot that took her seat — a play-test): the
summary's ``left``, drawn under the totals, in the page's language."""

from __future__ import annotations

from playwright.sync_api import Page

_PANEL = """async (lang) => {
  const { settlementPanel } = await import("/js/settlement.js");
  const { setLang } = await import("/js/i18n.js");
  setLang(lang);
  const data = { settlement: { deltas: [4, -2, -2], payments: [], items: [] },
                 totals: [12, -5, -7], name: (s) => ["老马", "机器人丁", "机器人乙"][s],
                 matchOver: true,
                 left: [{ seat: 1, player: { id: "p2", nickname: "阿芳" },
                          deals: 1, points: -5 }] };
  const el = settlementPanel(data, []);
  const note = el.querySelector("[data-testid=left-points]")?.textContent ?? null;
  const empty = settlementPanel({ ...data, left: [] }, []);
  const none = empty.querySelector("[data-testid=left-points]");
  setLang("zh");
  return { note, none: none === null };
}"""


def test_a_player_who_left_is_named_with_the_points_of_their_deals(page: Page,
                                                                     server: str) -> None:
    page.goto(server)
    zh = page.evaluate(_PANEL, "zh")
    assert zh == {"note": "阿芳 在 2 号位打过 1 局：-5（算在这个座位的总分里）", "none": True}
    en = page.evaluate(_PANEL, "en")
    assert en["note"] == "阿芳 played 1 deal in seat 2: -5 (counted in that seat's total)"
