"""My seat glows when I have something to decide: asked in a 双别杆 claim window with
nothing to claim (the server passes for me after its pause) it glowed beside 稍候自动过, and
a phone player read it as their turn. Another seat asked glows as before (whether it has a
real choice is its own secret)."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page
from web_driver import enter

from huapai.core.registry import get_game

_GLOW = """async ([view, legal, automatic]) => {
  const { TableView } = await import("/js/table.js");
  const { rendererFor } = await import("/js/games/registry.js");
  const table = new TableView({ renderer: rendererFor("biegan"), onAct: () => {},
                                onTuoguan: () => {}, onHint: () => {} });
  document.body.append(table.el);
  const seats = [0, 1, 2].map((seat) =>
    ({ seat, name: ["你", "乙", "丙"][seat], player: seat === 0 ? { id: "me" } : null,
       bot: seat === 0 ? null : "heuristic", online: true }));
  table.update({ view, legal, me: 0, counter: 1, events: [], clocks: [], tuoguan: [],
                 automatic, seats, clockTotal: 0, dealKey: "d", repeat: false, rebuilt: false });
  const glowing = [...table.el.querySelectorAll(".seat")]
    .filter((s) => s.querySelector(".plate.turn"))
    .map((s) => s.querySelector(".plate-main")?.textContent ?? "");
  table.destroy();
  return glowing;
}"""


def _window_with_nothing_to_claim() -> tuple[dict[str, Any], list[int], int | None]:
    """A 双别杆 公安 claim window that asks seat 0, whose only answer is 过 (seed 0)."""
    game = get_game("biegan")
    rules = game.rules("gongan")
    state, rng = game.new_game(rules, seed=0), random.Random(0)
    while not (game.observe(state, 0).get("phase") == "window" and 0 in game.to_act(state)):
        seat = game.to_act(state)[0]
        state, _ = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat))))
    legal = list(game.legal_actions(state, 0))
    assert [game.format_action(rules, a) for a in legal] == ["过"]
    return dict(game.observe(state, 0)), legal, game.automatic(state, 0)


def test_my_seat_glows_only_when_i_decide(page: Page, server: str) -> None:
    enter(page, server, "发光")
    view, legal, automatic = _window_with_nothing_to_claim()
    assert automatic is not None and 2 in view["to_act"]
    waiting = page.evaluate(_GLOW, [view, legal, automatic])
    assert len(waiting) == 1 and "丙" in waiting[0], waiting  # the other seat asked, not mine
    deciding = page.evaluate(_GLOW, [view, legal, None])  # the same, were it mine to answer
    assert len(deciding) == 2, deciding
