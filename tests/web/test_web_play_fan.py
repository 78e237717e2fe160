"""A tap on the visible part of a card in a fanned phone hand selects that card, never a
neighbour (Chromium's touch adjustment once moved taps on the left of a card's strip to
the card beneath it: the hand now takes pointers on the visible strips only and does not
tilt its cards on a touch screen, hand.js). Every card of a 掀牛 hand is tapped near the
left edge of its strip, in the middle and near the right edge."""

from __future__ import annotations

from playwright.sync_api import Page
from web_driver import VISIBLE_RUNS, create_room, enter, hand_settled, start_with_bots

EDGE_PX = 2.0  # how far inside a strip's edge the edge taps land


OWN_SERVER = True  # conftest's ``server``: one of this module's own


def _selected(page: Page) -> list[str]:
    return list(page.eval_on_selector_all(".hand-card.selected",
                                          "(els) => els.map((e) => e.dataset.id)"))


def _tap(page: Page, x: float, y: float) -> list[str]:
    """Tap and return the cards selected after it, once the hand has settled."""
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(120)
    hand_settled(page)
    return _selected(page)


def _strip(page: Page, card_id: str) -> tuple[float, float, float]:
    """(left, right, y) of the card's visible strip along a row in its upper part."""
    hand_settled(page)
    rows = page.locator(f".hand-card[data-id='{card_id}']").evaluate(VISIBLE_RUNS)
    y, runs = rows[1]["y"], rows[1]["runs"]
    assert len(runs) == 1, f"{card_id}: its visible part is not one strip: {runs}"
    return float(runs[0][0]), float(runs[0][1]), float(y)


def test_every_tap_on_a_cards_visible_strip_selects_that_card(phone: Page, server: str) -> None:
    enter(phone, server, "点牌")
    create_room(phone, preset="fengxiang")
    start_with_bots(phone)
    hand_settled(phone)
    ids = list(phone.eval_on_selector_all(".hand-card", "(els) => els.map((e) => e.dataset.id)"))
    assert len(ids) >= 16, ids
    steps = set()
    wrong = []
    for card_id in ids:
        left, right, y = _strip(phone, card_id)
        steps.add(round(right - left))
        for x in (left + EDGE_PX, (left + right) / 2, right - EDGE_PX):
            got = _tap(phone, x, y)
            if got != [card_id]:
                wrong.append((card_id, round(x - left, 1), got))
            for other in got:  # put the hand back as it was
                ox, oy = _visible_middle(phone, other)
                _tap(phone, ox, oy)
            assert _selected(phone) == [], "a tap on a selected card deselects it"
    assert not wrong, f"taps that selected another card (card, px into its strip, got): {wrong}"
    assert min(steps) < 40, f"the hand is fanned (cards overlap): strips {sorted(steps)} px"


def _visible_middle(page: Page, card_id: str) -> tuple[float, float]:
    left, right, y = _strip(page, card_id)
    return (left + right) / 2, y
