"""The CLI is generic: a second game with claim windows plugs in without changing it.

``cli_claimgame`` stands in for 双别杆: after each play every other seat is in
``to_act`` at once. It has no ``terminal`` module, so the CLI falls back to the generic
renderer, until a renderer is registered for it.
"""

from __future__ import annotations

import json
import sys
import types
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from cli_claimgame import GAME
from cli_helpers import assert_clean, invoke
from rich.console import Console, RenderableType
from rich.text import Text

from huapai.cli_support import calculators, render
from huapai.cli_support.i18n import Lang
from huapai.cli_support.render import DealFacts, RenderContext
from huapai.core import registry


@pytest.fixture(autouse=True)
def claim_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry._GAMES, "claimtoy", "cli_claimgame:GAME")
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
                     "--bots", "random", "--lang", "en", "--record", str(out)], "1\n" * 40)
    assert_clean(result, 0)
    assert "match over" in result.output
    assert "hand_sizes" in result.output and "pending" in result.output
    assert "claim=True" not in result.output.replace("you: answered claim=True", "")
    replayed = invoke(["replay", str(out), "--lang", "en"])
    assert_clean(replayed, 0)
    assert "record is valid: 2 deals" in replayed.output


def test_the_human_answers_first_in_a_claim_window() -> None:
    result = invoke(["play", "claimtoy", "--seat", "2", "--seed", "2", "--deals", "1",
                     "--bots", "random", "--lang", "en"], "1\n" * 40)
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
                    "?\n" + "1\n" * 40)
    assert_clean(result, 0)
    assert "PLAIN TABLE hand=" in result.output and "PLAIN EVENT played" in result.output
    assert "PLAIN HELP" in result.output
    sim = invoke(["simulate", "claimtoy", "-n", "10", "--bots", "random", "--json"])
    assert json.loads(sim.stdout)["rates"] == {"short": 1.0}
    table = invoke(["simulate", "claimtoy", "-n", "10", "--bots", "random"])
    assert "SHORT: 100.0%" in table.stdout


def test_score_and_waits_are_reserved_until_registered() -> None:
    for command in ("score", "waits"):
        result = invoke([command, "xianniu", "K K", "--lang", "en"])
        assert_clean(result, 1)
        assert f"no {command} calculator for xianniu yet" in result.output

    seen: list[Sequence[str]] = []

    def handler(args: Sequence[str], console: Console, lang: Lang) -> int:
        seen.append(args)
        console.print("SCORED")
        return 0

    calculators.register_calculator("score", "biegan", handler)
    try:
        result = invoke(["score", "biegan", "上大人", "孔乙己"])
    finally:
        calculators.unregister_calculator("score", "biegan")
    assert_clean(result, 0)
    assert "SCORED" in result.output and seen == [["上大人", "孔乙己"]]


def test_a_calculator_is_found_by_convention(monkeypatch: pytest.MonkeyPatch) -> None:
    def waits(args: Sequence[str], console: Console, lang: Lang) -> int:
        console.print(f"WAITS {' '.join(args)}")
        return 3

    module = types.ModuleType("huapai.games.zzcalc.cli")
    setattr(module, "waits", waits)  # noqa: B010
    monkeypatch.setitem(sys.modules, "huapai.games.zzcalc.cli", module)
    result = invoke(["waits", "zzcalc", "一", "二"])
    assert_clean(result, 3)
    assert "WAITS 一 二" in result.output
    missing = invoke(["score", "zzcalc"])
    assert_clean(missing, 1)
    assert "zzcalc 还没有 score 计算器" in missing.output
