"""托管's moves in the log: a move the house bot made for a player read as the player's own,
and coming back nothing said what it had done (a play-test). The log marks each move made
while the seat was on 托管 （托管）, the player taking the seat back is told how many, and a
replay marks them too."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from web_driver import create_room, enter, start_with_bots, tuoguan_on, tuoguan_to_settlement

OWN_SERVER = True

# one of my moves marked, and the deal still on (托管's button there to take back)
MINE_BY_TUOGUAN = """() => [...document.querySelectorAll('.log-list li')]
  .some((li) => li.textContent.startsWith('你') && li.textContent.includes('（托管）'))
  && document.querySelector('[data-testid=tuoguan].on') !== null"""


def test_tuoguan_moves_are_marked_and_counted(page: Page, server: str) -> None:
    enter(page, server, "托管记录")
    create_room(page, game="biegan", preset="gongan", deals=3, speed=0.3)
    start_with_bots(page)
    tuoguan_on(page)
    page.wait_for_function(MINE_BY_TUOGUAN, timeout=60000)
    others = page.locator(".log-list li").filter(has_not_text="你").all_inner_texts()
    assert not any("（托管）" in line for line in others), others  # bots' seats: never
    page.click("[data-testid=tuoguan]")
    expect(page.locator(".toast").filter(has_text="托管替你走了")).to_be_visible()
    expect(page.locator("[data-testid=tuoguan]")).to_have_text("托管")


def test_a_replay_marks_tuoguans_moves(page: Page, server: str) -> None:
    enter(page, server, "托管回放")
    create_room(page, game="biegan", preset="gongan")
    start_with_bots(page)
    tuoguan_to_settlement(page)
    page.click("[data-testid=settlement] [data-testid=replay]")
    page.wait_for_selector("[data-testid=step]")
    page.click("[data-testid=last]")
    lines = page.locator(".log-list li").all_inner_texts()
    assert any(line.startswith("你") and "（托管）" in line for line in lines), lines
    assert not any("（托管）" in line for line in lines if not line.startswith("你")), lines


def test_tuoguan_can_be_taken_back_between_deals(page: Page, server: str) -> None:
    """On 托管 at a settlement, the next deal was 托管's too with no way to stop it (the
    button went with the deal, and 准备 kept 托管 on: a play-test): the settlement offers
    取消托管, which says so and goes."""
    enter(page, server, "局间托管")
    create_room(page, game="biegan", preset="gongan", deals=3, speed=0.3)
    start_with_bots(page)
    tuoguan_to_settlement(page)  # (the first deal's, or the second's where the first
    off = page.locator("[data-testid=settlement] [data-testid=tuoguan-off]")  # flew by)
    expect(off).to_be_visible(timeout=90000)
    off.click()
    expect(page.locator(".toast").filter(has_text="已取消托管")).to_be_visible()
    expect(off).to_have_count(0)
