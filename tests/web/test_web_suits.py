"""兰州's poker deck has no suits in the engine: the browser gives each copy of a card a
suit. Playing one 7 leaves the other 7s of the hand as they were (the tapped 7♠ leaves,
not the 7♥ beside it), and no face of the hand shows on the table too: the hand's copies
are reserved, and the table's rows take the copies still free (a K♠ was drawn in the hand
and in two 占牌 piles at once). (The trick just taken is shown a moment beside the pile it
went to: the same cards, so the same faces may show twice there.)"""

from __future__ import annotations

import random
import re
from collections import Counter

from playwright.sync_api import Page
from web_driver import (
    after_action,
    counter,
    create_room,
    enter,
    hand_settled,
    legal_plays,
    start_with_bots,
    take_turn,
    visible_point,
    wait_turn_or_end,
)

FACE = re.compile(r"^(10|[AJQK2-9])[♠♥♣♦]$")


def _faces(page: Page, where: str) -> list[str]:
    labels: list[str] = page.eval_on_selector_all(
        f"{where} .card-svg", "(els) => els.map((e) => e.getAttribute('aria-label') ?? '')")
    return [x for x in labels if FACE.match(x)]


def _hand(page: Page) -> dict[str, str]:
    """Each hand card's id ("7#1") and the face it shows."""
    pairs: list[list[str]] = page.eval_on_selector_all(
        ".hand-card", "(els) => els.map((e) => [e.dataset.id,"
        " e.querySelector('.card-svg')?.getAttribute('aria-label') ?? ''])")
    return dict((a, b) for a, b in pairs)


def _play_a_second_copy(page: Page) -> bool:
    """Play a single card of which the hand holds two or more, by its first copy (the old
    hand dropped the last one whichever was tapped); check that exactly that face left
    and the others kept theirs. False if there is none."""
    hand = _hand(page)
    counts = Counter(i.rsplit("#", 1)[0] for i in hand)
    singles = [p["cards"][0] for p in legal_plays(page) if len(p["cards"]) == 1]
    token = next((t for t in singles if counts[t] >= 2), None)
    if token is None:
        return False
    last = min((i for i in hand if i.rsplit("#", 1)[0] == token),
               key=lambda i: int(i.rsplit("#", 1)[1]))
    hand_settled(page)
    point = visible_point(page, f".hand-card[data-id='{last}']")
    assert point is not None
    before = counter(page)
    page.mouse.click(*point)
    page.click("[data-testid=play].ready:not([disabled])")
    after_action(page, before)
    after = Counter(_hand(page).values())
    assert after == Counter(hand.values()) - Counter([hand[last]]), (hand, last, after)
    return True


def test_a_card_keeps_its_suit_and_shows_once(page: Page, server: str) -> None:
    enter(page, server, "花色")
    create_room(page, preset="lanzhou", deals=4)
    start_with_bots(page)
    rng = random.Random(3)
    checked = deals = 0
    for _ in range(120):
        if wait_turn_or_end(page) == "end":
            # the server's shuffle is its own: a deal may end before it offers such a turn
            # (one did, all in 2 s, on a CI run) — the next deal, up to the match's four
            deals += 1
            if checked or deals == 4:
                break
            page.click("[data-testid=ready]:not([disabled])")
            page.wait_for_function("() => !document.querySelector('[data-testid=settlement]')")
            continue
        table, hand = _faces(page, "[data-testid=felt]"), _faces(page, "[data-testid=hand]")
        assert len(set(hand)) == len(hand) and not set(hand) & set(table), (hand, table)
        if not _play_a_second_copy(page):
            take_turn(page, rng)
        else:
            checked += 1
    assert checked, "no turn offered a single card the hand held twice"
