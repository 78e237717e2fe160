"""A room's own rules (本房规则): a friend who joins by the code sees, before sitting down,
where the room differs from its preset — each option by its 中文 name, its value, the
preset's value and what it means — and during play and in the deal's replay the 规则
button shows the same; a room on its preset says so. In Chinese mode none of it is
English."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from web_driver import create_room, enter, rule_options, start_with_bots, tuoguan_to_settlement

from huapai.core.rules import CITATION

LATIN = re.compile(r"[A-Za-z]")


OWN_SERVER = True  # conftest's ``server``: one of this module's own


def _house_room(page: Page) -> str:
    """A private 兰州 room with 够牌 5, no 紧牌 and the app's scoring; its code."""
    rule_options(page, game="xianniu", preset="lanzhou")
    page.fill("input[name=rule-gou]", "5")
    page.dispatch_event("input[name=rule-gou]", "change")
    page.uncheck("input[name=rule-jinpai]")
    page.select_option("select[name=rule-scoring]", value="app")
    page.check("input[name=private]")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")
    return page.locator("[data-testid=invite-code]").inner_text().strip()


def test_a_friend_reads_the_house_rules_before_sitting_down(page: Page, phone: Page,
                                                            server: str) -> None:
    enter(page, server, "房主")
    code = _house_room(page)
    enter(phone, server, "朋友")
    phone.fill("input[name=code]", code)
    phone.click(".join-form button")
    rules = phone.locator("[data-testid=room-rules]")
    expect(rules.locator("li")).to_have_count(3)
    expect(rules.locator("li[data-option=gou]")).to_contain_text("够牌：5（玩法默认 6）")
    expect(rules.locator("li[data-option=gou]")).to_contain_text("占牌要达到几张才不算输")
    expect(rules.locator("li[data-option=jinpai]")).to_contain_text("紧牌：关（玩法默认 开）")
    expect(rules.locator("li[data-option=scoring]")).to_contain_text(
        "计分：兰州掀牛软件（玩法默认 砍牛腿）")
    text = rules.inner_text()
    assert not LATIN.search(CITATION.sub("", text)), text
    phone.click("[data-testid=lang]")
    expect(rules.locator("li[data-option=gou]")).to_contain_text("够牌: 5 (the preset: 6)")
    expect(rules.locator("li[data-option=gou]")).to_contain_text("占牌 needed not to lose")


def test_the_rules_button_during_play_and_a_room_on_its_preset(page: Page,
                                                               server: str) -> None:
    enter(page, server, "规则")
    _house_room(page)
    start_with_bots(page)
    page.click("[data-testid=room-rules-button]")
    dialog = page.locator(".dialog [data-testid=room-rules]")
    expect(dialog.locator("li")).to_have_count(3)
    expect(dialog).to_contain_text("够牌：5（玩法默认 6）")
    page.click(".dialog .btn.primary")
    expect(page.locator(".dialog")).to_have_count(0)
    tuoguan_to_settlement(page, timeout=30000)  # the house bot plays my seat: the deal runs out
    page.click("[data-testid=replay]")  # the replay keeps the rules the deal was played by
    # (the replay's own step line: [data-testid=replay] is the settlement's link too)
    expect(page.locator("[data-testid=step]")).to_be_visible()
    page.click("[data-testid=room-rules-button]")
    expect(page.locator(".dialog h2")).to_have_text("本局规则")
    expect(page.locator(".dialog [data-testid=room-rules] li")).to_have_count(3)
    expect(page.locator(".dialog")).to_contain_text("计分：兰州掀牛软件（玩法默认 砍牛腿）")
    page.click(".dialog [data-testid=rules-howto]")  # on to the whole guide
    expect(page.locator(".dialog [data-testid=howto]")).to_be_visible()
    expect(page.locator(".dialog")).to_have_count(1)
    page.click(".dialog .btn.primary")
    page.goto(server + "/#/")
    page.select_option("select[name=game]", value="xianniu")
    page.wait_for_selector("select[name=preset] option[value='fengxiang']", state="attached")
    page.select_option("select[name=preset]", value="fengxiang")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")
    expect(page.locator("[data-testid=room-rules]")).to_contain_text(
        "全部按「凤翔花花牌（长牌）」玩法，没有改动")
    meta = page.locator(".room-meta")  # the room's settings, said in words in English too
    expect(meta).to_have_text(re.compile(r"^\d+ 局 · 倍数 ×1 · 不限时$"))
    page.click("[data-testid=lang]")
    expect(meta).to_have_text(
        re.compile(r"^(1 deal|([2-9]|\d\d+) deals) · multiplier ×1 · untimed$"))
    page.click("[data-testid=lang]")


def test_on_a_phone_the_room_bar_keeps_its_buttons_in_sight(phone: Page, server: str) -> None:
    """The bar above the table (大厅 · the room's name · its code · 复制链接 · 规则 · 离座) used
    to run off a phone's screen (规则 and 离座 out of sight, to be found by scrolling it
    sideways): the name gives way, and what still does not fit goes to a second line."""
    enter(phone, server, "手机")
    _house_room(phone)
    start_with_bots(phone)
    bar = phone.locator(".room-top")
    for width, switch in ((390, False), (320, False), (320, True)):  # (True: English)
        phone.set_viewport_size({"width": width, "height": 700})
        if switch:
            phone.click("[data-testid=lang]")
            expect(phone.locator("[data-testid=room-rules-button]")).to_have_text("Rules")
        expect(phone.locator("[data-testid=leave]")).to_be_visible()
        assert bar.evaluate("e => e.scrollWidth <= e.clientWidth"), (width, switch)
        boxes = bar.evaluate("""e => [...e.children].filter((c) => c.offsetParent !== null)
          .map((c) => { const r = c.getBoundingClientRect();
                        return [c.textContent.trim(), r.left, r.right]; })""")
        for text, left, right in boxes:
            assert left >= 0 and right <= width, (width, switch, text, left, right)


def test_the_rules_dialog_lists_every_rule_folded(page: Page, server: str) -> None:
    """A room on its preset said only that; a 双别杆 player at the table wanted the numbers:
    the dialog lists every option that applies, folded, each by its name and value."""
    enter(page, server, "全部规则")
    page.goto(server + "/#/")
    page.wait_for_selector("[data-testid=create]")
    create_room(page, preset="gongan-app", game="biegan")
    start_with_bots(page)
    page.click("[data-testid=room-rules-button]")
    folded = page.locator(".dialog [data-testid=all-rules]")
    expect(folded.locator("summary")).to_have_text(re.compile(r"^全部规则（\d+ 项）$"))
    expect(folded.locator("li").first).not_to_be_visible()  # folded until asked
    folded.locator("summary").click()
    expect(folded.locator("li[data-option=jokers]")).to_have_text("赖子（别杠）数：2")
    expect(folded.locator("li[data-option=tingtou_scores]")).to_have_text("听头计胡：开")
    assert "English" not in folded.inner_text() and "true" not in folded.inner_text()


_VALUES = """async (lang) => {
  const { setLang } = await import("/js/i18n.js");
  const { valueText } = await import("/js/roomrules.js");
  setLang(lang);
  const table = { name: "mingtang_table", local: true };
  return [valueText(table, ""), valueText(table, "club.toml"), valueText({ name: "x" }, "")];
}"""


def test_a_file_option_left_empty_reads_built_in(page: Page, server: str) -> None:
    """三六福's 全部规则 read 名堂表： with nothing after it on a server offering no files (a
    phone play-test): left empty, a file option plays the built-in table, and says so."""
    enter(page, server, "名堂表")
    assert page.evaluate(_VALUES, "zh") == ["内置", "club.toml", ""]
    assert page.evaluate(_VALUES, "en") == ["built-in", "club.toml", ""]
