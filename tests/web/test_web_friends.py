"""Playing with friends (issue "What players and the seeds found" §1): an invitation link
to a private room joins the friend who opens it directly, and the lobby lists it under
我的房间 for the way back; the code is shown large with a share button; a double click
makes one room and starts one deal."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect
from web_driver import create_room, enter, start_with_bots, tuoguan_on

OWN_SERVER = True  # conftest's ``server``: one of this module's own


def _my_rooms(page: Page) -> int:
    rooms = page.evaluate("""async () => {
      const token = localStorage.getItem('huapai.token');
      const me = JSON.parse(localStorage.getItem('huapai.player'));
      const r = await fetch('/api/rooms', { headers: { Authorization: `Bearer ${token}` } });
      return (await r.json()).rooms.filter((x) => x.owner === me.id).length;
    }""")
    return int(rooms)


def test_invitation_link_joins_a_private_room(page: Page, phone: Page, server: str) -> None:
    enter(page, server, "房主")
    page.check("input[name=private]")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")
    code = page.locator("[data-testid=invite-code]").inner_text().strip()
    assert len(code) >= 4
    expect(page.locator("[data-testid=share]")).to_be_visible()
    link = page.evaluate("() => document.querySelector('[data-testid=share]') && "
                         "location.origin + location.pathname + '#/join/' + "
                         "document.querySelector('[data-testid=invite-code]').textContent.trim()")
    friend = phone  # a second browser: the friend, on a phone
    friend.goto(link)  # the welcome says where the link goes (it said only 开桌)
    expect(friend.locator(".dialog")).to_contain_text(f"朋友邀请你进房间（房间码 {code}）")
    # a second link opened before the nickname: the dialog follows the address (it kept
    # the first code), and back
    friend.evaluate("() => { location.hash = '#/join/ZZ9' }")
    expect(friend.locator(".dialog")).to_contain_text("朋友邀请你进房间（房间码 ZZ9）")
    friend.goto(link)
    expect(friend.locator(".dialog")).to_contain_text(f"朋友邀请你进房间（房间码 {code}）")
    friend.fill("input[name=nickname]", "朋友")
    friend.click(".nick-form button[type=submit]")
    friend.wait_for_selector("[data-testid=waiting]")
    expect(friend.locator("[data-testid=invite-code]")).to_have_text(code)
    friend.click("[data-testid=sit-1]")
    expect(page.locator(".wait-seat[data-seat='1']")).to_contain_text("朋友")
    assert "找不到" not in friend.content()
    friend.click("text=← 大厅")  # the public list never shows it: 我的房间 does
    back = friend.locator("[data-testid=my-private-rooms] [data-testid=back-to-private]")
    expect(friend.locator("[data-testid=my-private-rooms]")).to_contain_text(code)
    back.click()
    expect(friend.locator("[data-testid=invite-code]")).to_have_text(code)


def test_a_private_rooms_address_asks_an_outsider_for_its_code(page: Page, phone: Page,
                                                               server: str) -> None:
    """A friend given the address bar's link, not the invitation: the room cannot be
    shown to them, so the page says why and takes the code there; then the invitation
    link works without a stray 你没有进入这个房间 (the first page's unsubscribe)."""
    enter(page, server, "群主")
    page.check("input[name=private]")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")
    code = page.locator("[data-testid=invite-code]").inner_text().strip()
    enter(phone, server, "外人")
    errors: list[str] = []
    phone.on("websocket", lambda ws: ws.on("framereceived", lambda f: errors.append(str(f))
                                           if '"not_subscribed"' in str(f) else None))
    phone.goto(page.url)
    gone = phone.locator("[data-testid=room-gone]")
    expect(gone).to_contain_text("私人房间")
    gone.locator("input[name=code]").fill(code.lower())
    gone.locator("button[type=submit]").click()
    phone.wait_for_selector("[data-testid=waiting]")
    expect(phone.locator("[data-testid=invite-code]")).to_have_text(code)
    phone.wait_for_timeout(500)
    assert errors == [] and phone.locator(".toast.error").count() == 0


def test_double_clicks_make_one_room_and_one_start(page: Page, server: str) -> None:
    enter(page, server, "手快")
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.dblclick("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")
    page.wait_for_timeout(500)
    assert _my_rooms(page) == 1, "a double click made one room"
    page.click("[data-testid=fill-bots]")
    page.dblclick("[data-testid=start]:not([disabled])")
    page.wait_for_selector("[data-testid=felt]")
    page.wait_for_timeout(500)
    toasts = page.locator(".toast.error").all_inner_texts()
    assert not toasts, toasts


def test_the_server_makes_one_room_per_idempotency_key(page: Page, server: str) -> None:
    enter(page, server, "重发")
    made = page.evaluate("""async () => {
      const token = localStorage.getItem('huapai.token');
      const post = () => fetch('/api/rooms', { method: 'POST', headers: {
        Authorization: `Bearer ${token}`, 'Content-Type': 'application/json',
        'Idempotency-Key': 'same-click-1' }, body: JSON.stringify({ game: 'xianniu' }) });
      const [a, b] = await Promise.all([post(), post()]);
      const bad = await fetch('/api/rooms', { method: 'POST', headers: {
        Authorization: `Bearer ${token}`, 'Content-Type': 'application/json',
        'Idempotency-Key': 'x'.repeat(65) }, body: JSON.stringify({ game: 'xianniu' }) });
      return [(await a.json()).room.id, (await b.json()).room.id, bad.status,
              (await bad.json()).error.code];
    }""")
    assert made[0] == made[1]
    assert made[2:] == [400, "bad_idempotency_key"], json.dumps(made)


def test_lobby_offers_the_way_back_and_tells_namesakes_apart(page: Page, phone: Page,
                                                             server: str) -> None:
    enter(page, server, "同名")
    expect(page.locator("[data-testid=nickname]")).to_have_text("同名")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")
    room_url = page.url
    phone.goto(server)
    expect(phone.locator("[data-testid=nickname-limit]")).to_contain_text("24")
    phone.fill("input[name=nickname]", "同名")
    phone.click(".nick-form button[type=submit]")
    phone.wait_for_selector("[data-testid=create]")
    phone.goto(room_url)
    phone.click("[data-testid=sit-1]")
    names = page.locator(".wait-seat .wait-name > div:first-child")
    expect(names.nth(1)).to_contain_text("同名#")
    expect(names.nth(0)).to_contain_text("同名#")
    page.click("text=← 大厅")
    back = page.locator(f"[data-room='{room_url.rpartition('/')[2]}'] [data-testid=back-to-seat]")
    expect(back).to_have_text("回到牌桌")
    back.click()
    page.wait_for_selector("[data-testid=waiting]")


def _friends_at_table(page: Page, phone: Page, server: str, owner: str, friend: str) -> None:
    """``owner``'s new room, ``friend`` on a phone at seat 1, bots in the rest: dealt."""
    enter(page, server, owner)
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")
    enter(phone, server, friend)
    phone.goto(page.url)
    phone.click("[data-testid=sit-1]")
    page.click("[data-testid=fill-bots]")
    page.click("[data-testid=start]:not([disabled])")
    phone.wait_for_selector("[data-testid=felt][data-counter]:not([data-counter=''])")


def test_play_again_leaves_out_a_friend_who_went_away(page: Page, phone: Page,
                                                      server: str) -> None:
    """再来一场 drew a friend who had left into a new match on 托管: now their seat is freed,
    the owner told why, and the waiting room comes back to fill it."""
    _friends_at_table(page, phone, server, "组局的", "走开的")
    phone.goto(server)  # the friend goes back to the lobby: away from the room
    tuoguan_on(page)
    expect(page.locator("[data-testid=again]")).to_be_visible(timeout=120000)
    page.click("[data-testid=again]")
    page.wait_for_selector("[data-testid=waiting]")
    expect(page.locator(".toast")).to_contain_text("走开的 不在这个房间")
    expect(page.locator(".wait-seat[data-seat='1']")).not_to_contain_text("走开的")


def test_a_friend_reading_the_replay_is_kept_for_play_again(page: Page, phone: Page,
                                                            server: str) -> None:
    """A friend who opened 回放 from the settlement was counted as away: 再来一场 freed
    their seat (a 秀山 friends' play-test). Their replay keeps the room watched; the new
    match starts with them, and the replay says so, with the way back to the table."""
    _friends_at_table(page, phone, server, "组局者", "看回放的")
    tuoguan_on(phone)
    tuoguan_on(page)
    expect(phone.locator("[data-testid=settlement] [data-testid=replay]")).to_be_visible(
        timeout=120000)
    phone.click("[data-testid=settlement] [data-testid=replay]")
    phone.wait_for_selector("[data-testid=replay]")
    expect(page.locator("[data-testid=again]")).to_be_visible(timeout=120000)
    page.click("[data-testid=again]")
    page.wait_for_selector("[data-testid=felt][data-counter]:not([data-counter=''])")
    expect(page.locator(".toast", has_text="不在这个房间")).to_have_count(0)
    call = phone.locator("[data-testid=room-call]")
    expect(call).to_contain_text("你的房间里开始打了")
    phone.click("[data-viewer=all]")  # another view of the replay: still said (it went)
    expect(phone.locator("[data-testid=room-call]")).to_be_visible()
    phone.click("[data-testid=lang]")  # in the page's language (it kept its first: pt-bc)
    expect(call).to_contain_text("A deal has begun in your room")
    phone.click("[data-testid=lang]")
    expect(call).to_contain_text("你的房间里开始打了")
    call.locator("a").click()
    phone.wait_for_selector("[data-testid=felt][data-counter]:not([data-counter=''])")
    expect(phone.locator(".seat.side-bottom")).to_have_attribute("data-seat", "1")  # mine


def test_tuoguan_shows_at_once_while_a_friend_thinks(page: Page, phone: Page,
                                                     server: str) -> None:
    """A three-friend play-test: 托管 pressed while another person was to play showed
    nothing — no 取消托管, no 托管中 badge, on any page — until the next move came (the
    table read 托管 from the last move's state, not from the room's summary that said it).
    Now it shows at once, and at my own turn the prompt says the bot is about to play."""
    enter(page, server, "甲友")
    create_room(page, preset="lanzhou", speed=1.6)  # slow bots: my prompt stays a while
    enter(phone, server, "乙友")
    phone.goto(page.url)
    phone.click("[data-testid=sit-1]")
    start_with_bots(page)
    phone.wait_for_selector("[data-testid=felt][data-counter]:not([data-counter=''])")
    thinker, other, seat = _whose_turn(page, phone)  # untimed: no move comes meanwhile
    before = thinker.get_attribute("[data-testid=felt]", "data-counter")
    other.click("[data-testid=tuoguan]")
    expect(other.locator("[data-testid=tuoguan]")).to_have_text("取消托管", timeout=3000)
    expect(thinker.locator(f".seat[data-seat='{seat}']")).to_contain_text("托管中",
                                                                         timeout=3000)
    assert thinker.get_attribute("[data-testid=felt]", "data-counter") == before  # no move
    other.click("[data-testid=tuoguan]")
    expect(other.locator("[data-testid=tuoguan]")).to_have_text("托管", timeout=3000)
    thinker.click("[data-testid=tuoguan]")  # my own turn on 托管: who plays is said
    expect(thinker.locator("[data-testid=prompt]")).to_contain_text("机器人马上替你打")


def _whose_turn(page: Page, phone: Page) -> tuple[Page, Page, int]:
    """The friend to play (after the bot's moves), the other one, and the other's seat."""
    for _ in range(300):
        for me, other, seat in ((page, phone, 1), (phone, page, 0)):
            if me.locator(".action-bar.my-turn").count():
                return me, other, seat
        page.wait_for_timeout(100)
    raise AssertionError("neither friend's turn came")


def test_the_players_see_that_someone_watches(page: Page, phone: Page, server: str) -> None:
    """A spectator's play-test: nothing told the players anyone watched, and the watcher's
    bar said 观战中 under the badge that said it. The room's bar and its lobby row count
    the people watching (as they come and go); the watcher's bar says whose turn it is."""
    enter(page, server, "被看的")
    create_room(page, preset="lanzhou", speed=1.6)
    start_with_bots(page)
    enter(phone, server, "看的人")
    phone.goto(page.url)
    expect(phone.locator(".room-top .badge", has_text="观战中")).to_be_visible()
    expect(page.locator("[data-testid=spectators]")).to_have_text("1 人观战")
    expect(phone.locator("[data-testid=prompt]")).to_have_text(re.compile(r"^(等 .+|本局结束)"))
    phone.goto(server)  # the watcher leaves for the lobby, which lists the room …
    expect(page.locator("[data-testid=spectators]")).to_have_count(0)
    row = phone.locator(f".room-row[data-room='{page.url.split('/room/')[1]}']")
    expect(row).to_be_visible()
    expect(row.locator("[data-testid=row-spectators]")).to_have_count(0)
