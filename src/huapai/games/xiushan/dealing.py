"""Dealing a 秀山 deal: the protocol's door for a caller's seed, deal and dealer.

Split from :mod:`.moves` (which keeps the mechanics of play): these functions take the
caller's raw values and refuse bad ones with the engine's own errors, so a compiled build
(``scripts/build-compiled.sh``, mypyc, whose argument checks would refuse them its own
way) compiles :mod:`.moves` and leaves this module interpreted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from huapai.core.protocol import Event, NotationError
from huapai.core.rng import checked_seed, seeded

from . import bo_play
from .cards import DECK, NUM_CARDS
from .describe import say
from .moves import after_taking, counts_of, dealt_sizes, lay_dealt, seats_of, waiting
from .state import TURN, State
from .table_rules import XiushanGameRules


def checked_deal(rules: XiushanGameRules, deal: Sequence[int]) -> tuple[int, ...]:
    cards = tuple(deal)
    if sorted(cards) != list(DECK):
        raise NotationError(say("一副牌是 80 张，每种 4 张", f"a deal is the 80 cards, four of "
                                f"each; got {len(cards)} cards"))
    return cards


def new_state(rules: XiushanGameRules, *, seed: int | None, deal: Sequence[int] | None,
              dealer: int, carry: Any = None) -> State:
    return dealt(rules, seed=seed, deal=deal, dealer=dealer, carry=carry)[0]


def dealt(rules: XiushanGameRules, *, seed: int | None, deal: Sequence[int] | None,
          dealer: int, carry: Any = None) -> tuple[State, list[Event]]:
    """A fresh deal and its opening events: the 庄家's dealt 哨 / 龙灯 laid face down
    before his first discard (and, with two 4-sets, his 八块 and the next draw); 钵福
    starts from the carried 钵 (``carry``, the deal before's :func:`.bo_play.carry`)."""
    n = rules.num_seats
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise ValueError(f"dealer must be a seat 0..{n - 1}, got {dealer!r}")
    if deal is None:
        cards = list(DECK)
        seeded(checked_seed(seed)).shuffle(cards)
        deal = cards
    s = State.__new__(State)
    s.rules, s.deal, s.dealer = rules, checked_deal(rules, deal), dealer
    s.active, idle = seats_of(rules, dealer)
    s.hands = [(0,) * NUM_CARDS] * n
    at = 0
    for seat, size in zip((*s.active, *(() if idle is None else (idle,))), dealt_sizes(rules),
                          strict=False):
        s.hands[seat] = counts_of(s.deal[at:at + size])
        at += size
    s.top, s.stock_end = at, len(s.deal) - rules.flips
    s.jiang = rules.jiang_of_flip(s.deal[-1]) if rules.flips else None
    s.melds, s.rivers = [()] * n, [()] * n
    s.offer, s.order, s.answers, s.opened = None, (), (), False
    s.win, s.end, s._legal = None, None, None
    s.bo, s.carried = bo_play.start_bo(rules, carry), carry
    s.owed, s.credits, s.debo = (), (), False
    s.phase, s.turn = TURN, dealer
    events: list[Event] = []
    lay_dealt(s, dealer, events)  # 庄家先亮龙再打第一张牌 [S]
    after_taking(s, dealer, events)
    s.waiting = waiting(s)
    return s, events
