"""Layout found by a play-tester (QA round 6), checked with bounding boxes and hit tests:

* 秀山 at four seats (麻雀福, 黄六福) on a 1366×768 desktop: once my seat had groups,
  discards and waits, stacked under each other they pushed my "你" plate below the felt's
  edge (the felt scrolled, the plate cut off). Now, with a whole deal's worth on the table
  (five groups and twelve discards a seat, my waits, a card on offer), every plate, group
  and discard lies inside the felt, and nothing of the felt is scrolled out of sight.
* A phone's open 牌局记录 lay over the hand and every action button (y 594–836 of 844):
  a tap on 过 / 取消托管 landed on a log line. Open, it now covers neither, and the buttons
  take the tap; on a desktop it stays at the felt's right.
* The settlement's winning hand: a group's kind ran into its value ("落地碰3 油子") —
  a space, and a gap, now lie between them (秀山, 双别杆 and 掀牛 share the drawing).
* The countdown on a seat at the felt's top-right corner was cut by the table's round
  corner (a phone, 黄六福): every seat's countdown is now whole and on the screen, at
  tables of three, four and five, on a phone and a desktop.

The socket's state frames are rewritten on their way to the page (Playwright's
``route_web_socket``): a deal's worth of groups and discards on every seat, or a running
clock on every seat at once — the page draws them as it would in play.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, FloatRect, Page, ViewportSize, WebSocketRoute, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from web_driver import create_room, enter, start_with_bots, still_my_turn, take_turn, won_settlement

from conftest import _new_page

OWN_SERVER = True  # conftest's ``server``: one of this module's own

DESKTOP: ViewportSize = {"width": 1366, "height": 768}
GROUPS = ["一一一", "贰贰贰", "三三三", "肆肆肆", "五五五"]
RIVER = "六七八九十壹贰叁肆伍陆柒"  # twelve discards


def _fat(view: dict[str, Any]) -> dict[str, Any]:
    """A 秀山 view late in a deal: five groups and twelve discards on every seat, my two
    waits, a discard on offer in the middle."""
    if view.get("game") != "xiushan" or view.get("phase") == "over":
        return view
    n = int(view.get("num_seats", 4))
    melds = [[{"kind": "碰", "cards": g, "size": 3, "face_down": False, "from": 1}
              for g in GROUPS] for _ in range(n)]
    view["melds"] = melds
    view["my_melds"] = melds[0]
    view["rivers"] = [RIVER] * n
    view["my_waits"] = [{"card": "七", "score": 2, "score_self_drawn": 3, "remaining": 2},
                        {"card": "拾", "score": 1, "score_self_drawn": None, "remaining": 1}]
    view["offer"] = view.get("offer") or {"seat": 1, "card": "三", "drawn": False}
    return view


def _rewrite(page: Page, *, fat: bool = False, clocks: bool = False) -> None:
    """Pass the socket through, rewriting the server's state frames on the way: `fat`, a
    deal's worth on the table; `clocks`, a running clock on every seat."""
    def route(ws: WebSocketRoute) -> None:
        real = ws.connect_to_server()

        def from_server(message: str | bytes) -> None:
            try:
                frame = json.loads(message)
            except ValueError:
                ws.send(message)
                return
            if frame.get("type") == "state" and isinstance(frame.get("view"), dict):
                if fat:
                    frame["view"] = _fat(frame["view"])
                if clocks and frame["view"].get("phase") != "over":
                    n = int(frame["view"].get("num_seats", 0))
                    frame["clocks"] = [{"seat": s, "remaining_ms": 25000} for s in range(n)]
            if frame.get("type") == "clock" and clocks:
                return  # the frames above keep every clock running
            ws.send(json.dumps(frame, ensure_ascii=False))

        ws.on_message(lambda message: real.send(message))
        real.on_message(from_server)

    page.route_web_socket(re.compile(r".*/ws.*"), route)


# ---------------------------------------------------------------- 1. my seat on the felt

# My seat's plate, groups and discards (and every other seat's plate and cards) against the
# felt's inner box; how far the felt's content reaches past its height.
_INSIDE_FELT = """() => {
  const box = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round);
  const felt = document.querySelector('[data-testid=felt]');
  const f = felt.getBoundingClientRect();
  const cs = getComputedStyle(felt);
  const inner = { left: f.left + parseFloat(cs.borderLeftWidth),
                  top: f.top + parseFloat(cs.borderTopWidth),
                  right: f.right - parseFloat(cs.borderRightWidth),
                  bottom: f.bottom - parseFloat(cs.borderBottomWidth) };
  const out = [];
  const parts = '.plate, .melds .mini-card, .river .mini-card, .xs-waits';
  for (const el of felt.querySelectorAll(`.seat ${parts.split(', ').join(', .seat ')}`)) {
    const r = el.getBoundingClientRect();
    if (r.left < inner.left - 0.5 || r.top < inner.top - 0.5 || r.right > inner.right + 0.5
        || r.bottom > inner.bottom + 0.5) {
      out.push([el.closest('.seat').dataset.seat, el.className, box(r), box(inner)]);
    }
  }
  const mine = felt.querySelector('.seat.side-bottom');
  return { out, overflow: felt.scrollHeight - felt.clientHeight, scrolled: felt.scrollTop,
           groups: mine.querySelectorAll('.melds .meld').length,
           discards: mine.querySelectorAll('.river .mini-card').length,
           plate: box(mine.querySelector('.plate').getBoundingClientRect()), felt: box(inner),
           least: Math.min(...[...mine.querySelectorAll('.melds .mini-card, .river .mini-card')]
             .map((c) => c.getBoundingClientRect().height)),
           glyph: Math.min(...[...mine.querySelectorAll('.melds .mini-card')]
             .map((c) => c.querySelector('.card-name')?.getBoundingClientRect().height ?? 99)) };
}"""


@pytest.mark.parametrize("preset", ["maquefu", "huangliufu"])
def test_my_seat_stays_on_the_felt_through_a_deal(page: Page, server: str, preset: str) -> None:
    page.set_viewport_size(DESKTOP)
    _rewrite(page, fat=True)
    enter(page, server, f"满桌{preset[:2]}")
    create_room(page, game="xiushan", preset=preset, speed=0.8)
    start_with_bots(page)
    page.wait_for_function("() => document.querySelectorAll("
                           "'.felt .seat.side-bottom .melds .meld').length === 5")
    page.wait_for_timeout(300)  # the table's redraw after the frame
    got = page.evaluate(_INSIDE_FELT)
    assert (got["groups"], got["discards"]) == (5, 12), got
    assert not got["out"], f"off the felt: {got['out'][:4]}"
    assert got["overflow"] <= 1 and got["scrolled"] == 0, (
        f"the felt scrolls: its content reaches {got['overflow']} px past it "
        f"(my plate {got['plate']}, the felt {got['felt']})")
    # smaller than the other seats' cards, still readable (test_web_layout_qa5)
    assert got["least"] >= 22 and got["glyph"] >= 15, got


# ---------------------------------------------------------------- 2. the log on a phone

def _rect(page: Page, selector: str) -> FloatRect:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box


def _meet(a: FloatRect, b: FloatRect) -> bool:
    return (min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"]) > 0.5
            and min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"]) > 0.5)


_TAKES_THE_TAP = """(sel) => {
  const el = document.querySelector(sel);
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return Boolean(hit && el.contains(hit));
}"""

_HAND_TAKES_THE_TAP = """() => {
  const hits = [...document.querySelectorAll('[data-testid=hand] .hand-hit')]
    .filter((el) => el.getBoundingClientRect().width > 0);
  return hits.length > 0 && hits.every((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + Math.min(6, r.width / 2), r.top + r.height / 2);
    return Boolean(hit && hit.closest('[data-testid=hand]'));
  });
}"""


def _a_few_log_lines(page: Page) -> None:
    """Wait for three lines of the log, playing my turns meanwhile: when the deal falls to
    my seat to lead, the bots wait on me and the log stays short."""
    rng = random.Random(5)
    for _ in range(12):
        page.wait_for_function("() => document.querySelectorAll('.log-list li').length > 2"
                               " || document.querySelector('.action-bar.my-turn')")
        if page.locator(".log-list li").count() > 2:
            return
        if still_my_turn(page):
            take_turn(page, rng, tap=True)
    raise AssertionError("the log never grew past two lines")


def test_a_phones_open_log_leaves_the_hand_and_buttons_free(phone: Page, server: str) -> None:
    enter(phone, server, "记录让位")
    create_room(phone, game="xiushan", preset="maquefu", speed=0.8)
    start_with_bots(phone)
    _a_few_log_lines(phone)
    felt = _rect(phone, "[data-testid=felt]")
    phone.locator(".log-box summary").click()
    expect(phone.locator(".log-list")).to_be_visible()
    phone.wait_for_timeout(200)
    log = _rect(phone, ".log-box")
    for part in ("[data-testid=action-bar]", "[data-testid=hand]"):
        assert not _meet(log, _rect(phone, part)), f"the open log covers {part}: {log}"
    assert phone.evaluate(_TAKES_THE_TAP, "[data-testid=tuoguan]"), "托管 under the log"
    assert phone.evaluate(_HAND_TAKES_THE_TAP), "a card of the hand under the log"
    viewport = phone.viewport_size
    assert viewport is not None
    assert log["y"] >= 0 and log["y"] + log["height"] <= viewport["height"]
    assert _rect(phone, "[data-testid=felt]")["height"] >= felt["height"]  # not squeezed
    expect(phone.locator(".log-list li").last).to_be_in_viewport()
    phone.locator("[data-testid=tuoguan]").click()  # the tap reaches 托管, not a log line
    expect(phone.locator("[data-testid=tuoguan]")).to_have_class(re.compile(r"\bon\b"))
    phone.locator(".log-box summary").click()
    expect(phone.locator(".log-list")).to_be_hidden()


def test_a_desktops_log_stays_at_the_right(page: Page, server: str) -> None:
    page.set_viewport_size(DESKTOP)
    enter(page, server, "记录在右")
    create_room(page, game="xiushan", preset="maquefu", speed=0.8)
    start_with_bots(page)
    expect(page.locator(".log-list")).to_be_visible()  # open by default this wide
    log, felt = _rect(page, ".log-box"), _rect(page, "[data-testid=felt]")
    assert log["x"] >= felt["x"] + felt["width"], (log, felt)
    for part in ("[data-testid=action-bar]", "[data-testid=hand]"):
        assert not _meet(log, _rect(page, part)), part


# ---------------------------------------------------------------- 3. the winning hand

# Each group's label in a settlement panel: its text as read (innerText) and the gap
# between the kind's last character and its value.
_LABELS = """async ([game, settlement, deck]) => {
  const { rendererFor } = await import("/js/games/registry.js");
  const hands = rendererFor(game).settlementHands(settlement, (s) => `座${s}`, { deck });
  const panel = document.createElement('div');
  panel.className = 'settlement';
  const facts = document.createElement('div');
  facts.className = 'settle-facts';
  facts.append(hands);
  panel.append(facts);
  document.body.append(panel);
  const out = [...panel.querySelectorAll('.win-kind')].map((kind) => {
    const hu = kind.querySelector('.win-hu');
    const range = document.createRange();
    range.selectNodeContents(kind.firstChild);  // the kind's own text (or its span)
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    const end = Math.max(...rects.map((r) => r.right));
    return { text: kind.innerText, hu: hu.innerText,
             gap: hu.getBoundingClientRect().left - end };
  });
  panel.remove();
  return out;
}"""


@pytest.mark.parametrize(("game", "preset", "code", "deck"), [
    ("xiushan", "huangliufu", "group", ""),
    ("biegan", "gongan", "unit", ""),
    ("xianniu", "fengxiang", "zhan_play", "xianniu"),
])
def test_a_winning_groups_kind_and_value_stand_apart(page: Page, server: str, game: str,
                                                     preset: str, code: str, deck: str) -> None:
    settlement = won_settlement(game, preset, code)
    enter(page, server, "和牌间隔")
    labels = page.evaluate(_LABELS, [game, settlement, deck])
    valued = [lab for lab in labels if lab["hu"].strip()]
    assert valued, labels
    for lab in valued:
        kind = lab["text"][: len(lab["text"]) - len(lab["hu"])]
        assert kind and kind[-1].isspace() and not kind[0].isspace(), (
            f"no space between the kind and its value: {lab['text']!r}")
        assert lab["gap"] >= 5, f"{lab['text']!r}: only {lab['gap']:.1f} px between them"


# ---------------------------------------------------------------- 4. the countdowns

# Each running seat clock shown: whether hit tests across it (its middle and eight points
# near its rim) find the clock itself — a point cut off by the felt's round corner or edge,
# or off the screen, finds something else (or nothing).
_CLOCKS_WHOLE = """() => {
  const out = [];
  for (const clock of document.querySelectorAll('[data-testid=felt] .clock.running')) {
    const r = clock.getBoundingClientRect();
    if (!r.width || getComputedStyle(clock).display === 'none') continue;
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2, rad = r.width / 2 * 0.8;
    const points = [[cx, cy]];
    for (let k = 0; k < 8; k++) {
      points.push([cx + rad * Math.cos(k * Math.PI / 4), cy + rad * Math.sin(k * Math.PI / 4)]);
    }
    const missed = points.filter(([x, y]) => {
      const hit = x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight
        ? document.elementFromPoint(x, y) : null;
      return !(hit && clock.contains(hit));
    }).map((p) => p.map(Math.round));
    out.push({ seat: clock.dataset.seat, box: [r.left, r.top, r.right, r.bottom].map(Math.round),
               missed });
  }
  return out;
}"""


# the clocks measured once the same n have run, where they are, for 300 ms (the bots
# answer in 0.8 s, so a wait then a second look could find the window already closed)
_STEADY = "(n) => {\n  const list = (" + _CLOCKS_WHOLE + """)();
  const key = list.length === n ? JSON.stringify(list.map((c) => [c.seat, c.box])) : null;
  if (key !== window.__clockKey) {
    window.__clockKey = key;
    window.__clockSince = performance.now();
    return false;
  }
  return key !== null && performance.now() - window.__clockSince >= 300 ? list : false;
}"""


def _steady_clocks(page: Page, shown: int) -> list[dict[str, Any]]:
    """Every running clock measured at a moment `shown` of them run; when the deal waits
    on me instead, I move (at random) so that it goes on to the next claim window."""
    rng = random.Random(5)
    for _ in range(12):
        try:
            found = page.wait_for_function(_STEADY, arg=shown, timeout=5000).json_value()
            return list(found)
        except PlaywrightTimeout:
            if still_my_turn(page):
                take_turn(page, rng, tap=(page.viewport_size or {"width": 0})["width"] <= 700)
    raise AssertionError(f"never {shown} clocks running at once")


def _table(page: Page, server: str, game: str, preset: str, players: int | None) -> None:
    enter(page, server, f"倒计时{players or ''}")
    page.select_option("select[name=game]", value=game)
    page.wait_for_selector(f"select[name=preset] option[value='{preset}']", state="attached")
    page.select_option("select[name=preset]", value=preset)
    if players is not None:
        page.fill("input[name=rule-players]", str(players))
        page.dispatch_event("input[name=rule-players]", "change")
    page.select_option("select[name=turn_clock]", value="30")
    page.select_option("select[name=bot_delay]", value="0.8")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")
    start_with_bots(page)


@pytest.fixture(params=["phone", "desktop"])
def screen(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    if request.param == "phone":
        yield from _new_page(browser, request, viewport={"width": 390, "height": 844},
                             has_touch=True, is_mobile=True, device_scale_factor=2)
    else:
        yield from _new_page(browser, request, viewport=DESKTOP)


@pytest.mark.parametrize(("game", "preset", "players", "seats"), [
    ("xiushan", "huangliufu", None, 4),
    ("xiushan", "shibafu", None, 3),
    ("xianniu", "fengxiang", 5, 5),
])
def test_every_seats_countdown_is_whole(screen: Page, server: str, game: str, preset: str,
                                        players: int | None, seats: int) -> None:
    tab = screen
    _rewrite(tab, clocks=True)
    _table(tab, server, game, preset, players)
    # a phone shows my own clock in the action bar, not on my plate
    viewport = tab.viewport_size
    assert viewport is not None
    shown = seats - 1 if viewport["width"] <= 700 else seats
    clocks = _steady_clocks(tab, shown)
    assert len(clocks) == shown, clocks
    cut = [c for c in clocks if c["missed"]]
    assert not cut, f"countdowns cut off or covered: {cut}"
