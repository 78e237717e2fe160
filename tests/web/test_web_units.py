"""The settlement breakdown's values in each language: an English unit of one is
singular ("1 card", "2 cards", "1 time"); Chinese has no plural."""

from __future__ import annotations

from playwright.sync_api import Page
from web_driver import enter

from huapai.core.present import UNITS

_UNIT_VALUES = """async ([units, lang]) => {
  const { itemsTable } = await import("/js/settlement.js");
  const { setLang } = await import("/js/i18n.js");
  setLang(lang);
  const items = [1, 2].map((value) => ({ seat: 0, code: "zhan", value, unit: units.zhang,
                                          label: { zh: "占牌", en: "cards won" } }));
  items.push({ seat: 0, code: "xian", value: 1, unit: units.ci, label: { zh: "掀", en: "xian" } });
  const table = itemsTable(items, (s) => `座${s}`);
  return [...table.querySelectorAll("td.num")].map((td) => td.textContent);
}"""


def test_an_english_unit_of_one_is_singular(page: Page, server: str) -> None:
    """The settlement breakdown says "1 card", "2 cards", "1 time" in English (the unit's
    singular, its ``one`` parameter), and 张 / 次 in Chinese."""
    enter(page, server, "单复数")
    units = {code: UNITS[code].to_json() for code in ("zhang", "ci")}
    assert page.evaluate(_UNIT_VALUES, [units, "en"]) == ["1 card", "2 cards", "1 time"]
    assert page.evaluate(_UNIT_VALUES, [units, "zh"]) == ["1 张", "2 张", "1 次"]


_COUNTS = """async (lang) => {
  const { setLang, t } = await import("/js/i18n.js");
  const { rendererFor } = await import("/js/games/registry.js");
  setLang(lang);
  const ev = (cap) => ({ kind: "jinpai", seat: 1, cap });
  const line = (cap) => rendererFor("xianniu").eventText(ev(cap), { name: (s) => `B${s}` }, {});
  return [t("hand_count", { n: 1 }), t("hand_count", { n: 2 }),
          t("my_totals", { games: 1, points: 1 }), t("my_totals", { games: 3, points: -2 }),
          t("settings_line", { deals: 1, mult: 1, clock: "untimed" }),
          t("settings_line", { deals: 4, mult: 2, clock: "untimed" }), line(1), line(3)];
}"""


def test_an_english_count_of_one_is_singular(page: Page, server: str) -> None:
    """Every English count the client writes takes the singular for 1: a hand's card
    count, the lobby's totals, the room's deals, a 紧牌 of 1 card."""
    enter(page, server, "单复数")
    assert page.evaluate(_COUNTS, "en") == [
        "1 card", "2 cards", "1 deal, 1 point in all", "3 deals, -2 points in all",
        "1 deal · multiplier ×1 · untimed", "4 deals · multiplier ×2 · untimed",
        "B1 calls 紧牌: at most 1 card", "B1 calls 紧牌: at most 3 cards"]
    assert page.evaluate(_COUNTS, "zh")[:3] == ["1 张", "2 张", "共 1 局，累计 1 分"]


_PAYMENT_COLUMNS = """async () => {
  const { settlementPanel } = await import("/js/settlement.js");
  const names = ["你", "机器人丁", "一个很长的名字的玩家"];
  const label = { code: "x", zh: "行子 2", en: "2", params: {} };
  const payments = [[1, 0, 2], [0, 1, 12], [2, 1, 1]].map(([payer, payee, amount]) =>
    ({ payer, payee, amount, label }));
  const panel = settlementPanel({ settlement: { deltas: [0, 0, 0], payments, items: [] },
                                  name: (s) => names[s], me: 0 }, []);
  document.body.append(panel);
  const x = (sel) => [...panel.querySelectorAll(sel)].map((e) => e.getBoundingClientRect());
  const result = [x(".payments .amount").map((r) => r.right),
                  x(".payments .label").map((r) => r.left)];
  panel.remove();
  return result;
}"""


def test_the_payments_amounts_and_reasons_line_up(page: Page, server: str) -> None:
    """Each payment line's amount and reason start in the same column as every other
    line's, whatever the names' widths (each line was its own grid: a short payer name
    pulled its amount left of the others')."""
    enter(page, server, "对齐")
    amounts, labels = page.evaluate(_PAYMENT_COLUMNS)
    assert len(set(amounts)) == 1, f"the amounts' right edges differ: {amounts}"
    assert len(set(labels)) == 1, f"the reasons' left edges differ: {labels}"


_LEADS = """async (lang) => {
  const { setLang } = await import("/js/i18n.js");
  const { shownLead } = await import("/js/games/claimtable.js");
  setLang(lang);
  const ctx = (name) => ({ name: () => name });
  return [shownLead(ctx("Tom"), { seat: 1, card: "礼" })[0],
          shownLead(ctx("机器人乙"), { seat: 1, card: "礼" })[0],
          shownLead(ctx("Amy2"), { seat: 1, card: "礼", drawn: true })[0]];
}"""


def test_a_latin_name_before_chinese_words_gets_a_space(page: Page, server: str) -> None:
    """`Tom打出 礼` read as one word to a grandmother whose grandson plays as Tom (a
    mixed-language play-test): Chinese sets a space between Latin and 汉字."""
    enter(page, server, "名字")
    assert page.evaluate(_LEADS, "zh") == ["Tom 打出 礼", "机器人乙打出 礼", "Amy2 翻出 礼"]


_IDLE = """async (idle) => {
  const { setLang } = await import("/js/i18n.js");
  const { rendererFor } = await import("/js/games/registry.js");
  setLang("zh");
  const view = { dealer: 0, active: [0, 1, 2, 3], idle };
  return rendererFor("xiushan").seatBadges(view, 4).map((b) => b.text);
}"""


def test_the_seat_sitting_out_is_named_as_the_rule_names_it(page: Page, server: str) -> None:
    """A family that chose the 老爷 for 麻雀福 saw only 不打 on the fifth seat (a play-test)."""
    enter(page, server, "老爷")
    assert page.evaluate(_IDLE, "laoye") == ["老爷 · 不打"]
    assert page.evaluate(_IDLE, "xun") == ["巽家 · 不打"]
    assert page.evaluate(_IDLE, None) == ["不打"]


_TRACK = """async () => {
  const { rendererFor } = await import("/js/games/registry.js");
  const view = { trick: [{ seat: 0, cards: ["天"], name: "单张" },
                         { seat: 1, cards: ["虎"], name: "单张" }] };
  const last = [{ kind: "played", seat: 1, cards: ["虎"], name: "单张", lead: false }];
  const r = rendererFor("xianniu");
  const anew = r.track(null, last, view);  // a table drawn anew with the last state's events
  const on = r.track({ plays: [view.trick[0]], winner: null }, last, view);  // the live table
  return [anew.plays.map((p) => p.cards.join("")), on.plays.map((p) => p.cards.join(""))];
}"""


def test_a_table_drawn_anew_shows_each_play_once(page: Page, server: str) -> None:
    """A spectator who switched to English mid-trick saw 爸爸's 虎 twice: the new table
    took the view's trick and added the last state's play to it again."""
    enter(page, server, "换语言")
    assert page.evaluate(_TRACK) == [["天", "虎"], ["天", "虎"]]
