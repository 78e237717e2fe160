"""The calculator against an exhaustive decomposer (``xs_brute``) on small positions.

Hands of 1–3 groups (+ a 麻雀 when the count needs one) and up to two melds are built
from random groups (so most cut) or drawn at random; the rule options, the 将 rank, the
winning card and 自摸 are drawn too. Best 油子, completeness, the win flag, 豆, the
listed groups and the waits must all agree with brute force. Seeded and bounded.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import xs_brute as brute
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from huapai.games.xiushan.calculator import score
from huapai.games.xiushan.groups import QUAD_KINDS, Kind, Meld
from huapai.games.xiushan.rules import SHIBAFU, XiushanRules
from huapai.games.xiushan.waits import waits

SETTINGS = settings(max_examples=300, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
MELD_KINDS = (Kind.PENG, Kind.SHAO, Kind.ZHAO, Kind.JI, Kind.LONG)

OPTIONS = st.fixed_dictionaries({
    "youzi": st.booleans(),
    "jiao": st.booleans(),
    "jiang_lianzi": st.booleans(),
    "discard_triple": st.sampled_from(["peng", "shao"]),
    "dou_er": st.sampled_from(["both", "big"]),
    "zimo_dou": st.booleans(),
    "dou_cap": st.sampled_from([0, 3, 10]),
    "threshold": st.sampled_from([0, 3, 6, 9]),
})  # fmt: skip


def _group(rng: random.Random) -> list[int]:
    kind, g = rng.choice(brute.concealed_groups(True))
    return list(g) if kind != "麻雀" else [*g, g[0]]


def _position(rng: random.Random) -> tuple[list[int], list[Meld], int]:
    """(concealed cards, melds, hand_size) of a complete small hand."""
    while True:
        kinds = rng.sample(MELD_KINDS, rng.randrange(3))
        melds = [Meld(k, (rng.randrange(20),) * (4 if k in QUAD_KINDS else 3)) for k in kinds]
        groups = rng.randrange(0 if melds else 1, 4)
        quads = sum(len(m.cards) == 4 for m in melds)
        pair = quads > 0 or rng.random() < 0.5
        if rng.random() < 0.7:
            hand = [c for _ in range(groups) for c in _group(rng)]
            if pair:
                hand += [rng.randrange(20)] * 2
        else:
            hand = [rng.randrange(20) for _ in range(3 * groups + (2 if pair else 0))]
        held = hand + [c for m in melds for c in m.cards]
        if hand and all(n <= 4 for n in Counter(held).values()):
            return hand, melds, len(held) - max(0, quads - 1)


def _rules(opts: dict[str, Any], size: int) -> XiushanRules:
    threshold = opts["threshold"] if opts["youzi"] else 0
    return dataclasses.replace(
        SHIBAFU, hand_size=size, youzi=opts["youzi"], jiao=opts["jiao"],
        jiang_lianzi=opts["jiang_lianzi"], discard_triple=opts["discard_triple"],
        dou_er=opts["dou_er"], zimo_dou=opts["zimo_dou"], dou_cap=opts["dou_cap"],
        hu_threshold=threshold)  # fmt: skip


@SETTINGS
@given(st.integers(0, 2**32), OPTIONS, st.one_of(st.none(), st.integers(0, 9)), st.booleans())
def test_score_agrees_with_brute_force(seed: int, opts: dict[str, Any], jiang: int | None,
                                       self_drawn: bool) -> None:  # fmt: skip
    rng = random.Random(seed)
    hand, melds, size = _position(rng)
    rules = _rules(opts, size)
    win = rng.choice(hand) if rng.random() < 0.7 else None
    result = score(rules, hand, melds, win_card=win, self_drawn=self_drawn, jiang=jiang)
    bopts = {**opts, "jiang": jiang, "win": win, "self_drawn": self_drawn}
    expect = brute.best(hand, [(m.kind.value, m.card) for m in melds], bopts)
    assert result.complete == (expect is not None)
    if expect is None:
        assert (result.youzi, result.groups, result.wins, result.dou) == (0, (), False, None)
        return
    assert result.youzi == expect[0]
    assert result.wins == (expect[0] >= rules.hu_threshold)
    concealed = [g for g in result.groups if not g.laid]
    assert Counter(c for g in concealed for c in g.cards) == Counter(hand)
    assert [g.kind for g in result.groups if g.laid] == [m.kind for m in melds]
    for g in concealed:
        assert g.youzi == brute.group_value(g.kind.value, g.cards, {
            **bopts, "win_copies": hand.count(win) if win is not None else 0})
    assert sum(g.kind is Kind.PAIR for g in result.groups) == (1 if len(hand) % 3 == 2 else 0)
    if result.wins:
        held = hand + [c for m in melds for c in m.cards]
        dou = 1 + held.count(11) + (held.count(1) if opts["dou_er"] == "both" else 0)
        dou += 1 if self_drawn and opts["zimo_dou"] else 0
        assert result.dou == (min(dou, opts["dou_cap"]) if opts["dou_cap"] else dou)


@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
@given(st.integers(0, 2**32), OPTIONS, st.one_of(st.none(), st.integers(0, 9)))
def test_waits_agree_with_brute_force(seed: int, opts: dict[str, Any], jiang: int | None) -> None:
    rng = random.Random(seed)
    hand, melds, size = _position(rng)
    rules = _rules(opts, size)
    short = list(hand)
    short.pop(rng.randrange(len(short)))
    got = {w.card: w for w in waits(rules, short, melds, jiang=jiang).waits}
    for card in range(20):
        held = short + [c for m in melds for c in m.cards]
        if held.count(card) >= 4:
            assert card not in got
            continue
        for self_drawn in (False, True):
            expect = _brute_wait(rules, opts, short, melds, card, self_drawn, jiang)
            w = got.get(card)
            value = None if w is None else (w.youzi_self_drawn if self_drawn else w.youzi)
            assert value == expect, (card, self_drawn)
            if w is not None and value is not None:
                held_all = [*held, card]
                dou = 1 + held_all.count(11) + (held_all.count(1) if opts["dou_er"] == "both"
                                                 else 0)  # fmt: skip
                dou += 1 if self_drawn and opts["zimo_dou"] else 0
                dou = min(dou, opts["dou_cap"]) if opts["dou_cap"] else dou
                assert (w.score_self_drawn if self_drawn else w.score) == dou


def _brute_wait(rules: XiushanRules, opts: dict[str, Any], short: list[int], melds: list[Meld],
                card: int, self_drawn: bool, jiang: int | None) -> int | None:  # fmt: skip
    """Best winning 油子 over every way ``card`` can complete the hand (brute force)."""
    ways = [([*short, card], [(m.kind.value, m.card) for m in melds])]
    if not any(len(m.cards) == 4 for m in melds):
        for i, m in enumerate(melds):
            if m.card != card:
                continue
            kind = {Kind.SHAO: "龙灯" if self_drawn else "开召",
                    Kind.PENG: "鸡" if self_drawn else None}.get(m.kind)  # fmt: skip
            if kind is not None:
                rest = [(x.kind.value, x.card) for j, x in enumerate(melds) if j != i]
                ways.append((short, [*rest, (kind, card)]))
    best = None
    for hand, ms in ways:
        quads = sum(k in brute.QUADS for k, _ in ms)
        if len(hand) + sum(4 if k in brute.QUADS else 3 for k, _ in ms) != \
                rules.hand_size + max(0, quads - 1):
            continue
        bopts = {**opts, "jiang": jiang, "win": card, "self_drawn": self_drawn}
        found = brute.best(hand, ms, bopts)
        if found is not None and found[0] >= rules.hu_threshold:
            best = found[0] if best is None else max(best, found[0])
    return best
