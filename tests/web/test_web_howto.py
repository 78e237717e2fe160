"""玩法说明 (how to play) in the browser: from the lobby's form, for the game and preset
chosen there, and from a room's bar; the guide's sections, the chosen preset's part open
and the others folded; Chinese without English, English after the switch; on a phone the
dialog fits the width and scrolls inside, its 关闭 on the screen."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect
from web_driver import create_room, enter, rule_options, shot

from huapai.core.howto import load_howto

LATIN = re.compile(r"[A-Za-z]")


OWN_SERVER = True  # conftest's ``server``: one of this module's own


def _guide(game: str) -> Any:
    """The guide as the browser shows it: without the terminal's paragraphs (终端里：…)."""
    howto = load_howto(game)
    assert howto is not None
    return howto.shown("browser")


def _shows(page: Page, game: str, preset: str, lang: str = "zh") -> None:
    howto = _guide(game)
    box = page.locator("[data-testid=howto]")
    expect(box).to_be_visible()
    expect(page.locator(".dialog h2")).to_have_text(howto.title.pick(lang))
    expect(box.locator(":scope > section:not(.howto-preset) > h3")).to_have_text(
        [s.title.pick(lang) for s in howto.sections])
    notes = box.locator(f"section.howto-preset[data-preset='{preset}'] p:not([data-testid])")
    expect(notes).to_have_text([p.pick(lang) for p in howto.presets[preset]])
    expect(box.locator("details.howto-preset")).to_have_count(len(howto.presets) - 1)
    # first, the preset's notes say where their terms are explained (they came before)
    expect(box.locator(f"section.howto-preset[data-preset='{preset}'] "
                       "[data-testid=howto-terms-below]")).to_have_count(1)


def test_the_guide_from_the_lobby_and_a_room(page: Page, server: str,
                                             shots: Path | None) -> None:
    enter(page, server, "玩法")
    page.select_option("select[name=game]", value="xiushan")
    page.wait_for_selector("select[name=preset] option[value='bofu']", state="attached")
    page.select_option("select[name=preset]", value="bofu")
    page.click("[data-testid=howto-button]")
    _shows(page, "xiushan", "bofu")
    shot(page, shots, "howto-lobby")
    text = page.locator(".dialog").inner_text()
    assert not LATIN.search(text), text  # Chinese mode: no English
    page.locator("details.howto-preset[data-preset=maquefu] summary").click()  # another preset
    expect(page.locator("details.howto-preset[data-preset=maquefu] p").first).to_be_visible()
    page.click(".dialog .btn.primary")
    expect(page.locator("[data-testid=howto]")).to_have_count(0)
    page.click("[data-testid=lang]")  # English: the same guide in English
    page.click("[data-testid=howto-button]")
    _shows(page, "xiushan", "bofu", "en")
    page.click(".dialog .btn.primary")
    page.click("[data-testid=lang]")
    create_room(page, preset="gongan", game="biegan")  # a room's bar has it too
    page.click("[data-testid=howto-button]")
    _shows(page, "biegan", "gongan")


def test_on_a_phone_it_fits_and_scrolls_inside(phone: Page, server: str,
                                               shots: Path | None) -> None:
    enter(phone, server, "手机玩法")
    phone.click("[data-testid=howto-button]")  # the lobby's first game and preset
    _shows(phone, "xianniu", "lanzhou")
    shot(phone, shots, "howto-phone")
    width = (phone.viewport_size or {"width": 0})["width"]
    dialog = phone.locator(".dialog").bounding_box()
    assert dialog is not None and dialog["x"] >= 0 and dialog["x"] + dialog["width"] <= width
    inner = phone.eval_on_selector("[data-testid=howto]", "(e) => [e.scrollHeight, e.clientHeight]")
    assert inner[0] > inner[1], inner  # the guide scrolls inside the dialog ...
    close = phone.locator(".dialog .btn.primary").bounding_box()
    height = (phone.viewport_size or {"height": 0})["height"]
    assert close is not None and close["y"] + close["height"] <= height  # ... 关闭 in view


def test_a_rooms_own_rules_come_first_in_its_guide(page: Page, server: str) -> None:
    """A club's 三六福 at 起胡 18 read 起胡要36胡 in the room's guide (a club-night
    play-test): the options the room changes come first, said to stand over it."""
    enter(page, server, "牌社")
    rule_options(page, game="xiushan", preset="sanliufu")
    page.fill("input[name=rule-hu_threshold]", "18")
    page.dispatch_event("input[name=rule-hu_threshold]", "change")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")
    page.click("[data-testid=howto-button]")
    house = page.locator("[data-testid=howto-house]")
    expect(house).to_contain_text("以此为准")
    expect(house.locator("[data-option=hu_threshold]")).to_contain_text("18")
    page.keyboard.press("Escape")
    page.goto(server)
    create_room(page, game="xiushan", preset="shibafu")  # its preset as it is: none
    page.click("[data-testid=howto-button]")
    expect(page.locator("[data-testid=howto]")).to_be_visible()
    expect(page.locator("[data-testid=howto-house]")).to_have_count(0)
