"""The CLI is generic: a second game with claim windows plugs in without changing it.

``cli_claimgame`` stands in for 双别杆: after each play every other seat is in
``to_act`` at once. Its manifest names no terminal renderer, so the CLI falls back to the
generic renderer, until a renderer is registered for it. Calculator commands are built
from a manifest's typed specs; a misdeclared family stops every command at start-up.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
import typer
from cli_claimgame import GAME
from cli_helpers import assert_clean, invoke
from rich.console import Console, RenderableType
from rich.text import Text
from typer.testing import CliRunner

from huapai.cli_support import render
from huapai.cli_support.calculators import add_calculator_commands
from huapai.cli_support.i18n import Lang
from huapai.cli_support.render import DealFacts, RenderContext
from huapai.core import registry
from huapai.core.manifest import CalcParam, CalculatorError, CalculatorSpec, GameManifest
from huapai.core.manifest import Text as Words


@pytest.fixture(autouse=True)
def claim_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))
    registry.register_game("claimtoy", "cli_claimgame:GAME")
    yield
    render.unregister_renderer("claimtoy")


def test_the_generic_renderer_is_the_fallback() -> None:
    assert isinstance(render.renderer_for(GAME), render.GenericRenderer)
    assert not isinstance(render.renderer_for(registry.get_game("xianniu")),
                          render.GenericRenderer)


def test_simulate_a_game_with_claim_windows() -> None:
    result = invoke(["simulate", "claimtoy", "--games", "40", "--bots", "random", "--json"])
    assert_clean(result, 0)
    data = json.loads(result.stdout)
    assert data["deals"] == 40 and data["rates"] == {}
    assert sum(s["total"] for s in data["seats"]) == 0
    assert any(s["total"] for s in data["seats"])  # claims happened


def test_play_a_claim_game_through_the_generic_view(tmp_path: Path) -> None:
    out = tmp_path / "claim.jsonl"
    result = invoke(["play", "claimtoy", "--seat", "1", "--seed", "2", "--deals", "2",
                     "--bots", "random", "--lang", "en", "--record", str(out)], "#1\n" * 40)
    assert_clean(result, 0)
    assert "match over" in result.output
    assert "hand_sizes" in result.output and "pending" in result.output
    assert "claim=True" not in result.output.replace("you: answered claim=True", "")
    replayed = invoke(["replay", str(out), "--lang", "en"])
    assert_clean(replayed, 0)
    assert "record is valid: 2 deals, " in replayed.output


def test_the_human_answers_first_in_a_claim_window() -> None:
    result = invoke(["play", "claimtoy", "--seat", "2", "--seed", "2", "--deals", "1",
                     "--bots", "random", "--lang", "en"], "#1\n" * 40)
    assert_clean(result, 0)
    before_me = result.output.split("your turn")[0]
    assert "seat 1: answered" not in before_me  # seat 1 is asked at the same time, after us


class _Plain:
    def table(self, view: Mapping[str, Any], ctx: RenderContext) -> RenderableType:
        return Text(f"PLAIN TABLE hand={view['hand']}")

    def event(self, event: Mapping[str, Any], ctx: RenderContext) -> str | None:
        return f"PLAIN EVENT {event['kind']}"

    def notation_help(self, ctx: RenderContext) -> str:
        return "PLAIN HELP"

    def deal_facts(self, view: Mapping[str, Any], ctx: RenderContext) -> DealFacts:
        return DealFacts(per_deal={"short": sum(view["hand_sizes"]) > 0})

    def fact_label(self, key: str, lang: Lang) -> str:
        return key.upper()


def test_a_registered_renderer_is_used_everywhere() -> None:
    render.register_renderer("claimtoy", _Plain())
    result = invoke(["play", "claimtoy", "--seed", "2", "--deals", "1", "--bots", "random"],
                    "?\n" + "#1\n" * 40)
    assert_clean(result, 0)
    assert "PLAIN TABLE hand=" in result.output and "PLAIN EVENT played" in result.output
    assert "PLAIN HELP" in result.output
    sim = invoke(["simulate", "claimtoy", "-n", "10", "--bots", "random", "--json"])
    assert json.loads(sim.stdout)["rates"] == {"short": 1.0}
    table = invoke(["simulate", "claimtoy", "-n", "10", "--bots", "random"])
    assert "SHORT：100.0%" in table.stdout


def test_score_and_waits_are_reserved_for_families_without_one() -> None:
    for command in ("score", "waits"):
        result = invoke([command, "xianniu", "K K", "--lang", "en"])
        assert_clean(result, 1)
        assert f"no {command} calculator for xianniu yet; available: biegan" in result.output
    missing = invoke(["score", "claimtoy"])
    assert_clean(missing, 1)
    assert "claimtoy 还没有 score 计算器" in missing.output
    unknown = invoke(["waits", "mahjong", "一"])  # not a game of ours: said so, not "yet"
    assert_clean(unknown, 1)
    assert "没有叫「mahjong」的游戏；有 waits 计算器的：biegan" in unknown.output


@dataclass(frozen=True)
class _Sum:
    total: int
    words: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total, "words": list(self.words)}


def add_up(words: Sequence[str], add: Sequence[int], times: int | None,
           loud: bool) -> _Sum:
    """A calculator for the spec below: the sum of ``--add``s, times ``--times``."""
    if times == 0:
        raise CalculatorError(Words("乘数不能是 0", "--times cannot be 0"))
    total = sum(add) * (1 if times is None else times)
    return _Sum(total * (10 if loud else 1), tuple(words))


def show_sum(result: _Sum, console: Console, lang: Lang) -> None:
    console.print(("合计 " if lang == "zh" else "total ") + str(result.total))


_SPEC = CalculatorSpec(
    command="tally", function="test_cli_generic:add_up", help=Words("加", "add up"),
    params=(CalcParam("words", Words("词", "words")),
            CalcParam("add", Words("加数", "a number to add"), flags=("--add", "-a"),
                      type="int", multiple=True),
            CalcParam("times", Words("乘数", "multiply by"), flags=("--times",), type="int"),
            CalcParam("loud", Words("十倍", "ten times"), flags=("--loud",), type="bool")),
    display="test_cli_generic:show_sum")


def _tally(*args: str) -> Any:
    app = typer.Typer()
    app.command()(lambda: None)  # a typer app needs one command of its own
    manifest = GameManifest(name="claimtoy", title=Words("认领", "claim"),
                            engine="cli_claimgame:GAME", calculators=(_SPEC,))
    add_calculator_commands(app, [manifest])
    return CliRunner().invoke(app, ["tally", "claimtoy", *args])


def test_a_calculator_command_is_built_from_its_typed_spec() -> None:
    shown = _tally("一", "二", "-a", "2", "--add", "3", "--times", "4")
    assert_clean(shown, 0)
    assert "合计 20" in shown.output
    as_json = _tally("x", "-a", "1", "--loud", "--json", "--lang", "en")
    assert_clean(as_json, 0)
    assert json.loads(as_json.stdout) == {"total": 10, "words": ["x"]}
    assert "total" in _tally("-a", "1", "--lang", "en").output


@pytest.mark.parametrize(("args", "message"), [
    (["-a", "1", "--times", "2", "--times", "3"], "--times may be given only once"),
    (["--times"], "--times needs a value"),
    (["--times", "--loud"], "--times needs a value"),
    (["--nope"], "tally has no option --nope; known: --add --times --loud --json"),
    (["--loud=yes"], "tally has no option --loud=yes"),
    (["--times", "0"], "--times cannot be 0"),
])
def test_a_built_calculator_refuses_bad_input_in_one_line(args: list[str],
                                                          message: str) -> None:
    result = _tally(*args, "--lang", "en")
    assert_clean(result, 1)
    assert result.stdout == ""
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {message}"), lines


def test_a_misdeclared_family_stops_every_command(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = replace(registry.get_manifest("claimtoy"),
                     terminal_renderer="no_such_module_here:RENDERER")
    monkeypatch.setitem(registry._registered, "claimtoy", broken)
    result = invoke(["rules", "xianniu"])
    assert_clean(result, 1)
    assert "game family 'claimtoy': terminal_renderer 'no_such_module_here:RENDERER' does " \
        "not load: ModuleNotFoundError" in result.output
    bad_bot = replace(registry.get_manifest("xianniu"),
                      bots={"heuristic": "huapai.games.xianniu.bot:no_such_factory"})
    monkeypatch.setitem(registry._registered, "claimtoy", registry.get_manifest("claimtoy"))
    monkeypatch.setitem(registry._registered, "xianniu", bad_bot)
    result = invoke(["simulate", "xianniu", "-n", "1"])
    assert_clean(result, 1)
    assert "game family 'xianniu': bot 'heuristic'" in result.output
