"""A window opened mid-deal draws the table's middle as the deal left it: after a reload
the trick just won was blank (a play-test; the way back after a server restart is the same
path), because the middle was tracked from the new message's events only."""

from __future__ import annotations

import random

from playwright.sync_api import Page
from web_driver import create_room, enter, start_with_bots, take_turn, wait_turn_or_end

OWN_SERVER = True  # conftest's ``server``: one of this module's own

_MIDDLE = """() => [...document.querySelectorAll('.xn-center .trick-play')].map(
  (p) => [p.classList.contains('won'), p.textContent.replace(/[♠♥♣♦]/g, '')])"""
"""Who played what in the middle, and whose play won; the poker deck's suits are left out
(they are drawn afresh on each page, 掀牛 does not read them)."""


def test_the_trick_just_won_is_drawn_again_after_a_reload(page: Page, server: str) -> None:
    enter(page, server, "甲一")
    create_room(page, preset="lanzhou")
    start_with_bots(page)
    rng = random.Random(5)
    for _ in range(60):  # to my turn right after a trick was won (a won play in the middle)
        assert wait_turn_or_end(page) == "turn", "the deal ended before a trick was won"
        before = page.evaluate(_MIDDLE)
        if any(won for won, _ in before):
            break
        take_turn(page, rng)
    else:
        raise AssertionError("no trick was won before my turn in 60 turns")
    page.reload()
    page.wait_for_selector(".action-bar.my-turn")
    assert page.evaluate(_MIDDLE) == before
