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
