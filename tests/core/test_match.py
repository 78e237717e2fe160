"""Matches (core.match): totals are the sum of settlements, dealers rotate by next_dealer."""

from __future__ import annotations

import pytest
import toygame

from huapai.bots import RandomBot
from huapai.core.match import Match
from huapai.core.record import dumps, parse, replay_deal
from huapai.core.session import Deal

GAME = toygame.GAME


def _play(seed: int, deals: int = 6) -> Match:
    match = Match(GAME, GAME.rules("trio"), deals=deals, seed=seed)
    match.play([RandomBot(seed * 10 + s) for s in range(3)])
    return match


def test_totals_are_the_sum_of_settlements() -> None:
    match = _play(3)
    assert match.finished and len(match.settlements) == 6
    columns = zip(*(s.deltas for s in match.settlements), strict=True)
    assert match.totals == [sum(c) for c in columns]
    assert any(match.totals)


def test_dealers_follow_first_dealer_then_next_dealer(toy_games: None) -> None:
    match = _play(4)
    rules = match.rules
    deals = match.record.deals
    assert deals[0].dealer == GAME.first_dealer(rules, 4)[0]
    finals = [replay_deal(d).final for d in deals]
    assert [d.dealer for d in deals[1:]] == [GAME.next_dealer(f) for f in finals[:-1]]
    assert match.dealer == GAME.next_dealer(finals[-1])
    assert len({d.dealer for d in deals}) > 1


def test_matches_are_seeded() -> None:
    a, b, c = _play(5), _play(5), _play(6)
    assert dumps(a.record.lines()) == dumps(b.record.lines())
    assert a.record.deals[0].deal != c.record.deals[0].deal


def test_the_match_record_replays_with_its_stated_results(toy_games: None) -> None:
    match = _play(7)
    header, deals = parse(dumps(match.record.lines()))
    assert header is not None and header["type"] == "match" and header["deals"] == 6
    for deal, settlement in zip(deals, match.settlements, strict=True):
        assert deal.end is not None and deal.end["deltas"] == list(settlement.deltas)
        assert GAME.settlement(replay_deal(deal).final) == settlement


def test_deal_by_deal_driving_and_its_guards() -> None:
    match = Match(GAME, GAME.rules("duo"), deals=1, seed=1)
    with pytest.raises(ValueError, match="not over"):
        match.finish_deal()
    deal: Deal = match.start_deal()
    with pytest.raises(ValueError, match="not over"):
        match.finish_deal()
    deal.play_out([RandomBot(1), RandomBot(2)])
    settlement = match.finish_deal()
    assert match.totals == list(settlement.deltas)
    with pytest.raises(ValueError, match="match is over"):
        match.start_deal()
    with pytest.raises(ValueError, match="at least one deal"):
        Match(GAME, GAME.rules("duo"), deals=0, seed=1)


def test_a_match_that_keeps_no_log_plays_the_same() -> None:
    """``log=False`` (the server, which stores every move itself): the same deals and
    totals, with no match record and no events kept in memory."""
    logged = _play(5)
    lean = Match(GAME, GAME.rules("trio"), deals=6, seed=5, log=False)
    kept: list[Deal] = []
    lean.play([RandomBot(50 + s) for s in range(3)], on_deal_end=lambda d, _s: kept.append(d))
    assert lean.totals == logged.totals and lean.record.deals == []
    assert [d.record.header() for d in kept] == [d.header() for d in logged.record.deals]
    assert all(d.events == [] for d in kept)
