"""A two-seat 双别杆 room in the browser (issue 9 §3, ``players=2``): chosen in the lobby's
人数 field, two seats on the table, a whole deal played by clicks to the settlement."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from playwright.sync_api import Page, expect
from test_web_biegan import play_biegan_deal
from web_driver import create_room, enter, hand_tokens, start_with_bots

OWN_SERVER = True  # conftest's ``server``: one of this module's own


def test_a_two_seat_biegan_deal_by_clicks(page: Page, server: str, shots: Path | None) -> None:
    enter(page, server, "两人杆")
    create_room(page, game="biegan", preset="gongan", fields={"rule-players": "2"})
    start_with_bots(page)
    expect(page.locator("[data-testid=seat-1]")).to_be_visible()
    expect(page.locator("[data-testid=seat-2]")).to_have_count(0)
    assert len(hand_tokens(page)) in (25, 26)
    play_biegan_deal(page, random.Random(3), Counter(), shots)
    expect(page.locator("[data-testid=settlement]")).to_be_visible()
