"""The search's paired sequential halving: within budget, every comparison paired, the
better half kept each round, reproducible, and blind to the hidden cards."""

from __future__ import annotations

from typing import Any

import pytest
from test_search import _decisions, _hidden_permuted

from huapai.bots.search import Budget, InfoSet, SearchBot, Searcher
from huapai.core.registry import get_game

HALVING = Budget(48, schedule="halving", per_alternative=16)


def _wide(name: str, preset: str, options: int = 5) -> tuple[Any, Any, Any, int, list[int]]:
    game = get_game(name)
    rules = game.rules(preset)
    state, seat, legal = next(s for s in _decisions(game, rules, seed=3, limit=30)
                              if len(s[2]) >= options)
    return game, rules, state, seat, legal


def test_rounds_share_the_budget_and_pair_every_alternative_on_every_world() -> None:
    game, rules, state, seat, legal = _wide("xianniu", "lanzhou")
    searcher = Searcher(game, rules, HALVING, seed=1)
    info = InfoSet(game, state, seat)
    candidates = searcher.ranked(info, legal, 4)
    stats = searcher.halving(info, candidates)
    base, *others = stats
    assert [s.action for s in stats] == candidates
    assert sum(s.visits for s in stats) <= HALVING.iterations
    assert not base.pairs and all(s.pairs == s.visits for s in others)
    # 3 alternatives, 2 rounds: 48 // (2 * 4) = 6 worlds for all, then 24 // 2 = 12 for one
    assert sorted(s.pairs for s in others) == [6, 6, 18]
    assert base.visits == 18
    survivor = max(others, key=lambda s: s.pairs)
    first_round = [s for s in others if s is not survivor]
    assert all(survivor.pairs > s.pairs for s in first_round)


def test_a_single_alternative_is_paired_on_every_world() -> None:
    game, rules, state, seat, legal = _wide("xianniu", "lanzhou", options=2)
    searcher = Searcher(game, rules, Budget(10, schedule="halving"), seed=2)
    info = InfoSet(game, state, seat)
    base, alt = searcher.halving(info, searcher.ranked(info, legal, 2))
    assert (base.visits, alt.pairs) == (5, 5)


def test_reproducible_for_a_seed() -> None:
    game, rules, state, seat, legal = _wide("xianniu", "lanzhou")
    runs = [SearchBot(game, rules, seat, seed, HALVING) for seed in (4, 4, 5)]
    info = InfoSet(game, state, seat)
    found = [[e.to_json() for e in b.searcher.halving(info, b.searcher.ranked(info, legal, 4))]
             for b in runs]
    assert found[0] == found[1]
    assert SearchBot(game, rules, seat, 4, HALVING).act_state(game, state, seat, legal) == \
        SearchBot(game, rules, seat, 4, HALVING).act_state(game, state, seat, legal)


@pytest.mark.parametrize(("name", "preset"), [("xianniu", "lanzhou"), ("xiushan", "shibafu")])
def test_same_decision_when_hidden_cards_are_permuted(name: str, preset: str) -> None:
    game = get_game(name)
    rules = game.rules(preset)
    budget = Budget(12, schedule="halving", per_alternative=4)
    checked = 0
    for state, seat, legal in _decisions(game, rules, seed=5, limit=6):
        other = _hidden_permuted(game, state, seat, checked)
        if other is None:
            continue
        assert game.observe(other, seat) == game.observe(state, seat)
        found = []
        for s in (state, other):
            searcher = Searcher(game, rules, budget, seed=77)
            info = InfoSet(game, s, seat)
            found.append([e.to_json() for e in searcher.halving(
                info, searcher.ranked(info, legal, 3))])
        assert found[0] == found[1]
        one = SearchBot(game, rules, seat, 9, budget).act_state(game, state, seat, legal)
        two = SearchBot(game, rules, seat, 9, budget).act_state(game, other, seat, legal)
        assert one == two
        checked += 1
    assert checked >= 2
