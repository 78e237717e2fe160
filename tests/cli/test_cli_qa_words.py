"""QA's play-test: English mode's brackets and titles, the drill's end of input, log
noise, error noise and wording (each test names what was seen)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cli_helpers import assert_clean, invoke
from rich.console import Console

from huapai.cli_support.drill import run_drill
from huapai.cli_support.i18n import Lang
from huapai.cli_support.play import HumanMatch
from huapai.cli_support.render import RenderContext, renderer_for
from huapai.cli_support.setup import load_table, make_bots
from huapai.core.registry import get_game
from huapai.core.session import Deal
from huapai.games.biegan.cards import parse_cards
from huapai.games.biegan.turn import build_deal
from huapai.games.xianniu.events import Discarded, Played, Xianed

_BOFU_HAND = "壹贰叁贰柒拾一二三二七十肆肆伍伍陆陆玖玖玖"


def _win_text(lang: Lang, mingtang: list[dict[str, Any]]) -> str:
    """The 钵福 win line as the table shows it (seat 2 won on the viewer's discard)."""
    game = get_game("xiushan")
    rules = game.rules("bofu")
    win = {"seat": 2, "from_seat": 0, "card": "玖", "youzi": 21, "dou": 0, "fan": 1,
           "mingtang": mingtang, "value": 21, "groups": []}
    out = Console(width=200, record=True, force_terminal=False)
    renderer: Any = renderer_for(game)
    out.print(renderer._win(win, RenderContext(game, rules, lang, me=0)))
    return out.export_text()


def test_the_bofu_win_line_uses_the_languages_brackets() -> None:
    """``seat 2 won (on your discard) 21 油子 × 1 翻（no 名堂）= 21``: full-width brackets
    and 、 in English. English takes (…) and commas, Chinese keeps （…）and 、."""
    assert "21 油子 × 1 翻 (no 名堂) = 21" in _win_text("en", [])
    assert "21 油子 × 1 翻（无名堂）= 21" in _win_text("zh", [])
    named = [{"name": "飘福"}, {"name": "海底"}]
    assert "翻 (飘福, 海底) = 21" in _win_text("en", named)
    assert "翻（飘福、海底）" in _win_text("zh", named)
    assert "（" not in _win_text("en", named) and "、" not in _win_text("en", named)


def test_the_score_titles_name_the_family_as_play_does() -> None:
    """``score xiushan`` / ``score bofu`` in English were titled ``秀山字牌 score``; play
    says ``Xiushan zipai (秀山字牌)``."""
    for args in (["score", "xiushan", "壹贰叁贰柒拾一二三二七十伍陆柒四五六", "-m", "哨:捌捌捌"],
                 ["score", "bofu", _BOFU_HAND, "--win", "玖"]):
        en = invoke([*args, "--lang", "en"])
        assert_clean(en, 0)
        assert en.output.startswith("Xiushan zipai (秀山字牌) score"), en.output
        zh = invoke(args)
        assert_clean(zh, 0)
        assert zh.output.startswith("秀山字牌算分"), zh.output


def test_a_number_past_the_list_in_a_game_of_hanzi_cards_is_only_that() -> None:
    """单别杆 ``19`` said ``没有编号 19（可选 1–18），当作牌也看不懂：打：第 1 个字 '1' 不是牌…``
    and 麻雀福 ``12`` "…看不懂动作 '12'：可以是 过 胡 碰", though the help says a bare number
    is a list number only: just ``没有编号 N（可选 1–M）`` now."""
    for game, preset in (("biegan", "danbiegan"), ("xiushan", "maquefu")):
        for lang, said in (("zh", "没有编号 99（可选 1–"),
                           ("en", "there is no number 99 (choose 1–")):
            result = invoke(["play", game, "-p", preset, "--seed", "1", "--deals", "1",
                             "--lang", lang], "99\nq\nq\n")
            assert_clean(result, 0)
            line = next(x for x in result.output.splitlines() if said in x)
            assert line.rstrip().endswith(("）", ")")) and "牌" not in line.partition("）")[2], line
            assert "cards" not in line and "当作牌" not in line, line


def _log(lang: Lang, events: list[Any], width: int = 100) -> list[str]:
    """The lines ``play`` prints for ``events`` (seat 0's screen), held ones said."""
    table = load_table("xianniu", "lanzhou", None, ())
    out = Console(width=width, record=True, force_terminal=False)
    match = HumanMatch(table, 0, {1: "heuristic", 2: "heuristic"}, {}, 1, 1, lang, out,
                       lambda prompt: "q")
    match._show_events(events)
    match._flush()
    return out.export_text().splitlines()


def test_a_run_of_face_down_discards_is_one_log_line() -> None:
    """紧牌 printed ``seat 1 discards a card face down`` 14 times in a row (座位1 扣弃一张牌
    9 times); a run of one seat's is one line now, and another seat's or another event
    starts a new line. The viewer's own discards show their cards, one a line."""
    events = [*[Discarded(1, "K")] * 9, *[Discarded(2, "3")] * 2, Discarded(0, "5r"),
              Discarded(0, "6"), Discarded(1, "2")]
    assert _log("zh", events) == ["  座位1 扣弃 9 张牌", "  座位2 扣弃 2 张牌", "  你 弃 红5",
                                  "  你 弃 6", "  座位1 扣弃一张牌"]
    assert _log("en", events[:11]) == ["  seat 1 discards 9 cards face down",
                                       "  seat 2 discards 2 cards face down"]


def test_only_a_foldable_event_waits_for_its_run() -> None:
    """Holding every event for a possible run kept each batch's last line back until the
    next print — through a search bot's whole wait; only face-down discards wait now."""
    table = load_table("xianniu", "lanzhou", None, ())
    out = Console(width=100, record=True, force_terminal=False)
    match = HumanMatch(table, 0, {1: "heuristic", 2: "heuristic"}, {}, 1, 1, "en", out,
                       lambda prompt: "q")
    match._show_events([Played(1, "K K", "对子", True), Xianed(2, 1)])
    assert out.export_text().splitlines() == ["  seat 1 leads K K (对子)",
                                              "  seat 2 掀: seat 1 must lead"]
    match._show_events([Discarded(1, "K"), Discarded(1, "K")])
    assert out.export_text() == ""  # a run of face-down discards may go on
    with match._waiting([1]):  # a bot's wait says what is held first
        assert out.export_text().splitlines() == ["  seat 1 discards 2 cards face down"]


def test_the_drill_ends_on_a_new_line_at_the_end_of_input() -> None:
    """``huapai drill``, Ctrl-D at the prompt: the summary was printed on the prompt's line
    (``[2/2] 龙灯 陆陆陆陆（将：壹） > 0 of 1 right, abacus -20 钱``); it starts a line now."""
    for lang in ("zh", "en"):
        out = Console(width=100, record=True, force_terminal=False)

        def ask(prompt: str, out: Console = out) -> str:
            out.print(prompt, end="")  # as console.input shows it, then Ctrl-D
            raise EOFError

        assert run_drill(out, lang, 1, 2, ask) == 0
        last = out.export_text().splitlines()[-2:]
        assert last[0].rstrip().endswith(">"), last
        assert last[1].startswith(("答对", "0 of")), last


def test_a_valid_record_is_said_in_plain_english(tmp_path: Path) -> None:
    """English replay ended ``record is valid: deals 1, actions 38``: it reads ``1 deal, 38
    actions`` now (a singular for one)."""
    out = tmp_path / "one.jsonl"
    played = invoke(["play", "xianniu", "--seed", "5", "--deals", "1", "--bots", "random",
                     "--record", str(out)], "q\nq\n")
    assert_clean(played, 0)
    replayed = invoke(["replay", str(out), "--lang", "en"])
    assert_clean(replayed, 0)
    said = r"record is valid: 1 deal, (1 action|\d+ actions), every one legal"
    assert re.search(said, replayed.output), replayed.output


def test_the_waits_calculator_asks_for_a_hand_one_card_short() -> None:
    """``waits xiushan --help`` said the hand includes the winning card (score's text)."""
    said = invoke(["waits", "xiushan", "--help"], "")
    assert_clean(said, 0)
    flat = re.sub(r"[\s│]+", "", said.output)
    assert "差一张就能和的那手" in flat and "和的那张进了手也写上" not in flat


def test_too_many_of_a_card_names_it_apart() -> None:
    """``手牌和落地的组中玖 有 5 张`` read oddly: the card is set apart now."""
    said = invoke(["score", "xiushan", "玖玖玖玖玖壹贰叁肆伍陆柒捌拾"], "")
    assert "「玖」有 5 张，一副牌只有 4 张" in said.output, said.output


def test_a_log_line_wrapped_keeps_its_indent() -> None:
    """At 24 columns a played line wraps: every part is indented (the terminal's own wrap
    put the rest at the left edge)."""
    played = Played(1, "5b 5b 5r 3 3 3 3", "喜包亮", lead=True)
    for lang in ("zh", "en"):
        lines = [line.rstrip() for line in _log(lang, [played], width=24)]
        assert len(lines) > 1 and all(line.startswith("  ") and line.strip() for line in lines)


def _prompts(terminal: bool) -> list[str]:
    """The prompts a two-deal 双别杆 match asks (option 1 at each turn, Enter between)."""
    table = load_table("biegan", "gongan", None, ())
    asked: list[str] = []

    def reader(prompt: str) -> str:
        asked.append(prompt)
        return "" if prompt.startswith("press Enter") else "1"
    out = Console(width=100, record=True, force_terminal=terminal)
    bots = {1: "heuristic", 2: "heuristic"}
    match = HumanMatch(table, 0, bots, make_bots(table, bots, 3), 3, 2, "en", out, reader)
    assert match.run() == 0
    return asked


def test_the_settlement_stays_until_enter_in_a_terminal() -> None:
    """The next deal's table pushed the settlement off a 30-row terminal at once (a
    play-tester scrolled back for it): between deals a terminal asks for Enter; piped
    input is not asked (no line of it is taken), and after the last deal nothing is."""
    asked = _prompts(terminal=True)
    between = [i for i, p in enumerate(asked) if p.startswith("press Enter")]
    assert [asked[i] for i in between] == [
        "press Enter for deal 2 of 2 (settlement: see it again, q leaves)> "]
    assert 0 < between[0] < len(asked) - 1
    assert not any(p.startswith("press Enter") for p in _prompts(terminal=False))



def test_the_choices_come_last_by_the_prompt() -> None:
    """At 60 columns the waits under the choices pushed the table, the hand and the top of
    the list off a 30-row screen: the waits come before ``▶ your turn`` and its list now,
    right above the prompt."""
    table = load_table("biegan", "gongan", None, ())
    game, rules = table.game, table.rules
    waiting = parse_cards("三三三上大人可知礼人人人知知知孔乙己八九子十十十二")  # waits on 二
    deal = Deal.start(game, rules, deal=build_deal(rules, [(), waiting, ()], seed=1))
    out = Console(width=60, record=True, force_terminal=False)
    match = HumanMatch(table, 1, {0: "heuristic", 2: "heuristic"}, {}, 1, 1, "en", out,
                       lambda prompt: "q")
    match._show_decision(deal, ["pass (过)", "紮 (zha) 三"])
    lines = out.export_text().splitlines()
    waits = next(i for i, line in enumerate(lines) if line.startswith("waits: "))
    turn = lines.index("▶ your turn")
    assert waits < turn and lines[-1].lstrip().startswith("1 pass"), lines


def _matches(tmp_path: Path, terminal: bool, again: list[str]) -> tuple[list[str], str]:
    """One-deal 掀牛 matches: every choice the first listed, each 再来一场？ answered
    from ``again``; the prompts asked and the screen."""
    from huapai.cli_support.play import run_play

    table = load_table("xianniu", "lanzhou", None, ())
    asked: list[str] = []

    def reader(prompt: str) -> str:
        asked.append(prompt)
        return again.pop(0) if prompt.startswith("another match") else "1"

    out = Console(width=100, record=True, force_terminal=terminal)
    bots = {1: "heuristic", 2: "heuristic"}
    code = run_play(table, me=0, bots=bots, make_agents=lambda s: make_bots(table, bots, s),
                    seed=3, deals=1, lang="en", console=out, reader=reader,
                    record_path=tmp_path / "m.jsonl")
    assert code == 0
    return asked, out.export_text()


def test_a_terminal_offers_another_match_at_the_end(tmp_path: Path) -> None:
    """秀山 in English: "the game exits at the match's end" (a play-tester took it for a
    crash). A terminal asks 再来一场？; Enter plays another, seeded from the first and shown,
    its record beside the first (FILE-2); ``n`` stops. Piped input is not asked."""
    asked, screen = _matches(tmp_path, True, ["", "n"])
    assert sum(p.startswith("another match") for p in asked) == 2
    assert screen.count("match over") == 2
    seeds = re.findall(r"seed (\d+)", screen)
    assert seeds[0] == "3" and len(set(seeds)) == 2, seeds
    assert (tmp_path / "m.jsonl").exists() and (tmp_path / "m-2.jsonl").exists()
    assert not (tmp_path / "m-3.jsonl").exists()
    for stop in ("q", "不", "NO"):
        asked, screen = _matches(tmp_path, True, [stop])
        assert screen.count("match over") == 1, stop
    asked, screen = _matches(tmp_path, False, [])
    assert not any(p.startswith("another match") for p in asked)


def test_a_word_typed_ahead_is_no_answer_to_another_match(tmp_path: Path) -> None:
    """A 听 typed ahead of a 钵福 match's end was taken as yes to 再来一场？ and a new match
    began (an English play-tester): only Enter or a yes word plays another; anything else
    is said to be no answer and asked again."""
    asked, screen = _matches(tmp_path, True, ["听", "waits", "y", "n"])
    assert sum(p.startswith("another match") for p in asked) == 4
    assert screen.count("match over") == 2
    assert "'听' is no answer: press Enter for another match" in screen


def test_yes_confirms_a_quit() -> None:
    """really quit? y — answered 'not quitting: play on' (the play-tester meant yes)."""
    from huapai.cli_support.play import run_play

    table = load_table("xianniu", "lanzhou", None, ())
    out = Console(width=100, record=True, force_terminal=False)
    bots = {1: "heuristic", 2: "heuristic"}
    code = run_play(table, me=0, bots=bots, make_agents=lambda s: make_bots(table, bots, s),
                    seed=3, deals=1, lang="en", console=out,
                    reader=lambda prompt: "y" if prompt.startswith("really quit") else "q")
    assert code == 0
    assert "you left the match" in out.export_text()


def test_a_wrong_drill_answer_says_why() -> None:
    """``huapai drill``: 吃包子 said only the right number — the kind's row of 钱 follows
    (small, big, each as the 将), the group's own cell being the answer; the 将 is named by
    both its cards (将：陆六)."""
    from huapai.games.xiushan.drill import Drill
    from huapai.games.xiushan.rules import BOFU
    langs: tuple[tuple[Lang, str], ...] = (("zh", "小字 "), ("en", "small "))
    for lang, small in langs:
        item = Drill(BOFU, 1).question()
        out = Console(width=100, record=True, force_terminal=False)
        prompts: list[str] = []

        def ask(prompt: str, prompts: list[str] = prompts, wrong: int = item.answer) -> str:
            prompts.append(prompt)
            return "0" if wrong else "1"

        assert run_drill(out, lang, 1, 1, ask) == 0
        text = out.export_text()
        reason = next(line for line in text.splitlines() if line.startswith(item.kind.value))
        assert small in reason and f" {item.answer}" in reason, text
        name = item.jiang_name()
        assert name is None or (len(name) == 2 and name in prompts[0]), prompts


def test_the_drill_answers_help_and_says_what_a_wrong_answer_cost() -> None:
    """``?`` at a question said 要一个数 (a play-test): it says what to type. A wrong number
    took the abacus from 12 to −20 without a word of the 32 it cost: the line says it."""
    from huapai.games.xiushan.drill import Drill
    from huapai.games.xiushan.rules import BOFU
    answer = Drill(BOFU, 1).question().answer
    answers = ["?", str(answer + 1)]
    out = Console(width=100, record=True, force_terminal=False)
    assert run_drill(out, "zh", 1, 1, lambda prompt: answers.pop(0)) == 0
    text = out.export_text()
    assert "「不报」跳过" in text and "要一个数" not in text, text
    assert re.search(r"算盘：0 → -?\d+ 个钱（扣 \d+）", text), text
