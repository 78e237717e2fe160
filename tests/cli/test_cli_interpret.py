"""What a typed line means at a decision (``interpret``), with the real games' labels.

A bare number is a list number unless it may also mean another listed action — the one its
notation names, or one whose label shows the number (报 6, 9r) — then it is refused naming
every reading; a notation that names no legal action may be the one listed verb and it
(``3`` for 弃 3); a listed label, or its part outside or inside the brackets, is that item.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from cli_helpers import assert_clean, invoke
from rich.console import Console

from huapai.cli_support.i18n import Lang
from huapai.cli_support.interpret import Reply, command_of, interpret
from huapai.cli_support.play import run_play
from huapai.cli_support.setup import bot_plan, load_table, make_bots
from huapai.core.present import Msg
from huapai.core.protocol import IllegalAction, NotationError
from huapai.core.registry import get_game


class _Decision:
    """A decision listing ``words`` (the game's notation) as ``huapai play`` lists them."""

    def __init__(self, game: str, preset: str, words: Sequence[str], lang: Lang = "zh",
                 **rules: Any) -> None:
        self.game = get_game(game)
        self.rules = self.game.rules(preset, **rules)
        self.lang = lang
        self.legal = [self.parse(w) for w in words]
        described = [self.game.describe_action(self.rules, a) for a in self.legal]
        self.labels = [d.label.text(lang) for d in described]
        self.notations = [self.game.format_action(self.rules, a) for a in self.legal]

    def parse(self, word: str) -> int:
        return int(self.game.parse_action(self.rules, word))

    def __call__(self, text: str) -> Reply:
        return interpret(text, self.legal, self.labels, self.parse, self.lang,
                         notations=self.notations)


def _baoshu(lang: Lang = "zh") -> _Decision:
    """钵福's 报子 in training: 报 0 … 报 30, then 不报 (items 1–32)."""
    return _Decision("xiushan", "bofu", [f"报 {n}" for n in range(31)] + ["不报"], lang,
                     baoshu="train")


# --- A: a bare number that another listed label shows ------------------------------------
def test_a_number_another_label_shows_is_refused_naming_both() -> None:
    """钵福 报数: ``6`` is choice 6 (报 5) and the listed 报 6 (choice 7): refused, with how
    to say each; nothing is chosen. ``#7`` / ``报 6`` say it."""
    zh = _baoshu()
    reply = zh("6")
    assert reply.action is None
    assert reply.problem == ("「6」有两种读法：列表第 6 项（报 5），或者列表里的「报 6」"
                             "（第 7 项）。要第 6 项请输入 #6，要「报 6」请输入 #7")
    en = _baoshu("en")("6").problem
    assert en == ("'6' reads two ways: choice 6 of the list (announce 5), or the listed "
                  "'announce 6' (choice 7). Type #6 for choice 6, #7 for 'announce 6'")
    assert zh("#7").action == zh("报 6").action == zh.parse("报 6")
    assert zh("#6").action == zh.parse("报 5")
    assert zh("30").problem is not None  # choice 30 is 报 29, and 报 30 is listed
    assert zh("1").problem is not None  # 报 1 is listed; 报 10 … 报 19 do not show 1
    assert "报 1" in (zh("1").problem or "") and "报 10" not in (zh("1").problem or "")


def test_a_number_past_the_list_is_the_one_label_showing_it() -> None:
    """``0`` is no list number: the one listed 报 0; ``32`` is only choice 32 (不报)."""
    zh = _baoshu()
    assert zh("0").action == zh.parse("报 0")
    assert zh("32").action == zh.parse("不报")
    lanzhou = _Decision("xianniu", "lanzhou", ["扣了", "A", "9r", "9b", "K"])
    reply = lanzhou("9")  # past the list; two labels show 9: neither is guessed
    assert reply.action is None and reply.problem is not None
    assert "「红9（单张）」（第 3 项）" in reply.problem  # the colours said as words
    assert "「黑9（单张）」（第 4 项）" in reply.problem


def test_bofu_baoshu_prompt_a_bare_6_is_not_choice_6() -> None:
    """The tester's 钵福 报子 (seed 5): ``6`` chose 报 5 and was punished (吃包子)."""
    args = ["play", "xiushan", "-p", "bofu", "-r", "baoshu=train", "-r", "bot_errors=50",
            "--deals", "1", "--seed", "5"]
    result = invoke(args, "6\n#7\nq\n")
    assert_clean(result, 0)
    assert "是几个钱？输入 报 N（0 到 30），或 不报" in result.output
    assert ("✗ 「6」有两种读法：列表第 6 项（报 5），或者列表里的「报 6」（第 7 项）。"
            "要第 6 项请输入 #6，要「报 6」请输入 #7") in result.output
    assert "你选了：报 5" not in result.output and "你选了：报 6" in result.output
    assert "你 报 6 个钱（哨 陆），上算盘\n" in result.output  # right, not 吃包子 (the
    assert "0 → 6" not in result.output  # practice says no total: the beads show it)


# --- B: 兰州, a 9 that is choice 9 and the listed 9r ---------------------------------------
def test_lanzhou_a_bare_9_with_9r_listed_is_refused() -> None:
    """兰州 (seed 11): ``9`` silently played choice 9 (a 10) while 9r（单张） was choice 7;
    ``9`` alone is no card in 兰州 (9r or 9b), so only the label shows it (红9: the colour
    said as a word in Chinese)."""
    result = invoke(["play", "xianniu", "-p", "lanzhou-app", "--deals", "1", "--seed", "11"],
                    "9\n#7\nq\n")
    assert_clean(result, 0)
    assert " 7 红9（单张）" in result.output and " 9 10（单张）" in result.output
    assert ("✗ 「9」有两种读法：列表第 9 项（10（单张）），或者列表里的「红9（单张）」（第 7 项）。"
            "要第 9 项请输入 #9，要「红9（单张）」请输入 #7") in result.output
    assert "你选了：10（单张）" not in result.output and "你选了：红9（单张）" in result.output


def test_a_number_whose_notation_is_the_choice_itself_is_taken() -> None:
    """Choice 3 is the card 3: the list and the notation agree (the pair 3 3 also shows a 3,
    but ``3`` does not write it); ``10`` is choice 10 (Q) and the listed single 10."""
    d = _Decision("xianniu", "lanzhou", ["扣了", "A", "3", "3 3", "8", "9r", "J", "10", "K",
                                         "Q"])
    assert d("3").action == d.parse("3")
    reply = d("10")
    assert reply.action is None and reply.problem is not None
    assert "要「10（单张）」请输入 #8 或 =10" in reply.problem
    assert d("4").action == d.parse("3 3")  # choice 4; no other label shows a 4


# --- C: 紧牌's discards: 3 is 弃 3 ----------------------------------------------------------
def test_jinpai_a_bare_or_written_card_is_the_listed_discard() -> None:
    """Among 弃 X only, ``3`` / ``=3`` (the card 3, which cannot be played now) is 弃 3; a
    number that is also another choice is refused without advising ``=3``, which was
    refused too (紧牌：一次弃一张)."""
    d = _Decision("xianniu", "lanzhou", ["弃 A", "弃 2", "弃 7", "弃 3"])
    assert d("=3").action == d("#4").action == d.parse("弃 3")
    reply = d("3")
    assert reply.action is None and reply.problem is not None
    assert "列表第 3 项（弃 7），或者列表里的「弃 3」（第 4 项）" in reply.problem
    assert "=" not in reply.problem
    kkk = _Decision("xianniu", "lanzhou", ["扣了", "K K K"])
    assert kkk("K K").action == kkk.parse("K K")  # K is a card, not a verb: no K K K


def test_jinpai_a_card_by_another_name_is_its_discard() -> None:
    """Among 弃 X only, a card by another of its names (天 / 国王 for K, 钩 for J, 虎 for Q) is
    its discard, as ``K`` is (a play-test: refused with 紧牌：一次弃一张); a card not held
    reads as its discard, so the engine says it is not held, not that no play is allowed."""
    d = _Decision("xianniu", "lanzhou", ["弃 K", "弃 J", "弃 Q", "弃 3"])
    assert d("天").action == d("国王").action == d("=国王").action == d.parse("弃 K")
    assert d("钩").action == d.parse("弃 J") and d("虎").action == d.parse("弃 Q")
    assert d("=6").action == d.parse("弃 6")  # not listed: not held, said by the engine
    assert d("黑9").action == d.parse("弃 黑9")
    game, rules = d.game, d.rules
    state, seat = _jinpai_state(game, rules)
    held = {game.format_action(rules, a) for a in game.legal_actions(state, seat)}
    absent = next(f"弃 {c}" for c in ("6", "8", "10", "3", "7", "A") if f"弃 {c}" not in held)
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, seat, d.parse(absent))
    assert refused.value.msg.zh.startswith("你没有"), refused.value.msg.zh
    kkk = _Decision("xianniu", "lanzhou", ["扣了", "K K K"])
    assert kkk("天").action == kkk.parse("K")  # not every listed action a verb: a play


def _jinpai_state(game: Any, rules: Any) -> tuple[Any, int]:
    """A 兰州 deal played to its first 紧牌 discard (random moves, 紧牌 called when it may)."""
    rng = random.Random(11)
    for seed in range(200):
        state = game.new_game(rules, seed=seed)
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            legal = list(game.legal_actions(state, seat))
            words = [game.format_action(rules, a) for a in legal]
            if all(w.startswith("弃") for w in words):
                return state, seat
            jin = [a for a, w in zip(legal, words, strict=True) if w == "紧牌"]
            state, _ = game.apply(state, seat, jin[0] if jin else rng.choice(legal))
    raise AssertionError("no 紧牌 reached")


def test_jinpai_in_the_terminal() -> None:
    """兰州 (seed 11): after ``#9`` the 紧牌 discards are listed; ``3`` is 弃 3 (choice 3),
    ``7`` is choice 7 (弃 10) or the listed 弃 7, ``=7`` is 弃 7."""
    result = invoke(["play", "xianniu", "-p", "lanzhou-app", "--deals", "1", "--seed", "11"],
                    "#9\n3\n7\n=7\nq\n")
    assert_clean(result, 0)
    assert "紧牌" in result.output
    assert "你选了：弃 3" in result.output and "你选了：弃 7" in result.output
    assert ("✗ 「7」有两种读法：列表第 7 项（弃 10），或者列表里的「弃 7」（第 3 项）。"
            "要第 7 项请输入 #7，要「弃 7」请输入 #3") in result.output
    assert "不能这样出" not in result.output and "=7" not in result.output.split("弃 10")[1]


# --- D: typing a listed label --------------------------------------------------------------
def test_a_listed_label_is_that_choice_in_english() -> None:
    """秀山 in English lists ``discard 肆`` and ``pass (过)``: typed as shown (any case and
    spacing), or the part outside or inside the brackets."""
    d = _Decision("xiushan", "shibafu", ["过", "碰", "胡", "打 肆", "打 一"], "en")
    assert d.labels[0] == "pass (过)" and d.labels[3] == "discard 肆"
    for typed, word in (("pass", "过"), ("PASS", "过"), ("pass (过)", "过"), ("过", "过"),
                        ("peng", "碰"), ("discard 肆", "打 肆"), ("Discard   肆", "打 肆"),
                        ("肆", "打 肆")):
        assert d(typed).action == d.parse(word), typed
    assert d("discard").problem is not None  # two listed discards: neither is guessed


def test_a_listed_label_is_that_choice_in_chinese() -> None:
    d = _Decision("xianniu", "lanzhou", ["扣了", "A", "9r", "9r 9r", "K"])
    assert d("红9（单张）").action == d.parse("9r") == d("红9").action
    assert d(d.labels[3]).action == d.parse("9r 9r")  # 红9 红9（哈牛）
    assert d("k（单张）").action == d.parse("K")
    en = _Decision("xianniu", "lanzhou", ["扣了", "弃 3"], "en")
    assert en.labels == ["扣了 (fold)", "throw 3 (弃)"]
    assert en("throw 3").action == en.parse("弃 3") and en("pass").action == en.parse("扣了")


def _drive(args: tuple[str, str, int], lang: Lang,
           answer: Callable[[str], str]) -> tuple[int, str]:
    """``huapai play`` of ``args`` (game, preset, seed; one deal, house bots, seat 0), with
    ``answer`` typing a line for the screen shown since the last prompt."""
    game, preset, seed = args
    table = load_table(game, preset)
    plan = bot_plan(table, None, list(range(1, table.seats)))
    screen = io.StringIO()
    console = Console(file=screen, width=120, highlight=False, soft_wrap=True)
    seen = 0

    def read(prompt: str) -> str:
        nonlocal seen
        shown, seen = screen.getvalue()[seen:], len(screen.getvalue())
        return answer(shown)

    code = run_play(table, me=0, bots=plan, make_agents=lambda s: make_bots(table, plan, s),
                    seed=seed, deals=1, lang=lang, console=console, reader=read)
    return code, screen.getvalue()


def test_pass_typed_in_english_at_a_claim_in_the_terminal() -> None:
    """秀山 十八福 in English (seed 10): each choice typed as its label (``discard 一``), and
    ``pass`` at the first decision that lists ``pass (过)`` among others (a claim)."""
    typed: list[str] = []

    def answer(shown: str) -> str:
        if typed and typed[-1] == "pass":
            return "q"
        choices = shown.rpartition("legal actions")[2]
        word = "pass" if "pass (过)" in choices else _first_label(choices)
        typed.append(word)
        return word

    code, screen = _drive(("xiushan", "shibafu", 10), "en", answer)
    assert code == 0 and "✗" not in screen, screen[-3000:]
    assert "pass" in typed and "you chose: pass (过)" in screen
    assert any(t.startswith("discard ") for t in typed)


def _first_label(choices: str) -> str:
    """The label of choice 1 in an English legal list (`` 1 discard 一    2 …``)."""
    line = next(x for x in choices.splitlines() if x.strip().startswith("1 "))
    return line.strip()[2:].split("   ")[0].strip()


# --- QA: a list number is not refused for cards the player cannot play -----------------
def test_a_list_number_whose_cards_are_not_listed_is_the_choice() -> None:
    """兰州 at ``1 扣了 (fold)  2 6 (单张)  3 6 6 (对子)``, no 3 in hand: ``3`` was refused as
    "the cards written '3' (not allowed now)"; the ``?`` help says a number is refused only
    where it may mean another *listed* action. It is choice 3 now, in both languages."""
    for lang in ("zh", "en"):
        decision = _Decision("xianniu", "lanzhou-app", ["扣了", "6", "6 6"], lang)
        reply = decision("3")
        assert reply.problem is None and reply.action == decision.parse("6 6"), reply
        assert decision("2").action == decision.parse("6")


def test_a_word_in_brackets_before_the_cards_is_that_choice() -> None:
    """双别杆 in English lists ``紮 (zha) 士`` beside ``pass (过)``: ``zha`` alone was refused
    as "zha needs a card" (an English play-test); it is the one 紮 listed, as ``zha 士`` and
    ``紮 士`` are, and with two 紮 listed it asks which."""
    from huapai.core.protocol import Msg, NotationError

    def parse(word: str) -> int:
        raise NotationError(Msg("needs_card", "要写牌", "zha needs a card"))

    labels = ["pass (过)", "紮 (zha) 士"]
    for typed in ("zha", "ZHA", "zha 士", "紮 士", "紮 (zha) 士"):
        assert interpret(typed, [0, 7], labels, parse, "en").action == 7, typed
    two = interpret("zha", [0, 7, 8], [*labels, "紮 (zha) 五"], parse, "en")
    assert two.action is None and two.problem is not None and "#3" in two.problem


def test_a_bracket_part_that_several_labels_share_asks_which() -> None:
    """``对子`` with two pairs listed (a terminal play-test: it was read as cards, "第 1 个
    字符 '对' 不是牌"): both are named, with how to pick each."""
    from huapai.core.protocol import Msg, NotationError

    def parse(word: str) -> int:
        raise NotationError(Msg("unknown_card", "不是牌", "no card"))

    reply = interpret("对子", [5, 6, 0], ["Q Q（对子）", "K K（对子）", "过"], parse, "zh")
    assert reply.action is None and reply.problem is not None
    assert "「Q Q（对子）」（第 1 项）" in reply.problem and "#2" in reply.problem
    assert interpret("过", [5, 6, 0], ["Q Q（对子）", "K K（对子）", "过"], parse,
                     "zh").action == 0


def test_command_words_in_any_case_single_letters_as_written() -> None:
    """``QUIT`` / ``Hint`` are commands (the help says labels are read in any case); ``Q``
    stays the card Q, ``q`` quits."""
    assert [command_of(w) for w in ("QUIT", "Hint", "HELP", "Exit", "q", "Q", "?")] == [
        "quit", "hint", "help", "quit", "quit", None, "help"]


def test_a_capital_letter_that_is_no_action_says_commands_are_lowercase() -> None:
    """``Q`` in 秀山 (no card Q) said only 看不懂「Q」 (a terminal play-test): where a single
    capital reads as nothing, the refusal says the command is written lowercase."""
    def parse(word: str) -> int:
        raise NotationError(Msg("bad_card", "不是牌", "not a card"))

    zh = interpret("Q", [0, 1], ["过", "碰"], parse, "zh")
    assert zh.action is None and zh.problem is not None
    assert zh.problem.endswith("（命令要写小写：q）"), zh.problem
    en = interpret("Q", [0, 1], ["过", "碰"], parse, "en")
    assert en.problem is not None and en.problem.endswith(" (commands are lowercase: q)")
    assert "小写" not in (interpret("X", [0, 1], ["过", "碰"], parse, "zh").problem or "")


def test_a_bare_hash_says_what_goes_after_it() -> None:
    """``#`` alone said 没有第「」项 (a terminal play-test)."""
    def parse(word: str) -> int:
        raise AssertionError("a # is never cards")

    for text in ("#", "# ", "＃"):
        reply = interpret(text, [5, 6, 0], ["Q Q", "K K", "过"], parse, "zh")
        assert reply.action is None and reply.problem == "# 后面要写 1–3 的编号，如 #1", text
    english = interpret("#", [5, 6, 0], ["Q Q", "K K", "过"], parse, "en")
    assert english.problem == "after # type a number 1–3, as #1"


def test_a_word_holding_a_listed_action_asks_whether_that_was_meant() -> None:
    """``掀掀`` said only 第 1 个字符「掀」不是牌 — as if 掀 were no word here (a terminal
    play-test): the listed action inside it is offered."""
    cases: list[tuple[Lang, str]] = [
        ("zh", "看不懂「掀掀」：第 1 个字符「掀」不是牌。是要「掀」吗？"),
        ("en", "cannot read '掀掀': unknown card '掀' at position 1 in '掀掀'. "
               "Did you mean '掀 (xian)'?")]
    for lang, said in cases:
        decision = _Decision("xianniu", "lanzhou", ["扣了", "掀"], lang)
        assert decision("掀掀").problem == said
    assert _Decision("xianniu", "lanzhou", ["扣了", "掀"], "zh")("KKx").problem == \
        "看不懂「KKx」：第 3 个字符「x」不是牌"  # nothing listed inside it: nothing offered
