"""The search's rollout policies: the cheap ones read from the state exactly what the
observation shows, decide as the heuristic does when nothing is cut (掀牛's cuts nothing:
it is the heuristic, read faster), are not lobby bots, and are named in specs only where
allowed."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from huapai.bots.levels import BadSpec, BotSpec, parse_spec
from huapai.bots.registry import UnknownBot, bot_names, make_bot
from huapai.bots.rollout import FAST, ROLLOUT_POLICIES, make_policy, policy_names, prior_bot
from huapai.bots.search import Budget, InfoSet, SearchBot, Searcher
from huapai.core.protocol import Game
from huapai.core.registry import get_game
from huapai.core.rng import derive_seed
from huapai.core.session import decide
from huapai.games.biegan import bot as bg_bot
from huapai.games.biegan import bot_rollout as bg_rollout
from huapai.games.biegan.cards import JOKER, deck_copies
from huapai.games.xianniu import bot as xn_bot
from huapai.games.xianniu import bot_rollout as xn_rollout
from huapai.games.xiushan import bot as xs_bot
from huapai.games.xiushan import bot_rollout as xs_rollout

Parse = Callable[[Any, int, Any], Any]
"""(observation, seat, rules) -> the heuristic's parsed view."""

FAMILIES: dict[str, tuple[Parse, Parse, Any, Any]] = {
    "biegan": (lambda obs, seat, rules: bg_bot._View.parse(obs, seat, deck_copies(rules.jokers)),
               lambda s, seat, rules: bg_rollout.view_of(s, seat, deck_copies(rules.jokers)),
               bg_bot, bg_rollout),
    "xiushan": (lambda obs, seat, _: xs_bot._read(obs, seat),
                lambda s, seat, _: xs_rollout.view_of(s, seat), xs_bot, xs_rollout),
    "xianniu": (lambda obs, _, rules: xn_bot.read_view(obs, rules),
                lambda s, seat, _: xn_rollout.view_of(s, seat), xn_bot, xn_rollout),
}
TABLES = [("biegan", "gongan"), ("biegan", "danbiegan"), ("xiushan", "maquefu"),
          ("xiushan", "shibafu"), ("xiushan", "bofu"), ("xianniu", "lanzhou"),
          ("xianniu", "lanzhou-app"), ("xianniu", "fengxiang")]


def _states(game: Game[Any, Any], rules: Any, seeds: range) -> Iterator[Any]:
    """Every state along deals of heuristic bots (mixed with random ones, so odd
    positions come up too)."""
    for seed in seeds:
        n = game.num_seats(rules)
        bots = [make_bot("heuristic" if (seed + p) % 3 else "random", game, rules, p, seed)
                for p in range(n)]
        state = game.new_game(rules, seed=seed)
        while not game.is_over(state):
            yield state
            seat = game.to_act(state)[0]
            action = decide(bots[seat], game, state, seat, game.legal_actions(state, seat))
            state, _ = game.apply(state, seat, action)


@pytest.mark.parametrize(("name", "preset"), TABLES)
def test_the_state_view_is_the_observation_view(name: str, preset: str) -> None:
    game = get_game(name)
    rules = game.rules(preset)
    parse, view_of, _, _ = FAMILIES[name]
    checked = 0
    for state in _states(game, rules, range(3)):
        for seat in range(game.num_seats(rules)):
            assert view_of(state, seat, rules) == parse(game.observe(state, seat), seat, rules)
            checked += 1
    assert checked > 100


def test_the_biegan_views_count_the_decks_jokers() -> None:
    """单别杆 has one 赖子: the heuristic's unseen count of it is 1 less those seen (it took
    2, and so weighed a wait on the only 赖 as live when the seat held it)."""
    game = get_game("biegan")
    for preset, jokers in (("danbiegan", 1), ("gongan", 2)):
        rules = game.rules(preset)
        parse = FAMILIES["biegan"][0]
        held = 0
        for state in _states(game, rules, range(3)):
            for seat in range(game.num_seats(rules)):
                view = parse(game.observe(state, seat), seat, rules)
                assert view.left[JOKER] == max(0, jokers - view.seen[JOKER])
                held += view.hand[JOKER] > 0
        assert held > 0  # seats holding a 赖 were met


@pytest.mark.parametrize(("name", "preset"), TABLES)
def test_uncut_it_decides_as_the_heuristic(name: str, preset: str) -> None:
    """With the heuristic's own parameters, the state path plays the heuristic's moves."""
    game = get_game(name)
    rules = game.rules(preset)
    _, _, bot_module, rollout_module = FAMILIES[name]
    n = game.num_seats(rules)
    for seed in range(3):
        heuristic = [bot_module.HeuristicBot(rules, p, seed) for p in range(n)]
        uncut = [rollout_module.RolloutBot(rules, p, seed, bot_module.DEFAULT_PARAMS)
                 for p in range(n)]
        state = game.new_game(rules, seed=seed)
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            action = heuristic[seat].act(game.observe(state, seat), legal)
            assert uncut[seat].act_state(game, state, seat, legal) == action
            state, _ = game.apply(state, seat, action)


@pytest.mark.parametrize(("name", "preset"), [("biegan", "gongan"), ("xiushan", "maquefu")])
def test_the_cheap_policy_is_legal_and_cuts_only_the_wait_analysis(name: str,
                                                                    preset: str) -> None:
    game = get_game(name)
    rules = game.rules(preset)
    _, _, bot_module, _ = FAMILIES[name]
    assert bot_module.ROLLOUT_PARAMS.shortlist > 0
    assert bot_module.DEFAULT_PARAMS.shortlist == 0
    n = game.num_seats(rules)
    agents = [make_policy(FAST, game, rules, p, p) for p in range(n)]
    same = total = 0
    for seed in range(4):
        heuristic = [bot_module.HeuristicBot(rules, p, seed) for p in range(n)]
        state = game.new_game(rules, seed=seed)
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            action = decide(agents[seat], game, state, seat, legal)
            assert action in legal
            if len(legal) > 1:
                total += 1
                same += action == heuristic[seat].act(game.observe(state, seat), legal)
            state, _ = game.apply(state, seat, action)
    assert total > 50 and 0.75 < same / total < 1.0  # mostly the heuristic, not always


def test_policies_are_not_lobby_bots_and_fall_back_to_the_heuristic(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("biegan", "xiushan", "xianniu"):
        assert name in ROLLOUT_POLICIES
        assert "fast" not in bot_names(name) and "rollout" not in bot_names(name)
    xianniu = get_game("xianniu")
    rules = xianniu.rules("lanzhou")
    assert type(make_policy(FAST, xianniu, rules, 0, 1)) is xn_rollout.RolloutBot
    monkeypatch.delitem(ROLLOUT_POLICIES, "xianniu")
    agent = make_policy(FAST, xianniu, rules, 0, 1)
    assert type(agent) is type(make_bot("heuristic", xianniu, rules, 0, 1))
    monkeypatch.undo()
    assert prior_bot(xianniu) == "heuristic"
    assert policy_names(xianniu) == [FAST, *bot_names("xianniu")]
    with pytest.raises(UnknownBot, match="unknown rollout policy 'clever'"):
        make_policy("clever", xianniu, rules, 0, 1)
    with pytest.raises(ValueError, match="双别杆 only"):
        bg_rollout.make_rollout(xianniu, rules, 0, 1)
    with pytest.raises(ValueError, match="秀山字牌 only"):
        xs_rollout.make_rollout(xianniu, rules, 0, 1)
    with pytest.raises(ValueError, match="掀牛 only"):
        xn_rollout.make_rollout(get_game("biegan"), get_game("biegan").rules("gongan"), 0, 1)


def test_a_spec_names_a_rollout_policy_only_where_allowed() -> None:
    game = get_game("biegan")
    spec = parse_spec("search:高手:heuristic", game, rollouts=True)
    assert spec == BotSpec("search", "高手", "heuristic") and str(spec) == "search:高手:heuristic"
    assert parse_spec("search:expert", game, rollouts=True) == BotSpec("search", "高手")
    with pytest.raises(BadSpec, match="not rooms"):
        parse_spec("search:高手:heuristic", game)
    with pytest.raises(UnknownBot, match="unknown rollout policy 'nope'"):
        parse_spec("search:高手:nope", game, rollouts=True)
    with pytest.raises(BadSpec, match="no levels"):
        parse_spec("heuristic:高手:random", game, rollouts=True)
    bot = spec.make(game, game.rules("gongan"), 1, 3)
    assert isinstance(bot, SearchBot) and bot.searcher.policy == "heuristic"


def test_the_prior_is_the_heuristic_whatever_plays_the_rollouts() -> None:
    game = get_game("biegan")
    rules = game.rules("gongan")
    searcher = Searcher(game, rules, Budget(4), 1, policy="random")
    heuristics = [make_bot("heuristic", game, rules, p, derive_seed(1, "rollout", p))
                  for p in range(game.num_seats(rules))]
    for state in _states(game, rules, range(1)):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        prior = searcher.prior(InfoSet(game, state, seat), legal)
        assert prior == heuristics[seat].act(game.observe(state, seat), legal)
    assert {type(a).__name__ for a in searcher.priors.values()} == {"HeuristicBot"}
    assert type(searcher._agent(0)).__name__ == "RandomBot"


@pytest.mark.parametrize("preset", ["shibafu", "bofu"])
def test_the_remembered_waits_are_the_heuristics(preset: str) -> None:
    """秀山's rollout bot remembers each hand's waits (the copies left are counted from
    the view each time): asked again, and on other views of the same hand, it values a
    discard as the heuristic does."""
    game = get_game("xiushan")
    rules = game.rules(preset)
    seats = range(game.num_seats(rules))
    heuristic = [xs_bot.HeuristicBot(rules, p, 0) for p in seats]
    rollout = [xs_rollout.RolloutBot(rules, p, 0, xs_bot.ROLLOUT_PARAMS) for p in seats]
    asked = ready = 0
    for state in _states(game, rules, range(8)):
        seat = game.to_act(state)[0]
        view = xs_rollout.view_of(state, seat)
        for c in [c for c in range(len(view.hand)) if view.hand[c]]:
            view.hand[c] -= 1
            expect = heuristic[seat].waits_value(view, view.hand)
            assert rollout[seat].waits_value(view, view.hand) == expect
            assert rollout[seat].waits_value(view, view.hand) == expect
            view.hand[c] += 1
            asked += 2
            ready += expect > 0
    remembered = sum(len(b.memo) for b in rollout)
    assert asked > 400 and remembered < asked / 2 and ready > 10

