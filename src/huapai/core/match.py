"""Multi-deal matches: running totals, seat rotation and carried state, for any game.

:class:`Match` is the one match driver. The CLI (``play``, ``simulate``), the server's
rooms, the RL environment and the bots' strength measures all start deals, settle them
and move the dealer here; each front end only decides who answers (``Deal.play_out``
with agents, or one move at a time from people). What a family carries from one deal to
the next (``game.carry``) is passed to the next ``new_game`` and kept in that deal's
record header.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .protocol import Event, Game, Settlement
from .record import DealRecord, MatchRecord
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
    last: Deal | None = None  # the deal finished most recently
    carry: Any = None
    # keep the match record and each deal's events in memory (the CLI, tests, bots);
    # the server, which stores every move as it happens, keeps neither
    log: bool = True
    preset: str | None = None  # the preset the rules started from, for the record

    def __post_init__(self) -> None:
        if self.deals < 1:
            raise ValueError(f"a match needs at least one deal, got {self.deals}")
        self.totals = [0] * self.game.num_seats(self.rules)
        self.dealer, self.opening = self.game.first_dealer(self.rules, self.seed)
        self.record = MatchRecord(
            self.game.name, self.game.rules_to_dict(self.rules), self.seed, self.deals,
            preset=self.preset)

    ended: bool = False  # a deal ended the match early (``game.match_over``: 得一钵)

    @property
    def finished(self) -> bool:
        return self.ended or len(self.settlements) >= self.deals

    @property
    def index(self) -> int:
        """The number of the current (or next) deal, from 0."""
        return len(self.settlements)

    def start_deal(self, seed: int | None = None) -> Deal:
        """Deal the next deal and make it current (:meth:`next_deal`, :meth:`adopt`)."""
        deal = self.next_deal(seed)
        self.adopt(deal)
        return deal

    def next_deal(self, seed: int | None = None) -> Deal:
        """The next deal, from ``seed`` (default: derived from the match seed; the server
        draws a fresh committed seed per deal), by the match's dealer and carried value;
        not yet current (the server adopts it once it is stored)."""
        if self.finished:
            raise ValueError("the match is over")
        if self.current is not None:
            raise ValueError("the current deal is not finished")
        if seed is None:
            seed = match_deal_seed(self.seed, len(self.settlements))
        return Deal.start(self.game, self.rules, seed=seed, dealer=self.dealer,
                          carry=self.carry, log=self.log)

    def adopt(self, deal: Deal) -> None:
        """Make ``deal`` (started or resumed by the caller) the current one."""
        if self.current is not None:
            raise ValueError("the current deal is not finished")
        self.current = deal
        self.dealer = deal.record.dealer
        if self.log:
            self.record.deals.append(deal.record)

    def finish_deal(self) -> Settlement:
        deal = self.current
        if deal is None or not deal.over:
            raise ValueError("the current deal is not over")
        settlement = self.game.settlement(deal.state)
        for seat, delta in enumerate(settlement.deltas):
            self.totals[seat] += delta
        self.settlements.append(settlement)
        self.dealer = self.game.next_dealer(deal.state)
        self.carry = self.game.carry(deal.state)
        self.ended = self.game.match_over(deal.state)
        self.current, self.last = None, deal
        return settlement

    def play(
        self,
        agents: Sequence[Agent] | Mapping[int, Agent],
        on_deal_end: Callable[[Deal, Settlement], None] | None = None,
    ) -> list[int]:
        while not self.finished:
            deal = self.start_deal()
            deal.play_out(agents)
            settlement = self.finish_deal()
            if on_deal_end is not None:
                on_deal_end(deal, settlement)
        return self.totals

    @classmethod
    def resume(cls, game: Game[Any, Any], rules: Any, deals: int, seed: int,
               records: Sequence[DealRecord], log: bool = True,
               preset: str | None = None) -> Match:
        """The match as its deal records leave it: every finished deal replayed and
        settled, the last one (if unfinished) current. A restart resumes here, and
        ``huapai play --resume``."""
        match = cls(game, rules, deals, seed, log=log, preset=preset)
        for record in records:
            match.adopt(Deal.resume(game, rules, record, log))
            if match.current is not None and match.current.over and record.end is not None:
                match.finish_deal()
        return match
