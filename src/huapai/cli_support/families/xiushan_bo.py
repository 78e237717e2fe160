"""钵福's 算盘 in the terminal: every seat's abacus drawn as beads (plus the number, except
in the 报数 training mode, where the learner reads the beads), wins, 吃包子 and 戴帽子; the
报子 prompt and the lines of the 钵's events. Used by :mod:`.xiushan`'s renderer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from huapai.cli_support.fold import Folded
from huapai.cli_support.render import EventText, RenderContext, public_table
from huapai.core.present import count_en
from huapai.games.xiushan.drill import Beads, beads, zh_number


def bead_line(b: Beads, ctx: RenderContext | None = None) -> Text:
    """One line per abacus: each rod ``◉`` (the 上珠 counted: 5) or ``○``, then its four
    下珠 ``●`` counted / ``○`` not, rods apart; 负 and 戴帽子 beside it (glossed in English:
    an English reader saw 负 戴帽子 and nothing to read them by, a play-test)."""
    english = ctx is not None and ctx.lang == "en"
    out = Text()
    for i, rod in enumerate(b.rods):
        if i:
            out.append(" ")
        out.append("◉" if rod.upper else "○", style="bold" if rod.upper else "dim")
        out.append("●" * rod.lower, style="bold")
        out.append("○" * (4 - rod.lower), style="dim")
    if b.negative:
        out.append("  负 (minus)" if english else "  负", style="red")
    if b.hat:
        # (its longer gloss wrapped the bead cell onto two lines: a terminal play-test)
        hat = " 戴帽子 (the hat)" if english else " 戴帽子"
        out.append(hat, style="bold red")
    return out


def bo_table(bo: Mapping[str, Any], ctx: RenderContext) -> RenderableType:
    """Every seat's 算盘 in the 钵 (``view["bo"]``); after 得一钵, the 钵 taken as it ended."""
    if bo.get("taken"):
        return _taken_table(bo, ctx)
    training = bool(bo.get("training"))
    # the 钵's rule under the table: as its title it wrapped over two or three lines at 80
    # columns, 每人最多和 / 2 回） (a play-test)
    title = ctx.pick(f"算盘（第 {bo['number']} 钵）", f"abacus (钵 {bo['number']})")
    rule = ctx.pick(f"和牌后满 {bo['target']} 胡得一钵，每人最多和 {bo['max_wins']} 回",
                    f"first to {bo['target']} takes the 钵, at most "
                    f"{count_en(int(bo['max_wins']), 'win', 'wins')} each")
    if training:
        rule += ctx.pick("；报数练习：看珠子读数", "; 报数 training: read the beads")
    heads = [("座位", "seat"), ("算盘", "beads")]
    if not training:
        heads.append(("钱", "钱"))
    heads += [("和", "wins"), ("吃包子", "wrong (吃包子)")]
    table = public_table(((ctx.pick(zh, en), False) for zh, en in heads))
    for seat, x in enumerate(bo["seats"]):
        name = Text(ctx.name(seat), style="bold yellow" if seat == ctx.me else "")
        if seat == bo.get("owed_seat"):
            name.append(ctx.pick(" 报子中", " announcing"), style="bold")
        row: list[Text | str] = [name, bead_line(beads(int(x["abacus"])), ctx)]
        if not training:
            row.append(str(x["abacus"]))
        row += [str(x["wins"]), str(x["baozi"])]
        table.add_row(*row)
    # under the table at the screen's width (as its caption it wrapped at the table's:
    # 每人最多和 2 / 回 — a terminal play-test), after its title: one line less, so a late
    # deal's training screen still fits 24 rows
    return Group(table, Folded(title + ctx.pick("：", ": ") + rule, "dim"))


def _taken_table(bo: Mapping[str, Any], ctx: RenderContext) -> Table:
    """The 钵 this deal's win took, each 算盘 as it ended (the next 钵's, every one at 0
    under 第 2 钵, read as the win lost: a play-test)."""
    taken, training = bo["taken"], bool(bo.get("training"))
    winner = int(taken["winner"])
    title = ctx.pick(f"算盘（第 {taken['number']} 钵，{ctx.name(winner)}得一钵）",
                     f"abacus (钵 {taken['number']}, taken by {ctx.name(winner)})")
    heads = [("座位", "seat"), ("算盘", "beads")] + ([] if training else [("钱", "钱")])
    table = public_table(((ctx.pick(zh, en), False) for zh, en in heads), title=title)
    for seat, abacus in enumerate(taken["totals"]):
        name = Text(ctx.name(seat), style="bold yellow" if seat == ctx.me else "")
        if seat == winner:
            name.append(ctx.pick(" 得一钵", " took it"), style="bold")
        row: list[Text | str] = [name, bead_line(beads(int(abacus)), ctx)]
        table.add_row(*row, *([] if training else [str(abacus)]))
    return table


def owed_prompt(view: Mapping[str, Any], ctx: RenderContext) -> Text | None:
    """The learner's 报子 question (never its answer)."""
    owed = view.get("my_owed")
    if not owed:
        return None
    jiang = view.get("jiang")
    where = ctx.pick(f"（将 {jiang}）", f" (将 {jiang})") if jiang else ""
    cards = str(owed["card"]) * int(owed["size"])
    return Text(ctx.pick(f"报子：你的{owed['group']} {cards}{where}是几个钱？"
                         "输入 报 N（0 到 30），或 不报",
                         f"announce: how many 钱 is your {owed['group']} of {owed['card']}"
                         f"{where}? type 报 N (0 to 30), or 不报"), style="bold cyan")


def owed_choices(view: Mapping[str, Any], shown: Sequence[str],
                 ctx: RenderContext) -> Text | None:
    """The 32 answers to a 报子 question as one line (the numbered list took 5 lines, 16 in
    English, and pushed the table off an 80×24 screen: a terminal play-test); None when
    no 报子 is asked."""
    if not view.get("my_owed") or len(shown) < 3:
        return None
    return Text.assemble((ctx.pick("可选：", "choices: "), "bold"),
                         ctx.pick(f"{shown[0]} … {shown[-2]}、{shown[-1]}（共 {len(shown)} 种："
                                  f"#1 是 {shown[0]}）",
                                  f"{shown[0]} … {shown[-2]}, {shown[-1]} ({len(shown)} in "
                                  f"all: #1 is {shown[0]})"))


def _announced(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
    said = e.get("said")
    group = f"{e['group']} {e['card']}" if e.get("card") else str(e["group"])
    if said is None:
        return ctx.pick(f"{who} 没报 {group}（不报子，不上算盘）",
                        f"{who} did not announce the {group} (nothing goes on the abacus)")
    if e.get("outcome") == "baozi":
        right = "" if e.get("correct") is None else ctx.pick(f"，应报 {e['correct']}",
                                                             f", it was {e['correct']}")
        # what it did, as the room's 吃包子 rule says (the English said "wipes" where the
        # abacus went to −20, 戴帽子: a terminal play-test)
        hat = int(e.get("after", 0)) < 0
        return ctx.pick(f"{who} 报 {said} 个钱（{group}）—— 报错了，吃包子{right}！",
                        f"{who} announced {said} 钱 ({group}) — wrong: 吃包子 (the abacus "
                        f"{'wiped and put in minus: 戴帽子' if hat else 'wiped to 0'}){right}!"
                        ) + _abacus_move(e, ctx, "算盘 ", " abacus ")
    earlier = int(said) - (int(e["after"]) - int(e["before"]))  # a group that grew adds
    if earlier > 0:  # only the difference to its earlier form's
        group += ctx.pick(f"，先前已上 {earlier}", f"; {earlier} already on from before")
    return ctx.pick(f"{who} 报 {said} 个钱（{group}），上算盘",
                    f"{who} announced {said} 钱 ({group}): it goes on the abacus"
                    ) + _abacus_move(e, ctx, "：", ": ")


def _abacus_move(e: Mapping[str, Any], ctx: RenderContext, zh: str, en: str) -> str:
    """After a 报子's line: ``zh`` / ``en`` and the abacus before and after (``6 → 12``);
    nothing in the 报数 practice, where the learner reads the abacus from its beads (the
    numbers come with the deal's end: the win's line, the settlement)."""
    if practice(ctx):
        return ""
    return ctx.pick(zh, en) + f"{e['before']} → {e['after']}"


def practice(ctx: RenderContext) -> bool:
    """Whether the deal is the 报数 practice, whose learner reads the abacus from its beads
    (no line says its number before the deal's end)."""
    return getattr(ctx.rules, "baoshu", "auto") == "train"


def _abacus_win(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
    """和牌 48（先前已上 24），上算盘：34 → 58: the value, what this deal's 报子 already put
    on (the event's ``earlier``), and the abacus before and after."""
    earlier = int(e.get("earlier") or 0)
    zh_more = f"（先前已上 {earlier}）" if earlier else ""
    en_more = f", {earlier} of it already on from before" if earlier else ""
    line = ctx.pick(f"{who} 和牌 {e['value']}{zh_more}，上算盘：{e['before']} → {e['after']}",
                    f"{ctx.owner(int(e['seat']))} win goes on the abacus ({e['value']}"
                    f"{en_more}): {e['before']} → {e['after']}")
    if e.get("debo"):
        line += ctx.pick("　得一钵！按油子差距计输赢，算盘归零",
                         " — 得一钵 (the pot is won)! settled by the differences, every "
                         "abacus reset")
    return line


def refusal_text(refused: Mapping[str, Any], ctx: RenderContext) -> str:
    """Why a wait cannot win now (a :class:`huapai.games.xiushan.abacus.Refusal` as JSON):
    还不能和：第二回和须满 100，这回只到 88 (seed 004 §四: 第二回和牌时…必须达到100胡油以上);
    in the 报数 practice without what the win reaches (the abacus's number)."""
    if refused["code"] == "max_wins":
        n = int(refused["max_wins"])
        return ctx.pick(f"不能和：每钵最多和 {n} 回",
                        f"cannot win: at most {count_en(n, 'win', 'wins')} in a 钵")
    win, target, reaches = int(refused["win"]), refused["target"], refused["reaches"]
    if practice(ctx):  # what the win reaches is the abacus's number
        return ctx.pick(f"还不能和：第{zh_number(win)}回和须满 {target}",
                        f"cannot win yet: win {win} must reach {target}")
    return ctx.pick(f"还不能和：第{zh_number(win)}回和须满 {target}，这回只到 {reaches}",
                    f"cannot win yet: win {win} must reach {target}, this one reaches {reaches}")


EVENTS: dict[str, EventText] = {"announced": _announced, "abacus_win": _abacus_win}
