"""The replay page's layout: on a 1366×768 desktop the 复盘分析 box pushed the felt down
while the hand stayed put, so the hand's cards lay over my seat's plate, its 占牌 and the
status line; on a 390-wide phone in English the row of seat views ("Bot C's view") ran
past the screen's right edge, where the page (which never scrolls sideways) cut it off.
Now the page scrolls under a table that keeps its room, and the views wrap."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from web_driver import create_room, enter, play_deal, shot, start_with_bots, tuoguan_to_settlement

from conftest import _new_page

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "has_touch": True,
                         "is_mobile": True, "device_scale_factor": 2}

# The hand's box against what the felt shows at its foot: my seat (plate, 占牌) and the
# status line; the overlaps found, as [what, its box, the hand's box].
_UNDER_THE_HAND = """() => {
  const hand = document.querySelector('[data-testid=hand]').getBoundingClientRect();
  const box = (r) => [Math.round(r.left), Math.round(r.top), Math.round(r.right),
                      Math.round(r.bottom)];
  const found = [];
  const parts = [...document.querySelectorAll(
    '[data-testid=felt] .plate, [data-testid=felt] .seat, [data-testid=status]')];
  for (const el of parts) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const x = Math.min(r.right, hand.right) - Math.max(r.left, hand.left);
    const y = Math.min(r.bottom, hand.bottom) - Math.max(r.top, hand.top);
    if (x > 1 && y > 1) found.push([el.className, box(r), box(hand)]);
  }
  const felt = document.querySelector('[data-testid=felt]').getBoundingClientRect();
  if (hand.top < felt.bottom - 1) found.push(['felt', box(felt), box(hand)]);
  return found;
}"""


OWN_SERVER = True  # conftest's ``server``: one of this module's own


def test_the_review_box_keeps_the_hand_below_the_table(
        page: Page, server: str, shots: Path | None) -> None:
    """At 1366×768, once 复盘分析 has run (and after a listed mistake is clicked), the hand
    lies below the felt: none of its cards covers a seat's plate or the status line."""
    page.set_viewport_size({"width": 1366, "height": 768})
    enter(page, server, "复盘布局")
    create_room(page, preset="lanzhou")
    start_with_bots(page)
    play_deal(page, random.Random(8))  # the deal test_web_review reviews: it has mistakes
    page.click("[data-testid=replay]")
    # (the replay page's own step line: [data-testid=replay] is the settlement's link too,
    # visible until the page changes, and the hand was looked for in between — CI)
    expect(page.locator("[data-testid=step]")).to_contain_text("已走 0 /")
    assert page.evaluate(_UNDER_THE_HAND) == []
    page.click("[data-testid=review-start]")
    expect(page.locator("[data-testid=review-panel]")).to_be_visible(timeout=90000)
    shot(page, shots, "replay-layout-review")
    assert page.evaluate(_UNDER_THE_HAND) == [], "the hand covers the table after the review"
    mistakes = page.locator("[data-testid=review-mistake]")
    assert mistakes.count(), "the reviewed deal has no big mistake to click"
    mistakes.first.click()
    expect(page.locator("[data-testid=review-step] .review-option").first).to_be_visible()
    shot(page, shots, "replay-layout-mistake")
    assert page.evaluate(_UNDER_THE_HAND) == [], "the hand covers the table at the mistake"
    # what is below the first screen is reached by scrolling the page, and shows whole
    hand = page.locator("[data-testid=hand]")
    hand.scroll_into_view_if_needed()
    expect(hand).to_be_in_viewport(ratio=1)
    controls = page.locator("[data-testid=replay-controls]")
    controls.scroll_into_view_if_needed()
    expect(controls).to_be_in_viewport(ratio=1)
    shot(page, shots, "replay-layout-scrolled")
    assert page.evaluate(_UNDER_THE_HAND) == []
    # the settlement beside the table at the end scrolls in the table's height
    page.click("[data-testid=last]")
    expect(page.locator(".replay-side [data-testid=settlement]")).to_be_visible()
    shot(page, shots, "replay-layout-last")
    assert page.evaluate(_UNDER_THE_HAND) == []
    side = page.locator(".replay-side").bounding_box()
    felt = page.locator("[data-testid=felt]").bounding_box()
    assert side and felt and side["height"] <= 768 and felt["height"] < 768, (side, felt)
    page.click("[data-testid=lang]")  # the same in English
    page.locator("[data-testid=review-mistake]").first.click()
    expect(page.locator("[data-testid=review-step] .review-option").first).to_be_visible()
    shot(page, shots, "replay-layout-mistake-en")
    assert page.evaluate(_UNDER_THE_HAND) == []


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_phone_reaches_every_seat_view(browser: Browser, server: str, lang: str,
                                         request: pytest.FixtureRequest,
                                         shots: Path | None) -> None:
    """At 390×844 every seat-view chip of a replay lies inside the screen's width and takes
    a tap: each opens its seat's view."""
    for page in _new_page(browser, request, timeout=30000, **PHONE):
        enter(page, server, "Seat" if lang == "en" else "视角")
        if lang == "en":
            page.click("[data-testid=lang]")
        create_room(page, preset="lanzhou")
        start_with_bots(page)
        tuoguan_to_settlement(page)  # the house bot plays my seat to the end
        page.click("[data-testid=replay]")
        chips = page.locator(".viewers a.chip")
        expect(chips).to_have_count(4)  # every hand open, and each of the three seats
        shot(page, shots, f"replay-layout-phone-{lang}")
        width = page.evaluate("document.documentElement.clientWidth")
        viewers = [chips.nth(i).get_attribute("data-viewer") for i in range(chips.count())]
        for viewer in viewers:
            chip = page.locator(f".viewers a.chip[data-viewer='{viewer}']")
            box = chip.bounding_box()  # no scrolling: the page cannot scroll sideways
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, (
                chip.inner_text(), box, width)
            where = chip.evaluate("""(e) => { const r = e.getBoundingClientRect();
              const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
              return hit && e.contains(hit) ? 'chip' : String(hit && hit.className); }""")
            assert where == "chip", f"the middle of {chip.inner_text()!r} is covered by {where}"
            chip.tap()
            page.wait_for_url(re.compile(rf"[?&]seat={viewer}&step=0$"))
            expect(page.locator(f".viewers a.chip.on[data-viewer='{viewer}']")).to_be_visible()
        wide = page.evaluate("() => document.querySelector('.replay-page').scrollWidth")
        assert wide <= width, f"the replay page is {wide} px wide"


def test_a_phone_shows_the_settlement_at_the_last_step(browser: Browser, server: str,
                                                       request: pytest.FixtureRequest,
                                                       shots: Path | None) -> None:
    """At 390×844 a replay's last step showed the end banner and no scores (the settlement
    beside the board was hidden on a phone): it lies below the board now, the step
    buttons after it."""
    for page in _new_page(browser, request, timeout=30000, **PHONE):
        enter(page, server, "回放结算")
        create_room(page, preset="lanzhou")
        start_with_bots(page)
        tuoguan_to_settlement(page)
        page.click("[data-testid=replay]")
        page.locator("[data-testid=replay-controls] button").last.click()  # ▶|: the end
        side = page.locator(".replay-side.open [data-testid=settlement]")
        expect(side).to_be_visible()
        side.scroll_into_view_if_needed()
        expect(side).to_be_in_viewport()
        shot(page, shots, "replay-layout-phone-last")
        felt = page.locator("[data-testid=felt]").bounding_box()
        box = side.bounding_box()
        assert felt is not None and box is not None and box["y"] >= felt["y"] + felt["height"]
