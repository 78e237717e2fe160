"""A player with the keyboard and a screen reader (a play-test): nothing of the table's
changes was announced, a card no play takes was shown only by dimming, the toasts' live
region came with its first message in it, and in the replay each Enter on 下一步 dropped
the focus to the page, so a second did nothing."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from web_driver import create_room, enter, start_with_bots, tuoguan_to_settlement

OWN_SERVER = True


def test_the_table_is_said_as_it_changes(page: Page, server: str) -> None:
    enter(page, server, "爷爷")
    assert page.locator(".toasts[aria-live=polite]").count() == 1  # there before a toast
    create_room(page, preset="lanzhou", speed=0.3)
    start_with_bots(page)
    expect(page.locator("[data-testid=live]")).not_to_have_text("", timeout=20000)
    page.wait_for_selector(".hand-card")
    dims = page.evaluate("""() => [...document.querySelectorAll('.hand-card')].map(
      (c) => [c.classList.contains('dim'), c.getAttribute('aria-disabled')])""")
    assert all(aria == ("true" if dim else "false") for dim, aria in dims), dims


def test_enter_steps_through_a_replay_and_keeps_the_focus(page: Page, server: str) -> None:
    enter(page, server, "奶奶")
    create_room(page, preset="lanzhou")
    start_with_bots(page)
    tuoguan_to_settlement(page)
    page.click("[data-testid=replay]")
    step = page.locator("[data-testid=step]")
    expect(step).to_contain_text("已走 0 /")
    page.focus("[data-testid=next]")
    page.keyboard.press("Enter")
    expect(step).to_contain_text("已走 1 /")
    page.keyboard.press("Enter")
    expect(step).to_contain_text("已走 2 /")
    assert page.evaluate("() => document.activeElement.dataset.testid") == "next"
    expect(page.locator("[data-testid=first]")).to_have_attribute("aria-label", "回到开头")


def test_a_dialog_is_named_by_its_title(page: Page, server: str) -> None:
    """The nickname dialog had no accessible name, and its error was never said."""
    page.goto(server)
    expect(page.get_by_role("dialog")).to_have_accessible_name(re.compile(r"\S"))
    page.fill("input[name=nickname]", "")
    page.click(".nick-form button[type=submit]")
    expect(page.get_by_role("alert")).not_to_have_text("")
