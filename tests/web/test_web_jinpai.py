"""紧牌 in one confirm (issue "What players and the seeds found" §2): the cards to throw
are picked together and go with one 弃牌 press, the prompt counting 还需弃 N 张; the
engine still takes one card per action, so the client sends them one at a time and stops
at a refusal."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, WebSocketRoute
from web_driver import (
    click_card,
    create_room,
    enter,
    hand_tokens,
    press_word,
    shot,
    start_with_bots,
    take_turn,
    wait_turn_or_end,
    word_kinds,
)

OWN_SERVER = True  # conftest's ``server``: one of this module's own


def _phase(page: Page) -> str:
    return page.get_attribute("[data-testid=felt]", "data-phase") or ""


def _cap(page: Page) -> int:
    """The 紧牌 limit as the status line states it (紧牌：每人弃到 C 张)."""
    found = re.search(r"弃到 (\d+) 张", page.inner_text("[data-testid=status]"))
    assert found, "the status line names the 紧牌 limit"
    return int(found.group(1))


def _prompt(page: Page) -> str:
    return page.inner_text("[data-testid=prompt]")


def _next_deal(page: Page) -> None:
    page.click("[data-testid=ready]:not([disabled])")
    page.wait_for_selector("[data-testid=settlement]", state="detached")


def _reach_jinpai(page: Page, rng: random.Random, need: int) -> int:
    """Play (calling 紧牌 whenever offered) until this seat must throw at least ``need``
    cards at 紧牌; return how many it must throw."""
    for _ in range(400):
        if wait_turn_or_end(page) == "end":
            _next_deal(page)
            continue
        if _phase(page) == "jinpai":
            left = len(hand_tokens(page)) - _cap(page)
            if left >= need:
                return left
        jin = [a for a, kind in word_kinds(page) if kind == "jinpai"]
        if jin:
            press_word(page, jin[0])
        else:
            take_turn(page, rng)
    raise AssertionError(f"no 紧牌 with {need} cards to throw came up")


def _pick(page: Page, cards: list[str], need: int) -> None:
    """Select ``cards`` one by one; the prompt counts down what is still to throw."""
    for k, token in enumerate(cards, start=1):
        click_card(page, token)
        expected = f"还需弃 {need - k} 张" if k < need else f"选好 {need} 张了"
        page.wait_for_function("(t) => document.querySelector('[data-testid=prompt]')"
                               ".innerText.includes(t)", arg=expected)



def test_jinpai_picks_several_cards_and_throws_them_in_one_press(page: Page, server: str,
                                                                 shots: Path | None) -> None:
    enter(page, server, "紧牌")
    create_room(page, preset="lanzhou", deals=6)
    start_with_bots(page)
    need = _reach_jinpai(page, random.Random(5), need=2)
    assert f"还需弃 {need} 张" in _prompt(page)
    page.click("[data-testid=lang]")  # English mode says it in English
    page.wait_for_function("(n) => document.querySelector('[data-testid=prompt]')"
                           ".innerText.includes(`${n} more to discard`)", arg=need)
    page.click("[data-testid=lang]")
    page.wait_for_function("() => document.querySelector('[data-testid=prompt]')"
                           ".innerText.includes('还需弃')")
    before = hand_tokens(page)
    cap = _cap(page)
    thrown = sorted(set(before), key=before.index)[:need]
    if len(thrown) < need:  # fewer faces than cards to throw: take copies as well
        thrown = before[:need]
    _pick(page, thrown, need)
    shot(page, shots, "jinpai-picked")
    log_before = page.locator(".log-list li").count()
    page.click("[data-testid=play].ready:not([disabled])")  # one press for all of them
    page.wait_for_function("(c) => document.querySelectorAll('.hand-card').length === c",
                           arg=cap, timeout=20000)
    after = hand_tokens(page)
    assert Counter(before) - Counter(after) == Counter(thrown), "exactly the picked cards went"
    lines = page.locator(".log-list li").all_inner_texts()[log_before:]
    mine = [line for line in lines if line.startswith("你") and " 弃 " in line]
    # a run of equal lines is one line, "×N" (the same face thrown twice in a row)
    said = sum(int(m[1]) if (m := re.search(r" ×(\d+)$", line)) else 1 for line in mine)
    assert said == need, f"one discard action per card: {lines}"


def _refusing_second_act(page: Page, armed: dict[str, Any]) -> None:
    """Pass the socket through; while ``armed``, answer the pick's second ``act`` frame
    with the server's refusal shape instead of forwarding it."""
    def route(ws: WebSocketRoute) -> None:
        real = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            frame = json.loads(message)
            if armed["on"] and frame.get("type") == "act":
                armed["acts"] += 1
                if armed["acts"] == 2:
                    ws.send(json.dumps({
                        "type": "error", "room": frame["room"], "code": "stale",
                        "message": "the state moved on",
                        "msg": {"code": "stale", "zh": "状态已更新，请重新选择",
                                "en": "the state moved on: choose again", "params": {}}}))
                    return
            real.send(message)

        ws.on_message(from_page)
        real.on_message(lambda message: ws.send(message))

    page.route_web_socket(re.compile(r".*/ws.*"), route)


def test_a_refused_card_stops_the_pick_and_keeps_the_rest(page: Page, server: str) -> None:
    armed: dict[str, Any] = {"on": False, "acts": 0}
    _refusing_second_act(page, armed)
    enter(page, server, "紧牌二")
    create_room(page, preset="lanzhou", deals=6)
    start_with_bots(page)
    need = _reach_jinpai(page, random.Random(11), need=3)
    before = hand_tokens(page)
    thrown = before[-need:]
    _pick(page, thrown, need)
    armed["on"] = True
    page.click("[data-testid=play].ready:not([disabled])")
    page.wait_for_selector(".toast.error")
    page.wait_for_timeout(500)  # nothing more is sent after the refusal
    assert armed["acts"] == 2, "the pick stops at the refused card"
    assert len(hand_tokens(page)) == len(before) - 1, "only the first card went"
    assert "选好" in _prompt(page), "the cards not yet thrown stay selected"
    armed["on"] = False
    page.click("[data-testid=play].ready:not([disabled])")  # the rest, again in one press
    page.wait_for_function("(c) => document.querySelectorAll('.hand-card').length === c",
                           arg=len(before) - need)
    assert Counter(before) - Counter(hand_tokens(page)) == Counter(thrown)
