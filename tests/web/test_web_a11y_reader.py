"""A blind player's play-test (a screen reader and the keyboard, 双别杆 and 麻雀福): 提示
said nothing (its pick was only shown), a claim window left the focus on a card that
could not be played, a turn that changed its question (过 in a window, then the draw)
was not said again, discards ran on after the groups with nothing between, the others'
hands read as a bare number, the hand read in the page's order (not as it lies), the
settlement's dialog named only its title, and a replay's step said nothing."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from web_driver import create_room, enter, start_with_bots, wait_turn_or_end

OWN_SERVER = True

_LIVE = "() => document.querySelector('[data-testid=live]').textContent"
_ACTIVE = """() => { const a = document.activeElement;
  return a ? [a.className, a.dataset.kind ?? '', a.textContent] : null; }"""


_RECORD = """() => { window.__said = [];
  const live = document.querySelector('[data-testid=live]');
  new MutationObserver(() => window.__said.push(live.textContent))
    .observe(live, { childList: true, characterData: true, subtree: true }); }"""


def _counter(page: Page) -> str:
    return page.get_attribute("[data-testid=felt]", "data-counter") or ""


def _moved(page: Page, before: str) -> None:
    page.wait_for_function(
        f"() => document.querySelector('[data-testid=felt]').dataset.counter !== '{before}'"
        " || document.querySelector('[data-testid=settlement]')")


def _words_only(page: Page) -> bool:
    return page.get_attribute("[data-testid=hand]", "data-legal") == "[]"


def test_a_deal_by_keyboard_is_said_as_it_goes(page: Page, server: str) -> None:
    enter(page, server, "听牌人")
    create_room(page, game="biegan", preset="gongan", speed=0.0)
    start_with_bots(page)
    hand = page.locator("[data-testid=hand]")
    expect(hand).to_have_attribute("aria-label", re.compile(r"^手牌 \d+ 张$"))
    page.locator(".hand-card").first.focus()
    asked = discards = 0
    for _ in range(80):
        if wait_turn_or_end(page, 30000) == "end":
            break
        before = _counter(page)
        if _words_only(page):
            asked += 1  # a question of words only: the focus is on its first word
            kind = page.evaluate(_ACTIVE)
            assert kind and "word" in kind[0], kind
            page.keyboard.press("Enter")
            _moved(page, before)
            continue
        page.locator("[data-testid=hint]").focus()
        page.keyboard.press("Enter")  # 提示: said, and 打出 names its card
        page.wait_for_function("() => document.querySelector('[data-testid=play].ready')"
                               " || document.querySelector('.btn.word.advised')")
        expect(page.locator("[data-testid=live]")).to_contain_text("提示")
        play = page.locator("[data-testid=play].ready")
        if play.count():
            expect(play).to_have_attribute("aria-label", re.compile(r"^打出：\S"))
            discards += 1
        page.locator("[data-testid=play].ready, .btn.word.advised").first.focus()
        page.keyboard.press("Enter")
        _moved(page, before)
    assert asked and discards, (asked, discards)
    # a seat's discards are a group named 弃牌, a hand's count is said as one
    rivers = page.locator(".river[role=group]")
    assert rivers.count() and rivers.first.get_attribute("aria-label") == "弃牌"
    size = page.locator(".hand-size").first
    expect(size).to_have_attribute("role", "img")
    expect(size).to_have_attribute("aria-label", re.compile(r"^手里 \d+ 张$"))


def test_the_hand_reads_as_it_lies_and_each_card_once(page: Page, server: str) -> None:
    enter(page, server, "顺着读")
    create_room(page, game="xiushan", preset="maquefu", speed=0.0)
    start_with_bots(page)
    page.wait_for_selector(".hand-card")
    got = page.evaluate("""() => {
      const hand = document.querySelector('[data-testid=hand]');
      const owned = hand.getAttribute('aria-owns').split(' ');
      const laid = [...hand.querySelectorAll('.hand-card')]
        .sort((a, b) => a.style.getPropertyValue('--i') - b.style.getPropertyValue('--i'))
        .map((c) => c.id);
      const card = hand.querySelector('.hand-card');
      return { owned, laid, label: card.getAttribute('aria-label'),
               hidden: card.querySelector('svg').getAttribute('aria-hidden') };
    }""")
    assert got["owned"] == got["laid"] and len(got["laid"]) >= 13, got
    assert got["label"] and got["hidden"] == "true", got
    # the header's logo link: one phrase saying where it goes (it read 花牌huapai)
    expect(page.locator("a.brand")).to_have_accessible_name("花牌：大厅")


def test_the_settlement_says_the_points_and_a_replay_its_steps(page: Page,
                                                                  server: str) -> None:
    enter(page, server, "听分数")
    create_room(page, game="biegan", preset="gongan", speed=0.0)
    start_with_bots(page)
    page.evaluate(_RECORD)
    page.click("[data-testid=tuoguan]")
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible(timeout=90000)
    said = page.evaluate("() => window.__said")
    on = next(i for i, line in enumerate(said) if "托管中" in line)  # 托管 on, said
    assert not any("轮到你了" in line for line in said[on + 1:]), said  # its answers: not mine
    expect(dialog).to_have_accessible_description(re.compile(r"^本局：.*总分："))
    page.click("[data-testid=replay]")
    what = page.locator(".step-what")
    expect(what).to_have_attribute("aria-live", "polite")
    page.focus("[data-testid=next]")
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=step]")).to_contain_text("已走 1 /")
    expect(what).not_to_have_text("")
    expect(page.locator("[data-testid=next]")).to_have_accessible_name("下一步")
