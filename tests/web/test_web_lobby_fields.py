"""Small lobby and waiting-room things the second browser play-test found: a cleared 局数
keeps its value (it was sent as 0, and refused as "0 不在 1 到 64 之间" — a number nobody
typed), and the bot picker stays inside the waiting room's card on a phone in English (its
longest choice ran past the screen's edge)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from web_driver import create_room, enter, start_with_bots, tuoguan_to_settlement

OWN_SERVER = True  # conftest's ``server``: one of this module's own


def test_a_cleared_deals_field_keeps_its_value(page: Page, server: str) -> None:
    enter(page, server, "局数")
    page.fill("input[name=deals]", "3")
    page.dispatch_event("input[name=deals]", "change")
    page.fill("input[name=deals]", "")
    page.dispatch_event("input[name=deals]", "change")
    expect(page.locator("input[name=deals]")).to_have_value("3")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")
    assert page.locator(".toast.error").count() == 0


def test_the_bot_picker_stays_inside_the_card_on_a_phone(phone: Page, server: str) -> None:
    enter(phone, server, "机器人水平")
    phone.click("[data-testid=lang]")
    create_room(phone, game="biegan", preset="gongan")
    picker = phone.locator(".bot-picker")
    expect(picker).to_be_visible()
    card = phone.locator(".card-panel.waiting").bounding_box()
    box = picker.bounding_box()
    select = phone.locator("[data-testid=bot-level]").bounding_box()
    assert card is not None and box is not None and select is not None
    for b in (box, select):
        assert b["x"] >= card["x"] and b["x"] + b["width"] <= card["x"] + card["width"] + 0.5, (
            b, card)


def test_a_deals_count_out_of_range_is_refused_in_the_pages_language(page: Page,
                                                                     server: str) -> None:
    """局数 99: the browser's own check answered in the browser's language (English in a
    headless Chromium, a Chinese page); the server's message answers now, in Chinese."""
    enter(page, server, "局数太多")
    page.fill("input[name=deals]", "99")
    page.dispatch_event("input[name=deals]", "change")
    page.click("[data-testid=create]")
    error = page.locator(".toast.error")
    expect(error).to_contain_text("局数")
    expect(error).to_contain_text("99")
    assert page.locator("[data-testid=waiting]").count() == 0
    page.click("[data-testid=lang]")  # a switch while it shows says it again, in English
    expect(error).not_to_contain_text("局数")
    expect(error).to_contain_text("99")


def test_the_lobby_offers_only_the_options_the_rules_use(page: Page, server: str) -> None:
    """三六福 offered 钵福's 报数, 机器人报错率, 一钵 … (accepted or refused at 开桌); they
    show where 计分 is 油子×翻 — 钵福, or 三六福 turned to it — and go with it."""
    enter(page, server, "选项")
    page.select_option("select[name=game]", value="xiushan")
    page.wait_for_selector("select[name=preset] option[value='sanliufu']", state="attached")
    page.select_option("select[name=preset]", value="sanliufu")
    page.click("details.rule-options summary")
    for name in ("baoshu", "bot_errors", "bo_target", "hat_at"):
        expect(page.locator(f"[name=rule-{name}]")).to_have_count(0)
    expect(page.locator("[name=rule-hand_value]")).to_have_count(1)
    page.select_option("select[name=rule-hand_value]", value="fan")
    expect(page.locator("[name=rule-baoshu]")).to_have_count(1)
    page.select_option("select[name=rule-baoshu]", value="train")
    page.select_option("select[name=rule-hand_value]", value="mingtang")
    expect(page.locator("[name=rule-baoshu]")).to_have_count(0)  # and its change is gone:
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")  # 开桌 is not refused for it
    assert page.locator(".toast.error").count() == 0
    page.goto(server)
    page.select_option("select[name=game]", value="xiushan")
    page.wait_for_selector("select[name=preset] option[value='bofu']", state="attached")
    page.select_option("select[name=preset]", value="bofu")
    expect(page.locator("[name=rule-baoshu]")).to_have_count(1)
    names = page.eval_on_selector_all("details.rule-options [name^=rule-]",
                                      "(els) => els.map((e) => e.name.slice(5))")
    assert names.index("baoshu") < len(names) / 2, names  # 钵福's own options first


def test_a_rooms_row_says_how_many_seats_are_free(page: Page, server: str) -> None:
    """The lobby's row of a waiting room read "规则d、·、·" (a dot per empty seat): the
    seated, then 空 2 位."""
    enter(page, server, "空位")
    create_room(page, preset="lanzhou")
    page.goto(server)
    row = page.locator(".room-row").filter(has_text="空位").first
    expect(row.locator(".names")).to_have_text("空位、空 2 位")


def test_a_rooms_row_names_its_bots_as_the_table_does(page: Page, server: str) -> None:
    """The row read "Newbie, bot, bot" while the table said Bot B and Bot C (a play-test):
    it names them as the table does."""
    enter(page, server, "带机器人")
    create_room(page, preset="lanzhou")
    start_with_bots(page)
    page.goto(server)
    row = page.locator(".room-row").filter(has_text="带机器人").first
    expect(row.locator(".names")).to_have_text("带机器人、机器人乙、机器人丙")


def test_a_phone_room_names_its_preset(phone: Page, server: str) -> None:
    """A phone's room bar read "掀牛 / 花花牌 ⋯": the preset never showed. It shows the
    preset alone there (the family's name on a wider screen)."""
    enter(phone, server, "玩法名")
    create_room(phone, game="xiushan", preset="sanliufu")
    preset = phone.locator("[data-testid=room-preset]")
    expect(preset).to_have_text("三六福")
    expect(preset).to_be_in_viewport(ratio=1)
    box = preset.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390


def test_the_lobby_remembers_the_last_rooms_choices(page: Page, server: str) -> None:
    """A newcomer's play-test: back in the lobby the form started afresh (掀牛, 1 deal)
    every time. The last room's game, preset, deals and speed come back."""
    enter(page, server, "再开一桌")
    create_room(page, game="xiushan", preset="shibafu", deals=3, speed=1.6)
    page.click("text=← 大厅")
    expect(page.locator("select[name=game]")).to_have_value("xiushan")
    expect(page.locator("select[name=preset]")).to_have_value("shibafu")
    expect(page.locator("input[name=deals]")).to_have_value("3")
    expect(page.locator("select[name=bot_delay]")).to_have_value("1.6")


def _type_into(page: Page, selector: str, text: str) -> None:
    """A person's way into a number field: a click on it, its text selected, typed over
    at a human pace (no fill, no change event sent by hand)."""
    page.click(selector)
    page.keyboard.press("ControlOrMeta+A")
    page.keyboard.type(text, delay=120)


@pytest.mark.parametrize("players_first", [True, False], ids=["players-first", "deals-first"])
def test_deals_typed_after_players_stay(page: Page, server: str, players_first: bool) -> None:
    """A play-test (5 of 5): 掀牛 · 凤翔, 人数 4 typed, then 局数 2, then 开桌 — the 局数
    field went back to 1 and the room had 1 deal. The click on 局数 ended 人数's edit, and
    its change rebuilt the form at once: the 局数 field under the pointer was gone before
    the browser could focus it, so the 2 typed next went nowhere. The other way round,
    人数's change came as the pointer went down on 开桌 and the press missed it. Whatever
    the order the fields are filled in, what was typed is what the room gets."""
    enter(page, server, "先人数" if players_first else "先局数")
    page.select_option("select[name=game]", value="xianniu")
    page.wait_for_selector("select[name=preset] option[value='fengxiang']", state="attached")
    page.select_option("select[name=preset]", value="fengxiang")
    fields = [("input[name=rule-players]", "4"), ("input[name=deals]", "2")]
    for selector, text in fields if players_first else fields[::-1]:
        _type_into(page, selector, text)
        page.wait_for_timeout(300)
    expect(page.locator("input[name=deals]")).to_have_value("2")
    expect(page.locator("input[name=rule-players]")).to_have_value("4")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")
    assert page.locator(".toast.error").count() == 0
    expect(page.locator(".room-top .room-meta")).to_contain_text("2 局")
    expect(page.locator(".wait-seat")).to_have_count(4)


def test_a_finished_rooms_badge_keeps_to_one_line_on_a_phone(phone: Page, server: str,
                                                              shots: Path | None) -> None:
    """A phone's lobby showed a finished room's 已结束 as a tall pill, one character a line
    (已 / 结 / 束): the row's facts squeezed it. Each fact keeps to one line."""
    enter(phone, server, "已结束的桌子有一个很长的昵称")
    create_room(phone, preset="fengxiang")
    start_with_bots(phone)
    tuoguan_to_settlement(phone)
    phone.goto(server)
    row = phone.locator(".room-row").filter(has=phone.locator(".status.s-finished")).first
    expect(row).to_be_visible()
    row.scroll_into_view_if_needed()
    if shots is not None:
        phone.screenshot(path=str(shots / "phone-lobby-finished-row.png"))
    lines = row.locator(".room-meta > *").evaluate_all("""(els) => els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      return [el.className || el.dataset.testid || el.textContent, tops.size];
    })""")
    facts = {name: count for name, count in lines if name != "names"}
    assert facts and all(count == 1 for count in facts.values()), lines
    badge = row.locator(".status").bounding_box()
    box = row.bounding_box()
    assert badge is not None and box is not None
    assert badge["height"] < 24 and badge["width"] > badge["height"], badge
    assert badge["x"] + badge["width"] <= box["x"] + box["width"], (badge, box)


def test_the_chosen_preset_says_the_players_typed(page: Page, server: str) -> None:
    """凤翔 · 3 人 stood beside 人数 5 (a 5-player play-test): the chosen preset's line
    follows the 人数 field."""
    enter(page, server, "五个人")
    page.select_option("select[name=game]", value="xianniu")
    page.select_option("select[name=preset]", value="fengxiang")
    page.fill("input[name=rule-players]", "5")
    page.dispatch_event("input[name=rule-players]", "change")
    expect(page.locator("select[name=preset] option:checked")).to_have_text(
        "凤翔花花牌（长牌） · 5 人")


def test_a_rooms_row_says_its_stakes_its_clock_and_an_away_owner(page: Page, phone: Page,
                                                                  server: str) -> None:
    """A ×5 room with a 60 s clock read in the lobby as any other (a lobby play-test): its
    row says both; a waiting room whose owner has gone says 房主不在 (a newcomer sat down to
    wait for a start that never came)."""
    enter(page, server, "老王")
    page.select_option("select[name=turn_clock]", value="60")
    create_room(page, preset="lanzhou", fields={"multiplier": "5"})
    enter(phone, server, "小李")
    row = phone.locator(".room-row").filter(has_text="老王").first
    expect(row.locator("[data-testid=row-mult]")).to_have_text("倍数 ×5")
    expect(row.locator("[data-testid=row-clock]")).to_have_text("60 秒")
    expect(row.locator("[data-testid=row-owner-away]")).to_have_count(0)  # he is there
    page.goto(server)  # 老王 goes back to the lobby: his own row does not say it to him
    expect(row.locator("[data-testid=row-owner-away]")).to_have_text("房主不在", timeout=15000)
    mine = page.locator(".room-row").filter(has_text="老王").last
    expect(mine.locator("[data-testid=row-owner-away]")).to_have_count(0)
    # his public room is in the public list: 我的房间 does not repeat it (it lists a public
    # room of his only when the list as loaded lacks it, past its first page)
    expect(page.locator("[data-testid=my-private-rooms]")).to_have_count(0)


def test_the_public_list_filters_by_game_and_a_free_seat(page: Page, server: str) -> None:
    """A phone scrolled past some fifty rooms to find a 秀山 game to sit down at (a lobby
    play-test): the list filters by game and by a free seat."""
    enter(page, server, "过滤")
    for game, preset in [("xianniu", "lanzhou")] * 4 + [("xiushan", "shibafu")] * 2:
        create_room(page, game=game, preset=preset)  # left waiting, two seats free
        page.goto(server)
    create_room(page, game="xianniu", preset="lanzhou")
    start_with_bots(page)  # a seventh, full and playing
    page.goto(server)
    page.wait_for_selector("[data-testid=room-filter]")
    rows = page.locator(".room-list:not([data-testid=my-private-rooms]) > .room-row").filter(
        has_text="过滤")  # this module's other tests' rooms are listed too
    expect(rows).to_have_count(7)
    page.select_option("[data-testid=filter-game]", value="xiushan")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text("秀山")
    page.select_option("[data-testid=filter-game]", value="")
    page.check("[data-testid=filter-free]")
    expect(rows).to_have_count(6)  # not the full one


def test_an_answer_pause_is_offered_where_answers_are_paced(page: Page, server: str) -> None:
    """答话等待 (a person thinking past the 1 s pause showed the table that they could
    claim — two play-tests): offered for 双别杆 and 秀山, not for 掀牛, whose answers are
    not paced; the room is made with it and the lobby's row says it."""
    enter(page, server, "慢慢答")
    page.select_option("select[name=game]", value="xianniu")
    expect(page.locator("select[name=answer_pause]")).to_have_count(0)
    page.select_option("select[name=game]", value="biegan")
    pause = page.locator("select[name=answer_pause]")
    expect(pause).to_be_visible()
    expect(pause.locator("option").first).to_have_text("1 秒（默认）")
    deadline = page.locator("input[name=answer_deadline]")  # 答话限时: off unless chosen
    expect(deadline).not_to_be_checked()
    deadline.check()  # with the default 1 s pause as its deadline: 3 s, said in the field
    expect(pause).to_have_value("3")
    expect(deadline).to_be_checked()
    create_room(page, game="biegan", preset="gongan")
    # said in the room too: a friend who came by the link saw it nowhere (a play-test)
    expect(page.locator("[data-testid=room-answer]")).to_contain_text(
        "3 秒内没答就替你答「过」")
    page.click("text=← 大厅")
    expect(page.locator("[data-testid=row-pause]").first).to_have_text("答话等 3 秒")
    expect(page.locator("[data-testid=row-deadline]").first).to_have_text("限时答话")
    page.select_option("select[name=game]", value="xianniu")
    expect(page.locator("input[name=answer_deadline]")).to_have_count(0)


def test_bofu_says_a_short_match_may_pay_nothing(page: Page, server: str) -> None:
    """钵福 pays only at 得一钵: two deals ended with nobody paid and nothing had said so
    (a phone play-test); the deals field says it, for 钵福 alone."""
    enter(page, server, "一钵")
    page.select_option("select[name=game]", value="xiushan")
    page.select_option("select[name=preset]", value="bofu")
    expect(page.locator("[data-testid=deals-bo-help]")).to_contain_text("整场不结钱")
    page.select_option("select[name=preset]", value="maquefu")
    expect(page.locator("[data-testid=deals-bo-help]")).to_have_count(0)


def test_rule_options_reset_is_inside_the_panel_and_keeps_the_players(
        phone: Page, server: str) -> None:
    """恢复默认 sat in the middle of the closed 规则选项 row, and 人数 4 counted as a change
    there: a tap on the row put 人数 back to 3 unseen (a phone play-test). The row counts
    and resets only the options inside it; the button is in the open panel."""
    enter(phone, server, "恢复默认")
    phone.select_option("select[name=game]", value="xianniu")
    phone.select_option("select[name=preset]", value="fengxiang")
    phone.fill("input[name=rule-players]", "4")
    phone.dispatch_event("input[name=rule-players]", "change")
    summary = phone.locator("details.rule-options summary")
    expect(summary.locator(".badge")).to_have_count(0)  # 人数 is not inside the panel
    summary.click()
    expect(phone.locator("[data-testid=reset-rules]")).to_have_count(0)
    phone.locator("input[name=rule-gou]").fill("7")
    phone.dispatch_event("input[name=rule-gou]", "change")
    expect(summary.locator(".badge")).to_be_visible()
    expect(summary.locator("button")).to_have_count(0)  # nothing to press on the title row
    phone.click("[data-testid=reset-rules]")
    expect(phone.locator("input[name=rule-gou]")).to_have_value("6")
    expect(phone.locator("input[name=rule-players]")).to_have_value("4")
