"""Playing the browser client the way a person does: clicks and taps on the cards and
buttons the page shows. Legal plays are read from the page (the hand lists them for the
play button), never from the server directly."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

# A point inside `el` that is not covered by another element (cards overlap in a fan).
_VISIBLE_POINT = """(el) => {
  const r = el.getBoundingClientRect();
  for (let j = 2; j < 10; j++) for (let i = 1; i < 10; i++) {
    const x = r.left + (r.width * i) / 10, y = r.top + (r.height * j) / 12;
    const hit = document.elementFromPoint(x, y);
    if (hit && el.contains(hit)) return [x, y];
  }
  return null;
}"""

def enter(page: Page, base: str, nickname: str) -> None:
    """Open the client and pick a nickname (first visit)."""
    page.goto(base)
    page.fill("input[name=nickname]", nickname)
    page.click(".nick-form button[type=submit]")
    page.wait_for_selector("[data-testid=create]")


def create_room(page: Page, *, preset: str, game: str = "xianniu", deals: int = 1,
                speed: float = 0.0) -> None:
    """Fill the lobby form and open the room; the creator takes seat 0."""
    page.select_option("select[name=game]", value=game)
    page.wait_for_selector(f"select[name=preset] option[value='{preset}']", state="attached")
    page.select_option("select[name=preset]", value=preset)
    page.fill("input[name=deals]", str(deals))
    page.dispatch_event("input[name=deals]", "change")
    page.select_option("select[name=bot_delay]", value=str(speed).removesuffix(".0"))
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")


def start_with_bots(page: Page) -> None:
    page.click("[data-testid=fill-bots]")
    page.click("[data-testid=start]:not([disabled])")
    page.wait_for_selector("[data-testid=felt][data-counter]:not([data-counter=''])")


def counter(page: Page) -> str:
    value = page.get_attribute("[data-testid=felt]", "data-counter")
    return value or ""


def wait_turn_or_end(page: Page, timeout: float = 20000) -> str:
    """Wait until it is my turn ("turn") or the settlement shows ("end")."""
    page.wait_for_function(
        "() => document.querySelector('.action-bar.my-turn') || "
        "document.querySelector('[data-testid=settlement]')", timeout=timeout)
    return "end" if page.locator("[data-testid=settlement]").count() else "turn"


def still_my_turn(page: Page) -> bool:
    """Whether the bar still says it is my turn: a claim window closes without my answer
    once a seat ahead of me has claimed (nothing I could say would change it), so a turn
    seen a moment ago may be gone by the time its buttons are read."""
    return bool(page.locator(".action-bar.my-turn").count())


def legal_plays(page: Page) -> list[dict[str, Any]]:
    plays: list[dict[str, Any]] = json.loads(
        page.get_attribute("[data-testid=hand]", "data-legal") or "[]")
    return plays


def word_kinds(page: Page) -> list[tuple[int, str]]:
    """The word buttons as (action id, kind): the kind of describe_action, not its text."""
    buttons = page.locator("[data-testid=word]")
    return [(int(buttons.nth(i).get_attribute("data-action") or -1),
             buttons.nth(i).get_attribute("data-kind") or "") for i in range(buttons.count())]


def hand_tokens(page: Page) -> list[str]:
    return [t for t in page.eval_on_selector_all(
        ".hand-card", "(els) => els.map((e) => e.dataset.token)") if t]


def hand_settled(page: Page) -> None:
    """Wait until no card of the hand is still sliding into place."""
    page.wait_for_function(
        "() => !document.getAnimations().some((a) => a.playState === 'running'"
        " && a.effect?.target?.closest?.('.hand'))")


def card_point(page: Page, token: str, *, selected: bool = False) -> tuple[float, float]:
    hand_settled(page)
    state = "" if selected else ":not(.selected)"
    card = page.locator(f".hand-card[data-token='{token}']{state}").first
    point = card.evaluate(_VISIBLE_POINT)
    assert point is not None, f"no visible part of the {token} card to click"
    return float(point[0]), float(point[1])


def click_card(page: Page, token: str, *, tap: bool = False, right: bool = False) -> None:
    x, y = card_point(page, token, selected=right)
    if tap:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y, button="right" if right else "left")


def after_action(page: Page, before: str) -> None:
    """Wait for the state that answers my action (my view's counter moves on)."""
    page.wait_for_function(
        "(c) => document.querySelector('[data-testid=felt]')?.dataset.counter !== c", arg=before)


def play_cards(page: Page, cards: list[str], *, tap: bool = False,
               right_click: bool = False) -> None:
    """Select the cards one by one, then play with the button (or a right-click)."""
    before = counter(page)
    for token in cards:
        click_card(page, token, tap=tap)
    if right_click:
        click_card(page, cards[-1], right=True)
    else:
        page.click("[data-testid=play].ready:not([disabled])")
    after_action(page, before)


def press_word(page: Page, action: int, *, tap: bool = False) -> None:
    before = counter(page)
    button = f"[data-testid=word][data-action='{action}']"
    if tap:
        page.tap(button)
    else:
        page.click(button)
    after_action(page, before)


_WEIGHTS = {"xian": 4, "jinpai": 1}  # by the kind of describe_action, in any language


def take_turn(page: Page, rng: random.Random, *, tap: bool = False) -> str:
    """One legal move chosen at random (plays and 掀 favoured), made by clicks."""
    plays = legal_plays(page)
    options: list[tuple[str, Any]] = [("play", p) for p in plays for _ in range(4)]
    for action, kind in word_kinds(page):
        options.extend([("word", action)] * _WEIGHTS.get(kind, 1))
    kind, choice = rng.choice(options)
    if kind == "play":
        single = len(choice["cards"]) == 1 and not tap and rng.random() < 0.5
        play_cards(page, list(choice["cards"]), tap=tap, right_click=single)
        return "right-click" if single else "cards"
    press_word(page, int(choice))
    return "word"


def try_an_illegal_card(page: Page) -> str | None:
    """Right-click a card that is not a legal play on its own; return the error shown."""
    singles = {p["cards"][0] for p in legal_plays(page) if len(p["cards"]) == 1}
    wrong = [t for t in dict.fromkeys(hand_tokens(page)) if t not in singles]
    if not wrong:
        return None
    before = counter(page)
    toasts = page.locator(".toast.error").count()
    click_card(page, wrong[0], right=True)
    page.wait_for_function("(n) => document.querySelectorAll('.toast.error').length > n",
                           arg=toasts)
    assert counter(page) == before, "a refused action must change nothing"
    text: str = page.locator(".toast.error").last.inner_text()
    return text


def play_deal(page: Page, rng: random.Random, *, tap: bool = False, max_turns: int = 300,
              illegal_once: bool = False) -> Counter[str]:
    """Play my seat until the settlement shows; count how each move was made."""
    made: Counter[str] = Counter()
    for _ in range(max_turns):
        if wait_turn_or_end(page) == "end":
            return made
        if illegal_once and not made["illegal"] and try_an_illegal_card(page) is not None:
            made["illegal"] += 1
        made[take_turn(page, rng, tap=tap)] += 1
    raise AssertionError(f"the deal did not end within {max_turns} of my turns")


def multiset(tokens: list[str]) -> Counter[str]:
    return Counter(tokens)


def still(page: Page) -> None:
    """Wait until nothing on the page is moving (the endless glows and blinks aside)."""
    page.wait_for_function(
        "() => !document.getAnimations().some((a) => a.playState === 'running'"
        " && a.effect?.getComputedTiming?.().iterations !== Infinity)")


def shot(page: Page, folder: Path | None, name: str) -> None:
    if folder is not None:
        still(page)
        page.screenshot(path=str(folder / f"{name}.png"))
