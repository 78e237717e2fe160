"""The toy family, installed from this folder (``scripts/test.sh`` installs every package
under ``tests/plugins/`` for its run, and uninstalls them after), is a family like the
others without any file outside this folder naming it: found through its entry point, in
the lobby's list, conformance-checked, in the PettingZoo env, played in the terminal with
the generic renderer. The browser plays it with the generic renderer in
``tests/web/test_web_generic.py``, which takes every family that declares no browser renderer."""

from __future__ import annotations

import json
import warnings
from importlib.metadata import entry_points
from pathlib import Path

from registered import game_preset_params
from typer.testing import CliRunner

from huapai.cli import app
from huapai.cli_support.render import GenericRenderer, renderer_for
from huapai.core.registry import game_names, get_game, get_manifest
from huapai.env.pettingzoo_env import env
from huapai.server.app import create_app
from huapai.server.config import ServerConfig

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
from starlette.testclient import TestClient  # noqa: E402

NAME = "toyfamily"


def test_found_through_its_entry_point() -> None:
    declared = {e.name: e.value for e in entry_points(group="huapai.games")}
    assert declared[NAME] == "huapai_toyfamily.manifest:MANIFEST"
    manifest = get_manifest(NAME)
    assert NAME in game_names() and get_game(NAME).name == NAME
    assert manifest.web_renderer is None and manifest.terminal_renderer is None
    assert manifest.house_bot == "random" and manifest.calculators == ()


def test_in_the_conformance_suite_and_the_env() -> None:
    """tests/core/test_conformance.py and tests/env/ run over ``game_preset_params()``."""
    ids = {p.id for p in game_preset_params()}
    assert {f"{NAME}-duo", f"{NAME}-trio"} <= ids
    e = env(NAME, "duo")
    e.reset(seed=3)
    steps = 0
    for agent in e.agent_iter(max_iter=200):
        _obs, _reward, done, truncated, _info = e.last()
        mask = e.observe(agent)["action_mask"]
        e.step(None if done or truncated else int(mask.nonzero()[0][0]))
        steps += 1
    assert steps > 2 and not e.agents


def test_listed_by_the_lobby_api(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'huapai.sqlite3'}"
    with TestClient(create_app(ServerConfig(database_url=url, seed=1))) as client:
        games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
        toy = games[NAME]
        assert toy["titles"] == {"zh": "比大（测试用）", "en": "Beat it (a test family)"}
        assert toy["web_renderer"] is None and toy["bots"] == ["random"]
        assert [p["name"] for p in toy["presets"]] == ["duo", "trio"]
        detail = client.get(f"/api/games/{NAME}").json()
        assert {o["name"] for o in detail["options"]} == {"seats", "hand_size", "values",
                                                           "copies"}


def test_plays_in_the_terminal_with_the_generic_renderer(tmp_path: Path) -> None:
    assert isinstance(renderer_for(get_game(NAME)), GenericRenderer)
    record = tmp_path / "toy.jsonl"
    result = CliRunner().invoke(app, ["play", NAME, "--preset", "duo", "--seed", "5",
                                      "--deals", "2", "--bots", "random", "--lang", "en",
                                      "--record", str(record)], input="#1\n" * 60)
    assert result.exit_code == 0, result.output
    assert "match over" in result.output and "hand_sizes" in result.output
    replayed = CliRunner().invoke(app, ["replay", str(record), "--json"])
    assert replayed.exit_code == 0, replayed.output
    checked = json.loads(replayed.stdout)
    assert checked["ok"] and checked["match"]["game"] == NAME and len(checked["deals"]) == 2
