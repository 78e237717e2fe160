"""``huapai review RECORD --seat N``: the search bot's review of one seat's decisions.

The record is replayed and checked as ``huapai replay`` does (a record that does not
replay is refused, naming the first bad action); then every real decision of the seat
is searched from that seat's information only (:mod:`huapai.bots.review`). The output
lists each decision's options with their expected score and marks the big mistakes, as
in "第 12 手：掀 — 预期 −3.2，扣了 +0.4".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from huapai.bots.levels import BadSpec, level_name
from huapai.bots.review import Decision, count_decisions, review, review_json
from huapai.bots.search import BUDGETS
from huapai.core.claim import Answered
from huapai.core.protocol import Event
from huapai.core.record import Replay

from .fold import Folded
from .i18n import Lang, comma, level_label, seat_name
from .render import RenderContext, Renderer, renderer_for
from .replay import read_record, replay_all
from .setup import CliError, bad_seat, emit_json, refused

_STAND_INS = (
    # 托管 played them
    ("stood_in", "另有 {n} 步是托管代打的，不算你的，没有分析", ("choice was", "choices were"),
     "made by 托管 (auto-play) for you: not yours, not reviewed"),
    # 答话限时 answered: the time to answer ran out
    ("deadline", "另有 {n} 次答话时间到了，是替你答的，没有分析", ("answer was", "answers were"),
     "made for you when the time to answer ran out: not reviewed"),
)
"""The summary's counts of moves made for the player, as the review's closing lines say them."""


def run_review(path: Path, *, seat: int, level: str, seed: int, as_json: bool, lang: Lang,
               console: Console) -> None:
    try:
        chosen_level = level_name(level)
    except BadSpec as exc:
        raise refused("--level", exc) from None
    replays, _, _, problem = replay_all(read_record(path), lang)
    if problem is not None:
        raise CliError(problem.message, problem.message)  # said in ``lang`` already
    if not replays:
        raise CliError(f"记录文件 {path} 里没有牌局", f"record {path}: no deal in it")
    seats = replays[0].game.num_seats(replays[0].rules)
    if not 0 <= seat < seats:
        raise bad_seat(seat, seats)
    decisions = _reviewed(replays, seat, chosen_level, seed, quiet=as_json, lang=lang)
    # the search's seed (--seed), not the deal's: "seed" read as the game's (a researcher)
    data = {"game": replays[0].game.name, "seat": seat, "search_seed": seed,
            **review_json(replays, decisions, chosen_level, seat)}
    if as_json:
        emit_json(data)
    else:
        show(data, lang, console, contexts(replays, seat, lang))


def _reviewed(replays: Sequence[Replay], seat: int, level: str, seed: int,
              quiet: bool, lang: Lang) -> list[Decision]:
    label = "复盘" if lang == "zh" else "review"
    errors = Console(stderr=True)
    # with --json too when stderr is a terminal (the JSON on stdout stays clean): a run
    # sent to a file showed nothing for 11 s (a play-test), as the arena's bar does
    progress = Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), console=errors, transient=True,
                        disable=quiet and not errors.is_terminal)
    with progress:
        task = progress.add_task("review", total=count_decisions(replays, seat))
        return review(replays, seat, BUDGETS[level], seed, lambda: progress.advance(task))


def mistake_line(row: dict[str, Any], lang: Lang) -> str:
    """"第 12 手：掀 — 预期 −3.2，扣了 +0.4" (the move counts every seat's actions; the
    two are estimates on the same worlds, so they differ by the cost)."""
    chosen, advised = float(row["chosen_mean"]), float(row["advised_mean"])
    if lang == "zh":
        return (f"第 {row['deal']} 局第 {row['move']} 手：{_pick(row, lang)} — "
                f"预期 {_fmt(chosen)}，{_said(row['advised_label'], lang)} {_fmt(advised)}")
    return (f"deal {row['deal']} move {row['move']}: {_pick(row, lang)} — "
            f"expected {_fmt(chosen)}, {_said(row['advised_label'], lang)} {_fmt(advised)}")


def contexts(replays: Sequence[Replay], seat: int, lang: Lang) -> dict[tuple[int, int], str]:
    """For each move (deal and move, numbered from 1 as ``huapai replay`` numbers them),
    the last line the seat was told before it (座位2 打出 八, 你 摸到 伍): a review keyed
    by move numbers alone left a player guessing which decision #72 was (a play-test)."""
    out: dict[tuple[int, int], str] = {}
    for deal, replay in enumerate(replays, 1):
        ctx = RenderContext(replay.game, replay.rules, lang, me=seat)
        renderer = renderer_for(replay.game)
        last = ""
        for event in replay.opening:
            last = _told(renderer, event, seat, ctx) or last
        for step in replay.steps:
            out[(deal, step.index + 1)] = last
            for event in step.events:
                last = _told(renderer, event, seat, ctx) or last
    return out


def _told(renderer: Renderer, event: Event, seat: int, ctx: RenderContext) -> str | None:
    """``event``'s line as ``seat`` was told it (another seat's answer in a claim window is
    not told: it says only that the seat answered)."""
    if event.kind == Answered.kind and event.seat != seat:
        return None
    return renderer.event(event.for_viewer(seat).to_json(), ctx)


def show(data: dict[str, Any], lang: Lang, console: Console,
         told: dict[tuple[int, int], str] | None = None) -> None:
    zh = lang == "zh"
    who = seat_name(int(data["seat"]), lang)
    console.print(Text(f"复盘：{who}，{data['level']}（每步 {data['iterations']} 次模拟）" if zh
                       else f"review of {who}, level {level_label(data['level'], lang)} "
                            f"({data['iterations']} deals simulated a decision)", style="bold"))
    # ⇒, not →: a 钵福 line before it says its abacus with → (上算盘：0 → 3 → 打 贰 read as
    # one chain: a terminal play-test)
    intro = ("#号就是回放里的第几步，⇒ 前是那时刚发生的事。"
             "每一步先列建议的走法，再列你选的，其余按预期从高到低。± 是和你选的相比的"
             "误差，·几副 是比了几副牌（你选的：模拟了几副）：误差大的只在几副牌上试过，"
             "预期再高也可能是运气。建议另外在新的牌上"
             "和你选的重比过（“重比过”），有 99% 把握更好才建议，否则建议你选的；"
             "“没试”的走法搜索没顾上（先试最可能的几手）。")
    console.print(Folded(intro, style="dim") if zh else Text(
                       "#n is the move's number in huapai replay; before ⇒ is what had just "
                       "happened. "
                       "Each decision lists the advised move first, then your pick, then the "
                       "rest, best expected score first. ± is the noise of the difference to "
                       "your pick and ·N deals how many deals it stands on (your pick: "
                       "played on): a wide one was tried on a few deals only, and a high "
                       "estimate may be luck. A move is advised only after it was played "
                       "again against your pick on fresh deals (\"re-checked\") and was "
                       "better there at 99 %; else your pick is. An option \"not tried\" was "
                       "left out of the search (its budget went to the likeliest moves).",
                       style="dim"))
    note = data["worth"]["note"]
    if note is not None:  # 钵福: what its points of worth are made of
        console.print(Text(_said(note, lang), style="dim"))
    several = len({row["deal"] for row in data["decisions"]}) > 1
    deal = None
    for row in data["decisions"]:
        if several and row["deal"] != deal:  # a record of several deals: each under its own
            deal = row["deal"]
            console.print(Text(f"第 {deal} 局" if zh else f"deal {deal}", style="bold"))
        head, items = _decision_parts(row, lang, (told or {}).get((row["deal"], row["move"])))
        console.print(_Block(head, items, "red" if row["mistake"] else ""))
    summary, unit = data["summary"], _said(data["worth"]["unit"], lang)
    cost = f"{summary['cost']:.1f}"  # nothing lost: 合计少得 0.0 豆 read oddly
    lost = (("没有损失" if cost == "0.0" else f"合计少得 {cost} {unit}") if zh else
            ("nothing lost" if cost == "0.0" else f"{unit} lost in all: {cost}"))
    console.print(Text(f"共 {summary['decisions']} 步选择，{summary['mistakes']} 处大错，{lost}"
                       if zh else f"decisions: {summary['decisions']}; big mistakes: "
                       f"{summary['mistakes']}; {lost}", style="bold"))
    for key, zh_text, (one, many), en_text in _STAND_INS:  # not the player's choices
        if n := summary.get(key):
            console.print(Text(zh_text.format(n=n) if zh else
                               f"{n} more {one if n == 1 else many} {en_text}", style="dim"))
    # nothing at all to choose: a 歇家 seat, or only forced moves
    if not (summary["decisions"] or summary.get("stood_in") or summary.get("deadline")):
        console.print(Text("这个座位在这份记录里没有要选的（歇家不出牌，或者每步都只有一种走法）"
                           if zh else "this seat had nothing to choose in this record (it sat "
                           "out, or every move it made was its only one)", style="dim"))
    if summary["decisions"] and not summary["mistakes"]:  # a loss is not a missed mistake
        console.print(Text("没有大错（只按当时能知道的判断，看不见别家的牌：输赢里还有牌运）" if zh
                           else "no big mistakes (judged only by what the seat could know "
                           "then, not the others' hands: the result has luck in it too)",
                           style="dim"))
    for row in data["decisions"]:
        if row["mistake"]:
            console.print(Text(mistake_line(row, lang), style="red"))
    _moves_line(small_losses(data["decisions"]), lang, console, True, several)
    _moves_line(near_misses(data["decisions"]), lang, console, False, several)


def _moves_line(rows: Sequence[dict[str, Any]], lang: Lang, console: Console,
                cost: bool, several: bool) -> None:
    """The smaller losses ("合计少得 0.6 分" beside 没有大错, and nowhere said where: a
    play-test), or the moves a re-checked option looked better at without being sure (a
    3-point gap beside 少得 0 read as a contradiction: a club's play-test); each with its
    deal in a record of several (第 8 手、第 36 手、第 8 手 named three deals' moves as one:
    a researcher's play-test)."""
    if not rows:
        return
    zh = lang == "zh"
    steps = ("、" if zh else ", ").join(_move_name(r, zh, several)
                                        + (f" −{r['cost']:.1f}" if cost else "") for r in rows)
    head = (("小的损失（不算大错）：", "smaller losses (not big mistakes): ") if cost else
            ("别的走法平均更好、但没到 99% 把握的（不算损失）：",
             "better on average but not at 99 % (not counted as lost): "))
    console.print(Text(head[0 if zh else 1] + steps, style="dim"))


def _move_name(row: dict[str, Any], zh: bool, several: bool) -> str:
    """第 8 手 / move 8; with its deal when the record has several (第 2 局第 8 手)."""
    if zh:
        return f"第 {row['deal']} 局第 {row['move']} 手" if several else f"第 {row['move']} 手"
    return f"deal {row['deal']} move {row['move']}" if several else f"move {row['move']}"


def near_misses(decisions: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The decisions where a re-checked move other than the advice shows above the pick."""
    return [r for r in decisions if r["checked"] is not None and r["checked"] != r["advised"]
            and _above_pick(next(o for o in r["options"] if o["action"] == r["checked"]), r)]


def small_losses(decisions: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The decisions that cost something (0.1 or more, as shown) without being a big
    mistake: what else the summary's total is made of."""
    return [r for r in decisions if not r["mistake"] and round(r["cost"], 1) > 0]


def _decision_line(row: dict[str, Any], lang: Lang) -> Text:
    """``#49 打 一 ✗  打 柒 +4.3±0.6（建议，重比过）  打 一 −1.7（你选的）  打 三 +1.8±3.5 …``:
    the decision as one line (its head, then its options)."""
    head, items = _decision_parts(row, lang)
    line = head + Text(" ")
    for item in items:
        line.append("  ")
        line.append_text(item)
    return line


def _decision_parts(row: dict[str, Any], lang: Lang,
                    before: str | None = None) -> tuple[Text, list[Text]]:
    """A decision's head (``#49 座位2 打出 八 ⇒ 打 一 ✗``: ``before``, what had just
    happened) and its options: the advice, the pick, then the rest best first (a
    play-tester read the first listed as the advice); a run of untagged options that
    scored alike is said once (钵福's 报 0 … 报 30 were 31 entries on one line), and a
    decision where every option expects the same is one short item (紧牌's 弃 lines listed
    each card at the same figure)."""
    head = Text(f"#{row['move']:<3} {f'{before} ⇒ ' if before else ''}{_pick(row, lang)}"
                f"{' ✗' if row['mistake'] else ''}")
    ranked = _ordered(row)
    if _no_difference(row, ranked):
        return head, _alike_items(ranked, lang)
    items: list[Text] = []
    for run in _alike_runs(ranked, row):
        option, tags = run[0], _tags(run[0], row)
        error = "" if option["error"] is None else f"±{option['error']:.1f}"
        names = ("、" if lang == "zh" else ", ").join(_said(o["label"], lang)
                                                     for o in run[:FOLD_SHOWN])
        if len(run) > FOLD_SHOWN:
            names += (f" 等 {len(run)} 种" if lang == "zh" else
                      f" and {len(run) - FOLD_SHOWN} more")
        item = Text(f"{names} {_estimate(option['estimate'], lang)}{error}")
        item.append(_deals(option, row, lang), style="dim")
        if tags:
            said = [zh if lang == "zh" else en for zh, en in tags]
            item.append("（" + "，".join(said) + "）" if lang == "zh" else f" ({', '.join(said)})",
                        style="bold")
        items.append(item)
    return head, items


def _alike_items(ranked: Sequence[dict[str, Any]], lang: Lang) -> list[Text]:
    """Every option expecting the same: the pick, and that the others do too."""
    chosen, others = ranked[0], len(ranked) - 1
    estimate = _estimate(chosen["estimate"], lang)
    pick = Text(f"{_said(chosen['label'], lang)} {estimate}")
    pick.append("（你选的）" if lang == "zh" else " (your pick)", style="bold")
    if lang == "zh":
        rest = "另一种走法也是" if others == 1 else f"别的 {others} 种走法也都是"
        return [pick, Text(f"{rest} {estimate}：怎么选都一样", style="dim")]
    rest = "the other option" if others == 1 else f"the other {others}"
    return [pick, Text(f"{rest} also {estimate}: no difference", style="dim")]


@dataclass(frozen=True, slots=True)
class _Block:
    """A decision at the terminal's width: its head, then its options packed into lines
    under it, indented, never broken inside one (an option broke across lines at 80
    columns: 打 / 四、打 七 等 3 种, a play-test)."""

    head: Text
    items: list[Text]
    style: str = ""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text.assemble(self.head, style=self.style)
        line = Text(_INDENT, style=self.style)
        for item in self.items:
            if len(line) > len(_INDENT) and line.cell_len + 2 + item.cell_len > options.max_width:
                yield line
                line = Text(_INDENT, style=self.style)
            if len(line) > len(_INDENT):
                line.append("  ")
            line.append_text(item)
        yield line


_INDENT = "     "
"""Where a decision's options start under its head (past ``#123 ``)."""


def _ordered(row: dict[str, Any]) -> list[dict[str, Any]]:
    """A decision's options as they are listed: the advice, the pick, then the others by
    estimate, the untried last (the browser lists them so too)."""
    def key(option: dict[str, Any]) -> tuple[int, float]:
        first = 0 if option["action"] == row["advised"] else \
            1 if option["action"] == row["chosen"] else 2
        return first, math.inf if option["estimate"] is None else -option["estimate"]

    return sorted(row["options"], key=key)


def _no_difference(row: dict[str, Any], ranked: Sequence[dict[str, Any]]) -> bool:
    """Every option tried and expecting what the pick does (to the tenth shown), none of
    them re-checked, and the pick advised."""
    shown = {None if o["estimate"] is None else _fmt(o["estimate"]) for o in ranked}
    return (len(ranked) > 1 and row["advised"] == row["chosen"] and row["checked"] is None
            and None not in shown and len(shown) == 1)


FOLD_SHOWN = 2
"""A run of more than this many alike options names this many, then how many in all."""


def _tags(option: dict[str, Any], row: dict[str, Any]) -> list[tuple[str, str]]:
    return [word for word, on in (
        (("你选的", "your pick"), option["action"] == row["chosen"]),
        (("建议", "advised"), option["action"] == row["advised"] != row["chosen"]),
        (("重比过", "re-checked"), option["checked"] and option["action"] == row["advised"]),
        # better on average but not at 99 %: "0 处大错" beside a move 3.5 ± 1.4 better read
        # as the review contradicting itself (a 公安 player's check)
        (("重比过，没到 99% 把握", "re-checked, not 99 % sure"),
         option["checked"] and option["action"] != row["advised"] and _above_pick(option, row)),
        # and one that came out worse is not a near miss (a review play-test)
        (("重比过，不比你选的好", "re-checked, no better than your pick"),
         option["checked"] and option["action"] != row["advised"]
         and not _above_pick(option, row))) if on]


def _above_pick(option: dict[str, Any], row: dict[str, Any]) -> bool:
    """The option's estimate shows above the pick's (to the tenth shown)."""
    pick = next(o["estimate"] for o in row["options"] if o["action"] == row["chosen"])
    estimate = option["estimate"]
    return estimate is not None and round(estimate, 1) > round(pick, 1)


def _alike_runs(ranked: Sequence[dict[str, Any]],
                row: dict[str, Any]) -> list[list[dict[str, Any]]]:
    """The options in order, neighbours with the same estimate and error and no tag of
    their own (not the pick, the advice, nor re-checked) in one run."""
    runs: list[list[dict[str, Any]]] = []
    for option in ranked:
        last = runs[-1][-1] if runs else None
        if (last is not None and not _tags(option, row) and not _tags(last, row)
                and (option["estimate"], option["error"]) == (last["estimate"], last["error"])):
            runs[-1].append(option)
        else:
            runs.append([option])
    return runs


def _pick(row: dict[str, Any], lang: Lang) -> str:
    """The pick, after what was asked where its label alone does not say it (钵福:
    ``哨 三三三，报 3``, not a bare ``报 3``)."""
    chosen = _said(row["chosen_label"], lang)
    asked = row.get("asked")
    return chosen if not asked else f"{_said(asked, lang)}{comma(lang)}{chosen}"


def _said(label: dict[str, Any], lang: Lang) -> str:
    """A message as data (an action's label, the worth's unit) in the player's language."""
    return str(label[lang])


def _fmt(mean: float) -> str:
    """``+4.3`` / ``−1.7`` (a minus sign, as the browser writes it); ``0.0`` for what
    rounds to nothing (it said −0.0: a play-test)."""
    shown = round(mean, 1)
    return "0.0" if shown == 0 else f"−{-shown:.1f}" if shown < 0 else f"+{shown:.1f}"


def _deals(option: dict[str, Any], row: dict[str, Any], lang: Lang) -> str:
    """On how many deals the figure stands, as the browser shows it (比了 24 副): the pick
    played on ``visits`` deals, another compared with it on ``pairs`` (a +1.3 ±3.1 on a
    few deals read as better than the advice; the terminal said no count)."""
    if option["estimate"] is None:
        return ""
    n = option["visits"] if option["action"] == row["chosen"] else option["pairs"]
    return f" ·{n}副" if lang == "zh" else f" ·{n} deal{'' if n == 1 else 's'}"


def _estimate(mean: float | None, lang: Lang) -> str:
    """An option's estimate, or 没试 / not tried where the search left it out."""
    if mean is None:
        return "没试" if lang == "zh" else "not tried"
    return _fmt(mean)
