"""大家的牌局: a player who did not sit at a table can find a public game's replay from the
lobby (a play-test looked for one: ``/api/replays`` listed them and no page showed that
list); a private room's games and the reader's own stay out of it."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from web_driver import create_room, enter, start_with_bots, tuoguan_on, tuoguan_to_settlement

OWN_SERVER = True  # conftest's ``server``: one of this module's own


def test_another_players_public_game_is_watched_from_the_lobby(page: Page, phone: Page,
                                                                 server: str) -> None:
    enter(page, server, "老张")
    create_room(page, preset="lanzhou", deals=2, fields={"multiplier": "3"})
    start_with_bots(page)
    tuoguan_on(page)
    expect(page.locator("[data-testid=again]")).to_be_visible(timeout=90000)  # both deals
    page.goto(server)
    page.check("input[name=private]")  # a second, private game: nobody else's to watch
    create_room(page, preset="fengxiang")
    start_with_bots(page)
    tuoguan_to_settlement(page, timeout=30000)
    page.goto(server)
    # his own games are under 我的牌局, not among everybody's
    expect(page.locator("[data-testid=replay-link]")).to_have_count(3)
    expect(page.locator("[data-testid=public-game]")).to_have_count(0)
    expect(page.locator(".public-games")).to_contain_text("还没有别人打完的公开牌局")
    mine = page.locator(".history-list li").filter(has_text="兰州")
    expect(mine.first).to_contain_text("掀牛 / 花花牌 · 兰州掀牛")  # the family, as rows say it
    total = mine.locator(".num").first.inner_text()  # his match's points, × 3
    # when, and who else sat there: two rows of one preset could not be told apart
    expect(mine.locator("[data-testid=history-facts]")).to_contain_text("同桌：机器人乙、机器人丙")

    enter(phone, server, "小赵")
    games = phone.locator("[data-testid=public-game]")
    expect(games).to_have_count(1)  # the public 兰州 match only: its two deals in one row
    row = games.first
    expect(row).to_contain_text("兰州")
    expect(row).to_contain_text("共 2 局")
    expect(row).to_contain_text("刚打完")
    expect(row.locator("[data-testid=public-game-mult]")).to_have_text("倍数 ×3")
    expect(row).to_contain_text(f"老张 {total}")  # as 我的牌局 says it
    links = row.locator("[data-testid=public-replay]")
    expect(links).to_have_text(["看回放 · 第 1 局", "看回放 · 第 2 局"])
    links.first.click()
    expect(phone.locator("[data-testid=step]")).to_contain_text("已走 0 /")
    expect(phone.locator(".open-hand")).to_have_count(3)  # every hand face up: it is over
    expect(phone.locator("[data-testid=seat-0] .plate-name")).to_have_text("老张")


def test_a_phone_goes_from_the_top_of_the_lobby_to_its_rooms(phone: Page, page: Page,
                                                              server: str) -> None:
    """The lobby is one column on a phone: the rooms to sit at were three screens down,
    under the form (a lobby play-test); a bar at its top goes to each part."""
    enter(phone, server, "小钱")
    rooms = phone.locator("section.rooms")
    expect(rooms).not_to_be_in_viewport()
    phone.locator("[data-testid=lobby-jump] button", has_text="公开房间").click()
    expect(rooms).to_be_in_viewport()
    enter(page, server, "大钱")  # a desktop has both columns side by side: no bar
    expect(page.locator("[data-testid=lobby-jump]")).to_be_hidden()
