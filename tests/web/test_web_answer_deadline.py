"""答话限时 in the browser: an answer the deadline made for me reads as the deadline's —
（限时代答）, not （托管）: 托管 never came on (a play-test read the replay's code) — in my
live log and in the finished deal's replay."""
from __future__ import annotations

import random

from playwright.sync_api import Page, expect
from web_driver import enter, start_with_bots, take_turn, tuoguan_to_settlement, wait_turn_or_end


def _deadline_room(page: Page, server: str) -> None:
    enter(page, server, "限时")
    page.select_option("select[name=game]", value="biegan")
    page.wait_for_selector("select[name=preset] option[value='gongan']", state="attached")
    page.select_option("select[name=preset]", value="gongan")
    page.check("input[name=answer_deadline]")  # the pause becomes 3 s with it
    page.select_option("select[name=bot_delay]", value="0")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")
    start_with_bots(page)


def _let_an_answer_run_out(page: Page) -> None:
    """Play my turns until another seat's discard asks me; leave that question unanswered."""
    rng = random.Random(4)
    for _ in range(200):
        assert wait_turn_or_end(page, 30000) == "turn", "the deal ended before I was asked"
        if page.get_attribute("[data-testid=felt]", "data-phase") == "window":
            expect(page.locator(".toast", has_text="答话时间到")).to_be_visible(timeout=15000)
            return
        take_turn(page, rng)
    raise AssertionError("never asked to answer a discard")


def test_the_deadlines_answer_reads_as_its_own_live_and_in_the_replay(page: Page,
                                                                      server: str) -> None:
    _deadline_room(page, server)
    _let_an_answer_run_out(page)
    tuoguan_to_settlement(page, 120000)
    page.click("[data-testid=settlement] [data-testid=replay]")
    page.wait_for_selector("[data-testid=replay]")
    page.click("[data-testid=last]")
    replayed = page.locator(".log-list")
    expect(replayed).to_contain_text("（限时代答）")
    page.click("[data-testid=lang]")
    expect(replayed).to_contain_text("(time to answer ran out)")
