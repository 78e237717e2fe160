"""A search bot a person waits for answers at one steady pace.

A search bot with one legal action answers at once; with a choice it searches for up to
its level's time. Where a person sees the bot answer, that difference would say what the
bot holds — in a claim window, that it could 碰 / 胡 / 对 the discard (the project's
contract: hidden information never reaches a seat through the timing of messages). So
wherever a person waits for it, every decision of a search bot, forced or not, is
answered :data:`huapai.bots.search.WAIT_SECONDS` (its level's time; in a claim window
:data:`huapai.bots.search.WINDOW_SECONDS`, at most 2 s) after it was asked:
the search stops :data:`huapai.bots.search.PACE_SLACK` before then and the answer waits
for the rest. :class:`PacedBot` does it for ``huapai play`` (it sleeps; one decision at
a time); a room does it with its timers (:mod:`huapai.server.turns`), so that no thread
sleeps and the room's loop never waits.

What remains: a search that overruns its time (a loaded machine, a rollout longer than
the slack) answers late by that much; the arena, ``simulate`` and review are not paced
(no person waits).

In a claim window several bots are asked at once. :func:`play_out_paced` (``huapai
play``'s driver) asks them together, as a room does: each searches on its own thread from
the moment the window opens and answers at its own pace from then, so a window of three
高手 takes 2 s, not 6 s one bot after another. Their searches share the interpreter (as
a room's do), so each plays fewer iterations than alone within its time; with
``--full-budget`` (no time cap) the moves are the seed's, whatever the timing.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from huapai.core.protocol import Event, Game
from huapai.core.session import Agent, Deal, decide

from .levels import level_name
from .search import WAIT_SECONDS, WINDOW_SECONDS, Budget, SearchBot, search_time


def pace_of(level: str, window: bool = False) -> float:
    """The seconds a search bot of ``level`` (a name of :data:`huapai.bots.levels.LEVELS`
    or an alias) takes over every decision a person waits for; ``window``: over its
    answer in a claim window (:data:`huapai.bots.search.WINDOW_SECONDS`)."""
    return (WINDOW_SECONDS if window else WAIT_SECONDS)[level_name(level)]


class PacedBot:
    """``bot``, answering every decision ``seconds`` after it is asked, and every answer in
    a claim window ``window`` seconds after (default: ``seconds``; see the module)."""

    def __init__(self, bot: SearchBot, seconds: float,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep,
                 window: float | None = None) -> None:
        self.bot, self.seconds = bot, seconds
        self.window = seconds if window is None else window
        self._clock, self._sleep = clock, sleep

    def pace(self, game: Game[Any, Any], state: Any) -> float:
        """This question's pace: :attr:`window` while a claim window is open (a public
        fact), else :attr:`seconds`."""
        return self.window if game.claim_window(state) is not None else self.seconds

    def think(self, game: Game[Any, Any], state: Any, seat: int, legal: Sequence[int]) -> int:
        """The bot's choice, searched within this question's pace (less the slack)."""
        return self.bot.act_within(game, state, seat, legal,
                                   search_time(self.pace(game, state)))

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
        due = self._clock() + self.pace(game, state)
        choice = self.think(game, state, seat, legal)
        left = due - self._clock()
        if left > 0:
            self._sleep(left)
        return choice

    def act(self, observation: Any, legal: Sequence[int]) -> int:
        return self.bot.act(observation, legal)

    def __repr__(self) -> str:
        return f"PacedBot({self.bot!r}, {self.seconds} s)"


Answer = tuple[int, list[int], int]
"""One seat's answer to a question: (seat, the legal actions it was asked with, action)."""

Waiting = Callable[[Sequence[int]], AbstractContextManager[object]]
"""What a driver shows while paced bots think: given the seats still to answer, a context
held for the wait (``huapai play``: a spinner naming them)."""


def _no_sign(_seats: Sequence[int]) -> AbstractContextManager[object]:
    return nullcontext()


def play_out_paced(deal: Deal, agents: Mapping[int, Agent], first: int,
                   after: Callable[[int, int, list[Event]], None],
                   clock: Callable[[], float] = time.monotonic,
                   sleep: Callable[[float], None] = time.sleep,
                   waiting: Waiting = _no_sign) -> int:
    """:meth:`Deal.play_out` for a person at ``first``: the person answers a window first
    (no other answer can tell it anything), and the bots of a window are asked together
    (see the module). An answer whose seat is no longer asked the same question when its
    turn to be applied comes (another answer closed or changed the window) is dropped and
    the seat asked again. ``waiting`` is held while paced bots think. Returns the number of
    decisions applied."""
    game, decisions = deal.game, 0
    with ThreadPoolExecutor(thread_name_prefix="huapai-window") as pool:
        while not game.is_over(deal.state):
            seats = list(game.to_act(deal.state))
            if first in seats or len(seats) == 1:
                seat = first if first in seats else seats[0]
                legal = list(game.legal_actions(deal.state, seat))
                sign = waiting([seat]) if isinstance(agents[seat], PacedBot) else nullcontext()
                with sign:
                    action = decide(agents[seat], game, deal.state, seat, legal)
                answers: Iterator[Answer] = iter([(seat, legal, action)])
            else:
                answers = _together(deal, agents, seats, pool, (clock, sleep), waiting)
            for seat, legal, action in answers:
                if not _still_asked(deal, seat, legal):
                    break
                events = deal.answer(seat, action)
                decisions += 1
                after(seat, action, events)
    return decisions


def _still_asked(deal: Deal, seat: int, legal: list[int]) -> bool:
    game = deal.game
    return (not game.is_over(deal.state) and seat in game.to_act(deal.state)
            and list(game.legal_actions(deal.state, seat)) == legal)


def _together(deal: Deal, agents: Mapping[int, Agent], seats: Sequence[int],
              pool: Executor, timing: tuple[Callable[[], float], Callable[[float], None]],
              waiting: Waiting) -> Iterator[Answer]:
    """The window's answers, each when it is due: a paced bot's search starts on ``pool``
    at once and its answer is given its pace after the window opened; any other agent
    answers at once. ``timing``: the clock and the sleep."""
    clock, sleep = timing
    game, state, start = deal.game, deal.state, clock()
    asked: list[tuple[float, int, int, list[int], Future[int] | int]] = []
    for order, seat in enumerate(seats):
        legal, agent = list(game.legal_actions(state, seat)), agents[seat]
        if isinstance(agent, PacedBot):
            work = pool.submit(agent.think, game, state, seat, legal)
            asked.append((start + agent.pace(game, state), order, seat, legal, work))
        else:
            asked.append((start, order, seat, legal, decide(agent, game, state, seat, legal)))
    asked.sort(key=lambda a: (a[0], a[1]))
    for k, (due, _, seat, legal, answer) in enumerate(asked):
        if not isinstance(answer, Future):
            yield seat, legal, answer
            continue
        with waiting([later[2] for later in asked[k:]]):
            action = answer.result()
            left = due - clock()
            if left > 0:
                sleep(left)
        yield seat, legal, action
