"""The PettingZoo environment's researcher-facing parts: the global ``state()`` for
centralised training (and that the per-seat observations still hide the other hands),
rendering, ``infos`` at the end, and the preset in written records."""

from __future__ import annotations

import json
import random
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import toygame
from registered import game_preset_params
from rich.console import Console

from huapai.cli_support.replay import run_replay
from huapai.core.protocol import RulesError
from huapai.core.record import parse
from huapai.env.pettingzoo_env import HuapaiAECEnv, env

ALL = [
    *game_preset_params(),
    *(pytest.param(toygame.GAME, p, id=f"toy-{p}") for p in ("duo", "trio")),
]


def _by_seat(e: Any) -> np.ndarray[Any, Any]:
    return np.concatenate([e.observe(a)["observation"] for a in e.possible_agents])


def _check_state(e: Any) -> None:
    state = e.state()
    assert state.dtype == np.float32 and state.shape == e.state_space.shape
    assert e.state_space.contains(state)
    assert np.array_equal(state, _by_seat(e))


@pytest.mark.parametrize(("game", "preset"), ALL)
def test_state_is_every_seat_observation_in_seat_order(game: Any, preset: str) -> None:
    e = env(game, preset)
    raw = e.unwrapped
    size = raw.game.observation_size(raw.rules)
    assert e.state_space.shape == (len(e.possible_agents) * size,)
    assert e.state_space.dtype == np.float32
    e.reset(seed=7)
    _check_state(e)
    rng = random.Random(7)
    for _ in range(12):
        if all(e.terminations.values()):
            break
        e.step(rng.choice(list(raw.legal_actions(e.agent_selection))))
        _check_state(e)


@pytest.mark.parametrize(("game", "preset"), ALL)
def test_observe_still_hides_what_the_state_holds(game: Any, preset: str) -> None:
    """Redealing the other seats' hidden cards (the game's ``resample`` for a seat) leaves
    that seat's observation as it was, while the global state, which holds every hand,
    sees the change."""
    e = HuapaiAECEnv(game, preset)
    e.reset(seed=3)
    assert e.deal is not None
    true_state, rng, changed = e.deal.state, random.Random(3), 0
    for seat, agent in enumerate(e.possible_agents):
        mine, everything = e.observe(agent), e.state()
        for _ in range(3):
            e.deal.state = e.game.resample(true_state, seat, rng)
            assert np.array_equal(e.observe(agent)["observation"], mine["observation"])
            assert np.array_equal(e.observe(agent)["action_mask"], mine["action_mask"])
            changed += not np.array_equal(e.state(), everything)
        e.deal.state = true_state
    assert changed > 0


def _played(e: HuapaiAECEnv, steps: int, seed: int = 4) -> None:
    e.reset(seed=seed)
    for _ in range(steps):
        if all(e.terminations.values()):
            return
        e.step(e.legal_actions(e.agent_selection)[0])


@pytest.mark.parametrize(("game", "preset"), ALL)
def test_render_ansi_is_readable_and_shows_no_current_hand(game: Any, preset: str) -> None:
    e = HuapaiAECEnv(game, preset, render_mode="ansi")
    _played(e, 6)
    text = e.render()
    assert isinstance(text, str) and e.deal is not None
    assert '{"' not in text and "null" not in text  # no raw JSON dump of the table
    assert f"[{preset}]" in text and f"deal (every hand, as dealt): {e.deal.record.deal}" in text
    table = text.split("table (a spectator's view):\n", 1)[1]
    assert table.strip()
    state = e.deal.state
    for seat in range(len(e.possible_agents)):
        hand = e.game.observe(state, seat).get("hand")
        if isinstance(hand, str) and len(hand) >= 3:
            assert hand not in table


def test_render_without_a_mode_warns_and_human_prints(capsys: pytest.CaptureFixture[str]) -> None:
    e = HuapaiAECEnv(toygame.GAME, "trio")
    e.reset(seed=1)
    with pytest.warns(UserWarning, match="without specifying any render mode"):
        assert e.render() is None
    human = HuapaiAECEnv(toygame.GAME, "trio", render_mode="human")
    human.reset(seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert human.render() is None
    shown = capsys.readouterr().out
    assert "to act: seat_" in shown and "table (a spectator's view):" in shown
    human.step(human.legal_actions(human.agent_selection)[0])  # human mode: every step
    assert "last actions (1 in all):" in capsys.readouterr().out


def test_infos_are_read_from_last_on_the_terminal_step() -> None:
    e = env(toygame.GAME, "trio")
    e.reset(seed=2)
    ended = {}
    for agent in e.agent_iter():
        obs, _, terminated, truncated, info = e.last()
        if terminated or truncated:
            ended[agent] = info
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert set(ended) == set(e.possible_agents)
    assert all({"settlement", "worth"} <= set(info) for info in ended.values())
    assert e.infos == {}  # after the loop: every agent removed, as PettingZoo does


@pytest.mark.parametrize("preset", ["gongan-app", "danbiegan"])
def test_written_records_name_the_preset(preset: str, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    e = HuapaiAECEnv("biegan", preset)
    _played(e, 10, seed=5)
    path = tmp_path / "ep.jsonl"
    e.write_record(path)
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert header["type"] == "deal" and header["preset"] == preset
    assert parse(path.read_text(encoding="utf-8"))[1][0].preset == preset
    assert run_replay(path, as_json=True, lang="en", console=Console()) == 0
    assert json.loads(capsys.readouterr().out)["deals"][0]["preset"] == preset
    given = e.deal.record.deal if e.deal is not None else ""
    e.reset(options={"deal": given})  # an explicit deal is named too
    e.write_record(path)
    assert json.loads(path.read_text(encoding="utf-8").splitlines()[0])["preset"] == preset


@pytest.mark.parametrize(("kwargs", "want"), [
    ({"game": "掀牛"}, ("xianniu", "lanzhou", 3)),
    ({"game": "十八福"}, ("xiushan", "shibafu", 3)),
    ({"game": "xianniu", "preset": "凤翔", "rules_overrides": {"人数": 4}},
     ("xianniu", "fengxiang", 4)),
    ({"game": "钵福", "rules_overrides": {"报数": "自己报数"}}, ("xiushan", "bofu", 3)),
])
def test_games_presets_and_options_by_the_names_the_cli_takes(
        kwargs: dict[str, Any], want: tuple[str, str, int]) -> None:
    raw = env(**kwargs).unwrapped
    assert (raw.game.name, raw.preset, len(raw.possible_agents)) == want


def test_a_name_fitting_several_presets_is_refused_naming_them() -> None:
    with pytest.raises(RulesError, match="lanzhou-app"):
        env("兰州")
