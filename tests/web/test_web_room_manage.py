"""Managing a room in the browser as the apps allow (friends from 兰州, a play-test): a
seated friend moves to another seat in one press (换到这里), the host hands the room to
them (转让房主, asked first) and the new owner closes it (解散房间, asked first) — the
friend's page says who closed it, the owner's goes back to the lobby."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from web_driver import enter, start_with_bots, tuoguan_on, tuoguan_to_settlement


def _host_and_friend(page: Page, phone: Page, server: str) -> Page:
    """The host's new room (seat 0) and 阿芳 on a phone at seat 1: her page."""
    enter(page, server, "房主")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")
    enter(phone, server, "阿芳")
    phone.goto(page.url)
    phone.click("[data-testid=sit-1]")
    expect(page.locator(".wait-seat[data-seat='1']")).to_contain_text("阿芳")
    return phone


def test_move_hand_on_and_close_a_room(page: Page, phone: Page, server: str) -> None:
    friend = _host_and_friend(page, phone, server)
    # 换座 in one press: the friend's seat 2 says 换到这里, not 坐这里
    move = friend.locator("[data-testid=sit-2]")
    expect(move).to_have_text("换到这里")
    move.click()
    expect(page.locator(".wait-seat[data-seat='2']")).to_contain_text("阿芳")
    expect(page.locator(".wait-seat[data-seat='1']")).to_contain_text("空位")
    # 转让房主, asked first: cancelled changes nothing
    give = page.locator(".wait-seat[data-seat='2'] button", has_text="转让房主")
    give.click()
    page.click("[data-testid=give-owner-cancel]")
    expect(friend.locator("[data-testid=start]")).to_have_count(0)
    give.click()
    page.click("[data-testid=give-owner-confirm]")
    expect(friend.locator(".toast", has_text="房主转给你了")).to_be_visible()
    expect(friend.locator("[data-testid=start]")).to_be_visible()
    expect(page.locator("[data-testid=start]")).to_have_count(0)
    expect(page.locator("[data-testid=dissolve]")).to_have_count(0)
    # 解散房间 by the new owner: the old host's page says who closed it
    friend.click("[data-testid=dissolve]")
    friend.click("[data-testid=dissolve-confirm]")
    expect(friend.locator(".toast", has_text="房间已解散")).to_be_visible()
    friend.wait_for_url(lambda url: url.endswith("#/"))
    expect(page.locator("[data-testid=room-dissolved]")).to_contain_text("阿芳解散了这个房间")


def test_a_player_standing_in_for_an_away_owner_reads_it_on_the_settlement(
        page: Page, phone: Page, server: str) -> None:
    """The line that says why 再来一场 is offered to a player who is not the owner was the
    button's tooltip only: a phone cannot hover (a play-test)."""
    friend = _host_and_friend(page, phone, server)
    start_with_bots(page)
    tuoguan_on(friend)
    tuoguan_to_settlement(page)
    expect(friend.locator("[data-testid=settlement]")).to_be_visible(timeout=60000)
    expect(friend.locator("[data-testid=settle-note]")).to_have_count(0)  # the owner is here
    page.goto(f"{server}/#/")  # the owner goes back to the lobby
    expect(friend.locator("[data-testid=settle-note]")).to_contain_text("房主不在")
    expect(friend.locator("[data-testid=again]")).to_be_visible()
    # 再来一场 by the friend makes her the owner: the host, back, is told why (only once)
    room = friend.url
    friend.click("[data-testid=again]")
    expect(friend.locator("[data-testid=settle-note]")).to_have_count(0)
    page.goto(room)
    expect(page.locator(".toast", has_text="替你按了房主的按钮")).to_contain_text("阿芳")


def test_a_seated_friend_is_told_who_starts_another_match_and_when_it_does(
        page: Page, phone: Page, server: str) -> None:
    """再来一场 by the owner began a new deal on the friend's page with no word, and her
    整场结束 said nothing of it (a play-test): it says who may start one, and when it
    starts, who did."""
    friend = _host_and_friend(page, phone, server)
    start_with_bots(page)
    tuoguan_on(friend)
    tuoguan_to_settlement(page)
    note = friend.locator("[data-testid=again-note]")
    expect(note).to_contain_text("房主 按「再来一场」就和大家接着打新的一场", timeout=60000)
    expect(page.locator("[data-testid=again-note]")).to_have_count(0)  # the owner's own
    page.click("[data-testid=again]")
    expect(friend.locator(".toast", has_text="房主 开始了新的一场")).to_be_visible()


def test_a_seated_friend_takes_over_from_an_away_owner_in_one_press(
        page: Page, phone: Page, server: str) -> None:
    """接任房主: the friend had to press another of the owner's buttons to become owner
    (移走 a bot she meant to keep: a play-test); now one press, and the away owner's seat
    can be freed."""
    friend = _host_and_friend(page, phone, server)
    expect(friend.locator("[data-testid=take-over]")).to_have_count(0)  # the owner is here
    page.goto(f"{server}/#/")  # the owner goes back to the lobby
    friend.click("[data-testid=take-over]")
    expect(friend.locator("[data-testid=dissolve]")).to_be_visible()
    expect(friend.locator("[data-testid=take-over]")).to_have_count(0)
    expect(friend.locator(".wait-seat[data-seat='0'] button", has_text="请离座")).to_be_visible()


_MOVE = """async ([room, from, to]) => {
  const token = localStorage.getItem("huapai.token");
  const h = { Authorization: `Bearer ${token}` };
  await fetch(`/api/rooms/${room}/seats/${to}`, { method: "DELETE", headers: h });
  return (await fetch(`/api/rooms/${room}/seats/${to}`, { method: "POST", headers: h })).status;
}"""


def test_after_a_move_the_finished_deal_names_who_played_it(page: Page, server: str) -> None:
    """换座 after the match: the deal still on the table names each seat by who played it
    (it named the new occupant: "大刘 对 1" of a deal 大刘 never played, a play-test)."""
    enter(page, server, "房主")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")
    start_with_bots(page)
    tuoguan_to_settlement(page)
    room = page.url.split("/room/")[1]
    expect(page.locator(".settle-table tr[data-seat='0'] td").first).to_have_text("你")
    assert page.evaluate(_MOVE, [room, 0, 1]) == 200  # the bot of seat 1 off, I sit there
    expect(page.locator(".settle-table tr[data-seat='1'] td").first).not_to_have_text("你")
    expect(page.locator(".settle-table tr[data-seat='0'] td").first).to_have_text("你")
    expect(page.locator(".settle-table tr.me")).to_have_attribute("data-seat", "0")


def test_the_owner_sees_who_watches_and_sends_one_away(page: Page, phone: Page,
                                                       server: str) -> None:
    """「1 人观战」 opens who it is; the owner's 请出 (asked first) sends them to the lobby,
    told why, and the room is closed to them (a play-test: nobody could tell who watched
    or keep anyone out)."""
    enter(page, server, "房主")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")
    room_url = page.url
    enter(phone, server, "看客")
    phone.goto(room_url)
    badge = page.locator("[data-testid=spectators]")
    expect(badge).to_have_text("1 人观战")
    # the watcher's own bar says it is they (「1 人观战」 read as someone else: a play-test)
    expect(phone.locator("[data-testid=spectators]")).to_have_text("你在观战")
    badge.click()
    expect(page.locator("[data-testid=watchers] li")).to_have_text(["看客请出"])
    page.click("[data-testid=send-away]")
    page.click("[data-testid=send-away-confirm]")
    expect(phone.locator(".toast")).to_contain_text("房主请你离开了这个房间")
    expect(phone.locator("[data-testid=create]")).to_be_visible()
    expect(badge).to_have_count(0)
    phone.goto(room_url)  # by its address again: said, not "loading" for ever
    expect(phone.locator("[data-testid=room-sent-away]")).to_contain_text("房主请你离开了这个房间")
