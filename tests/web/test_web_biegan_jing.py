"""精 marked in the browser from the view (``jing``, the deal's reading), not from a list
of characters in the client: in a 五精 room (``five_jing``) 乙 and 九 carry the 精 mark as
三 五 七 do; in the seed's reading only 三 五 七 do. A 赖子 is never marked (it is drawn
as the joker)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page
from web_driver import enter, shot, start_with_bots

THREE = {"三", "五", "七"}
FIVE = THREE | {"乙", "九"}


OWN_SERVER = True  # conftest's ``server``: one of this module's own


def _open_room(page: Page, *, five_jing: bool) -> None:
    page.select_option("select[name=game]", value="biegan")
    page.wait_for_selector("select[name=preset] option[value='gongan']", state="attached")
    page.select_option("select[name=preset]", value="gongan")
    if five_jing:
        page.click("details.rule-options > summary")
        page.check("input[name=rule-five_jing]")
    page.select_option("select[name=bot_delay]", value="0")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")
    start_with_bots(page)
    page.wait_for_selector(".hand-card")


def _hand_marks(page: Page) -> list[tuple[str, bool, str]]:
    """(token, marked 精, aria label) of every card in the hand."""
    return [(str(t), bool(m), str(label)) for t, m, label in page.eval_on_selector_all(
        ".hand-card", "(els) => els.map((e) => { const s = e.querySelector('svg');"
        " return [e.dataset.token, s.classList.contains('jing')"
        " && !!s.querySelector('.jing-mark'), s.getAttribute('aria-label')]; })")]


def _check(marks: list[tuple[str, bool, str]], jing: set[str]) -> set[str]:
    for token, marked, label in marks:
        face = token[0]
        assert marked == (face in jing), f"{token}: 精 mark {marked}, 精 are {sorted(jing)}"
        assert ("(精)" in label) == marked, f"{token}: label {label!r}"
    return {t[0] for t, marked, _ in marks if marked}


@pytest.mark.parametrize("five_jing", [True, False], ids=["five_jing", "seed"])
def test_jing_marked_as_the_deal_reads_them(page: Page, server: str, five_jing: bool,
                                           shots: Path | None) -> None:
    enter(page, server, "五精" if five_jing else "三精")
    _open_room(page, five_jing=five_jing)
    jing = FIVE if five_jing else THREE
    marked = _check(_hand_marks(page), jing)
    assert marked & THREE, "the seeded hand holds one of 三 五 七"
    if five_jing:
        assert marked & {"乙", "九"}, "the seeded hand holds a 乙 or a 九, marked 精"
    # the same mark on the table: any 乙三五七九 drawn small (melds, discards, the discard)
    small = page.eval_on_selector_all(
        "[data-testid=felt] .mini-card[data-token]",
        "(els) => els.map((e) => [e.dataset.token, !!e.querySelector('svg.jing .jing-mark')])")
    for token, mark in small:
        assert mark == (token[0] in jing), f"{token} on the table: 精 mark {mark}"
    shot(page, shots, f"biegan-jing-{'five' if five_jing else 'seed'}")
