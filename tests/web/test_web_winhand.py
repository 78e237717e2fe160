"""The end of a 双别杆 deal lays the winner's hand out as cards, group by group (句 坎 紮
泛 对 招 and the 听头, from the settlement's items, never from text), beside the 胡
breakdown on a desktop and above it on a phone (issue "What players and the seeds found"
§2)."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, WebSocket
from test_web_biegan import play_again, play_biegan_deal
from web_driver import create_room, enter, shot, start_with_bots

MIN_CARD_PX = 40
JING = {"三", "五", "七"}


OWN_SERVER = True  # conftest's ``server``: one of this module's own


class DealEnds:
    """Every ``deal_end`` message the server sends this page."""

    def __init__(self, page: Page) -> None:
        self.seen: list[dict[str, Any]] = []
        page.on("websocket", self._watch)

    def _watch(self, ws: WebSocket) -> None:
        ws.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        msg = json.loads(payload)
        if isinstance(msg, dict) and msg.get("type") == "deal_end":
            self.seen.append(msg)


def _win_settlement(page: Page, server: str, nickname: str) -> dict[str, Any]:
    ends = DealEnds(page)
    enter(page, server, nickname)
    create_room(page, game="biegan", preset="gongan")
    start_with_bots(page)
    rng = random.Random(8)
    for match in range(6):
        play_biegan_deal(page, rng, Counter({"illegal": 1}))
        page.wait_for_selector("[data-testid=settlement] .settle-actions .btn")
        settlement: dict[str, Any] = ends.seen[-1]["settlement"]
        if any(i["code"] == "unit" for i in settlement["items"]):
            return settlement
        if match < 5:
            play_again(page)
    raise AssertionError("six 黄庄 in a row")


def _groups(settlement: dict[str, Any]) -> list[tuple[str, str]]:
    """(kind, cards) of the winner's units and 听头, as the settlement gives them."""
    out = []
    for item in settlement["items"]:
        params = item["label"]["params"]
        if item["code"] == "unit":
            out.append((params["kind"], params["cards"]))
        elif item["code"] == "tingtou":
            out.append(("听头", params["cards"]))
    return out


def _shown_groups(page: Page) -> list[tuple[str, str]]:
    groups = page.locator("[data-testid=win-hands] .win-group")
    return [(groups.nth(i).get_attribute("data-kind") or "",
             groups.nth(i).get_attribute("data-cards") or "") for i in range(groups.count())]


def _tokens(cards: str) -> list[str]:
    out: list[str] = []
    for ch in cards:
        if ch == "*" and out:
            out[-1] += "*"
        elif not ch.isspace():
            out.append(ch)
    return out


def _box(page: Page, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return {"x": box["x"], "y": box["y"], "width": box["width"], "height": box["height"]}


def _apart(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
            or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def _check_cards(page: Page, settlement: dict[str, Any]) -> None:
    expected = _groups(settlement)
    shown = _shown_groups(page)
    assert [(k, " ".join(_tokens(c))) for k, c in expected] == shown
    heights = page.eval_on_selector_all(
        "[data-testid=win-hands] .win-group .mini-card svg",
        "(els) => els.map((e) => e.getBoundingClientRect().height)")
    assert len(heights) == sum(len(_tokens(c)) for _, c in expected)
    assert min(heights) >= MIN_CARD_PX, f"cards too small to read: {heights}"
    marks = page.eval_on_selector_all(
        "[data-testid=win-hands] .win-group .mini-card",
        "(els) => els.map((e) => [e.dataset.token,"
        " e.querySelector('svg').classList.contains('jing')])")
    for token, marked in marks:  # 公安 reads the seed's 精: 三 五 七 (the view's `jing`)
        assert marked == (token[0] in JING), f"{token} in the winning hand: 精 mark {marked}"
    _check_won_card(page, settlement)


def _check_won_card(page: Page, settlement: dict[str, Any]) -> None:
    """The discard the hand won on is marked once per winner, on a card of its face, with
    胡 on it; a 自摸 (no card kept) marks none."""
    won = {i["seat"]: i["label"]["params"]["card"] for i in settlement["items"]
           if i["code"] == "won_on"}
    marked = page.eval_on_selector_all(
        "[data-testid=win-hands] .win-hand", "(els) => els.map((e) => [Number(e.dataset.seat),"
        " [...e.querySelectorAll('[data-testid=won-card]')].map((c) => [c.dataset.token,"
        " c.dataset.tag])])")
    assert {seat: cards for seat, cards in marked if cards} == {
        seat: [[_tokens(card)[0], "胡"]] for seat, card in won.items()}


def test_the_winners_hand_is_laid_out_beside_the_breakdown(page: Page, server: str,
                                                           shots: Path | None) -> None:
    settlement = _win_settlement(page, server, "胡牌")
    page.wait_for_selector("[data-testid=win-hands]")
    _check_cards(page, settlement)
    shot(page, shots, "biegan-winhand-desktop")
    hands, items = _box(page, "[data-testid=win-hands]"), _box(page, "[data-testid=items]")
    assert hands["x"] + hands["width"] <= items["x"] + 1, "the hand sits beside the breakdown"
    assert abs(hands["y"] - items["y"]) < 40, "side by side, not stacked"


def test_on_a_phone_the_winners_hand_stacks_above_the_breakdown(phone: Page, server: str,
                                                                shots: Path | None) -> None:
    settlement = _win_settlement(phone, server, "胡牌机")
    phone.wait_for_selector("[data-testid=win-hands]")
    _check_cards(phone, settlement)
    shot(phone, shots, "biegan-winhand-phone")
    hands, items = _box(phone, "[data-testid=win-hands]"), _box(phone, "[data-testid=items]")
    assert _apart(hands, items)
    assert hands["x"] >= 0 and hands["x"] + hands["width"] <= 390, "inside the screen"
