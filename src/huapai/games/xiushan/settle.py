"""Settlement of a 秀山 deal in 豆, itemised: each group's 油子, each 豆 and why, who pays.

A win is worth its 豆 (:func:`.calculator.dou_items`: 和 1, each 贰 1, 自摸 1 where the
preset has it, capped). A 自摸 (and 天胡) is paid by every other player; a win on a
discard by ``pay_discard`` (the discarder for everyone, each loser his own share, or
the discarder one share). 黄庄 pays nothing.
"""

from __future__ import annotations

from huapai.core.present import Msg, SettlementItem, unit
from huapai.core.protocol import Payment, Settlement

from .cards import card_name, format_cards
from .describe import jiang_name, say
from .groups import Group
from .state import State, Win

HUANG = say("黄庄：没有人和牌", "黄庄: nobody won", "huang")
"""The table-wide line of a deal nobody won (an item, so each front end says it in its
player's language; the note keeps the old two-language text)."""


def settle(s: State) -> Settlement:
    n = s.rules.num_seats
    w = s.win
    if w is None:
        return Settlement(n, (), (str(HUANG),), (SettlementItem(None, HUANG.code, HUANG, 0,
                                                               unit("none")),))
    dou = w.result.dou or 0
    losers = [p for p in s.active if p != w.seat]
    if w.from_seat is None:
        zh, en = ("自摸", "self-drawn") if w.card is not None else ("天胡", "dealt hand")
        payments = [Payment(p, w.seat, dou, "zimo", say(f"{dou} 豆（{zh}）", f"{dou} 豆 ({en})"))
                    for p in losers]
    else:
        payments = _on_discard(s.rules.pay_discard, w.seat, w.from_seat, losers, dou)
    lines = [*won_on_lines(w), *jiang_lines(s), *((w.seat, *line) for line in _lines(s))]
    return Settlement(n, tuple(payments), tuple(note(*line[1:]) for line in lines),
                      tuple(SettlementItem(seat, label.code, label, value, measure)
                            for seat, label, value, measure in lines))


def _on_discard(mode: str, winner: int, discarder: int, losers: list[int],
                dou: int) -> list[Payment]:
    # 豆 glossed in English, and a × 3 said as paying for the three (a newcomer asked
    # what 豆 was and why × 3)
    if mode == "each":
        return [Payment(p, winner, dou, "hu", say(f"{dou} 豆", f"{dou} 豆 (points)"))
                for p in losers]
    total = dou * (len(losers) if mode == "all" else 1)
    zh = f"放炮 {dou} 豆 × {len(losers)} 家" if mode == "all" else f"放炮 {dou} 豆"
    en = (f"the discarder pays for all {len(losers)}: {dou} 豆 (points) × {len(losers)}"
          if mode == "all" else f"the discarder pays {dou} 豆 (points)")
    return [Payment(discarder, winner, total, "fangpao", say(zh, en))]


_YOUZI = Msg("youzi", "油子", "油子")
_DOU = Msg("dou", "豆", "豆")


def _lines(s: State) -> list[tuple[Msg, int, Msg]]:
    """The winner's breakdown: each group's 油子, the total, each 豆 and why, 啄雀, the cap
    and the 豆 in all (each a settlement item: a label, its value and unit)."""
    w = s.win
    assert w is not None
    r = w.result
    out: list[tuple[Msg, int, Msg]] = []
    if not s.rules.youzi:  # 麻雀福 不计油子: the groups as they lie, no 油子 and no 起胡
        out.extend((group_label(g), 0, unit("none")) for g in r.groups)
    else:
        out.extend((group_label(g, g.raised_by_jiang()), g.youzi, _YOUZI)
                   for g in r.groups)
        out.append((say(f"共计（起胡 {r.threshold}）", f"in all (needs {r.threshold})",
                        "youzi"), r.youzi, _YOUZI))
    out.extend((say(*item.label(), "dou_item"), item.dou, _DOU) for item in r.dou_items)
    if r.zhuaque:
        out.append((say("啄雀：和的那张凑成了麻雀（不加豆）",
                        "啄雀: the winning card made the pair (no 豆)", "zhuaque"), 0, _DOU))
    total = sum(i.dou for i in r.dou_items)
    if r.dou is not None and r.dou < total:
        out.append((say("封顶", "capped", "dou_cap"), r.dou, _DOU))
    out.append((say("共计", "in all", "dou"), r.dou or 0, _DOU))
    if s.rules.hand_value == "mingtang" and not s.rules.mingtang_table:
        out.append((_PROVISIONAL, 0, unit("none")))
    return out


_PROVISIONAL = say(
    "三六福的名堂豆数是本站暂定的：没有公开资料写明，每个名堂先算 1 豆"
    "（牌社可以换名堂表，见规则说明）",
    "三六福's 名堂 values are our placeholders: no public source gives them, so each counts "
    "1 豆 for now (a club may load its own table; see the rules)", "provisional")
"""Under a 三六福 win on the built-in 名堂表: its 豆 are placeholders (docs/xiushan.md §5
#32) — the settlement showed them as the rule (a 秀山 player's audit)."""


def jiang_lines(s: State) -> list[tuple[int, Msg, int, Msg]]:
    """Under the winner, the deal's 将 and the card flipped for it: the settlement marked
    groups （将） but never said what the 将 was, so a 开召 worth 9 could not be checked (a
    秀山 player's audit); ``jiang``, ``flipped`` are its params. None without a flip."""
    if s.win is None or s.jiang is None:
        return []
    name = jiang_name(s.jiang)
    flipped = card_name(s.deal[-1])
    return [(s.win.seat, Msg("jiang", f"将：{name}（翻出 {flipped}）",
                             f"将: {name} (flipped {flipped})",
                             {"jiang": name, "flipped": flipped}), 0, unit("none"))]


def won_on_lines(w: Win) -> list[tuple[int, Msg, int, Msg]]:
    """The card the hand won on, under the winner, and under the seat whose discard it was
    that it fed the win (放炮) — a 钵福 settlement named neither (a phone play-test): (seat,
    label, value, unit) lines, none for a dealt hand (天胡)."""
    if w.card is None:
        return []
    out = [(w.seat, _won_on(w), 0, unit("none"))]
    if w.from_seat is not None:
        card = card_name(w.card)
        fed = Msg("fed", f"放炮：打出了和的那张 {card}", f"fed the win: discarded {card}",
                  {"card": card, "winner": w.seat})
        out.append((w.from_seat, fed, 0, unit("none")))
    return out


def _won_on(w: Win) -> Msg:
    """The card the hand won on, and how (the settlement named no winning card: a
    newcomer's play-test); ``card``, ``self_drawn`` are its params."""
    card = card_name(w.card) if w.card is not None else ""
    how_zh, how_en = ("自摸", "self-drawn") if w.from_seat is None else ("别家打出", "a discard")
    return Msg("won_on", f"和的那张：{card}（{how_zh}）", f"won on {card} ({how_en})",
               {"card": card, "self_drawn": w.from_seat is None})


KIND_EN = {"联子": "联子 (run)", "二七十": "二七十 (2-7-10)",
           "大小组合": "大小组合 (big-and-small)", "坎": "坎 (kan, three alike)",
           "麻雀": "麻雀 (pair)", "碰": "碰 (peng)", "哨": "哨 (shao)", "开召": "开召 (kaizhao)",
           "鸡": "鸡 (ji)", "龙灯": "龙灯 (longdeng)"}
"""Each kind of group glossed once for English (the 汉字 stay: they are the game's terms)."""


def group_label(g: Group, jiang: bool = False) -> Msg:
    """A group of the winning hand, where it lies: 落地碰 三三三 / laid 碰 (peng) 三三三, and
    ``（将）`` when the 将 raised its 油子 (a 碰 of the 将 worth 3 beside another 碰 worth 1
    read as miscounted, a play-test); its params (``kind``, ``cards``, ``laid``,
    ``jiang``; ``kind_en``, glossed) are what a front end draws it from."""
    cards = format_cards(g.cards)
    kind_en = KIND_EN.get(g.kind.value, g.kind.value)
    zh_peng, en_peng = (("（和的是别家打的这张：按碰算）",
                         " (won on this discard: counted as a 碰)") if g.as_peng else ("", ""))
    zh_jiang, en_jiang = ("（将）", " (将: worth more)") if jiang else ("", "")
    return Msg("group", f"{'落地' if g.laid else '手里'}{g.kind.value} {cards}{zh_jiang}{zh_peng}",
               f"{'laid' if g.laid else 'in hand'} {kind_en} {cards}{en_jiang}{en_peng}",
               {"kind": g.kind.value, "cards": cards, "laid": g.laid, "kind_en": kind_en,
                "as_peng": g.as_peng, "jiang": jiang})


def note(label: Msg, value: int, measure: Msg) -> str:
    """An item as the settlement's older free-text note: ``"中文：3 豆 / English: 3 豆"``."""
    if not measure.zh and not value:
        return str(label)
    return str(say(f"{label.zh}：{value} {measure.zh}", f"{label.en}: {value} {measure.en}"))
