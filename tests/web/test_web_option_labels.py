"""The lobby's rule options speak the player's language (issue 9 §2): in Chinese mode no
choice of any family reads as a raw English value (``kanniutui``, ``half``, ``ordinary``…),
nor does an option's tip or a preset's name; in English mode the English labels are
shown. Rules that contradict each other are refused in the player's language."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from web_driver import enter

from huapai.core.rules import CITATION

LATIN = re.compile(r"[A-Za-z]")


def _choices(page: Page, game: str) -> list[str]:
    page.select_option("select[name=game]", value=game)
    page.wait_for_selector("select[name^=rule-]", state="attached")
    texts: list[str] = page.eval_on_selector_all(
        "select[name^=rule-] option", "els => els.map((e) => e.textContent)")
    tips: list[str] = page.eval_on_selector_all(
        ".rule-options label.field.option", "els => els.map((e) => e.title)")
    presets: list[str] = page.eval_on_selector_all(
        "select[name=preset] option", "els => els.map((e) => e.textContent)")
    return texts + tips + presets


def test_rule_choices_are_chinese_in_chinese_mode_and_english_in_english(
        page: Page, own_server: str) -> None:
    enter(page, own_server, "选项")
    for game in ("xianniu", "biegan", "xiushan"):
        shown = _choices(page, game)
        assert shown, game
        latin = [text for text in shown if LATIN.search(CITATION.sub("", text))]
        assert not latin, (game, latin)
    page.click("[data-testid=lang]")
    page.wait_for_selector("select[name^=rule-]", state="attached")
    english = _choices(page, "xianniu")
    assert "kanniutui points" in english and "half" in english
    for game in ("xianniu", "biegan", "xiushan"):  # names, not keys (black_flower_in_sets)
        page.select_option("select[name=game]", value=game)
        page.wait_for_selector("select[name^=rule-]", state="attached")
        labels: list[str] = page.eval_on_selector_all(
            "form .field.option .field-label", "els => els.map((e) => e.textContent)")
        assert labels and not [x for x in labels if "_" in x], (game, labels)


def test_rules_that_contradict_each_other_are_refused_in_chinese(page: Page,
                                                                 own_server: str) -> None:
    """够牌 above 刺牌 (each within its own range): the room is not made, and the reason
    names both by their Chinese labels (it said "规则选项 ci（11）要大于 gou（12）")."""
    enter(page, own_server, "规则")
    page.select_option("select[name=game]", value="xianniu")
    page.click("details.rule-options summary")
    page.fill("input[name=rule-gou]", "12")
    page.dispatch_event("input[name=rule-gou]", "change")
    page.click("[data-testid=create]")
    toast = page.locator(".toast.error")
    expect(toast).to_contain_text("刺牌（11 张）要多于够牌（12 张）")
    assert not LATIN.search(toast.inner_text()), toast.inner_text()
    expect(page.locator("[data-testid=waiting]")).to_have_count(0)


def test_a_bofu_room_plays_until_debo_by_default(page: Page, own_server: str) -> None:
    """钵福 ends its match at 得一钵: the lobby offers the most deals as a limit and says so;
    another preset gets its single deal back."""
    enter(page, own_server, "一钵")
    page.select_option("select[name=game]", value="xiushan")
    page.wait_for_selector("select[name=preset] option[value='bofu']", state="attached")
    page.select_option("select[name=preset]", value="bofu")
    page.wait_for_selector("text=得一钵即止")
    assert page.input_value("input[name=deals]") == "64"
    page.select_option("select[name=preset]", value="shibafu")
    page.wait_for_function("document.querySelector('input[name=deals]').value === '1'")


def test_an_options_meaning_opens_under_it_on_a_phone(phone: Page, own_server: str) -> None:
    """A phone shows no tooltip: each rule option's ? opens its meaning and source under
    it, in Chinese in Chinese mode (its source as the kinds of source, in words: a player
    read "[?] xiushan.md §2.4；zipai.md BG14 [P]" as English), in English after the
    language is switched; the rule options stay open while the player reads them."""
    enter(phone, own_server, "说明")
    phone.select_option("select[name=game]", value="xianniu")
    phone.wait_for_selector("select[name^=rule-]", state="attached")
    phone.click("details.rule-options summary")
    phone.tap("[data-testid=help-gou]")
    note = phone.locator("[data-testid=note-gou]")
    expect(note).to_contain_text("占牌要达到几张才不算输")
    expect(note).to_contain_text("出处：这个玩法依据的原始规则")
    assert not LATIN.search(note.inner_text()), note.inner_text()
    box = note.bounding_box()
    assert box is not None and box["width"] > 300  # the note takes the whole row
    phone.tap("[data-testid=help-big_hands]")  # a second one opens beside the first
    expect(phone.locator("[data-testid=note-big_hands]")).to_contain_text("「大牌型终局」")
    phone.tap("[data-testid=help-gou]")
    expect(note).to_have_count(0)
    expect(phone.locator("details.rule-options")).to_have_attribute("open", "")
    phone.tap("[data-testid=help-gou]")  # a tap on the meaning folds it too, and Escape
    note.tap()
    expect(note).to_have_count(0)
    phone.tap("[data-testid=help-gou]")
    phone.focus("[data-testid=help-gou]")
    phone.keyboard.press("Escape")
    expect(note).to_have_count(0)
    phone.click("[data-testid=lang]")
    english = phone.locator("[data-testid=note-big_hands]")
    # another option by its English name, the source in words: no key, no citation (an
    # English play-test read "key: big_hands" and "[S002] §2.5" as a developer's notes)
    expect(english).to_contain_text("whether the deal then ends is “a big hand ends the deal”")
    expect(english).to_contain_text("Source: the source text, a proposal of the rules research")
    assert not re.search(r"key:|_|\[S|§", english.inner_text()), english.inner_text()
    expect(phone.locator("[data-testid=help-big_hands]")).to_have_attribute(
        "aria-label", "What “龙凤齐 / 八大对” means")


_MARKER = """() => {
  const summary = document.querySelector(".rule-options summary");
  return getComputedStyle(summary, "::before").content;
}"""


def test_the_folded_rule_options_show_they_open(page: Page, own_server: str) -> None:
    """规则选项 folded showed only its bold title (the summary is a flex row, which drops
    the browser's ▸), so nothing said it opens. It has a marker that turns when open."""
    enter(page, own_server, "折叠")
    marker = page.evaluate(_MARKER)
    assert marker not in ("none", "normal", '""'), marker
    turned = """() => getComputedStyle(document.querySelector(".rule-options summary"),
                                        "::before").transform"""
    closed = page.evaluate(turned)
    page.click(".rule-options summary")
    expect(page.locator(".rule-options")).to_have_attribute("open", "")
    assert page.evaluate(turned) != closed


def test_a_biegan_room_shows_one_multiplier_its_rules(page: Page, own_server: str) -> None:
    """双别杆's 倍数 is its rule option ``multiplier`` (the manifest's room_multiplier): the
    form shows that option in the platform's place, never both, and the room's bar says the
    倍数 the room plays at; 掀牛 keeps the platform's."""
    enter(page, own_server, "倍数")
    page.select_option("select[name=game]", value="biegan")
    page.wait_for_selector(".form-grid input[name=rule-multiplier]")
    assert page.locator("input[name=multiplier]").count() == 0
    assert page.locator(".rule-options input[name=rule-multiplier]").count() == 0
    page.fill("input[name=rule-multiplier]", "10")
    page.dispatch_event("input[name=rule-multiplier]", "change")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")
    expect(page.locator(".room-meta")).to_contain_text("倍数 ×10")
    page.click("text=← 大厅")
    page.select_option("select[name=game]", value="xianniu")
    page.wait_for_selector("input[name=multiplier]")
    assert page.locator("input[name=rule-multiplier]").count() == 0
