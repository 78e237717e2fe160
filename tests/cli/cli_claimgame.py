"""A tiny claim game for the CLI tests: several seats in ``to_act`` at once.

The seat on turn plays a card; every other seat is then asked at once (a claim window)
and answers ``claim`` (only holding that value) or ``pass``. The first claimant after
the player takes 1 point from him and plays next. The deal ends when a hand is empty.
It stands in for 双别杆 to show that a game plugs into the CLI without changing it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from toygame import Answered, Played  # the toy game's claim-window events (tests/core)

from huapai.core.base import GameBase
from huapai.core.protocol import (
    Event,
    IllegalAction,
    NotationError,
    Payment,
    Settlement,
)
from huapai.core.rng import shuffled
from huapai.core.rules import RulesBase, option
from huapai.core.view import TableView

HAND = 3


@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimRules(RulesBase):
    seats: int = option(3, zh="人数", doc="seats", source="test", low=2, high=4)
    values: int = option(4, zh="点数", doc="card values", source="test", low=2, high=6)


@dataclass(frozen=True, slots=True)
class ClaimState:
    rules: ClaimRules
    deal: tuple[int, ...]
    dealer: int
    hands: tuple[tuple[int, ...], ...]
    turn: int
    pending: int | None = None
    answers: tuple[tuple[int, bool], ...] = ()
    payments: tuple[Payment, ...] = ()
    over: bool = False


class ClaimGame(GameBase[ClaimRules, ClaimState]):
    name = "claimtoy"
    title = "Claim toy"
    rules_type = ClaimRules

    def presets(self) -> Mapping[str, ClaimRules]:
        return {"basic": ClaimRules()}

    def num_seats(self, rules: ClaimRules) -> int:
        return rules.seats

    def _deck(self, rules: ClaimRules) -> tuple[int, ...]:
        return tuple(v for v in range(rules.values) for _ in range(rules.seats))

    def new_game(self, rules: ClaimRules, *, seed: int | None = None,
                 deal: Sequence[int] | None = None, dealer: int = 0) -> ClaimState:
        cards = tuple(deal) if deal is not None else shuffled(self._deck(rules), seed or 0)
        if sorted(cards) != sorted(self._deck(rules)):
            raise NotationError("a deal must hold the whole deck")
        hands = tuple(tuple(sorted(cards[i * HAND:(i + 1) * HAND])) for i in range(rules.seats))
        return ClaimState(rules, cards, dealer, hands, dealer)

    def deal_of(self, state: ClaimState) -> tuple[int, ...]:
        return state.deal

    def format_deal(self, rules: ClaimRules, deal: Sequence[int]) -> str:
        return " ".join(str(c) for c in deal)

    def parse_deal(self, rules: ClaimRules, text: str) -> tuple[int, ...]:
        try:
            return tuple(int(w) for w in text.split())
        except ValueError:
            raise NotationError(f"not a deal: {text!r}") from None

    def first_dealer(self, rules: ClaimRules, seed: int) -> tuple[int, list[Event]]:
        return 0, []

    def next_dealer(self, state: ClaimState) -> int:
        return (state.dealer + 1) % state.rules.seats

    def to_act(self, state: ClaimState) -> tuple[int, ...]:
        if state.over:
            return ()
        if state.pending is None:
            return (state.turn,)
        done = {s for s, _ in state.answers}
        return tuple(s for s in self._others(state) if s not in done)

    def _others(self, state: ClaimState) -> list[int]:
        n = state.rules.seats
        return [(state.turn + i) % n for i in range(1, n)]

    def legal_actions(self, state: ClaimState, seat: int) -> Sequence[int]:
        if seat not in self.to_act(state):
            return []
        v = state.rules.values
        if state.pending is None:
            return sorted(set(state.hands[seat]))
        return [v, v + 1] if state.pending in state.hands[seat] else [v]

    def apply(self, state: ClaimState, seat: int,
              action: int) -> tuple[ClaimState, list[Event]]:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("illegal_action", f"seat {seat} may not do {action} now")
        if state.pending is None:
            return self._play(state, seat, action)
        return self._answer(state, seat, action == state.rules.values + 1)

    def _play(self, state: ClaimState, seat: int, card: int) -> tuple[ClaimState, list[Event]]:
        hands = list(state.hands)
        hand = list(hands[seat])
        hand.remove(card)
        hands[seat] = tuple(hand)
        new = replace(state, hands=tuple(hands), pending=card, answers=())
        events: list[Event] = [Played(seat, card)]
        if not hand:
            return replace(new, over=True, pending=None), events
        return new, events

    def _answer(self, state: ClaimState, seat: int,
                claim: bool) -> tuple[ClaimState, list[Event]]:
        state = replace(state, answers=(*state.answers, (seat, claim)))
        events: list[Event] = [Answered(seat, claim)]
        if self.to_act(state):
            return state, events
        claimants = [s for s in self._others(state) if (s, True) in state.answers]
        if not claimants:
            return replace(state, pending=None, turn=self._others(state)[0]), events
        return self._claimed(state, claimants[0]), events

    def _claimed(self, state: ClaimState, winner: int) -> ClaimState:
        hands = list(state.hands)
        hand = list(hands[winner])
        assert state.pending is not None
        hand.remove(state.pending)
        hands[winner] = tuple(hand)
        pay = Payment(state.turn, winner, 1, "claim", "claim / 抢")
        return replace(state, hands=tuple(hands), pending=None, turn=winner,
                       payments=(*state.payments, pay), over=not hand)

    def is_over(self, state: ClaimState) -> bool:
        return state.over

    def settlement(self, state: ClaimState) -> Settlement:
        return Settlement(state.rules.seats, state.payments)

    def rules_of(self, state: ClaimState) -> ClaimRules:
        return state.rules

    def table_view(self, state: ClaimState, seat: int | None) -> TableView:
        phase = "over" if state.over else "play" if state.pending is None else "window"
        hand = None if seat is None else " ".join(map(str, state.hands[seat]))
        return TableView(phase, state.dealer, [len(h) for h in state.hands], hand,
                         "out" if state.over else None, {"pending": state.pending})

    def omniscient(self, state: ClaimState) -> Mapping[str, Any]:
        return {"hands": [" ".join(map(str, h)) for h in state.hands]}

    def num_actions(self, rules: ClaimRules) -> int:
        return rules.values + 2

    def format_action(self, rules: ClaimRules, action: int) -> str:
        if action == rules.values:
            return "pass"
        if action == rules.values + 1:
            return "claim"
        return f"play {action}"

    def parse_action(self, rules: ClaimRules, text: str) -> int:
        word = text.strip()
        if word in ("pass", "claim"):
            return rules.values + (word == "claim")
        card = word.removeprefix("play ").strip()
        if card.isdecimal() and int(card) < rules.values:
            return int(card)
        raise NotationError(f"not an action: {text!r} (play N, pass or claim)")

    def observation_size(self, rules: ClaimRules) -> int:
        return 0

    def encode_observation(self, state: ClaimState, seat: int) -> Sequence[float]:
        return []


GAME = ClaimGame()
