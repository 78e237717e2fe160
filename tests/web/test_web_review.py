"""复盘分析 in the browser replay (issue 12 §4): the button on a seat's view starts the
server's review in the background, a progress line shows while it runs, then the summary
lists the big mistakes ("第 12 手：…— 预期 …") and marks them on the timeline; a mark
takes the replay to that move."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from web_driver import create_room, enter, play_deal, shot, start_with_bots


@pytest.fixture(scope="module")
def server(own_server: str) -> str:
    return own_server


def test_review_a_seat_from_the_replay(page: Page, server: str, shots: Path | None) -> None:
    enter(page, server, "复盘")
    create_room(page, preset="lanzhou")
    start_with_bots(page)
    play_deal(page, random.Random(8))  # first-timer's play: random legal moves
    page.click("[data-testid=replay]")
    expect(page.locator("[data-testid=replay]")).to_be_visible()
    assert "seat=0" in page.url
    page.click("[data-testid=review-start]")
    panel = page.locator("[data-testid=review-panel]")
    expect(panel).to_be_visible(timeout=90000)
    game_id = page.url.split("/replay/")[1].split("?")[0]
    job = page.evaluate("""async (id) => {
      const token = localStorage.getItem('huapai.token');
      const r = await fetch(`/api/replays/${id}/review`, { method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ seat: 0, level: '普通' }) });
      return (await r.json()).review;
    }""", game_id)
    assert job["status"] == "done"  # the same job the button started
    summary = job["result"]["summary"]
    expect(page.locator("[data-testid=review-summary]")).to_contain_text(
        f"共 {summary['decisions']} 步选择，{summary['mistakes']} 处大错")
    mistakes = [d for d in job["result"]["decisions"] if d["mistake"]]
    expect(page.locator("[data-testid=review-mistake]")).to_have_count(len(mistakes))
    expect(page.locator("[data-testid=review-mark]")).to_have_count(len(mistakes))
    shot(page, shots, "replay-review")
    text = panel.inner_text()
    assert not re.search(r"[A-Za-z]{3,}", text), text  # Chinese mode: no English words
    if mistakes:
        first = mistakes[0]
        expect(page.locator("[data-testid=review-mistake]").first).to_contain_text(
            f"第 {first['move']} 手：")
        expect(page.locator("[data-testid=review-mistake]").first).to_contain_text("预期")
        page.locator("[data-testid=review-mark]").first.click()
        expect(page.locator("[data-testid=step]")).to_contain_text(f"第 {first['index'] + 1} /")
    else:
        expect(panel).to_contain_text("没有大错")
