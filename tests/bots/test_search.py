"""The search bot: it never peeks, it is reproducible, its levels and specs, and it
goes through every driver's ``decide``."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

from huapai.bots.levels import ALIASES, LEVELS, BadSpec, BotSpec, parse_spec
from huapai.bots.registry import make_bot
from huapai.bots.search import (
    BUDGETS,
    Budget,
    Estimate,
    InfoSet,
    SearchBot,
    Searcher,
    best,
    can_search,
)
from huapai.core.base import GameBase
from huapai.core.protocol import Game
from huapai.core.registry import get_game
from huapai.core.session import Deal, decide

TINY = Budget(6)


def _decisions(game: Game[Any, Any], rules: Any, seed: int,
               limit: int) -> Iterator[tuple[Any, int, list[int]]]:
    """States along a heuristic-bot deal where the seat to act has a real choice."""
    n = game.num_seats(rules)
    bots = [make_bot("heuristic" if game.name != "toy" else "random", game, rules, s, s)
            for s in range(n)]
    state, found = game.new_game(rules, seed=seed), 0
    while not game.is_over(state) and found < limit:
        seat = game.to_act(state)[0]
        legal = list(game.legal_actions(state, seat))
        if len(legal) > 1:
            found += 1
            yield state, seat, legal
        state, _ = game.apply(state, seat, decide(bots[seat], game, state, seat, legal))


def _hidden_permuted(game: Game[Any, Any], state: Any, seat: int, salt: int) -> Any:
    """The same information set with the other seats' hidden cards moved around."""
    for k in range(20):
        other = game.resample(state, seat, random.Random(salt * 100 + k))
        if game.omniscient(other) != game.omniscient(state):
            return other
    return None


CASES = [("xianniu", "lanzhou"), ("xianniu", "fengxiang"), ("biegan", "gongan"),
         ("toy", "trio")]


@pytest.mark.usefixtures("toy_games")
@pytest.mark.parametrize(("name", "preset"), CASES)
def test_same_decision_when_hidden_cards_are_permuted(name: str, preset: str) -> None:
    game = get_game(name)
    rules = game.rules(preset)
    checked, budget = 0, TINY if name != "biegan" else Budget(3)  # 双别杆 rollouts are long
    for state, seat, legal in _decisions(game, rules, seed=5, limit=3):
        other = _hidden_permuted(game, state, seat, checked)
        if other is None:
            continue
        assert game.observe(other, seat) == game.observe(state, seat)
        searches = []
        for s in (state, other):
            searcher = Searcher(game, rules, budget, seed=77)
            info = InfoSet(game, s, seat)
            prior = searcher.prior(info, legal)
            searches.append((prior, [e.to_json() for e in searcher.estimates(info, legal,
                                                                             prior)]))
        assert searches[0] == searches[1]
        one = SearchBot(game, rules, seat, 9, budget).act_state(game, state, seat, legal)
        two = SearchBot(game, rules, seat, 9, budget).act_state(game, other, seat, legal)
        assert one == two
        checked += 1
    assert checked >= 2


def test_reproducible_for_a_seed_and_budget() -> None:
    game = get_game("xianniu")
    rules = game.rules("lanzhou")
    state, seat, legal = next(_decisions(game, rules, seed=3, limit=1))
    info = InfoSet(game, state, seat)
    runs = [Searcher(game, rules, Budget(9), seed).estimates(info, legal, legal[-1])
            for seed in (1, 1, 2)]
    assert [e.to_json() for e in runs[0]] == [e.to_json() for e in runs[1]]
    base, *others = runs[0]
    assert base.action == legal[-1] and base.visits == 5  # the prior plays every world
    assert sum(e.visits for e in runs[0]) == 9
    assert sum(e.pairs for e in others) == 4 and not base.pairs
    assert {e.action for e in runs[0]} == set(legal)


def test_alternatives_are_the_policy_s_next_choices() -> None:
    game = get_game("xianniu")
    rules = game.rules("lanzhou")
    state, seat, legal = next(s for s in _decisions(game, rules, seed=3, limit=9)
                              if len(s[2]) > 4)
    searcher = Searcher(game, rules, Budget(16), seed=1)
    info = InfoSet(game, state, seat)
    ranked = searcher.ranked(info, legal, 3)
    assert len(set(ranked)) == 3 and set(ranked) <= set(legal)
    assert ranked[0] == searcher.prior(info, legal)
    assert searcher.ranked(info, legal, 99) and len(searcher.ranked(info, legal, 99)) == len(
        legal)
    assert (Budget(8).width, Budget(48).width, Budget(3).width) == (1, 6, 1)
    assert (Budget(160).width, Budget(640).width, Budget(160, max_width=20).width) == (6, 6, 20)


def with_gains(action: int, *gains: float) -> Estimate:
    """An alternative with these paired gains over the prior (test_review uses it too)."""
    e = Estimate(action)
    for g in gains:
        e.add(g, 0.0)
    return e


def test_choice_rule() -> None:
    """An alternative must beat the prior on the same worlds by more than its noise."""
    policy = Estimate(4)
    lucky = with_gains(7, 3.0)                       # one world: error (shrunk) 3.6 at scale 5
    assert best([policy, lucky], prior=4, scale=5.0) == 4
    solid = with_gains(9, 2.0, 2.1, 1.9, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0)  # error ~0.56
    assert best([policy, lucky, solid], prior=4, scale=5.0) == 9
    assert best([policy, lucky], prior=4, scale=0.0, caution=0.0) == 7
    worse = with_gains(8, -1.0, -1.0, -1.0)
    assert best([policy, worse], prior=4, scale=0.0, caution=0.0) == 4
    tie = with_gains(6, 0.0, 0.0, 0.0, 0.0)
    assert best([policy, tie], prior=4, scale=0.0, caution=0.0) == 4
    assert solid.mean_gain == pytest.approx(2.0) and math.isinf(policy.gain_error(5.0))


def test_plays_a_whole_deal_through_the_drivers() -> None:
    game = get_game("xianniu")
    rules = game.rules("lanzhou")
    agents = [SearchBot(game, rules, 0, 1, Budget(3)),
              *(make_bot("heuristic", game, rules, s, s) for s in (1, 2))]
    deal = Deal.start(game, rules, seed=8)
    deal.play_out(agents)
    assert deal.over
    with pytest.raises(TypeError, match="act_state"):
        agents[0].act(game.observe(deal.state, 0), [0])


def test_levels_and_specs() -> None:
    game = get_game("biegan")
    assert tuple(BUDGETS) == LEVELS
    sizes = [BUDGETS[level].iterations for level in LEVELS]
    assert sizes == sorted(sizes) and len(set(sizes)) == 4
    assert parse_spec("search", game) == BotSpec("search", "普通")
    for ascii_name, level in ALIASES.items():
        assert parse_spec(f"search:{ascii_name}", game) == BotSpec("search", level)
        assert parse_spec(f"search:{level}", game) == BotSpec("search", level)
    assert parse_spec("heuristic", game) == BotSpec("heuristic")
    bot = parse_spec("search:高手", game).make(game, game.rules("gongan"), 1, 5)
    assert isinstance(bot, SearchBot) and bot.budget == BUDGETS["高手"]
    with pytest.raises(BadSpec, match="unknown level"):
        parse_spec("search:grandmaster", game)
    with pytest.raises(BadSpec, match="no levels"):
        parse_spec("random:高手", game)
    with pytest.raises(ValueError, match="out of range"):
        parse_spec("search", game).make(game, game.rules("gongan"), 3, 5)


def test_budget_is_checked() -> None:
    with pytest.raises(ValueError, match="iteration"):
        Budget(0)
    with pytest.raises(ValueError, match="time"):
        Budget(5, seconds=0)


@pytest.mark.usefixtures("toy_games")
def test_a_game_without_resample_is_a_clear_error() -> None:
    game = get_game("toy")

    class Blind:
        """A game object that lacks resample: the InfoSet says so."""

        name = "blind"

    with pytest.raises(NotImplementedError, match="no resample"):
        InfoSet(Blind(), None, 0).sample(random.Random(1))  # type: ignore[arg-type]
    assert InfoSet(game, game.new_game(game.rules("trio"), seed=1), 0).seat == 0


@pytest.mark.usefixtures("toy_games")
@pytest.mark.parametrize(("name", "preset"), CASES)
def test_resample_depends_only_on_the_information_set(name: str, preset: str) -> None:
    """What the search's determinism rests on: two states one seat cannot tell apart
    resample to the same state for the same rng."""
    game = get_game(name)
    rules = game.rules(preset)
    for state, seat, _ in _decisions(game, rules, seed=2, limit=3):
        other = _hidden_permuted(game, state, seat, 1)
        if other is None:
            continue
        for k in range(3):
            a = game.resample(state, seat, random.Random(k))
            b = game.resample(other, seat, random.Random(k))
            assert _played_part(game, a) == _played_part(game, b)


def _played_part(game: Game[Any, Any], state: Any) -> dict[str, Any]:
    """The omniscient view without ``deal``: 双别杆's resample keeps the record's deal
    outside the stock as it was (where the hands were first dealt from), which play
    never reads again; everything that play reads must agree."""
    return {k: v for k, v in game.omniscient(state).items() if k != "deal"}


class _Peeking(InfoSet):
    """A broken InfoSet that hands the search the real state: the check must see it."""

    def sample(self, rng: random.Random) -> Any:
        return self._state


def test_the_permutation_check_catches_a_peeking_search() -> None:
    game = get_game("xianniu")
    rules = game.rules("lanzhou")
    differ = 0
    for state, seat, legal in _decisions(game, rules, seed=5, limit=3):
        other = _hidden_permuted(game, state, seat, 0)
        assert other is not None
        found = [[e.to_json() for e in Searcher(game, rules, TINY, seed=77).estimates(
            _Peeking(game, s, seat), legal, legal[0])] for s in (state, other)]
        differ += found[0] != found[1]
    assert differ


@pytest.mark.usefixtures("toy_games")
def test_can_search_only_where_the_engine_resamples() -> None:
    toy = get_game("toy")
    assert can_search(toy, toy.rules("trio"))

    class NoSampler(type(toy)):  # type: ignore[misc]
        resample = GameBase.resample

    blind = NoSampler()
    assert not can_search(blind, blind.rules("trio"))
    with pytest.raises(NotImplementedError, match="resample"):
        InfoSet(blind, blind.new_game(blind.rules("trio"), seed=1), 0).sample(
            random.Random(1))
