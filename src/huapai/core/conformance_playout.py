"""One checked random playout (:class:`Playout`): every step of a seeded deal held to the
protocol's contract, as listed in :mod:`huapai.core.conformance`."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .conformance_base import (
    CODE_PATTERN,
    Config,
    ConformanceError,
    HiddenInfo,
    Invariants,
    check_events,
    json_text,
    snapshot,
    zero_sum,
)
from .conformance_checks import (
    diff,
    envelope_problem,
    resample_problem,
    window_problem,
)
from .present import ActionInfo, Msg
from .protocol import Event, Game, IllegalAction
from .record import ReplayError, dumps, parse, replay_deal
from .rng import derive_seed
from .session import Deal


@dataclass(frozen=True, slots=True)
class _Step:
    """What the original playout saw at one step, for the hidden-information replay."""

    to_act: tuple[int, ...]
    views: dict[int, tuple[Mapping[str, Any], tuple[float, ...]]]


@dataclass(frozen=True, slots=True)
class PlayoutResult:
    steps: int
    hidden_steps: int
    resamples: int = 0
    resamples_changed: int = 0


class Playout:
    """One seeded random deal, checked at every step."""

    def __init__(
        self, game: Game[Any, Any], rules: Any, seed: int, config: Config, label: str
    ) -> None:
        self.game, self.rules, self.seed, self.config = game, rules, seed, config
        self.rng = random.Random(seed)
        self.sample_rng = random.Random(derive_seed(seed, "resample"))
        self.resamples = self.resamples_changed = 0
        self.n = game.num_seats(rules)
        self.num_actions = game.num_actions(rules)
        self.dealer = self.rng.randrange(self.n)
        self.label = f"{label} seed={seed} dealer={self.dealer}"
        self.step = -1
        self.watch = self._watched_seats()
        self.deal = Deal.start(game, rules, seed=seed, dealer=self.dealer)
        self.initial = self.deal.state
        self.moves: list[tuple[int, int]] = []
        self.history: list[_Step] = []
        self.step_events: list[list[Event]] = []
        self.round_tripped: set[int] = set()
        self.omni: Mapping[str, Any] | None = None  # omniscient view of the current state

    def _watched_seats(self) -> list[int]:
        if not isinstance(self.game, HiddenInfo):
            return []
        return sorted(self.rng.sample(range(self.n), min(self.config.hidden_seats, self.n)))

    # --- failure --------------------------------------------------------------------
    @property
    def where(self) -> str:
        return f"{self.label} step={self.step}"

    def fail(self, message: str) -> ConformanceError:
        return ConformanceError(message, where=self.where, record=dumps(self.deal.record.lines()))

    def require(self, ok: bool, message: str) -> None:
        if not ok:
            raise self.fail(message)

    def problem(self, message: str | None) -> None:
        if message is not None:
            raise self.fail(message)

    # --- the loop -------------------------------------------------------------------
    def run(self) -> PlayoutResult:
        self.check_dealing()
        for step in range(self.config.max_steps + 1):
            self.step = step
            state = self.deal.state
            self.check_state(state)
            if self.game.is_over(state):
                break
            seat = self.rng.choice(self.game.to_act(state))
            action = self.rng.choice(list(self.game.legal_actions(state, seat)))
            self.probe_illegal(state, seat)
            self.check_sampling(state, seat)
            self.apply_checked(state, seat, action)
        else:
            raise self.fail(f"the deal did not end within {self.config.max_steps} actions")
        self.check_settlement(self.deal.state)
        self.check_record()
        hidden = sum(self.check_hidden(seat) for seat in self.watch)
        return PlayoutResult(len(self.moves), hidden, self.resamples, self.resamples_changed)

    # --- dealing --------------------------------------------------------------------
    def check_dealing(self) -> None:
        game, rules, state = self.game, self.rules, self.initial
        deal = tuple(game.deal_of(state))
        text = game.format_deal(rules, deal)
        self.require(tuple(game.parse_deal(rules, text)) == deal,
                     "parse_deal(format_deal(deal)) does not give the deal back")
        again = game.new_game(rules, deal=deal, dealer=self.dealer)
        self.require(game.omniscient(again) == game.omniscient(state),
                     "new_game(deal=deal_of(state)) differs from the seeded deal")
        seeded = game.new_game(rules, seed=self.seed, dealer=self.dealer)
        self.require(game.omniscient(seeded) == game.omniscient(state),
                     "new_game(seed=…) is not deterministic")

    # --- every state ----------------------------------------------------------------
    def check_state(self, state: Any) -> None:
        to_act = self.check_to_act(state)
        for seat in range(self.n):
            self.check_legal(state, seat, seat in to_act)
        views = self.check_views(state)
        self.history.append(_Step(to_act, {s: views[s] for s in self.watch}))
        if isinstance(self.game, Invariants):
            try:
                self.game.check_invariants(state)
            except Exception as exc:
                raise self.fail(f"check_invariants: {exc!r}") from exc

    def check_to_act(self, state: Any) -> tuple[int, ...]:
        to_act = tuple(self.game.to_act(state))
        over = self.game.is_over(state)
        self.require(all(isinstance(s, int) and 0 <= s < self.n for s in to_act),
                     f"to_act {to_act} holds something that is not a seat 0..{self.n - 1}")
        self.require(len(set(to_act)) == len(to_act), f"to_act {to_act} repeats a seat")
        if over:
            self.require(not to_act, f"to_act is {to_act} but the deal is over")
        else:
            self.require(bool(to_act), "to_act is empty while the deal is not over")
        return to_act

    def check_legal(self, state: Any, seat: int, acting: bool) -> None:
        legal = list(self.game.legal_actions(state, seat))
        if not acting:
            self.require(not legal, f"legal_actions gives seat {seat} {legal[:5]}… but "
                         "it is not to act (legality must be membership in legal_actions)")
            return
        self.require(bool(legal), f"seat {seat} is to act but has no legal action")
        self.require(all(isinstance(a, int) and 0 <= a < self.num_actions for a in legal),
                     f"legal_actions of seat {seat} leaves range({self.num_actions})")
        self.require(all(a < b for a, b in itertools.pairwise(legal)),
                     f"legal_actions of seat {seat} is not sorted without repeats: {legal}")
        self.require(list(self.game.legal_actions(state, seat)) == legal,
                     f"legal_actions of seat {seat} is not deterministic")
        for action in legal:
            self.check_notation(action)

    def check_notation(self, action: int) -> None:
        if action in self.round_tripped:
            return
        text = self.game.format_action(self.rules, action)
        self.require(isinstance(text, str) and bool(text.strip()),
                     f"format_action({action}) gives no text")
        back = self.game.parse_action(self.rules, text)
        self.require(back == action,
                     f"action {action} formats as {text!r}, which parses to {back}: "
                     "format_action / parse_action must round-trip")
        self.check_description(action)
        self.round_tripped.add(action)

    def check_description(self, action: int) -> None:
        info = self.game.describe_action(self.rules, action)
        self.require(isinstance(info, ActionInfo) and info.action == action,
                     f"describe_action({action}) must be an ActionInfo for that action")
        self.require(bool(CODE_PATTERN.match(info.kind)) and _said(info.label),
                     f"describe_action({action}) needs a snake_case kind and a label in "
                     f"both languages: {info}")
        self.require(info.group == "button" or bool(info.cards),
                     f"describe_action({action}) is chosen by cards but names none")
        json_text(info.to_json(), f"describe_action({action})", self.where)

    def check_views(self, state: Any) -> dict[int, tuple[Mapping[str, Any], tuple[float, ...]]]:
        game, size = self.game, self.game.observation_size(self.rules)
        views = {}
        for viewer in (*range(self.n), None):
            obs = game.observe(state, viewer)
            self.require(isinstance(obs, Mapping), f"observe(state, {viewer}) is not a mapping")
            json_text(obs, f"observe(state, {viewer})", self.where)
            self.problem(envelope_problem(game, state, viewer, obs))
            if viewer is not None:
                views[viewer] = (obs, self.check_encoding(state, viewer, size))
        if self.omni is None:
            self.omni = game.omniscient(state)
        json_text(self.omni, "omniscient(state)", self.where)
        return views

    def check_encoding(self, state: Any, seat: int, size: int) -> tuple[float, ...]:
        vector = tuple(float(x) for x in self.game.encode_observation(state, seat))
        self.require(len(vector) == size, f"encode_observation gives {len(vector)} "
                     f"numbers but observation_size is {size}")
        self.require(all(math.isfinite(x) for x in vector),
                     "encode_observation holds a NaN or an infinity")
        return vector

    # --- claim windows and resample ----------------------------------------------------
    def check_sampling(self, state: Any, seat: int) -> None:
        """The acting seat's answers stay hidden while a window is open; ``resample``
        for a random seat keeps its view and the deck and stays playable (and whether it
        changed the state is counted: see :func:`run`)."""
        self.problem(window_problem(self.game, state, seat))
        viewer = self.sample_rng.randrange(self.n)
        invariants = self.game.check_invariants if isinstance(self.game, Invariants) else None
        problem, changed = resample_problem(self.game, state, viewer, self.sample_rng,
                                            invariants)
        self.problem(problem)
        self.resamples += 1
        self.resamples_changed += changed

    # --- illegal offers ---------------------------------------------------------------
    def probe_illegal(self, state: Any, seat: int) -> None:
        before = snapshot(state)
        probes = self.illegal_offers(state, seat)
        codes = [self.offer(state, s, a, why) for s, a, why in probes]
        s, a, why = probes[0]
        self.require(self.offer(state, s, a, why) == codes[0],
                     f"the IllegalAction code for {why} is not stable")
        self.require(snapshot(state) == before,
                     "a rejected action changed the state it was offered to")
        self.refuse_missing_seats(state)

    def refuse_missing_seats(self, state: Any) -> None:
        """``legal_actions`` of a seat the table lacks is a ValueError, not an empty list
        (which means "not asked now")."""
        for seat in (-1, self.n):
            try:
                self.game.legal_actions(state, seat)
            except ValueError:
                continue
            raise self.fail(f"legal_actions(seat {seat}) of a {self.n}-seat table did not "
                            "raise ValueError")

    def illegal_offers(self, state: Any, seat: int) -> list[tuple[int, int, str]]:
        legal = list(self.game.legal_actions(state, seat))
        allowed, ok = set(legal), self.rng.choice(legal)
        out = [(seat, -1, "action -1"), (seat, self.num_actions, "action num_actions")]
        for _ in range(4 * self.config.probes):
            action = self.rng.randrange(self.num_actions)
            if action not in allowed and len(out) < 2 + self.config.probes:
                out.append((seat, action, f"action {action}, not in legal_actions"))
        idle = [s for s in range(self.n) if s not in self.game.to_act(state)]
        if idle:
            out.append((self.rng.choice(idle), ok, "a seat that is not to act"))
        out += [(-1, ok, "seat -1"), (self.n, ok, f"seat {self.n} (out of range)")]
        return out

    def offer(self, state: Any, seat: int, action: int, why: str) -> str:
        try:
            self.game.apply(state, seat, action)
        except IllegalAction as exc:
            self.require(isinstance(exc.code, str) and bool(CODE_PATTERN.match(exc.code)),
                         f"IllegalAction code {exc.code!r} for {why} is not a stable "
                         "snake_case code")
            self.require(bool(exc.message) and _said(exc.msg),
                         f"IllegalAction for {why} has no message in both languages")
            return exc.code
        except Exception as exc:
            raise self.fail(f"apply raised {exc!r} for {why}; expected IllegalAction") from exc
        raise self.fail(f"apply accepted {why} (seat {seat}, action {action})")

    # --- the chosen action ------------------------------------------------------------
    def apply_checked(self, state: Any, seat: int, action: int) -> None:
        """Apply twice (directly and through the Deal): pure, deterministic, same events.

        The omniscient view before the step was taken in :meth:`check_views`; comparing it
        after also covers the rejected offers of :meth:`probe_illegal`.
        """
        game = self.game
        before = snapshot(state)
        first, events = game.apply(state, seat, action)
        self.require(snapshot(state) == before and game.omniscient(state) == self.omni,
                     f"apply(seat {seat}, {action}) or a rejected offer changed the state "
                     "it was given")
        again = self.deal.act(seat, action)
        self.omni = game.omniscient(self.deal.state)
        self.require(game.omniscient(first) == self.omni and events == again,
                     f"apply(seat {seat}, {action}) is not deterministic")
        check_events(again, self.n, self.where)
        self.moves.append((seat, action))
        self.step_events.append(again)

    # --- the end ----------------------------------------------------------------------
    def check_settlement(self, state: Any) -> None:
        result = self.game.settlement(state)
        self.require(len(result.deltas) == self.n == result.num_seats,
                     f"settlement has {len(result.deltas)} deltas for {self.n} seats")
        if zero_sum(self.game):
            self.require(sum(result.deltas) == 0,
                         f"settlement deltas {list(result.deltas)} do not sum to 0")
        for p in result.payments:
            self.require(0 <= p.payer < self.n and 0 <= p.payee < self.n and p.payer != p.payee,
                         f"payment {p} is not between two different seats")
            self.require(isinstance(p.amount, int) and p.amount >= 0 and bool(p.reason),
                         f"payment {p} needs a non-negative amount and a reason code")
        for item in result.items:
            self.require((item.seat is None or 0 <= item.seat < self.n)
                         and bool(CODE_PATTERN.match(item.code)) and _said(item.label)
                         and isinstance(item.value, int),
                         f"settlement item {item} needs a seat or None, a snake_case code, "
                         "a label in both languages and an int value")
        self.require(not result.notes or bool(result.items),
                     f"settlement has notes {list(result.notes)} but no items (front ends show "
                     "a settlement's facts from its items, in the player's language)")
        json_text(result.to_json(), "settlement", self.where)
        dealer = self.game.next_dealer(state)
        self.require(0 <= dealer < self.n, f"next_dealer gave {dealer}")

    def check_record(self) -> None:
        game, final = self.game, self.deal.state
        text = dumps(self.deal.record.lines())
        try:
            replay = replay_deal(parse(text)[1][0])
        except ReplayError as exc:
            raise self.fail(f"the record does not replay: {exc}") from exc
        self.require(game.omniscient(replay.final) == game.omniscient(final),
                     "the record's replay ends in a different state")
        self.require([(s.seat, s.action) for s in replay.steps] == self.moves,
                     "the record's replay reads back different actions")
        self.require([s.events for s in replay.steps] == self.step_events,
                     "the record's replay gives different events")
        self.require(game.settlement(replay.final).to_json() == game.settlement(final).to_json(),
                     "the record's replay gives a different settlement")

    # --- hidden information -----------------------------------------------------------
    def check_hidden(self, seat: int) -> int:
        """Replay the same actions on a deal with the other seats' hidden cards re-dealt.

        While ``seat`` has seen the same events (and the same seats are asked), its
        observation and encoding must be the same: they may depend only on what it was
        shown. The replay stops where the two deals part publicly (an action becomes
        illegal, ``to_act`` or the events ``seat`` sees differ, or the deal ends).
        Returns the number of steps compared.
        """
        game, rules = self.game, self.rules
        assert isinstance(game, HiddenInfo)
        deal = tuple(game.deal_of(self.initial))
        rng = random.Random(derive_seed(self.seed, "hidden", seat))
        other = tuple(game.permute_hidden(deal, seat, rng, rules, self.dealer))
        self.require(sorted(other) == sorted(deal), "permute_hidden must return a "
                     "permutation of the deal")
        state = self.game.new_game(rules, deal=other, dealer=self.dealer)
        for step, (actor, action) in enumerate(self.moves):
            self.step = step
            if not self.same_view(state, seat, self.history[step]):
                return step
            try:
                state, events = game.apply(state, actor, action)
            except IllegalAction:
                return step + 1
            if _seen(events, seat) != _seen(self.step_events[step], seat):
                return step + 1
        return len(self.moves)

    def same_view(self, state: Any, seat: int, seen: _Step) -> bool:
        if self.game.is_over(state) or tuple(self.game.to_act(state)) != seen.to_act:
            return False
        obs, vector = seen.views[seat]
        mine = self.game.observe(state, seat)
        self.require(mine == obs, f"the observation of seat {seat} depends on other seats' "
                     f"hidden cards: {diff(obs, mine)}")
        self.require(tuple(float(x) for x in self.game.encode_observation(state, seat))
                     == vector, f"the encoding of seat {seat} depends on other seats' "
                     "hidden cards")
        return True


def _said(msg: Msg) -> bool:
    """A message with its text in both languages."""
    return isinstance(msg, Msg) and bool(msg.zh.strip()) and bool(msg.en.strip())


def _seen(events: Sequence[Event], seat: int) -> list[Event]:
    return [e.for_viewer(seat) for e in events]


# ----------------------------------------------------------------------------- perft
