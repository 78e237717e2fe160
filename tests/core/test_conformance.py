"""The conformance suite over every registered game and preset, and its own tests.

The playout count per preset is ``HUAPAI_CONFORMANCE_GAMES`` (default 10 for local
runs); CI sets it higher. The toy game's mutants show that each check can fail.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
import toygame
import toymutants
from registered import game_preset_params

from huapai.core import conformance
from huapai.core.conformance import Config, ConformanceError, HiddenInfo, Invariants, snapshot
from huapai.core.registry import game_names, get_game

CONFIG = Config.from_env()




@pytest.mark.parametrize(("name", "preset"), game_preset_params())
def test_registered_game_conforms(name: str, preset: str) -> None:
    game = get_game(name)
    report = conformance.run(game, preset, CONFIG)
    assert report.games == CONFIG.games_for(name, preset)
    assert report.steps >= report.games
    print(report)


@pytest.mark.parametrize("name", game_names())
def test_hidden_information_check_is_available(name: str) -> None:
    game = get_game(name)
    if not isinstance(game, HiddenInfo):
        pytest.skip(f"{name} has no permute_hidden hook: observations are not checked "
                    "against re-dealt hidden cards")
    report = conformance.run(game, next(iter(game.presets())), Config(games=20, seed=7))
    assert report.hidden_steps > 0


@pytest.mark.parametrize("preset", ["duo", "trio"])
def test_toy_game_conforms(toy_games: None, preset: str) -> None:
    report = conformance.run(toygame.GAME, preset, Config(games=40))
    assert report.games == 40
    assert 0 < report.varied < 40
    assert report.hidden_steps > 0
    assert report.skipped == []


@pytest.mark.parametrize("attr", sorted(toymutants.MUTANTS))
def test_each_contract_violation_is_caught(toy_games: None, attr: str) -> None:
    game = getattr(toymutants, attr)
    with pytest.raises(ConformanceError, match=re.escape(toymutants.MUTANTS[attr])) as info:
        conformance.run(game, "trio", Config(games=30))
    assert f"{game.name}/trio" in str(info.value)


def test_failure_carries_a_replayable_record(toy_games: None) -> None:
    with pytest.raises(ConformanceError) as info:
        conformance.run(toymutants.NOT_ZERO_SUM, "duo", Config(games=5))
    assert '"type": "deal"' in info.value.record
    assert "seed=" in info.value.where


def test_an_unregistered_game_is_refused() -> None:
    with pytest.raises(ConformanceError, match="get_game"):
        conformance.check_static(toygame.GAME)


def test_optional_hooks_are_reported_when_missing(toy_games: None) -> None:
    class Plain(toygame.ToyGame):
        permute_hidden = None  # type: ignore[assignment]
        check_invariants = None  # type: ignore[assignment]

    assert isinstance(toygame.GAME, HiddenInfo) and isinstance(toygame.GAME, Invariants)
    skipped = conformance.skipped_checks(Plain())
    assert [s.split(":")[0] for s in skipped] == ["hidden-information check", "invariants"]
    assert conformance.skipped_checks(toygame.GAME) == []


def test_config_reads_the_environment() -> None:
    env = {conformance.GAMES_ENV: "250", conformance.SEED_ENV: "9"}
    assert Config.from_env(env) == Config(games=250, seed=9)
    assert Config.from_env({}, games=3) == Config(games=3)
    both = Config.from_env({conformance.GAMES_ENV: " 400, biegan=50 "})
    assert (both.games_for("xianniu"), both.games_for("biegan")) == (400, 50)
    assert Config.from_env({conformance.GAMES_ENV: "toy=2"}).games_for("x") == 10
    presets = Config.from_env({conformance.GAMES_ENV: "600,xiushan=200,xiushan/bofu=100"})
    assert (presets.games_for("xiushan", "bofu"), presets.games_for("xiushan", "shibafu"),
            presets.games_for("xiushan"), presets.games_for("biegan", "x")) == (100, 200, 200, 600)
    for bad, message in (("many", conformance.GAMES_ENV), ("0", "at least 1"),
                         ("5,toy=0", "at least 1"), ("toy=lots", "name=count")):
        with pytest.raises(ValueError, match=message):
            Config.from_env({conformance.GAMES_ENV: bad})
    with pytest.raises(ValueError, match=conformance.SEED_ENV):
        Config.from_env({conformance.SEED_ENV: "x"})


def test_snapshot_sees_public_changes_and_ignores_caches() -> None:
    class State:
        __slots__ = ("_cache", "hands", "turn")

        def __init__(self) -> None:
            self.hands, self.turn = [(1, 2), (3,)], 0
            self._cache: object = None

    state = State()
    before = snapshot(state)
    state._cache = [1, 2, 3]
    assert snapshot(state) == before
    state.hands[1] = (3, 4)
    assert snapshot(state) != before


def test_random_overrides_stay_within_each_option() -> None:
    rules, rng = toygame.ToyRules(), random.Random(5)
    seen: dict[str, set[Any]] = {}
    for _ in range(200):
        for name, value in conformance.random_overrides(rules, rng, 2).items():
            seen.setdefault(name, set()).add(value)
    assert set(seen) == {"seats", "hand_size", "values", "copies"}
    assert seen["seats"] == {2, 3, 4}
    assert seen["hand_size"] == set(range(1, 7))
    assert conformance.random_overrides(object(), rng, 2) == {}
