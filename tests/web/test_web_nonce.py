"""The browser adds its own randomness to the deal seed (issue 7 §3): it answers the
server's commitment with a nonce, and at the deal's end checks by itself (Web Crypto,
BigInt) that the revealed server seed opens the commitment, that the deal seed and the
扳牌 seed follow from the parts and that its own nonce is among them."""

from __future__ import annotations

import hashlib
import json
import re
import time

from playwright.sync_api import Page, expect
from web_driver import create_room, enter, tuoguan_to_settlement


def test_the_browser_sends_a_nonce_and_checks_the_reveal(page: Page, nonce_server: str) -> None:
    enter(page, nonce_server, "洗牌")
    create_room(page, preset="lanzhou")
    page.click("[data-testid=fill-bots]")
    began = time.monotonic()
    page.click("[data-testid=start]:not([disabled])")
    page.wait_for_selector("[data-testid=felt][data-counter]:not([data-counter=''])")
    assert time.monotonic() - began < 8  # the 10 s window closed early: the nonce came
    tuoguan_to_settlement(page, timeout=30000)  # the house bot plays my seat: the deal runs out
    expect(page.locator("[data-testid=settlement] [data-testid=seed-check]")).to_have_attribute(
        "data-result", "ok")
    page.click("[data-testid=replay]")
    expect(page.locator("[data-testid=verified]")).to_contain_text("✓")
    expect(page.locator(".verify [data-testid=seed-check]")).to_have_attribute("data-result", "ok")
    game_id = page.url.split("/replay/")[1].split("?")[0]
    verified = page.request.get(f"{nonce_server}/api/verify/{game_id}").json()
    assert verified["ok"] is True and verified["contributed"] == [0]
    assert verified["nonces"][0] and verified["nonces"][1:] == [None, None]
    assert verified["banpai_commitment"]


def test_two_windows_of_one_seat_send_one_nonce_and_say_nothing(page: Page,
                                                               nonce_server: str) -> None:
    """The same player in a second tab and in another browser: the seat's nonce goes once
    (a tab sees the one its browser sent; the other browser's is refused as
    ``nonce_taken``, which no window shows), and every window's shuffle check passes."""
    enter(page, nonce_server, "两个窗口")
    create_room(page, preset="lanzhou")
    page.click("[data-testid=fill-bots]")
    tab = page.context.new_page()
    state = page.context.storage_state()
    other = page.context.browser.new_context(locale="zh-CN", storage_state=state)  # type: ignore[union-attr]
    try:
        elsewhere = other.new_page()
        sent: list[str] = []
        for window in (page, tab, elsewhere):
            window.on("websocket", lambda ws: ws.on(
                "framesent", lambda f: sent.append(str(f)) if '"nonce"' in str(f) else None))
            window.goto(page.url)
            window.wait_for_selector("[data-testid=start]", state="attached")
        page.click("[data-testid=start]:not([disabled])")
        for window in (page, tab, elsewhere):
            window.wait_for_selector("[data-testid=felt][data-counter]:not([data-counter=''])")
        tuoguan_to_settlement(page, timeout=30000)
        for window in (page, tab, elsewhere):
            check = window.locator("[data-testid=settlement] [data-testid=seed-check]")
            expect(check).to_have_attribute("data-result", "ok")
            assert window.locator(".toast.error").count() == 0
        assert 1 <= len(sent) <= 2  # the tab of the same browser sent none
    finally:
        other.close()


def test_the_settlement_says_which_seed_opens_the_commitment(page: Page,
                                                             nonce_server: str) -> None:
    """A skeptic's play-test: the deal seed stood beside the commitment, which only the
    server seed hashes to; the commitment was on screen only after the deal; nothing said
    whose randomness went in; a reload lost the shuffle's line; and a browser that never
    saw the deal begin said 本机已验证. Each is said as it is now."""
    enter(page, nonce_server, "较真")
    create_room(page, preset="lanzhou")
    page.click("[data-testid=fill-bots]")
    page.click("[data-testid=start]:not([disabled])")
    page.wait_for_selector("[data-testid=felt][data-counter]:not([data-counter=''])")
    page.click("[data-testid=room-rules-button]")  # the commitment, while the deal runs
    promised = page.locator("[data-testid=commitment-now]").inner_text()
    page.keyboard.press("Escape")
    tuoguan_to_settlement(page, timeout=30000)
    token = page.evaluate("localStorage.getItem('huapai.token')")
    replays = page.request.get(f"{nonce_server}/api/replays?mine=1",
                               headers={"Authorization": f"Bearer {token}"})
    game = replays.json()["replays"][0]["id"]
    raw = page.request.get(f"{nonce_server}/api/verify/{game}").text()
    server_seed = re.search(r'"server_seed":(\d+)', raw)
    seed = re.search(r'"seed":(\d+)', raw)
    verified = json.loads(raw)
    assert server_seed and seed and verified["ok"] is True
    commitment = verified["commitment"]
    assert hashlib.sha256(f"huapai-seed:{server_seed.group(1)}".encode()).hexdigest() == commitment
    assert commitment in promised
    panel = page.locator("[data-testid=settlement]")
    line = panel.locator("[data-testid=seed-line]")
    expect(line).to_contain_text(f"服务器种子 {server_seed.group(1)}")
    expect(line).to_contain_text(commitment[:12])
    expect(panel.locator("[data-testid=deal-seed-line]")).to_contain_text(
        f"发牌种子 {seed.group(1)}：由服务器种子和你出的随机数算出")
    expect(panel.locator("[data-testid=your-nonce]")).to_contain_text(verified["nonces"][0][:8])
    expect(panel.locator("[data-testid=seed-check]")).to_have_attribute("data-result", "ok")
    page.reload()  # the room finished: its settlement comes back with the shuffle's lines
    expect(page.locator("[data-testid=settlement] [data-testid=seed-line]")).to_contain_text(
        server_seed.group(1))
    expect(page.locator("[data-testid=settlement] [data-testid=seed-check]")).to_have_attribute(
        "data-result", "ok")
    # a browser that did not see the deal begin checks only the record, and says so
    stranger = page.context.browser.new_context(locale="zh-CN")  # type: ignore[union-attr]
    try:
        other = stranger.new_page()
        other.goto(f"{nonce_server}/#/replay/{game}")
        expect(other.locator(".verify [data-testid=seed-check]")).to_have_attribute(
            "data-result", "ok_record", timeout=20000)
        expect(other.locator(".verify [data-testid=seed-check]")).to_contain_text("记录自洽")
        other.click("[data-testid=verified]")  # the seeds a tap away (no hover on a phone)
        expect(other.locator(".toast")).to_contain_text(f"服务器种子 {server_seed.group(1)}")
    finally:
        stranger.close()
