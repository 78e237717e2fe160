"""What players found at the table (issue "What players and the seeds found" §2): a chime
on one's turn and sounds for plays, both switchable; poker players' hand order in 兰州; the
arrangement of one's hand and the game log kept across a reload; no right-click advice on
a phone; speech bubbles of the top seats inside the table."""

from __future__ import annotations

import random

from playwright.sync_api import Page, expect
from web_driver import (
    card_point,
    create_room,
    enter,
    hand_settled,
    hand_tokens,
    start_with_bots,
    take_turn,
    wait_turn_or_end,
)

OWN_SERVER = True  # conftest's ``server``: one of this module's own

POKER_ORDER = ["A", "2", "3", "5b", "5r", "6", "7", "8", "9b", "9r", "10", "J", "Q", "K"]


def sounds(page: Page) -> int:
    return int(page.evaluate("() => Number(document.body.dataset.sounds ?? 0)"))


def test_a_chime_on_my_turn_and_sound_switched_off_stays_off(page: Page, server: str) -> None:
    enter(page, server, "听声")
    create_room(page, preset="lanzhou", speed=0.0)
    start_with_bots(page)
    assert wait_turn_or_end(page) == "turn"
    page.wait_for_function("() => Number(document.body.dataset.sounds ?? 0) > 0")
    assert page.evaluate("() => document.body.dataset.lastSound") in (
        "turn", "xian", "pass", "win")
    toggle = page.locator("[data-testid=toggle-sound]")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    heard = sounds(page)
    take_turn(page, random.Random(1))
    assert wait_turn_or_end(page) in ("turn", "end")
    assert sounds(page) == heard, "no sound once switched off"
    page.reload()
    expect(page.locator("[data-testid=toggle-sound]")).to_have_attribute("aria-pressed", "false")


def test_motion_switch_turns_animations_off(page: Page, server: str) -> None:
    enter(page, server, "静止")
    page.click("[data-testid=toggle-motion]")
    assert page.evaluate("() => document.body.classList.contains('no-motion')")
    page.reload()
    expect(page.locator("[data-testid=toggle-motion]")).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("() => document.body.classList.contains('no-motion')")


def test_lanzhou_hand_is_in_poker_rank_order(page: Page, server: str) -> None:
    enter(page, server, "扑克迷")
    create_room(page, preset="lanzhou")
    start_with_bots(page)
    hand_settled(page)
    tokens = hand_tokens(page)
    assert len(tokens) == 16
    assert tokens == sorted(tokens, key=POKER_ORDER.index), tokens


def _positions(page: Page) -> list[str]:
    ids: list[str] = page.eval_on_selector_all(
        ".hand-card", "(cards) => cards.slice().sort((a, b) => a.getBoundingClientRect().left"
                      " - b.getBoundingClientRect().left).map((c) => c.dataset.id)")
    return ids


def test_hand_arrangement_and_log_survive_a_reload(page: Page, server: str) -> None:
    enter(page, server, "理牌")
    create_room(page, preset="fengxiang", speed=0.0)
    start_with_bots(page)
    assert wait_turn_or_end(page) == "turn"
    hand_settled(page)
    first = _positions(page)[0]
    x, y = card_point(page, first.rpartition("#")[0])
    width = page.locator("[data-testid=hand]").bounding_box()
    assert width is not None
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(x + (width["width"] - x) * step / 10, y)
    page.mouse.up()
    hand_settled(page)
    arranged = _positions(page)
    assert arranged[-1] == first
    log = page.locator(".log-list li").all_inner_texts()
    assert log, "the log has the deal's first lines"
    page.reload()
    assert wait_turn_or_end(page) == "turn"
    hand_settled(page)
    assert _positions(page) == arranged, "my arrangement came back"
    assert page.locator(".log-list li").all_inner_texts()[:len(log)] == log
    other = page.context.new_page()  # a second tab keeps no log of its own: the server's
    other.goto(page.url)              # (the deal's, from the match's 扳牌 on)
    other.wait_for_selector("[data-testid=felt][data-counter]:not([data-counter=''])")
    expect(other.locator(".log-list li").first).to_have_text(log[0])
    assert other.locator(".log-list li").all_inner_texts()[:len(log)] == log
    other.close()


def test_phone_prompt_speaks_of_taps_not_right_clicks(phone: Page, server: str) -> None:
    enter(phone, server, "手机")
    create_room(phone, preset="gongan", game="biegan")
    start_with_bots(phone)
    rng = random.Random(3)
    for _ in range(30):
        if wait_turn_or_end(phone) == "end":
            break
        prompt = phone.locator("[data-testid=prompt]").inner_text()
        assert "右键" not in prompt, prompt
        if "点一张牌" in prompt:
            return
        take_turn(phone, rng, tap=True)
    raise AssertionError("never asked to discard")
