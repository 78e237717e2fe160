"""秀山字牌 waits (听牌): every card that completes a hand one card short, and its score.

A card can complete the hand three ways: into the concealed cards, onto a laid-down 哨
(a discard or a 堂子头 card makes it a 开召; one's own draw a 龙灯 or 开召 per
``own_draw_on_shao``) or, drawn by oneself from the 堂子头, onto a 碰 (鸡; a discard can
never be 鸡'd [S]). Each wait gives the best 豆 and 油子 when the card is another
seat's discard and when it is one's own draw (自摸), and the copies not yet seen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .calculator import Hand, HandInput, MeldInput, dou_items, read_hand, youzi_of
from .cards import COPIES, NUM_CARDS, RANKS, card_name, check_counts_of, parse_cards
from .groups import Kind, Meld
from .rules import XiushanRules


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

    def to_json(self) -> dict[str, Any]:
        return {"waits": [w.to_json() for w in self.waits]}


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
    check_counts_of(seen, " among the visible cards")
    held = list(short.counts)
    for m in short.melds:
        for c in m.cards:
            held[c] += 1
    out = []
    for c in range(NUM_CARDS):
        unseen = COPIES - held[c] - seen.count(c)
        if held[c] >= COPIES:
            continue
        on_discard = _best(rules, short, c, self_drawn=False)
        on_draw = _best(rules, short, c, self_drawn=True)
        if on_discard is None and on_draw is None:
            continue
        dou, youzi = on_discard or (None, None)
        dou_drawn, youzi_drawn = on_draw or (None, None)
        out.append(Wait(c, dou, youzi, dou_drawn, youzi_drawn, max(0, unseen)))
    return Waits(tuple(out))


def _best(rules: XiushanRules, short: Hand, c: int, *, self_drawn: bool) -> tuple[int, int] | None:
    """(豆, 油子) of the best winning way card ``c`` completes the hand, or None."""
    best: tuple[int, int] | None = None
    for h in _completions(rules, short, c, self_drawn):
        youzi = youzi_of(rules, h)
        if youzi is None or youzi < rules.hu_threshold:
            continue
        dou = min(sum(i.dou for i in dou_items(rules, h)), rules.dou_cap or 1 << 30)
        if best is None or (dou, youzi) > best:
            best = (dou, youzi)
    return best


def _completions(rules: XiushanRules, short: Hand, c: int, self_drawn: bool) -> list[Hand]:
    out = []
    if _related(short.counts, c):
        counts = list(short.counts)
        counts[c] += 1
        out.append(Hand(tuple(counts), short.melds, c, self_drawn, short.jiang))
    if not rules.quads or any(m.kind in (Kind.ZHAO, Kind.JI, Kind.LONG) for m in short.melds):
        return out  # a second 4-set does not complete a hand one short (八块)
    for i, m in enumerate(short.melds):
        if m.card != c:
            continue
        kind = None
        if m.kind is Kind.SHAO:
            kind = (Kind.LONG if rules.own_draw_on_shao == "long" else Kind.ZHAO) \
                if self_drawn else Kind.ZHAO
        elif m.kind is Kind.PENG and self_drawn:
            kind = Kind.JI
        if kind is not None:
            melds = (*short.melds[:i], Meld(kind, (c,) * 4), *short.melds[i + 1 :])
            out.append(Hand(short.counts, melds, c, self_drawn, short.jiang))
    return out


def _related(counts: Sequence[int], c: int) -> bool:
    """Whether some held card could share a group with ``c`` (a group always holds
    another card of the hand: same card, a neighbour within two ranks of one size, the
    same rank of the other size, or an 二七十 partner)."""
    base = c - c % RANKS
    r = c % RANKS
    if counts[c] or counts[c + RANKS if c < RANKS else c - RANKS]:
        return True
    if any(counts[base + k] for k in range(max(0, r - 2), min(RANKS, r + 3))):
        return True
    return r in (1, 6, 9) and any(counts[base + k] for k in (1, 6, 9))
