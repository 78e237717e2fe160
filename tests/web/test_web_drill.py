"""The 报数 drill in the browser (issue 11 §2): opened from the lobby, one answer right
(worked out from the group the page shows, by the pure engine), one wrong (吃包子), the
abacus beads following the server; the end, 再来一次; and a phone where nothing overlaps."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect
from web_driver import enter

from huapai.games.xiushan.abacus import announce_value
from huapai.games.xiushan.cards import RANKS, card_name
from huapai.games.xiushan.drill import beads
from huapai.games.xiushan.groups import Kind
from huapai.games.xiushan.rules import BOFU

OWN_SERVER = True  # conftest's ``server``: one of this module's own


def _open(page: Page, server: str, nickname: str) -> None:
    enter(page, server, nickname)
    page.click("[data-testid=drill-link]")
    page.wait_for_selector("[data-testid=drill-question]")


def _right_value(page: Page) -> int:
    """The shown group's 钱, from the engine (the page never has it)."""
    q = page.locator("[data-testid=drill-question]")
    names = {card_name(c): c for c in range(2 * RANKS)}
    card = names[(q.get_attribute("data-cards") or "?")[0]]
    jiang_name = q.get_attribute("data-jiang") or ""
    jiang = names[jiang_name[0]] % RANKS if jiang_name else None  # 陆六: big and small
    return announce_value(Kind(q.get_attribute("data-kind")), card, jiang)


def _rods(value: int) -> str:
    return " ".join(f"{r.upper}{r.lower}" for r in beads(value, hat_at=BOFU.hat_at).rods)


def _say(page: Page, value: int) -> None:
    answered = page.locator("[data-testid=drill-score]").get_attribute("data-answered")
    page.fill("[data-testid=drill-input]", str(value))
    page.click("[data-testid=drill-say]")
    expect(page.locator("[data-testid=drill-score]")).not_to_have_attribute(
        "data-answered", answered or "")


def test_drill_right_wrong_and_again(page: Page, server: str) -> None:
    _open(page, server, "报数")
    abacus = page.locator("[data-testid=drill-abacus] svg.abacus")
    assert abacus.get_attribute("data-rods") == _rods(0)
    right = _right_value(page)
    _say(page, right)
    expect(page.locator("[data-testid=drill-result]")).to_have_attribute("data-outcome", "right")
    assert abacus.get_attribute("data-rods") == _rods(right)
    assert page.locator("[data-testid=drill-score]").get_attribute("data-right") == "1"
    jiang = page.locator("[data-testid=drill-question]").get_attribute("data-jiang") or ""
    assert len(jiang) in (0, 2), jiang  # the 将 by both its cards, as the table says it
    missed = _right_value(page)
    wrong = missed + 1
    _say(page, wrong if wrong <= 30 else wrong - 2)
    expect(page.locator("[data-testid=drill-baozi]")).to_be_visible()
    # why: the kind's row of 钱, this group's cell marked (it said only the number)
    reason = page.locator("[data-testid=drill-reason]")
    expect(reason).to_contain_text("小字 ")
    expect(reason.locator("[data-testid=drill-reason-mine]")).to_have_text(
        re.compile(rf" {missed}$"))
    after = -BOFU.hat_at if BOFU.baozi == "hat" else 0
    assert abacus.get_attribute("data-rods") == _rods(after)
    # the number, to check a reading of the beads: behind a tap, not shown at once
    value = page.locator("[data-testid=drill-value]")
    expect(value).to_be_hidden()
    page.click("[data-testid=drill-check] summary")
    expect(value).to_have_text(f"{after} 个钱")
    assert page.locator("[data-testid=drill-score]").get_attribute("data-wrong") == "1"
    assert "abacus-number" not in page.content()  # beads only, no number
    text = page.locator("[data-testid=drill]").inner_text()
    assert not re.search("[A-Za-z]", text), text  # Chinese mode: no English
    score = page.locator("[data-testid=drill-score]")
    while not page.locator("[data-testid=drill-summary]").count():
        answered = score.get_attribute("data-answered") or ""
        page.click("[data-testid=drill-skip]")  # then wait for its answer: the old button
        expect(score).not_to_have_attribute("data-answered", answered)  # is gone
    expect(page.locator("[data-testid=drill-summary]")).to_be_visible()
    page.click("[data-testid=drill-again]")
    expect(page.locator("[data-testid=drill-score]")).to_have_attribute("data-answered", "0")
    assert abacus.get_attribute("data-rods") == _rods(0)
    page.click("[data-testid=lang]")  # English second: the same page in English
    expect(page.locator("[data-testid=drill-say]")).to_have_text("Announce")
    expect(page.locator("[data-testid=drill-again]")).to_have_count(0)


def _boxes(page: Page, ids: list[str]) -> list[dict[str, Any]]:
    out = []
    for testid in ids:
        box = page.locator(f"[data-testid={testid}]").bounding_box()
        assert box is not None, testid
        out.append({"id": testid, **box})
    return out


def _no_overlap(boxes: list[dict[str, Any]], width: float) -> None:
    for i, a in enumerate(boxes):
        assert a["x"] >= -0.5 and a["x"] + a["width"] <= width + 0.5, a
        for b in boxes[i + 1:]:
            apart = (a["x"] + a["width"] <= b["x"] + 0.5 or b["x"] + b["width"] <= a["x"] + 0.5
                     or a["y"] + a["height"] <= b["y"] + 0.5
                     or b["y"] + b["height"] <= a["y"] + 0.5)
            assert apart, (a, b)


def test_drill_on_a_phone(phone: Page, server: str, shots: Path | None) -> None:
    _open(phone, server, "手机报数")
    wrong = _right_value(phone) + 1
    _say(phone, wrong if wrong <= 30 else wrong - 2)
    expect(phone.locator("[data-testid=drill-baozi]")).to_be_visible()
    width = float(phone.evaluate("document.documentElement.clientWidth"))
    assert phone.evaluate("document.documentElement.scrollWidth") <= width
    _no_overlap(_boxes(phone, ["drill-score", "drill-result", "drill-question", "drill-abacus"]),
                width)
    if shots is not None:
        phone.screenshot(path=str(shots / "drill-phone.png"), full_page=True)
    _no_overlap(_boxes(phone, ["drill-kind", "drill-cards", "drill-jiang", "drill-input",
                               "drill-say", "drill-skip"]), width)
    # the answer's field is light, as the lobby's are on the same light card (it took the
    # page's dark colour scheme: a dark box in a light card)
    background = phone.locator("[data-testid=drill-input]").evaluate(
        "(e) => getComputedStyle(e).backgroundColor")
    assert background == "rgb(255, 253, 247)", background


def test_an_answer_out_of_range_is_refused_in_the_pages_language(page: Page,
                                                                server: str) -> None:
    """31 钱: the browser's own check answered in the browser's language; the server's
    message answers now, in Chinese, and the question stays."""
    _open(page, server, "报太多")
    page.fill("[data-testid=drill-input]", "31")
    page.click("[data-testid=drill-say]")
    error = page.locator(".toast.error")
    expect(error).to_contain_text("要报一个 0 到 30 的整数")
    assert not re.search("[A-Za-z]", error.inner_text()), error.inner_text()
    assert page.locator("[data-testid=drill-score]").get_attribute("data-answered") == "0"
