"""Going from page to page: a toast belongs to the page it was said on (a 房间码不对 stayed
over the room opened next), and an address that names no page shows the lobby at the
lobby's address, saying so (``#/room/`` kept its bad address over the lobby)."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from web_driver import create_room, enter, start_with_bots, tuoguan_to_settlement


def test_a_toast_goes_with_its_page(page: Page, server: str) -> None:
    enter(page, server, "换页")
    page.goto(f"{server}/#/join/ZZZZZZ")  # no such invitation: the lobby, saying why
    # (the lobby was already there: wait for the refusal's way back, not for its button)
    page.wait_for_function("() => ['#/', ''].includes(location.hash)")
    page.wait_for_selector("[data-testid=create]")
    error = page.locator(".toast.error")
    expect(error).to_have_count(1)  # carried over the lobby: it is about getting there
    create_room(page, preset="lanzhou")
    assert page.locator(".toast").count() == 0  # not over the room (at once: it was timed, 4 s)


def test_an_address_with_no_page_says_so_at_the_lobby(page: Page, server: str) -> None:
    enter(page, server, "乱址")
    for bad in ("#/room/", "#/nowhere/7"):
        page.goto(f"{server}/{bad}")
        page.wait_for_function("() => location.hash === '#/'")
        page.wait_for_selector("[data-testid=create]")
        expect(page.locator(".toast.info")).to_contain_text("没有这个页面")
    create_room(page, preset="lanzhou")
    assert page.locator(".toast").count() == 0


def test_two_alike_rooms_differ_in_the_lobby(page: Page, server: str) -> None:
    """Two 兰州 rooms of mine, each of 4 deals: one waits, one plays its first deal — the
    rows said the same until they told how far each match is and when it was made."""
    enter(page, server, "两房")
    create_room(page, preset="lanzhou", deals=4)
    page.goto(f"{server}/#/")
    create_room(page, preset="lanzhou", deals=4)
    start_with_bots(page)
    page.goto(f"{server}/#/")
    page.click("[data-testid=leave-table-confirm]")  # leaving a deal I play is asked first
    rows = page.locator(".room-row:has([data-testid=back-to-seat])")  # mine: first, newest first
    expect(rows).to_have_count(2)
    expect(rows.locator("[data-testid=row-progress]")).to_have_text(["第 1 局/4", "共 4 局"])
    expect(rows.locator("[data-testid=row-age]")).to_have_text(["刚开", "刚开"])
    assert rows.nth(0).inner_text() != rows.nth(1).inner_text()


def test_leaving_a_deal_i_play_is_asked_first(page: Page, server: str) -> None:
    """The back button left a live table with nothing said, and 托管 played the seat (a
    phone play-test): it asks; staying keeps the table and its address."""
    enter(page, server, "回退")
    create_room(page, preset="lanzhou", speed=1.6)  # bots slow: the deal stays live
    room_url = page.url
    start_with_bots(page)
    page.go_back()
    dialog = page.locator("[data-testid=leave-table-cancel]")
    expect(dialog).to_be_visible()
    expect(page.locator(".dialog")).to_contain_text("离开牌桌？")
    dialog.click()
    expect(page.locator("[data-testid=leave]")).to_be_visible()  # still at the table
    assert page.url == room_url
    page.click("a.brand")  # the header's link home asks too
    page.click("[data-testid=leave-table-confirm]")
    page.wait_for_selector("[data-testid=create]")
    expect(page.locator(".room-row [data-testid=back-to-seat]")).to_have_count(1)
    page.locator(".room-row [data-testid=back-to-seat]").click()
    expect(page.locator("[data-testid=leave]")).to_be_visible()
    page.click("[data-testid=tuoguan]")  # on 托管 the seat plays itself: going is not asked
    expect(page.locator("[data-testid=tuoguan].on")).to_be_visible()
    page.go_back()
    page.wait_for_selector("[data-testid=create]")


def test_a_phone_back_in_the_lobby_finds_its_deal_at_the_top(phone: Page, server: str) -> None:
    """A phone player who left a live deal found 回到牌桌 a thousand pixels down, under the
    form, while the clock ran on the seat (a play-test): the lobby's top says the deal goes
    on, with the way back."""
    enter(phone, server, "回桌")
    create_room(phone, game="biegan", preset="gongan", speed=1.6)  # bots slow: it stays live
    start_with_bots(phone)
    phone.click("a.brand")
    phone.click("[data-testid=leave-table-confirm]")
    phone.wait_for_selector("[data-testid=create]")
    back = phone.locator("[data-testid=back-to-live]")
    expect(back).to_be_in_viewport()
    expect(phone.locator("[data-testid=live-seat]")).to_contain_text("你有一局正在打：双别杆")
    back.click()
    expect(phone.locator("[data-testid=leave]")).to_be_visible()


def test_a_pages_dialog_goes_with_it(page: Page, server: str) -> None:
    """A replay's 本局规则 stayed open over the room opened next in the same tab, blocking
    坐这里 and naming rules that were not the room's (a club-night play-test)."""
    enter(page, server, "换页规则")
    create_room(page, preset="lanzhou")
    start_with_bots(page)
    tuoguan_to_settlement(page, timeout=30000)
    page.click("[data-testid=replay]")
    page.locator(".replay-page button", has_text="规则").first.click()
    expect(page.locator(".dialog")).to_be_visible()
    page.goto(f"{server}/#/")
    page.wait_for_selector("[data-testid=create]")
    expect(page.locator(".dialog")).to_have_count(0)
