"""The browser across a ``kill -9`` of the server (issue 7 §2): it reconnects by itself,
gets its seat's view back with a counter above every counter of the run before, and the
next move made by clicks is accepted (no ``stale``), while its 托管-free seat and the
deal are exactly where the durable record left them."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from web_driver import (
    counter,
    create_room,
    enter,
    start_with_bots,
    take_turn,
    wait_turn_or_end,
)

from conftest import ROOT, _free_port, _require_chromium, _server_code, _wait_up


@contextmanager
def process(url: str, port: int, log: Path) -> Iterator[subprocess.Popen[bytes]]:
    with log.open("ab") as out:
        proc = subprocess.Popen([sys.executable, "-c", _server_code(url, port, 0.0)],
                                cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    try:
        _wait_up(f"http://127.0.0.1:{port}", proc, log)
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=30)


def test_the_browser_plays_on_after_a_kill_minus_nine(page: Page, tmp_path: Path) -> None:
    _require_chromium()
    url, port, log = f"sqlite:///{tmp_path / 'huapai.sqlite3'}", _free_port(), tmp_path / "log"
    rng = random.Random(3)
    with process(url, port, log) as first:
        enter(page, f"http://127.0.0.1:{port}", "重启")
        create_room(page, preset="lanzhou", speed=0.0)
        start_with_bots(page)
        if wait_turn_or_end(page) != "turn":
            pytest.skip("the seeded deal ended before my first turn")
        take_turn(page, rng)
        if wait_turn_or_end(page) != "turn":
            pytest.skip("the seeded deal ended before my second turn")
        before = int(counter(page))
        lines = page.locator(".log-list li").all_inner_texts()
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=30)
        # said at the top while the line is down (a red dot was all a player saw)
        expect(page.locator("[data-testid=offline]")).to_have_text("连接断开了，正在重连…")
    with process(url, port, log):
        expect(page.locator("[data-testid=offline]")).to_have_count(0, timeout=30000)
        page.wait_for_function(  # reconnected by itself: the view is back, counted anew
            "(c) => Number(document.querySelector('[data-testid=felt]')?.dataset.counter)"
            " > c", arg=before + 2**31, timeout=30000)
        assert wait_turn_or_end(page) == "turn"
        # the log is the deal's from the restored server, the match's 扳牌 first, as before
        assert page.locator(".log-list li").all_inner_texts()[:len(lines)] == lines
        now = counter(page)
        take_turn(page, rng)  # accepted: the view moves on (a stale act would not)
        assert int(counter(page)) > int(now)
