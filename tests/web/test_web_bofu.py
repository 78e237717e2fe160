"""钵福 in the browser (the 秀山 renderer with the abacus module, games/abacus.js): a room
in the 报数 training mode (a rule option of the room) with bots, every decision of mine
made by clicks; my first 报子 is deliberately wrong and the page shows 吃包子 with my
算盘 drawn as beads at −20 (戴帽子), every seat's abacus drawn without its number; the
later announcements are read off the prompt and right; the match runs deal after deal
until someone 得一钵."""

from __future__ import annotations

import random
import re
from pathlib import Path

from playwright.sync_api import Page, expect
from test_web_biegan import ServerErrors
from test_web_xiushan import xiushan_turn
from web_driver import enter, press_word, shot, start_with_bots, wait_turn_or_end, word_kinds

from huapai.games.xiushan.abacus import announce_value
from huapai.games.xiushan.bo_play import BAO0, NO_BAO
from huapai.games.xiushan.cards import parse_card, rank
from huapai.games.xiushan.groups import Kind

OWN_SERVER = True  # conftest's ``server``: one of this module's own


_PROMPT = re.compile(r"你的(碰|哨|开召|鸡|龙灯) (\S)\S*?(?:（将 (\S)\S）)?是几个钱")


def _right_value(prompt: str) -> int:
    """What a learner who knows the table says, read off the page's 报子 question."""
    found = _PROMPT.search(prompt)
    assert found, prompt
    kind, card, jiang = found.groups()
    return announce_value(Kind(kind), parse_card(card), None if jiang is None
                          else rank(parse_card(jiang)))


def _open_training_room(page: Page, deals: int) -> None:
    page.select_option("select[name=game]", value="xiushan")
    page.wait_for_selector("select[name=preset] option[value='bofu']", state="attached")
    page.select_option("select[name=preset]", value="bofu")
    page.fill("input[name=deals]", str(deals))
    page.dispatch_event("input[name=deals]", "change")
    page.select_option("select[name=bot_delay]", value="0")
    page.click(".rule-options summary")
    page.select_option("select[name=rule-baoshu]", value="train")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")


def test_a_bo_of_bofu_by_clicks_with_a_wrong_announcement(page: Page, server: str,
                                                          shots: Path | None) -> None:
    errors = ServerErrors(page)
    enter(page, server, "钵福")
    _open_training_room(page, deals=64)
    start_with_bots(page)
    rng = random.Random(5)
    wrong_made = right_made = deals_seen = 0
    for _ in range(3000):
        if wait_turn_or_end(page, timeout=30000) == "end":
            deals_seen += 1
            settlement = page.locator("[data-testid=settlement]")
            if settlement.locator("ul.payments li").count():
                break  # 得一钵: the only deal that pays
            page.wait_for_function("() => !document.querySelector('[data-testid=settlement]')",
                                   timeout=30000)
            continue
        kinds = dict(word_kinds(page))
        if NO_BAO in kinds:  # 报子: every number is offered, the right one not singled out
            assert all(BAO0 + n in kinds for n in range(31))
            # … and no 提示 to say it (one tap emptied the practice: a phone play-test)
            expect(page.locator("[data-testid=hint]")).to_have_count(0)
            # the picker's button confirms, not repeats, the number picked (报 0 | 报 0)
            expect(page.locator("[data-testid=word-pick-go]")).to_have_text("确定")
            # nothing picked yet: a hurried 确定 said 报 0 and cost a 吃包子 (a play-test)
            expect(page.locator("[data-testid=word-pick-go]")).to_be_disabled()
            expect(page.locator("[data-testid=word-pick] select")).to_have_value("")
            if not wrong_made:
                press_word(page, BAO0)  # 0 钱 is never right
                wrong_made += 1
                mine = page.locator("[data-testid=abacus][data-seat='0']")
                expect(mine).to_have_attribute("data-negative", "1")
                expect(mine).to_contain_text("戴帽子")
                expect(mine.locator("svg.abacus")).to_have_attribute("data-rods", "00 00 02 00")
                expect(page.locator(".log-box")).to_contain_text("吃包子")
                # said over my seat at once, with what it was, not only in the log
                expect(page.locator("[data-testid=seat-0] .bubble")).to_contain_text(
                    re.compile(r"吃包子！应报 \d+"))
                shot(page, shots, "bofu-baozi")
            else:
                prompt = page.locator("[data-testid=prompt]").inner_text()
                press_word(page, BAO0 + _right_value(prompt))
                right_made += 1
            continue
        xiushan_turn(page, rng)
    else:
        raise AssertionError("the 钵 did not end in 3000 decisions")
    assert wrong_made == 1 and deals_seen >= 1
    expect(page.locator("[data-testid=abacus-number]")).to_have_count(0)  # training: beads only
    # the 钵 just taken, as it ended — not the next one at 0 (第 2 钵 after a one-钵 match)
    expect(page.locator("[data-testid=bo]")).to_contain_text(re.compile(r"第 1 钵 · .+和牌得一钵"))
    expect(page.locator("[data-testid=abacus] .ab-mark.gold")).to_have_text(["得一钵"])
    settlement = page.locator("[data-testid=settlement]")
    expect(settlement.locator("[data-testid=items]")).to_contain_text("得一钵")
    assert "个钱" in settlement.inner_text()
    cells = settlement.locator("[data-testid=abacus-cell]")  # each 算盘 beside the money
    expect(cells).to_have_count(3)
    texts = cells.all_inner_texts()  # "49 钱" over this deal's change ("本局 +21")
    assert all(t.splitlines()[0].endswith(" 钱") for t in texts), texts
    assert all(re.fullmatch(r"本局 ([+-]\d+|0)", t.splitlines()[-1]) for t in texts), texts
    assert errors.seen == [], errors.seen


_LINES = """async () => {
  const { boEventText } = await import("/js/games/abacus.js");
  const ev = (said, before, after) => ({ kind: "announced", group: "开召", card: "五", said,
                                         correct: said, outcome: "announce", before, after });
  return [boEventText(ev(12, 16, 22), "乙"), boEventText(ev(6, 0, 6), "乙")];
}"""


def test_a_grown_group_says_what_was_on_the_abacus_already(page: Page, server: str) -> None:
    """开召 over an earlier 哨 adds only the difference: the log line says how much of the
    12 was already on ("先前已上 6"), so 报 12 beside the abacus's +6 reads right."""
    enter(page, server, "报子")
    grown, fresh = page.evaluate(_LINES)
    assert grown == "乙 报 12 个钱（开召 五，先前已上 6）"
    assert fresh == "乙 报 6 个钱（开召 五）"



_MARKS = """async (wins) => {
  const { setLang } = await import("/js/i18n.js");
  const { abacusFor } = await import("/js/games/abacus.js");
  setLang("en");
  const view = { bo: { training: false, seats: [{ abacus: 30, wins, hat: false, baozi: 0 }] } };
  return [...abacusFor(view, 0).querySelectorAll(".ab-mark")].map((m) => m.textContent);
}"""


def test_the_abacus_counts_one_win_in_english(page: Page, server: str) -> None:
    """Beside a seat's 算盘: "1 win", "2 wins" — it said "1 win(s)"."""
    enter(page, server, "one win")
    assert page.evaluate(_MARKS, 1) == ["1 win"]
    assert page.evaluate(_MARKS, 2) == ["2 wins"]


_WIN_LINES = """async (lang) => {
  const { setLang } = await import("/js/i18n.js");
  const { boEventText } = await import("/js/games/abacus.js");
  setLang(lang);
  const ev = (before, after, earlier) => ({ kind: "abacus_win", seat: 1, value: 48, before,
                                            after, debo: false, earlier });
  return [boEventText(ev(34, 58, 24), "乙"), boEventText(ev(34, 82, 0), "乙")];
}"""


def test_the_win_line_says_what_was_on_the_abacus_already(page: Page, server: str) -> None:
    """A win of 48 after 24 announced this deal adds 24 (bo_win_add net): the log line says
    so ("和牌上算盘 48：34 → 58" did not add up), from the event's ``earlier``."""
    enter(page, server, "和牌")
    assert page.evaluate(_WIN_LINES, "zh") == ["乙 和牌 48（先前已上 24），上算盘：34 → 58",
                                               "乙 和牌 48，上算盘：34 → 82"]
    assert page.evaluate(_WIN_LINES, "en")[0] == (
        "乙's win goes on the abacus (48, 24 of it already on from before): 34 → 58")


_WAITS = """async (lang) => {
  const { setLang } = await import("/js/i18n.js");
  const { rendererFor } = await import("/js/games/registry.js");
  setLang(lang);
  const refused = { code: "target", win: 2, max_wins: 2, target: 100, reaches: 88 };
  const wait = (card, r) => ({ card, score: 69, youzi: 23, score_self_drawn: 69,
                               youzi_self_drawn: 23, remaining: 2, refused: r,
                               refused_self_drawn: r });
  const view = { my_waits: [wait("柒", refused), wait("捌", null)], num_seats: 3,
                 bo: { training: false, seats: [0, 1, 2].map(() => ({ abacus: 42, wins: 1,
                                                                      hat: false, baozi: 0 })) } };
  const [row] = rendererFor("xiushan").seatExtras(view, 0, { me: 0 });
  const notes = (w) => [...w.querySelectorAll(".xs-wait-note")].map((n) => n.textContent);
  return [...row.querySelectorAll(".xs-wait")].map((w) => [w.dataset.card, notes(w), w.title]);
}"""


def test_a_wait_the_bo_refuses_says_why(page: Page, server: str) -> None:
    """A second win must bring the abacus to 100 (seed 004 §四): a wait short of it says
    so under its card and in its title, in 钱 (not 豆), in each language."""
    enter(page, server, "听")
    refused, free = page.evaluate(_WAITS, "zh")
    assert refused == ["柒", ["69钱·剩2", "还不能和：第二回和须满 100，这回只到 88"],
                       "柒：69 钱，还剩 2 张，还不能和：第二回和须满 100，这回只到 88"]
    assert free == ["捌", ["69钱·剩2"], "捌：69 钱，还剩 2 张"]
    # in the 报数 training the abacus is read from its beads: no number of what it reaches
    assert page.evaluate("""async () => {
      const { refusalText } = await import("/js/games/abacus.js");
      return refusalText({ code: "target", win: 2, max_wins: 2, target: 100, reaches: 88 }, true);
    }""") == "还不能和：第二回和须满 100"
    # the reason wraps under its card in red, from the stylesheet (not an inline style)
    look = page.evaluate("""async () => {
      const { rendererFor } = await import("/js/games/registry.js");
      const refused = { code: "max_wins", win: 3, max_wins: 2, target: 100, reaches: 120 };
      const view = { my_waits: [{ card: "柒", score: 69, youzi: 23, remaining: 2,
                                  refused, refused_self_drawn: refused }], num_seats: 3,
                     bo: { training: false, seats: [0, 1, 2].map(() => ({ abacus: 0, wins: 2,
                                                                       hat: false, baozi: 0 })) } };
      const [row] = rendererFor("xiushan").seatExtras(view, 0, { me: 0 });
      const felt = document.createElement("div");
      felt.dataset.game = "xiushan";
      felt.append(row);
      document.body.append(felt);
      const note = row.querySelector("[data-testid=wait-refused]");
      const css = getComputedStyle(note);
      const out = [note.getAttribute("style"), css.color, css.whiteSpace];
      felt.remove();
      return out;
    }""")
    assert look == [None, "rgb(255, 138, 128)", "normal"], look
    refused_en = page.evaluate(_WAITS, "en")[0]
    assert refused_en[2] == ("柒: 69 钱, 2 left, cannot win yet: win 2 must reach 100, "
                             "this one reaches 88")
