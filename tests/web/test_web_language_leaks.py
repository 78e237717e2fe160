"""In Chinese mode nothing a player sees is English (the project's contract), found by a
language play-test: the tab's title and the header read 花牌 huapai, and a room's time in
the lobby (its tooltip) was written in the browser's language (12/7/2026, 9:08:37 AM under a
Chinese page). In English the brand keeps both names and the time is English."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from web_driver import create_room, enter

LATIN = re.compile(r"[A-Za-z]")


def _age_tip(page: Page) -> str:
    tip = page.locator("[data-testid=row-age]").first.get_attribute("title")
    assert tip, "a room's row says when it was made"
    return tip


def test_the_brand_and_a_rooms_time_follow_the_page_language(page: Page, server: str) -> None:
    enter(page, server, "语言")
    create_room(page, preset="lanzhou", deals=2)
    page.goto(f"{server}/#/")
    page.wait_for_selector("[data-testid=row-age]")
    expect(page).to_have_title("花牌")
    brand = page.locator("a.brand")
    assert not LATIN.search(brand.inner_text()), brand.inner_text()
    expect(brand).to_have_accessible_name("花牌：大厅")
    assert not LATIN.search(_age_tip(page)), _age_tip(page)
    page.click("[data-testid=lang]")
    expect(page).to_have_title("huapai 花牌")
    expect(brand).to_contain_text("huapai")
    page.wait_for_function(
        "() => /AM|PM/.test(document.querySelector('[data-testid=row-age]')?.title ?? '')")
