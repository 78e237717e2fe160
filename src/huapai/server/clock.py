"""A room's timers and turn clocks: when bots move, when a clock runs out, the ticks.

:class:`Timers` are the room's named ``call_later`` handles (a timer never takes the
server down; a task a timer starts is kept until it ends). :class:`TurnClock` holds each
person's deadline while that seat is to act, and the remaining times every viewer is
shown (a seat's clock is shown only to those whose view says the seat is to act).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine, Iterable
from typing import Any

log = logging.getLogger("huapai.server")


class Timers:
    """Named one-shot timers and the background tasks they start, for one room."""

    def __init__(self, owner: str) -> None:
        self.owner = owner
        self.handles: dict[str, asyncio.TimerHandle] = {}
        self.tasks: set[asyncio.Task[None]] = set()

    def later(self, key: str, delay: float, fn: Callable[[], None]) -> None:
        self.cancel(key)
        loop = asyncio.get_running_loop()
        self.handles[key] = loop.call_later(delay, self._guard, key, fn)

    def _guard(self, key: str, fn: Callable[[], None]) -> None:
        self.handles.pop(key, None)
        try:
            fn()
        except Exception:  # a timer must never take the server down
            log.exception("room %s: timer %s failed", self.owner, key)

    def spawn(self, work: Callable[[], Coroutine[Any, Any, None]], what: str) -> None:
        """Run ``work()`` as a task of the room (logged, never raised, if it fails)."""
        task = asyncio.get_running_loop().create_task(self._logged(work, what))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _logged(self, work: Callable[[], Coroutine[Any, Any, None]], what: str) -> None:
        try:
            await work()
        except Exception:
            log.exception("room %s: %s failed", self.owner, what)

    def cancel(self, key: str) -> None:
        handle = self.handles.pop(key, None)
        if handle is not None:
            handle.cancel()

    def cancel_prefixed(self, prefixes: tuple[str, ...]) -> None:
        for key in [k for k in self.handles if k.startswith(prefixes)]:
            self.cancel(key)

    def remaining(self, key: str) -> float | None:
        """Seconds until timer ``key`` fires (None: it is not set)."""
        handle = self.handles.get(key)
        if handle is None:
            return None
        return max(0.0, handle.when() - asyncio.get_running_loop().time())

    def __contains__(self, key: str) -> bool:
        return key in self.handles

    def close(self) -> None:
        for handle in self.handles.values():
            handle.cancel()
        self.handles.clear()
        for task in list(self.tasks):
            task.cancel()


class TurnClock:
    """People's turn deadlines (monotonic seconds) and what each viewer is shown.

    After a restart ``resumed`` holds the seconds each clock had left at the room's last
    durable write (plus a grace); the first start of such a clock uses them, once."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.deadlines: dict[int, float] = {}
        self.shown: dict[int, float] = {}
        self.resumed: dict[int, float] = {}

    def start(self, index: int) -> float:
        """Start ``index``'s clock; returns its seconds (full time, or what it had left)."""
        seconds = self.resumed.pop(index, self.seconds)
        deadline = time.monotonic() + seconds
        self.deadlines[index] = deadline
        self.shown[index] = deadline
        return seconds

    def remaining(self, index: int) -> float:
        """The seconds left on a running clock (full time for one not running)."""
        deadline = self.deadlines.get(index)
        return self.seconds if deadline is None else max(0.0, deadline - time.monotonic())

    def after(self, to_act: Iterable[int], fresh: int | None = None) -> dict[str, int] | None:
        """The clocks of ``to_act`` (people's seats to act after a change) as a durable
        write records them: a clock that runs on keeps its time, a new one — and the
        mover's (``fresh``), whose next decision it is — has full time (milliseconds by
        seat; None when the room has no clock)."""
        if not self.seconds:
            return None
        return {str(i): int((self.seconds if i == fresh else self.remaining(i)) * 1000)
                for i in to_act}

    def resume(self, stored: dict[str, int], grace: float) -> None:
        """The clocks as the last durable write left them, plus ``grace`` seconds (the
        downtime is not charged), never more than full time."""
        self.resumed = {int(seat): min(self.seconds, ms / 1000 + grace)
                        for seat, ms in stored.items()}

    def running(self, index: int) -> bool:
        return index in self.deadlines

    def stop(self, index: int) -> None:
        self.deadlines.pop(index, None)

    def sync(self, to_act: set[int], public: Iterable[int] | None) -> list[int]:
        """Drop the deadlines of seats no longer to act (returned: their timers go) and
        the shown clocks the public view no longer names."""
        gone = [i for i in self.deadlines if i not in to_act]
        for index in gone:
            del self.deadlines[index]
        keep = set(public) if public is not None else to_act
        for index in [i for i in self.shown if i not in keep and i not in self.deadlines]:
            del self.shown[index]
        return gone

    def clear(self) -> None:
        self.deadlines.clear()
        self.shown.clear()

    def for_seats(self, seats: Iterable[int | None]) -> list[dict[str, int]]:
        now = time.monotonic()
        return [{"seat": s, "remaining_ms": max(0, int((self.shown[s] - now) * 1000))}
                for s in seats if s is not None and s in self.shown]
