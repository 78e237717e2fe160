"""The 秀山 table in a terminal: seats, laid groups, discards, the card on the table, the
hand and its waits.

Named by the family's manifest (``terminal_renderer``). It reads
only a seat's ``observe()`` dict and the events already filtered for that seat: another
seat's face-down 哨 / 龙灯 whose card was never shown is ``哨[???]`` / ``龙灯[????]``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from huapai.cli_support.i18n import Lang, bracketed
from huapai.cli_support.render import (
    DealFacts,
    EventText,
    NumberReadings,
    RenderContext,
    event_line,
    name_cell,
    public_table,
)
from huapai.cli_support.tables import Units

from .common import (
    card_units,
    deal_ended,
    discarded,
    ended_line,
    groups_text,
    label,
    phase_head,
)
from .xiushan_advice import discard_waits, discards
from .xiushan_bo import EVENTS as BO_EVENTS
from .xiushan_bo import bo_table, owed_choices, owed_prompt, practice, refusal_text

_PHASES: dict[str, tuple[str, str]] = {
    "turn": ("打一张牌", "discard a card"),
    "drawn": ("堂子头起牌：和、必成的组，或者过",
              "a 堂子头 card: 和 (win), the group it forces, or 过"),
    "window": ("有人打牌：和、必碰 / 必开召，或者过",
               "a discard: 和 (win), a forced 碰 / 开召, or 过"),
    "over": ("本局结束", "the deal is over"),
    "announce": ("报子：报出刚落地的组是几个钱", "报子: announce the group just laid, in 钱"),
}
_ENDS: dict[str, tuple[str, str]] = {
    "hu": ("和牌，本局结束", "和: the deal is won"),
    "huang": ("堂子摸完了，黄庄", "the stock is exhausted: 黄庄"),
}
_FACTS: dict[str, tuple[str, str]] = {
    "win": ("和牌率", "win rate"), "zimo": ("自摸率", "self-drawn win rate"),
    "fangpao": ("放炮率", "rate of discarding a winning card"),
    "huang": ("黄庄率", "drawn deal (黄庄) rate"),
}
_RED = frozenset("二七十贰柒拾")


def cards_text(cards: str | None) -> Text:
    """Card notation coloured: 二七十 / 贰柒拾 red, big cards bold."""
    if cards is None:
        return Text("???", style="dim")
    out = Text()
    for ch in cards:
        style = "red" if ch in _RED else ""
        if ch in "壹贰叁肆伍陆柒捌玖拾":
            style += " bold"
        out.append(ch, style=style.strip())
    return out


_IDLE: dict[str, tuple[str, str]] = {
    "laoye": ("老爷 · 不打", "老爷 · sits out"),
    "xun": ("巽家 · 不打", "巽家 · sits out"),
    "none": ("不打", "sits out"),
}
"""The seat that does not play, as the browser names it (麻雀福's 老爷, 钵福's 巽家)."""


class XiushanRenderer:
    """The 秀山 renderer."""

    def table(self, view: Mapping[str, Any], ctx: RenderContext) -> RenderableType:
        parts: list[RenderableType] = [self.status(view, ctx), self._seats(view, ctx)]
        offer = view.get("offer")
        if offer:
            verb = ctx.pick(" 堂子头起 ", " turned up ") if offer["drawn"] else ctx.pick(
                " 打出 ", " discarded ")
            parts.append(Text.assemble((ctx.pick("桌上：", "on the table: "), "bold"),
                                       ctx.name(int(offer["seat"])), verb,
                                       cards_text(offer["card"])))
        win = view.get("win")
        if win:
            parts.append(self._win(win, ctx))
        if view.get("bo"):
            parts.append(bo_table(view["bo"], ctx))
        parts.extend(self._mine(view, ctx))
        return Group(*parts)

    def status(self, view: Mapping[str, Any], ctx: RenderContext) -> Text | Units:
        """The phase, the stock and the deal's facts, wrapped between them only (at 80
        columns it broke 起胡 18 / 胡, a play-test)."""
        ended = ended_line(view, ctx, _ENDS)
        if ended is not None:
            return ended
        stock = Text.assemble((ctx.pick("堂子：", "stock: "), "bold"), str(view["stock"]))
        facts = [Text(part) for part in self._facts(view, ctx)]
        return Units((phase_head(view, ctx, _PHASES), stock, *facts), gap="   ")

    def opening(self, view: Mapping[str, Any], ctx: RenderContext) -> str | None:
        """The deal's public facts: the flipped card and its 将, the 胡 a win needs (a
        replay says them under the dealt hands; the table's status line carries them)."""
        return "   ".join(self._facts(view, ctx)) or None

    def _facts(self, view: Mapping[str, Any], ctx: RenderContext) -> list[str]:
        parts = []
        if view.get("jiang"):
            parts.append(ctx.pick(f"翻 {view['flipped']}，将 {view['jiang']}",
                                  f"flipped {view['flipped']}, 将 {view['jiang']}"))
        if view.get("threshold"):
            parts.append(ctx.pick(f"起胡 {view['threshold']} 胡",
                                  f"{view['threshold']} 油子 to win"))
        return parts

    def _seats(self, view: Mapping[str, Any], ctx: RenderContext) -> Table:
        table = public_table((ctx.pick(zh, en), zh == "手牌") for zh, en in (
            ("座位", "seat"), ("手牌", "hand"), ("落地", "groups"), ("弃牌", "discards"),
            ("状态", "status")))
        active = view.get("active") or []
        for seat in range(int(view["num_seats"])):
            dealer = [Text(ctx.pick(" 庄", " (dealer)"), style="bold")] if (
                seat == view["dealer"]) else []
            name = name_cell(ctx, seat, *dealer)
            melds = view["my_melds"] if seat == ctx.me else view["melds"][seat]
            marks = Text()
            if seat in view.get("to_act", []):
                marks.append("▶ " + ctx.pick("轮到", "to act"), style="bold yellow")
            if seat not in active:  # which of the two the room has (the browser says so)
                marks.append(ctx.pick(*_IDLE.get(str(view.get("idle")), _IDLE["none"])),
                             style="dim")
            table.add_row(name, str(view["hand_sizes"][seat]), groups_text(melds, cards_text),
                          card_units(str(view["rivers"][seat]), cards_text), marks)
        return table

    def _win(self, win: Mapping[str, Any], ctx: RenderContext) -> Text:
        how = (_fed_by(int(win["from_seat"]), ctx) if win["from_seat"] is not None
               else ctx.pick("天胡", "on the dealt hand") if win.get("card") is None
               else ctx.pick("自摸", "self-drawn"))  # no card won on: 天胡, as the settlement says
        counted = ctx.rules.youzi  # 麻雀福 不计油子
        worth = f"{win['youzi']} 油子 · {win['dou']} 豆" if counted else f"{win['dou']} 豆"
        names = ctx.pick("、", ", ").join(m["name"] for m in win.get("mingtang") or [])
        if win.get("fan") is not None:
            aside = bracketed(names or ctx.pick("无名堂", "no 名堂"), ctx.lang) + ctx.pick("", " ")
            worth = f"{win['youzi']} 油子 × {win['fan']} 翻{aside}= {win['value']}"
        elif names:
            worth += bracketed(names, ctx.lang)
        out = Text.assemble((ctx.name(int(win["seat"])), "bold green"), ctx.won("和了", how),
                            (worth, "bold"), "\n  ")
        for g in win["groups"]:
            out.append(f"{g['kind']}[")
            out.append_text(cards_text(str(g["cards"])))
            out.append(f"]{g['youzi']}  " if counted else "]  ")
        return out

    def _mine(self, view: Mapping[str, Any], ctx: RenderContext) -> list[RenderableType]:
        if view.get("hand") is None:
            return []
        # the 老爷's two cards are set aside, not a hand (a play-test read 你的手牌：四叁)
        idle = ctx.me is not None and ctx.me not in (view.get("active") or [ctx.me])
        mine = ctx.pick("你的手牌：", "your hand: ") if not idle else ctx.pick(
            "你这局不打，放在一边的牌：", "you sit out this deal; set aside: ") if view["hand"] \
            else ctx.pick("你这局不打", "you sit out this deal")
        out: list[RenderableType] = [Text.assemble((mine, "bold"), cards_text(str(view["hand"])))]
        if view.get("my_drawn"):
            out.append(Text.assemble(ctx.pick("刚起的牌（只你看得见）：", "your kept draw: "),
                                     cards_text(str(view["my_drawn"]))))
        prompt = owed_prompt(view, ctx)
        if prompt is not None:
            out.append(prompt)
        waits = self.standing_waits(view, ctx)
        if waits is not None:
            out.append(waits)
        return out

    def standing_waits(self, view: Mapping[str, Any], ctx: RenderContext) -> Text | None:
        """My waits as one line (听：…), when my hand is one card short (None: it is not, or
        I hold none): under my hand, right after my move leaves me waiting, and at 听."""
        found = _waits(view, ctx) if view.get("hand") is not None else None
        return None if found is None else Text.assemble(
            (ctx.pick("听：", "waits: "), "bold green"), found)

    def waits(self, view: Mapping[str, Any], ctx: RenderContext) -> RenderableType:
        """The ``waits`` command at the prompt: the same waits the table shows, or at a
        discard what each discard would wait on (it said only 现在不听牌: a play-test)."""
        if view.get("hand") is None:
            return Text(ctx.pick("你没有手牌（观战）", "you hold no hand (watching)"))
        standing = self.standing_waits(view, ctx)
        if standing is not None:
            return standing
        options = discard_waits(view, ctx)
        if options:
            return Group(*(Text.assemble((ctx.pick("打 ", "discard "), "bold"),
                                         cards_text(card), ctx.pick(" → 听 ", " → waits on "),
                                         _waits_text([w.to_json() for w in found], ctx))
                           for card, found in options))
        if discards(view):
            return Text(ctx.pick("现在不听牌：打哪一张都还差牌",
                                 "not waiting: no discard leaves a wait"))
        return Text(ctx.pick("现在不听牌", "not waiting now"))

    def event(self, event: Mapping[str, Any], ctx: RenderContext) -> str | None:
        return event_line(_EVENTS, event, ctx)

    def notation_help(self, ctx: RenderContext) -> str:
        """The cards and the actions of the preset: 开召 / 鸡 / 龙灯 only where quads count,
        哨 only where three alike are laid down, which are forced (``forced_claims``; one's
        own draw always makes what it can), 报数 only where 钵福 asks for it."""
        r = ctx.rules
        claims = ["碰", *(["开召", "鸡"] if r.quads else [])]
        own = [*(["哨"] if r.lay_shao else []), *(["龙灯"] if r.quads else [])]
        forced_zh = [*(["、".join(claims)] if r.forced_claims else []),
                     *([f"自己起的 {' / '.join(own)}"] if own else [])]
        forced_en = [*([", ".join(claims)] if r.forced_claims else []),
                     *([f"one's own {' / '.join(own)}"] if own else [])]
        zh = ("牌：小字 一二三四五六七八九十，大字 壹贰叁肆伍陆柒捌玖拾（弍 = 贰，参 = 叁）。\n"
              f"动作：打 贰（或直接写牌）出牌；和（也可以写 胡）；{'；'.join(claims + own)}；过。")
        en = ("Cards: small 一二三四五六七八九十 and big 壹贰叁肆伍陆柒捌玖拾, each 1 to 10 in "
              "that order (弍 = 贰, 参 = 叁); without 汉字, type s1…s10 for the small ones "
              "and b1…b10 for the big (b2 = 贰).\n"
              "Actions: 打 贰 or discard 贰 (or just the card) discards; 和 (win; 胡 is read "
              f"too); {'; '.join(claims + own)}; 过 (pass).")
        if forced_zh:
            zh += f"{'、'.join(forced_zh)} 是必须的：那时只有它（和「和」）可选。"
            en += f" Forced: {' and '.join(forced_en)} (then only it, and 和, is offered)."
        if r.baoshu == "train":
            zh += "报数练习：报 N（报子，N 个钱），不报。"
            en += " 报数 training: 报 N (announce N 钱), 不报 (no announcement)."
        return ctx.pick(zh, en)

    def says_more(self, event: Mapping[str, Any]) -> bool:
        """A wrong 报子's line (吃包子, and what was right) says more than 报 4 (a replay
        showed the move alone: a terminal play-test)."""
        return event.get("kind") == "announced" and event.get("outcome") == "baozi"

    def choices(self, view: Mapping[str, Any], shown: Sequence[str],
                ctx: RenderContext) -> Text | None:
        """钵福's 报子 answers as one line (the question above says how to type them)."""
        return owed_choices(view, shown, ctx)

    def number_readings(self, ctx: RenderContext) -> NumberReadings:
        """Cards are 汉字; only 钵福's 报数 practice lists actions that show a number."""
        items = ctx.pick("「报 3」", "'报 3'") if practice(ctx) else None
        return NumberReadings(cards=None, items=items)

    def deal_facts(self, view: Mapping[str, Any], ctx: RenderContext) -> DealFacts:
        win: Mapping[str, Any] = view.get("win") or {}
        seats = range(int(view["num_seats"]))
        winner = None if not win else int(win["seat"])
        fed = None if not win or win["from_seat"] is None else int(win["from_seat"])
        zimo = bool(win) and win["from_seat"] is None
        return DealFacts(per_seat={"win": [s == winner for s in seats],
                                   "zimo": [zimo and s == winner for s in seats],
                                   "fangpao": [s == fed for s in seats]},
                         per_deal={"huang": view.get("end") == "huang"})

    def dealer_word(self, lang: Lang) -> str:
        return "庄" if lang == "zh" else "dealer (庄)"

    def fact_label(self, key: str, lang: Lang) -> str:
        return label(_FACTS, key, lang)


def _waits(view: Mapping[str, Any], ctx: RenderContext) -> Text | None:
    """The viewer's waits when its hand is one card short: the engine's ``my_waits``
    (the copies left count everything the seat sees; none once the deal is over)."""
    found = view.get("my_waits") or []
    return _waits_text(found, ctx) if found else None


def _waits_text(found: Sequence[Mapping[str, Any]], ctx: RenderContext) -> Text:
    """Waits as the table says them: each card, what it is worth, how many are left."""
    out = Text()
    unit = "钱" if ctx.rules.hand_value == "fan" else "豆"  # 钵福: 油子 × 翻
    for w in found:
        out.append_text(cards_text(str(w["card"])))
        note = _refused_note(w, ctx)
        out.append(ctx.pick(f"（{_worth(w, unit, ctx)}，剩 {w['remaining']}{note}）  ",
                            f" ({_worth(w, unit, ctx)}, {w['remaining']} left{note})  "))
    return out


def _worth(w: Mapping[str, Any], unit: str, ctx: RenderContext) -> str:
    """What a wait is worth: on a discard, and self-drawn where that differs (十八福's
    自摸 豆) — ``3 豆，自摸 4``; a card that wins only self-drawn says so."""
    on, drawn = w["score"], w["score_self_drawn"]
    if on is None:
        return ctx.pick(f"自摸 {drawn} {unit}", f"{drawn} {unit} self-drawn only")
    if drawn is not None and drawn != on:
        return ctx.pick(f"{on} {unit}，自摸 {drawn}", f"{on} {unit}, self-drawn {drawn}")
    return f"{on} {unit}"


def _refused_note(w: Mapping[str, Any], ctx: RenderContext) -> str:
    """钵福: why the wait cannot win now (the engine's ``refused``), "" when it can."""
    on_discard = w["score"] is not None
    refused = w.get("refused") if on_discard else w.get("refused_self_drawn")
    if not refused:
        return ""
    note = ctx.pick("，", ", ") + refusal_text(refused, ctx)
    if on_discard and w["score_self_drawn"] is not None and not w.get("refused_self_drawn"):
        note += ctx.pick("（自摸可以和）", " (self-drawn it may)")
    return note


def _who_from(e: Mapping[str, Any], ctx: RenderContext) -> str:
    source = e.get("from_seat")
    return "" if source is None else ctx.pick(f"（{ctx.owner(int(source))}）",
                                              f" (from {ctx.name(int(source))})")


def _drew(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
    if e.get("card") is None:
        return ctx.pick(f"{who} 起了一张牌", f"{who} drew a card")
    if not e.get("shown", True):
        return ctx.pick(f"{who} 起到 {e['card']}", f"{who} drew {e['card']}")
    return ctx.pick(f"{who} 堂子头起 {e['card']}", f"{who} turned up {e['card']}")


def _taken(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
    return ctx.pick(f"{who} 收进 {e['card']}", f"{who} took {e['card']} into the hand")


def _laid(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
    cards = " " + str(e["card"]) * int(e["size"]) if e.get("card") else ctx.pick(
        "（扣着）", " (face down)")
    # English with a verb (阿甲: 碰 九九九 read as nothing to an English player: a play-test)
    verb = "claims" if e.get("from_seat") is not None else "lays"
    return ctx.pick(f"{who} {e['group']}{cards}{_who_from(e, ctx)}{_forced(e, ctx)}",
                    f"{who} {verb} {e['group']}{cards}{_who_from(e, ctx)}{_forced(e, ctx)}")


def _forced(e: Mapping[str, Any], ctx: RenderContext) -> str:
    """My 碰 / 开召 / 鸡 of another seat's card where the rules force it (``forced_claims``):
    a turned-up card is claimed for the seat without a question, and the player's hand
    changed during the bots' turns with nothing said (a play-test)."""
    if e.get("seat") != ctx.me or e.get("from_seat") is None or e.get("group") not in _FORCED \
            or not getattr(ctx.rules, "forced_claims", False):
        return ""
    return ctx.pick("（必须的）", " (forced)")


_FORCED = frozenset({"碰", "开召", "鸡"})
"""The claims ``forced_claims`` makes a seat take."""


def _bakuai(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
    return ctx.pick(f"{who}：八块，下家自行摸牌", f"{who}: 八块 — no discard, the next seat draws")


def _groups(notation: str) -> str:
    """The event's groups (``碰:二二二 坎:壹壹壹``, the groups' notation) as the table shows
    them: ``碰[二二二] 坎[壹壹壹]``."""
    return " ".join(f"{kind}[{cards}]" for kind, _, cards in
                    (group.partition(":") for group in notation.split()))


def _fed_by(seat: int, ctx: RenderContext) -> str:
    """Whose discard a win took: 座位2 放炮 / on your discard."""
    return ctx.pick(f"{ctx.name(seat)} 放炮", f"on {ctx.owner(seat)} discard")


def _fed(e: Mapping[str, Any], ctx: RenderContext) -> str:
    """The same as an aside after the verb: （座位2 放炮） / (on your discard); "" self-drawn."""
    source = e.get("from_seat")
    return "" if source is None else bracketed(_fed_by(int(source), ctx), ctx.lang)


def _won(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
    groups = _groups(str(e["groups"]))
    if ctx.rules.hand_value == "fan":  # 钵福: the value follows, as it goes on the 算盘
        return ctx.pick(f"{who} 和了{_fed(e, ctx)}：{e['youzi']} 油子。{groups}",
                        f"{who} won{_fed(e, ctx)}: {e['youzi']} 油子. {groups}")
    if not ctx.rules.youzi:  # 麻雀福 不计油子
        return ctx.pick(f"{who} 和了{_fed(e, ctx)}：{e['dou']} 豆。{groups}",
                        f"{who} won{_fed(e, ctx)}: {e['dou']} 豆. {groups}")
    return ctx.pick(f"{who} 和了{_fed(e, ctx)}：{e['youzi']} 油子，{e['dou']} 豆。{groups}",
                    f"{who} won{_fed(e, ctx)}: {e['youzi']} 油子, {e['dou']} 豆. {groups}")


_EVENTS: dict[str, EventText] = {
    "drew": _drew, "taken": _taken, "laid": _laid, "discarded": discarded,
    "bakuai": _bakuai, "won": _won, "deal_ended": deal_ended(_ENDS),
    **BO_EVENTS,
}

RENDERER = XiushanRenderer()
