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


_WINNER = """async ([lang, totals, over]) => {
  const { settlementPanel } = await import("/js/settlement.js");
  const { setLang } = await import("/js/i18n.js");
  setLang(lang);
  const name = (s) => ["老马", "阿芳", "小乙"][s];
  const settlement = { deltas: [0, 0, 0], payments: [], items: [] };
  const el = settlementPanel({ settlement, totals, matchOver: over, name }, []);
  setLang("zh");
  return el.querySelector("[data-testid=match-winner]")?.textContent ?? null;
}"""


def test_the_match_over_says_who_won_it(page: Page, server: str) -> None:
    """整场结束 showed the totals and never said who won the match (a play-test)."""
    page.goto(server)
    assert page.evaluate(_WINNER, ["zh", [12, -5, -7], True]) == "本场第一：老马（+12）"
    assert page.evaluate(_WINNER, ["zh", [6, 6, -12], True]) == "本场并列第一：老马、阿芳（+6）"
    assert page.evaluate(_WINNER, ["zh", [0, 0, 0], True]) == "本场不分输赢：人人 0 分"
    assert page.evaluate(_WINNER, ["en", [-3, 5, -2], True]) == "Match winner: 阿芳 (+5)"
    assert page.evaluate(_WINNER, ["zh", [12, -5, -7], False]) is None  # a deal's end
