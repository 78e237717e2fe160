"""A deal in progress with its record: the one driver loop every front end shares."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .protocol import Event, Game, IllegalAction
from .record import ActionEntry, DealRecord, end_line, new_deal_record, replay_deal
from .rng import derive_seed


class Agent(Protocol):
    """Anything that picks actions from what its seat may see (bots, people, policies)."""

    def act(self, observation: Any, legal: Sequence[int]) -> int: ...


class StateAgent(Agent, Protocol):
    """An agent that searches: the driver hands it the state as well, and it promises to
    read it only through ``game.resample(state, seat, rng)`` and ``game.observe(state,
    seat)`` (:mod:`huapai.bots.search` does exactly that), so it still learns nothing its
    seat may not see."""

    def act_state(self, game: Game[Any, Any], state: Any, seat: int,
                  legal: Sequence[int]) -> int: ...


def decide(agent: Agent, game: Game[Any, Any], state: Any, seat: int,
           legal: Sequence[int]) -> int:
    """What ``agent`` plays at ``seat``: ``act_state`` for a searching agent, else
    ``act`` on the seat's observation. Every driver asks its agents through this."""
    act_state = getattr(agent, "act_state", None)  # not isinstance: a runtime Protocol
    if act_state is not None:                      # check costs ~100 us a decision
        choice: int = act_state(game, state, seat, legal)
        return choice
    return agent.act(game.observe(state, seat), legal)


@dataclass(slots=True)
class Deal:
    """One deal: the state, its record, and every event so far (for omniscient logs)."""

    game: Game[Any, Any]
    rules: Any
    state: Any
    record: DealRecord
    events: list[Event] = field(default_factory=list)
    opening: list[Event] = field(default_factory=list)
    log: bool = True  # keep every event in ``events`` (drivers that stream them: False)

    @classmethod
    def start(
        cls,
        game: Game[Any, Any],
        rules: Any,
        *,
        seed: int | None = None,
        deal: Sequence[int] | None = None,
        dealer: int = 0,
        carry: Any = None,
        log: bool = True,
    ) -> Deal:
        """Deal a fresh game; ``carry`` (the previous deal's ``carry()``) is passed to
        ``new_game`` only when there is one. ``opening`` holds the engine's
        ``opening_events`` (shown before anyone acts)."""
        if carry is None:
            state = game.new_game(rules, seed=seed, deal=deal, dealer=dealer)
        else:
            state = game.new_game(rules, seed=seed, deal=deal, dealer=dealer,
                                  carry=carry)  # type: ignore[call-arg]
        record = new_deal_record(game, rules, state, dealer, seed, carry)
        opening = list(game.opening_events(state))
        return cls(game, rules, state, record, list(opening) if log else [], opening, log)

    @classmethod
    def resume(cls, game: Game[Any, Any], rules: Any, record: DealRecord,
               log: bool = True) -> Deal:
        """The deal a record stands at (its actions replayed, checked): how a driver picks
        up a deal after a restart."""
        replayed = replay_deal(record, game)
        events = [*replayed.opening, *(e for s in replayed.steps for e in s.events)]
        return cls(game, rules, replayed.final, record, events if log else [],
                   replayed.opening, log)

    def act(self, seat: int, action: int) -> list[Event]:
        """Apply one action; on IllegalAction nothing (state, record, events) changes."""
        state, events = self.game.apply(self.state, seat, action)
        self.commit(seat, action, state, events)
        return events

    def commit(self, seat: int, action: int, state: Any, events: list[Event],
               by: str | None = None) -> None:
        """Take ``state`` (what ``game.apply(self.state, seat, action)`` returned) as the
        deal's: for drivers that apply on a copy and commit only once the move is kept
        (the server, after its write is durable). ``by``: the record's stand-in for the
        seat's player (``record.STAND_INS``), if one made the move."""
        self.state = state
        self.record.actions.append(ActionEntry(seat, self.game.format_action(self.rules, action),
                                               by))
        if self.log:
            self.events.extend(events)
        if self.game.is_over(state):
            self.record.end = end_line(self.game, state)

    def answer(self, seat: int, action: int) -> list[Event]:
        """:meth:`act` for an agent's choice: the engine refusing it is an
        :class:`AgentError` naming the seat (a bug in the agent), as drivers report it."""
        try:
            return self.act(seat, action)
        except IllegalAction as exc:
            raise AgentError(seat, exc) from None

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def play_out(self, agents: Sequence[Agent] | Mapping[int, Agent],
                 first: int | None = None,
                 after: Callable[[int, int, list[Event]], None] | None = None) -> int:
        """Ask the agents until the deal ends (each sees only its own observation);
        returns the number of decisions. With several seats in ``to_act`` (a claim
        window) they answer one at a time in the order the game lists them, except that
        ``first`` (a human at the table) always answers before the others, so no other
        answer can tell it anything. ``after(seat, action, events)`` sees each move
        applied. An agent's illegal choice raises :class:`AgentError`, naming the seat."""
        game, decisions = self.game, 0
        while not game.is_over(self.state):
            seats = game.to_act(self.state)
            seat = first if first is not None and first in seats else seats[0]
            legal = game.legal_actions(self.state, seat)
            action = decide(agents[seat], game, self.state, seat, legal)
            events = self.answer(seat, action)
            decisions += 1
            if after is not None:
                after(seat, action, events)
        return decisions


class AgentError(Exception):
    """An agent chose an action the engine refused (a bug in the agent)."""

    def __init__(self, seat: int, error: IllegalAction) -> None:
        super().__init__(f"seat {seat} chose an illegal action ({error.code}): "
                         f"{error.message}")
        self.seat = seat
        self.error = error


def match_deal_seed(master: int, index: int) -> int:
    return derive_seed(master, "deal", index)


def check_legal(game: Game[Any, Any], state: Any, seat: int, action: int) -> None:
    """Raise the engine's own error if ``action`` is not legal for ``seat`` now."""
    if seat not in game.to_act(state):
        raise IllegalAction("not_your_turn", f"seat {seat} is not to act")
    if action not in game.legal_actions(state, seat):
        raise IllegalAction("illegal_action", "that action is not legal now")
