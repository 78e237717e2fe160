"""比大 "beat it": the toy family's engine, on huapai's pure game protocol.

Each seat holds ``hand_size`` cards of values ``1..values`` (``copies`` of each); the rest
of the deck stays face down. The seat on turn leads any card; then each seat in turn
plays a higher card or passes (过). When every other seat has passed, the table clears
and whoever played last leads again. The first seat to empty its hand takes 1 point
from every other seat, and the deal ends.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from huapai.core.base import GameBase
from huapai.core.protocol import Event, Msg, NotationError, Payment, RulesError, Settlement
from huapai.core.rng import shuffled
from huapai.core.rules import RulesBase, option
from huapai.core.session import check_legal
from huapai.core.view import TableView, check_seat

PASS_WORDS = frozenset({"过", "pass", "p"})


@dataclass(frozen=True, slots=True, kw_only=True)
class BeatRules(RulesBase):
    seats: int = option(3, zh="人数", doc="number of seats", source="test family", low=2,
                        high=4)
    hand_size: int = option(4, zh="手牌", doc="cards dealt to each seat",
                            source="test family", low=1, high=6)
    values: int = option(6, zh="点数", doc="card values 1..values", source="test family",
                         low=2, high=9)
    copies: int = option(2, zh="张数", doc="copies of each value", source="test family",
                         low=1, high=4)

    def validate(self) -> None:
        if self.seats * self.hand_size > self.values * self.copies:
            raise RulesError("not enough cards for every hand")


@dataclass(frozen=True, slots=True)
class Played(Event):
    kind: ClassVar[str] = "played"
    card: int


@dataclass(frozen=True, slots=True)
class Passed(Event):
    kind: ClassVar[str] = "passed"


@dataclass(frozen=True, slots=True)
class Cleared(Event):
    """Everyone else passed: the table clears and ``seat`` leads."""

    kind: ClassVar[str] = "cleared"


@dataclass(frozen=True, slots=True)
class Won(Event):
    kind: ClassVar[str] = "won"


@dataclass(frozen=True, slots=True)
class BeatState:
    rules: BeatRules
    deal: tuple[int, ...]
    dealer: int
    hands: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    turn: int
    top: int | None = None
    top_seat: int | None = None
    passes: int = 0
    payments: tuple[Payment, ...] = ()
    winner: int | None = None

    @property
    def over(self) -> bool:
        return self.winner is not None


def _text(cards: Sequence[int]) -> str:
    return " ".join(str(c + 1) for c in cards)


class BeatGame(GameBase[BeatRules, BeatState]):
    name = "toyfamily"
    title = "比大 / Beat it"
    rules_type = BeatRules

    def presets(self) -> Mapping[str, BeatRules]:
        return {"duo": BeatRules(seats=2), "trio": BeatRules(values=8)}

    def num_seats(self, rules: BeatRules) -> int:
        return rules.seats

    # --- dealing -------------------------------------------------------------------
    def deck(self, rules: BeatRules) -> tuple[int, ...]:
        return tuple(v for v in range(rules.values) for _ in range(rules.copies))

    def new_game(self, rules: BeatRules, *, seed: int | None = None,
                 deal: Sequence[int] | None = None, dealer: int = 0) -> BeatState:
        cards = tuple(deal) if deal is not None else shuffled(self.deck(rules), seed or 0)
        if sorted(cards) != list(self.deck(rules)):
            raise NotationError("a deal must hold every card of the deck once")
        k, n = rules.hand_size, rules.seats
        hands = tuple(tuple(sorted(cards[i * k:(i + 1) * k])) for i in range(n))
        return BeatState(rules, cards, dealer, hands, cards[n * k:], turn=dealer)

    def deal_of(self, state: BeatState) -> tuple[int, ...]:
        return state.deal

    def format_deal(self, rules: BeatRules, deal: Sequence[int]) -> str:
        k, n = rules.hand_size, rules.seats
        parts = [deal[i * k:(i + 1) * k] for i in range(n)] + [deal[n * k:]]
        return " | ".join(_text(part) for part in parts)

    def parse_deal(self, rules: BeatRules, text: str) -> tuple[int, ...]:
        try:
            cards = tuple(int(t) - 1 for t in text.replace("|", " ").split())
        except ValueError:
            raise NotationError(f"a deal is card values, got {text!r}") from None
        if sorted(cards) != list(self.deck(rules)):
            raise NotationError("a deal must hold every card of the deck once")
        return cards

    def first_dealer(self, rules: BeatRules, seed: int) -> tuple[int, list[Event]]:
        return seed % rules.seats, []

    def next_dealer(self, state: BeatState) -> int:
        return state.winner if state.winner is not None else (state.dealer + 1) % len(
            state.hands)

    # --- play ----------------------------------------------------------------------
    def to_act(self, state: BeatState) -> tuple[int, ...]:
        return () if state.over else (state.turn,)

    def legal_actions(self, state: BeatState, seat: int) -> Sequence[int]:
        if seat not in self.to_act(state):
            check_seat(seat, len(state.hands))  # a seat the table lacks is refused
            return []
        hand = set(state.hands[seat])
        if state.top is None:
            return sorted(hand)
        return [*sorted(c for c in hand if c > state.top), state.rules.values]

    def apply(self, state: BeatState, seat: int, action: int) -> tuple[BeatState, list[Event]]:
        check_legal(self, state, seat, action)
        if action == state.rules.values:
            return self._pass(state, seat)
        return self._play(state, seat, action)

    def _next(self, state: BeatState, seat: int) -> int:
        return (seat + 1) % len(state.hands)

    def _play(self, state: BeatState, seat: int, card: int) -> tuple[BeatState, list[Event]]:
        hand = list(state.hands[seat])
        hand.remove(card)
        hands = tuple(tuple(hand) if s == seat else h for s, h in enumerate(state.hands))
        state = replace(state, hands=hands, top=card, top_seat=seat, passes=0,
                        turn=self._next(state, seat))
        events: list[Event] = [Played(seat, card)]
        if hand:
            return state, events
        outs = tuple(Payment(s, seat, 1, "out", Msg("out", "出完", "out"))
                     for s in range(len(hands)) if s != seat)
        events.append(Won(seat))
        return replace(state, winner=seat, payments=outs), events

    def _pass(self, state: BeatState, seat: int) -> tuple[BeatState, list[Event]]:
        events: list[Event] = [Passed(seat)]
        passes = state.passes + 1
        if passes < len(state.hands) - 1:
            return replace(state, passes=passes, turn=self._next(state, seat)), events
        leader = state.top_seat
        assert leader is not None
        events.append(Cleared(leader))
        return replace(state, top=None, top_seat=None, passes=0, turn=leader), events

    def is_over(self, state: BeatState) -> bool:
        return state.over

    def settlement(self, state: BeatState) -> Settlement:
        return Settlement(len(state.hands), state.payments)

    # --- views ---------------------------------------------------------------------
    def rules_of(self, state: BeatState) -> BeatRules:
        return state.rules

    def table_view(self, state: BeatState, seat: int | None) -> TableView:
        """The envelope's facts and the table: the card to beat and who played it; every
        hand once the deal is over."""
        phase = "over" if state.over else "lead" if state.top is None else "beat"
        table: dict[str, Any] = {
            "stock": len(state.stock),
            "top": None if state.top is None else _text([state.top]),
            "top_seat": state.top_seat,
        }
        if state.over:
            table["hands"] = [_text(h) for h in state.hands]
        return TableView(phase=phase, dealer=state.dealer,
                         hand_sizes=[len(h) for h in state.hands],
                         hand=None if seat is None else _text(state.hands[seat]),
                         end="out" if state.over else None, table=table)

    # --- the optional conformance hooks ----------------------------------------------
    def permute_hidden(self, deal: Sequence[int], seat: int, rng: random.Random,
                       rules: BeatRules, dealer: int) -> tuple[int, ...]:
        """The deal with every card ``seat`` cannot see (other hands, the rest) shuffled."""
        k = rules.hand_size
        hidden = [c for i, c in enumerate(deal) if not seat * k <= i < (seat + 1) * k]
        rng.shuffle(hidden)
        rest = iter(hidden)
        return tuple(c if seat * k <= i < (seat + 1) * k else next(rest)
                     for i, c in enumerate(deal))

    def check_invariants(self, state: BeatState) -> None:
        """Hands sorted and drawn from the deck; the passes fewer than the other seats;
        the winner, and only the winner, out of cards."""
        left = Counter(state.deal)
        left.subtract(c for h in state.hands for c in h)
        left.subtract(state.stock)
        if min(left.values(), default=0) < 0 or any(list(h) != sorted(h) for h in state.hands):
            raise AssertionError("hands and the rest are not cards of the deal")
        if not 0 <= state.passes < len(state.hands) - 1:
            raise AssertionError(f"{state.passes} passes in a row should have cleared")
        out = [p for p, h in enumerate(state.hands) if not h]
        if out != ([] if state.winner is None else [state.winner]):
            raise AssertionError(f"seats {out} are out of cards, winner {state.winner}")

    def resample(self, state: BeatState, seat: int, rng: random.Random) -> BeatState:
        """The other hands and the face-down rest redealt (``seat`` sees only its own
        hand, the hand sizes and the cards played)."""
        if state.over:
            return state
        others = [p for p in range(len(state.hands)) if p != seat]
        pool = [c for p in others for c in state.hands[p]] + list(state.stock)
        rng.shuffle(pool)
        hands, i = list(state.hands), 0
        for p in others:
            k = len(hands[p])
            hands[p], i = tuple(sorted(pool[i:i + k])), i + k
        return replace(state, hands=tuple(hands), stock=tuple(pool[i:]))

    def omniscient(self, state: BeatState) -> Mapping[str, Any]:
        return {
            "hands": [_text(h) for h in state.hands],
            "stock": _text(state.stock),
            "turn": state.turn,
            "top": state.top,
            "top_seat": state.top_seat,
            "passes": state.passes,
            "winner": state.winner,
            "payments": [p.to_json() for p in state.payments],
        }

    # --- notation and encoding -----------------------------------------------------
    def num_actions(self, rules: BeatRules) -> int:
        return rules.values + 1

    def format_action(self, rules: BeatRules, action: int) -> str:
        return "过" if action == rules.values else str(action + 1)

    def parse_action(self, rules: BeatRules, text: str) -> int:
        word = text.strip().lower()
        if word in PASS_WORDS:
            return rules.values
        if word.isdecimal() and 1 <= int(word) <= rules.values:
            return int(word) - 1
        raise NotationError(f"not an action: {text!r} (a card 1–{rules.values}, or 过)")

    def observation_size(self, rules: BeatRules) -> int:
        return 2 * rules.values + 1 + rules.seats + 2

    def encode_observation(self, state: BeatState, seat: int) -> Sequence[float]:
        v = state.rules.values
        hand, top = [0.0] * v, [0.0] * (v + 1)
        for c in state.hands[seat]:
            hand[c] += 1
        top[v if state.top is None else state.top] = 1.0
        sizes = [float(len(h)) for h in state.hands]
        return hand + top + sizes + [float(seat in self.to_act(state)), float(state.over)]


GAME = BeatGame()
