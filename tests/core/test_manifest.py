"""Families declare themselves with a manifest found through the ``huapai.games`` entry
points; a misdeclared family is an error naming it, never a silent fallback."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from huapai.core import registry
from huapai.core.manifest import (
    CalcParam,
    CalculatorSpec,
    GameManifest,
    ManifestError,
    Text,
    check_manifest,
)
from huapai.core.registry import game_names, get_game, get_manifest, manifests

TOY = GameManifest(name="toy", title=Text("玩具", "toy"), engine="toygame:GAME")


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The registry as if nothing were read yet; restored afterwards."""
    monkeypatch.setattr(registry, "_discovered", None)
    monkeypatch.setattr(registry, "_registered", {})
    monkeypatch.setattr(registry, "_engines", {})
    yield


def _entry_points(monkeypatch: pytest.MonkeyPatch, *points: tuple[str, str]) -> None:
    found = [EntryPoint(name, value, registry.GROUP) for name, value in points]
    monkeypatch.setattr(registry, "entry_points", lambda group: found)


# a module attribute the entry points below can name
WRONG_NAME = replace(TOY, name="other")
NOT_A_MANIFEST = {"name": "toy"}
BAD_HOUSE_BOT = replace(TOY, house_bot="genius")


def test_the_families_come_from_their_entry_points() -> None:
    assert {"xianniu", "biegan"} <= set(game_names())
    xianniu = get_manifest("xianniu")
    assert xianniu.engine == "huapai.games.xianniu.game:GAME"
    assert get_game("xianniu").name == "xianniu" and get_game("xianniu") is get_game("xianniu")
    assert xianniu.house_bot == "heuristic" and xianniu.bot_names() == ["heuristic", "random"]


@pytest.mark.parametrize("name", sorted(manifests()))
def test_every_preset_has_its_titles(name: str) -> None:
    manifest = get_manifest(name)
    assert list(manifest.preset_titles) == list(get_game(name).presets())
    assert all(t.zh and t.en for t in manifest.preset_titles.values())
    # Chinese mode shows no English: 客户端计分, not "App 计分"
    latin = [t.zh for t in (manifest.title, *manifest.preset_titles.values())
             if re.search(r"[A-Za-z]", t.zh)]
    assert latin == [], latin


@pytest.mark.parametrize(("value", "fault"), [
    ("no_such_module_anywhere:MANIFEST", "does not load: ModuleNotFoundError"),
    ("test_manifest:NO_SUCH_NAME", "does not load: AttributeError"),
    ("test_manifest:NOT_A_MANIFEST", "is a dict, not a GameManifest"),
    ("test_manifest:WRONG_NAME", "names itself 'other'"),
    ("test_manifest:BAD_HOUSE_BOT", "house bot 'genius' is not one of its bots (random)"),
])
def test_a_misdeclared_entry_point_names_the_family(
        fresh: None, monkeypatch: pytest.MonkeyPatch, value: str, fault: str) -> None:
    _entry_points(monkeypatch, ("toy", value))
    with pytest.raises(ManifestError, match="game family 'toy'") as info:
        game_names()
    assert fault in str(info.value)


def test_one_name_declared_twice_is_refused(fresh: None,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    _entry_points(monkeypatch, ("toy", "test_manifest:TOY"), ("toy", "test_manifest:TOY"))
    with pytest.raises(ManifestError, match="game family 'toy' is declared twice"):
        game_names()


def test_an_engine_that_does_not_load_or_is_misnamed(fresh: None) -> None:
    registry.register_game("toy", "toygame:NO_SUCH_GAME")
    with pytest.raises(ManifestError, match="engine 'toygame:NO_SUCH_GAME' does not load"):
        get_game("toy")
    registry.unregister_game("toy")
    registry.register_game("toy2", "toygame:GAME")
    with pytest.raises(ManifestError, match="'toy2': engine 'toygame:GAME' is named 'toy'"):
        registry.check_games()


def test_a_registered_game_gets_a_plain_manifest_and_goes_away(fresh: None) -> None:
    registry.register_game("toy", "toygame:GAME")
    manifest = get_manifest("toy")
    assert (manifest.title, manifest.house_bot, manifest.zero_sum) == (
        Text("toy", "toy"), "random", True)
    assert get_game("toy").name == "toy"
    registry.unregister_game("toy")
    with pytest.raises(ValueError, match="unknown game 'toy'"):
        get_game("toy")


@pytest.mark.parametrize(("changes", "fault"), [
    ({"name": ""}, "name must be a non-empty ASCII identifier"),
    ({"name": "掀牛"}, "name must be a non-empty ASCII identifier"),
    ({"title": Text("", "toy")}, "title needs both zh and en"),
    ({"engine": "toygame.GAME"}, "engine: expected 'module:attr'"),
    ({"bots": {"not a name": "m:f"}}, "bot name 'not a name' is not an identifier"),
    ({"bots": {"smart": "nowhere"}}, "bot 'smart': expected 'module:attr'"),
    ({"terminal_renderer": "render"}, "terminal_renderer: expected 'module:attr'"),
    ({"calculators": (CalculatorSpec("score", "m:f", Text("a", "b")),) * 2},
     "calculator 'score' is declared twice"),
    ({"calculators": (CalculatorSpec("score", "m:f", Text("a", "b"), params=(
        CalcParam("a", Text("a", "a")), CalcParam("b", Text("b", "b")))),)},
     "more than one positional parameter"),
])
def test_missing_or_malformed_fields_are_named(changes: dict[str, object], fault: str) -> None:
    with pytest.raises(ManifestError, match="game family") as info:
        check_manifest(replace(TOY, **changes))  # type: ignore[arg-type]
    assert fault in str(info.value)


def test_a_room_multiplier_names_an_integer_rule_option(fresh: None) -> None:
    """双别杆's rules carry the room's 倍数 (its manifest says which option); a family that
    names no such option, or a switch, is refused at start-up."""
    assert get_manifest("biegan").room_multiplier == "multiplier"
    assert get_manifest("biegan").to_json()["room_multiplier"] == "multiplier"
    assert get_manifest("xianniu").to_json()["room_multiplier"] is None
    with pytest.raises(ManifestError, match="room_multiplier must name a rule option"):
        check_manifest(replace(TOY, room_multiplier="two words"))
    registry.register_game("toy", "toygame:GAME", replace(TOY, room_multiplier="copies"))
    registry.check_games()  # an integer option of every preset: accepted
    registry.register_game("toy", "toygame:GAME", replace(TOY, room_multiplier="nope"))
    with pytest.raises(ManifestError, match="room_multiplier 'nope' is no integer"):
        registry.check_games()


def test_the_server_refuses_a_browser_renderer_it_cannot_serve(
        toy_games: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from huapai.server.app import check_families

    check_families()
    for path in ("js/games/nowhere.js", "../../../etc/passwd", "index.html"):
        monkeypatch.setitem(registry._registered, "toy", replace(TOY, web_renderer=path))
        with pytest.raises(ManifestError, match=f"'toy': web_renderer '{path}' is not a .js"):
            check_families()
