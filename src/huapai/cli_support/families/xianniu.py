"""The 掀牛 table in a terminal: seats, 占牌, 掀 counts, the trick, the hand, events.

The family's manifest names ``RENDERER`` here as its ``terminal_renderer``. It
reads only a seat's ``observe()`` dict and events already filtered for that seat, so it
cannot show anything the viewer may not see.
"""

from __future__ import annotations

from collections.abc import Mapping
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
    Units,
    event_line,
    name_cell,
    public_table,
)
from huapai.core.present import count_en
from huapai.games.xianniu.cards import said_zh

from .common import deal_ended, label, pair_of

_PHASES: dict[str, tuple[str, str]] = {
    "declare": ("叫牌：出牌、掀或{decline}", "declaring: lead, 掀 (xiān: challenge) or {decline}"),
    "lead": ("被掀，必须出牌", "掀ed (challenged): the leader must lead"),
    "follow": ("跟牌：有大必大，无大不出", "following: beat it if you can"),
    "jinpai": ("紧牌：弃牌到 {cap} 张", "紧牌 (jǐnpái): discard down to {cards}"),
    "over": ("本局结束", "the deal is over"),
}
_ENDS: dict[str, tuple[str, str]] = {
    "first_round": ("首轮无掀，本局结束", "首轮无掀: nobody 掀 before any trick, the deal ends"),
    "all_declined": ("无人再掀，本局结束", "nobody 掀 any more, the deal ends"),
    "table_full": ("桌面占牌已满，本局结束", "the table is full of 占牌, the deal ends"),
    "leader_empty": ("出牌人手牌已出完，本局结束", "the leader has no cards left, the deal ends"),
    "big_hand": ("亮出大牌型，本局结束", "a big hand was shown, the deal ends"),
}
_ROLES = (("头家", "头家 (1st)"), ("二家", "二家 (2nd)"), ("底家", "底家 (3rd)"))
_FACTS: dict[str, tuple[str, str]] = {
    "gou": ("够牌率", "够牌 rate"),
    "ci": ("刺牌率", "刺 rate"),
    "no_xian": ("首轮无掀率", "首轮无掀 rate (everyone declined before any trick)"),
}
_RED = frozenset({"5r", "9r", "大戏", "牛九"})


def _decline_word(ctx: RenderContext) -> str:
    return "不掀" if getattr(ctx.rules, "deck", "poker") == "huapai" else "扣了"


def cards_text(cards: str, ctx: RenderContext) -> Text:
    """Cards with the red 5 / 9 (大戏 / 牛九) in red; in Chinese the poker deck's coloured
    ones as said (红9 黑9: a Chinese screen shows no r / b, and the prompt takes both)."""
    out = Text()
    for i, token in enumerate(cards.split()):
        if i:
            out.append(" ")
        out.append(_said(token, ctx), style="bold red" if token in _RED else "bold")
    return out


def _said(cards: str, ctx: RenderContext) -> str:
    return ctx.pick(said_zh(cards), cards)


class XianniuRenderer:
    """The 掀牛 / 花花牌 renderer (both decks)."""

    def said_cards(self, cards: str, ctx: RenderContext) -> str:
        """Cards as this screen says them (``huapai replay``'s hands): 红9 in Chinese."""
        return _said(cards, ctx)

    # ------------------------------------------------------------------ the table
    def table(self, view: Mapping[str, Any], ctx: RenderContext) -> RenderableType:
        parts: list[RenderableType] = [self.status(view, ctx), self._seats(view, ctx)]
        parts.extend(self._trick(view, ctx))
        parts.append(self._counts(view, ctx))
        if view.get("waste"):
            parts.append(Text.assemble((ctx.pick("废牌：", "beaten (废牌): "), "dim"),
                                       (str(view["waste"]), "dim")))
        parts.extend(self._mine(view, ctx))
        return Group(*parts)

    def status(self, view: Mapping[str, Any], ctx: RenderContext) -> Text:
        zh, en = _PHASES.get(str(view.get("phase")), ("?", "?"))
        cap = view.get("jinpai_cap")
        phase = ctx.pick(zh, en).format(decline=_decline_word(ctx), cap=cap, cards=count_en(
            cap, "card", "cards") if isinstance(cap, int) else "")
        leader = view.get("leader")
        who = ctx.name(leader) if isinstance(leader, int) else "—"
        if view.get("end"):
            return Text.assemble((ctx.pick("【结束】", "[over] "), "bold"),
                                 (self._end_text(view, ctx), "bold magenta"))
        return Text.assemble((ctx.pick("【阶段】", "[phase] "), "bold"), phase, "   ",
                             (ctx.pick("领出：", "leading: "), "bold"), who)

    def _end_text(self, view: Mapping[str, Any], ctx: RenderContext) -> str:
        end = str(view.get("end"))
        if end == "all_declined" and view.get("table_total") == 0:
            end = "first_round"
        return ctx.pick(*pair_of(_ENDS, end))

    def _seats(self, view: Mapping[str, Any], ctx: RenderContext) -> Table:
        table = public_table((ctx.pick(zh, en), zh in ("手牌", "掀")) for zh, en in (
            ("座位", "seat"), ("身份", "role"), ("手牌", "hand"), ("占牌", "won"), ("掀", "掀s"),
            ("状态", "status")))
        for seat in range(int(view["num_seats"])):
            table.add_row(*self._seat_row(view, ctx, seat))
        return table

    def _seat_row(self, view: Mapping[str, Any], ctx: RenderContext,
                  seat: int) -> list[RenderableType]:
        active = list(view["active"])
        name = name_cell(ctx, seat)
        if seat not in active:
            role = ctx.pick("歇家", "歇家 (out)")
            return [name, Text(role, style="dim"), "", "", "", self._backing(view, ctx, seat)]
        role = ctx.pick(*_ROLES[active.index(seat)])
        hand = str(view["hand_sizes"][seat])
        return [name, role, hand, self._zhan(view, seat, ctx), str(view["xian_counts"][seat]),
                self._seat_status(view, ctx, seat)]

    def _backing(self, view: Mapping[str, Any], ctx: RenderContext, seat: int) -> Text:
        """五家抱: the player a sitter backs (抱座位3 / backs seat 3), as the browser shows it."""
        partner = _at(view.get("backs"), seat)
        if not isinstance(partner, int):
            return Text()
        return Text(ctx.pick(f"抱{ctx.name(partner)}", f"backs {ctx.name(partner)}"),
                    style="yellow")

    def _zhan(self, view: Mapping[str, Any], seat: int, ctx: RenderContext) -> Units:
        """The seat's 占牌: how many, then each play won, each play kept whole (``Q Q``)."""
        count = int(view["table_counts"][seat])
        plays = (cards_text(str(play["cards"]), ctx) for play in view["table"][seat])
        return Units((Text(str(count), style="bold green" if count else ""), *plays))

    def _seat_status(self, view: Mapping[str, Any], ctx: RenderContext, seat: int) -> Units:
        marks = []
        if seat in view.get("to_act", []):
            marks.append(("▶ " + ctx.pick("轮到", "to act"), "bold yellow"))
        if seat == view.get("leader"):
            marks.append((ctx.pick("领出", "leads"), "cyan"))
        if seat in view.get("lost_xian", []):
            marks.append((ctx.pick("已失掀权", "may not 掀"), "dim"))
        if view["discard_counts"][seat]:
            n = view["discard_counts"][seat]
            marks.append((ctx.pick(f"已弃 {n} 张", f"threw {n}"), "dim"))
        backer = _at(view.get("backed_by"), seat)
        if isinstance(backer, int):  # 五家抱: a sitter shares this seat's result
            marks.append((ctx.pick(f"{ctx.name(backer)}抱", f"backed by {ctx.name(backer)}"),
                          "dim"))
        # each mark kept whole (a narrow column split "threw" / "9": a lone 9 looked a card)
        return Units(tuple(Text(text, style=style) for text, style in marks), gap=" · ")

    def _trick(self, view: Mapping[str, Any], ctx: RenderContext) -> list[RenderableType]:
        trick = view.get("trick") or []
        if not trick:
            return []
        out = Text(ctx.pick("本轮：", "this trick: "), style="bold")
        for i, play in enumerate(trick):
            out.append("  →  " if i else "")
            out.append(ctx.name(int(play["seat"])) + " ")
            out.append_text(cards_text(str(play["cards"]), ctx))
            out.append(bracketed(str(play["name"]), ctx.lang), style="dim")
        return [out]

    def _counts(self, view: Mapping[str, Any], ctx: RenderContext) -> Text:
        r = ctx.rules
        total, cap = view.get("table_total"), getattr(r, "table_cap", "?")
        gou, ci = getattr(r, "gou", "?"), getattr(r, "ci", "?")
        return Text(ctx.pick(f"桌面占牌 {total}/{cap} 张 · 够牌 ≥{gou} · 刺牌 ≥{ci}",
                             f"table {total}/{cap} won · 够牌 (enough) ≥{gou} · "
                             f"刺 (cì) ≥{ci}"), style="dim")

    def _mine(self, view: Mapping[str, Any], ctx: RenderContext) -> list[RenderableType]:
        if view.get("hand") is None:
            return []
        if ctx.me not in view.get("active", []):
            return [Text(_sitting(view, ctx), style="bold")]
        out: list[RenderableType] = [Text.assemble((ctx.pick("你的手牌：", "your hand: "), "bold"),
                                                   cards_text(_sorted_hand(view), ctx))]
        if view.get("my_discards"):
            out.append(Text.assemble((ctx.pick("你弃的牌：", "you threw away: "), "dim"),
                                     (_said(str(view["my_discards"]), ctx), "dim")))
        return out

    # ------------------------------------------------------------------ events
    def event(self, event: Mapping[str, Any], ctx: RenderContext) -> str | None:
        return event_line(_EVENTS, event, ctx)

    def folded(self, event: Mapping[str, Any], count: int, ctx: RenderContext) -> str | None:
        """``count`` face-down discards of one seat in a row (紧牌) as one line."""
        if event.get("kind") != "discarded" or event.get("card") is not None:
            return None

        def line(e: Mapping[str, Any], who: str, c: RenderContext) -> str:
            return c.pick(f"{who} 扣弃 {count} 张牌", f"{who} discards {count} cards face down")

        return event_line({"discarded": line}, event, ctx)

    # ------------------------------------------------------------------ help and facts
    def notation_help(self, ctx: RenderContext) -> str:
        """How to write cards and actions: the table's own deck first (凤翔's long cards
        by name, the poker letters as the other way), 紧牌 only where it is played."""
        long_cards = getattr(ctx.rules, "deck", "poker") != "poker"
        poker = ctx.pick("扑克 A 2 3 红5 黑5 6 7 8 红9 黑9 10 J Q K（5 和 9 要写颜色：红5、黑9，"
                         "也可以写 5r、9b：r 红、b 黑；A J Q K 也可以写 尖 钩 皇后 国王）",
                         "poker A 2 3 5r 5b 6 7 8 9r 9b 10 J Q K (5 and 9 need a colour: r red, "
                         "b black)")
        names = ctx.pick("花牌名 天 虎 红十 梅十 牛九 牛八 红八 锤七 锤六 串六 板凳 大戏 小戏 地眼",
                         "the long-card names 天 虎 红十 梅十 牛九 牛八 红八 锤七 锤六 串六 板凳 "
                         "大戏 小戏 地眼")
        first, other = (names, poker) if long_cards else (poker, names)
        jin = getattr(ctx.rules, "jinpai", False)
        return ctx.pick(
            f"牌：{first}，或{other}；几张牌用空格分开，如 "
            + ("天 天、牛九 牛八。\n" if long_cards else "K K、红9 黑9、天 天。\n")
            + "动作：掀；扣了 或 不掀" + ("；紧牌；弃 K（紧牌时一次弃一张）" if jin else "")
            + "。小写 q 是退出，出虎请写大写 Q 或「虎」。",
            f"Cards: {first}, or {other}; separate cards with spaces: "
            + ("天 天, 牛九 牛八.\n" if long_cards else "K K, 9r 9b, 天 天.\n")
            + "Actions: 掀 (make the leader lead); 扣了 or 不掀 (decline)"
            + ("; 紧牌; 弃 K (discard one card during 紧牌)" if jin else "")
            + ". Lower-case q quits: type a 虎 as capital Q or 虎.",
        )

    def number_readings(self, ctx: RenderContext) -> NumberReadings:
        """Poker cards are numbers in either deck; the poker deck's labels show them too
        (3 3, and 弃 3 where 紧牌 is played): the examples show the 3 the help speaks of."""
        cards = ctx.pick("扑克的 2、3、10 …", "poker 2, 3, 10 …")
        if getattr(ctx.rules, "deck", "poker") != "poker":
            return NumberReadings(cards=cards, items=None)
        throw = getattr(ctx.rules, "jinpai", False)
        items = ctx.pick("「3 3」" + ("「弃 3」" if throw else ""),
                         "'3 3'" + (" or 'throw 3'" if throw else ""))
        return NumberReadings(cards=cards, items=items)

    def deal_facts(self, view: Mapping[str, Any], ctx: RenderContext) -> DealFacts:
        active = set(view["active"])
        counts = view["table_counts"]
        gou, ci = int(ctx.rules.gou), int(ctx.rules.ci)
        seats = range(int(view["num_seats"]))
        return DealFacts(
            per_seat={
                "gou": [counts[s] >= gou if s in active else None for s in seats],
                "ci": [counts[s] >= ci if s in active else None for s in seats],
            },
            per_deal={"no_xian": view["end"] == "all_declined" and view["table_total"] == 0},
        )

    def fact_label(self, key: str, lang: Lang) -> str:
        return label(_FACTS, key, lang)


# ---------------------------------------------------------------------------- events


def _banpai(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
    return ctx.pick(f"扳牌定序：{who} 摸到 {said_zh(e['card'])}",
                    f"drawing for the lead: {who} drew {e['card']}")


_POKER_RANK = {tok: i for i, tok in enumerate(
    ("A", "2", "3", "5b", "5r", "6", "7", "8", "9b", "9r", "10", "J", "Q", "K"))}
"""A poker hand in poker rank, as the browser sorts it (xianniu.js POKER_ORDER): in the
long cards' face order, A A 红5 2 6 3 … read as no order at all (a terminal play-test)."""


def _sorted_hand(view: Mapping[str, Any]) -> str:
    tokens = str(view["hand"]).split()
    if view.get("deck") == "poker":
        tokens.sort(key=lambda tok: _POKER_RANK.get(tok, len(_POKER_RANK)))
    return " ".join(tokens)


def _big_hand(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
    return ctx.pick(f"{who} 亮出{e['name']}：{said_zh(e['cards'])}",
                    f"{who} shows {e['name']}: {e['cards']}")


def _declined(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
    word = _decline_word(ctx)
    if e.get("auto"):
        return ctx.pick(f"{who} 已失掀权，自动{word}", f"{who} may not 掀: {word} (automatic)")
    return ctx.pick(f"{who} {word}", f"{who} declines ({word})")


def _xian(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
    leader = ctx.name(int(e["leader"]))
    return ctx.pick(f"{who} 掀！{leader} 必须出牌", f"{who} 掀: {leader} must lead")


def _played(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
    if e.get("lead"):
        return ctx.pick(f"{who} 出 {said_zh(e['cards'])}（{e['name']}）",
                        f"{who} leads {e['cards']} ({e['name']})")
    return ctx.pick(f"{who} 压 {said_zh(e['cards'])}（{e['name']}）",
                    f"{who} beats it with {e['cards']} ({e['name']})")


def _passed(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
    return ctx.pick(f"{who} 要不起", f"{who} cannot beat it (passes)")


def _trick_won(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
    return ctx.pick(
        f"{who} 占牌 {said_zh(e['cards'])}，共 {e['table_count']} 张（桌面 {e['table_total']}）",
        f"{who} takes {e['cards']} as 占牌: {e['table_count']} in all (table {e['table_total']})")


def _jinpai(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
    return ctx.pick(f"{who} 紧牌：每人弃到 {e['cap']} 张", f"{who} calls 紧牌: everyone discards "
                    f"down to {count_en(int(e['cap']), 'card', 'cards')}")


def _discarded(e: Mapping[str, Any], who: str, ctx: RenderContext) -> str:
    if e.get("card") is None:
        return ctx.pick(f"{who} 扣弃一张牌", f"{who} discards a card face down")
    return ctx.pick(f"{who} 弃 {said_zh(e['card'])}", f"{who} discards {e['card']}")


_EVENTS: dict[str, EventText] = {
    "banpai": _banpai,
    "big_hand": _big_hand,
    "declined": _declined,
    "xian": _xian,
    "played": _played,
    "passed": _passed,
    "trick_won": _trick_won,
    "jinpai": _jinpai,
    "discarded": _discarded,
    "deal_ended": deal_ended(_ENDS),
}

RENDERER = XianniuRenderer()


def _sitting(view: Mapping[str, Any], ctx: RenderContext) -> str:
    """What the player does while sitting a deal out: watch, and under 五家抱 back a player."""
    partner = _at(view.get("backs"), ctx.me)
    if not isinstance(partner, int):
        return ctx.pick("你这局歇家，观看中……", "you sit this deal out (歇家); watching…")
    name, its = ctx.name(partner), ctx.owner(partner)
    return ctx.pick(f"你这局歇家，抱{name}（五家抱：{its}输赢你担一半），观看中……",
                    f"you sit this deal out (歇家) and back {name} (五家抱: you share half "
                    f"of {its} result); watching…")


def _at(values: Any, seat: int | None) -> Any:
    """``values[seat]`` of a per-seat list in the view, None where there is none."""
    if seat is None or not isinstance(values, list) or not 0 <= seat < len(values):
        return None
    return values[seat]
