"""Settlement of a 钵福 deal: the win's 油子 × 翻 itemised, every 算盘, and the money of 得一钵.

A 钵福 deal moves no money by itself [S]: the win goes onto the winner's abacus (and 报子
already did during the deal). Only 得一钵 pays, "以油子差距计算输赢": each other seat pays
the winner the difference between the winner's abacus and his own (a seat whose abacus
stands higher is paid by the winner; :meth:`.abacus.Bo.win`).
"""

from __future__ import annotations

from dataclasses import dataclass

from huapai.core.present import Msg, SettlementItem, WorthUnit, unit
from huapai.core.protocol import Payment, Settlement

from .abacus import Seat as BoSeat
from .bo_play import start_bo
from .describe import say
from .settle import HUANG, group_label, jiang_lines, note, won_on_lines
from .state import State

_YOUZI = Msg("youzi", "油子", "油子")
"""The unit of a group's and a hand's 油子, as 十八福's settlement and the log say it (the
seed counts 油子 in 胡 too: “大的六胡”; one word on one screen)."""
# 翻 in English too, as its line 油子 × 翻 says it (2 fan beside 油子 × 翻 read as two
# terms: an English play-test)
_FAN = Msg("fan", "翻", "翻")
_QIAN = Msg("qian", "钱", "钱")
Line = tuple[int | None, Msg, int, Msg]


def settle_bo(s: State) -> Settlement:
    assert s.bo is not None
    n = s.rules.num_seats
    lines: list[Line] = [] if s.win is None else _win_lines(s)
    payments: list[Payment] = []
    if s.debo:
        done = s.bo.history[-1]
        lines.append((done.winner, say(f"得一钵（第 {done.number} 钵，按油子差距计输赢）",
                                       f"得一钵, the pot is won (钵 {done.number}, settled "
                                       f"by the differences)",
                                       "debo"), done.totals[done.winner], _QIAN))
        for seat, gain in enumerate(done.settlement):
            if seat == done.winner or gain == 0:
                continue
            payer, payee = (seat, done.winner) if gain < 0 else (done.winner, seat)
            payments.append(Payment(payer, payee, abs(gain), "debo", say(
                f"得一钵 差 {abs(gain)} 个钱", f"得一钵: a difference of {abs(gain)} 钱")))
        totals = done.totals
    else:
        totals = tuple(x.abacus for x in s.bo.seats)
        if s.win is None:
            lines.append((None, HUANG, 0, unit("none")))
    start = start_bo(s.rules, s.carried)  # the 钵 as the deal began (a fresh one: all 0)
    assert start is not None
    for seat, total in enumerate(totals):
        before = start.seats[seat]
        parts = _abacus_parts(s, seat, before, total)
        lines.append((seat, _abacus_label(before.abacus, total, parts), total, _QIAN))
    return Settlement(n, tuple(payments), tuple(note(*line[1:]) for line in lines),
                      tuple(SettlementItem(seat, label.code, label, value, measure)
                            for seat, label, value, measure in lines))


@dataclass(frozen=True, slots=True)
class _Parts:
    """What one seat's abacus went through this deal: a 吃包子 (the abacus set to
    ``reset``), then ``announced`` 钱 of 报子, then the win's ``win`` (``value`` 油子 × 翻
    less the ``announced`` it nets, under ``bo_win_add`` net)."""

    reset: int | None
    announced: int
    win: int | None
    value: int | None


def _abacus_parts(s: State, seat: int, start: BoSeat, after: int) -> _Parts | None:
    """How the seat's abacus went from ``start`` (as the deal began) to ``after``, from
    what the deal keeps: each of its groups credited since its last 吃包子 (``credits``),
    whether it ate one (its 吃包子 count moved; after 得一钵 the counts are gone with the 钵,
    and the sum decides), and the win. None when they do not add up (the line then says
    only the change)."""
    before = start.abacus
    rules = s.rules
    announced = sum(v for p, _, v in s.credits if p == seat)
    value = win = None
    if s.win is not None and s.win.seat == seat:
        value = s.win.result.value or 0
        win = value if rules.bo_win_add == "full" else max(0, value - announced)
    reset = -rules.hat_at if rules.baozi == "hat" else 0
    rest = announced + (win or 0)
    if s.debo:
        ate = before + rest != after
    else:
        assert s.bo is not None
        ate = s.bo.seats[seat].baozi != start.baozi
    if (reset if ate else before) + rest != after:
        return None
    return _Parts(reset if ate else None, announced, win, value)


def _abacus_label(before: int, after: int, parts: _Parts | None) -> Msg:
    """``算盘（上局 34，本局 +24：报子 +9，和牌 +15）``: where the number came from (a
    player read 111 and could not tell what this deal had added, and then 本局 +73 beside a
    win of 93, whose 吃包子 and earlier 报子 the line did not say). Its params carry the
    numbers for a client that draws them: ``before``, ``change`` and the parts'."""
    change = f"{after - before:+d}" if after != before else "0"
    params: dict[str, object] = {"before": before, "change": change}
    zh, en = f"算盘（上局 {before}，本局 {change}", f"abacus ({before} before, {change} this deal"
    said = [] if parts is None else _said_parts(parts)
    if said:
        assert parts is not None
        params.update(reset=parts.reset, announced=parts.announced, win=parts.win)
        zh += "：" + "，".join(z for z, _ in said)
        en += ": " + ", ".join(e for _, e in said)
    return Msg("abacus", zh + "）", en + ")", params)


def _said_parts(p: _Parts) -> list[tuple[str, str]]:
    """The parts in both languages, in the order they happened (none for a deal that
    moved nothing)."""
    out: list[tuple[str, str]] = []
    if p.reset is not None:
        # set to, not added ("吃包子戴帽子 -20" read as a change of −20 beside the +6 said
        # before it, which the mistake wiped: a terminal play-test)
        out.append(("吃包子（算盘归零）", "吃包子 back to 0") if p.reset == 0 else
                   (f"吃包子戴帽子（算盘到 {p.reset}）", f"吃包子 down to {p.reset}"))
    if p.announced:
        out.append((f"报子 +{p.announced}", f"报子 +{p.announced}"))
    if p.win is not None and p.value is not None:
        if p.win != p.value:
            out.append((f"和牌 {p.value} 减已报 {p.value - p.win} 得 +{p.win}",
                        f"the win {p.value} less {p.value - p.win} announced: +{p.win}"))
        else:
            out.append((f"和牌 +{p.win}", f"the win +{p.win}"))
    return out


DOU = WorthUnit(Msg("dou", "豆", "豆"))
"""What a 秀山 deal's money counts in, and so its worth outside 钵福."""

BO_WORTH = WorthUnit(
    Msg("bo_worth", "折算分", "points of worth"),
    Msg("bo_worth_note",
        "钵福的折算分 = 这局的钱 + 2 ×（自己的算盘 − 全桌算盘的平均）：钵福到得一钵才结钱，"
        "算盘就是将来的钱，所以一起算（这是本站的估算，不是牌规）。",
        "钵福's points of worth = the deal's money + 2 × (your abacus − the table's average "
        "abacus): money moves only at 得一钵, and the abacus is what it will be made of, so "
        "both count (our estimate, not a rule of the game; docs/bots.md)."))
"""What :func:`worth` counts in under 钵福."""


def worth(s: State, settlement: Settlement) -> tuple[float, ...]:
    """Each seat's worth of a finished deal: its money, plus under 钵福 twice its abacus's
    lead over the table's average.

    A 钵福 deal moves no money until 得一钵, so its money alone says nothing of a win that
    does not end the 钵: a search rewarded by it would pass a 胡 of 48 to wait for one
    that reaches the target. The abacus is what the money will be made of: at 得一钵 each
    seat pays the winner their difference, so were every seat equally likely to take the
    钵, a seat's money would be on average twice its lead over the average (a proxy, [P]:
    it ignores who is likelier to win, and the abaci's changes still to come). After
    得一钵 the abaci are reset and the money is all there is. Zero-sum, as the money is."""
    money = [float(d) for d in settlement.deltas]
    if s.bo is None:
        return tuple(money)
    abaci = [x.abacus for x in s.bo.seats]
    mean = sum(abaci) / len(abaci)
    return tuple(m + 2 * (a - mean) for m, a in zip(money, abaci, strict=True))


def _win_lines(s: State) -> list[Line]:
    """The winner's breakdown: each group's 油子, the 油子, each 名堂 and its 翻, the 翻,
    油子 × 翻 (every seat's abacus follows)."""
    w = s.win
    assert w is not None
    r = w.result
    out: list[Line] = [*won_on_lines(w), *jiang_lines(s)]
    out.extend((w.seat, group_label(g, g.raised_by_jiang()), g.youzi, _YOUZI)
               for g in r.groups)
    out.append((w.seat, say(f"油子共计（起胡 {r.threshold}）", f"油子 in all (needs {r.threshold})",
                            "youzi"), r.youzi, _YOUZI))
    out.extend((w.seat, say(*m.label(), "mingtang"), m.value, _FAN) for m in r.mingtang)
    fan = r.fan or 1
    if not r.mingtang:
        why_zh, why_en = "没有名堂", "no 名堂"
    elif len(r.mingtang) == 1:
        why_zh, why_en = "一个名堂", "one 名堂"
    else:
        why_zh, why_en = "两个以上名堂", "two or more 名堂"
    out.append((w.seat, say(why_zh, why_en, "fan"), fan, _FAN))
    out.append((w.seat, say(f"油子 × 翻：{r.youzi} × {fan}", f"油子 × 翻: {r.youzi} × {fan}",
                            "value"), r.value or 0, _QIAN))
    return out
