"""The random bot and the bot registry."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
import toygame
import toymutants

from huapai.bots import (
    RandomBot,
    UnknownBot,
    bot_names,
    make_bot,
    register_bot,
    unregister_bot,
)
from huapai.core.protocol import Game
from huapai.core.session import Agent, Deal


def test_random_bot_is_seeded_and_uniform_over_legal() -> None:
    legal = [3, 8, 20]
    bot, again = RandomBot(4), RandomBot(4)
    picks = [bot.act({}, legal) for _ in range(3000)]
    assert picks == [again.act({}, legal) for _ in range(3000)]
    counts = Counter(picks)
    assert set(counts) == set(legal)
    assert all(900 < n < 1100 for n in counts.values())
    assert [RandomBot(5).act({}, legal) for _ in range(20)] != picks[:20]


def test_random_bot_refuses_an_empty_choice() -> None:
    with pytest.raises(ValueError, match="no legal action"):
        RandomBot(0).act({}, [])


def test_make_bot_builds_random_for_any_game() -> None:
    game, rules = toygame.GAME, toygame.GAME.rules("trio")
    bot = make_bot("random", game, rules, 2, 17)
    assert isinstance(bot, RandomBot) and bot.seed == 17
    with pytest.raises(ValueError, match="seat 3"):
        make_bot("random", game, rules, 3, 0)


def test_unknown_bot_lists_the_known_ones() -> None:
    game = toygame.GAME
    with pytest.raises(UnknownBot, match=r"unknown bot 'genius' for toy; known: random"):
        make_bot("genius", game, game.rules("duo"), 0, 0)


class _First:
    """Always the lowest legal action; remembers what it was shown."""

    def __init__(self) -> None:
        self.seen: list[Any] = []

    def act(self, observation: Any, legal: Sequence[int]) -> int:
        self.seen.append(observation)
        return legal[0]


def make_first(game: Game[Any, Any], rules: Any, seat: int, seed: int) -> Agent:
    return _First()


@pytest.fixture
def first_bot() -> Iterator[None]:
    register_bot("first", make_first, games=["toy"])
    yield
    unregister_bot("first")


def test_registered_bots_serve_only_their_games(first_bot: None) -> None:
    game = toygame.GAME
    assert bot_names("toy") == ["first", "random"]
    assert "first" not in bot_names("xianniu")
    assert isinstance(make_bot("first", game, game.rules("duo"), 0, 0), _First)
    other = toymutants.UnsortedLegal()
    with pytest.raises(UnknownBot, match="known: random"):
        make_bot("first", other, other.rules("duo"), 0, 0)


def test_registration_guards(first_bot: None) -> None:
    with pytest.raises(ValueError, match="already registered"):
        register_bot("first", make_first)
    register_bot("first", make_first, replace=True)
    assert "first" in bot_names("xianniu")
    with pytest.raises(ValueError, match="identifiers"):
        register_bot("not a name", make_first)
    with pytest.raises(ValueError, match="module:attr"):
        register_bot("lazy", "test_bots.make_first")
    with pytest.raises(ValueError, match="cannot be removed"):
        unregister_bot("random")


def test_one_name_serves_several_games_with_their_own_factories(first_bot: None) -> None:
    """"heuristic" is one name with a factory per family; a clash is per game."""
    register_bot("first", make_first, games=("other",))
    assert "first" in bot_names("other") and "first" in bot_names("toy")
    with pytest.raises(ValueError, match="already registered"):
        register_bot("first", make_first, games=("toy",))
    unregister_bot("first", "other")
    assert "first" not in bot_names("other") and "first" in bot_names("toy")


def test_lazy_factories_load_on_first_use() -> None:
    register_bot("lazy_first", "test_bots:make_first")
    try:
        game = toygame.GAME
        bot = make_bot("lazy_first", game, game.rules("duo"), 1, 0)
        assert type(bot).__name__ == "_First"
    finally:
        unregister_bot("lazy_first")


def test_bots_play_a_deal_seeing_only_their_own_view(first_bot: None) -> None:
    game = toygame.GAME
    rules = game.rules("trio")
    deal = Deal.start(game, rules, seed=3, dealer=0)
    bots = [make_bot("first", game, rules, s, s) for s in range(3)]
    deal.play_out(bots)
    assert deal.over
    for seat, bot in enumerate(bots):
        assert isinstance(bot, _First) and bot.seen
        assert all(obs["seat"] == seat and "hands" not in obs for obs in bot.seen)
