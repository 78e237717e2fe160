"""A line that dies without closing (a phone in a tunnel, a laptop's Wi-Fi gone): the page
found out only when the socket closed — a minute later, or never — its dot green, its
moves going nowhere (a play-test). The browser's off-line event drops the line at once,
a line that answers nothing for a few seconds after a ping is given up, and either way
the page says it is reconnecting and comes back by itself."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, WebSocketRoute, expect
from web_driver import enter

BANNER = "[data-testid=offline]"


def test_the_browser_going_off_line_shows_at_once_and_comes_back(page: Page,
                                                                  server: str) -> None:
    enter(page, server, "隧道")
    page.context.set_offline(True)
    expect(page.locator(BANNER)).to_have_text("连接断开了，正在重连…", timeout=5000)
    page.context.set_offline(False)
    expect(page.locator(BANNER)).to_have_count(0, timeout=15000)


def test_a_line_that_answers_nothing_is_given_up(page: Page, server: str) -> None:
    lines: list[dict[str, Any]] = []

    def route(ws: WebSocketRoute) -> None:
        line: dict[str, Any] = {"mute": False}
        lines.append(line)
        upstream = ws.connect_to_server()
        upstream.on_message(lambda m: None if line["mute"] else ws.send(m))

    page.route_web_socket("**/ws", route)
    enter(page, server, "半开")
    page.wait_for_timeout(500)  # welcomed
    assert len(lines) == 1
    lines[-1]["mute"] = True  # the server's frames stop arriving; the socket stays open
    # the next ping (every 10 s) gets no answer within 8 s: given up and a new line made
    # (quick enough here that no banner is needed), not a minute later or never
    for _ in range(50):
        if len(lines) >= 2:
            break
        page.wait_for_timeout(500)
    assert len(lines) == 2, "the silent line was never given up"
    expect(page.locator("[data-testid=conn]")).to_have_class("conn on")  # on line again
    expect(page.locator(BANNER)).to_have_count(0)
