"""The owner picks each bot seat's bot and level in the waiting room (issue 12 §1):
搜索 · 入门 for one seat, 随机 for the other, shown on the seats, stored by the server,
a seated bot changed in place (随机 → 搜索 · 高手 → 搜索 · 入门), and the deal plays to its
end against them."""

from __future__ import annotations

import random
from pathlib import Path

from playwright.sync_api import Page, expect
from web_driver import create_room, enter, play_deal, shot

OWN_SERVER = True  # conftest's ``server``: one of this module's own


def _seat_bots(page: Page) -> list[str | None]:
    bots = page.evaluate("""async () => {
      const token = localStorage.getItem('huapai.token');
      const id = location.hash.split('/').pop();
      const r = await fetch(`/api/rooms/${id}`, { headers: { Authorization: `Bearer ${token}` } });
      return (await r.json()).room.seats.map((s) => s.bot);
    }""")
    return list(bots)


def _until_stored(page: Page, bots: list[str | None]) -> None:
    for _ in range(50):
        if _seat_bots(page) == bots:
            return
        page.wait_for_timeout(100)
    assert _seat_bots(page) == bots


def test_a_family_with_claim_windows_says_the_answer_s_pace_too(page: Page, server: str) -> None:
    """In 双别杆 a search level answers a discard sooner than it moves (大师: 5 s a move,
    2 s to answer); the picker says both where they differ, in either language."""
    enter(page, server, "房主")
    create_room(page, game="biegan", preset="gongan")
    labels = page.locator("[data-testid=bot-level] option").all_inner_texts()
    assert labels[-2:] == ["搜索 · 高手（每步 2 秒）", "搜索 · 大师（每步 5 秒，答牌 2 秒）"]
    # which is easiest (a newcomer's play-test): the simple bots say what they are
    assert labels[:2] == ["经验型（按经验打，不用想）", "随机（最弱：乱出）"], labels
    assert "越来越强" in (page.get_attribute("[data-testid=bot-level]", "title") or "")
    page.click("[data-testid=lang]")
    labels = page.locator("[data-testid=bot-level] option").all_inner_texts()
    assert labels[-1] == "Search · master (5 s a move, 2 s to answer a discard)"


def test_the_owner_seats_a_search_bot_at_a_level(page: Page, server: str,
                                                shots: Path | None) -> None:
    enter(page, server, "房主")
    create_room(page, preset="lanzhou")
    picker = page.locator("[data-testid=bot-level]")
    expect(picker).to_be_visible()
    # light, as the seats' own choices on the same card (it was the page's dark scheme)
    assert picker.evaluate("(e) => getComputedStyle(e).backgroundColor") == "rgb(255, 253, 247)"
    labels = picker.locator("option").all_inner_texts()
    # each search level says how long its every move takes here (its pace: 大师 5 s)
    assert labels == ["经验型（按经验打，不用想）", "随机（最弱：乱出）",
                      "搜索 · 入门（每步 0.5 秒）", "搜索 · 普通（每步 1 秒）",
                      "搜索 · 高手（每步 2 秒）", "搜索 · 大师（每步 5 秒）"]
    assert picker.input_value() == "heuristic"
    picker.select_option("search:入门")
    page.locator(".wait-seat[data-seat='1'] button", has_text="加机器人").click()
    seat_one = page.locator("[data-testid=bot-pick-1]")  # the owner's seated bot: a choice
    expect(seat_one).to_have_value("search:入门")
    expect(seat_one.locator("option:checked")).to_have_text("搜索 · 入门")
    page.locator("[data-testid=bot-level]").select_option("random")
    page.click("[data-testid=fill-bots]")
    expect(page.locator("[data-testid=bot-pick-2]")).to_have_value("random")
    assert _seat_bots(page) == [None, "search:入门", "random"]
    page.locator("[data-testid=bot-pick-2]").select_option("search:高手")  # changed in place
    expect(page.locator("[data-testid=bot-pick-2]")).to_have_value("search:高手")
    _until_stored(page, [None, "search:入门", "search:高手"])
    page.locator("[data-testid=bot-pick-2]").select_option("random")
    _until_stored(page, [None, "search:入门", "random"])
    expect(page.locator("[data-testid=bot-pick-2]")).to_have_value("random")
    shot(page, shots, "waiting-bot-levels")
    page.click("[data-testid=start]:not([disabled])")
    page.wait_for_selector("[data-testid=felt][data-counter]:not([data-counter=''])")
    # at the table a search bot's seat says its level, the random bot that it is random
    expect(page.locator("[data-testid=seat-1] .badge").first).to_have_text("机器人 · 入门")
    expect(page.locator("[data-testid=seat-2] .badge").first).to_have_text("机器人 · 随机")
    page.click("[data-testid=lang]")
    expect(page.locator("[data-testid=seat-1] .badge").first).to_have_text("bot · beginner")
    page.click("[data-testid=lang]")
    play_deal(page, random.Random(3))
    expect(page.locator("[data-testid=settlement]")).to_be_visible()
