"""A card raised while the bots played is no answer to a 掀 / 不掀 question: the bar
asks that question, not 这样出不行 (a phone play-test tapped a 天 out of turn and read
这样出不行 where 你掀不掀 belonged); the raised card still goes down with a tap."""

from __future__ import annotations

import random

from playwright.sync_api import Page, expect
from web_driver import (
    card_point,
    click_card,
    create_room,
    enter,
    hand_tokens,
    legal_plays,
    press_word,
    start_with_bots,
    take_turn,
    wait_turn_or_end,
    word_kinds,
)

OWN_SERVER = True  # conftest's ``server``: one of this module's own


def test_a_raised_card_leaves_the_xian_question_standing(phone: Page, server: str) -> None:
    enter(phone, server, "掀不掀")
    create_room(phone, game="xianniu", preset="fengxiang", deals=3, speed=0.3)
    start_with_bots(phone)
    rng = random.Random(5)
    for _ in range(300):
        if wait_turn_or_end(phone, timeout=30000) == "end":
            phone.click("[data-testid=ready]:not([disabled])")
            continue
        kinds = dict(word_kinds(phone))
        if legal_plays(phone) or "xian" not in kinds.values():
            take_turn(phone, rng, tap=True)
            continue
        card = hand_tokens(phone)[0]
        click_card(phone, card, tap=True)
        expect(phone.locator(".hand-card.selected")).to_have_count(1)
        prompt = phone.locator("[data-testid=prompt]")
        expect(prompt).not_to_contain_text("这样出不行")
        expect(prompt).to_contain_text("掀")
        phone.touchscreen.tap(*card_point(phone, card, selected=True))  # down again
        expect(phone.locator(".hand-card.selected")).to_have_count(0)
        press_word(phone, next(a for a, k in kinds.items() if k == "xian"), tap=True)
        return
    raise AssertionError("no 掀 question came")
