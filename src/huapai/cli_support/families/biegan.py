"""The 双别杆 table in a terminal: seats, melds, discards, the discard on the table, the hand.

The family's manifest names ``RENDERER`` here as its ``terminal_renderer``. It
reads only a seat's ``observe()`` dict and events already filtered for that seat, so it
cannot show anything the viewer may not see: another seat's face-down 紮 shows as
``[紮 ????]``, another seat's draw as "draws a card".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from huapai.cli_support.i18n import Lang
from huapai.cli_support.render import (
    DealFacts,
    EventText,
    NumberReadings,
    RenderContext,
    event_line,
    name_cell,
    public_table,
)
from huapai.games.biegan.cards import said_zh

from . import biegan_advice
from .biegan_cards import cards_in as _cards
from .biegan_cards import row_gap
from .common import (
    card_units,
    deal_ended,
    discarded_as,
    ended_line,
    groups_text,
    label,
    phase_head,
)

_PHASES: dict[str, tuple[str, str]] = {
    "qingtong": ("请统：有四张的可以紮（末家、二家依次；庄家的请统就是他的第一手）",
                 "请统: a seat holding four of a face may 紮 (末家, then 二家; the 庄家's 请统 "
                 "is his first turn)"),
    "turn": ("出牌", "playing"),
    "after_dui": ("对了牌，直接出一张", "after 对: discard one card"),
    # (each seat asked answers: two marked ▶ 轮到 read as waiting on the other, a play-test)
    "window": ("表态：胡 / 招 / 对 / 过（问到的每家都要答）",
               "answering a discard: 胡 (win) / 招 (zhao: a fourth) / 对 (dui: a third) / "
               "过 (pass) — every seat asked answers"),
    "over": ("本局结束", "the deal is over"),
}
_ENDS: dict[str, tuple[str, str]] = {
    "hu": ("胡牌，本局结束", "胡: the deal is won"),
    "huang": ("牌摸完了，黄庄", "the stock is exhausted: 黄庄 (drawn deal)"),
}
_ROLES = (("庄家", "庄家 (dealer)"), ("二家", "二家 (2nd)"), ("末家", "末家 (3rd)"))
_FACTS: dict[str, tuple[str, str]] = {
    "win": ("胡牌率", "win rate"),
    "zimo": ("自摸率", "self-drawn win rate"),
    "dianpao": ("放铳率", "rate of discarding a winning card"),
    "bao": ("包牌率", "包 rate (over the 对 limit when another wins)"),
    "huang": ("黄庄率", "drawn deal (黄庄) rate"),
}
class BieganRenderer:
    """The 双别杆 renderer."""

    # ------------------------------------------------------------------ the table
    def said_cards(self, cards: str, ctx: RenderContext) -> str:
        """Cards as this screen says them (``huapai replay``'s hands): 花三 in Chinese, as
        play does (the replay wrote 三*, a notation mark: a 公安 player's check)."""
        return said_zh(cards)  # English too: the game's term, not the notation's mark

    def table(self, view: Mapping[str, Any], ctx: RenderContext) -> RenderableType:
        parts: list[RenderableType] = [self.status(view, ctx), self._seats(view, ctx)]
        pending = view.get("pending")
        if pending:
            who = ctx.name(int(pending["seat"]))
            parts.append(Text.assemble((ctx.pick("桌上：", "on the table: "), "bold"),
                                       who, ctx.pick(" 打出 ", " discarded "),
                                       _cards(str(pending["card"]), ctx)))
        parts.extend(self._wins(view, ctx))
        parts.extend(self._mine(view, ctx))
        return Group(*parts)

    def status(self, view: Mapping[str, Any], ctx: RenderContext) -> Text:
        ended = ended_line(view, ctx, _ENDS)
        if ended is not None:
            return ended
        times = int(view.get("multiplier", 1))
        return Text.assemble(
            phase_head(view, ctx, _PHASES), "   ",
            (ctx.pick("牌堆：", "stock: "), "bold"), str(view.get("stock")),
            ctx.pick(f"   {times} 倍", f"   ×{times} room") if times != 1 else "")

    def _seats(self, view: Mapping[str, Any], ctx: RenderContext) -> Table:
        table = public_table((ctx.pick(zh, en), zh in ("手牌", "对")) for zh, en in (
            ("座位", "seat"), ("身份", "role"), ("手牌", "hand"), ("亮牌", "melds"), ("对", "对"),
            ("弃牌", "discards"), ("状态", "status")))
        for seat in range(int(view["num_seats"])):
            table.add_row(*self._seat_row(view, ctx, seat))
        return table

    def _seat_row(self, view: Mapping[str, Any], ctx: RenderContext,
                  seat: int) -> list[RenderableType]:
        name = name_cell(ctx, seat)
        role = ctx.pick(*_ROLES[(seat - int(view["dealer"])) % int(view["num_seats"])])
        duis = int(view["duis"][seat])
        dui = Text(str(duis), style="bold red" if duis > int(view["dui_limit"]) else "")
        melds = groups_text(view["melds"][seat], lambda cards: _cards(cards, ctx))
        return [name, role, str(view["hand_sizes"][seat]), melds, dui,
                card_units(str(view["rivers"][seat]), lambda cards: _cards(cards, ctx),
                           row_gap(str(view["rivers"][seat]))),
                self._seat_status(view, ctx, seat)]

    def _seat_status(self, view: Mapping[str, Any], ctx: RenderContext, seat: int) -> Text:
        marks = []
        if seat in view.get("to_act", []):
            marks.append(("▶ " + ctx.pick("轮到", "to act"), "bold yellow"))
        if int(view["duis"][seat]) > int(view["dui_limit"]):
            marks.append((ctx.pick("超对，别家胡则包", "over the 对 limit: 包 if another wins"),
                          "red"))
        out = Text()
        for i, (text, style) in enumerate(marks):
            out.append((" · " if i else "") + text, style=style)
        return out

    def _wins(self, view: Mapping[str, Any], ctx: RenderContext) -> list[RenderableType]:
        out: list[RenderableType] = []
        for win in view.get("wins") or []:
            how = (ctx.pick("自摸", "self-drawn") if win["from_seat"] is None else
                   _on_discard(int(win["from_seat"]), ctx))
            head = Text.assemble((ctx.name(int(win["seat"])), "bold green"),
                                 ctx.won("胡了", how),
                                 (f"{win['hu']} 胡 · {win['fen']} 分", "bold"))
            units = Text("  ")
            for unit in win["units"]:
                units.append(f"{unit['kind']}[")
                units.append_text(_cards(str(unit["cards"]), ctx))
                units.append(f"]{unit['hu']}  ")
            units.append(ctx.pick("听头 ", "听头 (two-card head) "))
            units.append_text(_cards("".join(str(c) for c in win["tingtou"]), ctx))
            if win.get("zhujing"):
                units.append(ctx.pick(f"  主精 {win['zhujing']}", f"  主精 {win['zhujing']}"))
            out += [head, units]
        return out

    def _mine(self, view: Mapping[str, Any], ctx: RenderContext) -> list[RenderableType]:
        if view.get("hand") is None:
            return []
        out: list[RenderableType] = [Text.assemble((ctx.pick("你的手牌：", "your hand: "), "bold"),
                                                   _cards(str(view["hand"]), ctx, runs=True))]
        if view.get("drawn"):
            out.append(Text.assemble(ctx.pick("刚摸到：", "just drew: "),
                                     _cards(str(view["drawn"]), ctx)))
        if view.get("guohu"):
            out.append(Text(ctx.pick("过胡：摸牌前不能捉铳", "过胡: no winning on a discard "
                                     "until your next draw"), style="yellow"))
        if view.get("phase") == "window" and view.get("dui_warn"):
            out.append(Text(ctx.pick(f"你已对 {view['dui_limit']} 次：再对，别家胡了你包",
                                     f"you have made {view['dui_limit']} 对, the limit: one "
                                     "more and you pay the whole win (包) if another "
                                     "seat wins"), style="yellow"))
        return out

    # ------------------------------------------------------------------ advice
    def hints(self, view: Mapping[str, Any], ctx: RenderContext) -> RenderableType | None:
        """At a decision: the value of an offered 胡 and the waits (or the discards' waits)."""
        return biegan_advice.hints(view, ctx)

    def waits(self, view: Mapping[str, Any], ctx: RenderContext) -> RenderableType:
        """The ``waits`` command."""
        return biegan_advice.waits(view, ctx)

    # ------------------------------------------------------------------ events
    def event(self, event: Mapping[str, Any], ctx: RenderContext) -> str | None:
        return event_line(_EVENTS, event, ctx)

    # ------------------------------------------------------------------ help and facts
    def notation_help(self, ctx: RenderContext) -> str:
        return ctx.pick(
            "牌：每张牌写它的字：上大人孔乙己可知礼化三千七十士八九子二四五六，"
            "带花的写 花三、花五、花七、花乙、花九（也可以在字后加 *：三*）；"
            "赖子写「赖」；禮、土 也认。\n"
            "动作：打 花三（或直接写牌）出牌；紮 七；开泛 七；胡；招；对；过。"
            "别家出牌后每人都要表态（能胡、招、对的才有这些选项，否则只能「过」）。\n"
            "轮到你时会写出胡牌值多少、听哪些牌；输入「听」随时看。",
            "Cards: each card is its character: 上大人孔乙己可知礼化三千七十士八九子二四五六; a "
            "flowered (花) card takes a *: 三* 五* 七* 乙* 九* (or, as Chinese says it, 花三); "
            "the joker is 赖; 禮 and 土 are read too.\nActions: 打 三* (or just the card) "
            "discards; 紮 七; 开泛 七; 胡 (win); 招; 对; 过 (pass). After each discard every "
            "other seat answers (过 when it has nothing to claim).\nAt your turn the value of "
            "a 胡 on offer and your waits are shown; waits shows them any time.",
        )

    def number_readings(self, ctx: RenderContext) -> NumberReadings:
        """Cards are 汉字 and no label shows a number: a bare number is a list number."""
        return NumberReadings(cards=None, items=None)

    def deal_facts(self, view: Mapping[str, Any], ctx: RenderContext) -> DealFacts:
        wins = view.get("wins") or []
        winners = {int(w["seat"]) for w in wins}
        self_drawn = {int(w["seat"]) for w in wins if w["from_seat"] is None}
        fed = {int(w["from_seat"]) for w in wins if w["from_seat"] is not None}
        limit = int(view["dui_limit"])
        seats = range(int(view["num_seats"]))
        return DealFacts(
            per_seat={
                "win": [s in winners for s in seats],
                "zimo": [s in self_drawn for s in seats],
                "dianpao": [s in fed for s in seats],
                "bao": [bool(winners) and s not in winners and int(view["duis"][s]) > limit
                        for s in seats],
            },
            per_deal={"huang": view.get("end") == "huang"},
        )

    def dealer_word(self, lang: Lang) -> str:
        return "庄家" if lang == "zh" else "dealer (庄家)"

    def fact_label(self, key: str, lang: Lang) -> str:
        return label(_FACTS, key, lang)


# ---------------------------------------------------------------------------- events


def _drew(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
    where = ctx.pick("牌面", "the top (牌面)") if e["source"] == "top" else ctx.pick(
        "牌底", "the bottom (牌底)")
    if e.get("card") is None:
        return ctx.pick(f"{who} 从{where}摸一张", f"{who} drew a card from {where}")
    return ctx.pick(f"{who} 从{where}摸到 {said_zh(e['card'])}",
                    f"{who} drew {said_zh(e['card'])} from {where}")


def _qingtong_passed(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
    """A seat done with 请统: 请统完了 reads right whether it 紮ed before (a seat may 紮 several
    fours; "紮 五…" then "不紮" read as a contradiction) or had no four at all (不紮了 read
    as a choice for a seat with nothing to 紮: a play-test — the event is the same)."""
    return ctx.pick(f"{who} 请统完了", f"{who} is done with 请统")


def _face_down(e: Mapping[str, Any], ctx: RenderContext) -> str:
    """The cards of a 紮 / 泛 after a space, or that they are face down (扣着)."""
    if not e.get("cards"):
        return ctx.pick("（扣着）", " (face down)")
    return " " + said_zh(e["cards"])


def _zha(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
    """紮; the replacement from 牌底 is the ``drew`` line that follows."""
    return ctx.pick(f"{who} 紮{_face_down(e, ctx)}",
                    f"{who} declared 紮 (zha: four alike){_face_down(e, ctx)}")


def _kaifan(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
    """开泛; the replacement from 牌底 is the ``drew`` line that follows."""
    cards = _face_down(e, ctx)
    return ctx.pick(f"{who} 开泛{cards}", f"{who} declared 开泛{cards}")


def _claimed(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
    seat = int(e["from_seat"])
    return ctx.pick(f"{who} {e['claim']} {ctx.owner(seat)} {said_zh(e['card'])}："
                    f"{said_zh(e['cards'])}",
                    f"{who}: {e['claim']} on {said_zh(e['card'])} (from {ctx.name(seat)}): "
                    f"{said_zh(e['cards'])}")


def _on_discard(seat: int, ctx: RenderContext) -> str:
    """How a 胡 on a discard is said: 捉你的铳 / 捉座位2 的铳, on your / seat 2's discard."""
    return ctx.pick(f"捉{ctx.owner(seat)}铳", f"on {ctx.owner(seat)} discard")


def _won(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
    how = (ctx.pick("自摸", "self-drawn") if e.get("from_seat") is None
           else _on_discard(int(e["from_seat"]), ctx))
    return ctx.pick(f"{who} 胡了（{how}）：{e['hu']} 胡，{e['fen']} 分。{said_zh(e['hand'])}",
                    f"{who} won ({how}): {e['hu']} 胡, {e['fen']} 分. {said_zh(e['hand'])}")


_EVENTS: dict[str, EventText] = {
    "drew": _drew,
    "qingtong_passed": _qingtong_passed,
    "zha": _zha,
    "kaifan": _kaifan,
    "discarded": discarded_as(said_zh),
    "claimed": _claimed,
    "won": _won,
    "deal_ended": deal_ended(_ENDS),
}

RENDERER = BieganRenderer()
