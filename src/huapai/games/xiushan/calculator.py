"""秀山字牌 hand calculator: best decomposition, 油子, the win check and 豆.

:func:`score` takes a complete hand — the concealed cards (the winning card among them
when it went into the hand) and the laid-down groups — and returns the cut of the
concealed cards that maximises the preset's final score. For the part-1 presets 豆 do
not depend on the cut (和 + each 贰 + 自摸), so that is the cut with the most 油子; it
wins when every card is in a group (牌理顺、放子圆), the 麻雀 is there exactly when the
card count needs it, and the 油子 reach the preset's threshold. :mod:`.waits` lists the
cards a hand one short wins on.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from huapai.core.present import Msg
from huapai.core.protocol import NotationError

from .cards import COPIES, ER, NUM_CARDS, RANKS, card_name, check_counts_of, parse_cards
from .groups import QUAD_KINDS, Group, Kind, Meld, same_card_youzi, sequence_youzi
from .rules import XiushanRules
from .search import Values, best_cut, best_value, rank_values

HandInput = Sequence[int] | str
MeldInput = Sequence[Meld | str]


class HandError(ValueError):
    """A hand the calculator cannot take: wrong size, too many copies, a bad meld.

    ``msg`` says it in both languages (``str()`` is ``"中文 / English"``)."""

    def __init__(self, msg: Msg) -> None:
        self.msg = msg
        super().__init__(str(msg))


@dataclass(frozen=True, slots=True)
class DouItem:
    """One line of a hand's 豆: why, and how many."""

    why: str
    dou: int
    meaning: tuple[str, str] = ("", "")
    """A 名堂's meaning (中文, English) for a player reading the line; empty else."""

    def to_json(self) -> dict[str, Any]:
        return {"why": self.why, "dou": self.dou}

    def label(self) -> tuple[str, str]:
        """The line's words: ``荤（每组都有油子）`` / ``荤 (every group holds 油子)``."""
        zh, en = self.meaning
        return (f"{self.why}（{zh}）" if zh else self.why,
                f"{self.why} ({en})" if en else self.why)


@dataclass(frozen=True, slots=True)
class Result:
    """The best reading of a hand.

    ``youzi`` is the best total (melds included) even when the hand does not win; with
    no cut at all (``complete`` False) it is 0 and ``groups`` is empty. ``dou`` is None
    unless the hand wins; ``dou_items`` itemise it. ``zhuaque`` (啄雀) says the winning
    card made the 麻雀.
    """

    wins: bool
    complete: bool
    youzi: int
    dou: int | None
    groups: tuple[Group, ...]
    threshold: int
    jiang: int | None = None
    dou_items: tuple[DouItem, ...] = ()
    zhuaque: bool = False
    fan: int | None = field(default=None)
    """翻 (钵福); None for the other presets."""
    mingtang: tuple[MingtangHit, ...] = ()
    """The 名堂 the hand has (钵福, 三六福), in table order."""
    value: int | None = None
    """钵福: 油子 × 翻 (what goes on the 算盘); 三六福: the 豆 (as ``dou``); None unless
    the hand wins under a 名堂 preset."""
    named: bool = False
    """Scored by a 名堂 table (钵福, 三六福): ``to_json`` gains ``mingtang`` and ``value``."""
    counts_youzi: bool = True
    """False where the preset 不计油子 (麻雀福): every group's 油子 is 0 and means nothing."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "wins": self.wins,
            "complete": self.complete,
            "youzi": self.youzi,
            "dou": self.dou,
            "threshold": self.threshold,
            "jiang": None if self.jiang is None else card_name(self.jiang + RANKS),
            "groups": [g.to_json() for g in self.groups],
            "dou_items": [d.to_json() for d in self.dou_items],
            "zhuaque": self.zhuaque,
            "counts_youzi": self.counts_youzi,
        }
        if self.fan is not None:
            out["fan"] = self.fan
        if self.named:
            out["mingtang"] = [m.to_json() for m in self.mingtang]
            out["value"] = self.value
        return out


@dataclass(frozen=True, slots=True)
class MingtangHit:
    """One 名堂 of a hand: its table id, name, and 翻 (钵福) or 豆 (三六福)."""

    id: str
    name: str
    value: int
    unit: str
    meaning: tuple[str, str] = ("", "")
    """What it is (中文, English), from the 名堂 table; empty where the table says none."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "name": self.name, self.unit: self.value}
        if any(self.meaning):
            out["meaning"] = {"zh": self.meaning[0], "en": self.meaning[1]}
        return out

    def label(self) -> tuple[str, str]:
        """``名堂 清福（每组都有油子…）`` / ``名堂 清福 (every group holds 油子…)``."""
        return DouItem(f"名堂 {self.name}", self.value, self.meaning).label()


@dataclass(frozen=True, slots=True)
class Hand:
    """A checked hand: concealed counts, melds, and the context of the win."""

    counts: tuple[int, ...]
    melds: tuple[Meld, ...]
    win_card: int | None
    self_drawn: bool
    jiang: int | None


def score(
    rules: XiushanRules,
    hand: HandInput,
    melds: MeldInput = (),
    *,
    win_card: int | str | None = None,
    self_drawn: bool = False,
    jiang: int | str | None = None,
    context: Collection[str] = (),
) -> Result:
    """The best reading of a complete hand under ``rules``.

    ``hand`` is the concealed cards (card ints or notation), ``melds`` the laid-down
    groups (:class:`Meld` or ``"碰:贰贰贰"``). ``win_card`` is the card the hand won on
    (in the hand or in a meld); a 坎 it completes from a discard (not ``self_drawn``)
    scores per ``rules.discard_triple``. ``jiang`` is a card of the hand's 将 rank (either
    size), None for no 将; a preset with ``jiang="off"`` refuses one. ``context`` holds
    the flags of the win only the game knows (``tianhu``, ``dihu``, ``haidi``; see
    :data:`.mingtang.CONTEXT_FLAGS`) for the 名堂 presets; the 豆 presets ignore it.
    """
    h = read_hand(rules, hand, melds, win_card, self_drawn, jiang, complete=True)
    return score_checked(rules, h, context)


def score_checked(rules: XiushanRules, h: Hand, context: Collection[str] = ()) -> Result:
    """:func:`score` of a hand :func:`read_hand` has already checked."""
    if rules.hand_value != "dou":
        from .named import score_named  # the 名堂 scorer builds on this module

        return score_named(rules, h, context)
    meld_groups = laid_groups(rules, h)
    rest, kans = held_kan(rules, h)
    cut = best_cut(rest, values_of(rules, h))
    if cut is None:
        return Result(False, False, 0, None, (), rules.hu_threshold, h.jiang,
                      counts_youzi=rules.youzi)
    concealed_youzi, cut_groups = cut
    concealed_youzi += sum(g.youzi for g in kans)
    peng_card = _peng_card(rules, h)
    groups = meld_groups + kans + tuple(
        _group(rules.youzi, rules.jiang_lianzi, h.jiang, peng_card, kind, cards)
        for kind, cards in cut_groups
    )
    youzi = concealed_youzi + sum(g.youzi for g in meld_groups)
    if sum(g.youzi for g in groups) != youzi:
        raise AssertionError("group 油子 do not add up to the search's total")
    wins = youzi >= rules.hu_threshold
    items = dou_items(rules, h) if wins else ()
    dou = _capped(rules, sum(i.dou for i in items)) if wins else None
    zhuaque = h.win_card is not None and any(
        g.kind is Kind.PAIR and h.win_card in g.cards for g in groups
    ) and h.counts[h.win_card] == 2  # fmt: skip
    return Result(wins, True, youzi, dou, groups, rules.hu_threshold, h.jiang, items, zhuaque,
                  counts_youzi=rules.youzi)


def youzi_of(rules: XiushanRules, h: Hand) -> int | None:
    """The best 油子 of a checked hand (melds included), None when it does not cut: the
    same search as :func:`score_checked` without laying out the groups."""
    rest, kans = held_kan(rules, h)
    value = best_value(rest, values_of(rules, h))
    if value is None:
        return None
    value += sum(g.youzi for g in kans)
    if rules.youzi:
        value += sum(same_card_youzi(m.kind, m.card, h.jiang) for m in h.melds)
    return value


def laid_groups(rules: XiushanRules, h: Hand) -> tuple[Group, ...]:
    """The hand's melds as groups with their 油子."""
    return tuple(
        Group(m.kind, m.cards, same_card_youzi(m.kind, m.card, h.jiang) if rules.youzi else 0,
              laid=True)
        for m in h.melds
    )  # fmt: skip


def held_kan(rules: XiushanRules, h: Hand) -> tuple[tuple[int, ...], tuple[Group, ...]]:
    """(the concealed counts left to cut, the 坎 that may not be split): with
    ``kan_split`` off, three alike held before the winning card are always a 坎."""
    if rules.kan_split:
        return h.counts, ()
    counts = list(h.counts)
    kans = []
    for c in range(NUM_CARDS):
        won = c == h.win_card and all(m.card != c for m in h.melds)
        if counts[c] - won >= 3:
            counts[c] -= 3
            youzi = same_card_youzi(Kind.KAN, c, h.jiang) if rules.youzi else 0
            kans.append(Group(Kind.KAN, (c, c, c), youzi))
    return tuple(counts), tuple(kans)


def dou_of(rules: XiushanRules, h: Hand) -> int:
    """The 豆 of a winning hand: :func:`dou_items` added up, capped by ``dou_cap``."""
    return _capped(rules, sum(i.dou for i in dou_items(rules, h)))


def _capped(rules: XiushanRules, dou: int) -> int:
    return min(dou, rules.dou_cap) if rules.dou_cap else dou


def dou_items(rules: XiushanRules, h: Hand) -> tuple[DouItem, ...]:
    """The 豆 of a winning hand, line by line: 和 1, each 贰 1, 自摸 1 [S]."""
    er_cards = ER if rules.dou_er == "both" else ER[1:]
    items = [DouItem("和", 1, ("", "the win"))]  # English glossed (a play-test read 和 alone)
    for c in er_cards:
        n = h.counts[c] + sum(m.cards.count(c) for m in h.melds)
        if n:
            name = card_name(c)  # why a card is worth 豆, said (an English newcomer asked)
            items.append(DouItem(f"{name}×{n}", n, (f"每张{name}算 1 豆", f"each {name} is a 豆")))
    if h.self_drawn and rules.zimo_dou:
        items.append(DouItem("自摸", 1, ("", "self-drawn")))
    elif h.self_drawn:  # said: a 麻雀福 / 黄六福 winner looked for his 自摸 豆 (a play-test)
        items.append(DouItem("自摸", 0, ("这个玩法自摸不加豆",
                                         "self-drawn: no extra 豆 in this game")))
    return tuple(items)


def _peng_card(rules: XiushanRules, h: Hand) -> int | None:
    """The card whose 坎 scores as a 碰: the winning discard, when it made three alike."""
    if (h.win_card is not None and not h.self_drawn and rules.discard_triple == "peng"
            and h.counts[h.win_card] == 3):  # fmt: skip
        return h.win_card
    return None


def values_of(rules: XiushanRules, h: Hand) -> Values:
    """The search's per-rank values for this hand (its 将, its winning discard)."""
    return rank_values(rules.youzi, rules.jiao, h.jiang, rules.jiang_lianzi, _peng_card(rules, h))


@lru_cache(maxsize=8192)
def _group(
    youzi: bool,
    jiang_lianzi: bool,
    jiang: int | None,
    peng_card: int | None,
    kind: Kind,
    cards: tuple[int, ...],
) -> Group:
    """A concealed group with its 油子, computed again from the group alone."""
    if not youzi or kind in (Kind.PAIR, Kind.JIAO):
        return Group(kind, cards, 0)
    if kind is Kind.KAN:
        as_peng = cards[0] == peng_card
        return Group(kind, cards, same_card_youzi(Kind.PENG if as_peng else kind, cards[0], jiang),
                     as_peng=as_peng)
    value = sequence_youzi(cards)
    if jiang_lianzi and jiang is not None and any(c % RANKS == jiang for c in cards):
        value *= 2
    return Group(kind, cards, value)


def complete_size(rules: XiushanRules, melds: Sequence[Meld]) -> int:
    """Cards in a complete hand with these melds: ``hand_size`` plus one for each 4-set
    after the first (八块: the first 4-set is followed by a discard, later ones not)."""
    quads = sum(1 for m in melds if m.kind in QUAD_KINDS)
    return rules.hand_size + max(0, quads - 1)


def read_hand(
    rules: XiushanRules,
    hand: HandInput,
    melds: MeldInput,
    win_card: int | str | None,
    self_drawn: bool,
    jiang: int | str | None,
    *,
    complete: bool,
) -> Hand:
    """Check a hand and return its counts; raises :class:`HandError` (or
    :class:`NotationError` for bad notation) naming what is wrong."""
    cards = parse_cards(hand) if isinstance(hand, str) else tuple(hand)
    if not _VALID.issuperset(cards):
        check_counts_of(cards, ("手牌中", " in the hand"))
    ms = tuple(m if isinstance(m, Meld) else Meld.parse(_text(m)) for m in melds)
    if not rules.quads:
        for m in ms:
            if m.kind in QUAD_KINDS:
                raise HandError(Msg("bad_hand", f"{m}：这个玩法没有龙灯和开召",
                                    f"{m}: this preset has no 4-sets (无龙灯和开召)"))
    counts = [0] * NUM_CARDS
    for c in cards:
        counts[c] += 1
    held = counts
    if ms:
        held = list(counts)
        for m in ms:
            held[m.card] += len(m.cards)
    if max(held) > COPIES:
        check_counts_of(cards, ("手牌中", " in the hand"))
        check_counts_of(list(cards) + [c for m in ms for c in m.cards],
                        ("手牌和落地的组中", " in hand and melds"))
    total = len(cards) + sum(len(m.cards) for m in ms)
    want = complete_size(rules, ms) - (0 if complete else 1)
    if total != want:
        zh, en = (("和牌", "a complete hand") if complete
                  else ("差一张的牌", "a hand one card short"))
        hint = _size_hint(complete, total - want)
        raise HandError(Msg("bad_hand", f"带这些组，{zh}应有 {want} 张，这里是 {total} 张{hint[0]}",
                            f"{en} with these melds has {want} cards, got {total}{hint[1]}"))
    win = _card(win_card, ("和的那张（--win）", "win_card (--win)"))
    if win is not None and not counts[win] and all(win not in m.cards for m in ms):
        raise HandError(Msg("bad_hand", f"和的那张 {card_name(win)} 不在手牌里",
                            f"the winning card {card_name(win)} is not in the hand"))
    return Hand(tuple(counts), ms, win, bool(self_drawn), _jiang(rules, jiang))


_VALID = frozenset(range(NUM_CARDS))


def _jiang(rules: XiushanRules, jiang: int | str | None) -> int | None:
    c = _card(jiang, ("将（--jiang）", "jiang (--jiang)"))
    if c is None:
        return None
    if rules.jiang == "off":
        raise HandError(Msg("bad_hand", "这个玩法不设置将", "this preset has no 将 (不设置将)"))
    return c % RANKS


def _size_hint(complete: bool, off: int) -> tuple[str, str]:
    """One card short of a complete hand, or one over a hand to read waits of: the
    other calculator is the one meant (a researcher's report)."""
    if complete and off == -1:
        return "；差一张的牌，听什么牌用 huapai waits", "; for a hand one short, huapai waits"
    if not complete and off == 1:
        return "；完整的牌，得分用 huapai score", "; for a complete hand, huapai score"
    return "", ""


def _card(value: int | str | None, what: tuple[str, str]) -> int | None:
    """``value`` as one card; ``what`` names it (中文, English) in an error."""
    zh, en = what
    if value is None:
        return None
    if isinstance(value, str):
        try:
            cards = parse_cards(value)
        except NotationError as exc:  # named: 「X」第 1 个字… said nothing of --jiang
            raise NotationError(Msg("bad_card", zh, en).with_detail(exc.msg)) from None
        if len(cards) != 1:
            raise NotationError(Msg("bad_card", f"{zh}：要一张牌，不是「{value}」",
                                     f"{en}: expected one card, got {value!r}"))
        return cards[0]
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < NUM_CARDS:
        raise HandError(Msg("bad_card", f"{zh}：没有 {value!r} 这张牌",
                            f"{en}: no card {value!r}"))
    return value


def _text(meld: object) -> str:
    if not isinstance(meld, str):
        raise HandError(Msg("bad_meld", f"组要写成 种类:牌，不是 {meld!r}",
                            f"melds must be Meld values or KIND:CARDS text, got {meld!r}"))
    return meld
