"""A whole 双别杆 deal in the browser, by clicks: a 公安 room with bots, every one of my
turns played on the page (discards by the button or a right-click, the claim window
answered with 过 / 对 / 招 / 胡, 紮 and 开泛 taken when offered), one illegal click
provoked on purpose, and the settlement with its itemised payments at the end.

Nothing illegal may reach the server: every error the server sends back is recorded
off the WebSocket, and the only one allowed is the one provoked here."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, WebSocket, expect
from web_driver import (
    counter,
    create_room,
    enter,
    hand_tokens,
    legal_plays,
    play_cards,
    press_word,
    shot,
    start_with_bots,
    still_my_turn,
    try_an_illegal_card,
    wait_turn_or_end,
    word_kinds,
)

# Taken whenever offered, best first: a win ends the deal; 紮 / 开泛 / 招 double a unit.
_ALWAYS = ("hu", "zha", "kaifan", "zhao")
_MAX_MATCHES = 4  # a 黄庄 has no payments to show: play again (75% of deals have a 胡)


class ServerErrors:
    """Every ``error`` message the server sends this page over its WebSocket."""

    def __init__(self, page: Page) -> None:
        self.seen: list[dict[str, Any]] = []
        page.on("websocket", self._watch)

    def _watch(self, ws: WebSocket) -> None:
        ws.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        try:
            msg = json.loads(payload)
        except ValueError:
            return
        if isinstance(msg, dict) and msg.get("type") == "error":
            self.seen.append(msg)


def biegan_turn(page: Page, rng: random.Random) -> str:
    """One legal move by clicks: 胡 / 紮 / 开泛 / 招 when offered, 对 half the time,
    else a discard (button or right-click) or 过. Buttons are told apart by their kind
    (data-kind), so this plays the same in either language."""
    offered = word_kinds(page)
    for wanted in _ALWAYS:
        for action, kind in offered:
            if kind == wanted:
                return wanted if press_word(page, action) else "moved on"
    dui = [a for a, kind in offered if kind == "dui"]
    if dui and rng.random() < 0.5:
        return "dui" if press_word(page, dui[0]) else "moved on"
    plays = legal_plays(page)
    if plays:
        cards = list(rng.choice(plays)["cards"])
        right = rng.random() < 0.5
        play_cards(page, cards, right_click=right)
        return "right-click" if right else "button"
    passes = [a for a, kind in offered if kind == "pass"]
    if not passes and not still_my_turn(page):
        return "moved on"  # a claim ahead of mine closed the window
    assert passes, f"nothing to do on my turn: words {offered}, no discards"
    return "pass" if press_word(page, passes[0]) else "moved on"


def provoke_illegal(page: Page) -> str | None:
    """Right-click a card that may not be discarded now (in a claim window, any card):
    the server's refusal is shown and the hand stays as it was."""
    hand = sorted(hand_tokens(page))
    text = try_an_illegal_card(page)
    if text is None:
        return None
    expect(page.locator(".toast.error").last).to_be_visible()
    assert re.search(r"[\u4e00-\u9fff]", text), f"the refusal is said in Chinese first: {text!r}"
    assert sorted(hand_tokens(page)) == hand, "a refused discard must leave the hand alone"
    page.wait_for_selector(".action-bar.my-turn")
    return text


def play_biegan_deal(page: Page, rng: random.Random, made: Counter[str],
                     shots: Path | None = None, max_turns: int = 200) -> None:
    """Play my seat until the settlement shows; count how each move was made."""
    for _ in range(max_turns):
        if wait_turn_or_end(page) == "end":
            return
        phase = page.get_attribute("[data-testid=felt]", "data-phase")
        if not made["illegal"] and phase == "window" and provoke_illegal(page) is not None:
            made["illegal"] += 1
        made[biegan_turn(page, rng)] += 1
        if shots is not None and sum(made.values()) == 12:
            shot(page, shots, "biegan-midgame")
    raise AssertionError(f"the deal did not end within {max_turns} of my turns")


def play_again(page: Page) -> None:
    before = counter(page)
    page.click("[data-testid=again]")
    page.wait_for_function(
        "(c) => !document.querySelector('[data-testid=settlement]') &&"
        " document.querySelector('[data-testid=felt]')?.dataset.counter !== c", arg=before)


def test_play_a_whole_biegan_deal_by_clicks(page: Page, server: str,
                                            shots: Path | None) -> None:
    errors = ServerErrors(page)
    enter(page, server, "阿杆")
    create_room(page, game="biegan", preset="gongan")
    start_with_bots(page)
    expect(page.locator("[data-testid=seat-1]")).to_be_visible()
    # 上大人 character cards: the 汉字 drawn on each card of the hand
    expect(page.locator(".hand-card").first.locator("text.card-name").first).to_be_attached()
    assert len(hand_tokens(page)) in (25, 26)
    shot(page, shots, "biegan-table")
    rng = random.Random(8)
    made: Counter[str] = Counter()
    settlement = page.locator("[data-testid=settlement]")
    for match in range(_MAX_MATCHES):
        play_biegan_deal(page, rng, made, shots)
        expect(settlement).to_be_visible()
        if settlement.locator("ul.payments li").count():
            break
        expect(settlement).to_contain_text("黄庄")
        assert match + 1 < _MAX_MATCHES, f"{_MAX_MATCHES} deals in a row ended in 黄庄"
        play_again(page)
    assert made["button"] + made["right-click"] > 0, made
    assert made["illegal"] == 1, f"an illegal click was provoked and explained: {made}"
    expect(settlement.locator(".settle-table tbody tr")).to_have_count(3)
    payment = settlement.locator("ul.payments li").first
    expect(payment.locator(".amount")).to_have_text(re.compile(r"^\d+$"))
    expect(payment.locator(".label")).to_contain_text("胡")
    # the breakdown table, from the settlement's items: the winner's 胡 in all, and 分
    items = settlement.locator("[data-testid=items]")
    expect(items.locator("tr[data-code=hu] td.num").first).to_have_text(re.compile(r"^\d+ 胡$"))
    expect(items.locator("tr[data-code=fen]").first).to_be_visible()
    expect(settlement.locator(".notes")).to_have_count(0)
    expect(page.locator("[data-testid=center]")).to_contain_text("胡")
    shot(page, shots, "biegan-settlement")
    assert len(errors.seen) == 1, f"only the provoked refusal: {errors.seen}"
    assert errors.seen[0]["code"], errors.seen


def test_a_claim_window_refusal_reads_whole_in_each_language(page: Page, server: str) -> None:
    """The refusal the client once cut at its first " / " ("先对桌上的 七 表态：过", a bare
    "招"): provoked in a claim window in Chinese, then again after switching to English;
    each toast is the whole message the server sent, in that language only."""
    errors = ServerErrors(page)
    enter(page, server, "阿别")
    create_room(page, game="biegan", preset="gongan")
    start_with_bots(page)
    rng = random.Random(3)
    shown: list[str] = []
    for _ in range(300):
        assert wait_turn_or_end(page) == "turn", "the deal ended before a claim window"
        if page.get_attribute("[data-testid=felt]", "data-phase") == "window":
            expect(page.locator("[data-testid=word][data-kind=pass]")).to_have_text("过")
            shown.append(provoke_illegal(page) or "")
            page.click("[data-testid=lang]")
            expect(page.locator("[data-testid=word][data-kind=pass]")).to_have_text("pass (过)")
            shown.append(try_an_illegal_card(page) or "")
            break
        biegan_turn(page, rng)
    assert len(shown) == 2, "no claim window asked me"
    said = [e["msg"] for e in errors.seen]
    assert [m["code"] for m in said] == ["must_answer", "must_answer"], errors.seen
    assert shown[0] == said[0]["zh"] and re.search(r"表态：过( / [胡招对泛])*$", shown[0])
    assert shown[1] == said[1]["en"] and re.search(r"first: 过( / [胡招对泛])*$", shown[1])
    assert not re.search(r"[A-Za-z]", shown[0]) and "answer the discard" in shown[1]


_PROMPTS = """async (lang) => {
  const { setLang } = await import("/js/i18n.js");
  const { rendererFor } = await import("/js/games/registry.js");
  setLang(lang);
  const r = rendererFor("biegan");
  // dui_warn as the engine's view gives it (tests/games/biegan: at the limit, under 包 only)
  const view = (warn) => ({ phase: "window", duis: [2, 0, 0], dui_limit: 2, dui_warn: warn });
  // the seat's own answers (legal_info), as the server sends them: only those are asked
  const legal = [{ id: 0, kind: "pass", label: { zh: "过", en: "pass (过)" } },
                 { id: 3, kind: "dui", label: { zh: "对", en: "对 (dui)" } }];
  // the discard asked about, named (bare 招 / 对 buttons said not which card)
  const named = { legal, name: (seat) => ["你", "乙", "丙"][seat] };
  return [r.prompt(view(true)), r.prompt(view(false)), r.prompt({ ...view(true), phase: "turn" }),
          r.prompt(view(false), { legal }), r.prompt(view(true), { legal }),
          r.prompt({ ...view(false), pending: { seat: 1, card: "礼" } }, named)];
}"""


def test_a_seat_at_the_dui_limit_is_told_one_more_binds_bao(page: Page, server: str) -> None:
    """Asked about a discard with 2 对 made, the prompt says a third one makes the player pay
    the whole win (包) if another wins, where the view says so (``dui_warn``: not below the
    limit, not where a third is refused, not once over — the badge says it then)."""
    enter(page, server, "限对")
    ask = "有人打牌：对、招、胡还是过？"
    zh = page.evaluate(_PROMPTS, "zh")
    assert zh[:2] == [f"{ask}（你已对 2 次：再对，别家胡了你包）", ask]
    assert "包" not in zh[2]
    assert zh[3] == "有人打牌：对还是过？" and zh[4].startswith("有人打牌：对还是过？（你已对 2 次")
    assert zh[5] == "乙打出 礼：对还是过？"
    english = page.evaluate(_PROMPTS, "en")
    assert english[0].endswith("one more and you pay the whole win if another seat wins)")
    assert english[1] == "对, 招, 胡 or pass?" and "pay" not in english[2]
    assert english[3] == "A discard: 对 (dui) or pass (过)?"
    assert english[5] == "乙 discards 礼: 对 (dui) or pass (过)?"
