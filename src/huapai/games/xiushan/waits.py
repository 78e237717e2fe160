"""秀山字牌 waits (听牌): every card that completes a hand one card short, and its score.

A card can complete the hand three ways: into the concealed cards, onto a laid-down 哨
(a discard or a 堂子头 card makes it a 开召; one's own draw a 龙灯 or 开召 per
``own_draw_on_shao``) or, drawn by oneself from the 堂子头, onto a 碰 (鸡; a discard can
never be 鸡'd [S]). Each wait gives the best 豆 and 油子 when the card is another
seat's discard and when it is one's own draw (自摸), and the copies not yet seen. Under
the 名堂 presets (钵福, 三六福) the score is the hand's ``value`` instead — 油子 × 翻, or
the 名堂 豆 — from the full scorer on each winning completion (no context flags).

The concealed route runs the search of :mod:`.search` once per candidate card, from the
layer the hand's lower ranks give (shared by every candidate of a higher rank).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from huapai.core.present import Msg

from .calculator import (
    Hand,
    HandError,
    HandInput,
    MeldInput,
    dou_of,
    held_kan,
    read_hand,
    values_of,
    youzi_of,
)
from .cards import COPIES, NUM_CARDS, RANKS, card_name, check_counts_of, parse_cards
from .groups import QUAD_KINDS, Kind, Meld, same_card_youzi
from .named import named_value, named_values
from .rules import XiushanRules
from .search import Suffix, join, prefix_layers


@dataclass(frozen=True, slots=True)
class Wait:
    """A winning card; ``score`` / ``youzi`` on a discard (None: it does not win that
    way), ``score_self_drawn`` / ``youzi_self_drawn`` on one's own draw."""

    card: int
    score: int | None
    youzi: int | None
    score_self_drawn: int | None
    youzi_self_drawn: int | None
    remaining: int

    def to_json(self) -> dict[str, Any]:
        return {
            "card": card_name(self.card),
            "score": self.score,
            "youzi": self.youzi,
            "score_self_drawn": self.score_self_drawn,
            "youzi_self_drawn": self.youzi_self_drawn,
            "remaining": self.remaining,
        }


@dataclass(frozen=True, slots=True)
class Waits:
    waits: tuple[Wait, ...]
    counts_youzi: bool = True
    """False where the preset 不计油子 (麻雀福): the 油子 of each wait is 0."""

    def to_json(self) -> dict[str, Any]:
        return {"waits": [w.to_json() for w in self.waits], "counts_youzi": self.counts_youzi}


Outcome = tuple[int, int] | None
"""(豆, 油子) of a win, None for no win."""


def waits(
    rules: XiushanRules,
    hand: HandInput,
    melds: MeldInput = (),
    *,
    visible: HandInput = (),
    jiang: int | str | None = None,
) -> Waits:
    """The waits of a hand one card short. ``visible`` are the cards its holder has
    seen elsewhere (discards, others' melds, the flipped 将 card), for ``remaining``."""
    short = read_hand(rules, hand, melds, None, False, jiang, complete=False)
    seen = parse_cards(visible, check_counts=False) if isinstance(visible, str) else tuple(visible)
    check_counts_of(seen, ("看得见的牌中", " among the visible cards"))
    held = list(short.counts)
    for m in short.melds:
        for c in m.cards:
            held[c] += 1
    for c in set(seen):
        if held[c] + seen.count(c) > COPIES:
            raise HandError(Msg("bad_hand",
                                f"{card_name(c)} 手里 {held[c]} 张、看得见 {seen.count(c)} 张："
                                f"一副牌只有 {COPIES} 张",
                                f"{held[c]} × {card_name(c)} held and {seen.count(c)} visible: "
                                f"the deck has only {COPIES}"))
    stuck = _stuck(short.counts)
    if len(stuck) > 2:
        return Waits((), rules.youzi)
    concealed = _Concealed(rules, short)
    onto_melds = {} if stuck else _meld_ways(rules, short)
    freeing = _freeing(short.counts, stuck) if stuck else range(NUM_CARDS)
    out = []
    for c in freeing:
        if held[c] >= COPIES:
            continue
        on_discard, on_draw = concealed.outcomes(c)
        for way in onto_melds.get(c, ()):
            on_discard = max(on_discard, _outcome(rules, way(False)), key=_key)
            on_draw = max(on_draw, _outcome(rules, way(True)), key=_key)
        if on_discard is None and on_draw is None:
            continue  # (the 名堂 value is looked for only where the 油子 search wins)
        if rules.hand_value != "dou":
            on_discard, on_draw = _named(rules, short, c, onto_melds.get(c, ()),
                                         on_discard, on_draw)  # fmt: skip
            if on_discard is None and on_draw is None:
                continue
        dou, youzi = on_discard or (None, None)
        dou_drawn, youzi_drawn = on_draw or (None, None)
        unseen = COPIES - held[c] - seen.count(c)
        out.append(Wait(c, dou, youzi, dou_drawn, youzi_drawn, unseen))
    return Waits(tuple(out), rules.youzi)


def _key(outcome: Outcome) -> tuple[int, int]:
    return (-1, -1) if outcome is None else outcome


class _Concealed:
    """The concealed route: the card joins the hand (the search's prefix layers shared)."""

    def __init__(self, rules: XiushanRules, short: Hand) -> None:
        self.rules, self.short = rules, short
        self.values = values_of(rules, short)
        self.rest, kans = held_kan(rules, short)  # kan_split off: held 坎 are fixed
        self.layers = prefix_layers(self.rest, self.values)
        self.suffix = Suffix(self.rest, self.values)
        self.meld_youzi = sum(same_card_youzi(m.kind, m.card, short.jiang)
                              for m in short.melds) if rules.youzi else 0  # fmt: skip
        self.meld_youzi += sum(g.youzi for g in kans)
        self.dou = dou_of(rules, short)  # 和 and the 贰 held, without 自摸
        self.zimo = 1 if rules.zimo_dou else 0
        self.er = (1, 11) if rules.dou_er == "both" else (11,)
        self.peng = rules.youzi and rules.discard_triple == "peng"

    def outcomes(self, c: int) -> tuple[Outcome, Outcome]:
        """(on a discard, self-drawn) when card ``c`` joins the concealed cards."""
        r = c % RANKS
        layer = self.layers[r]
        if not layer or not _related(self.short.counts, c):
            return None, None
        cs, cb = self.rest[r], self.rest[r + RANKS]
        if c < RANKS:
            cs += 1
        else:
            cb += 1
        drawn = join(layer, r, cs, cb, self.values[r], self.suffix)
        discard = drawn
        if self.peng and self.short.counts[c] == 2:  # the discard makes three alike
            counts = list(self.short.counts)
            counts[c] += 1
            h = Hand(tuple(counts), self.short.melds, c, False, self.short.jiang)
            discard = join(layer, r, cs, cb, values_of(self.rules, h)[r], self.suffix)
        dou = self.dou + (c in self.er)
        cap = self.rules.dou_cap
        return self._outcome(discard, dou, cap), self._outcome(drawn, dou + self.zimo, cap)

    def _outcome(self, concealed_youzi: int | None, dou: int, cap: int) -> Outcome:
        if concealed_youzi is None:
            return None
        youzi = concealed_youzi + self.meld_youzi
        if youzi < self.rules.hu_threshold:
            return None
        return (min(dou, cap) if cap else dou), youzi


def _outcome(rules: XiushanRules, h: Hand | None) -> Outcome:
    if h is None:
        return None
    youzi = youzi_of(rules, h)
    if youzi is None or youzi < rules.hu_threshold:
        return None
    return dou_of(rules, h), youzi


def _named(
    rules: XiushanRules, short: Hand, c: int, ways: Sequence[Any], discard: Outcome,
    drawn: Outcome,
) -> tuple[Outcome, Outcome]:
    """(value, 油子) on a discard and self-drawn under a 名堂 preset: the full scorer's
    value on each completion, where the 油子 search says one wins (the concealed
    completion is cut once for both, :func:`.named.named_values`)."""
    counts = list(short.counts)
    counts[c] += 1
    whole = Hand(tuple(counts), short.melds, c, False, short.jiang)
    found = named_values(rules, whole, discard is not None, drawn is not None)
    out: list[Outcome] = []
    for self_drawn, fast, best in ((False, discard, found[0]), (True, drawn, found[1])):
        if fast is not None:
            for way in ways:
                h = way(self_drawn)
                if h is not None:
                    best = max(best, named_value(rules, h), key=_key)
        out.append(best)
    return out[0], out[1]


def _meld_ways(rules: XiushanRules, short: Hand) -> dict[int, list[Any]]:
    """Per card, the ways it completes the hand onto a meld: functions of ``self_drawn``
    giving the completed hand (None where that way is not open to that kind of card)."""
    if not rules.quads or any(m.kind in QUAD_KINDS for m in short.melds):
        return {}  # a second 4-set does not complete a hand one short (八块)
    ways: dict[int, list[Any]] = {}
    for i, m in enumerate(short.melds):
        if m.kind in (Kind.SHAO, Kind.PENG):
            ways.setdefault(m.card, []).append(_upgrade(rules, short, i))
    return ways


def _upgrade(rules: XiushanRules, short: Hand, i: int) -> Any:
    m = short.melds[i]

    def way(self_drawn: bool) -> Hand | None:
        if m.kind is Kind.SHAO:
            own = Kind.LONG if rules.own_draw_on_shao == "long" else Kind.ZHAO
            kind = own if self_drawn else Kind.ZHAO
        elif self_drawn:
            kind = Kind.JI  # 鸡 only from the 堂子头, never from a discard [S]
        else:
            return None
        melds = (*short.melds[:i], Meld(kind, (m.card,) * 4), *short.melds[i + 1 :])
        return Hand(short.counts, melds, m.card, self_drawn, short.jiang)

    return way


def _stuck(counts: Sequence[int]) -> list[int]:
    """The concealed cards no group can hold with the other concealed cards alone
    (:func:`_related`). Each must share its group with the winning card, and groups are
    at most three cards, so a hand with three of them has no wait (two can be joined by
    one card: 三 and 伍 by 四), and one with any cannot win onto a meld."""
    left = list(counts)
    return [x for x in range(NUM_CARDS) if left[x] and not _related_without(left, x)]


def _freeing(counts: Sequence[int], stuck: Sequence[int]) -> list[int]:
    """The cards whose joining the hand gives every stuck card a group, in order: among
    the cards a group can share with the first stuck one (:func:`_near`)."""
    left, out = list(counts), []
    for c in sorted(_near(stuck[0])):
        left[c] += 1
        if all(_related_without(left, x) for x in stuck):
            out.append(c)
        left[c] -= 1
    return out


def _near(x: int) -> set[int]:
    """Every card that can be in one group with ``x``: the same card, the other size of
    its rank, its size two ranks either way, and its 二七十."""
    base, r = x - x % RANKS, x % RANKS
    out = {base + k for k in range(max(0, r - 2), min(RANKS, r + 3))}
    out.add(x + RANKS if x < RANKS else x - RANKS)
    if r in (1, 6, 9):
        out.update(base + k for k in (1, 6, 9))
    return out


def _related_without(counts: list[int], x: int) -> bool:
    """Whether one held ``x`` is related to the other held cards."""
    counts[x] -= 1
    try:
        return _related(counts, x)
    finally:
        counts[x] += 1


def _related(counts: Sequence[int], c: int) -> bool:
    """Whether ``c`` could be in a group with held cards: the two other cards of a 联子
    or of 二七十, another ``c`` (pair, 坎, 大小组合) or the other size (大小组合)."""
    base, r = c - c % RANKS, c % RANKS
    if counts[c] or counts[c + RANKS if c < RANKS else c - RANKS]:
        return True
    for lo in range(max(0, r - 2), min(r, RANKS - 3) + 1):
        if all(counts[base + k] for k in range(lo, lo + 3) if k != r):
            return True
    return r in (1, 6, 9) and all(counts[base + k] for k in (1, 6, 9) if k != r)
