"""占牌 and meld cards read large (issue "What players and the seeds found" §2): a tap on a
seat's cards enlarges them, another tap puts them back."""

from __future__ import annotations

import random

from playwright.sync_api import Page
from web_driver import create_room, enter, start_with_bots, take_turn, wait_turn_or_end

OWN_SERVER = True  # conftest's ``server``: one of this module's own


def _width(page: Page, seat: int) -> float:
    box = page.locator(f"[data-testid=detail-{seat}]").bounding_box()
    assert box is not None
    return float(box["width"])


def test_tap_enlarges_a_seats_zhanpai(phone: Page, server: str) -> None:
    enter(phone, server, "看牌")
    # the bots at a walk: at full speed the table changed between reading a seat's name and
    # measuring it (a CI run under load measured nothing)
    create_room(phone, preset="fengxiang", speed=1.6)
    start_with_bots(phone)
    rng = random.Random(2)
    details = phone.locator(".seat-detail:has(svg)")
    while details.count() == 0:  # play until some seat has 占牌 on the table
        assert wait_turn_or_end(phone) == "turn", "the deal ended before any 占牌"
        take_turn(phone, rng, tap=True)
    seat = int((details.first.get_attribute("data-testid") or "detail-0").split("-")[1])
    before = _width(phone, seat)
    details.first.tap()
    phone.wait_for_timeout(300)
    assert _width(phone, seat) > before * 1.5
    details.first.tap()
    phone.wait_for_timeout(300)
    assert abs(_width(phone, seat) - before) < 2
