"""The browser adds its own randomness to the deal seed (issue 7 §3): it answers the
server's commitment with a nonce, and at the deal's end checks by itself (Web Crypto,
BigInt) that the revealed server seed opens the commitment, that the deal seed and the
扳牌 seed follow from the parts and that its own nonce is among them."""

from __future__ import annotations

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
