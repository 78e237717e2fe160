"""The search on 双别杆's informed worlds (:mod:`huapai.games.biegan.informed`, not the
family's default: see docs/bots.md) never peeks: the same information set with the
other seats' hidden cards moved around gives the same estimates and the same decision,
late in a deal where the informed sampler plants waiting hands."""

from __future__ import annotations

import random
from typing import Any

from huapai.bots.levels import default_worlds, parse_spec
from huapai.bots.registry import make_bot
from huapai.bots.search import Budget, InfoSet, SearchBot, Searcher
from huapai.core.registry import get_game
from huapai.core.session import decide
from huapai.games.biegan.informed import resample_informed

GAME: Any = get_game("biegan")


class _Informed:
    """双别杆 with ``resample_informed``: what the search would see if the family used it."""

    def __init__(self) -> None:
        self.calls = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(GAME, name)

    def resample_informed(self, state: Any, seat: int, rng: random.Random) -> Any:
        self.calls += 1
        return resample_informed(state, seat, rng)


def _late_states(seed: int, count: int) -> list[tuple[Any, int, list[int]]]:
    """Decisions with a real choice once the stock is below 14 (heuristic self-play)."""
    rules = GAME.rules("gongan")
    bots = [make_bot("heuristic", GAME, rules, s, s) for s in range(3)]
    state = GAME.new_game(rules, seed=seed)
    out: list[tuple[Any, int, list[int]]] = []
    while not GAME.is_over(state) and len(out) < count:
        seat = GAME.to_act(state)[0]
        legal = list(GAME.legal_actions(state, seat))
        if len(legal) > 1 and state.stock < 14:
            out.append((state, seat, legal))
        choice = legal[0] if len(legal) == 1 else decide(bots[seat], GAME, state, seat, legal)
        state, _ = GAME.apply(state, seat, choice)
    return out


def test_informed_search_decides_the_same_on_permuted_hidden_cards() -> None:
    game: Any = _Informed()
    rules = GAME.rules("gongan")
    states = _late_states(seed=7, count=3)
    assert len(states) == 3
    budget = Budget(4)
    for k, (state, seat, legal) in enumerate(states):
        other = GAME.resample(state, seat, random.Random(50 + k))
        assert GAME.observe(other, seat) == GAME.observe(state, seat)
        assert other.hands != state.hands
        runs = []
        for s in (state, other):
            searcher = Searcher(game, rules, budget, seed=11, worlds="informed")
            info = InfoSet(game, s, seat, "informed")
            prior = searcher.prior(info, legal)
            runs.append([e.to_json() for e in searcher.estimates(info, legal, prior)])
        assert runs[0] == runs[1]
        one = SearchBot(game, rules, seat, 5, budget, worlds="informed")
        two = SearchBot(game, rules, seat, 5, budget, worlds="informed")
        assert one.act_state(game, state, seat, legal) == two.act_state(game, other, seat, legal)
    assert game.calls > 0  # the informed sampler dealt the worlds


def test_the_family_deals_uniform_worlds_by_default() -> None:
    """Measured no better in the arena (docs/bots.md): informed only when a spec asks."""
    assert default_worlds(GAME) == "uniform" and hasattr(GAME, "resample_informed")
    rules = GAME.rules("gongan")
    plain = parse_spec("search:普通", GAME).make(GAME, rules, 0, 1)
    asked = parse_spec("search:普通:informed", GAME, rollouts=True).make(GAME, rules, 0, 1)
    assert isinstance(plain, SearchBot) and isinstance(asked, SearchBot)
    assert plain.searcher.worlds is None and asked.searcher.worlds == "informed"
    state, seat, _ = _late_states(seed=7, count=1)[0]
    world = InfoSet(GAME, state, seat, "informed").sample(random.Random(3))
    same = resample_informed(state, seat, random.Random(3))
    assert GAME.omniscient(world) == GAME.omniscient(same)
