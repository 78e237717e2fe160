"""Which bots a room's owner may seat, and how a room asks the searching ones.

A bot seat holds a *spec* in the seat's existing ``bot`` field (no new column): a
registered bot's name (``heuristic``, ``random``), or ``search:<level>`` with a level of
:mod:`huapai.bots.levels` (入门 / 普通 / 高手 / 大师) for a family whose engine can
``resample``. A level typed as its ASCII alias is stored by its Chinese name.

Registered bots answer from the seat's observation in the event loop, as before (they
take well under a millisecond; 托管 and vacant seats stay the family's cheap house bot).
The search bot thinks for up to seconds, so a room runs it off the event loop, in one of
two processes shared by every room (:func:`pool`: a bounded number of searches at once, the
others wait their turn). Processes, not threads: a search in a thread of the server's
process held the interpreter's lock, and every room's messages waited for it (as a review's
did: ``bench/bench_review_isolation.py``); the state goes there pickled
(:mod:`huapai.native.pickling`), the move comes back. It answers every decision,
forced or not, at its level's pace (:data:`huapai.bots.search.WAIT_SECONDS`, in a claim
window :data:`huapai.bots.search.WINDOW_SECONDS`, as in ``huapai play``;
:func:`search_pace`), searching until shortly before then
(:mod:`huapai.bots.pace`; the timers are :mod:`huapai.server.turns`').
It is handed the state and a seat and, like everywhere else, reads the state only
through its seat's ``resample`` and ``observe`` (:class:`huapai.bots.search.InfoSet`).
"""

from __future__ import annotations

import asyncio
import functools
import math
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from huapai.bots.levels import DEFAULT_LEVEL, LEVELS, BadSpec, BotSpec, parse_spec
from huapai.bots.pace import pace_of
from huapai.bots.registry import UnknownBot, bot_names
from huapai.bots.search import SearchBot, can_search
from huapai.core.base import GameBase
from huapai.core.protocol import Game
from huapai.core.registry import game_names, get_game
from huapai.core.session import decide
from huapai.native import pickling

from . import children
from .errors import ServerError

SEARCH = "search"
SEARCHES = 2
"""How many searches run at once, whatever the number of rooms."""
_POOL: ProcessPoolExecutor | None = None
_POOL_LOCK = threading.Lock()


def pool() -> ProcessPoolExecutor:
    """Where rooms' search bots think: :data:`SEARCHES` processes, started on first use
    (and again after one died: a broken pool is replaced)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = ProcessPoolExecutor(SEARCHES, mp_context=children.SPAWN, initializer=_ready)
        return _POOL


def warm(spec: str | None) -> None:
    """Start the search processes when a room seats a search bot: a process's start
    (imports, the games loaded: about 0.5 s) came off the first move's search time."""
    if is_search(spec):
        found = pool()
        for _ in range(SEARCHES):
            found.submit(int)


def stop_searches() -> None:
    """The search processes ended with their server (a stop by signal ran no exit handler,
    and the pool's semaphores were reported leaked: a club's play-test); the searches under
    way are let finish, the waiting ones dropped, and a later search starts a new pool."""
    global _POOL
    with _POOL_LOCK:
        found, _POOL = _POOL, None
    if found is not None:
        found.shutdown(wait=True, cancel_futures=True)


def _broken(found: ProcessPoolExecutor) -> None:
    global _POOL
    with _POOL_LOCK:
        if _POOL is found:
            _POOL = None
    found.shutdown(wait=False, cancel_futures=True)


def _ready() -> None:
    """A search process: behind the server's event loop for the CPU, gone with the server,
    its games loaded."""
    children.started()
    for name in game_names():
        get_game(name)

_SEARCHABLE: dict[tuple[str, Any], bool] = {}


def searchable(game: Game[Any, Any], rules: Any) -> bool:
    """Whether the search bot can play ``game`` under ``rules`` (memoised per rules)."""
    key = (game.name, rules)
    found = _SEARCHABLE.get(key)
    if found is None:
        found = _SEARCHABLE[key] = can_search(game, rules)
    return found


def bot_choices(game: Game[Any, Any], rules: Any) -> list[str]:
    """The specs an owner may seat: the registered bots, then ``search:<level>`` for
    every level when the family resamples."""
    names = bot_names(game.name)
    levels = [f"{SEARCH}:{level}" for level in LEVELS] if searchable(game, rules) else []
    return [*names, *levels]


def checked_spec(game: Game[Any, Any], rules: Any, text: str) -> str:
    """The spec to store for ``text``, or ``unknown_bot`` naming what was wrong."""
    try:
        spec = parse_spec(text, game)
    except (BadSpec, UnknownBot) as exc:
        raise ServerError("unknown_bot", f"{exc}; known: {', '.join(bot_choices(game, rules))}"
                          ) from None
    if spec.name == SEARCH and not searchable(game, rules):
        raise ServerError("unknown_bot", f"{game.name} cannot be searched (no resample); "
                          f"known: {', '.join(bot_choices(game, rules))}")
    return str(spec)


def is_search(text: str | None) -> bool:
    return text is not None and text.partition(":")[0] == SEARCH


def _think(name: str, rules: Any, spec: BotSpec, seed: int, state: Any, seat: int,
           legal: Sequence[int], until: float | None) -> int:
    """In a search process: the move of ``name``'s registered game."""
    game = get_game(name)
    bot = spec.make(game, rules, seat, seed, capped=True)
    if until is not None and isinstance(bot, SearchBot):  # the time left once on the pool
        bot.limit(min(bot.budget.seconds or math.inf, until - time.monotonic()))
    return decide(bot, game, state, seat, legal)


async def search_choice(game: Game[Any, Any], rules: Any, text: str, seed: int, state: Any,
                        seat: int, legal: Sequence[int], until: float | None = None) -> int:
    """The search bot's move for ``seat``, thought out in a search process (:func:`pool`).
    ``state`` is an immutable value of the engine, so the room may move on while it thinks.
    ``until``: the ``time.monotonic()`` by which it stops searching (else its level's
    cap)."""
    spec = BotSpec(SEARCH, parse_spec(text, game).level)
    assert spec.level is not None
    pickling.register()
    work = functools.partial(_think, game.name, rules, spec, seed, state, seat, tuple(legal),
                             until)
    found = pool()
    try:
        return await asyncio.get_running_loop().run_in_executor(found, work)
    except BrokenProcessPool:  # a search process died: this move is the house bot's
        _broken(found)
        raise
    except asyncio.CancelledError:
        task = asyncio.current_task()
        if task is not None and task.cancelling():
            raise  # the room's own task is cancelled
        # the pool dropped it (another platform of this process stopped): the house bot's
        raise RuntimeError("the search pool stopped before this search ran") from None


def search_pace(game: Game[Any, Any], text: str, bot_delay: float,
                override: float | None = None, window: bool = False) -> float:
    """How long after it is asked the search bot ``text`` answers in a room, forced or
    not: its level's time (``window``: its time for an answer in a claim window;
    ``override`` instead of either, when given), and never sooner than the room's pause
    for every bot (``bot_delay``)."""
    if override is None:
        override = pace_of(parse_spec(text, game).level or DEFAULT_LEVEL, window)
    return max(bot_delay, override)


def has_windows(game: Game[Any, Any]) -> bool:
    """Whether ``game`` opens claim windows (its engine gives ``claim_window``)."""
    own: object = getattr(type(game), "claim_window", None)
    return own is not None and own is not GameBase.claim_window
