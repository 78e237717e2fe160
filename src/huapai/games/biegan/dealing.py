"""Dealing a 双别杆 deal: the protocol's door for a caller's seed, deal and dealer.

Split from :mod:`.turn` (which keeps the turn's mechanics): these functions take the
caller's raw values and refuse bad ones with the engine's own errors (``bad_dealer``,
``bad_seed``, ``bad_code``), so a compiled build (``scripts/build-compiled.sh``, mypyc,
whose argument checks would refuse them its own way) compiles :mod:`.turn` and leaves
this module interpreted.
"""

from __future__ import annotations

from collections.abc import Sequence

from huapai.core.protocol import IllegalAction, NotationError
from huapai.core.rng import checked_seed, shuffled

from .cards import NUM_CODES, card_name
from .rules import BieganRules
from .state import EMPTY, QINGTONG, State, hand_sizes
from .turn import _next_qingtong, counts_of, deck
from .winning import packed_of


def new_state(rules: BieganRules, *, seed: int | None, deal: Sequence[int] | None,
              dealer: int) -> State:
    n = rules.players
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise IllegalAction.of("bad_dealer", "庄家要是 0–{last} 号座",
                               "dealer must be a seat 0..{last}", last=n - 1)
    cards = (checked_deal(rules, deal) if deal is not None
             else shuffled(deck(rules), checked_seed(seed)))
    s = State.__new__(State)
    s.rules, s.deal, s.dealer = rules, cards, dealer
    s.hands, s.packed = [EMPTY] * n, [0] * n
    start = 0
    for i, size in enumerate(hand_sizes(n)):
        seat = (dealer + i) % n
        s.hands[seat] = counts_of(cards[start:start + size])
        s.packed[seat] = packed_of(s.hands[seat])
        start += size
    s.melds, s.rivers, s.duis = [()] * n, [()] * n, [0] * n
    s.top, s.bottom = start, len(cards) - 1
    s.pending, s.answers, s.guohu, s.drawn = None, (), 0, None
    s.wins, s.end, s._legal = (), None, None
    # 请统: 末家 first, then 二家, the 庄家 last [S] — the seats before the dealer, backwards
    s.qt, s.qt_faces = tuple((dealer - i) % n for i in range(1, n)), 0
    s.phase, s.turn = QINGTONG, dealer
    _next_qingtong(s, [])
    s.waiting = (s.turn,)
    return s


def checked_deal(rules: BieganRules, deal: Sequence[int]) -> tuple[int, ...]:
    """A deal given explicitly: every card of the deck exactly once, as card codes."""
    cards = tuple(deal)
    full = deck(rules)
    if len(cards) != len(full):
        raise NotationError.of("deal_size", "一副牌应有 {want} 张，这里有 {got} 张",
                               "a deal has {want} cards under these rules, got {got}",
                               want=len(full), got=len(cards))
    if any(isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < NUM_CODES
           for c in cards):
        raise NotationError.of("bad_code", "牌的编码是 0..{top}",
                               "a deal holds card codes 0..{top}", top=NUM_CODES - 1)
    have, want = counts_of(cards), counts_of(full)
    for code in range(NUM_CODES):
        if have[code] != want[code]:
            name = card_name(code)
            raise NotationError.of("deal_counts", "这副牌有 {have} 张{name}，应该是 {want} 张",
                                   "the deal has {have} × {name}, the deck has {want}",
                                   have=have[code], name=name, want=want[code])
    return cards
