"""A phone turned on its side (844×390): the desktop layout in 390 px of height left the
felt above the screen and the hand below it, the site's header over both, and the log
floating over the right-hand seat (a phone play-test). The room's own bar is enough at
the table, and scrolled to its foot the page shows the felt and the whole hand."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from web_driver import (
    create_room,
    enter,
    start_with_bots,
    take_turn,
    tuoguan_on,
    tuoguan_to_settlement,
    wait_turn_or_end,
)

from conftest import _new_page

OWN_SERVER = True

BOXES = """() => {
  const box = (s) => { const r = document.querySelector(s).getBoundingClientRect();
                       return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; };
  return { felt: box('.felt'), hand: box('.hand'), bar: box('.action-bar'), log: box('.log-box'),
           right: box('.seat.side-right .plate'), header: box('header.top'), vh: innerHeight };
}"""


def _touch(browser: Browser, request: pytest.FixtureRequest, width: int,
           height: int) -> Iterator[Page]:
    """A phone's page (touch, twice the pixels) of ``width`` × ``height``."""
    yield from _new_page(browser, request, viewport={"width": width, "height": height},
                         has_touch=True, is_mobile=True, device_scale_factor=2)


@pytest.fixture
def sideways(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from _touch(browser, request, 844, 390)


def _apart(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["right"] <= b["left"] or b["right"] <= a["left"] or a["bottom"] <= b["top"]
            or b["bottom"] <= a["top"])


def test_a_phone_on_its_side_shows_the_felt_and_the_hand(sideways: Page, server: str) -> None:
    enter(sideways, server, "横屏")
    create_room(sideways, game="biegan", preset="gongan")
    start_with_bots(sideways)
    assert wait_turn_or_end(sideways, timeout=30000) == "turn"
    sideways.evaluate("document.querySelector('.room-page').scrollTo(0, 1e6)")
    b = sideways.evaluate(BOXES)
    assert b["header"]["bottom"] - b["header"]["top"] == 0, b  # the site's header gives way
    felt = b["felt"]
    shown = min(felt["bottom"], b["vh"]) - max(felt["top"], 0)
    assert shown >= 0.8 * (felt["bottom"] - felt["top"]), b  # most of the felt in sight …
    assert b["bar"]["top"] >= 0 and b["hand"]["bottom"] <= b["vh"] + 1, b  # … with the hand
    assert _apart(b["log"], b["right"]), b  # the log over nobody's plate


def test_a_phone_shows_the_rooms_settings_and_which_deal(phone: Page, server: str) -> None:
    """The settings line (4 局 · 倍数 ×1 · 不限时 · 第 1 局/4) is the desktop's top bar
    alone: a friend joining on a phone learnt the number of deals at the first settlement
    (a phone play-test). The waiting room says the settings, the table which deal."""
    enter(phone, server, "手机")
    create_room(phone, game="xianniu", preset="lanzhou", deals=4)
    expect(phone.locator("[data-testid=wait-settings]")).to_have_text("4 局 · 倍数 ×1 · 不限时")
    start_with_bots(phone)
    expect(phone.locator("[data-testid=deal-progress]")).to_have_text("第1/4局 · ")
    expect(phone.locator("[data-testid=deal-progress]")).to_be_visible()


SEATS_APART = """() => {
  const seats = [...document.querySelectorAll('.felt > .seat')];
  const boxes = seats.map((s) => s.getBoundingClientRect());
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    if (a.right > b.left && b.right > a.left && a.bottom > b.top && b.bottom > a.top) return false;
  }
  return true;
}"""


def test_bofu_on_its_side_keeps_the_seats_apart(sideways: Page, server: str) -> None:
    """钵福 on a phone on its side: a side seat's groups wrapped in 150 px and hung below the
    felt, and my seat's 算盘 lay over them (a play-test). Through a deal played by 托管 no
    seat's groups, discards or 算盘 reach another seat's."""
    enter(sideways, server, "钵福横屏")
    create_room(sideways, game="xiushan", preset="bofu")
    start_with_bots(sideways)
    tuoguan_on(sideways)
    for _ in range(240):
        assert sideways.evaluate(SEATS_APART), "two seats overlap"
        if sideways.locator("[data-testid=settlement]").count():
            break
        sideways.wait_for_timeout(250)
    else:
        raise AssertionError("the deal did not end")
    # its replay: stepping scrolled the felt under the site's header (a play-test); the
    # header gives way there too
    sideways.click("[data-testid=replay]")
    sideways.click("[data-testid=next]")
    sideways.wait_for_timeout(500)
    header, felt = sideways.evaluate("""() => ['header.top', '.felt'].map((s) => {
      const r = document.querySelector(s).getBoundingClientRect(); return [r.height, r.top]; })""")
    assert header[0] == 0 and felt[1] >= -0.4 * felt[0], (header, felt)  # most of it in sight


ONE_SCREEN = """() => {
  const box = (s) => document.querySelector(s)?.getBoundingClientRect() ?? null;
  const page = document.querySelector('.room-page');
  return { felt: box('.felt'), plate: box('.seat.side-bottom .plate'), bar: box('.action-bar'),
           hand: box('.hand'), vh: innerHeight,
           scrolls: page.scrollHeight > page.clientHeight + 1 };
}"""


def _my_turns(page: Page, turns: int, *, seed: int) -> Iterator[int]:
    """Up to ``turns`` of my turns (the deal may end first), each looked at (the body of
    the loop) and then played by taps."""
    rng = random.Random(seed)
    for turn in range(turns):
        if wait_turn_or_end(page, timeout=30000) == "end":
            return
        page.wait_for_timeout(300)
        yield turn
        take_turn(page, rng, tap=True)


def _on_one_screen(page: Page, *, plate: bool) -> None:
    b = page.evaluate(ONE_SCREEN)
    assert not b["scrolls"], b  # nothing to swipe to
    assert b["felt"]["top"] >= 0 and b["bar"]["top"] >= b["felt"]["bottom"] - 1, b
    assert b["hand"]["bottom"] <= b["vh"] + 1, b  # the buttons and the whole hand in sight
    if plate:  # my own seat inside the felt, not below its edge
        felt, mine = b["felt"], b["plate"]
        assert felt["top"] <= mine["top"] and mine["bottom"] <= felt["bottom"], b


@pytest.mark.parametrize(("game", "preset", "players"), [
    ("biegan", "gongan", None), ("xiushan", "bofu", None), ("xianniu", "fengxiang", "4")])
def test_on_its_side_the_felt_the_buttons_and_the_hand_share_the_screen(
        sideways: Page, server: str, game: str, preset: str, players: str | None) -> None:
    """Every move meant a swipe down to the buttons and the hand, and back up to see the
    table (钵福, 凤翔 of four on a phone on its side: a play-test); through a few turns
    the page does not scroll, and (双别杆, 钵福) my seat stays on the felt."""
    enter(sideways, server, f"横{preset[:2]}")
    create_room(sideways, game=game, preset=preset,
                fields={"rule-players": players} if players else None)
    start_with_bots(sideways)
    for _ in _my_turns(sideways, 6, seed=4):
        _on_one_screen(sideways, plate=game != "xianniu")


@pytest.fixture
def small(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from _touch(browser, request, 360, 640)


def test_a_small_phone_keeps_my_seat_on_the_felt_through_a_claim(small: Page,
                                                                   server: str) -> None:
    """双别杆 at 360×640: once a claim's buttons took their line my seat, its groups and
    discards lay below the felt's edge, out of reach (a play-test)."""
    enter(small, server, "小安卓")
    create_room(small, game="biegan", preset="gongan")
    start_with_bots(small)
    claims = 0
    for _ in _my_turns(small, 40, seed=3):
        if small.get_attribute("[data-testid=hand]", "data-legal") == "[]":
            claims += 1
            b = small.evaluate(ONE_SCREEN)
            assert b["plate"]["bottom"] <= b["felt"]["bottom"], b
    assert claims, "no claim window came"


@pytest.fixture
def narrow_sideways(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from _touch(browser, request, 667, 375)


def test_a_narrow_phone_on_its_side_is_laid_out_as_one(narrow_sideways: Page,
                                                          server: str) -> None:
    """An older iPhone on its side (667×375, under 700 px wide) got the upright phone's
    layout: the site's header back, the hand below the screen's edge (a play-test); and
    five at the table, the others' plates broke into three lines over the trick."""
    page = narrow_sideways
    enter(page, server, "窄横屏")
    create_room(page, game="xianniu", preset="fengxiang", fields={"rule-players": "5"})
    start_with_bots(page)
    for _ in _my_turns(page, 4, seed=2):
        assert page.evaluate("() => document.querySelector('header.top').offsetHeight") == 0
        _on_one_screen(page, plate=False)
        heights = page.evaluate("""() => [...document.querySelectorAll(
            '.felt > .seat:not(.side-bottom) .plate')].map((p) => p.offsetHeight)""")
        assert max(heights) <= 40, heights  # each other seat's plate on one line


REPLAY_SCREEN = """() => {
  const box = (s) => document.querySelector(s).getBoundingClientRect();
  const page = document.querySelector('.replay-page');
  return { scroll: page.scrollHeight - page.clientHeight, vh: innerHeight,
           top: box('.replay-page .room-top').height, felt: box('.felt').height,
           controls: box('[data-testid=replay-controls]').bottom,
           lobby: box('.replay-page .room-top > a').left };
}"""


@pytest.mark.parametrize(("width", "height"), [(844, 390), (667, 375)])
def test_a_replay_on_its_side_is_one_screen(browser: Browser, request: pytest.FixtureRequest,
                                            server: str, width: int, height: int) -> None:
    """Its title, seat chips and ✓ badges took 40 % of the height and the step buttons lay
    below the edge (a play-test): the bar is one line that scrolls sideways, the step
    buttons their arrows (named), the step said beside them, all on one screen."""
    for page in _touch(browser, request, width, height):
        enter(page, server, f"横屏回放{width}")
        create_room(page, preset="fengxiang", fields={"rule-players": "4"})
        start_with_bots(page)
        tuoguan_to_settlement(page)
        page.click("[data-testid=replay]")
        expect(page.locator("[data-testid=step]")).to_contain_text("已走 0 /")
        steps = int(page.locator("[data-testid=step]").inner_text().split("/")[1].split()[0])
        for i in range(1, min(5, steps) + 1):  # (a deal can be short: tuoguan_on)
            page.locator("[data-testid=next]").tap()
            expect(page.locator("[data-testid=step]")).to_contain_text(f"已走 {i} /")
        b = page.evaluate(REPLAY_SCREEN)
        assert b["scroll"] <= 1 and b["controls"] <= b["vh"] + 0.5, b  # no scrolling
        assert b["top"] <= 48 and b["felt"] >= 0.4 * b["vh"], b  # the felt has the room
        expect(page.locator("[data-testid=next]")).to_have_accessible_name("下一步")
        expect(page.locator("[data-testid=next]")).to_be_in_viewport()
        # the bar scrolled to its end (规则, 下载记录 …): ← 大厅 still at its start
        page.locator(".replay-page .room-top").evaluate("(e) => e.scrollTo(1e6, 0)")
        expect(page.locator("[data-testid=download]")).to_be_in_viewport()
        assert page.evaluate(REPLAY_SCREEN)["lobby"] >= 0


def test_a_short_phone_keeps_the_status_off_the_stock(browser: Browser,
                                                      request: pytest.FixtureRequest,
                                                      server: str) -> None:
    """秀山 at 360×640: the status line (你：打一张牌) shared the middle's cell beside my
    small seat and lay over the stock's two lines (堂子余 26 张 · 起胡 6 胡); it has a line of
    its own under them now, in sight."""
    for page in _touch(browser, request, 360, 640):
        enter(page, server, "矮屏")
        create_room(page, game="xiushan", preset="huangliufu")
        start_with_bots(page)
        assert wait_turn_or_end(page, timeout=30000) == "turn"
        boxes = page.evaluate("""() => ['.felt-center', '.felt-status', '.felt'].map((s) => {
          const r = document.querySelector(s).getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; })""")
        center, status, felt = boxes
        assert _apart(center, status), boxes
        assert felt["top"] <= status["top"] and status["bottom"] <= felt["bottom"] + 1, boxes
