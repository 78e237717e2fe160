"""``permute_hidden``: a 秀山 deal that one seat cannot tell from the real one at the start.

Hidden from a seat when the cards are dealt: every other hand (the 老爷's two cards too)
and the stock with its order. Public from the start: the flipped 将 card (the deal's last
card, with 翻将) and, for every other active seat, the face-down 哨 / 龙灯 it will lay from
its dealt hand — how many of each, and in 钵福 their announced values (the 庄家 lays
his before his first discard, the others after it; :func:`.moves.dealt_groups` lays them
in an order that shows nothing else). A shuffle of the hidden cards that changes those
facts is drawn again; when none of ``TRIES`` keeps them, random swaps of two hidden cards
mix the real deal instead, each swap kept only when it keeps them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from huapai.core.rng import reshuffled

from .bo_play import dealt_values
from .moves import counts_of, dealt_groups, dealt_sizes, seats_of
from .table_rules import XiushanGameRules

TRIES = 30
"""Whole shuffles tried before the hidden cards are mixed by swaps instead."""

SWAPS = 1500
"""Swaps of two hidden cards tried when no whole shuffle kept the public facts."""

KEEP_STOCK = 0.5
"""How often only the other hands are shuffled and the stock stays in order: the first
堂子头 card is shown to all, so a shuffled stock parts the two deals at the first draw,
while a kept one lets the check follow play until a hidden hand shows (both are deals
the seat cannot tell from the real one)."""

Signature = tuple[tuple[int, tuple[str, ...]], ...]


def places(rules: XiushanGameRules, dealer: int) -> list[tuple[int, range]]:
    """Each dealt seat and its positions in the deal (庄家, the others, the 老爷)."""
    active, idle = seats_of(rules, dealer)
    seats = (*active, *(() if idle is None or rules.idle != "laoye" else (idle,)))
    out, at = [], 0
    for seat, size in zip(seats, dealt_sizes(rules), strict=True):
        out.append((seat, range(at, at + size)))
        at += size
    return out


def public_groups(rules: XiushanGameRules, deal: Sequence[int], dealer: int) -> Signature:
    """The kinds of face-down groups each dealt seat lays from its dealt hand."""
    return tuple((seat, _groups(rules, deal, where)) for seat, where in places(rules, dealer))


def _groups(rules: XiushanGameRules, deal: Sequence[int], where: range) -> tuple[str, ...]:
    groups = dealt_groups(rules, counts_of([deal[i] for i in where]))
    kinds = tuple(kind.value for kind, _, _ in groups)
    if rules.hand_value != "fan":
        return kinds
    # 钵福: every dealt group is announced (报子), so its value is public too
    jiang = rules.jiang_of_flip(deal[-1]) if rules.flips else None
    values = dealt_values([(kind, c) for kind, c, _ in groups], jiang)
    return (*kinds, *(str(v) for v in values))


def permute_hidden(deal: Sequence[int], seat: int, rng: random.Random,
                   rules: XiushanGameRules, dealer: int) -> tuple[int, ...]:
    """The cards ``seat`` cannot see shuffled among their places (half of the time the
    other hands only, ``KEEP_STOCK``), every seat's dealt face-down groups the same in
    number and kind: a whole shuffle when one of ``TRIES``
    keeps them (uniform over such deals), else ``SWAPS`` random swaps of two hidden
    cards from the deal, each kept only when it keeps them (a walk that stays among
    such deals; its long-run distribution is uniform over them)."""
    seat_places = places(rules, dealer)
    mine = next((where for p, where in seat_places if p == seat), range(0))
    end = len(deal) - rules.flips
    if rng.random() < KEEP_STOCK:
        end = seat_places[-1][1].stop
    movable = [i for i in range(end) if i not in mine]
    want = public_groups(rules, deal, dealer)
    out = reshuffled(deal, movable, rng, lambda d: public_groups(rules, d, dealer) == want,
                     TRIES)
    return out if out is not None else _swapped(list(deal), movable, seat_places, rng, rules)


def _swapped(out: list[int], movable: list[int], seat_places: list[tuple[int, range]],
             rng: random.Random, rules: XiushanGameRules) -> tuple[int, ...]:
    where_of = {i: where for _, where in seat_places for i in where}
    for _ in range(SWAPS):
        i, j = rng.sample(movable, 2)
        hands = {where_of[k] for k in (i, j) if k in where_of}
        if len(hands) < 2 and (i in where_of) == (j in where_of):
            out[i], out[j] = out[j], out[i]  # within one hand or within the stock
            continue
        before = [_groups(rules, out, where) for where in hands]
        out[i], out[j] = out[j], out[i]
        if [_groups(rules, out, where) for where in hands] != before:
            out[i], out[j] = out[j], out[i]
    return tuple(out)
