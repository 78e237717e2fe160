"""Log out everywhere from the browser's header: this browser keeps its identity with a
new token, another browser holding the old token is logged out at once."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect
from web_driver import enter


def test_log_out_everywhere(page: Page, browser: Browser, server: str) -> None:
    enter(page, server, "甲")
    old = page.evaluate("localStorage.getItem('huapai.token')")
    player = page.evaluate("localStorage.getItem('huapai.player')")
    other_ctx = browser.new_context(locale="zh-CN")
    try:
        other = other_ctx.new_page()
        other.add_init_script(f"localStorage.setItem('huapai.token', {old!r});"
                              f"localStorage.setItem('huapai.player', {player!r});")
        other.goto(server)
        expect(other.locator("[data-testid=nickname]")).to_have_text("甲")
        expect(other.locator("[data-testid=conn].on")).to_be_visible()
        page.once("dialog", lambda d: d.accept())
        with page.expect_navigation():  # the page reloads with its new token
            page.click("[data-testid=logout-all]")
        page.wait_for_load_state()
        assert page.evaluate("localStorage.getItem('huapai.token')") not in (None, old)
        expect(page.locator("[data-testid=nickname]")).to_have_text("甲")
        expect(page.locator("[data-testid=conn].on")).to_be_visible()
        # the other browser's socket was closed (4401): it forgets the identity and asks anew
        expect(other.locator("input[name=nickname]")).to_be_visible()
        assert other.evaluate("localStorage.getItem('huapai.token')") is None
    finally:
        other_ctx.close()
