"""A new deal starts clean: the speech bubbles of the last one (占 6, 过, 不掀) do not carry
over onto its seats (a play-test saw them on the next deal of 凤翔 with 4 players, on a
seat that now sat out)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page
from web_driver import enter

from huapai.core.registry import get_game

_TWO_DEALS = """async ([view, names]) => {
  const { TableView } = await import("/js/table.js");
  const { rendererFor } = await import("/js/games/registry.js");
  const table = new TableView({ renderer: rendererFor("xianniu"), readOnly: true });
  document.body.append(table.el);
  const seats = names.map((name, seat) =>
    ({ seat, name, player: null, bot: "heuristic", online: true }));
  const data = (dealKey, events) => ({ view, legal: [], me: 0, counter: 1, events, clocks: [],
                                       tuoguan: [], automatic: null, seats, clockTotal: 0,
                                       dealKey, repeat: false, rebuilt: false });
  table.update(data("deal-1", [{ kind: "trick_won", seat: 1, table_count: 6, cards: "9r 9b" },
                               { kind: "passed", seat: 2 }]));
  const last = [...table.bubbles.keys()];
  table.update(data("deal-2", []));
  const next = [...table.bubbles.keys()];
  const shown = [...table.el.querySelectorAll(".bubble")].map((b) => b.textContent);
  table.destroy();
  return { last, next, shown };
}"""


def _view() -> dict[str, Any]:
    game = get_game("xianniu")
    state = game.new_game(game.rules("lanzhou"), seed=1)
    return dict(game.observe(state, 0))


def test_the_next_deal_shows_no_bubble_of_the_last(page: Page, server: str) -> None:
    enter(page, server, "下一局")
    got = page.evaluate(_TWO_DEALS, [_view(), ["你", "乙", "丙"]])
    assert got["last"] == [1, 2], got  # the last deal's 占 6 and 过
    assert got["next"] == [] and got["shown"] == [], got
