"""Room summaries coalesced: a burst of small changes (托管 toggles, ready flags,
presence, renames) reaches each watcher as a few summaries, not one per change.

The first summary after a quiet spell goes out at once; changes within ``window`` seconds
of the last one sent are folded into one more, sent when the window ends and built then
(so it is always the newest summary). Summaries that wait for a write (seats, deal
starts and ends) are never delayed; they count as sent. A waiting summary goes out before
anything else the room sends (:meth:`flush`), so watchers see changes in their order.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable


class Coalescer:
    def __init__(self, window: float) -> None:
        self.window = window
        self.last: dict[str, float] = {}
        self.pending: dict[str, tuple[asyncio.TimerHandle, Callable[[], None]]] = {}

    def publish(self, room_id: str, send: Callable[[], None]) -> None:
        """Run ``send`` now, or once at the end of the room's window."""
        if room_id in self.pending:
            return
        wait = self.last.get(room_id, float("-inf")) + self.window - time.monotonic()
        if wait <= 0:
            self.sent(room_id)
            send()
            return
        handle = asyncio.get_running_loop().call_later(wait, self.flush, room_id)
        self.pending[room_id] = (handle, send)

    def sent(self, room_id: str) -> None:
        self.last[room_id] = time.monotonic()

    def flush(self, room_id: str) -> None:
        """Send the room's waiting summary now (before another message of the room)."""
        waiting = self.pending.pop(room_id, None)
        if waiting is not None:
            waiting[0].cancel()
            self.sent(room_id)
            waiting[1]()

    def forget(self, room_id: str) -> None:
        self.last.pop(room_id, None)
        waiting = self.pending.pop(room_id, None)
        if waiting is not None:
            waiting[0].cancel()
