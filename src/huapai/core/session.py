"""A deal in progress with its record: the one driver loop every front end shares."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .protocol import Event, Game, IllegalAction
from .record import ActionEntry, DealRecord, end_line, new_deal_record
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

    @classmethod
    def start(
        cls,
        game: Game[Any, Any],
        rules: Any,
        *,
        seed: int | None = None,
        deal: Sequence[int] | None = None,
        dealer: int = 0,
    ) -> Deal:
        state = game.new_game(rules, seed=seed, deal=deal, dealer=dealer)
        record = new_deal_record(game, rules, state, dealer, seed)
        return cls(game, rules, state, record)

    def act(self, seat: int, action: int) -> list[Event]:
        """Apply one action; on IllegalAction nothing (state, record, events) changes."""
        state, events = self.game.apply(self.state, seat, action)
        self.state = state
        self.record.actions.append(ActionEntry(seat, self.game.format_action(self.rules, action)))
        self.events.extend(events)
        if self.game.is_over(state):
            self.record.end = end_line(self.game, state)
        return events

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def play_out(self, agents: Sequence[Agent]) -> None:
        """Ask the agents until the deal ends (each sees only its own observation)."""
        game = self.game
        while not game.is_over(self.state):
            seat = game.to_act(self.state)[0]
            legal = game.legal_actions(self.state, seat)
            self.act(seat, decide(agents[seat], game, self.state, seat, legal))


def match_deal_seed(master: int, index: int) -> int:
    return derive_seed(master, "deal", index)


def check_legal(game: Game[Any, Any], state: Any, seat: int, action: int) -> None:
    """Raise the engine's own error if ``action`` is not legal for ``seat`` now."""
    if seat not in game.to_act(state):
        raise IllegalAction("not_your_turn", f"seat {seat} is not to act")
    if action not in game.legal_actions(state, seat):
        raise IllegalAction("illegal_action", "that action is not legal now")
