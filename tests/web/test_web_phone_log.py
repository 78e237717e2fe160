"""The game log on a phone: a closed 牌局记录 below the hand, opening as a sheet over the
foot of the board, above the action bar and the hand (in the page's flow it squeezed the
board; from the screen's foot it lay over the buttons: test_web_layout_qa6), newest lines in
view; in a replay, below the step buttons (below the hand it pushed them off the screen).
And the room's bar above the table is one line: its buttons said short."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, FloatRect, Page, expect
from web_driver import create_room, enter, start_with_bots, tuoguan_to_settlement, wait_turn_or_end

from conftest import _new_page

OWN_SERVER = True  # conftest's ``server``: one of this module's own


def _box(page: Page, selector: str) -> FloatRect:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box


def test_a_phone_opens_the_log_as_a_sheet(phone: Page, server: str) -> None:
    enter(phone, server, "看记录")
    create_room(phone, preset="maquefu", game="xiushan")
    start_with_bots(phone)
    centres = phone.locator(".room-top").evaluate("""e => [...e.children]
      .filter((c) => c.offsetParent !== null)
      .map((c) => { const r = c.getBoundingClientRect();
                    return Math.round(r.top + r.height / 2); })""")
    assert max(centres) - min(centres) <= 6, centres  # one line: 链接 · 玩法 · 规则 · 离座
    summary = phone.locator(".log-box summary")
    expect(summary).to_be_visible()
    expect(summary).to_have_text("牌局记录")
    phone.wait_for_function("() => document.querySelectorAll('.log-list li').length > 0")
    felt = _box(phone, "[data-testid=felt]")
    summary.click()
    sheet = _box(phone, ".log-box")
    viewport = phone.viewport_size
    assert viewport is not None
    assert sheet["y"] + sheet["height"] <= viewport["height"] + 0.5  # on the screen
    assert sheet["y"] > viewport["height"] * 0.3  # not over the whole page
    assert _box(phone, "[data-testid=felt]")["height"] >= felt["height"]  # the board not squeezed
    last = phone.locator(".log-list li").last
    expect(last).to_be_in_viewport()
    summary.click()
    expect(phone.locator(".log-list")).to_be_hidden()
    tuoguan_to_settlement(phone, timeout=60000)
    phone.click("[data-testid=replay]")
    expect(phone.locator("[data-testid=step]")).to_contain_text("已走 0 /")
    controls = _box(phone, "[data-testid=replay-controls]")
    assert _box(phone, ".log-box")["y"] > controls["y"]  # below the step buttons
    for _ in range(3):
        phone.click("[data-testid=next]")
    phone.locator(".log-box summary").click()
    expect(phone.locator(".log-list li").first).to_be_attached()
    phone.click("[data-testid=next]")  # the open log covers no step button
    expect(phone.locator("[data-testid=step]")).to_contain_text("已走 4 /")


def test_a_tablet_opens_the_log_as_a_sheet_off_the_seats(browser: Browser,
                                                         request: pytest.FixtureRequest,
                                                         server: str) -> None:
    """A tablet on its side (1024×768, touch): the log's line lies under the hand, off the
    felt — floating at the felt's top right, its bar lay over the top-right seat's name and
    groups (a tablet play-test) — and opened, it is a sheet over the felt's foot, above the
    action bar, the board not squeezed, its newest line in view."""
    for tablet in _new_page(browser, request, viewport={"width": 1024, "height": 768},
                            has_touch=True, is_mobile=True):
        enter(tablet, server, "平板记录")
        # (双别杆: a deal that asks my seat — a 凤翔 one can end without it: tuoguan_on)
        create_room(tablet, game="biegan", preset="gongan")
        start_with_bots(tablet)
        assert wait_turn_or_end(tablet, timeout=30000) == "turn"
        felt = _box(tablet, "[data-testid=felt]")
        summary = _box(tablet, ".log-box summary")
        assert summary["y"] >= felt["y"] + felt["height"] - 0.5  # not over any seat
        tablet.locator(".log-box summary").click()
        sheet = _box(tablet, ".log-box")
        bar = _box(tablet, ".action-bar")
        assert sheet["y"] + sheet["height"] <= bar["y"] + 0.5  # above the bar and the hand
        assert sheet["y"] > felt["y"] + felt["height"] * 0.4  # the felt's foot, not all of it
        assert _box(tablet, "[data-testid=felt]")["height"] >= felt["height"] - 0.5
        expect(tablet.locator(".log-list li").last).to_be_in_viewport()
