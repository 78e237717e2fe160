"""The search's cheap rollout policy for 秀山 (:func:`make_rollout`).

The heuristic bot's decisions with two savings, for the hundreds of deals a search plays
out per decision (:mod:`huapai.bots.rollout`):

* the calculator's waits (most of the heuristic's time) only for the discards its keep
  value and danger rank cheapest to throw (:data:`~.bot.ROLLOUT_PARAMS`);
* the waits of a hand are remembered (:class:`RolloutBot`'s memo): a search plays the
  same hands again and again (the searching seat's own, the first turns of every world),
  and a quarter of the analyses were repeats; only the copies not yet seen are counted
  afresh, from what the seat sees now;
* it reads its seat's knowledge straight from the state it is played on
  (:func:`view_of`) instead of an observation (whose own waits and text it would only
  parse back). It reads exactly what ``observe(state, seat)`` shows that seat
  (``tests/games/xiushan/test_xs_bot.py`` compares the two on every decision of whole
  deals); in a search the state is a world resampled from the searching seat's
  information, never the real deal. An owed 报子 (钵福's training mode) goes through the
  observation, as the heuristic answers it.

It is not a lobby bot (no manifest entry): the heuristic stays the family's bot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .bot import ROLLOUT_PARAMS, HeuristicBot, _View
from .calculator import HandError
from .cards import COPIES, NUM_CARDS, RANKS, card_name
from .groups import Kind, Meld
from .state import State
from .table_rules import XiushanGameRules
from .waits import waits


def view_of(s: State, seat: int) -> _View:
    """What ``seat`` knows of ``s``, as the heuristic reads it from its observation."""
    hand = list(s.hands[seat])
    melds = tuple(h.meld for h in s.melds[seat])
    seen = [0] * NUM_CARDS
    known_shao: set[int] = set()
    for p, laid in enumerate(s.melds):
        if p == seat:
            continue
        for held in laid:
            if not (held.public or not held.face_down):
                continue
            for c in held.meld.cards:
                seen[c] += 1
            if held.meld.kind is Kind.SHAO:
                known_shao.add(held.meld.cards[0])
    thrown: set[int] = set()
    for p, river in enumerate(s.rivers):
        for c in river:
            seen[c] += 1
            if p != seat:
                thrown.add(c)
    if s.rules.flips:
        seen[s.deal[-1]] += 1
    jiang = None if s.jiang is None else card_name(s.jiang + RANKS)
    return _View(hand, melds, seen, known_shao, thrown, s.stock, jiang)


MEMO_SIZE = 20_000
"""How many hands' waits a rollout bot remembers before it starts afresh: a search
decision at 高手 analyses ≈ 7 000 hands per seat and its repeats are within the decision,
so this keeps about three decisions' worth (≈ 10 MB per rollout seat; an arena's search
bot keeps its rollout bots for the whole run, a room's lives for one decision)."""

_Key = tuple[tuple[int, ...], tuple[Meld, ...], str | None]


class RolloutBot(HeuristicBot):
    """The heuristic with :data:`~.bot.ROLLOUT_PARAMS`, reading the state it is handed
    through :func:`view_of` (``act_state``; ``act`` on an observation works as well), and
    remembering the waits of the hands it has analysed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.memo: dict[_Key, tuple[tuple[int, int], ...]] = {}

    def waits_value(self, view: _View, hand: Sequence[int]) -> float:
        """As the heuristic's (:meth:`HeuristicBot.waits_value`), from the memo: each
        winning card's weight depends on the hand alone, its copies left on the view."""
        key = (tuple(hand), view.melds, view.jiang)
        weights = self.memo.get(key)
        if weights is None:
            weights = self._weights(view, hand)
            if len(self.memo) >= MEMO_SIZE:
                self.memo.clear()
            self.memo[key] = weights
        if not weights:
            return 0.0
        own = [0] * NUM_CARDS
        for m in view.melds:
            for c in m.cards:
                own[c] += 1
        return sum((COPIES - hand[c] - own[c] - view.seen[c]) * w for c, w in weights) / 4

    def _weights(self, view: _View, hand: Sequence[int]) -> tuple[tuple[int, int], ...]:
        """(winning card, 1 + its 豆 or value) for every wait of ``hand``."""
        cards = [c for c in range(NUM_CARDS) for _ in range(hand[c])]
        try:
            found = waits(self.rules, cards, view.melds, jiang=view.jiang)
        except (HandError, ValueError):
            return ()
        return tuple((w.card, 1 + (w.score or w.score_self_drawn or 0)) for w in found.waits)

    def act_state(self, game: Any, state: State, seat: int, legal: Sequence[int]) -> int:
        if seat != self.seat:
            raise ValueError(f"the rollout bot of seat {self.seat} was asked for seat {seat}")
        if state.owed:
            return self.act(game.observe(state, seat), legal)
        return self.choose(legal, lambda: view_of(state, seat))


def make_rollout(game: Any, rules: Any, seat: int, seed: int) -> RolloutBot:
    """The factory :mod:`huapai.bots.rollout` names for 秀山 (not a lobby bot)."""
    if not isinstance(rules, XiushanGameRules):
        raise ValueError("the rollout policy plays 秀山字牌 only, got rules "
                         f"{type(rules).__name__}")
    return RolloutBot(rules, seat, seed, ROLLOUT_PARAMS)
