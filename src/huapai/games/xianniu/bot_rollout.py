"""The search's rollout policy for 掀牛 (:func:`make_rollout`): the heuristic's own moves,
read faster.

A search plays hundreds of deals out per decision (:mod:`huapai.bots.rollout`), and the
heuristic spent about a third of its time in a rollout building its seat's observation
(every play formatted as text, every legal action named) and parsing it back. This bot
reads its seat's knowledge straight from the state it is handed (:func:`view_of`) and
decides exactly as the heuristic does from that knowledge — same parameters, same tie
breaks, the same draws from its rng — so a search plays the same moves as before, only
sooner. It reads exactly what ``observe(state, seat)`` shows that seat, nothing else
(``tests/bots/test_rollout.py`` compares the two views on every seat of every state of
whole deals, and the two bots' moves); and in a search the state is a world resampled
from the searching seat's information, never the real deal.

It is not a lobby bot (no manifest entry): the heuristic stays the family's bot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .bot import HeuristicBot, View, _unseen
from .cards import Counts
from .rules import XianniuRules
from .state import PHASE_NAMES, State


def view_of(s: State, seat: int) -> View:
    """What ``seat`` knows of ``s``, as the heuristic parses it from its observation:
    its hand and 紧牌 discards, and the public table (废牌, every 占牌 and big hand shown,
    the trick, hand sizes, table counts)."""
    combos = s.cat.combos
    seen: list[Counts] = [s.hands[seat], s.waste, s.discards[seat]]
    seen.extend(combos[c].counts for _, c in s.trick)
    if s.big is not None:
        seen.append(s.big[2])
    for plays in s.table:
        seen.extend(combos[c].counts for c in plays)
    players = range(s.rules.players)
    return View(
        seat=seat,
        phase=PHASE_NAMES[s.phase],
        leader=s.leader,
        order=s.order(),
        hand=s.hands[seat],
        unseen=_unseen(seen),
        sizes=tuple(sum(h) for h in s.hands),
        tables=tuple(s.table_count(p) for p in players),
        total=s.total,
        room=s.rules.table_cap - s.total,
    )


class RolloutBot(HeuristicBot):
    """The heuristic, reading the state it is handed through :func:`view_of`
    (``act_state``; ``act`` on an observation works as the heuristic's does)."""

    def act_state(self, game: Any, state: State, seat: int, legal: Sequence[int]) -> int:
        if seat != self.seat:
            raise ValueError(f"the rollout bot of seat {self.seat} was asked for seat {seat}")
        if not legal:
            raise ValueError("the rollout bot was asked to act with no legal action")
        if len(legal) == 1:
            return legal[0]
        choice = self.decide(view_of(state, seat), legal)
        return choice if choice in legal else legal[0]


def make_rollout(game: Any, rules: Any, seat: int, seed: int) -> RolloutBot:
    """The factory :mod:`huapai.bots.rollout` names for 掀牛 (not a lobby bot)."""
    if not isinstance(rules, XianniuRules):
        raise ValueError(f"the rollout policy plays 掀牛 only, got rules {type(rules).__name__}")
    return RolloutBot(rules, seat, seed)
