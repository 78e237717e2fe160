"""A search bot a person waits for answers at one steady pace.

A search bot with one legal action answers at once; with a choice it searches for up to
its level's time. Where a person sees the bot answer, that difference would say what the
bot holds — in a claim window, that it could 碰 / 胡 / 对 the discard (the project's
contract: hidden information never reaches a seat through the timing of messages). So
wherever a person waits for it, every decision of a search bot, forced or not, is
answered :data:`huapai.bots.search.WAIT_SECONDS` (its level's time) after it was asked:
the search stops :data:`huapai.bots.search.PACE_SLACK` before then and the answer waits
for the rest. :class:`PacedBot` does it for ``huapai play`` (it sleeps; one decision at
a time); a room does it with its timers (:mod:`huapai.server.turns`), so that no thread
sleeps and the room's loop never waits.

What remains: a search that overruns its time (a loaded machine, a rollout longer than
the slack) answers late by that much; the arena, ``simulate`` and review are not paced
(no person waits).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from huapai.core.protocol import Game

from .levels import level_name
from .search import WAIT_SECONDS, Budget, SearchBot


def pace_of(level: str) -> float:
    """The seconds a search bot of ``level`` (a name of :data:`huapai.bots.levels.LEVELS`
    or an alias) takes over every decision a person waits for."""
    return WAIT_SECONDS[level_name(level)]


class PacedBot:
    """``bot``, answering every decision ``seconds`` after it is asked (see the module)."""

    def __init__(self, bot: SearchBot, seconds: float,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.bot, self.seconds = bot, seconds
        self._clock, self._sleep = clock, sleep

    @property
    def seat(self) -> int:
        return self.bot.seat

    @property
    def budget(self) -> Budget:
        return self.bot.budget

    @property
    def searcher(self) -> Any:
        return self.bot.searcher

    def act_state(self, game: Game[Any, Any], state: Any, seat: int,
                  legal: Sequence[int]) -> int:
        due = self._clock() + self.seconds
        choice = self.bot.act_state(game, state, seat, legal)
        left = due - self._clock()
        if left > 0:
            self._sleep(left)
        return choice

    def act(self, observation: Any, legal: Sequence[int]) -> int:
        return self.bot.act(observation, legal)

    def __repr__(self) -> str:
        return f"PacedBot({self.bot!r}, {self.seconds} s)"
