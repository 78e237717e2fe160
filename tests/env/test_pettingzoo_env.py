"""The PettingZoo AEC environment: PettingZoo's own API and seed tests for every
registered game and preset, plus the huapai conventions (seeding, rewards, claim
windows, illegal actions), the latter on the test-only toy game."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
import toygame
from pettingzoo.test import api_test, seed_test
from registered import game_preset_params

from huapai.core.protocol import IllegalAction
from huapai.core.record import dumps, parse, replay_deal
from huapai.core.session import Deal
from huapai.env.pettingzoo_env import HuapaiAECEnv, env

ALL = [
    *game_preset_params(),
    *(pytest.param(toygame.GAME, p, id=f"toy-{p}") for p in ("duo", "trio")),
]


def _seed_spaces(e: Any, seed: int) -> None:
    for i, agent in enumerate(e.possible_agents):
        e.action_space(agent).seed(seed + i)


# Dict observations with an action mask are PettingZoo's own classic-env convention; its
# api_test only whitelists those envs by name, so these two notes are expected here.
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.parametrize(("game", "preset"), ALL)
def test_pettingzoo_api(game: Any, preset: str) -> None:
    e = env(game, preset)
    _seed_spaces(e, 11)
    api_test(e, num_cycles=200)


@pytest.mark.parametrize(("game", "preset"), ALL)
def test_pettingzoo_seed_test(game: Any, preset: str) -> None:
    seed_test(lambda: env(game, preset), num_cycles=200)


def _play(e: HuapaiAECEnv, seed: int) -> list[tuple[str, int]]:
    """Play one episode with seeded random legal actions; returns (agent, action) pairs."""
    rng, moves = random.Random(seed), []
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        moves.append((agent, action))
        e.step(action)
    return moves


@pytest.mark.parametrize(("game", "preset"), ALL)
def test_same_seed_same_episode(game: Any, preset: str) -> None:
    runs = []
    for _ in range(2):
        e = HuapaiAECEnv(game, preset)
        e.reset(seed=21)
        first = e.observe(e.agent_selection)
        runs.append((e.agent_selection, first["observation"].tolist(), _play(e, 5)))
    assert runs[0] == runs[1]


@pytest.mark.parametrize(("game", "preset"), ALL)
def test_reset_seed_deals_like_the_engine(game: Any, preset: str) -> None:
    e = HuapaiAECEnv(game, preset)
    e.reset(seed=33)
    g, rules = e.game, e.rules
    expected = Deal.start(g, rules, seed=33, dealer=g.first_dealer(rules, 33)[0])
    assert e.deal is not None and e.skipped_deals == 0
    assert e.deal.record.deal == expected.record.deal
    assert e.deal.record.dealer == expected.record.dealer
    e.reset(seed=34)
    assert e.deal.record.deal != expected.record.deal


def test_unseeded_resets_follow_the_last_seed() -> None:
    deals = []
    for _ in range(2):
        e = HuapaiAECEnv(toygame.GAME, "trio")
        e.reset(seed=8)
        e.reset()
        assert e.deal is not None
        deals.append(e.deal.record.deal)
    assert deals[0] == deals[1]


@pytest.mark.parametrize(("game", "preset"), ALL)
def test_rewards_are_the_settlement(toy_games: None, game: Any, preset: str) -> None:
    e = HuapaiAECEnv(game, preset)
    for seed in range(5):
        e.reset(seed=seed)
        totals = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, info = e.last()
            totals[agent] += reward
            if terminated:
                assert "settlement" in info
            step = None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0])
            e.step(step)
        assert e.deal is not None
        replay = replay_deal(parse(dumps(e.deal.record.lines()))[1][0])
        deltas = e.game.settlement(replay.final).deltas
        assert [totals[a] for a in e.possible_agents] == [float(d) for d in deltas]


def test_agents_follow_to_act_through_claim_windows() -> None:
    e = HuapaiAECEnv(toygame.GAME, "trio")
    windows = 0
    for seed in range(10):
        e.reset(seed=seed)
        rng = random.Random(seed)
        while not e.terminations[e.agent_selection]:
            to_act = e.game.to_act(e.deal.state)  # type: ignore[union-attr]
            assert e.agent_selection == f"seat_{to_act[0]}"
            windows += len(to_act) > 1
            for agent in e.possible_agents:
                mask = e.observe(agent)["action_mask"]
                legal = e.legal_actions(agent)
                assert np.flatnonzero(mask).tolist() == list(legal)
                assert bool(legal) == (int(agent.removeprefix("seat_")) in to_act)
            e.step(rng.choice(list(e.legal_actions(e.agent_selection))))
    assert windows > 10


def _idle_illegal(e: HuapaiAECEnv) -> int:
    mask = e.observe(e.agent_selection)["action_mask"]
    return int(np.flatnonzero(mask == 0)[0])


def test_illegal_action_terminates_with_a_penalty() -> None:
    e = HuapaiAECEnv(toygame.GAME, "trio", illegal_reward=-3)
    e.reset(seed=1)
    offender = e.agent_selection
    e.step(_idle_illegal(e))
    assert all(e.terminations.values())
    assert e.rewards == {a: (-3.0 if a == offender else 0.0) for a in e.possible_agents}
    refused = e.infos[offender]["illegal_action"]
    assert refused["code"] == refused["msg"]["code"] == "illegal_action"
    assert refused["message"] == f"{refused['msg']['zh']} / {refused['msg']['en']}" or \
        refused["message"] == refused["msg"]["zh"] == refused["msg"]["en"]
    assert e.deal is not None and e.deal.record.actions == []
    _, reward, terminated, _, _ = e.last()
    assert terminated and reward == (-3.0 if e.agent_selection == offender else 0.0)


@pytest.mark.parametrize(("action", "error", "said"), [
    ("claim", TypeError, "an action is an integer id in 0..5 (int or a NumPy integer), got "
                         "'claim' of type str"),
    (np.float32(1.0), TypeError, "got np.float32(1.0) of type float32"),
    (1.0, TypeError, "got 1.0 of type float"),
    (True, TypeError, "got True of type bool"),  # it was action 1 (a mask passed for one)
    (np.bool_(True), TypeError, "of type bool"),
    (6, ValueError, "action 6 is outside the action space Discrete(6)"),
    (-1, ValueError, "action -1 is outside the action space Discrete(6)"),
])
def test_an_action_outside_the_space_is_the_callers_error(action: Any, error: type[Exception],
                                                          said: str) -> None:
    """A float from a policy's tensor ended the episode as an illegal move, its penalty a
    training signal (a researcher's play-test): an action that is not in the space raises,
    naming it, and the episode goes on unchanged; a NumPy integer is an action."""
    e = HuapaiAECEnv(toygame.GAME, "duo")
    e.reset(seed=2)
    agent, before = e.agent_selection, e.observe(e.agent_selection)
    with pytest.raises(error) as info:
        e.step(action)
    assert said in str(info.value)
    assert e.agent_selection == agent and not any(e.terminations.values())
    assert np.array_equal(e.observe(agent)["observation"], before["observation"])
    e.step(np.int64(e.legal_actions(agent)[0]))
    assert not any(e.terminations.values())


def test_illegal_action_can_raise_instead() -> None:
    e = HuapaiAECEnv(toygame.GAME, "trio", illegal_action="raise")
    e.reset(seed=1)
    agent, before = e.agent_selection, e.observe(e.agent_selection)
    with pytest.raises(IllegalAction):
        e.step(_idle_illegal(e))
    after = e.observe(agent)
    assert e.agent_selection == agent and not any(e.terminations.values())
    assert np.array_equal(before["observation"], after["observation"])
    e.step(e.legal_actions(agent)[0])
    assert e.deal is not None and len(e.deal.record.actions) == 1


def test_an_explicit_deal_and_dealer() -> None:
    g = toygame.GAME
    rules = g.rules("duo")
    text = g.format_deal(rules, g.deal_of(g.new_game(rules, seed=99)))
    e = HuapaiAECEnv(g, "duo")
    e.reset(options={"deal": text, "dealer": 1})
    assert e.deal is not None and e.deal.record.deal == text
    assert e.agent_selection == "seat_1"


class _EndsAtDeal(toygame.ToyGame):
    """Deals whose first two cards match are over as dealt (like a big hand shown)."""

    def new_game(self, rules: Any, **kw: Any) -> toygame.ToyState:
        state = super().new_game(rules, **kw)
        return replace(state, over=True) if state.deal[0] == state.deal[1] else state


def test_deals_over_as_dealt_are_skipped() -> None:
    g, rules = _EndsAtDeal(), toygame.ToyRules(seats=2)
    seed = next(s for s in range(1000) if g.is_over(g.new_game(rules, seed=s)))
    e = HuapaiAECEnv(g, "duo")
    e.reset(seed=seed)
    assert e.skipped_deals == 1 and not any(e.terminations.values())
    again = HuapaiAECEnv(g, "duo")
    again.reset(seed=seed)
    assert again.deal is not None and e.deal is not None
    assert again.deal.record.deal == e.deal.record.deal
    text = g.format_deal(rules, g.deal_of(g.new_game(rules, seed=seed)))
    with pytest.raises(ValueError, match="over as it is dealt"):
        e.reset(options={"deal": text})


def test_spaces_match_the_game() -> None:
    e = HuapaiAECEnv(toygame.GAME, "trio", rules_overrides={"values": 5})
    assert e.possible_agents == ["seat_0", "seat_1", "seat_2"]
    space = e.observation_space("seat_1")
    assert space["observation"].shape == (e.game.observation_size(e.rules),)
    assert space["action_mask"].shape == (7,)
    assert e.action_space("seat_2").n == 7
    assert e.metadata["name"] == "huapai_toy_v0"


def test_render_ansi_and_bad_arguments() -> None:
    e = HuapaiAECEnv(toygame.GAME, "trio", render_mode="ansi")
    e.reset(seed=4)
    text = e.render()
    assert isinstance(text, str) and "to act: seat_" in text
    with pytest.warns(UserWarning, match="without specifying any render mode"):
        assert HuapaiAECEnv(toygame.GAME, "trio").render() is None
    with pytest.raises(ValueError, match="render_mode"):
        HuapaiAECEnv(toygame.GAME, "trio", render_mode="rgb_array")
    with pytest.raises(ValueError, match="illegal_action"):
        HuapaiAECEnv(toygame.GAME, "trio", illegal_action="ignore")  # type: ignore[arg-type]


def test_reset_refuses_a_dealer_that_is_not_a_seat() -> None:
    """A bad dealer came back as the engine's IllegalAction; other keys are ignored, as
    PettingZoo's api_test expects (it passes one of its own)."""
    e = HuapaiAECEnv(toygame.GAME, "trio")
    for bad in (7, -1, "1", True, 1.0):
        with pytest.raises(ValueError, match="dealer must be a seat number 0…2"):
            e.reset(seed=1, options={"dealer": bad})
    assert e.deal is None  # nothing was dealt
    e.reset(seed=1, options={"dealer": np.int64(2)})
    assert e.deal is not None and e.deal.record.dealer == 2


def _first_legal_episode(e: HuapaiAECEnv, seed: int) -> dict[str, float]:
    e.reset(seed=seed)
    while not all(e.terminations.values()):
        e.step(e.legal_actions(e.agent_selection)[0])
    return dict(e.rewards)


def test_worth_rewards_bofu_where_the_money_is_silent() -> None:
    """钵福's money moves only at 得一钵: ``reward="worth"`` rewards the 算盘 standing too,
    and every episode's ``infos`` carries the worth either way."""
    money, worth = HuapaiAECEnv("xiushan", "bofu"), HuapaiAECEnv("xiushan", "bofu",
                                                                  reward="worth")
    silent = 0
    for seed in range(12):
        paid, valued = _first_legal_episode(money, seed), _first_legal_episode(worth, seed)
        assert valued == {a: worth.infos[a]["worth"] for a in worth.agents}
        assert [money.infos[a]["worth"] for a in money.agents] == list(valued.values())
        silent += not any(paid.values()) and any(valued.values())
    assert silent > 0
    same = HuapaiAECEnv("xiushan", "maquefu", reward="worth")
    assert _first_legal_episode(same, 3) == _first_legal_episode(
        HuapaiAECEnv("xiushan", "maquefu"), 3)
    with pytest.raises(ValueError, match="reward must be 'money' or 'worth'"):
        HuapaiAECEnv(toygame.GAME, "trio", reward="points")  # type: ignore[arg-type]


def test_write_record_replays(toy_games: None, tmp_path: Any) -> None:
    e = HuapaiAECEnv(toygame.GAME, "trio")
    with pytest.raises(RuntimeError, match="reset"):
        e.write_record(tmp_path / "none.jsonl")
    _first_legal_episode(e, 5)
    e.write_record(tmp_path / "ep.jsonl")
    _header, deals = parse((tmp_path / "ep.jsonl").read_text(encoding="utf-8"))
    assert replay_deal(deals[0]) is not None and deals[0].seed == 5
