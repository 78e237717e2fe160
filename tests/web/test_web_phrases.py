"""快捷语: a seated player's bubble button opens the fixed phrases; one pressed is said over
the seat as a bubble (the server says it to the whole room: tests/server/test_phrases.py),
the menu closes, Escape closes it too, and the phrase reads in the page's language."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from web_driver import create_room, enter, start_with_bots

OWN_SERVER = True


def test_a_phrase_is_said_over_my_seat(page: Page, server: str) -> None:
    enter(page, server, "快捷语")
    create_room(page, game="biegan", preset="gongan", speed=0.8)
    start_with_bots(page)
    page.click("[data-testid=phrases]")
    menu = page.locator(".phrase-menu")
    expect(menu).to_be_visible()
    expect(page.locator("[data-testid=phrase]")).to_have_count(9)
    page.click("[data-testid=phrase][data-phrase=nice]")
    expect(menu).to_be_hidden()
    bubble = page.locator(".seat.side-bottom .bubble.say")
    expect(bubble).to_have_text("打得好！")
    page.click("[data-testid=phrases]")
    expect(menu).to_be_visible()
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    page.click("button:has-text('English')")
    page.click("[data-testid=phrases]")
    expect(page.locator("[data-testid=phrase][data-phrase=thanks]")).to_have_text("Thanks!")
    expect(page.locator("[data-testid=mute-phrases]")).not_to_be_checked()
