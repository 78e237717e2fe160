"""The last deal's settlement can be looked at again during the next deal (上局结算): it
went by itself when the next deal began, with no way back to it (a phone play-test of
钵福 never saw its 报错 lines)."""

from __future__ import annotations

import random

from playwright.sync_api import Page, expect
from web_driver import create_room, enter, play_deal, start_with_bots, wait_turn_or_end

OWN_SERVER = True  # conftest's ``server``: one of this module's own


def _rows(page: Page) -> list[str]:
    return page.locator("[data-testid=settlement] .settle-table tbody tr").all_inner_texts()


def test_the_last_deals_settlement_comes_back_during_the_next(page: Page, server: str) -> None:
    enter(page, server, "上一局")
    create_room(page, preset="lanzhou", deals=2)
    start_with_bots(page)
    last = page.locator("[data-testid=last-settlement]")
    expect(last).to_have_count(0)  # no deal has ended yet
    play_deal(page, random.Random(4))
    settled = _rows(page)
    page.click("[data-testid=ready]:not([disabled])")
    page.wait_for_selector("[data-testid=settlement]", state="detached")
    assert wait_turn_or_end(page) == "turn"
    last.click()
    panel = page.locator("[data-testid=settlement]")
    expect(panel.locator("h2")).to_have_text("上局结算")
    expect(panel.locator(".deal-line")).to_have_text("第 1 局 / 2")
    assert _rows(page) == settled
    expect(last).to_have_count(0)  # while it shows
    page.click("[data-testid=close-last]")
    expect(panel).to_have_count(0)
    expect(page.locator(".action-bar.my-turn")).to_be_visible()  # the deal goes on
    last.focus()  # by the keyboard: Enter opens it, Escape puts it away as the settlement's
    page.keyboard.press("Enter")
    expect(panel.locator("h2")).to_have_text("上局结算")
    page.keyboard.press("Escape")
    expect(panel).to_have_count(0)
    expect(last).to_be_focused()
    # a reload (or a player back after a drop) during deal 2 has it too: from the replay —
    # it lived only in the page that saw deal 1 end (a play-test)
    page.reload()
    expect(last).to_be_visible(timeout=15000)
    last.click()
    expect(panel.locator("h2")).to_have_text("上局结算")
    expect(panel.locator(".deal-line")).to_have_text("第 1 局 / 2")
    assert _rows(page) == settled
