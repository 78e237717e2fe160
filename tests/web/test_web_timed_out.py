"""A turn clock that runs out once: the house bot makes that move and the player is told so
(a grandmother whose time ran out read the move as her own, and the next run-out put her on
托管 — a play-test). The room is made with a 3 s clock through the API (the lobby offers
15 s and more)."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from web_driver import enter

_ROOM = """async () => {
  const token = localStorage.getItem("huapai.token");
  const h = { "Content-Type": "application/json", Authorization: `Bearer ${token}` };
  const r = await fetch("/api/rooms", { method: "POST", headers: h,
    body: JSON.stringify({ game: "xianniu", preset: "lanzhou", turn_clock: 3, bot_delay: 0 }) });
  const id = (await r.json()).room.id;
  await fetch(`/api/rooms/${id}/seats/0`, { method: "POST", headers: h });
  await fetch(`/api/rooms/${id}/bots`, { method: "POST", headers: h, body: "{}" });
  return id;
}"""


_TUOGUAN = """async (id) => {
  const token = localStorage.getItem("huapai.token");
  const r = await fetch(`/api/rooms/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  return (await r.json()).room.seats[0].tuoguan;
}"""


def test_a_run_out_clock_is_said_to_the_player(phone: Page, server: str) -> None:
    enter(phone, server, "奶奶")
    room = phone.evaluate(_ROOM)
    phone.goto(f"{server}/#/room/{room}")
    phone.click("[data-testid=start]")
    # a deal can be over as it is dealt (my 八大对 shown at once ended a CI run's only deal
    # before any clock ran): then the match is played again
    toast = phone.locator(".toast", has_text="时间到：已经替你走了「")
    for _ in range(5):
        phone.wait_for_function("() => [...document.querySelectorAll('.toast')].some((e) =>"
                                " e.textContent.includes('时间到')) || document.querySelector("
                                "'[data-testid=again]')", timeout=20000)
        if toast.count() or not phone.locator("[data-testid=again]").count():
            break
        phone.click("[data-testid=again]")
    expect(toast.first).to_be_visible(timeout=20000)
    # not on 托管 yet. Read from the room, not the button: the deal may already be over
    # (all three passed on 掀 — 首轮无掀) and the button gone with it
    assert phone.evaluate(_TUOGUAN, room) is False
