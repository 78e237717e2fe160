"""Shared helpers for the 掀牛 engine tests: explicit deals, scripted play, snapshots.

A deal is written as three hands in card notation (头家, 二家, 底家 — the active seats
in 揭牌 order); :func:`deal_of_hands` interleaves them the way the engine deals
(``cards[i::3]`` goes to the i-th active seat), so a test states exactly who holds what.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from huapai.core.protocol import Event, IllegalAction
from huapai.core.registry import get_game
from huapai.games.xianniu.cards import COPIES, NAMES, NUM_FACES, parse_faces, to_counts
from huapai.games.xianniu.combos import Combo, beats, catalogue
from huapai.games.xianniu.rules import XianniuRules
from huapai.games.xianniu.state import State

GAME: Any = get_game("xianniu")
A, B, C = 0, 1, 2


def rules(preset: str, **overrides: Any) -> XianniuRules:
    made: XianniuRules = GAME.rules(preset, **overrides)
    return made


def deal_of_hands(*hands: str) -> tuple[int, ...]:
    """The 48-card deal that gives the three active seats these 16-card hands."""
    faces = [parse_faces(h) for h in hands]
    if len(faces) != 3 or any(len(f) != 16 for f in faces):
        raise ValueError(f"three hands of 16 cards needed, got {[len(f) for f in faces]}")
    total = to_counts(f for hand in faces for f in hand)
    wrong = [NAMES[f] for f in range(NUM_FACES) if total[f] != COPIES[f]]
    if wrong:
        raise ValueError(f"the hands do not make one deck: check {', '.join(wrong)}")
    return tuple(hand[i] for i in range(16) for hand in faces)


def start(r: XianniuRules, *hands: str, dealer: int = 0) -> State:
    state: State = GAME.new_game(r, deal=deal_of_hands(*hands), dealer=dealer)
    return state


def act(state: State, seat: int, text: str) -> tuple[State, list[Event]]:
    """Apply one action written in notation (``掀``, ``扣了``, ``5r 5b`` …) for ``seat``."""
    action = GAME.parse_action(state.rules, text)
    new: State
    new, events = GAME.apply(state, seat, action)
    return new, events


def play(state: State, script: Sequence[tuple[int, str]]) -> State:
    """Apply a script of (seat, action text), each one checked to be that seat's turn."""
    for seat, text in script:
        assert GAME.to_act(state) == (seat,), f"expected seat {seat} to act before {text!r}"
        state, _ = act(state, seat, text)
    return state


def legal_text(state: State, seat: int) -> list[str]:
    return [GAME.format_action(state.rules, a) for a in GAME.legal_actions(state, seat)]


def action_id(state: State, text: str) -> int:
    action: int = GAME.parse_action(state.rules, text)
    return action


def snapshot(state: State) -> dict[str, Any]:
    """Everything observable about a state, to show that a rejected action changed nothing."""
    view = dict(GAME.omniscient(state))
    view["legal"] = {seat: list(GAME.legal_actions(state, seat)) for seat in state.active}
    return view


def rejected(state: State, seat: int, action: int) -> IllegalAction:
    """Offer an action that must be refused; return the error after checking no change."""
    before = snapshot(state)
    try:
        GAME.apply(state, seat, action)
    except IllegalAction as exc:
        assert snapshot(state) == before, "a rejected action changed the state"
        return exc
    raise AssertionError(f"action {action} by seat {seat} was accepted")


def combo(r: XianniuRules, text: str) -> Combo:
    """The catalogue play written as ``text`` under rules ``r``."""
    cat = catalogue(r.catalogue_key)
    index = cat.by_counts.get(to_counts(parse_faces(text)))
    if index is None:
        raise AssertionError(f"{text!r} is not a play under these rules")
    return cat.combos[index]


def beats_text(r: XianniuRules, a: str, b: str) -> bool:
    return beats(combo(r, a), combo(r, b))


def table_counts(state: State) -> list[int]:
    return [state.table_count(seat) for seat in range(state.rules.players)]


def random_playout(r: XianniuRules, seed: int, dealer: int = 0) -> list[State]:
    """Every state of one seeded random deal (mostly plays, sometimes a 掀 or a decline)."""
    import random

    rng = random.Random(seed)
    state: State = GAME.new_game(r, seed=seed, dealer=dealer)
    states = [state]
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = list(GAME.legal_actions(state, seat))
        plays = [a for a in legal if a > 1]
        action = rng.choice(plays) if plays and rng.random() < 0.85 else rng.choice(legal)
        state, _ = GAME.apply(state, seat, action)
        states.append(state)
    return states
