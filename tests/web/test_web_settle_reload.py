"""A settlement drawn again after a reload is the one the deal's end showed: its
× multiplier column is the deltas times the room's multiplier (after a reload it showed
the bare deltas again, while the totals beside it held the multiplied ones)."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from web_driver import create_room, enter, start_with_bots, tuoguan_to_settlement

OWN_SERVER = True  # conftest's ``server``: one of this module's own


def _columns(page: Page) -> list[list[str]]:
    rows: list[list[str]] = page.eval_on_selector_all(
        ".settle-table tbody tr",
        "(rows) => rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))")
    return rows


def test_a_reloaded_settlement_scales_by_the_rooms_multiplier(page: Page, server: str) -> None:
    enter(page, server, "倍数")
    create_room(page, preset="lanzhou", fields={"multiplier": "3"})
    start_with_bots(page)
    tuoguan_to_settlement(page)
    expect(page.locator(".settle-table thead")).to_contain_text("× 倍数 3")
    live = _columns(page)
    assert any(row[1] != "0" for row in live), live
    for _name, delta, scaled, total in live:
        assert int(scaled) == 3 * int(delta) == int(total), live
    page.reload()
    expect(page.locator("[data-testid=settlement]")).to_be_visible()
    assert _columns(page) == live
