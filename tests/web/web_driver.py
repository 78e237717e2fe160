"""Playing the browser client the way a person does: clicks and taps on the cards and
buttons the page shows. Legal plays are read from the page (the hand lists them for the
play button), never from the server directly."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

# The visible strip of `el` along a few rows across it: for each row the runs of x (in
# quarter pixels) where the topmost element is `el` or inside it (cards overlap in a fan).
VISIBLE_RUNS = """(el) => {
  const r = el.getBoundingClientRect();
  return [0.2, 0.3, 0.45, 0.6, 0.75].map((fy) => {
    const y = r.top + r.height * fy;
    const runs = [];
    let run = null;
    for (let x = r.left; x <= r.right; x += 0.25) {
      const hit = document.elementFromPoint(x, y);
      if (hit && el.contains(hit)) {
        if (run) run[1] = x; else run = [x, x];
      } else if (run) {
        runs.push(run);
        run = null;
      }
    }
    if (run) runs.push(run);
    return { y, runs };
  });
}"""


def visible_point(page: Page, selector: str) -> tuple[float, float] | None:
    """The middle of the widest visible run of the element: where a person aims a tap (a
    point at the very edge of a card's strip is where a neighbour's starts)."""
    best: tuple[float, float, float] | None = None
    for row in page.locator(selector).first.evaluate(VISIBLE_RUNS):
        for x0, x1 in row["runs"]:
            if best is None or x1 - x0 > best[0]:
                best = (x1 - x0, (x0 + x1) / 2, float(row["y"]))
    return None if best is None else (best[1], best[2])


def enter(page: Page, base: str, nickname: str) -> None:
    """Open the client and pick a nickname (first visit)."""
    page.goto(base)
    page.fill("input[name=nickname]", nickname)
    page.click(".nick-form button[type=submit]")
    page.wait_for_selector("[data-testid=create]")


def create_room(page: Page, *, preset: str, game: str = "xianniu", deals: int = 1,
                speed: float = 0.0, fields: Mapping[str, str] | None = None) -> None:
    """Fill the lobby form and open the room; the creator takes seat 0. ``fields``: other
    inputs by name (``multiplier``, ``rule-players`` …) and what to type in them."""
    page.select_option("select[name=game]", value=game)
    page.wait_for_selector(f"select[name=preset] option[value='{preset}']", state="attached")
    page.select_option("select[name=preset]", value=preset)
    for name, value in {"deals": str(deals), **(fields or {})}.items():
        page.fill(f"input[name={name}]", value)
        page.dispatch_event(f"input[name={name}]", "change")
    page.select_option("select[name=bot_delay]", value=str(speed).removesuffix(".0"))
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")


def rule_options(page: Page, *, game: str, preset: str) -> None:
    """In the lobby's form: ``game`` and ``preset`` chosen, the rule options opened."""
    page.select_option("select[name=game]", value=game)
    page.wait_for_selector(f"select[name=preset] option[value='{preset}']", state="attached")
    page.select_option("select[name=preset]", value=preset)
    page.click("details.rule-options summary")


def start_with_bots(page: Page) -> None:
    page.click("[data-testid=fill-bots]")
    page.click("[data-testid=start]:not([disabled])")
    page.wait_for_selector("[data-testid=felt][data-counter]:not([data-counter=''])")


_LIVE_OR_OVER = """() => document.querySelector('[data-testid=tuoguan]')
  || (document.querySelector('[data-testid=settlement]')
      && !document.querySelector('[data-testid=ready]'))"""


def tuoguan_on(page: Page, timeout: float = 60000) -> None:
    """托管 on: the house bot plays my seat for the rest of the match. A deal can end
    before 托管 is pressed: where my seat's every answer is its only legal action the table
    answers for me (``Game.automatic``; about one 凤翔 deal in a hundred for a seat not the
    dealer, seen to end within two seconds on CI) and the button goes with the live deal.
    Then the next deal's button is pressed, or, the match over, nothing."""
    for _ in range(10):
        page.wait_for_function(_LIVE_OR_OVER, timeout=timeout)
        button = page.locator("[data-testid=tuoguan]")
        if not button.count():
            return  # the match ended before my seat was ever asked
        try:
            if "on" not in (button.get_attribute("class", timeout=1000) or "").split():
                button.click(timeout=3000)
            return
        except PlaywrightTimeout:
            continue  # the deal ended as it was pressed
    raise AssertionError("托管 could not be pressed: the deals kept ending first")


def tuoguan_to_settlement(page: Page, timeout: float = 60000) -> None:
    """托管 on (:func:`tuoguan_on`) until the deal's settlement shows."""
    tuoguan_on(page, timeout)
    expect(page.locator("[data-testid=settlement]")).to_be_visible(timeout=timeout)


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


_WORDS = "[data-testid=word], [data-testid=word-pick] option[data-action]"


def word_kinds(page: Page) -> list[tuple[int, str]]:
    """The words as (action id, kind) — buttons, and a picker's choices (many words of one
    kind: 报 0 … 报 30): the kind of describe_action, not its text."""
    pairs: list[list[str]] = page.eval_on_selector_all(  # one read: the bar may change
        _WORDS, "(els) => els.map((e) => [e.dataset.action, e.dataset.kind])")
    return [(int(action or -1), kind or "") for action, kind in pairs]


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
    point = visible_point(page, f".hand-card[data-token='{token}']{state}")
    assert point is not None, f"no visible part of the {token} card to click"
    return point


def click_card(page: Page, token: str, *, tap: bool = False, right: bool = False) -> None:
    x, y = card_point(page, token, selected=right)
    if tap:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y, button="right" if right else "left")


def after_action(page: Page, before: str) -> None:
    """Wait for the state that answers my action: my view's counter moves on and the bar
    no longer waits for an answer. The counter alone is not enough: another seat's answer
    in a claim window may move it between reading ``before`` and my click, and the bar of
    that state — my words still on it, disabled — is not the answer to my action."""
    page.wait_for_function(
        "(c) => document.querySelector('[data-testid=felt]')?.dataset.counter !== c"
        " && !document.querySelector('.action-bar[data-pending]')", arg=before)


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


_STALE_AFTER = 5000  # ms: how long a word may be missing before the page is read again


def press_word(page: Page, action: int, *, tap: bool = False) -> bool:
    """Press a word button. False when the word is gone before the press lands: the state
    moved on without my answer (a bot's claim closed the window, and the page may already
    ask me something else), so the caller reads the page again. A word still shown but not
    yet pressable gets the whole timeout, as any click."""
    before = counter(page)
    button = page.locator(f"[data-testid=word][data-action='{action}']")
    option = page.locator(f"[data-testid=word-pick] option[data-action='{action}']")
    if not button.count() and option.count():  # a picker: choose it, then its button
        page.select_option("[data-testid=word-pick] select", value=str(action))
        button = page.locator(f"[data-testid=word-pick-go][data-action='{action}']")
    press = button.tap if tap else button.click
    try:
        press(timeout=_STALE_AFTER)
    except PlaywrightTimeout:
        if not button.count():
            return False
        press()
    after_action(page, before)
    return True


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
    return "word" if press_word(page, int(choice)) else "moved on"


def try_an_illegal_card(page: Page) -> str | None:
    """Right-click a card that is not a legal play on its own; return the error shown."""
    singles = {p["cards"][0] for p in legal_plays(page) if len(p["cards"]) == 1}
    wrong = [t for t in dict.fromkeys(hand_tokens(page)) if t not in singles]
    if not wrong:
        return None
    before = counter(page)
    window = page.get_attribute("[data-testid=felt]", "data-phase") == "window"
    toasts = page.locator(".toast.error").count()
    click_card(page, wrong[0], right=True)
    page.wait_for_function("(n) => document.querySelectorAll('.toast.error').length > n",
                           arg=toasts)
    if not window:  # in a claim window the other seats' answers move the counter meanwhile
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


def won_settlement(game: str, preset: str, code: str = "group") -> dict[str, Any]:
    """A finished deal's settlement (JSON) with items of ``code`` (a winner's groups),
    the first of up to 300 seeded deals played 胡 first, else at random."""
    from huapai.core.registry import get_game
    g = get_game(game)
    for seed in range(300):
        rng = random.Random(seed)
        state = g.new_game(g.presets()[preset], seed=seed)
        while not g.is_over(state):
            seat = g.to_act(state)[0]
            legal = list(g.legal_actions(state, seat))
            state, _ = g.apply(state, seat, 1 if 1 in legal and game != "xianniu"
                               else rng.choice(legal))
        settled: dict[str, Any] = g.settlement(state).to_json()
        if any(i["code"] == code for i in settled["items"]):
            return settled
    raise AssertionError(f"no {code} in 300 deals of {preset}")
