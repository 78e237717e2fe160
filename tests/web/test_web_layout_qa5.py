"""Layout found by a play-tester (QA round 5), checked with bounding boxes:

* 秀山 (麻雀福 at four seats, 十八福 at three): the opponents' discards and every seat's
  laid groups were drawn ~8×16 px (捌 / 壹 unreadable) on an empty felt; now a card shows
  at least 22 px of itself on a desktop, 16 px on a phone, and the rows stay on the felt,
  clear of the plates, the centre and the hand, to the end of a deal.
* 掀牛 (风翔, desktop English): the trick's label ("Bot C 双鱼子 won") lay under Bot C's 占牌
  pile; a replay's end banner ("无人再掀，本局结束") too; the 本局结算 side panel cut its
  row of scoring cards at its right edge.
* A replay's 复盘分析 on a phone: the board and the step buttons were pushed below the
  screen, so a tapped mistake changed a position out of sight, and the options scrolled
  inside a small box that hid some of them.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect
from test_web_xiushan import xiushan_turn
from web_driver import (
    create_room,
    enter,
    play_deal,
    shot,
    start_with_bots,
    take_turn,
    wait_turn_or_end,
)

OWN_SERVER = True  # conftest's ``server``: one of this module's own


DESKTOP: ViewportSize = {"width": 1366, "height": 768}
GLYPH = 15  # px: the box of a card's top character (≈ 1.4 × its font size)

# Every laid or discarded card on the felt (not in the centre): its visible box (a stub is
# cropped by its own box), and what of the table it lies over — another seat's plate, the
# centre's parts, the hand — or whether it left the felt.
_TABLE_CARDS = """() => {
  const box = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round);
  const meets = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const felt = document.querySelector('[data-testid=felt]').getBoundingClientRect();
  const hand = document.querySelector('[data-testid=hand]')?.getBoundingClientRect();
  const centre = [...document.querySelectorAll('[data-testid=center] .bg-center > *')]
    .map((el) => el.getBoundingClientRect()).filter((r) => r.width && r.height);
  const cards = [];
  const clashes = [];
  for (const seat of document.querySelectorAll('[data-testid=felt] .seat')) {
    const plates = [...document.querySelectorAll('[data-testid=felt] .seat .plate')]
      .filter((p) => !seat.contains(p)).map((p) => p.getBoundingClientRect());
    for (const card of seat.querySelectorAll('.river .mini-card, .melds .mini-card')) {
      const r = card.getBoundingClientRect();
      const kind = card.closest('.river') ? 'river' : 'meld';
      const name = card.querySelector('.card-name')?.getBoundingClientRect();
      cards.push({ seat: seat.dataset.seat, kind, h: r.height, w: r.width, box: box(r),
                   glyph: name ? name.height : null });  // a back has none
      if (r.left < felt.left || r.right > felt.right || r.top < felt.top
          || r.bottom > felt.bottom) {
        clashes.push(['off the felt', kind, box(r), box(felt)]);
      }
      for (const p of plates) if (meets(r, p)) clashes.push(['plate', kind, box(r), box(p)]);
      for (const c of centre) if (meets(r, c)) clashes.push(['centre', kind, box(r), box(c)]);
      if (hand && meets(r, hand)) clashes.push(['hand', kind, box(r), box(hand)]);
    }
  }
  return { cards, clashes };
}"""


def _check_xiushan_table(page: Page, least: float, glyph: float) -> int:
    """The cards on the felt are tall enough to read (`least` px of the card shown, its
    top character's box `glyph` px high) and lie clear; how many there are."""
    found: dict[str, Any] = page.evaluate(_TABLE_CARDS)
    small = [c for c in found["cards"] if c["h"] < least or (c["glyph"] or glyph) < glyph]
    assert not small, f"cards drawn under {least} px or characters under {glyph}: {small[:4]}"
    assert not found["clashes"], found["clashes"][:4]
    return len(found["cards"])


def _xiushan_deal(page: Page, server: str, preset: str, least: tuple[float, float],
                  shots: Path | None, name: str) -> None:
    """A whole deal at `preset`, the table checked at each of my decisions (rivers grow)."""
    enter(page, server, f"秀山{preset[:2]}")
    create_room(page, game="xiushan", preset=preset)
    start_with_bots(page)
    rng = random.Random(5)
    seen = 0
    tap = page.viewport_size is not None and page.viewport_size["width"] < 640
    for turn in range(300):
        if wait_turn_or_end(page) == "end":
            break
        page.wait_for_timeout(150)  # the table's redraw after the last message
        seen = max(seen, _check_xiushan_table(page, *least))
        if turn % 6 == 3:  # a few moments of the deal, rivers growing
            shot(page, shots, f"{name}-{turn}")
        xiushan_turn(page, rng, tap=tap)
    assert seen >= 6, "the deal ended before any river grew"


@pytest.mark.parametrize("preset", ["maquefu", "shibafu"])
def test_xiushan_discards_readable_on_a_desktop(page: Page, server: str, shots: Path | None,
                                                preset: str) -> None:
    page.set_viewport_size(DESKTOP)
    _xiushan_deal(page, server, preset, (22, GLYPH), shots, f"qa5-xs-{preset}-desk")


def test_xiushan_discards_readable_on_a_phone(phone: Page, server: str,
                                              shots: Path | None) -> None:
    _xiushan_deal(phone, server, "maquefu", (16, GLYPH), shots, "qa5-xs-maquefu-phone")


# The trick's labels and the end banner in the centre against every seat's 占牌 piles: the
# overlaps found, as [text, its box, the pile's box].
_LABELS_UNDER_PILES = """() => {
  const box = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round);
  const found = [];
  const labels = [...document.querySelectorAll(
    '[data-testid=center] .trick-who, [data-testid=center] .center-banner')];
  const piles = [...document.querySelectorAll('[data-testid=felt] .seat .seat-detail .zhan-play')];
  for (const label of labels) {
    const a = label.getBoundingClientRect();
    for (const pile of piles) {
      const b = pile.getBoundingClientRect();
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (x > 1 && y > 1) found.push([label.textContent, box(a), box(b)]);
    }
  }
  return found;
}"""


def test_xianniu_trick_label_clear_of_the_piles(page: Page, server: str,
                                                 shots: Path | None) -> None:
    """风翔 at 1366×768 in English: at each of my turns no 占牌 pile covers a trick label."""
    page.set_viewport_size(DESKTOP)
    enter(page, server, "fxqa5")
    page.click("[data-testid=lang]")
    create_room(page, preset="fengxiang")
    start_with_bots(page)
    rng = random.Random(3)
    for turn in range(200):
        if wait_turn_or_end(page) == "end":
            break
        page.wait_for_timeout(150)
        if turn % 4 == 2:
            shot(page, shots, f"qa5-fx-desk-{turn}")
        assert page.evaluate(_LABELS_UNDER_PILES) == [], "a 占牌 pile covers a trick label"
        take_turn(page, rng)
    shot(page, shots, "qa5-fx-desk-end")


def _replay_last(page: Page, server: str, preset: str, seed: int, nick: str) -> None:
    enter(page, server, nick)
    create_room(page, preset=preset)
    start_with_bots(page)
    play_deal(page, random.Random(seed))
    page.click("[data-testid=replay]")
    # (the replay's own step line: [data-testid=replay] is the settlement's link too)
    expect(page.locator("[data-testid=step]")).to_be_visible()


# The settlement side panel's scoring cards: any card whose box leaves the panel's. The
# first group is first made as long as a 喜包亮 (eight cards and more), whatever the deal.
_CARDS_OUT_OF_PANEL = """() => {
  const panel = document.querySelector('.replay-side.open');
  if (!panel) return ['no side panel'];
  const row = panel.querySelector('.win-group .card-row');
  if (!row) return ['no scoring cards'];
  const card = row.querySelector('.mini-card');
  while (row.children.length < 9) row.append(card.cloneNode(true));
  const p = panel.getBoundingClientRect();
  return [...panel.querySelectorAll('.win-group .mini-card')].map((c) => c.getBoundingClientRect())
    .filter((r) => r.right > p.right + 0.5 || r.left < p.left - 0.5)
    .map((r) => [Math.round(r.left), Math.round(r.right), Math.round(p.left), Math.round(p.right)]);
}"""


def test_replay_last_step_banner_and_scoring_cards(page: Page, fresh_server: str,
                                                   shots: Path | None) -> None:
    """A 兰州 replay's last step at 1366×768: the end banner is clear of the 占牌 piles and
    the side panel's scoring cards wrap inside it."""
    page.set_viewport_size(DESKTOP)
    _replay_last(page, fresh_server, "lanzhou", 8, "rvla")
    page.click("[data-testid=last]")
    expect(page.locator(".replay-side.open")).to_be_visible()
    page.wait_for_timeout(200)
    shot(page, shots, "qa5-rv-lanzhou-last")
    assert page.locator("[data-testid=center] .center-banner").count()
    assert page.evaluate(_CARDS_OUT_OF_PANEL) == [], "scoring cards cut at the panel's edge"
    shot(page, shots, "qa5-rv-lanzhou-last-long-group")
    assert page.evaluate(_LABELS_UNDER_PILES) == [], "a 占牌 pile covers the end banner"


def test_phone_review_mistake_shows_the_board(phone: Page, fresh_server: str,
                                              shots: Path | None) -> None:
    """390×844: after a tap on a listed mistake the board and the step buttons are on
    screen, and the options at that move show whole (no box of their own to scroll)."""
    _replay_last(phone, fresh_server, "lanzhou", 8, "rvph")
    phone.tap("[data-testid=review-start]")
    expect(phone.locator("[data-testid=review-panel]")).to_be_visible(timeout=90000)
    mistakes = phone.locator("[data-testid=review-mistake]")
    assert mistakes.count(), "the reviewed deal has no big mistake to tap"
    for k in range(min(3, mistakes.count())):
        mistakes.nth(k).scroll_into_view_if_needed()
        mistakes.nth(k).tap()
        expect(phone.locator("[data-testid=review-step] .review-option").first).to_be_attached()
        phone.wait_for_timeout(300)
        shot(phone, shots, f"qa5-review-phone-mistake{k}")
        felt = phone.locator("[data-testid=felt]").bounding_box()
        assert felt is not None
        on_screen = felt["y"] >= -1 and felt["y"] + felt["height"] <= 844 + 1
        assert on_screen, f"the board is off screen: {felt}"
        expect(phone.locator("[data-testid=replay-controls]")).to_be_in_viewport(ratio=1)
        box = phone.evaluate("""() => {
          const el = document.querySelector('[data-testid=review-box]');
          return [el.scrollHeight, el.clientHeight]; }""")
        assert box[0] <= box[1] + 1, f"the review box scrolls inside itself: {box}"
