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


def test_the_owner_frees_a_seat_a_quiet_friend_holds(page: Page, phone: Page,
                                                      server: str) -> None:
    """A friend who sat down and went quiet held the start; the owner's 请离座 frees the
    seat (the friend's page shows it empty, 坐这里 again), and bots fill it."""
    enter(page, server, "房主")
    create_room(page, preset="lanzhou")
    enter(phone, server, "朋友")
    phone.goto(page.url)
    phone.click("[data-testid=sit-1]")
    expect(page.locator("[data-testid=unseat-1]")).to_be_visible()
    expect(phone.locator("[data-testid=unseat-0]")).to_have_count(0)  # only the owner's
    page.click("[data-testid=unseat-1]")  # asked first (it went at one tap: a play-test)
    expect(page.get_by_role("dialog")).to_contain_text("请 朋友 离座？")
    page.click("[data-testid=unseat-cancel]")
    expect(phone.locator("[data-testid=sit-1]")).to_have_count(0)  # a no changes nothing
    page.click("[data-testid=unseat-1]")
    page.click("[data-testid=unseat-confirm]")
    expect(phone.locator("[data-testid=sit-1]")).to_be_visible()
    expect(phone.locator(".toast")).to_contain_text("房主请你离座了")
    expect(page.locator("[data-testid=unseat-1]")).to_have_count(0)
    start_with_bots(page)
    expect(page.locator("[data-testid=felt]")).to_be_visible()


def test_a_friend_freed_while_away_is_told_on_coming_back(page: Page, phone: Page,
                                                          server: str) -> None:
    """The friend's page was closed when the owner freed the seat: back at the room the
    seat was empty and nothing said why (a play-test)."""
    enter(page, server, "房主")
    create_room(page, preset="lanzhou")
    room_url = page.url
    enter(phone, server, "朋友")
    phone.goto(room_url)
    phone.click("[data-testid=sit-1]")
    expect(page.locator("[data-testid=unseat-1]")).to_be_visible()
    phone.goto(server)  # away: the lobby, no window on the room
    phone.wait_for_selector("[data-testid=create]")
    page.click("[data-testid=unseat-1]")
    page.click("[data-testid=unseat-confirm]")
    expect(page.locator("[data-testid=unseat-1]")).to_have_count(0)
    phone.goto(room_url)
    expect(phone.locator("[data-testid=sit-1]")).to_be_visible()
    expect(phone.locator(".toast")).to_contain_text("房主请你离座了")
