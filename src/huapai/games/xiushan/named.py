"""The 名堂 scorer of 钵福 (油子 × 翻) and 三六福 (名堂 in 豆).

:func:`score_named` is what :func:`.calculator.score` runs for ``hand_value`` ``fan``
and ``mingtang``. It reads the rules' 名堂 table (:mod:`.mingtang`), lists every cut class
of the concealed cards with :mod:`.mingtang_search`, values each — the card features
(red, small, big …), the total 油子, the cut features, and the context flags of the win
— and keeps the best:

* 钵福 [S]: 翻 = 1 with no 名堂, the 名堂's own 翻 with one, ``fan_many`` (3) with two or
  more, never more than ``fan_cap`` (3); the hand is worth 油子 × 翻;
* 三六福: 豆 = the table's ``hu_dou`` plus the 豆 of every 名堂 held.

A hand wins when some cut reaches ``hu_threshold`` 油子; the best of those is taken
(ties: more 油子, then the search's fixed order). A hand no cut wins is reported with its
best 油子, as the 豆 presets do.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from functools import lru_cache

from .calculator import (
    DouItem,
    Hand,
    MingtangHit,
    Result,
    _group,
    _peng_card,
    held_kan,
    laid_groups,
    values_of,
)
from .cards import RANKS, is_red
from .groups import Group, Kind
from .mingtang import CONTEXT_FLAGS, Mingtang, MingtangTable
from .mingtang_search import Final, feature_cuts
from .rules import XiushanRules
from .search import CutGroups

SAME = frozenset((Kind.KAN, Kind.PENG, Kind.SHAO, Kind.ZHAO, Kind.JI, Kind.LONG))
SEQUENCES = frozenset((Kind.LIANZI, Kind.ERQISHI, Kind.JIAO))


class ContextError(ValueError):
    """An unknown context flag given to the 名堂 scorer."""


def fan_of(rules: XiushanRules, hits: Sequence[Mingtang]) -> int:
    """翻 of a hand with these 名堂 [S]: none 1, one its own, two or more ``fan_many``,
    at most ``fan_cap``."""
    if not hits:
        fan = 1
    elif len(hits) == 1:
        fan = hits[0].value
    else:
        fan = rules.fan_many
    return max(1, min(fan, rules.fan_cap))


def unit_features(g: Group, peng_card: int | None) -> dict[str, int]:
    """The cut features one group (or the 麻雀) adds."""
    reds = sum(1 for c in g.cards if is_red(c))
    pair = g.kind is Kind.PAIR
    all_red = reds == len(g.cards)
    shao = g.kind is Kind.SHAO or (g.kind is Kind.KAN and g.cards[0] != peng_card)
    return {
        "groups": 0 if pair else 1,
        "plain_groups": int(not pair and g.youzi == 0),
        "same_groups": int(g.kind in SAME),
        "sequence_groups": int(g.kind in SEQUENCES),
        "shao": int(shao),
        "black_units": int(reds == 0),
        "red_units": int(reds > 0),
        "all_red_units": int(all_red),
        "red_outside": 0 if all_red else reds,
    }


def card_features(h: Hand) -> dict[str, int]:
    counts = list(h.counts)
    for m in h.melds:
        counts[m.card] += len(m.cards)
    red = sum(n for c, n in enumerate(counts) if is_red(c))
    small = sum(counts[:RANKS])
    total = sum(counts)
    return {"red": red, "black": total - red, "small": small, "big": total - small,
            "er": counts[1] + counts[11]}  # fmt: skip


def check_context(context: Collection[str]) -> frozenset[str]:
    flags = frozenset(context)
    bad = sorted(flags - set(CONTEXT_FLAGS))
    if bad or isinstance(context, str):
        what = context if isinstance(context, str) else ", ".join(bad)
        raise ContextError(f"unknown context flag(s) {what!r}; known: "
                           + ", ".join(CONTEXT_FLAGS))  # fmt: skip
    return flags


Ranked = tuple[tuple[int, int], Final, tuple[Mingtang, ...]]
"""((value, 油子), the cut class, its 名堂) of a winning reading."""


class _Cuts:
    """What valuing a hand needs before the context flags: its cut classes. Nothing here
    reads ``self_drawn`` except through the 碰 card (a discard making three alike)."""

    __slots__ = ("base", "cuts", "meld_youzi", "melds", "names", "peng_card", "rules", "table")

    def __init__(self, rules: XiushanRules, h: Hand) -> None:
        self.rules = rules
        self.table = table = rules.mingtang()
        caps_of = table.cut_caps()
        self.names = names = tuple(sorted(caps_of))
        caps = tuple(caps_of[n] for n in names)
        self.peng_card = peng_card = _peng_card(rules, h)
        rest, kans = held_kan(rules, h)
        self.melds = laid_groups(rules, h) + kans  # an unsplittable 坎 is fixed, like a meld
        self.meld_youzi = sum(g.youzi for g in self.melds)
        start = _vector(self.melds, names, peng_card)
        breaks = table.youzi_bounds() | {rules.hu_threshold}
        youzi_cap = max(0, max(breaks) - self.meld_youzi)

        def feat_of(made: CutGroups) -> tuple[int, ...]:
            return _made_vector(rules.youzi, rules.jiang_lianzi, h.jiang, peng_card, made, names)

        self.cuts = feature_cuts(rest, values_of(rules, h), feat_of, caps, start, youzi_cap)
        self.base = card_features(h)

    def best(self, flags: frozenset[str]) -> Ranked | None:
        """The best winning reading under ``flags`` (None: no cut reaches the threshold)."""
        rules, table = self.rules, self.table
        best: Ranked | None = None
        for final in self.cuts.finals:
            youzi = final.youzi + self.meld_youzi
            if youzi < rules.hu_threshold:
                continue
            feats = {**self.base, "youzi": youzi, **dict(zip(self.names, final.feats, strict=True))}
            hits = table.holding(feats, flags)
            rank_ = (_value(rules, table, youzi, hits), youzi)
            if best is None or rank_ > best[0]:
                best = (rank_, final, hits)
        return best


def _flags(h: Hand, context: Collection[str]) -> frozenset[str]:
    return check_context(context) | ({"self_drawn"} if h.self_drawn else set())


def score_named(rules: XiushanRules, h: Hand, context: Collection[str] = ()) -> Result:
    """The best reading of a checked hand under a 名堂 preset (see the module doc)."""
    flags = _flags(h, context)
    cut = _Cuts(rules, h)
    cuts = cut.cuts
    if not cuts.finals:
        return Result(False, False, 0, None, (), rules.hu_threshold, h.jiang, named=True)
    best = cut.best(flags)
    fallback = max(cuts.finals, key=lambda f: f.youzi)
    chosen = fallback if best is None else best[1]
    groups = cut.melds + tuple(
        _group(rules.youzi, rules.jiang_lianzi, h.jiang, cut.peng_card, kind, cards)
        for kind, cards in cuts.groups(chosen)
    )
    youzi = chosen.youzi + cut.meld_youzi
    if sum(g.youzi for g in groups) != youzi:
        raise AssertionError("group 油子 do not add up to the search's total")
    zhuaque = h.win_card is not None and h.counts[h.win_card] == 2 and any(
        g.kind is Kind.PAIR and h.win_card in g.cards for g in groups)  # fmt: skip
    if best is None:
        return Result(False, True, youzi, None, groups, rules.hu_threshold, h.jiang,
                      zhuaque=zhuaque, named=True)  # fmt: skip
    (value, _), _, hits = best
    table = cut.table
    unit = table.unit
    found = tuple(MingtangHit(m.id, m.name, m.value, unit, (m.meaning_zh, m.meaning_en))
                  for m in hits)
    if unit == "fan":
        return Result(True, True, youzi, None, groups, rules.hu_threshold, h.jiang,
                      zhuaque=zhuaque, fan=fan_of(rules, hits), mingtang=found, value=value,
                      named=True)  # fmt: skip
    items = (DouItem("和", table.base),
             *(DouItem(m.name, m.value, (m.meaning_zh, m.meaning_en)) for m in hits))
    return Result(True, True, youzi, value, groups, rules.hu_threshold, h.jiang, items,
                  zhuaque, mingtang=found, value=value, named=True)  # fmt: skip


def named_value(rules: XiushanRules, h: Hand,
                context: Collection[str] = ()) -> tuple[int, int] | None:
    """(value, 油子) of :func:`score_named`'s reading when it wins, else None — without
    laying the groups out (the bots' wait analysis asks this of every completion)."""
    best = _Cuts(rules, h).best(_flags(h, context))
    return None if best is None else best[0]


def named_values(rules: XiushanRules, h: Hand, on_discard: bool = True,
                 self_drawn: bool = True) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """:func:`named_value` of ``h`` won on another seat's discard and on one's own draw
    (``h.self_drawn`` is ignored; a way not asked for is None), cutting the hand once
    where the two read the same cuts (unless the discard makes three alike a 碰)."""
    if not (on_discard or self_drawn):
        return None, None
    on = replace(h, self_drawn=False)
    drawn = replace(h, self_drawn=True)
    if _peng_card(rules, on) != _peng_card(rules, drawn):
        return (named_value(rules, on) if on_discard else None,
                named_value(rules, drawn) if self_drawn else None)
    cut = _Cuts(rules, on)
    a = cut.best(frozenset()) if on_discard else None
    b = cut.best(frozenset({"self_drawn"})) if self_drawn else None
    return (None if a is None else a[0]), (None if b is None else b[0])


def _value(rules: XiushanRules, table: MingtangTable, youzi: int, hits: Sequence[Mingtang]) -> int:
    if table.unit == "fan":
        return youzi * fan_of(rules, hits)
    return table.base + sum(m.value for m in hits)


def _vector(
    groups: Sequence[Group], names: Sequence[str], peng_card: int | None
) -> tuple[int, ...]:
    totals = dict.fromkeys(names, 0)
    for g in groups:
        for name, n in unit_features(g, peng_card).items():
            if name in totals:
                totals[name] += n
    return tuple(totals[n] for n in names)


@lru_cache(maxsize=65536)
def _made_vector(
    youzi: bool,
    jiang_lianzi: bool,
    jiang: int | None,
    peng_card: int | None,
    made: CutGroups,
    names: tuple[str, ...],
) -> tuple[int, ...]:
    groups = [_group(youzi, jiang_lianzi, jiang, peng_card, k, c) for k, c in made]
    return _vector(groups, names, peng_card)

