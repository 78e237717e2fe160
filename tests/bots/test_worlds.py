"""How the search deals its worlds: ``informed`` (the family's ``resample_informed``
where it has one) or ``uniform`` (``resample``), chosen by a spec's options."""

from __future__ import annotations

import random
from typing import Any

import pytest

from huapai.bots.levels import DEFAULT_WORLDS, WORLDS, BadSpec, BotSpec, parse_spec
from huapai.bots.registry import UnknownBot
from huapai.bots.search import Budget, InfoSet, SearchBot
from huapai.core.registry import get_game


class _Counting:
    """A game that forwards to 掀牛 and counts which sampler the InfoSet calls."""

    def __init__(self, informed: bool) -> None:
        self._game = get_game("xianniu")
        self.calls: list[str] = []
        if informed:
            self.resample_informed = self._informed

    def __getattr__(self, name: str) -> Any:
        if name == "resample_informed":  # only when set in __init__: 掀牛 has its own
            raise AttributeError(name)
        return getattr(self._game, name)

    def resample(self, state: Any, seat: int, rng: random.Random) -> Any:
        self.calls.append("uniform")
        return self._game.resample(state, seat, rng)

    def _informed(self, state: Any, seat: int, rng: random.Random) -> Any:
        self.calls.append("informed")
        return self._game.resample(state, seat, rng)


def _state() -> Any:
    game = get_game("xianniu")
    return game.new_game(game.rules("lanzhou"), seed=4)


@pytest.mark.parametrize(("has", "worlds", "called"), [
    (True, "informed", "informed"), (True, "uniform", "uniform"),
    (False, "informed", "uniform"), (False, "uniform", "uniform")])
def test_the_info_set_uses_the_sampler_asked_for(has: bool, worlds: str, called: str) -> None:
    game = _Counting(has)
    InfoSet(game, _state(), 0, worlds).sample(random.Random(1))
    assert game.calls == [called]


def test_informed_is_the_default_and_an_unknown_sampler_is_refused() -> None:
    game = _Counting(True)
    InfoSet(game, _state(), 0).sample(random.Random(1))
    assert DEFAULT_WORLDS == "informed" and game.calls == ["informed"]
    with pytest.raises(ValueError, match="unknown world sampler 'psychic'"):
        InfoSet(game, _state(), 0, "psychic")


def test_a_search_bot_deals_its_worlds_as_its_spec_says() -> None:
    game = _Counting(True)
    real = get_game("xianniu")
    rules = real.rules("lanzhou")
    state = _state()
    seat = real.to_act(state)[0]
    legal = list(real.legal_actions(state, seat))
    for worlds in WORLDS:
        game.calls.clear()
        bot = SearchBot(game, rules, seat, 3, Budget(4), worlds=worlds)
        bot.act_state(game, state, seat, legal)
        assert game.calls and set(game.calls) == {worlds}


def test_spec_options_name_the_sampler_and_the_rollout_policy() -> None:
    game = get_game("biegan")
    assert parse_spec("search:普通:uniform", game, rollouts=True) == BotSpec(
        "search", "普通", None, "uniform")
    both = parse_spec("search:高手: heuristic + uniform", game, rollouts=True)
    assert both == BotSpec("search", "高手", "heuristic", "uniform")
    assert str(both) == "search:高手:heuristic+uniform"
    assert parse_spec(str(both), game, rollouts=True) == both
    bot = both.make(game, game.rules("gongan"), 0, 1)
    assert isinstance(bot, SearchBot)
    assert (bot.searcher.policy, bot.searcher.worlds) == ("heuristic", "uniform")
    plain = parse_spec("search:普通", game, rollouts=True).make(game, game.rules("gongan"), 0, 1)
    assert isinstance(plain, SearchBot) and plain.searcher.worlds == "informed"
    with pytest.raises(BadSpec, match="two world samplers"):
        parse_spec("search:普通:uniform+informed", game, rollouts=True)
    with pytest.raises(BadSpec, match="two rollout policies"):
        parse_spec("search:普通:heuristic+random", game, rollouts=True)
    with pytest.raises(UnknownBot, match="unknown rollout policy 'psychic'"):
        parse_spec("search:普通:psychic", game, rollouts=True)
    with pytest.raises(BadSpec, match="not rooms"):
        parse_spec("search:普通:uniform", game)
