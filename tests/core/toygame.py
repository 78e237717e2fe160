"""A tiny test-only game with hidden hands and multi-seat claim windows.

It exists so the generic drivers (conformance suite, PettingZoo env, bots, matches) can
be tested without depending on any real engine; its deliberately broken variants, which
the conformance suite must fail, are in toymutants.py.

Play: each seat holds ``hand_size`` cards of values ``0..values-1`` (``copies`` of each
in the deck); the rest is a face-down stock. The seat on turn plays a card face up; then
every other seat is asked at once (a claim window, ``to_act`` in turn order from the
player) and answers ``claim`` (only with a card of that value) or ``pass``. The first
claimant in turn order wins the window: it lays its matching card, takes 1 point from
the player and has the next turn. With no claimant the next seat draws and plays. A
seat that empties its hand takes 1 point from every other seat; an empty stock when a
draw is due ends the deal.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from huapai.core.base import GameBase
from huapai.core.claim import ClaimTable, ClaimWindow
from huapai.core.present import Msg
from huapai.core.protocol import (
    Event,
    Game,
    NotationError,
    Payment,
    RulesError,
    Settlement,
)
from huapai.core.rng import shuffled
from huapai.core.rules import RulesBase, option
from huapai.core.session import check_legal
from huapai.core.view import TableView, check_seat


@dataclass(frozen=True, slots=True, kw_only=True)
class ToyRules(RulesBase):
    seats: int = option(3, zh="人数", doc="number of seats", source="test", low=2, high=4)
    hand_size: int = option(3, zh="手牌", doc="cards dealt to each seat", source="test",
                            low=1, high=6)
    values: int = option(4, zh="点数", doc="distinct card values", source="test", low=2, high=9)
    copies: int = option(3, zh="张数", doc="copies of each value", source="test", low=1, high=4)

    def validate(self) -> None:
        if self.seats * self.hand_size > self.values * self.copies:
            raise RulesError("not enough cards for every hand")


@dataclass(frozen=True, slots=True)
class Played(Event):
    kind: ClassVar[str] = "played"
    card: int


@dataclass(frozen=True, slots=True)
class Answered(Event):
    """A seat's answer in a claim window; others only learn that it answered."""

    kind: ClassVar[str] = "answered"
    claim: bool | None

    @property
    def private(self) -> bool:
        return True

    def redacted(self) -> Event:
        return Answered(self.seat, None)


@dataclass(frozen=True, slots=True)
class Claimed(Event):
    kind: ClassVar[str] = "claimed"
    card: int


@dataclass(frozen=True, slots=True)
class Drew(Event):
    kind: ClassVar[str] = "drew"
    card: int

    @property
    def private(self) -> bool:
        return True

    def redacted(self) -> Event:
        return Drew(self.seat, -1)


@dataclass(frozen=True, slots=True)
class Ended(Event):
    kind: ClassVar[str] = "ended"
    winner: int | None


@dataclass(frozen=True, slots=True)
class ToyState:
    rules: ToyRules
    deal: tuple[int, ...]
    dealer: int
    hands: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    turn: int
    pending: int | None = None
    answers: tuple[tuple[int, bool], ...] = ()
    played: tuple[tuple[int, int], ...] = ()
    payments: tuple[Payment, ...] = ()
    over: bool = False
    winner: int | None = None
    claimed: tuple[int, ...] = ()  # the claimants' matching cards, laid face up


class ToyGame(GameBase[ToyRules, ToyState]):
    name = "toy"
    title = "Toy claim game (tests only)"
    rules_type = ToyRules

    def presets(self) -> Mapping[str, ToyRules]:
        return {"duo": ToyRules(seats=2), "trio": ToyRules(seats=3, hand_size=2)}

    def num_seats(self, rules: ToyRules) -> int:
        return rules.seats

    # --- dealing -------------------------------------------------------------------
    def deck(self, rules: ToyRules) -> tuple[int, ...]:
        return tuple(v for v in range(rules.values) for _ in range(rules.copies))

    def new_game(self, rules: ToyRules, *, seed: int | None = None,
                 deal: Sequence[int] | None = None, dealer: int = 0) -> ToyState:
        if deal is None:
            deal = shuffled(self.deck(rules), 0 if seed is None else seed)
        deal = tuple(deal)
        if sorted(deal) != list(self.deck(rules)):
            raise NotationError("a deal must hold every card of the deck once")
        k, n = rules.hand_size, rules.seats
        hands = tuple(tuple(sorted(deal[i * k:(i + 1) * k])) for i in range(n))
        return ToyState(rules, deal, dealer, hands, deal[n * k:], turn=dealer)

    def deal_of(self, state: ToyState) -> tuple[int, ...]:
        return state.deal

    def format_deal(self, rules: ToyRules, deal: Sequence[int]) -> str:
        k, n = rules.hand_size, rules.seats
        parts = [deal[i * k:(i + 1) * k] for i in range(n)] + [deal[n * k:]]
        return " | ".join(" ".join(str(c) for c in part) for part in parts)

    def parse_deal(self, rules: ToyRules, text: str) -> tuple[int, ...]:
        try:
            cards = tuple(int(t) for t in text.replace("|", " ").split())
        except ValueError:
            raise NotationError(f"a toy deal is numbers, got {text!r}") from None
        if sorted(cards) != list(self.deck(rules)):
            raise NotationError("a deal must hold every card of the deck once")
        return cards

    def first_dealer(self, rules: ToyRules, seed: int) -> tuple[int, list[Event]]:
        return seed % rules.seats, []

    def next_dealer(self, state: ToyState) -> int:
        if state.winner is not None:
            return state.winner
        return (state.dealer + 1) % state.rules.seats

    # --- play ----------------------------------------------------------------------
    def to_act(self, state: ToyState) -> tuple[int, ...]:
        return self._asked(state)

    def _asked(self, state: ToyState) -> tuple[int, ...]:
        if state.over:
            return ()
        if state.pending is None:
            return (state.turn,)
        answered = {s for s, _ in state.answers}
        return tuple(s for s in self._window(state) if s not in answered)

    def _window(self, state: ToyState) -> tuple[int, ...]:
        n = state.rules.seats
        return tuple((state.turn + i) % n for i in range(1, n))

    def legal_actions(self, state: ToyState, seat: int) -> Sequence[int]:
        if seat not in self.to_act(state):
            check_seat(seat, len(state.hands))
            return []
        values = state.rules.values
        if state.pending is None:
            return sorted(set(state.hands[seat]))
        if state.pending in state.hands[seat]:
            return [values, values + 1]
        return [values + 1]

    def apply(self, state: ToyState, seat: int, action: int) -> tuple[ToyState, list[Event]]:
        check_legal(self, state, seat, action)
        if state.pending is None:
            return self._play(state, seat, action)
        return self._answer(state, seat, action == state.rules.values)

    def _play(self, state: ToyState, seat: int, card: int) -> tuple[ToyState, list[Event]]:
        hand = list(state.hands[seat])
        hand.remove(card)
        state = replace(state, hands=_with(state.hands, seat, tuple(hand)), pending=card,
                        answers=(), played=(*state.played, (seat, card)))
        events: list[Event] = [Played(seat, card)]
        if not hand:
            return self._win(state, seat, events)
        return state, events

    def _answer(self, state: ToyState, seat: int, claim: bool) -> tuple[ToyState, list[Event]]:
        state = replace(state, answers=(*state.answers, (seat, claim)))
        events: list[Event] = [Answered(seat, claim)]
        if self._asked(state):
            return state, events
        claims = {s for s, c in state.answers if c}
        winner = next((s for s in self._window(state) if s in claims), None)
        if winner is None:
            return self._draw(state, events)
        return self._claim(state, winner, events)

    def _claim(self, state: ToyState, seat: int, events: list[Event]
               ) -> tuple[ToyState, list[Event]]:
        assert state.pending is not None
        hand = list(state.hands[seat])
        hand.remove(state.pending)
        pay = Payment(state.turn, seat, 1, "claim", Msg("claim", "吃", "claim"))
        events.append(Claimed(seat, state.pending))
        state = replace(state, hands=_with(state.hands, seat, tuple(hand)), pending=None,
                        answers=(), turn=seat, payments=(*state.payments, pay),
                        claimed=(*state.claimed, state.pending))
        if not hand:
            return self._win(state, seat, events)
        return state, events

    def _draw(self, state: ToyState, events: list[Event]) -> tuple[ToyState, list[Event]]:
        nxt = (state.turn + 1) % state.rules.seats
        if not state.stock:
            events.append(Ended(None, None))
            return replace(state, pending=None, answers=(), over=True), events
        card, stock = state.stock[0], state.stock[1:]
        hand = tuple(sorted((*state.hands[nxt], card)))
        events.append(Drew(nxt, card))
        state = replace(state, hands=_with(state.hands, nxt, hand), stock=stock,
                        pending=None, answers=(), turn=nxt)
        return state, events

    def _win(self, state: ToyState, seat: int, events: list[Event]
             ) -> tuple[ToyState, list[Event]]:
        outs = tuple(Payment(s, seat, 1, "out", Msg("out", "出完", "out"))
                     for s in range(state.rules.seats) if s != seat)
        events.append(Ended(None, seat))
        state = replace(state, pending=None, answers=(), over=True, winner=seat,
                        payments=state.payments + outs)
        return state, events

    def is_over(self, state: ToyState) -> bool:
        return state.over

    def settlement(self, state: ToyState) -> Settlement:
        return Settlement(state.rules.seats, state.payments)

    # --- views ---------------------------------------------------------------------
    def rules_of(self, state: ToyState) -> ToyRules:
        return state.rules

    def table_view(self, state: ToyState, seat: int | None) -> TableView:
        phase = "over" if state.over else "play" if state.pending is None else "window"
        end = None if not state.over else "stock_empty" if state.winner is None else "out"
        table: dict[str, Any] = {
            "stock": len(state.stock),
            "played": [list(p) for p in state.played],
            "pending": state.pending,
            "turn": state.turn,
        }
        if seat is not None:
            mine = [c for s, c in state.answers if s == seat]
            table["my_answer"] = mine[0] if mine else None
        if state.over:
            table["hands"] = [_text(h) for h in state.hands]
        hand = None if seat is None else _text(state.hands[seat])
        return TableView(phase, state.dealer, [len(h) for h in state.hands], hand, end, table)

    def claim_window(self, state: ToyState) -> ClaimWindow | None:
        if state.pending is None or state.over:
            return None
        answers = tuple((s, self._answer_id(state, c)) for s, c in state.answers)
        return _claim_table(state.rules.values).window(self._window(state), answers)

    def _answer_id(self, state: ToyState, claim: bool) -> int:
        return state.rules.values if claim else state.rules.values + 1

    def omniscient(self, state: ToyState) -> Mapping[str, Any]:
        return {
            "hands": [_text(h) for h in state.hands],
            "stock": list(state.stock),
            "turn": state.turn,
            "pending": state.pending,
            "answers": [list(a) for a in state.answers],
            "played": [list(p) for p in state.played],
            "over": state.over,
            "winner": state.winner,
            "payments": [p.to_json() for p in state.payments],
        }

    # --- notation and encoding -----------------------------------------------------
    def num_actions(self, rules: ToyRules) -> int:
        return rules.values + 2

    def format_action(self, rules: ToyRules, action: int) -> str:
        if action == rules.values:
            return "claim"
        if action == rules.values + 1:
            return "pass"
        return f"play {action}"

    def parse_action(self, rules: ToyRules, text: str) -> int:
        words = text.split()
        if words == ["claim"]:
            return rules.values
        if words == ["pass"]:
            return rules.values + 1
        if len(words) == 2 and words[0] == "play" and words[1].isdigit():
            value = int(words[1])
            if value < rules.values:
                return value
        raise NotationError(f"not a toy action: {text!r}")

    def observation_size(self, rules: ToyRules) -> int:
        return 3 * rules.values + rules.seats + 4

    def encode_observation(self, state: ToyState, seat: int) -> Sequence[float]:
        v = state.rules.values
        hand, played, pending = [0.0] * v, [0.0] * v, [0.0] * (v + 1)
        for c in state.hands[seat]:
            hand[c] += 1
        for _, c in state.played:
            played[c] += 1
        pending[v if state.pending is None else state.pending] = 1.0
        sizes = [float(len(h)) for h in state.hands]
        flags = [float(len(state.stock)), float(seat in self.to_act(state)), float(state.over)]
        return hand + played + pending + sizes + flags

    # --- the optional conformance hooks ----------------------------------------------
    def permute_hidden(self, deal: Sequence[int], seat: int, rng: random.Random,
                       rules: ToyRules, dealer: int) -> tuple[int, ...]:
        """Shuffle the other seats' hands and the stock among themselves."""
        k = rules.hand_size
        slots = [i for i in range(len(deal)) if not seat * k <= i < (seat + 1) * k]
        cards = [deal[i] for i in slots]
        rng.shuffle(cards)
        out = list(deal)
        for i, c in zip(slots, cards, strict=True):
            out[i] = c
        return tuple(out)

    def check_invariants(self, state: ToyState) -> None:
        cards = [c for h in state.hands for c in h] + list(state.stock)
        cards += [c for _, c in state.played] + list(state.claimed)
        if sorted(cards) != sorted(state.deal):
            raise AssertionError("cards are not conserved")

    def resample(self, state: ToyState, seat: int, rng: random.Random) -> ToyState:
        """The other hands and the stock redealt; the others' window answers become
        passes (``seat`` only knows that they answered)."""
        if state.over:
            return state
        others = [p for p in range(state.rules.seats) if p != seat]
        pool = sorted([c for p in others for c in state.hands[p]] + list(state.stock))
        rng.shuffle(pool)
        hands, i = list(state.hands), 0
        for p in others:
            k = len(hands[p])
            hands[p], i = tuple(sorted(pool[i:i + k])), i + k
        answers = tuple((s, claim and s == seat) for s, claim in state.answers)
        return replace(state, hands=tuple(hands), stock=tuple(pool[i:]), answers=answers)


@functools.cache
def _claim_table(values: int) -> ClaimTable:
    """The toy's window as a core claim table: one claim kind, ties by seat order."""
    return ClaimTable({values: 1}, pass_action=values + 1)


def _text(cards: Sequence[int]) -> str:
    return " ".join(str(c) for c in cards)


def _with(hands: tuple[tuple[int, ...], ...], seat: int, hand: tuple[int, ...]
          ) -> tuple[tuple[int, ...], ...]:
    return tuple(hand if i == seat else h for i, h in enumerate(hands))


GAME: Game[ToyRules, ToyState] = ToyGame()
