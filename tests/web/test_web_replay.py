"""Watching a finished game in the browser: step by step from a seat or with every hand
open, the settlement at the end, the shuffle check and the record download."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Page, expect
from web_driver import create_room, enter, shot, start_with_bots, tuoguan_on, tuoguan_to_settlement


def test_watch_a_replay(page: Page, server: str, shots: Path | None) -> None:
    enter(page, server, "三叔")
    create_room(page, preset="fengxiang")
    start_with_bots(page)
    tuoguan_to_settlement(page, timeout=30000)  # the house bot plays my seat: the deal runs out
    # the browser itself hashed the revealed seed against the commitment it saw at the start
    expect(page.locator("[data-testid=settlement] [data-testid=seed-check]")).to_have_attribute(
        "data-result", "ok")
    page.click("[data-testid=replay]")
    # (the replay's own step line: [data-testid=replay] is the settlement's link too)
    expect(page.locator("[data-testid=step]")).to_be_visible()
    step = page.locator("[data-testid=step]")
    expect(step).to_contain_text("已走 0 /")
    # my seat's view: my hand at the bottom, nobody else's; my seat called 你, as at the
    # table (it said my nickname)
    expect(page.locator(".hand-card")).to_have_count(16)
    expect(page.locator("[data-testid=seat-0] .plate-name")).to_have_text("你")
    expect(page.locator(".open-hand")).to_have_count(0)
    page.click("[data-testid=next]")
    expect(step).to_contain_text("已走 1 /")
    page.click("[data-testid=next]")
    expect(step).to_contain_text("已走 2 /")
    page.click("[data-testid=prev]")
    expect(step).to_contain_text("已走 1 /")
    shot(page, shots, "replay-seat")
    _a_won_trick_is_the_last_one(page)
    page.click("[data-viewer=all]")
    expect(page.locator(".open-hand")).to_have_count(3)
    expect(page.locator(".hand-card")).to_have_count(0)
    # another view stays on the step (it went back to 第 0 步), and so does a reload
    expect(step).to_contain_text("已走 1 /")
    page.reload()
    expect(page.locator("[data-testid=step]")).to_contain_text("已走 1 /")
    expect(page.locator(".open-hand")).to_have_count(3)
    page.click("[data-testid=last]")
    expect(page.locator(".replay-side [data-testid=settlement]")).to_be_visible()
    # the log is numbered by step, as the slider counts (已走 N 手) and the 复盘分析 names a
    # move (第 N 手): a step's first line has its number, the lines after it none
    total = int(re.findall(r"\d+", step.inner_text())[-1])
    numbers = page.locator(".log-list li[data-step]").evaluate_all(
        "els => els.map((e) => [Number(e.dataset.step), e.value])")
    assert numbers and all(n == value for n, value in numbers), numbers
    steps = [n for n, _ in numbers]  # every step, one that no event says too (a 过)
    assert steps == list(range(1, total + 1)), (steps, total)
    # the last step says the move, what followed it and the deal's points (a screen reader
    # heard only the move: a play-test)
    expect(page.locator(".step-what")).to_contain_text(re.compile(r"；本局得分：你 [+−-]?\d+，"))
    badge = page.locator("[data-testid=verified]")
    expect(badge).to_contain_text("✓")
    expect(page.locator(".verify [data-testid=seed-check]")).to_have_attribute("data-result", "ok")
    game_id = page.url.split("/replay/")[1].split("?")[0]
    raw = page.request.get(f"{server}/api/verify/{game_id}").text()
    seed = re.search(r'"seed":(\d+)', raw)
    assert seed is not None and json.loads(raw)["ok"] is True
    title = badge.get_attribute("title") or ""
    assert seed.group(1) in title and "undefined" not in title  # all 63-bit digits, exact
    shot(page, shots, "replay-all")
    with page.expect_download() as info:
        page.click("[data-testid=download]")
    record = Path(info.value.path()).read_text(encoding="utf-8")
    lines = [json.loads(line) for line in record.splitlines() if line.strip()]
    assert lines[0]["game"] == "xianniu"
    assert lines[0]["commitment"]
    page.click("text=← 大厅")
    expect(page.locator("[data-testid=replay-link]").first).to_be_visible()


def _a_won_trick_is_the_last_one(page: Page) -> None:
    """A trick won stays in the middle until the next lead, said to be the last one (its
    过 under a seat asked 掀不掀 was read as that seat's answer: a review play-test)."""
    caption = page.locator("[data-testid=last-trick]")
    for _ in range(60):
        if caption.count():
            break
        page.click("[data-testid=next]")
    expect(caption).to_have_text("上一轮")
    expect(page.locator(".trick .won-mark")).to_have_count(1)
    page.click("[data-testid=first]")
    page.click("[data-testid=next]")  # back where the test stood


def test_a_shared_replay_opens_without_a_nickname(page: Page, phone: Page, server: str) -> None:
    """A friend who has never been here opens the link and sees the game at once; the
    nickname is asked for only when they go on to the lobby."""
    enter(page, server, "四姐")
    create_room(page, preset="lanzhou")
    start_with_bots(page)
    tuoguan_to_settlement(page, timeout=30000)
    page.click("[data-testid=replay]")
    share = page.locator("[data-testid=share-replay]")
    expect(share).to_have_attribute("title", re.compile("每家的手牌都看得到"))
    share.click()  # what the link shows is said: a play-tester's friend never agreed
    expect(page.locator(".share-box")).to_contain_text("每家的手牌都看得到（全部明牌）")
    link = page.locator("[data-testid=share-link]").input_value()
    assert "share=" in link
    phone.goto(link)
    expect(phone.locator("[data-testid=step]")).to_contain_text("已走 0 /")
    expect(phone.locator("input[name=nickname]")).to_have_count(0)
    expect(phone.locator("[data-testid=share-replay]")).to_have_count(0)
    phone.click("[data-testid=last]")
    expect(phone.locator(".replay-side [data-testid=settlement]")).to_be_attached()
    expect(phone.locator("[data-testid=sign-in]")).to_have_text("起个昵称")
    phone.click("text=← 大厅")
    phone.fill("input[name=nickname]", "表弟")
    phone.click(".nick-form button[type=submit]")
    expect(phone.locator("[data-testid=create]")).to_be_visible()
    expect(phone.locator("[data-testid=nickname]")).to_have_text("表弟")


def test_a_matchs_replay_picks_any_of_its_deals(page: Page, server: str) -> None:
    """回放 after a match opens its last deal; the title picks the others (a player found
    no way to the earlier deals)."""
    enter(page, server, "五哥")
    create_room(page, preset="lanzhou", deals=2)
    start_with_bots(page)
    tuoguan_on(page)
    expect(page.locator("[data-testid=again]")).to_be_visible(timeout=90000)  # the match is over
    page.click("[data-testid=replay]")
    pick = page.locator("[data-testid=deal-pick]")
    expect(pick.locator("option")).to_have_text(["第 1 局", "第 2 局"])
    last = page.url
    assert pick.locator("option:checked").inner_text() == "第 2 局"
    pick.select_option(label="第 1 局")
    expect(page).not_to_have_url(last)
    expect(page.locator("[data-testid=step]")).to_contain_text("已走 0 /")
    expect(page.locator("[data-testid=deal-pick] option:checked")).to_have_text("第 1 局")
    assert "seat=0" in page.url  # the same seat's view


_STEP_TEXT = """async ([game, steps, lang]) => {
  const { setLang } = await import("/js/i18n.js");
  const { ReplayPage } = await import("/js/replay.js");
  const { rendererFor } = await import("/js/games/registry.js");
  setLang(lang);
  const page = { renderer: rendererFor(game), name: (s) => ["你", "乙", "丙"][s],
                 data: { steps, settlement: { deltas: [2, -1, -1] } }, last: steps.length - 1,
                 moveLine: ReplayPage.prototype.moveLine };
  return steps.map((step) => ReplayPage.prototype.stepText.call(page, step));
}"""


def test_a_steps_text_says_the_move_once_and_what_followed(page: Page, server: str) -> None:
    """A claim answered and then made is said once, as made (测试员：招；测试员 招 四四四四
    said it twice); a win by its own line (胡！26 胡, where 你：胡 said no count); the
    last step adds the deal's points (a replay play-test)."""
    enter(page, server, "步骤")
    claim = {"seat": 1, "label": {"zh": "招", "en": "招 (zhao)"}, "action": 3, "view": {},
             "events": [{"kind": "answered", "seat": 1, "answer": "招"},
                        {"kind": "claimed", "seat": 1, "claim": "招", "cards": "四四四四"}]}
    passed = {"seat": 2, "label": {"zh": "过", "en": "pass"}, "action": 0, "view": {},
              "events": [{"kind": "answered", "seat": 2, "answer": "过"},
                         {"kind": "drew", "seat": 0}]}
    won = {"seat": 0, "label": {"zh": "胡", "en": "胡 (hu)"}, "action": 1, "view": {},
           "events": [{"kind": "won", "seat": 0, "hu": 26},
                      {"kind": "deal_ended", "reason": "hu"}]}
    said = page.evaluate(_STEP_TEXT, ["biegan", [claim, passed, won], "zh"])
    assert said == ["乙 招 四四四四", "丙：过；你 摸了一张",
                    "你 胡！26 胡；胡牌；本局得分：你 +2，乙 -1，丙 -1"], said


_MOVE_LINE = """async ([game, steps]) => {
  const { setLang } = await import("/js/i18n.js");
  const { ReplayPage } = await import("/js/replay.js");
  const { rendererFor } = await import("/js/games/registry.js");
  setLang("zh");
  const page = { renderer: rendererFor(game), name: (s) => ["你", "乙", "丙"][s] };
  return steps.map((step) => ReplayPage.prototype.moveLine.call(page, step));
}"""


def test_a_move_line_keeps_its_stand_ins_mark(page: Page, server: str) -> None:
    """A move said by its own line is marked by the mover's first event, or by the step's
    actor where another seat's event came first (it carries no mark for this move: the
    line read 丙：过 with 托管's and 答话限时's marks lost)."""
    enter(page, server, "标记")
    drew = {"kind": "drew", "seat": 0}
    step = {"seat": 2, "label": {"zh": "过", "en": "pass"}, "action": 0, "view": {}}
    steps = [{**step, "actor": "tuoguan", "events": [drew]},
             {**step, "actor": "deadline", "events": [drew]},
             {**step, "actor": "player", "events": [drew]},
             {**step, "actor": "tuoguan",
              "events": [{"kind": "answered", "seat": 2, "answer": "过", "tuoguan": True}]},
             {**step, "actor": "player", "events": []}]
    said = page.evaluate(_MOVE_LINE, ["biegan", steps])
    assert said == ["丙：过（托管）", "丙：过（限时代答）", "丙：过",
                    "丙：过（托管）", "丙：过"], said


def test_every_step_of_a_biegan_replay_has_its_numbered_line(page: Page, server: str) -> None:
    """A 过 on a discard is said by no event: the log went 4, 6 past it while the 复盘分析
    reviewed it as 第 5 手 (a club's play-test); each step has its line, numbered."""
    enter(page, server, "记录")
    create_room(page, game="biegan", preset="gongan")
    start_with_bots(page)
    tuoguan_to_settlement(page, timeout=90000)
    page.click("[data-testid=replay]")
    expect(page.locator("[data-testid=step]")).to_be_visible()
    page.click("[data-testid=last]")
    total = int(re.findall(r"\d+", page.locator("[data-testid=step]").inner_text())[-1])
    steps = page.locator(".log-list li[data-step]").evaluate_all(
        "els => els.map((e) => Number(e.dataset.step))")
    assert steps == list(range(1, total + 1)), (steps, total)
    # …and a step's numbered line is its mover's move: a 过 with the next seat's draw in
    # the same step was said only as the draw, 托管's mark lost with the 过 (a play-test)
    movers = page.evaluate("""async () => {
      const id = location.hash.split('/replay/')[1].split('?')[0];
      const token = localStorage.getItem('huapai.token');
      const r = await fetch(`/api/replays/${id}?seat=0`,
                            { headers: { Authorization: `Bearer ${token}` } });
      return (await r.json()).steps.map((s) => s.seat); }""")
    names = {seat: page.locator(f".seat[data-seat='{seat}'] .plate-name").inner_text()
             for seat in set(movers)}
    firsts = page.locator(".log-list li[data-step]").all_inner_texts()
    wrong = [(i + 1, text) for i, (seat, text) in enumerate(zip(movers, firsts, strict=True))
             if names[seat] not in text]
    assert not wrong, wrong
