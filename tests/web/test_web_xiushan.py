"""A whole 秀山 十八福 deal in the browser (the 秀山 renderer over the generic one, text
cards): a room with bots, every one of my decisions made on the page (胡 and the forced
groups by their buttons, 过, discards by the button or a right-click), nothing illegal
sent, and the settlement at the end."""

from __future__ import annotations

import random
import re
from pathlib import Path

from playwright.sync_api import Page, expect
from test_web_biegan import ServerErrors, play_again
from web_driver import (
    create_room,
    enter,
    legal_plays,
    play_cards,
    press_word,
    shot,
    start_with_bots,
    still_my_turn,
    tuoguan_to_settlement,
    wait_turn_or_end,
    word_kinds,
)

OWN_SERVER = True  # conftest's ``server``: one of this module's own


_FIRST = ("hu", "peng", "kaizhao", "ji", "shao", "longdeng")  # describe_action kinds
_MAX_MATCHES = 4  # 黄庄 shows no payments: play again


def xiushan_turn(page: Page, rng: random.Random, *, tap: bool = False) -> str:
    """One of my decisions by clicks (``tap``: by taps, as on a phone)."""
    offered = word_kinds(page)
    for wanted in _FIRST:
        for action, kind in offered:
            if kind == wanted:
                return wanted if press_word(page, action, tap=tap) else "moved on"
    plays = legal_plays(page)
    if plays:
        right = not tap and rng.random() < 0.5
        play_cards(page, list(rng.choice(plays)["cards"]), tap=tap, right_click=right)
        return "discard"
    if not offered and not still_my_turn(page):
        return "moved on"  # a claim ahead of mine closed the window
    assert offered, "my turn with nothing to do"
    action, kind = offered[0]
    return kind if press_word(page, action, tap=tap) else "moved on"


def test_play_a_whole_shibafu_deal_by_buttons(page: Page, server: str,
                                              shots: Path | None) -> None:
    errors = ServerErrors(page)
    enter(page, server, "秀山")
    create_room(page, game="xiushan", preset="shibafu")
    start_with_bots(page)
    rng = random.Random(4)
    made: dict[str, int] = {}
    settlement = page.locator("[data-testid=settlement]")
    for match in range(_MAX_MATCHES):
        for _ in range(300):
            if wait_turn_or_end(page) == "end":
                break
            kind = xiushan_turn(page, rng)
            made[kind] = made.get(kind, 0) + 1
        expect(settlement).to_be_visible()
        if settlement.locator("ul.payments li").count():
            break
        assert match + 1 < _MAX_MATCHES, f"{_MAX_MATCHES} deals in a row ended in 黄庄"
        play_again(page)
    assert made.get("discard", 0) > 0, made
    expect(settlement.locator(".settle-table tbody tr")).to_have_count(3)
    # the breakdown table from the settlement's items: each group's 油子, the 豆 in all
    items = settlement.locator("[data-testid=items]")
    expect(items.locator("tr[data-code=group]").first).to_contain_text("油子")
    expect(items.locator("tr[data-code=dou] td.num").first).to_have_text(re.compile(r"^\d+ 豆$"))
    expect(page.locator("[data-testid=center]")).to_contain_text("和")
    shot(page, shots, "xiushan-settlement")
    assert errors.seen == [], errors.seen


_WON_LINES = """async (lang) => {
  const { setLang } = await import("/js/i18n.js");
  const { rendererFor } = await import("/js/games/registry.js");
  setLang(lang);
  const r = rendererFor("xiushan");
  const ev = { kind: "won", seat: 1, youzi: 0, dou: 3 };
  const ctx = { name: (s) => `B${s}` };
  return [r.eventText(ev, ctx, { youzi: false }),
          r.eventText({ ...ev, youzi: 21 }, ctx, { youzi: true })];
}"""


def test_maquefu_win_line_counts_no_youzi(page: Page, server: str) -> None:
    """麻雀福 不计油子: its game log said "B1 和！0 油子，3 豆" for every win."""
    enter(page, server, "麻雀福")
    assert page.evaluate(_WON_LINES, "zh") == ["B1 和！3 豆", "B1 和！21 油子，3 豆"]
    assert page.evaluate(_WON_LINES, "en") == ["B1 wins: 3 豆", "B1 wins: 21 油子, 3 豆"]


_STATUS = """async () => {
  const { setLang } = await import("/js/i18n.js");
  const { rendererFor } = await import("/js/games/registry.js");
  setLang("zh");
  const r = rendererFor("xiushan");
  const ctx = { name: (s) => (s === 0 ? "你" : `机器人${s}`) };
  const views = [{ phase: "turn", to_act: [2] }, { phase: "turn", to_act: [0] },
                 { phase: "window", to_act: [1, 2] }, { phase: "over", to_act: [] }];
  return views.map((view) => r.status(view, ctx));
}"""


def test_the_table_status_says_whose_phase_it_is(page: Page, server: str) -> None:
    """A newcomer's play-test: 打一张牌 beside my seat on every turn read as telling me to
    play while a bot was to. One seat acting is named; a claim window and the end are not.
    The name comes as whose move it is (机器人2：打一张牌 read as the bot saying it: a
    three-person play-test)."""
    enter(page, server, "看状态")
    assert page.evaluate(_STATUS) == ["轮到 机器人2 · 打一张牌", "轮到 你 · 打一张牌",
                                      "有人打牌，各家答话", "本局结束"]


def test_a_phone_sees_the_whole_table_after_the_deal(phone: Page, server: str) -> None:
    """A phone play-test: 看牌桌 after a 黄六福 deal showed my groups cut at the felt's edge
    and my discards below it, in a scroll of the felt's own nobody found. At the deal's
    end the felt holds all it shows (the page scrolls instead)."""
    enter(phone, server, "看全桌")
    create_room(phone, game="xiushan", preset="huangliufu")
    start_with_bots(phone)
    tuoguan_to_settlement(phone, 120000)
    phone.click("[data-testid=view-table]")
    felt = phone.locator("[data-testid=felt]")
    expect(felt).to_have_attribute("data-phase", "over")
    inside = felt.evaluate("(el) => el.scrollHeight - el.clientHeight")
    assert inside <= 1, f"the felt hides {inside}px in a scroll of its own"
    box, mine = felt.bounding_box(), phone.locator(".seat.side-bottom").bounding_box()
    assert box and mine and mine["y"] + mine["height"] <= box["y"] + box["height"] + 1
