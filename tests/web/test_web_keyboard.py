"""A player on the keyboard alone: dialogs keep Tab inside and close on Escape, the lobby's
pickers keep the focus when an arrow key changes them, and the table puts the focus back
after every action (it fell to the page: 13–38 Tabs back to 提示 each turn), the
settlement taking it when it opens — a dialog that keeps Tab inside and goes aside on
Escape."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Page, expect
from web_driver import create_room, enter, start_with_bots, wait_turn_or_end

OWN_SERVER = True  # conftest's ``server``: one of this module's own

_FOCUS_IN = "(sel) => !!document.activeElement?.closest(sel)"


def test_a_dialog_keeps_tab_inside_and_closes_on_escape(page: Page, server: str) -> None:
    enter(page, server, "键盘")
    opener = page.locator("[data-testid=howto-button]").first
    opener.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".dialog")).to_be_visible()
    for _ in range(12):  # round and round its own controls, never the page behind
        page.keyboard.press("Tab")
        assert page.evaluate(_FOCUS_IN, ".dialog"), "Tab left the dialog"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(_FOCUS_IN, ".dialog")
    page.keyboard.press("Escape")
    expect(page.locator(".dialog")).to_have_count(0)
    assert page.evaluate("() => document.activeElement?.dataset.testid") == "howto-button"


def test_an_arrow_key_on_the_game_picker_keeps_its_focus(page: Page, server: str) -> None:
    enter(page, server, "方向键")
    picker = page.locator("select[name=game]")
    picker.focus()
    first = picker.input_value()
    page.keyboard.press("ArrowDown")
    expect(picker).not_to_have_value(first)
    expect(picker).to_be_focused()
    second = picker.input_value()
    page.keyboard.press("ArrowUp")  # the second press works too (back the other way)
    page.wait_for_function("(v) => document.querySelector('select[name=game]').value !== v",
                           arg=second)
    expect(page.locator("select[name=game]")).to_be_focused()


def test_the_table_keeps_a_keyboard_players_focus(page: Page, server: str) -> None:
    enter(page, server, "只用键盘")
    create_room(page, preset="gongan", game="biegan")
    start_with_bots(page)
    wait_turn_or_end(page, 30000)
    # the hand as it lies, left to right: its cards are placed (--i, their place), not in
    # the page's order (a dragged card, a card just drawn)
    first, second = page.evaluate("""() => [...document.querySelectorAll('.hand-card')]
        .sort((a, b) => a.style.getPropertyValue('--i') - b.style.getPropertyValue('--i'))
        .slice(0, 2).map((c) => c.dataset.id)""")
    page.locator(f".hand-card[data-id='{first}']").focus()
    page.keyboard.press("ArrowRight")  # along the hand with the arrow keys
    assert page.evaluate("() => document.activeElement?.dataset.id") == second
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("() => document.activeElement?.dataset.id") == first
    for _ in range(6):
        if wait_turn_or_end(page, 30000) == "end":
            break
        hint = page.locator("[data-testid=hint]")
        hint.focus()
        page.keyboard.press("Enter")  # 提示: 托管's pick
        page.wait_for_function("""() => document.querySelector('[data-testid=play].ready')
            || document.querySelector('.btn.word.advised')""")
        target = page.locator("[data-testid=play].ready, .btn.word.advised").first
        target.focus()
        before = page.get_attribute("[data-testid=felt]", "data-counter")
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => document.querySelector('[data-testid=felt]')"
                               f".dataset.counter !== '{before}'")
        wait_turn_or_end(page, 30000)
        # the focus is still in the table (or in the settlement), never back on the page
        assert page.evaluate(_FOCUS_IN, "[data-testid=table], [data-testid=settlement]"), \
            page.evaluate("() => document.activeElement?.outerHTML.slice(0, 80)")


def test_the_settlement_is_a_dialog_the_keyboard_can_put_aside(page: Page, server: str) -> None:
    """It had no dialog role and no Escape (a keyboard play-test): Tab walked behind it to
    the table. Now Tab goes round its buttons, Escape puts it aside as 看牌桌 does with the
    focus on the bar's 结算, and Enter there brings it back with the focus inside."""
    enter(page, server, "键盘结算")
    create_room(page, preset="lanzhou", deals=1)
    start_with_bots(page)
    page.locator("[data-testid=tuoguan]").focus()
    page.keyboard.press("Enter")  # 托管 from the keyboard, to the deal's end
    expect(page.locator("[data-testid=settlement]")).to_be_visible(timeout=60000)
    slot = page.locator(".overlay-slot.open")
    expect(slot).to_have_attribute("role", "dialog")
    expect(slot).to_have_attribute("aria-modal", "true")
    expect(slot).to_have_attribute("aria-label", "整场结束")  # its title
    page.wait_for_function("() => !!document.activeElement?.closest('[data-testid=settlement]')")
    for _ in range(10):
        page.keyboard.press("Tab")
        assert page.evaluate(_FOCUS_IN, "[data-testid=settlement]"), "Tab left the settlement"
    page.keyboard.press("Escape")
    expect(page.locator("[data-testid=settlement]")).to_have_count(0)
    expect(page.locator(".overlay-slot")).not_to_have_attribute("role", "dialog")
    peek = page.locator("[data-testid=peek-settlement]")
    expect(peek).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=settlement]")).to_be_visible()
    page.wait_for_function("() => !!document.activeElement?.closest('[data-testid=settlement]')")


def test_the_hand_is_one_tab_stop_walked_by_the_arrows(page: Page, server: str) -> None:
    """An English keyboard play-test: every card was a Tab stop — 23–30 Tabs from the hand
    to 不掀. The hand is one stop (the card last focused); ←/→, Home and End walk it in
    the order it lies."""
    enter(page, server, "一站")
    create_room(page, preset="lanzhou")
    start_with_bots(page)
    wait_turn_or_end(page, 30000)
    cards = page.locator(".hand-card")
    assert page.locator(".hand-card[tabindex='0']").count() == 1
    cards.first.focus()
    page.keyboard.press("End")
    last = cards.nth(cards.count() - 1).get_attribute("data-id")
    assert page.evaluate("() => document.activeElement?.dataset.id") == last
    assert page.locator(".hand-card[tabindex='0']").get_attribute("data-id") == last
    page.keyboard.press("Tab")  # out of the hand at once, not to another card
    assert not page.evaluate(_FOCUS_IN, ".hand-card")
    page.keyboard.press("Shift+Tab")  # and back to the card it left
    assert page.evaluate("() => document.activeElement?.dataset.id") == last
    page.keyboard.press("Home")
    assert page.evaluate("() => document.activeElement?.dataset.id") == \
        cards.first.get_attribute("data-id")


def test_a_quick_second_game_choice_is_not_undone_by_the_first(page: Page,
                                                               server: str) -> None:
    """Two quick arrow keys on the game picker: the first game's presets, still loading
    when the second game was chosen, came after it and put the first game back (a CI run
    under load). The latest choice stands, its presets with it."""
    enter(page, server, "快选")

    def slow(route: Any) -> None:
        time.sleep(1.5)
        route.continue_()

    page.route("**/api/games/xiushan", slow)
    page.select_option("select[name=game]", value="xiushan")  # its presets on their way
    page.select_option("select[name=game]", value="biegan")
    page.wait_for_selector("select[name=preset] option[value='gongan']", state="attached")
    page.wait_for_timeout(2500)  # the first game's answer has come by now
    expect(page.locator("select[name=game]")).to_have_value("biegan")
    expect(page.locator("select[name=preset] option[value='gongan']")).to_have_count(1)


def test_page_changes_and_switches_keep_a_keyboard_players_place(page: Page, server: str) -> None:
    """Enter on the language switch, on 开房间, on 空位都补机器人 and on 开始 each took away
    the control pressed (the header drawn again, the lobby left, the seats full, the
    waiting room become the table):
    the focus fell to the document and the next Tab began at the header again. Now the
    switch stays focused, a new page takes the focus at its start, and a table just
    opened takes it as after any redraw."""
    enter(page, server, "键盘换页")
    page.locator("[data-testid=lang]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("[data-testid=lang]")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
    expect(page.locator("[data-testid=lang]")).to_be_focused()
    page.select_option("select[name=preset]", value="lanzhou")
    page.locator("[data-testid=create]").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=waiting]")
    page.wait_for_function("() => document.activeElement?.tagName === 'MAIN'")
    page.keyboard.press("Tab")  # the page's first control, not the header's
    assert page.evaluate(_FOCUS_IN, "main"), "Tab went back to the header"
    page.locator("[data-testid=fill-bots]").focus()  # gone once the seats are full:
    page.keyboard.press("Enter")  # the focus goes on to 开始, the next step
    # (15 s: under two test workers the seats' summary came later than expect's 5 s)
    expect(page.locator("[data-testid=start]:not([disabled])")).to_be_focused(timeout=15000)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => !!document.activeElement?.closest('[data-testid=table]')", timeout=15000)
