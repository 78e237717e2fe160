"""Settlement of a 双别杆 deal (seed 003 §5, zipai.md §A7).

The winner's 胡 become 分 (``fen_mode``; the seed's 按坡: 17 胡 = 1 分, one more every
5 胡) and the winner collects 2 × 分 × 倍数:

* on a discard (放铳) the discarder pays it all (包两家; ``dianpao_pay="one"``: only his
  own share, 包一家);
* on a self-draw (自摸 / 自扣) each other seat pays 分 × 倍数;
* 包: a seat that made more 对 than the limit pays what both losers would have paid
  when another seat wins — also when a third seat discarded (G11,
  ``bao_on_discard``); two liable seats split it evenly. A liable seat that wins pays
  nothing extra.

With 一炮双响 each win is settled on its own. A drawn deal (黄庄) pays nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from huapai.core.present import Msg, SettlementItem, unit
from huapai.core.protocol import Payment, Settlement

from .cards import card_name, face_name, format_cards, said_msg
from .rules import BieganRules, fen_of
from .state import State, Win
from .units import Unit


def settle(s: State) -> Settlement:
    payments: list[Payment] = []
    notes: list[str] = []
    for win in s.wins:
        payments.extend(_win_payments(s, win))
        notes.append(_win_note(s.rules, win))
    notes.extend(f"seat {p}: {n} 对, 包 / liable" for p, n in enumerate(s.duis)
                 if _binds_bao(s, p))
    if not s.wins:
        notes.append("黄庄: no winner, nobody pays / drawn deal")
    return Settlement(s.rules.players, tuple(payments), tuple(notes), tuple(_items(s)))


def owed(rules: BieganRules, win: Win) -> dict[int, int]:
    """What each loser owes for ``win`` before 包 (seat → amount)."""
    share = fen_of(rules, win.result.hu) * rules.multiplier
    seat = win.seat
    if win.from_seat is None and rules.players == 2:
        return {(seat + 1) % 2: 2 * share}  # the one other seat pays the whole 2 × 分 × 倍数
    if win.from_seat is None:
        return {(seat + 1) % 3: share, (seat + 2) % 3: share}
    return {win.from_seat: 2 * share if rules.dianpao_pay == "both" else share}


def liable(s: State, win: Win) -> list[int]:
    """The seats that 包 this win (over the 对 limit, not themselves winners)."""
    if s.rules.dui_over_limit != "bao":
        return []
    winners = {w.seat for w in s.wins}
    out = [p for p in range(s.rules.players)
           if p not in winners and _over_limit(s.rules, s.duis[p])]
    if win.from_seat is not None and s.rules.bao_on_discard == "discarder":
        out = [p for p in out if p == win.from_seat]
    return out


def _binds_bao(s: State, seat: int) -> bool:
    """Whether ``seat`` 包s any of the deal's wins."""
    return any(seat in liable(s, win) for win in s.wins)


def _over_limit(rules: BieganRules, duis: int) -> bool:
    return rules.dui_over_limit == "bao" and duis > rules.dui_limit


def _win_payments(s: State, win: Win) -> Iterator[Payment]:
    debts = owed(s.rules, win)
    label = _label(s.rules, win)
    payers = liable(s, win)
    if not payers:
        reason = "zimo" if win.from_seat is None else "dianpao"
        for payer, amount in debts.items():
            yield Payment(payer, win.seat, amount, reason, label)
        return
    total = sum(debts.values())
    part, extra = divmod(total, len(payers))
    for i, payer in enumerate(payers):
        amount = part + (1 if i < extra else 0)
        said = label if payer == win.from_seat else _label(s.rules, win, instead=True)
        yield Payment(payer, win.seat, amount, "bao", Msg.of(
            "bao", "包（{duis} 对）", "liable (包: {duis} 对, over the limit)",
            duis=s.duis[payer]).with_detail(said))


def _label(rules: BieganRules, win: Win, instead: bool = False) -> Msg:
    """What a win costs, in 胡 and 分 (× 倍数); the payer is the payment's own column.
    ``instead``: a seat liable for 包 pays a discard win for the discarder, and says so
    (放铳包两家 beside a payer who threw nothing had a 双别杆 play-test's two players each
    unable to tell why the other paid)."""
    hu = win.result.hu
    shares = rules.players - 1
    params = {"hu": hu, "fen": fen_of(rules, hu), "times": rules.multiplier,
              "from_seat": win.from_seat, "shares": shares,
              "shares_zh": _ZH_COUNT.get(shares, str(shares))}
    zh_times, en_times = (" × {times}倍", " × {times}") if rules.multiplier != 1 else ("", "")
    if win.from_seat is None:
        return Msg.of("zimo", "自摸 {hu}胡 {fen}分" + zh_times,
                      "self-drawn {hu} 胡 (hand value), {fen} 分 (points)" + en_times, **params)
    # the discarder pays both shares (包两家): say so, and the × 2 — or 53分 next to 106
    # reads as a mistake, and 包 alone as the 限对 penalty (a 双别杆 play-tester read it so);
    # the win is named 捉铳 as in the winner's 明细 (the payer's side is the payment's column)
    en_shares = "both shares" if shares == 2 else "all {shares} shares"
    zh_both, en_both = (("，放铳包{shares_zh}家（替{shares_zh}家付，× {shares}）",
                         f", the discarder pays {en_shares} (× {{shares}})")
                        if rules.dianpao_pay == "both" else ("", ""))
    if instead:  # the 包 seat pays what the discarder would have
        zh_both, en_both = (("，包家替放铳的那家付" + ("{shares_zh}家的份（× {shares}）"
                                                    if rules.dianpao_pay == "both" else "")),
                            (", paid by the liable seat instead of the discarder"
                             + (f" ({en_shares}, × {{shares}})"
                                if rules.dianpao_pay == "both" else "")))
    return Msg.of("dianpao", "捉铳 {hu}胡 {fen}分" + zh_times + zh_both,
                  "won on a discard: {hu} 胡 (hand value), {fen} 分 (points)" + en_times + en_both,
                  **params)


_ZH_COUNT = {1: "一", 2: "两", 3: "三", 4: "四"}

_UNIT_KINDS = {"句": "句 (ju)", "坎": "坎 (kan)", "紮": "紮 (zha)", "泛": "泛 (fan)",
               "对": "对 (dui)", "招": "招 (zhao)"}
_HUANG = Msg("huangzhuang", "黄庄：没人胡，谁也不付", "黄庄: a drawn deal, nobody pays")
_NONE = unit("none")


def _items(s: State) -> Iterator[SettlementItem]:
    """Each win's units and 听头 in 胡, its total and 分; 包 seats; a 黄庄 line."""
    for win in s.wins:
        yield from _win_items(s.rules, win)
    for seat, duis in enumerate(s.duis):
        if _over_limit(s.rules, duis):
            yield _over_limit_item(s, seat, duis)
    if not s.wins:
        yield SettlementItem(None, "huangzhuang", _HUANG, 0, _NONE)


_BAO = Msg("bao", "对超过限数，包", "over the 对 limit: liable (包)")
_NOT_LIABLE = {
    "nobody_won": ("没人胡", "nobody won"),
    "won": ("自己胡了", "won this deal"),
    "discarder_pays": ("放铳者照付", "the discarder pays"),
}


def _over_limit_item(s: State, seat: int, duis: int) -> SettlementItem:
    """A seat over the 对 limit: 包 where it binds (another seat won, and under
    ``bao_on_discard="discarder"`` he threw the winning card), else why it does not."""
    if _binds_bao(s, seat):
        return SettlementItem(seat, "bao", _BAO, duis, unit("dui"))
    why = ("nobody_won" if not s.wins else "won" if any(w.seat == seat for w in s.wins)
           else "discarder_pays")
    zh, en = _NOT_LIABLE[why]
    label = Msg(f"over_dui_limit_{why}", f"对超过限数（{zh}，不包）",
                f"over the 对 limit ({en}: not liable)")
    return SettlementItem(seat, "over_dui_limit", label, duis, unit("dui"))


def _win_items(rules: BieganRules, win: Win) -> Iterator[SettlementItem]:
    r, seat = win.result, win.seat
    if win.card is not None:
        yield SettlementItem(seat, "won_on", _won_on(win), 0, _NONE)
    for u in r.units:
        label = _unit_label(u, doubled_by_main(u, r.zhujing, rules.desk_jing_not_main))
        yield SettlementItem(seat, "unit", label, u.hu, unit("hu"))
    zh, en, joker = _joker_said(r.tingtou_jokers)
    tingtou = said_msg("tingtou", "听头 {cards}" + zh, "听头 (the two-card head) {cards}" + en,
                       cards=format_cards(r.tingtou), **joker)
    yield SettlementItem(seat, "tingtou", tingtou, r.tingtou_hu, unit("hu"))
    if r.zhujing is not None:
        main = Msg.of("zhujing", "主精 {face}", "主精 (the 精 whose 胡 are doubled) {face}",
                      face=face_name(r.zhujing))
        yield SettlementItem(seat, "zhujing", main, 0, _NONE)
    how = (Msg("zimo", "自摸，共", "self-drawn (自摸), in all") if win.from_seat is None
           else Msg.of("zhuochong", "捉铳，共", "won on a discard (捉铳), in all",
                       from_seat=win.from_seat))
    yield SettlementItem(seat, "hu", how, r.hu, unit("hu"))
    yield SettlementItem(seat, "fen", Msg("fen", "折分", "折分 (points)"), fen_of(rules, r.hu),
                         unit("fen"))


def _unit_label(u: Unit, doubled: bool) -> Msg:
    """坎 花三 赖 三（赖作 三）（主精翻倍）: the unit, what its 赖 stood for, and whether the 主精
    doubled it (坎 花五 赖 五 at 14 胡 read as twice the seed's 7: a 公安 player's check);
    its params are what a front end draws it from (``main`` when doubled)."""
    zh, en, joker = _joker_said(u.jokers_as)
    params: dict[str, Any] = dict(joker)
    if doubled:
        zh, en, params["main"] = zh + "（主精翻倍）", en + " (主精: doubled)", True
    return said_msg("unit", "{kind} {cards}" + zh, "{kind_en} {cards}" + en, kind=u.kind,
                    kind_en=_UNIT_KINDS.get(u.kind, u.kind), cards=format_cards(u.cards),
                    **params)


def doubled_by_main(u: Unit, main: int | None, desk_jing_not_main: bool) -> bool:
    """Whether the 主精 doubled a unit's 胡 (the settlement and the calculator say so): it
    holds the 主精's face, and is not a declared unit under 桌面精不算主精 (those are
    neither counted nor doubled)."""
    return main is not None and main in u.faces() and not (u.exposed and desk_jing_not_main)


def _joker_said(faces: tuple[int, ...]) -> tuple[str, str, dict[str, str]]:
    """What each 赖子 of a unit stood for, said after its cards (坎 三三赖（赖作 三）: the
    settlement did not say, a play-test), and its param ``joker_as``; nothing without one."""
    if not faces:
        return "", "", {}
    return ("（赖作 {joker_as}）", " (赖 as {joker_as})",
            {"joker_as": " ".join(face_name(f) for f in faces)})


def _won_on(win: Win) -> Msg:
    """The discard the hand won on (a 双别杆 play-tester could not tell which had won, as
    秀山's newcomer could not; a 自摸 keeps no card, its 自摸，共 line says how);
    ``card``, ``from_seat`` are its params."""
    assert win.card is not None
    card = card_name(win.card)
    return said_msg("won_on", "胡的那张：{card}（别家打出）", "won on {card} (a discard)",
                    card=card, from_seat=win.from_seat)


def _win_note(rules: BieganRules, win: Win) -> str:
    r = win.result
    main = f", 主精 {face_name(r.zhujing)}" if r.zhujing is not None else ""
    units = " ".join(str(u) for u in r.units)
    how = "自摸" if win.from_seat is None else f"捉铳 from seat {win.from_seat}"
    return (f"seat {win.seat} 胡 {r.hu} → {fen_of(rules, r.hu)} 分 ({how}{main}): {units}"
            f" 听头 {r.tingtou_hu}")
