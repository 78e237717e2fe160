"""The table's geometry on a phone (390×844) and on a desktop (issue "What players and the
seeds found" §2): with 4–5 players the seat plates never lie on each other, no 占牌 row
is covered by a plate, the trick or the end banner; the 25–26-card 双别杆 hand is laid
out readable without scrolling; in a replay with every hand open the open hands keep off
the trick, and the settlement panel leaves the table its room.

Every state the felt shows is checked, not a sample: an observer in the page measures
the felt after each render (once its cards have settled) and keeps what overlapped."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from web_driver import (
    click_card,
    create_room,
    enter,
    legal_plays,
    press_word,
    shot,
    start_with_bots,
    tuoguan_on,
    tuoguan_to_settlement,
    wait_turn_or_end,
    word_kinds,
)

from conftest import _new_page

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "has_touch": True,
                         "is_mobile": True, "device_scale_factor": 2}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
MIN_HAND_CARD_PX = 60  # a hand card's height
MIN_HAND_SHOWN_PX = 18  # how much of each hand card's width shows at least

# Boxes that must not intersect, by selector pairs ("same" = any two of that selector).
_WATCH = r"""(pairs) => {
  window.__overlaps = [];
  window.__checks = 0;
  const felt = document.querySelector('[data-testid=felt]');
  const boxes = (sel) => [...felt.querySelectorAll(sel)]
    .map((el) => ({ el, r: el.getBoundingClientRect() }))
    .filter((b) => b.r.width > 0 && b.r.height > 0);
  const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
    && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const name = (el) => (el.closest('[data-seat]')?.dataset.seat ?? '') + ':' + el.className;
  window.__zhan = 0;
  const check = () => {
    window.__checks += 1;
    window.__zhan = Math.max(window.__zhan, felt.querySelectorAll('.zhan-play').length);
    for (const [one, two] of pairs) {
      const a = boxes(one), b = two === 'same' ? a : boxes(two);
      for (let i = 0; i < a.length; i++) for (let j = 0; j < b.length; j++) {
        if (two === 'same' && j <= i) continue;
        if (a[i].el.contains(b[j].el) || b[j].el.contains(a[i].el)) continue;
        if (!hit(a[i].r, b[j].r)) continue;
        window.__overlaps.push(`${one}|${two}: ${name(a[i].el)} / ${name(b[j].el)}`);
      }
    }
  };
  let timer = null;
  new MutationObserver(() => {
    if (timer === null) timer = setTimeout(() => { timer = null; check(); }, 450);
  })
    .observe(felt, { childList: true, subtree: true });
  check();
}"""

_TABLE_PAIRS = [
    [".plate", "same"],
    [".zhan-plays", ".plate"],
    [".zhan-plays", "same"],
    [".zhan-plays", ".center-banner"],
    [".zhan-plays", ".trick"],
    [".center-banner", ".plate"],
    [".trick", ".plate"],
]


OWN_SERVER = True  # conftest's ``server``: one of this module's own


@pytest.fixture(params=["phone", "desktop"])
def screen(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    # a deal with 4–5 seats at bot speed: longer waits than the other browser tests
    yield from _new_page(browser, request, timeout=30000,
                         **(PHONE if request.param == "phone" else DESKTOP))


def _fengxiang(page: Page, server: str, players: int, nickname: str, deals: int = 1) -> None:
    enter(page, server, nickname)
    page.select_option("select[name=game]", value="xianniu")
    page.wait_for_selector("select[name=preset] option[value='fengxiang']", state="attached")
    page.select_option("select[name=preset]", value="fengxiang")
    page.fill("input[name=rule-players]", str(players))
    page.dispatch_event("input[name=rule-players]", "change")
    page.select_option("select[name=bot_delay]", value="0.3")
    page.fill("input[name=deals]", str(deals))
    page.dispatch_event("input[name=deals]", "change")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")
    start_with_bots(page)


def _overlaps(page: Page) -> list[str]:
    found: list[str] = page.evaluate("() => window.__overlaps")
    return found


@pytest.mark.parametrize("players", [4, 5])
def test_seats_and_zhanpai_never_overlap_through_a_deal(screen: Page, server: str, players: int,
                                                        shots: Path | None) -> None:
    _fengxiang(screen, server, players, f"几何{players}", deals=3)
    screen.evaluate(_WATCH, _TABLE_PAIRS)
    tuoguan_on(screen)  # the house bot plays my seat through the match
    expect(screen.locator("[data-testid=again]")).to_be_visible(timeout=120000)
    screen.get_by_text("看牌桌").click()  # the final table, end banner and all
    screen.wait_for_timeout(700)
    checks: int = screen.evaluate("() => window.__checks")
    width = (screen.viewport_size or {"width": 0})["width"]
    shot(screen, shots, f"layout-fengxiang{players}-{width}")
    assert checks >= 6, "the observer saw the deals"
    assert screen.evaluate("() => window.__zhan") > 0, "some 占牌 lay on the table"
    assert screen.locator(".center-banner").count() == 1
    assert _overlaps(screen) == []


_XIUSHAN_PAIRS = [
    [".plate", "same"],
    [".seat-detail", ".plate"],
    [".seat-detail", "same"],
    [".seat-detail", ".felt-center"],
    [".plate", ".felt-center"],
    [".seat-detail", ".xs-bo"],
    [".seat-detail", ".felt-status"],
    [".bubble", "same"],
]


def test_a_bofu_table_keeps_its_groups_off_the_centre(screen: Page, server: str,
                                                      shots: Path | None) -> None:
    """钵福 at three, through a deal: no seat's groups, discards or 算盘 lie on another
    seat's, on a plate, on the centre column (the card on offer, the stock line), on the
    钵 line or on the status line, and no two seats' bubbles lie on each other (at
    1366×768 the bottom seat's fourth group covered the 钵 line and the stock line, a tall
    side seat rose past the felt's top edge, and its bubble met the bottom seat's)."""
    screen.set_viewport_size({"width": 1366, "height": 768} if screen.viewport_size
                             and screen.viewport_size["width"] > 700 else {"width": 390,
                                                                           "height": 844})
    enter(screen, server, "钵几何")
    create_room(screen, game="xiushan", preset="bofu", speed=0.3)
    start_with_bots(screen)
    screen.evaluate(_WATCH, _XIUSHAN_PAIRS)
    tuoguan_on(screen)
    expect(screen.locator("[data-testid=settlement]")).to_be_visible(timeout=120000)
    screen.get_by_text("看牌桌").click()
    screen.wait_for_timeout(700)
    width = (screen.viewport_size or {"width": 0})["width"]
    shot(screen, shots, f"layout-bofu-{width}")
    assert screen.evaluate("() => window.__checks") >= 6, "the observer saw the deal"
    assert _overlaps(screen) == []


def test_the_biegan_hand_reads_on_a_phone(screen: Page, server: str,
                                          shots: Path | None) -> None:
    enter(screen, server, "别杆手牌")
    create_room(screen, game="biegan", preset="gongan")
    start_with_bots(screen)
    screen.wait_for_function("() => document.querySelectorAll('.hand-card').length >= 25")
    screen.wait_for_timeout(1300)  # the deal animation
    cards = screen.eval_on_selector_all(".hand-card", """(els) => els.map((e) => {
      const r = e.getBoundingClientRect();
      return [r.left, r.top, r.right, r.bottom];
    })""")
    hand = screen.eval_on_selector(".hand", "(e) => [e.scrollWidth, e.clientWidth]")
    width = (screen.viewport_size or {"width": 0})["width"]
    assert hand[0] <= hand[1] + 1, "no horizontal scroll"
    for left, top, right, bottom in cards:
        assert bottom - top >= MIN_HAND_CARD_PX
        assert left >= 0 and right <= width, "every card on the screen"
    # how much of each card shows: the distance to the next card laid over it
    rows: dict[int, list[float]] = {}
    for left, top, _right, _bottom in cards:
        rows.setdefault(round(top / 10), []).append(left)
    for lefts in rows.values():
        lefts.sort()
        gaps = [b - a for a, b in pairwise(lefts)]
        assert not gaps or min(gaps) >= MIN_HAND_SHOWN_PX, f"cards crammed: {gaps}"
    shot(screen, shots, f"layout-biegan-hand-{width}")


def test_a_replay_keeps_open_hands_off_the_trick(screen: Page, server: str,
                                                 shots: Path | None) -> None:
    _fengxiang(screen, server, 5, "回放几何")
    tuoguan_on(screen)
    expect(screen.locator("[data-testid=settlement]")).to_be_visible(timeout=60000)
    screen.click("[data-testid=replay]")
    screen.wait_for_selector("[data-testid=felt]")
    screen.click("[data-viewer=all]")
    expect(screen.locator(".open-hand").first).to_be_visible()
    screen.evaluate(_WATCH, [*_TABLE_PAIRS, [".open-hand", ".trick"], [".open-hand", ".plate"],
                             [".open-hand", "same"], [".open-hand", ".zhan-plays"]])
    steps = 0
    while screen.locator("[data-testid=next]:not([disabled])").count() and steps < 80:
        screen.click("[data-testid=next]")
        screen.wait_for_timeout(60)
        steps += 1
    screen.wait_for_timeout(700)
    width = (screen.viewport_size or {"width": 0})["width"]
    shot(screen, shots, f"layout-replay-{width}")
    assert _overlaps(screen) == []
    felt = screen.locator("[data-testid=felt]").bounding_box()
    assert felt is not None and felt["width"] >= width * 0.55, "the settlement crushes the table"



# one reading of the header: a re-draw between two readings would detach what the first found
_HEADER_MEASURES = """(e) => ({scroll: e.scrollWidth, client: e.clientWidth,
  langRight: e.querySelector("[data-testid=lang]").getBoundingClientRect().right,
  light: e.querySelector(".conn").getBoundingClientRect().width})"""


@pytest.mark.parametrize("width", [320, 360])
def test_a_narrow_phone_enters_and_its_header_fits(browser: Browser, server: str, width: int,
                                                   request: pytest.FixtureRequest) -> None:
    """On a 320 / 360 px phone the nickname dialog's 进入 is on the screen (at 360 it was
    past the edge: the dialog took its content's width); the header's buttons, the
    language switch last, fit the width with a long nickname, and the connection light
    keeps its size (at 320 px it was squeezed to nothing and the header scrolled)."""
    narrow = dict(PHONE, viewport={"width": width, "height": 700})
    for page in _new_page(browser, request, timeout=30000, **narrow):
        enter(page, server, "一个起得很长很长的昵称")
        expect(page.locator("[data-testid=nickname]")).to_be_visible()
        # the header is drawn again when the connection comes up: measure after that, at once
        expect(page.locator("[data-testid=conn].on")).to_be_visible()
        logout = page.locator("[data-testid=logout-all]")
        expect(logout).to_have_text("别处退出", use_inner_text=True)
        header = page.eval_on_selector("header.top", _HEADER_MEASURES)
        assert header["scroll"] <= header["client"], f"the header scrolls: {header}"
        assert header["langRight"] <= width, f"the language switch is past the edge: {header}"
        assert header["light"] >= 8, f"the connection light: {header}"
        page.click("[data-testid=nickname]")  # the rename dialog, the same way
        submit = page.locator(".nick-form button[type=submit]").bounding_box()
        assert submit is not None and submit["x"] + submit["width"] <= width


def test_a_long_unbroken_nickname_stays_inside_its_seat_card(phone: Page, server: str) -> None:
    """24 × W (the longest nickname, one word) ran out of the waiting room's seat card over
    离座 and pushed a phone's page sideways (437 px wide on a 390 px screen)."""
    enter(phone, server, "W" * 24)
    create_room(phone, preset="lanzhou")
    card = phone.locator(".wait-seat.me")
    name = card.locator(".wait-name > div").first
    expect(name).to_have_text("W" * 24)
    box, name_box = card.bounding_box(), name.bounding_box()
    assert box is not None and name_box is not None
    assert name_box["x"] + name_box["width"] <= box["x"] + box["width"], (name_box, box)
    sizes = name.evaluate("(e) => [e.scrollWidth, e.clientWidth, getComputedStyle(e).textOverflow]")
    assert sizes[0] <= sizes[1] or sizes[2] == "ellipsis", f"the name runs out: {sizes}"
    width = phone.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways: {width}"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_tall_settlement_keeps_its_buttons_on_the_screen(browser: Browser, server: str, size: str,
                                                           request: pytest.FixtureRequest,
                                                           shots: Path | None) -> None:
    """A match-end settlement taller than the screen scrolls under its buttons (再来一场,
    解散房间, 回放, 看牌桌, 返回大厅): they stay at the panel's foot, on the screen, before
    any scroll (on a 1366×768 desktop a 凤翔 summary's buttons sat half below the edge)."""
    short = (dict(DESKTOP, viewport={"width": 1280, "height": 560}) if size == "desktop"
             else dict(PHONE, viewport={"width": 390, "height": 640}))
    for page in _new_page(browser, request, timeout=30000, **short):
        _fengxiang(page, server, 5, f"高结算{size}")
        tuoguan_on(page)
        expect(page.locator("[data-testid=again]")).to_be_visible(timeout=120000)
        panel = page.locator("[data-testid=settlement]")
        sizes = panel.evaluate("(e) => [e.scrollHeight, e.clientHeight, e.scrollTop]")
        assert sizes[0] > sizes[1] and sizes[2] == 0, f"the settlement does not scroll: {sizes}"
        shot(page, shots, f"layout-tall-settlement-{size}")
        buttons = page.locator(".settle-actions .btn")
        assert buttons.count() == 5  # 再来一场, 解散房间, 回放, 看牌桌, 返回大厅
        for index in range(buttons.count()):
            expect(buttons.nth(index)).to_be_in_viewport(ratio=1)
        # scrolled to its end, the panel's last lines show above the buttons, not under them
        gap = panel.evaluate("""(e) => {
          e.scrollTop = e.scrollHeight;
          const bar = e.querySelector('.settle-actions');
          const last = bar.previousElementSibling;
          return bar.getBoundingClientRect().top - last.getBoundingClientRect().bottom;
        }""")
        assert gap >= 0, f"the buttons cover the settlement's last line by {-gap} px"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_short_phone_taps_play_not_the_hand(browser: Browser, server: str, lang: str,
                                              request: pytest.FixtureRequest) -> None:
    """On a 320×568 phone the action bar was squeezed below its wrapped buttons, and 出牌
    lay under the hand: a tap on it picked a card instead. The bar keeps its height, the
    table gives way, and the hand is whole on the screen. Before that, the waiting room
    fits the width (a bot's level and 移除 ran past it in English, and 开始 could not be
    tapped once the room's bar took a second row)."""
    short = dict(PHONE, viewport={"width": 320, "height": 568})
    for page in _new_page(browser, request, timeout=30000, **short):
        enter(page, server, "矮屏")
        if lang == "en":
            page.click("[data-testid=lang]")
        create_room(page, preset="lanzhou", deals=4)
        page.click("[data-testid=fill-bots]")  # the waiting room fits the width: a bot's
        expect(page.locator(".wait-seat.filled")).to_have_count(3)  # level and 移除 wrap
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        assert wide <= 320, f"the waiting room is {wide} px wide"
        page.click("[data-testid=start]:not([disabled])")
        page.wait_for_selector("[data-testid=felt][data-counter]:not([data-counter=''])")
        for _ in range(80):  # to my first turn with cards to play (掀 keeps me in the deal)
            if wait_turn_or_end(page) == "end":  # ended first (the deals are random: a CI
                page.click("[data-testid=ready]:not([disabled])")  # run's did): the next
                page.wait_for_selector("[data-testid=settlement]", state="detached")
                continue
            if legal_plays(page):
                break
            words = dict((kind, action) for action, kind in word_kinds(page))
            press_word(page, words.get("xian", next(iter(words.values()))), tap=True)
        assert legal_plays(page), "no deal of four gave me cards to play"
        for token in legal_plays(page)[0]["cards"]:
            click_card(page, token, tap=True)
        play = page.locator("[data-testid=play].ready")
        expect(play).to_be_visible()
        where = play.evaluate("""(e) => { const r = e.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return hit && e.contains(hit) ? 'play' : String(hit && hit.className); }""")
        assert where == "play", f"the middle of 出牌 is covered by {where}"
        bar = page.locator(".action-bar").evaluate("(e) => [e.scrollHeight, e.clientHeight]")
        assert bar[0] <= bar[1], f"the action bar is squeezed below its buttons: {bar}"
        expect(page.locator("[data-testid=hand]")).to_be_in_viewport(ratio=1)


def test_a_short_phone_replay_keeps_its_hand_off_the_step_buttons(
        browser: Browser, server: str, request: pytest.FixtureRequest) -> None:
    """A replay on a 320×568 phone laid the hand over its first row of step buttons (|◀,
    上一步, 自动播放): the table was squeezed under its hand. Now the page scrolls and every
    control takes its own taps."""
    short = dict(PHONE, viewport={"width": 320, "height": 568})
    for page in _new_page(browser, request, timeout=30000, **short):
        enter(page, server, "矮屏回放")
        create_room(page, preset="lanzhou")
        start_with_bots(page)
        tuoguan_to_settlement(page)  # the house bot plays my seat to the end
        page.click("[data-testid=replay]")
        controls = page.locator(".replay-controls")
        expect(controls.locator("button").first).to_be_visible()
        controls.scroll_into_view_if_needed()
        covered = controls.evaluate("""(bar) => [...bar.querySelectorAll('button, input')]
          .map((b) => { const r = b.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return hit && b.contains(hit) ? null
              : [b.textContent.trim(), String(hit && hit.className)]; })
          .filter((x) => x)""")
        assert covered == [], f"covered step buttons: {covered}"


def test_a_phone_replays_badges_fit_in_english(
        browser: Browser, server: str, request: pytest.FixtureRequest) -> None:
    """On a 390-wide phone in English the replay's "✓ Checked here: the seed matches the
    commitment shown at the start" ran off the right edge (a badge never wraps): the
    shuffle badges now wrap inside the screen."""
    for page in _new_page(browser, request, timeout=30000, **PHONE):
        enter(page, server, "Badge")
        page.click("[data-testid=lang]")
        create_room(page, preset="lanzhou")
        start_with_bots(page)
        tuoguan_to_settlement(page)
        _fits(page, page.locator("[data-testid=settlement] [data-testid=seed-check]"))
        page.click("[data-testid=replay]")
        check = page.locator(".verify [data-testid=seed-check]")
        expect(check).to_have_attribute("data-result", "ok", timeout=20000)
        for badge in (check, page.locator(".verify [data-testid=verified]")):
            _fits(page, badge)


def _fits(page: Page, badge: Locator) -> None:
    expect(badge).to_be_visible(timeout=20000)
    width = page.evaluate("document.documentElement.clientWidth")
    box = badge.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, (
        badge.inner_text(), box, width)
