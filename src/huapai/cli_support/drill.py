"""``huapai drill``: 钵福's 报数 practice in the terminal — a random laid group, the learner
says its 钱, the abacus (drawn as beads) moves as in a game: right, the value goes on;
wrong, 吃包子. The questions and the arithmetic are :mod:`huapai.games.xiushan.drill`'s."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.text import Text

from huapai.games.xiushan.drill import Drill, DrillStep, parse_said
from huapai.games.xiushan.rules import BOFU

from .i18n import Lang

_QUIT = frozenset({"q", "quit", "退出"})
_SKIP = frozenset({"不报", "-"})
_HELP = frozenset({"?", "？", "help", "帮助"})
_HELP_TEXT = ("说这组牌是几个钱：写数字（3、十二、6个钱都行）；「不报」跳过，不上算盘；"
              "报错了吃包子，算盘要扣；「q」退出并看成绩。",
              "say how many 钱 the group is: a number (3, 十二, 6个钱); 不报 skips it (nothing "
              "goes on the abacus); a wrong number is 吃包子 and costs the abacus; q quits "
              "with your score.")


def run_drill(console: Console, lang: Lang, seed: int | None, count: int,
              ask: Callable[[str], str] | None = None) -> int:
    """Ask ``count`` questions (fewer if the learner quits); returns the exit status."""
    zh = lang == "zh"
    drill = Drill(BOFU, seed)
    read = ask or console.input
    console.print(Text("报数练习：说出这组牌是几个钱（数字，或 不报；q 退出）" if zh else
                       "报数 practice: say how many 钱 the group is (a number, or 不报; q quits)",
                       style="bold"))
    for n in range(1, count + 1):
        item = drill.question()
        while True:
            try:
                text = read(f"[{n}/{count}] {item.prompt('zh' if zh else 'en')} > ").strip()
            except EOFError:  # Ctrl-D: the summary on its own line, not the prompt's
                console.print()
                text = "q"
            if text.lower() in _QUIT:
                return _summary(console, drill, zh)
            if text in _HELP:  # ? said "要一个数" (a play-test)
                console.print(_HELP_TEXT[0] if zh else _HELP_TEXT[1], style="cyan")
                continue
            if text in _SKIP:
                said = None
                break
            try:
                said = parse_said(text)
                break
            except ValueError:
                console.print("要一个数，例如 3、十二、6个钱" if zh else
                              "a number, e.g. 3, 十二, 6个钱", style="red")
        before = drill.abacus
        _show(console, drill.answer(item, said), zh, before)
    return _summary(console, drill, zh)


def _show(console: Console, step: DrillStep, zh: bool, before: int) -> None:
    right = step.item.answer
    if step.said is None:
        line = (f"不报子，不上算盘（应报 {right}）" if zh else
                f"not announced: nothing goes on (it was {right})")
        style = "yellow"
    elif step.correct:
        line = f"对！上算盘 {right} 个钱" if zh else f"right: {right} 钱 on the abacus"
        style = "green"
    else:
        line = (f"报错了，吃包子！应报 {right}" if zh else f"wrong — 吃包子! it was {right}")
        style = "bold red"
    console.print(Text(line, style=style))
    if not step.correct:
        console.print(_reason(step.item.reason(), zh))
    console.print(step.beads.text("zh" if zh else "en"))
    value = step.beads.value
    if step.said is not None and not step.correct:  # 12 → −20 said nothing of the 32
        console.print(f"算盘：{before} → {value} 个钱（扣 {before - value}）" if zh else
                      f"abacus: {before} → {value} 钱 ({before - value} off)")
    else:
        console.print(f"算盘：{value} 个钱" if zh else f"abacus: {value} 钱")


_SIZES = (("小字", "small"), ("大字", "big"), ("小字是将", "small, 将"), ("大字是将", "big, 将"))


def _reason(reason: dict[str, Any], zh: bool) -> Text:
    """Why: the kind's row of 钱 from the seed's table, this group's cell in bold (a wrong
    answer said only the right number)."""
    mine = 2 * bool(reason["jiang"]) + bool(reason["big"])
    out = Text(f"{reason['kind']}：" if zh else f"{reason['kind']}: ")
    for i, value in enumerate(reason["row"]):
        if i:
            out.append(" · ")
        out.append(f"{_SIZES[i][0 if zh else 1]} {value}", style="bold" if i == mine else "")
    return out


def _summary(console: Console, drill: Drill, zh: bool) -> int:
    console.print(f"答对 {drill.right} / {drill.answered}，算盘 {drill.abacus} 个钱" if zh else
                  f"{drill.right} of {drill.answered} right, abacus {drill.abacus} 钱")
    return 0
