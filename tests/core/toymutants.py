"""Deliberately broken variants of the toy game (tests/core/toygame.py): each breaks one
clause of the protocol's contract, so the conformance suite can be shown to *fail* on it
with the message in ``MUTANTS``."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from toygame import ToyGame, ToyRules, ToyState, _with

from huapai.core.base import GameBase
from huapai.core.present import UNITS, ActionInfo, Msg, SettlementItem
from huapai.core.protocol import Event, Game, IllegalAction, Settlement


class UnsortedLegal(ToyGame):
    name = "toy_unsorted"

    def legal_actions(self, state: ToyState, seat: int) -> Sequence[int]:
        return list(reversed(super().legal_actions(state, seat)))


class MutatingApply(ToyGame):
    name = "toy_mutating"

    def apply(self, state: ToyState, seat: int, action: int) -> tuple[ToyState, list[Event]]:
        new, events = super().apply(state, seat, action)
        object.__setattr__(state, "played", (*state.played, (seat, action)))
        return new, events


class LaxTurn(ToyGame):
    name = "toy_laxturn"

    def apply(self, state: ToyState, seat: int, action: int) -> tuple[ToyState, list[Event]]:
        if 0 <= seat < state.rules.seats and seat not in self.to_act(state):
            return state, []
        return super().apply(state, seat, action)


class LeakyObserve(ToyGame):
    name = "toy_leaky"

    def observe(self, state: ToyState, seat: int | None) -> Mapping[str, Any]:
        out = dict(super().observe(state, seat))
        out["next_hand"] = list(state.hands[((seat or 0) + 1) % state.rules.seats])
        return out


class LeakyEncoding(ToyGame):
    """The numeric encoding gives away the next seat's hand."""

    name = "toy_leaky_encoding"

    def observation_size(self, rules: ToyRules) -> int:
        return super().observation_size(rules) + rules.values

    def encode_observation(self, state: ToyState, seat: int) -> Sequence[float]:
        extra = [0.0] * state.rules.values
        for c in state.hands[(seat + 1) % state.rules.seats]:
            extra[c] += 1
        return [*super().encode_observation(state, seat), *extra]


class BadNotation(ToyGame):
    name = "toy_notation"

    def parse_action(self, rules: ToyRules, text: str) -> int:
        return rules.values + 1 if text == "claim" else super().parse_action(rules, text)


class NotZeroSum(ToyGame):
    name = "toy_not_zero_sum"

    def settlement(self, state: ToyState) -> Settlement:
        result = super().settlement(state)
        object.__setattr__(result, "deltas", tuple(d + 1 for d in result.deltas))
        return result


class WrongEncoding(ToyGame):
    name = "toy_encoding"

    def encode_observation(self, state: ToyState, seat: int) -> Sequence[float]:
        return [*super().encode_observation(state, seat), 0.0]


class Stuck(ToyGame):
    """Nobody is said to be asked in a claim window once someone has answered."""

    name = "toy_stuck"

    def to_act(self, state: ToyState) -> tuple[int, ...]:
        return () if state.answers and not state.over else super().to_act(state)

    def legal_actions(self, state: ToyState, seat: int) -> Sequence[int]:
        return [] if state.answers and not state.over else super().legal_actions(state, seat)


class SeatlessLegal(ToyGame):
    """legal_actions of a seat the table lacks is an empty list, as if not asked."""

    name = "toy_seatless"

    def legal_actions(self, state: ToyState, seat: int) -> Sequence[int]:
        return super().legal_actions(state, seat) if 0 <= seat < len(state.hands) else []


class SilentCode(ToyGame):
    name = "toy_silent_code"

    def apply(self, state: ToyState, seat: int, action: int) -> tuple[ToyState, list[Event]]:
        try:
            return super().apply(state, seat, action)
        except IllegalAction as exc:
            raise IllegalAction("", exc.message) from None


class HalfSaid(ToyGame):
    """Refusals said in Chinese only (an empty English text)."""

    name = "toy_half_said"

    def apply(self, state: ToyState, seat: int, action: int) -> tuple[ToyState, list[Event]]:
        try:
            return super().apply(state, seat, action)
        except IllegalAction as exc:
            raise IllegalAction(Msg(exc.code, exc.msg.zh, "")) from None


class CardlessPlay(ToyGame):
    """Every action claims to be chosen by cards from the hand, and names none."""

    name = "toy_cardless"

    def describe_action(self, rules: ToyRules, action: int) -> ActionInfo:
        return replace(super().describe_action(rules, action), group="cards")


class UnsaidItem(ToyGame):
    """A settlement item without an English label."""

    name = "toy_unsaid_item"

    def settlement(self, state: ToyState) -> Settlement:
        result = super().settlement(state)
        item = SettlementItem(0, "cards_left", Msg("cards_left", "余牌", ""), 1, UNITS["zhang"])
        return Settlement(result.num_seats, result.payments, items=(item,))


class NegativeSeat(ToyGame):
    """Seat -1 silently means the last seat (Python indexing)."""

    name = "toy_negative_seat"

    def apply(self, state: ToyState, seat: int, action: int) -> tuple[ToyState, list[Event]]:
        return super().apply(state, seat % state.rules.seats, action)


class UnfaithfulRecord(ToyGame):
    """The deal notation forgets the stock order, so a record does not replay."""

    name = "toy_record"

    def format_deal(self, rules: ToyRules, deal: Sequence[int]) -> str:
        k, n = rules.hand_size, rules.seats
        return super().format_deal(rules, (*deal[: n * k], *sorted(deal[n * k:])))


class LoudAnswer(ToyGame):
    """A window answer is shown to every seat at once."""

    name = "toy_loud_answer"

    def _answer(self, state: ToyState, seat: int, claim: bool) -> tuple[ToyState, list[Event]]:
        state, events = super()._answer(state, seat, claim)
        return state, [LoudAnswered(seat, claim), *events[1:]]


@dataclass(frozen=True, slots=True)
class LoudAnswered(Event):
    kind: ClassVar[str] = "answered"
    claim: bool


class NoEnvelope(ToyGame):
    """The view forgets the legal actions."""

    name = "toy_no_envelope"

    def observe(self, state: ToyState, seat: int | None) -> Mapping[str, Any]:
        out = dict(super().observe(state, seat))
        del out["legal"]
        return out


class PeekingResample(ToyGame):
    """Resampling also redeals the seat's own hand."""

    name = "toy_peeking_resample"

    def resample(self, state: ToyState, seat: int, rng: random.Random) -> ToyState:
        other = super().resample(state, seat, rng)
        if state.over:
            return other
        nxt = (seat + 1) % state.rules.seats
        hands = _with(_with(other.hands, seat, other.hands[nxt]), nxt, other.hands[seat])
        return replace(other, hands=hands)


class ForgingResample(ToyGame):
    """Resampling turns a card of the stock into another value."""

    name = "toy_forging_resample"

    def resample(self, state: ToyState, seat: int, rng: random.Random) -> ToyState:
        other = super().resample(state, seat, rng)
        if not other.stock:
            return other
        forged = (other.stock[0] + 1) % state.rules.values
        return replace(other, stock=(forged, *other.stock[1:]))


class FrozenResample(ToyGame):
    """Resampling gives the state back unchanged (a search would peek)."""

    name = "toy_frozen_resample"

    def resample(self, state: ToyState, seat: int, rng: random.Random) -> ToyState:
        return state


class NoResample(ToyGame):
    """A family that forgot its sampler (GameBase's default)."""

    name = "toy_no_resample"

    def resample(self, state: ToyState, seat: int, rng: random.Random) -> ToyState:
        return GameBase.resample(self, state, seat, rng)


class NotesOnly(ToyGame):
    """Says a settlement's facts as free text only (both languages in one string)."""

    name = "toy_notes_only"

    def settlement(self, state: ToyState) -> Settlement:
        return Settlement(state.rules.seats, state.payments, ("出完 / out",))


MUTANTS: dict[str, str] = {
    "UNSORTED": "legal_actions",
    "MUTATING": "changed the state it was given",
    "LAXTURN": "accepted",
    "LEAKY": "observation of seat",
    "LEAKY_ENCODING": "encoding of seat",
    "NOTATION": "round-trip",
    "NOT_ZERO_SUM": "sum to",
    "ENCODING": "observation_size",
    "STUCK": "to_act is empty",
    "SILENT_CODE": "code",
    "NEGATIVE_SEAT": "accepted",
    "SEATLESS": "did not raise ValueError",
    "HALF_SAID": "message in both languages",
    "CARDLESS": "chosen by cards but names none",
    "UNSAID_ITEM": "label in both languages",
    "RECORD": "parse_deal(format_deal(deal))",
    "LOUD_ANSWER": "answer shows before the claim window closes",
    "NO_ENVELOPE": "lacks envelope key(s) ['legal']",
    "PEEKING_RESAMPLE": "changed under resample",
    "FORGING_RESAMPLE": "check_invariants after resample",
    "FROZEN_RESAMPLE": "does not vary",
    "NO_RESAMPLE": "has no resample",
    "NOTES_ONLY": "but no items",
}
UNSORTED: Game[ToyRules, ToyState] = UnsortedLegal()
MUTATING: Game[ToyRules, ToyState] = MutatingApply()
LAXTURN: Game[ToyRules, ToyState] = LaxTurn()
LEAKY: Game[ToyRules, ToyState] = LeakyObserve()
LEAKY_ENCODING: Game[ToyRules, ToyState] = LeakyEncoding()
NOTATION: Game[ToyRules, ToyState] = BadNotation()
NOT_ZERO_SUM: Game[ToyRules, ToyState] = NotZeroSum()
ENCODING: Game[ToyRules, ToyState] = WrongEncoding()
STUCK: Game[ToyRules, ToyState] = Stuck()
SILENT_CODE: Game[ToyRules, ToyState] = SilentCode()
NEGATIVE_SEAT: Game[ToyRules, ToyState] = NegativeSeat()
SEATLESS: Game[ToyRules, ToyState] = SeatlessLegal()
HALF_SAID: Game[ToyRules, ToyState] = HalfSaid()
CARDLESS: Game[ToyRules, ToyState] = CardlessPlay()
UNSAID_ITEM: Game[ToyRules, ToyState] = UnsaidItem()
RECORD: Game[ToyRules, ToyState] = UnfaithfulRecord()
LOUD_ANSWER: Game[ToyRules, ToyState] = LoudAnswer()
NO_ENVELOPE: Game[ToyRules, ToyState] = NoEnvelope()
PEEKING_RESAMPLE: Game[ToyRules, ToyState] = PeekingResample()
FORGING_RESAMPLE: Game[ToyRules, ToyState] = ForgingResample()
FROZEN_RESAMPLE: Game[ToyRules, ToyState] = FrozenResample()
NO_RESAMPLE: Game[ToyRules, ToyState] = NoResample()
NOTES_ONLY: Game[ToyRules, ToyState] = NotesOnly()
