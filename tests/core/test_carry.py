"""The deal's opening events and the state a family carries from one deal to the next
(``Game.opening_events`` and ``Game.carry``, protocol hooks with a default of none).

``StreakToy`` is the toy game with a 连庄 count: a dealer who keeps the deal raises the
streak, and every payment of a deal is multiplied by (1 + streak). Its records carry the
streak in each deal header, so a deal replays from its own record alone; a family that
carries nothing writes no ``carry`` key (old records are unchanged).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import toygame

from huapai.bots import RandomBot
from huapai.core.match import Match
from huapai.core.protocol import Event, Settlement
from huapai.core.record import ReplayError, dumps, parse, replay_deal
from huapai.core.session import Deal


@dataclass(frozen=True, slots=True)
class StreakState(toygame.ToyState):
    streak: int = 0


@dataclass(frozen=True, slots=True)
class StreakShown(Event):
    kind = "streak_shown"
    streak: int


class StreakToy(toygame.ToyGame):
    name = "toy_streak"

    def new_game(self, rules: toygame.ToyRules, *, seed: int | None = None,
                 deal: Sequence[int] | None = None, dealer: int = 0,
                 carry: Any = None) -> toygame.ToyState:
        state = super().new_game(rules, seed=seed, deal=deal, dealer=dealer)
        streak = 0 if carry is None else int(carry["streak"])
        fields = {name: getattr(state, name) for name in state.__dataclass_fields__}
        return StreakState(**fields, streak=streak)

    def opening_events(self, state: toygame.ToyState) -> list[Event]:
        streak = state.streak if isinstance(state, StreakState) else 0
        return [StreakShown(state.dealer, streak)] if streak else []

    def carry(self, state: toygame.ToyState) -> Any:
        assert isinstance(state, StreakState)
        kept = self.next_dealer(state) == state.dealer
        return {"streak": state.streak + 1 if kept else 0}

    def settlement(self, state: toygame.ToyState) -> Settlement:
        assert isinstance(state, StreakState)
        times = 1 + state.streak
        payments = tuple(replace(p, amount=p.amount * times) for p in state.payments)
        return Settlement(state.rules.seats, payments)


GAME = StreakToy()
RULES = GAME.rules("trio")


def _match(seed: int, deals: int = 8) -> Match:
    match = Match(GAME, RULES, deals=deals, seed=seed)
    match.play([RandomBot(seed * 10 + s) for s in range(3)])
    return match


def _streaky_seed() -> int:
    return next(s for s in range(200)
                if any(d.carry and d.carry["streak"] for d in _match(s).record.deals))


def test_each_deal_gets_what_the_deal_before_carried() -> None:
    match = _match(_streaky_seed())
    carried = [d.carry for d in match.record.deals]
    assert carried[0] is None  # a first deal gets nothing
    assert all(c is not None for c in carried[1:])
    assert any(c["streak"] for c in carried[1:])
    for record, settlement in zip(match.record.deals, match.settlements, strict=True):
        times = 1 + (record.carry or {"streak": 0})["streak"]
        assert all(p.amount % times == 0 for p in settlement.payments)


def test_a_carried_deal_replays_from_its_own_record() -> None:
    match = _match(_streaky_seed())
    _header, deals = parse(dumps(match.record.lines()))
    for deal in deals:
        replay_deal(deal, GAME)  # the stated results check out
    streaky = next(d for d in deals if d.carry and d.carry["streak"]
                   and d.end is not None and any(d.end["deltas"]))
    streaky.carry = None  # without what it carried the stated result is wrong
    try:
        replay_deal(streaky, GAME)
    except ReplayError as exc:
        assert "stated result" in exc.reason
    else:
        raise AssertionError("a deal replayed without the value it carried")


def test_a_match_resumes_from_its_records_where_it_stood() -> None:
    seed = _streaky_seed()
    whole = _match(seed)
    records = [d for d in parse(dumps(whole.record.lines()))[1]][:5]
    resumed = Match.resume(GAME, RULES, 8, seed, records)
    assert resumed.current is None and resumed.index == 5
    assert resumed.totals == [sum(s.deltas[i] for s in whole.settlements[:5]) for i in range(3)]
    nxt = resumed.start_deal(seed=whole.record.deals[5].seed)
    assert nxt.record.header() == whole.record.deals[5].header()


def test_opening_events_come_first_and_replay() -> None:
    match = _match(_streaky_seed())
    record = next(d for d in match.record.deals if d.carry and d.carry["streak"])
    replayed = replay_deal(record, GAME)
    assert [e.kind for e in replayed.opening] == ["streak_shown"]
    deal = Deal.resume(GAME, RULES, record)
    assert deal.opening == replayed.opening and deal.events[0] == replayed.opening[0]


def test_families_without_them_write_nothing_new() -> None:
    toy = toygame.GAME
    deal = Deal.start(toy, toy.rules("trio"), seed=3)
    assert deal.opening == [] and toy.carry(deal.state) is None
    assert "carry" not in deal.record.header()
