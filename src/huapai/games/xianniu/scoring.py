"""Settlement of a 掀牛 / 花花牌 deal (rules reference §4).

Three schemes, by the ``scoring`` option:

* ``kanniutui`` — 砍牛腿 points [S002]: a winner (≥ 够牌 占牌) is paid by each loser the
  points in his 占牌 (red-black 9s and 5s one a card, 亮子 2, the 刺 bonus n − 7); a 刺
  player's last 掀er pays double (points + bonus) × 2 and the other loser the points only;
  each 掀 by a player who ends below 够牌 costs him 2, paid to the leader he 掀ed.
* ``app`` — the 兰州掀牛 app formula (sub-variant L-app, §4.1) [S002]: each loser pays a winner
  (刺 or 亮 + 牛 + 喜) plus 2 per time that loser 掀ed him (输家减分 = … + 掀牌减分); all zero
  if nobody won.
* ``xingzi`` — 凤翔 行子 [S000] §4.3–4.4: each loser pays each winner the 行子 of the plays in
  his 占牌 (the 25-row table) plus the 刺 bonus; each failed 掀 costs 1 行子 to the 掀ed.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from huapai.core.present import Msg, SettlementItem, count_en, unit
from huapai.core.protocol import Payment, Settlement

from .cards import (
    DA_XI,
    FACES_OF_KIND,
    KIND_NIU,
    KIND_XI,
    NIU_BA,
    NIU_JIU,
    NUM_FACES,
    XIAO_XI,
    Counts,
    format_counts,
    said_zh,
)
from .combos import Combo, catalogue
from .rules import XianniuRules
from .state import State

_FB_XINGZI: dict[tuple[int, ...], int] = {
    (2, 2, 2): 2, (4, 2, 2): 6, (3, 3, 3): 6, (4, 4, 1): 9, (4, 4, 2): 10,
    (4, 3, 3): 9, (4, 4, 3): 11, (4, 4, 4): 12,
}


# ------------------------------------------------------------------------ 砍牛腿 points
def niu_xi_points(combo: Combo) -> int:
    """Red-black 9s and 5s in a pair or 鞍 count one a card; a quad only as a 亮子."""
    if combo.group not in ("pair", "triple", "xbl"):
        return 0
    c = combo.counts
    n = 0
    if c[NIU_JIU] and c[NIU_BA] and combo.group != "xbl":
        n += c[NIU_JIU] + c[NIU_BA]
    if c[XIAO_XI] and c[DA_XI]:
        n += c[XIAO_XI] + c[DA_XI]
    return n


def liang_count(combo: Combo) -> int:
    """亮子 in a play: a quad, the 亮子 of a 鱼儿亮 / 摆儿亮, 亮子保亮子, 喜包亮."""
    return len(combo.quads)


def _split_liang(plays: list[Combo]) -> int:
    """KKK + K+10+8 (and AAA + A+2+3) still count as one 亮子 [S002] / PROPOSAL."""
    return len(split_liang_pairs(plays))


def split_liang_pairs(plays: list[Combo]) -> list[tuple[Combo, Combo]]:
    """The (triple, basic 鱼 / 摆) pairs of :func:`_split_liang`, each one 亮子."""
    out: list[tuple[Combo, Combo]] = []
    for family, kind in (("fish", 0), ("bai", 11)):
        face = FACES_OF_KIND[kind][0]
        triples = [c for c in plays if c.group == "triple" and c.counts[face] == 3]
        basics = [c for c in plays if c.family == family and c.shape == (1, 1, 1)]
        out.extend(zip(triples, basics, strict=False))
    return out


def _big_points(big: tuple[int, str, Counts]) -> int:
    """Red-black 9 / 5 pairs inside an 八大对 (PROPOSAL §2.5)."""
    counts = big[2]
    n = 0
    for a, b in ((NIU_JIU, NIU_BA), (XIAO_XI, DA_XI)):
        total = counts[a] + counts[b]
        if total == 4 or (total == 2 and counts[a] == counts[b] == 1):
            n += total
    return n


def ci_bonus(rules: XianniuRules, n: int) -> int:
    """11 → 4 … 16 → 9 [S002]: n − 7 with the default 刺 threshold."""
    return n - rules.ci + 4 if n >= rules.ci else 0


# -------------------------------------------------------------------------------- 行子
def xingzi(rules: XianniuRules, combo: Combo) -> int:
    """行子 of one play, from the 25-row table of [S000] (§4.3)."""
    if combo.group in ("pair", "triple"):
        kind_sets = [c for c in (KIND_NIU, KIND_XI) if _is_good(combo, c)]
        return combo.size if kind_sets else 0
    if combo.group == "quad":
        return _quad_xingzi(rules, combo.quads[0])
    if combo.group == "fb":
        if combo.shape == (4, 1, 1):
            return rules.xingzi_fish_liang
        return _FB_XINGZI.get(combo.shape, 0)
    if combo.group == "lbl":
        k = len(combo.quads)
        return 3 * k + 1 + (KIND_XI in combo.quads) + 4 * (KIND_NIU in combo.quads)
    if combo.group == "xbl":
        return _quad_xingzi(rules, combo.quads[0]) + 2
    return 0


def aggregate_xingzi(rules: XianniuRules, cards: Counts) -> int:
    """The most 行子 that ``cards`` (a winner's whole 占牌) give when split into plays of
    the 行子 table, cards left over worth nothing (``xingzi_by = "aggregate"``, §4.4)."""
    return _best_split(_scoring_plays(rules)[1], cards)


@lru_cache(maxsize=64)
def _scoring_plays(rules: XianniuRules) -> tuple[tuple[Combo, ...],
                                                 tuple[tuple[Counts, int], ...]]:
    """The plays worth 行子 under ``rules``, and each one's (counts, 行子)."""
    combos = tuple(c for c in catalogue(rules.catalogue_key).combos if xingzi(rules, c) > 0)
    return combos, tuple((c.counts, xingzi(rules, c)) for c in combos)


@lru_cache(maxsize=4096)
def _best_split(valued: tuple[tuple[Counts, int], ...], cards: Counts) -> int:
    first = next((f for f, n in enumerate(cards) if n), None)
    if first is None:
        return 0
    rest = list(cards)
    rest[first] -= 1
    best = _best_split(valued, tuple(rest))  # this card scores nothing
    for counts, value in valued:
        if counts[first] and all(h >= c for h, c in zip(cards, counts, strict=True)):
            left = tuple(h - c for h, c in zip(cards, counts, strict=True))
            best = max(best, value + _best_split(valued, left))
    return best


def _table_cards(plays: list[Combo]) -> Counts:
    return tuple(sum(c.counts[f] for c in plays) for f in range(NUM_FACES))


def _is_good(combo: Combo, kind: int) -> bool:
    a, b = FACES_OF_KIND[kind]
    return bool(combo.counts[a] and combo.counts[b])


def _quad_xingzi(rules: XianniuRules, kind: int) -> int:
    if kind == KIND_NIU:
        return rules.xingzi_niu_liangzi
    if kind == KIND_XI:
        return rules.xingzi_xi_liangzi
    return rules.xingzi_liangzi


# -------------------------------------------------------------------------- settlement
def settle(s: State, itemised: bool = True) -> Settlement:
    """The deal's payments, and with ``itemised`` the breakdown a front end draws (its
    items: 占牌, each scoring play …); the search's reward needs the payments alone."""
    rules = s.rules
    counts = {seat: s.table_count(seat) for seat in s.active}
    winners = [p for p in s.active if counts[p] >= rules.gou]
    losers = [p for p in s.active if counts[p] < rules.gou]
    if rules.scoring == "app":
        payments = list(_app(s, counts, winners, losers))
    else:
        payments = list(_by_pair(s, counts, winners, losers))
        payments.extend(_xian_fees(s, winners))
    payments = [p for p in payments if p.amount > 0]
    payments.extend(_sitters(s, payments))
    notes = tuple(f"seat {p}: 占牌 {counts[p]}" for p in s.active)
    items = tuple(_items(s, counts, bool(payments))) if itemised else ()
    return Settlement(rules.players, tuple(payments), notes, items)


_ZHAN = Msg("zhan", "占牌", "占牌 (cards won)")
_IDLE = Msg("idle", "歇家：这局不打", "sits out this deal (歇家)")
_XIAN = Msg("xian", "掀", "掀 (xian)")
_CI = Msg("ci", "刺牌加分", "刺 (ci) bonus")
_VALUE = {"xingzi": Msg("xingzi", "行子", "行子 (xingzi)"),
          "dian": Msg("points", "牌分", "points")}
# the breakdown's total below the plays that make it (行子 2 under one 2-行子 play read as
# the same row twice — a terminal play-test)
_TOTAL = {code: Msg(m.code, f"{m.zh}共计", f"{m.en} in all") for code, m in _VALUE.items()}


def _items(s: State, counts: dict[int, int], paid: bool) -> Iterator[SettlementItem]:
    """Per seat in the deal: 占牌, then a winner's plays that score, his value and 刺
    bonus (or why it earns nothing), then 掀 made; a table-wide line when nobody won (a
    deal that ended with nobody paying said only 本局无人收付, and a player who had won
    seven cards asked why — a terminal play-test)."""
    rules = s.rules
    for seat in s.active:
        yield SettlementItem(seat, "zhan", _ZHAN, counts[seat], unit("zhang"))
        if counts[seat] >= rules.gou:
            yield from _winner_items(s, seat, counts[seat])
        xians = sum(1 for xianer, _ in s.xians if xianer == seat)
        if xians:
            yield SettlementItem(seat, "xian", _XIAN, xians, unit("ci"))
    if all(counts[p] < rules.gou for p in s.active):
        yield SettlementItem(None, "no_winner", _no_winner(s, paid), 0, unit("none"))
    yield from _sitting_out(s)


def _sitting_out(s: State) -> Iterator[SettlementItem]:
    """The 歇家 of four or five, each said (its 0 in the table read as a deal it lost
    nothing in, not one it sat out — a phone play-test); with five, whom it 抱."""
    backed = {sitter: partner for partner, sitter in backers(s).items()}
    half = s.rules.wujiabao_share != "mirror"
    for seat in range(s.rules.players):
        if seat in s.active:
            continue
        partner = backed.get(seat)
        if partner is None:
            yield SettlementItem(seat, "idle", _IDLE, 0, unit("none"))
            continue
        head = partner == s.active[0]
        # 底家, as the table and the seed [S000] call the third seat ([HY]'s 五家抱 says
        # 尾家: the settlement said 抱尾家 of the seat the table showed as 底家, a play-test)
        zh, en = ("头家", "the 头家 (first)") if head else ("底家", "the 底家 (last)")
        share = ("担他输赢的一半", "half of his result") if half else ("跟他一样输赢",
                                                                  "his whole result")
        label = Msg.of("idle_backing", "歇家，抱{who}：{share}",
                       "sits out (歇家), backing {who_en}: {share_en}",
                       who=zh, who_en=en, share=share[0], share_en=share[1])
        yield SettlementItem(seat, "idle", label, 0, unit("none"))


def _no_winner(s: State, paid: bool) -> Msg:
    """Nobody won: nothing to pay for a hand — but a 掀 that did not win may still be paid
    for (``paid``: with no winner, every payment is one), and "不收不付" over the 掀's
    payments read as a contradiction (a terminal play-test); under the app's formula, which
    pays a 掀 only to a winner it 掀ed, 照赔 stood over everyone's 0 (a browser play-test)."""
    first = s.end == "all_declined" and not any(s.table_count(p) for p in s.active)
    if first:  # 首轮无掀, said as what happened (没有人占够 6 张 read as a reason)
        return Msg.of("no_winner", "首轮无人掀：本局不收不付",
                      "nobody 掀ed in the first round (首轮无掀): nobody pays")
    if paid:
        return Msg.of("no_winner", "没有人占够 {gou} 张：没有赢家，只有掀了没够牌的照赔",
                      "nobody won {gou} cards: no winner; only a failed 掀 is paid for",
                      gou=s.rules.gou)
    return Msg.of("no_winner", "没有人占够 {gou} 张：没有赢家，不收不付",
                  "nobody won {gou} cards: no winner, nobody pays", gou=s.rules.gou)


def _winner_items(s: State, seat: int, n: int) -> Iterator[SettlementItem]:
    value, bonus = winner_value(s, seat, n)
    code = _unit(s.rules)
    for label, worth in value_parts(s, seat, n):
        yield SettlementItem(seat, label.code, label, worth, unit(code))
    yield SettlementItem(seat, _TOTAL[code].code, _TOTAL[code], value, unit(code))
    if bonus:
        yield SettlementItem(seat, "ci", _CI, bonus, unit(code))
    elif not value:  # 够牌 and nothing to be paid: "挣不到行子" ([HY], reference §4.4)
        name = _VALUE[code]
        yield SettlementItem(seat, "no_value", Msg.of(
            "no_value", "够了牌，挣不到{unit}（单张、一般对子、鞍不算）",
            "enough cards, no {unit_en} (singles, plain pairs, 鞍 score nothing)",
            unit=name.zh, unit_en=unit(code).en),
            0, unit("none"))


def winner_value(s: State, seat: int, n: int) -> tuple[int, int]:
    """(value of the 占牌 without the 刺 bonus, the 刺 bonus) for a winner."""
    plays = [s.cat.combos[c] for c in s.table[seat]]
    rules = s.rules
    big = s.big if s.big is not None and s.big[0] == seat else None
    if rules.scoring == "xingzi" and rules.xingzi_by == "aggregate":
        return aggregate_xingzi(rules, _table_cards(plays)), ci_bonus(rules, n)
    if rules.scoring == "xingzi":
        return sum(xingzi(rules, c) for c in plays), ci_bonus(rules, n)
    niu_xi = sum(niu_xi_points(c) for c in plays) + (_big_points(big) if big else 0)
    liang = sum(liang_count(c) for c in plays) + _split_liang(plays)
    return niu_xi + liang * _liang_worth(rules, n), ci_bonus(rules, n)


def _liang_worth(rules: XianniuRules, n: int) -> int:
    """What a 亮子 adds to the value of a winner of ``n`` 占牌: nothing under the app
    formula with a 刺 (刺 + 牛 + 喜, [S002]), else ``liang_points``."""
    return 0 if rules.scoring == "app" and n >= rules.ci else rules.liang_points


def value_parts(s: State, seat: int, n: int) -> list[tuple[Msg, int]]:
    """What makes a winner's value (:func:`winner_value` without the 刺 bonus), part by
    part: each play of his 占牌 that scores (9 9 9（三张好牛） 3 点), a 亮子 split over two plays,
    a big hand's red-black pairs, or under 行子 by the whole 占牌 the plays it is split
    into. The parts add up to the value."""
    rules = s.rules
    plays = [s.cat.combos[c] for c in s.table[seat]]
    if rules.scoring == "xingzi" and rules.xingzi_by == "aggregate":
        return [(_play_label(rules, c), v) for c, v in aggregate_split(rules, _table_cards(plays))]
    if rules.scoring == "xingzi":
        worth = [(c, xingzi(rules, c)) for c in plays]
        return [(_play_label(rules, c), v) for c, v in worth if v > 0]
    liang = _liang_worth(rules, n)
    parts = [(_play_label(rules, c), niu_xi_points(c) + liang * liang_count(c)) for c in plays]
    parts = [(label, v) for label, v in parts if v > 0]
    if liang:
        parts.extend((_split_label(rules, pair), liang) for pair in split_liang_pairs(plays))
    big = s.big if s.big is not None and s.big[0] == seat else None
    if big and _big_points(big):
        parts.append((Msg.of("big_points", "{combo}里的红黑对", "red-black pairs in the {combo}",
                             combo=big[1], cards=format_counts(big[2], rules.style)),
                      _big_points(big)))
    return parts


def _split_label(rules: XianniuRules, pair: tuple[Combo, Combo]) -> Msg:
    """A 亮子 split over two plays (KKK and K 10 8), its cards those of both."""
    cards = " ".join(format_counts(c.counts, rules.style) for c in pair)
    return Msg.of("split_liang", "分两手的亮子", "亮子 split over two plays", cards=cards,
                  combo="亮子")


def _play_label(rules: XianniuRules, combo: Combo) -> Msg:
    cards = format_counts(combo.counts, rules.style)
    return Msg("zhan_play", f"{said_zh(cards)}（{combo.name}）", f"{cards} ({combo.name})",
               {"cards": cards, "combo": combo.name})


def aggregate_split(rules: XianniuRules, cards: Counts) -> list[tuple[Combo, int]]:
    """The plays that give :func:`aggregate_xingzi`'s best, each with its 行子."""
    combos, valued = _scoring_plays(rules)
    out: list[tuple[Combo, int]] = []
    while any(cards):
        best = _best_split(valued, cards)
        first = next(f for f, n in enumerate(cards) if n)
        rest = tuple(n - (f == first) for f, n in enumerate(cards))
        if _best_split(valued, rest) == best:
            cards = rest
            continue
        for combo, (counts, value) in zip(combos, valued, strict=True):
            left = tuple(h - c for h, c in zip(cards, counts, strict=True))
            if counts[first] and min(left) >= 0 and value + _best_split(valued, left) == best:
                out.append((combo, value))
                cards = left
                break
        else:
            raise AssertionError("no play gives the best split")
    return out


def _unit(rules: XianniuRules) -> str:
    """The unit a winner's 占牌 are counted in (a key of :data:`~huapai.core.present.UNITS`)."""
    return "xingzi" if rules.scoring == "xingzi" else "dian"


def _by_pair(s: State, counts: dict[int, int], winners: list[int],
             losers: list[int]) -> Iterator[Payment]:
    # the Chinese names the value as the breakdown does (牌分 5, 行子 2); the English counts
    # it in its unit (5 points)
    code = _unit(s.rules)
    counted = Msg(code, _VALUE[code].zh, unit(code).en)
    for w in winners:
        value, bonus = winner_value(s, w, counts[w])
        last = _last_xianer(s, w) if bonus and s.rules.scoring == "kanniutui" else None
        for p in losers:
            if last is None:
                yield Payment(p, w, value + bonus, "win", _win_label(counted, value, bonus))
            elif p == last:
                yield Payment(p, w, 2 * (value + bonus), "ci_last_xian", Msg.of(
                    "ci_last_xian", "刺：最后掀者付双倍 ({value}+{bonus})×2",
                    "刺 (ci): the last 掀er pays double ({value}+{bonus})×2",
                    value=value, bonus=bonus))
            else:
                yield Payment(p, w, value, "win", Msg.of(
                    "win_no_ci", "{unit} {value}（不加刺）", "{value} {unit_en} (no 刺 bonus)",
                    unit=counted.zh, unit_en=counted.en, value=value))


def _win_label(counted: Msg, value: int, bonus: int) -> Msg:
    if bonus:
        return Msg.of("win_ci", "{unit} {value} + 刺 {bonus}",
                      "{value} {unit_en} + 刺 (ci) bonus {bonus}",
                      unit=counted.zh, unit_en=counted.en, value=value, bonus=bonus)
    # the amount beside it is the value: the line said it twice (Alice → Bot C 5 5 xingzi)
    return Msg.of("win", "赢家的{unit}", "the winner's {unit_en}", unit=counted.zh,
                  unit_en=counted.en, value=value)


def _last_xianer(s: State, seat: int) -> int | None:
    for xianer, leader in reversed(s.xians):
        if leader == seat and xianer != seat:
            return xianer
    return None


def _xian_fees(s: State, winners: list[int]) -> Iterator[Payment]:
    fee = s.rules.xian_points
    for xianer, leader in s.xians:
        if xianer in winners:
            continue
        if xianer != leader:
            # the amount stands beside it: "(2)" read as something else (a play-test)
            yield Payment(xianer, leader, fee, "xian", Msg.of(
                "xian", "掀了没够牌：掀一次赔被掀的一家", "failed 掀: paid to the one 掀ed",
                fee=fee))
        else:
            for w in winners:
                yield Payment(xianer, w, fee, "self_xian", Msg.of(
                    "self_xian", "自己掀了没够牌：赔每个赢家", "own 掀 failed: paid to each winner",
                    fee=fee))


def _app(s: State, counts: dict[int, int], winners: list[int],
         losers: list[int]) -> Iterator[Payment]:
    """[S002] 输家减分 = 牌分 + 掀牌减分: each loser pays a winner the winner's 牌分 plus
    the 掀 points of his own 掀s of that winner (so the winner's 掀牌加分 is what the
    losers who 掀ed him pay; 赢家加分 = 牌分 × 输家数 + 掀牌加分)."""
    if not winners or not losers:
        return
    fee = s.rules.xian_points
    for w in winners:
        value, bonus = winner_value(s, w, counts[w])
        for p in losers:
            times = sum(1 for x, leader in s.xians if leader == w and x == p)
            yield Payment(p, w, value + bonus + fee * times, "app",
                          _app_label(value, bonus, times, fee))


def _app_label(points: int, bonus: int, times: int, fee: int) -> Msg:
    """A loser's line under the app formula: the winner's 牌分 (and 刺 bonus, as the
    breakdown lists them), plus his 掀s of the winner when he made any (a loser who never
    掀ed him pays the 牌分 alone)."""
    zh, en = "牌分 {points}", count_en(points, "point", "points")
    if bonus:
        zh, en = zh + " + 刺 {bonus}", en + " + 刺 (ci) bonus {bonus}"
    if not times:
        return Msg.of("app_points", zh, en, points=points, bonus=bonus)
    return Msg.of("app", zh + " + 掀过他 {times} 次×{fee}",
                  en + " + {times}×{fee} for 掀ing the winner",
                  points=points, bonus=bonus, times=times, fee=fee)


# ------------------------------------------------------------------ 4 and 5 players §3.2
def backers(s: State) -> dict[int, int]:
    """五家抱 (5 players): partner → the sitter who backs it — the 头家 by the seat before
    him, the 底家 (HY's 尾家) by the seat after (§3.2); empty with fewer players."""
    if s.rules.players != 5:
        return {}
    head, _, tail = s.active
    return {head: (head - 1) % 5, tail: (tail + 1) % 5}


def _sitters(s: State, payments: list[Payment]) -> list[Payment]:
    rules = s.rules
    if rules.players != 5:
        return []
    pairs = backers(s)
    if rules.wujiabao_share == "mirror":
        return list(_mirror(payments, pairs))
    return list(_half(payments, pairs))


def _half(payments: list[Payment], backers: dict[int, int]) -> Iterator[Payment]:
    for partner, backer in backers.items():
        result = sum(p.amount for p in payments if p.payee == partner)
        result -= sum(p.amount for p in payments if p.payer == partner)
        half = abs(result) // 2
        if result > 0 and half:
            yield Payment(partner, backer, half, "wujiabao", _BACKER_GAINS)
        elif result < 0 and half:
            yield Payment(backer, partner, half, "wujiabao", _BACKER_BEARS)


_BACKER_GAINS = Msg("wujiabao_half", "五家抱 分一半", "五家抱: the backer takes half")
_BACKER_BEARS = Msg("wujiabao_half", "五家抱 担一半", "五家抱: the backer bears half")
_MIRRORS = Msg("wujiabao_mirror", "五家抱 随", "五家抱 mirrors")


def _mirror(payments: list[Payment], backers: dict[int, int]) -> Iterator[Payment]:
    for p in payments:
        payer = backers.get(p.payer, p.payer)
        payee = backers.get(p.payee, p.payee)
        if (payer, payee) != (p.payer, p.payee):
            yield Payment(payer, payee, p.amount, "wujiabao", _MIRRORS.with_detail(p.label))
