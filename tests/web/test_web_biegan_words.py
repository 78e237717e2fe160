"""双别杆's flowered cards in the browser's own words: the log and the claim prompt say 花三
(a browser player never types the notation's 三*, and the rules say 花三 / 花乙), in English
too (an English review's "discard 乙*" read as a stray mark: a play-test) — as the server's
labels do (cards.py ``said_zh``)."""

from __future__ import annotations

from playwright.sync_api import Page

_SAY = """async (lang) => {
  const i18n = await import('/js/i18n.js');
  const { biegan } = await import('/js/games/biegan.js');
  i18n.setLang(lang);
  const ctx = { name: (s) => 'S' + s, legal: [
    { kind: 'zhao', cards: [], label: { zh: '招', en: '招 (zhao)' } },
    { kind: 'pass', cards: [], label: { zh: '过', en: 'pass (过)' } }] };
  const events = [
    { kind: 'discarded', seat: 1, card: '三*' },
    { kind: 'drew', seat: 0, card: '乙*' },
    { kind: 'claimed', seat: 1, claim: '招', cards: '七七七*七' },
    { kind: 'zha', seat: 2, cards: '五五五*五*' }];
  const prompt = biegan.prompt({ phase: 'window', pending: { seat: 2, card: '九*' } }, ctx);
  return [...events.map((ev) => biegan.eventText(ev, ctx)), prompt];
}"""


def test_a_flowered_card_is_said_in_chinese_words(page: Page, server: str) -> None:
    page.goto(server + "/")
    assert page.evaluate(_SAY, "zh") == [
        "S1 打 花三", "S0 摸到 花乙", "S1 招 七 七 花七 七", "S2 紮 五 五 花五 花五",
        "S2 打出 花九：招还是过？"]
    assert page.evaluate(_SAY, "en") == [
        "S1 discards 花三", "S0 draws 花乙", "S1 claims 七 七 花七 七 (招)",
        "S2 lays a 紮 五 五 花五 花五", "S2 discards 花九: 招 (zhao) or pass (过)?"]
