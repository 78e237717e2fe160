"""The search's cheap rollout policy for 秀山 (:func:`make_rollout`).

The heuristic bot's decisions with two savings, for the hundreds of deals a search plays
out per decision (:mod:`huapai.bots.rollout`):

* the calculator's waits (most of the heuristic's time) only for the discards its keep
  value and danger rank cheapest to throw (:data:`~.bot.ROLLOUT_PARAMS`);
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
from .cards import NUM_CARDS, RANKS, card_name
from .groups import Kind
from .state import State
from .table_rules import XiushanGameRules


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


class RolloutBot(HeuristicBot):
    """The heuristic with :data:`~.bot.ROLLOUT_PARAMS`, reading the state it is handed
    through :func:`view_of` (``act_state``; ``act`` on an observation works as well)."""

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
