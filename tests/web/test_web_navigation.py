"""Going from page to page: a toast belongs to the page it was said on (a 房间码不对 stayed
over the room opened next), and an address that names no page shows the lobby at the
lobby's address, saying so (``#/room/`` kept its bad address over the lobby)."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from web_driver import create_room, enter


def test_a_toast_goes_with_its_page(page: Page, server: str) -> None:
    enter(page, server, "换页")
    page.goto(f"{server}/#/join/ZZZZZZ")  # no such invitation: the lobby, saying why
    page.wait_for_selector("[data-testid=create]")
    assert page.evaluate("location.hash") in ("#/", "")
    error = page.locator(".toast.error")
    expect(error).to_have_count(1)  # carried over the lobby: it is about getting there
    create_room(page, preset="lanzhou")
    assert page.locator(".toast").count() == 0  # not over the room (at once: it was timed, 4 s)


def test_an_address_with_no_page_says_so_at_the_lobby(page: Page, server: str) -> None:
    enter(page, server, "乱址")
    for bad in ("#/room/", "#/nowhere/7"):
        page.goto(f"{server}/{bad}")
        page.wait_for_selector("[data-testid=create]")
        assert page.evaluate("location.hash") == "#/", bad
        expect(page.locator(".toast.info")).to_contain_text("没有这个页面")
    create_room(page, preset="lanzhou")
    assert page.locator(".toast").count() == 0
