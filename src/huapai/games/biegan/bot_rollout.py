"""The search's cheap rollout policy for 双别杆 (:func:`make_rollout`).

The heuristic bot's decisions with two savings, for the hundreds of deals a search plays
out per decision (:mod:`huapai.bots.rollout`):

* the analysis of waits (≈ 85 % of the heuristic's time) only for the two discards its
  keep cost ranks cheapest to throw, and for the two cheapest follow-ups of a 对
  (:data:`~.bot.ROLLOUT_PARAMS`: ``shortlist=2``);
* it reads its seat's knowledge straight from the state it is played on
  (:func:`view_of`) instead of formatting an observation and parsing it back. It reads
  exactly what ``observe(state, seat)`` shows that seat, nothing else
  (``tests/games/biegan/test_bot.py`` compares the two on every decision of whole
  deals); and in a search the state is a world resampled from the searching seat's
  information, never the real deal.

It is not a lobby bot (no manifest entry): the heuristic stays the family's bot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .bot import ROLLOUT_PARAMS, HeuristicBot, _View
from .cards import NUM_CODES, face_of
from .rules import BieganRules
from .state import State

_FACE_OF = tuple(face_of(c) for c in range(NUM_CODES))


def view_of(s: State, seat: int, copies: Sequence[int]) -> _View:
    """What ``seat`` knows of ``s``, as the heuristic parses it from its observation
    (``copies``: the deck's, per code)."""
    hand = list(s.hands[seat])
    seen = list(hand)
    melds = tuple(h.meld for h in s.melds[seat])
    for owner, row in enumerate(s.melds):
        for held in row:
            if held.hidden and owner != seat:
                continue
            for code in held.meld.cards:
                seen[code] += 1
    others: set[int] = set()
    for owner, river in enumerate(s.rivers):
        for code in river:
            seen[code] += 1
        if owner != seat:
            others.update([_FACE_OF[code] for code in river])
    pending = None if s.pending is None else s.pending[1]
    if pending is not None:
        seen[pending] += 1
    left = [max(0, k - n) for k, n in zip(copies, seen, strict=True)]
    return _View(hand, melds, seen, others, s.stock, s.duis[seat], left, pending)


class RolloutBot(HeuristicBot):
    """The heuristic with :data:`~.bot.ROLLOUT_PARAMS`, reading the state it is handed
    through :func:`view_of` (``act_state``; ``act`` on an observation works as well)."""

    def act_state(self, game: Any, state: State, seat: int, legal: Sequence[int]) -> int:
        if seat != self.seat:
            raise ValueError(f"the rollout bot of seat {self.seat} was asked for seat {seat}")
        return self.choose(legal, lambda: view_of(state, seat, self.copies))


def make_rollout(game: Any, rules: Any, seat: int, seed: int) -> RolloutBot:
    """The factory :mod:`huapai.bots.rollout` names for 双别杆 (not a lobby bot)."""
    if not isinstance(rules, BieganRules):
        raise ValueError(f"the rollout policy plays 双别杆 only, got rules {type(rules).__name__}")
    return RolloutBot(rules, seat, seed, ROLLOUT_PARAMS)
