"""Leaving a seat mid-deal (issue "What players and the seeds found" §1): it is asked
first; the seat is then kept for me (the house bot plays it, shown as such) and offered to
nobody else; I can take it back."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from web_driver import create_room, enter, start_with_bots

OWN_SERVER = True  # conftest's ``server``: one of this module's own


def test_leave_is_asked_first_and_the_seat_waits_for_me(page: Page, phone: Page,
                                                        server: str) -> None:
    enter(page, server, "要走")
    create_room(page, preset="lanzhou", speed=1.6)
    start_with_bots(page)
    room_url = page.url
    page.click("[data-testid=leave]")
    page.click("[data-testid=leave-cancel]")
    expect(page.locator("[data-testid=leave]")).to_be_visible()  # still seated
    page.click("[data-testid=leave]")
    page.click("[data-testid=leave-confirm]")
    take_back = page.locator(".room-top button", has_text="坐这里")
    expect(take_back).to_have_count(1)
    expect(page.locator("[data-testid=seat-0] .badge").first).to_have_text("离座·托管")
    enter(phone, server, "路人")
    phone.goto(room_url)
    expect(phone.locator("[data-testid=felt]")).to_be_visible()
    expect(phone.locator(".room-top button", has_text="坐这里")).to_have_count(0)
    take_back.click()
    expect(page.locator("[data-testid=leave]")).to_be_visible()
