"""Every family that declares no browser renderer (``web_renderer=None`` in its manifest)
is in the lobby under its own title in both languages, and plays a whole deal by clicks
with the generic renderer. The families come from the registry, so an installed
plug-in (``tests/plugins/``, installed by ``scripts/test.sh``) is taken without this file
naming it; with none installed the test fails and says why. It has a server of its own,
so the deals the session's server deals to the other browser tests stay as they were."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from web_driver import create_room, enter, play_deal, shot, start_with_bots

from huapai.core.registry import get_game, manifests


def _generic_families() -> list[Any]:
    names = sorted(n for n, m in manifests().items() if m.web_renderer is None)
    if not names:
        return [pytest.param(None, id="none-installed")]
    return [pytest.param(n, id=n) for n in names]


@pytest.mark.parametrize("name", _generic_families())
def test_a_family_without_a_renderer_plays_with_the_generic_one(
        page: Page, own_server: str, shots: Path | None, name: str | None) -> None:
    server = own_server
    assert name is not None, ("no installed family lacks a browser renderer: install the "
                              "packages under tests/plugins/ (scripts/test.sh does)")
    manifest = manifests()[name]
    preset = next(iter(get_game(name).presets()))
    enter(page, server, "阿生")
    game_select = page.locator("select[name=game]")
    expect(game_select.locator(f"option[value='{name}']")).to_have_text(manifest.title.zh)
    create_room(page, preset=preset, game=name)
    expect(page.locator("[data-testid=waiting]")).to_contain_text(
        manifest.preset_title(preset).zh)
    start_with_bots(page)
    made = play_deal(page, random.Random(7))
    assert sum(made.values()) > 0, "I made no move at all"
    settlement = page.locator("[data-testid=settlement]")
    expect(settlement).to_be_visible()
    expect(settlement.locator(".settle-table tbody tr")).to_have_count(
        get_game(name).num_seats(get_game(name).rules(preset)))
    shot(page, shots, f"generic-{name}")
    page.click("[data-testid=lang]")
    page.goto(server)
    expect(page.locator(f"select[name=game] option[value='{name}']")).to_have_text(
        manifest.title.en)
