"""The game log on a phone: a closed 牌局记录 below the hand, opening as a sheet over the
foot of the board, above the action bar and the hand (in the page's flow it squeezed the
board; from the screen's foot it lay over the buttons: test_web_layout_qa6), newest lines in
view; in a replay, below the step buttons (below the hand it pushed them off the screen).
And the room's bar above the table is one line: its buttons said short."""

from __future__ import annotations

from playwright.sync_api import FloatRect, Page, expect
from web_driver import create_room, enter, start_with_bots, tuoguan_to_settlement

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
