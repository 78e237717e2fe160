"""The single-agent Gymnasium environment: one learner, bots at the other seats."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from huapai.bots.levels import BadSpec, parse_spec
from huapai.bots.registry import UnknownBot
from huapai.env.gym_env import HuapaiSingleAgentEnv, single_agent_env


def _episode(e: HuapaiSingleAgentEnv, seed: int, rng: np.random.Generator,
             ) -> tuple[list[tuple[int, float]], dict[str, Any]]:
    obs, info = e.reset(seed=seed)
    assert info == {"seat": e.seat} and obs["action_mask"].any()
    moves: list[tuple[int, float]] = []
    done = False
    while not done:
        assert (e.action_masks() == obs["action_mask"].astype(bool)).all()
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, truncated, info = e.step(action)
        assert not truncated
        moves.append((action, reward))
    assert not obs["action_mask"].any()
    return moves, info


@pytest.mark.parametrize("game", ["xianniu", "biegan", "xiushan"])
def test_gymnasiums_own_checker_passes(game: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the unbounded Box, as the AEC env's (docs/env.md)
        check_env(single_agent_env(game), skip_render_check=True)


def test_the_learner_is_paid_its_seats_settlement() -> None:
    e = single_agent_env("biegan", seat="random")
    rng = np.random.default_rng(0)
    for seed in range(6):
        moves, info = _episode(e, seed, rng)
        assert all(r == 0.0 for _, r in moves[:-1])
        delta = info["settlement"]["deltas"][e.seat]
        assert moves[-1][1] == pytest.approx(delta)


def test_every_info_names_the_learners_seat() -> None:
    """With ``seat="random"`` the terminal info's deltas said nothing of whose the reward
    was (a researcher's play-test): reset's and every step's info carry ``seat``."""
    e = single_agent_env("xiushan", preset="shibafu", seat="random")
    with pytest.raises(RuntimeError, match=r"call reset\(\) before step\(\)"):
        e.step(0)
    seats = set()
    for seed in range(4):
        obs, info = e.reset(seed=seed)
        assert info == {"seat": e.seat}
        seats.add(e.seat)
        done = False
        while not done:
            obs, reward, done, _, info = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
            assert info["seat"] == e.seat
        assert reward == pytest.approx(info["settlement"]["deltas"][info["seat"]])
    assert len(seats) > 1
    with pytest.raises(RuntimeError, match="the episode is over"):
        e.step(0)


def test_a_seeded_episode_is_the_same_every_time() -> None:
    runs = []
    for _ in range(2):
        e = single_agent_env("xiushan", preset="shibafu", seat="random", opponents="search:入门")
        runs.append((_episode(e, 5, np.random.default_rng(1))[0], e.seat))
    assert runs[0] == runs[1]


@pytest.mark.parametrize("opponents", [["random", "heuristic"], "random,heuristic"])
def test_opponents_one_per_other_seat_from_the_xiajia_on(opponents: Any) -> None:
    """A list, or comma-separated as ``--bots`` writes one ("random,heuristic" was one
    unknown bot: a researcher's play-test)."""
    e = single_agent_env("xianniu", seat=1, opponents=opponents)
    e.reset(seed=0)
    made = {spec: type(parse_spec(spec, e.game).make(e.game, e.rules, 0, 0)).__name__
            for spec in ("random", "heuristic")}
    assert made["random"] != made["heuristic"]
    assert type(e._bots[2]).__name__ == made["random"]  # seat 1's 下家
    assert type(e._bots[0]).__name__ == made["heuristic"]
    assert 1 not in e._bots


def test_a_seat_that_sits_out_is_dealt_again() -> None:
    e = single_agent_env("xianniu", preset="凤翔", rules_overrides={"人数": 5}, seat=4)
    rng = np.random.default_rng(0)
    for seed in range(8):
        moves, _ = _episode(e, seed, rng)
        assert moves
    assert e.skipped_deals > 0  # two of five sit out each deal


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    e = single_agent_env("xianniu")
    obs, _ = e.reset(seed=1)
    _, reward, done, _, info = e.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert (reward, done) == (-1.0, True) and "illegal_action" in info
    with pytest.raises(RuntimeError, match="reset"):
        e.step(0)


@pytest.mark.parametrize(("kwargs", "error", "words"), [
    ({"seat": 3}, ValueError, "0…2"),
    ({"seat": "any"}, ValueError, "'random'"),
    ({"opponents": ["heuristic"]}, ValueError, "one per other seat (2)"),
    ({"opponents": "heuristic,random,random"}, ValueError, "one per other seat (2)"),
    ({"opponents": "nobody"}, UnknownBot, "nobody"),
    ({"opponents": "heuristic:高手"}, BadSpec, "高手"),
])
def test_bad_arguments_are_refused_naming_them(kwargs: dict[str, Any], error: type[Exception],
                                               words: str) -> None:
    with pytest.raises(error) as refused:
        single_agent_env("xianniu", **kwargs)
    assert words in str(refused.value)


def test_gymnasium_make_finds_it_by_its_id() -> None:
    made = gymnasium.make("huapai.env.gym_env:huapai/SingleAgent-v0", game="双别杆",
                          seat="random", opponents="random")
    obs, _ = made.reset(seed=4)
    done = False
    while not done:
        obs, reward, done, _, info = made.step(made.action_space.sample(mask=obs["action_mask"]))
    assert isinstance(made.unwrapped, HuapaiSingleAgentEnv)
    assert reward == info["settlement"]["deltas"][made.unwrapped.seat]
