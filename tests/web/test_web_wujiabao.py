"""凤翔 五家抱 (issue "What players and the seeds found" §2): the table shows who backs
whom, so the settlement's 五家抱 line does not come from nowhere."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from web_driver import enter, start_with_bots

OWN_SERVER = True  # conftest's ``server``: one of this module's own


def test_five_players_show_who_backs_whom(page: Page, server: str) -> None:
    enter(page, server, "五家")
    page.select_option("select[name=game]", value="xianniu")
    page.wait_for_selector("select[name=preset] option[value='fengxiang']", state="attached")
    page.select_option("select[name=preset]", value="fengxiang")
    page.fill("input[name=rule-players]", "5")
    page.dispatch_event("input[name=rule-players]", "change")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")
    start_with_bots(page)
    backs = page.locator(".badge[data-key=backs]")
    backed = page.locator(".badge[data-key=backed]")
    expect(backs).to_have_count(2)
    expect(backed).to_have_count(2)
    for text in backs.all_inner_texts():
        assert text.startswith("抱"), text
