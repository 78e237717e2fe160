"""凤翔 五家抱 (issue "What players and the seeds found" §2): the table shows who backs
whom, so the settlement's 五家抱 line does not come from nowhere."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from web_driver import create_room, enter, start_with_bots

OWN_SERVER = True  # conftest's ``server``: one of this module's own


def test_five_players_show_who_backs_whom(page: Page, server: str) -> None:
    enter(page, server, "五家")
    create_room(page, preset="fengxiang", speed=0.8, fields={"rule-players": "5"})
    start_with_bots(page)
    backs = page.locator(".badge[data-key=backs]")
    backed = page.locator(".badge[data-key=backed]")
    expect(backs).to_have_count(2)
    expect(backed).to_have_count(2)
    for text in backs.all_inner_texts():
        assert text.startswith("抱"), text
