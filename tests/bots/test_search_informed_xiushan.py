"""The search on 秀山's informed worlds (``resample_informed``): it is what the search
deals by default, ``uniform`` still gets ``resample``, and the search never peeks."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from huapai.bots.registry import make_bot
from huapai.bots.search import Budget, InfoSet, Searcher
from huapai.core.session import decide
from huapai.games.xiushan.game import GAME


def _decisions(preset: str, seed: int, limit: int) -> Iterator[tuple[Any, int, list[int]]]:
    """States of a heuristic deal where the seat to act has a real choice, from the
    moment some other seat has thrown a card (the informed sampler has evidence)."""
    rules = GAME.rules(preset)
    bots = [make_bot("heuristic", GAME, rules, s, s) for s in range(GAME.num_seats(rules))]
    state, found = GAME.new_game(rules, seed=seed), 0
    while not GAME.is_over(state) and found < limit:
        seat = GAME.to_act(state)[0]
        legal = list(GAME.legal_actions(state, seat))
        if len(legal) > 1 and sum(map(len, state.rivers)) >= 2:
            found += 1
            yield state, seat, legal
        state, _ = GAME.apply(state, seat, decide(bots[seat], GAME, state, seat, legal))


def _played(state: Any) -> dict[str, Any]:
    return {k: v for k, v in GAME.omniscient(state).items() if k != "deal"}


def _permuted(state: Any, seat: int, salt: int) -> Any:
    for k in range(20):
        other = GAME.resample(state, seat, random.Random(salt * 100 + k))
        if _played(other) != _played(state):
            return other
    return None


def test_the_search_deals_informed_worlds_unless_told_uniform() -> None:
    state, seat, _ = next(_decisions("shibafu", 2, 1))
    for worlds, sampler in (("informed", GAME.resample_informed), ("uniform", GAME.resample)):
        got = InfoSet(GAME, state, seat, worlds).sample(random.Random(3))
        assert _played(got) == _played(sampler(state, seat, random.Random(3)))
    default = InfoSet(GAME, state, seat).sample(random.Random(3))
    assert _played(default) == _played(GAME.resample_informed(state, seat, random.Random(3)))
    assert _played(default) != _played(GAME.resample(state, seat, random.Random(3)))


@pytest.mark.parametrize("preset", ["shibafu", "maquefu"])
def test_same_decision_when_hidden_cards_are_permuted(preset: str) -> None:
    rules, checked = GAME.rules(preset), 0
    for state, seat, legal in _decisions(preset, 5, 3):
        other = _permuted(state, seat, checked)
        if other is None:
            continue
        assert GAME.observe(other, seat) == GAME.observe(state, seat)
        searches = []
        for s in (state, other):
            searcher = Searcher(GAME, rules, Budget(6), seed=77)
            info = InfoSet(GAME, s, seat, "informed")
            prior = searcher.prior(info, legal)
            searches.append((prior, [e.to_json() for e in searcher.estimates(info, legal,
                                                                             prior)]))
        assert searches[0] == searches[1]
        checked += 1
    assert checked >= 2
