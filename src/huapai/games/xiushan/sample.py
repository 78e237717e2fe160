"""``resample``: a 秀山 deal consistent with everything one seat has seen.

Hidden from a seat: the other hands (the 老爷's two cards too), the stock (its cards and
order), another seat's kept draw (``drawn_card="keep"``) and the cards of the other
seats' face-down 哨 / 龙灯 laid from the dealt hand (a group made with a shown card is
known). These are pooled; each hidden group gets a
random card the pool holds enough copies of, the rest is redealt to the same places with
the same sizes. The other seats' window answers become 过 (the seat saw only that they
answered). A finished deal is returned as is.

Not used as constraints (the state stays valid and playable): that a seat with a pair of
a discarded card would have had to 碰 it, and that a seat which had laid its dealt
groups holds no three alike.
"""

from __future__ import annotations

import random
from collections import Counter

from .cards import COPIES, NUM_CARDS
from .groups import Meld
from .moves import counts_of
from .observe import hidden_offer
from .state import OVER, PASS, Held, State


def resample(s: State, seat: int, rng: random.Random) -> State:
    if s.phase == OVER:
        return s
    t = s.copy()
    others = [p for p in range(s.rules.num_seats) if p != seat]
    hidden = [(p, i) for p in others for i, h in enumerate(s.melds[p])
              if h.face_down and not h.public]
    pool: Counter[int] = Counter(s.deal[s.top:s.stock_end])
    for p in others:
        pool.update({c: n for c, n in enumerate(s.hands[p]) if n})
    for p, i in hidden:
        pool[s.melds[p][i].meld.card] += len(s.melds[p][i].meld.cards)
    kept = s.offer is not None and s.offer[0] != seat and hidden_offer(s)
    if kept:
        assert s.offer is not None
        pool[s.offer[1]] += 1
    faces = _faces(s, hidden, pool, rng)
    for (p, i), card in zip(hidden, faces, strict=True):
        held = s.melds[p][i]
        size = len(held.meld.cards)
        pool[card] -= size
        melds = list(t.melds[p])
        melds[i] = Held(Meld(held.meld.kind, (card,) * size), False, held.source)
        t.melds[p] = tuple(melds)
    cards = [c for c, n in sorted(pool.items()) for _ in range(n)]
    rng.shuffle(cards)
    at = 0
    for p in others:
        size = sum(s.hands[p])
        t.hands[p] = counts_of(cards[at:at + size])
        at += size
    if kept and s.offer is not None:
        t.offer = (s.offer[0], cards[at], True)
        at += 1
    stock = cards[at:]
    assert len(stock) == s.stock_end - s.top
    t.deal = _deal_with_stock(s, tuple(stock))
    t.answers = tuple((p, a if p == seat else PASS) for p, a in s.answers)
    return t


def _faces(s: State, hidden: list[tuple[int, int]], pool: Counter[int],
           rng: random.Random, tries: int = 8) -> list[int]:
    """A random card for each hidden group that the pool can make (its own card again
    when eight random tries fail: that assignment is always possible)."""
    for _ in range(tries):
        left, faces = Counter(pool), []
        for p, i in hidden:
            size = len(s.melds[p][i].meld.cards)
            options = [c for c in range(NUM_CARDS) if left[c] >= size]
            if not options:
                break
            faces.append(rng.choice(options))
            left[faces[-1]] -= size
        else:
            return faces
    return [s.melds[p][i].meld.card for p, i in hidden]


def _deal_with_stock(s: State, stock: tuple[int, ...]) -> tuple[int, ...]:
    """A permutation of the deck whose stock part is ``stock`` (the part before it, long
    drawn or dealt, holds the rest; only the stock and the flipped card are read)."""
    rest = Counter(s.deal)
    rest.subtract(stock)
    rest.subtract(s.deal[s.stock_end:])
    head = tuple(c for c in range(NUM_CARDS) for _ in range(rest[c]))
    assert all(0 <= rest[c] <= COPIES for c in range(NUM_CARDS))
    return head + stock + s.deal[s.stock_end:]
