"""Multi-deal matches: running totals and seat rotation, for any game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .protocol import Event, Game, Settlement
from .record import MatchRecord
from .session import Agent, Deal, match_deal_seed


@dataclass(slots=True)
class Match:
    """A match of ``deals`` deals; the first dealer comes from the game's own ritual
    (扳牌定序 for 掀牛), later ones from ``next_dealer`` of the deal before."""

    game: Game[Any, Any]
    rules: Any
    deals: int
    seed: int
    totals: list[int] = field(init=False)
    dealer: int = field(init=False)
    opening: list[Event] = field(init=False)
    settlements: list[Settlement] = field(default_factory=list)
    record: MatchRecord = field(init=False)
    current: Deal | None = None

    def __post_init__(self) -> None:
        if self.deals < 1:
            raise ValueError(f"a match needs at least one deal, got {self.deals}")
        self.totals = [0] * self.game.num_seats(self.rules)
        self.dealer, self.opening = self.game.first_dealer(self.rules, self.seed)
        self.record = MatchRecord(
            self.game.name, self.game.rules_to_dict(self.rules), self.seed, self.deals
        )

    @property
    def finished(self) -> bool:
        return len(self.settlements) >= self.deals

    def start_deal(self) -> Deal:
        if self.finished:
            raise ValueError("the match is over")
        seed = match_deal_seed(self.seed, len(self.settlements))
        self.current = Deal.start(self.game, self.rules, seed=seed, dealer=self.dealer)
        self.record.deals.append(self.current.record)
        return self.current

    def finish_deal(self) -> Settlement:
        deal = self.current
        if deal is None or not deal.over:
            raise ValueError("the current deal is not over")
        settlement = self.game.settlement(deal.state)
        for seat, delta in enumerate(settlement.deltas):
            self.totals[seat] += delta
        self.settlements.append(settlement)
        self.dealer = self.game.next_dealer(deal.state)
        self.current = None
        return settlement

    def play(
        self,
        agents: Sequence[Agent],
        on_deal_end: Callable[[Deal, Settlement], None] | None = None,
    ) -> list[int]:
        while not self.finished:
            deal = self.start_deal()
            deal.play_out(agents)
            settlement = self.finish_deal()
            if on_deal_end is not None:
                on_deal_end(deal, settlement)
        return self.totals
