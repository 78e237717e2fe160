"""On a phone the room's toasts lay over the top seats' plates for their 4–6 s — after
取消托管, just when a player looks for who is to act (two play-tests): upright, a toast now
lies over the room's bar (whose buttons it never takes: pointer-events none), above every
seat's plate."""

from __future__ import annotations

from playwright.sync_api import Page
from web_driver import create_room, enter, start_with_bots, tuoguan_on

_BOXES = """() => ({
  toast: document.querySelector('.toast').getBoundingClientRect().bottom,
  plates: [...document.querySelectorAll('.felt .seat .plate')]
    .map((p) => p.getBoundingClientRect().top),
  through: getComputedStyle(document.querySelector('.toasts')).pointerEvents })"""


def test_a_toast_leaves_the_seats_plates_in_sight(phone: Page, server: str) -> None:
    enter(phone, server, "手机提示")
    create_room(phone, game="biegan", preset="gongan", deals=1, speed=1.6)
    start_with_bots(phone)
    tuoguan_on(phone)
    phone.wait_for_timeout(1500)
    phone.locator("[data-testid=tuoguan]").click()
    phone.wait_for_selector(".toast")
    boxes = phone.evaluate(_BOXES)
    assert boxes["through"] == "none"
    assert boxes["plates"] and all(boxes["toast"] <= top for top in boxes["plates"]), boxes
