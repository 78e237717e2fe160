"""The table's log is said in the language of the moment: switching 中文 / English
redraws every line in the other language, adds none (the last state's events were once
logged again on the table drawn anew), and switching back gives the lines as they were."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Page, expect
from web_driver import create_room, enter, start_with_bots, take_turn, wait_turn_or_end

OWN_SERVER = True  # conftest's ``server``: one of this module's own


def _lines(page: Page) -> list[str]:
    lines: list[str] = page.eval_on_selector_all(".log-list li",
                                                 "(els) => els.map((e) => e.textContent)")
    return lines


def test_switching_language_redraws_the_log_without_repeating_it(page: Page, server: str) -> None:
    enter(page, server, "记录")
    create_room(page, preset="lanzhou")
    start_with_bots(page)
    rng = random.Random(5)
    for _ in range(3):
        assert wait_turn_or_end(page) == "turn"
        take_turn(page, rng)
    assert wait_turn_or_end(page) == "turn"  # the bots wait for me: the log stands still
    chinese = _lines(page)
    assert any("扳到" in line for line in chinese), chinese
    # 兰州's coloured 5 and 9 as words, never the notation's r / b (a play-test read "扳到 9b")
    assert not any(re.search(r"[59][rb]\b", line) for line in chinese), chinese
    page.click("[data-testid=lang]")
    expect(page.locator("[data-testid=lang]")).to_have_text("中文")
    english = _lines(page)
    assert len(english) == len(chinese), (chinese, english)
    assert not any("扳到" in line for line in english), english
    assert any("drew" in line for line in english), english
    page.click("[data-testid=lang]")
    expect(page.locator("[data-testid=lang]")).to_have_text("English")
    assert _lines(page) == chinese


def test_a_run_of_equal_lines_is_one_line(page: Page, server: str) -> None:
    """紧牌's face-down discards said "机器人乙 弃了一张牌" seven times in a row (a
    screenshot of a 兰州 deal): a run of equal lines is one, with how many."""
    enter(page, server, "连着")
    page.evaluate("""async () => {
      const { renderLog } = await import("/js/tablelog.js");
      window.__renderLog = renderLog;
    }""")
    got = page.evaluate("""() => {
      const list = document.createElement("ol");
      const said = ["乙 弃", "乙 弃", "乙 弃", "丙 弃", "乙 弃"].map((t) => `${t}了一张牌`);
      const fake = { log: said.map((text) => ({ text })),
                     ctx: () => ({}), renderer: {}, data: {}, logList: list,
                     logBox: document.createElement("div") };
      window.__renderLog(fake);
      return [...list.children].map((li) => li.textContent);
    }""")
    assert got == ["乙 弃了一张牌 ×3", "丙 弃了一张牌", "乙 弃了一张牌"]


_TIPS = """async ([lang, deck]) => {
  const { setLang } = await import("/js/i18n.js");
  const { rendererFor } = await import("/js/games/registry.js");
  setLang(lang);
  const renderer = rendererFor("xianniu");
  const tips = renderer.wordTips;
  const view = { deck };
  const tip = Object.fromEntries(Object.entries(tips).map(([kind, said]) => [kind, said(view)]));
  const declined = { kind: "declined", seat: 1 };
  return { ...tip, declined: renderer.eventText(declined, { name: () => "B" }, view) };
}"""


def test_the_xianniu_words_say_what_they_do(page: Page, server: str) -> None:
    """An English play-test: 掀, 不掀, 紧牌 had no tooltip (only 提示 said anything). Each
    word says what it does, in Chinese without English words and in English."""
    enter(page, server, "提示词")
    zh, en = page.evaluate(_TIPS, ["zh", "poker"]), page.evaluate(_TIPS, ["en", "poker"])
    assert set(zh) == set(en) == {"xian", "pass", "jinpai", "discard", "declined"}
    # 扣了失掀 is 兰州's (the poker deck's): 凤翔's 不掀 was told of it too
    assert "扣了以后本局不能再掀" in zh["pass"] and "after 扣了" in en["pass"]
    fengxiang = page.evaluate(_TIPS, ["en", "huapai"])
    assert "扣了" not in fengxiang["pass"] and "扣了" not in page.evaluate(
        _TIPS, ["zh", "huapai"])["pass"]
    # the log says the button's words (it said 不掀 (pass) beside a button no 掀 (pass))
    assert fengxiang["declined"] == "B: no 掀 (pass)" and en["declined"] == "B: 扣了 (fold)"
    assert zh["xian"].startswith("掀：逼领出的人出牌") and en["xian"].startswith("掀 (xiān)")
    assert not any(re.search(r"[A-Za-z]{2,}", text) for text in zh.values()), zh


_SITTING = """async ([lang, view, me]) => {
  const { setLang } = await import("/js/i18n.js");
  const { rendererFor } = await import("/js/games/registry.js");
  setLang(lang);
  return rendererFor("xianniu").sittingOut(view, { me, name: (s) => `S${s}` });
}"""


def test_a_seat_out_of_the_deal_is_told_why(page: Page, server: str) -> None:
    """A friend sat out a whole one-deal 凤翔 match for four and nothing on the page said
    why (a play-test): a 歇家's bar says it, and whom it backs under 五家抱."""
    enter(page, server, "歇家")
    four = {"active": [0, 1, 3]}
    assert page.evaluate(_SITTING, ["zh", four, 2]).startswith("这局你歇家：每局三家打")
    assert page.evaluate(_SITTING, ["en", four, 2]).startswith("You sit out this deal")
    assert page.evaluate(_SITTING, ["zh", four, 1]) is None  # in play
    five = {"active": [0, 1, 3], "backs": [None, None, 0, None, 3]}
    assert page.evaluate(_SITTING, ["zh", five, 4]).startswith("这局你歇家，抱S3")


_LOST = """async ([game, events, lang]) => {
  const { setLang } = await import("/js/i18n.js");
  const { lostClaim } = await import("/js/tablelog.js");
  const { rendererFor } = await import("/js/games/registry.js");
  setLang(lang);
  const renderer = rendererFor(game);
  const ctx = { me: 0, name: (s) => (s === 0 ? "你" : `座${s}`) };
  const probe = { myClaim: null };
  return events.map((ev) => lostClaim(probe, ev, 0))
    .filter(Boolean).map((ev) => renderer.eventText(ev, ctx, {}));
}"""


def test_a_claim_another_seat_beat_is_said(page: Page, server: str) -> None:
    """Two seats pressed 对 on one discard: the loser's log read 你 答：对, then 乙 对 化化化,
    with nothing saying its claim did not stand (a claim-race play-test). Now it does; a
    claim that won, a 过, or a card that nobody took says nothing more."""
    enter(page, server, "抢牌")
    lost = [{"kind": "answered", "seat": 0, "answer": "对"},
            {"kind": "claimed", "seat": 1, "claim": "对", "cards": "化化化"}]
    rule = "（要法大的先得，一样大的按座次）"  # with the rule that decided
    assert page.evaluate(_LOST, ["biegan", lost, "zh"]) == [f"你的「对」没成：这张归了 座1{rule}"]
    assert page.evaluate(_LOST, ["biegan", lost, "en"]) == [
        "your 对 did not stand: 座1 took the card (the bigger claim first; between equal "
        "ones, seat order)"]
    beaten = [{"kind": "answered", "seat": 0, "answer": "碰"},
              {"kind": "won", "seat": 2, "from_seat": 1, "card": "三"}]
    assert page.evaluate(_LOST, ["xiushan", beaten, "zh"]) == [
        f"你的「碰」没成：这张归了 座2{rule}"]
    for quiet in ([{"kind": "answered", "seat": 0, "answer": "对"},
                   {"kind": "claimed", "seat": 0, "claim": "对", "cards": "化化化"}],
                  [{"kind": "answered", "seat": 0, "answer": "过"},
                   {"kind": "claimed", "seat": 1, "claim": "对", "cards": "化化化"}],
                  [{"kind": "answered", "seat": 0, "answer": "对"},
                   {"kind": "drew", "seat": 1, "card": None},
                   {"kind": "claimed", "seat": 1, "claim": "对", "cards": "化化化"}]):
        assert page.evaluate(_LOST, ["biegan", quiet, "zh"]) == [], quiet
