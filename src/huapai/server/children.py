"""The server's child processes (a room's search bot, a review): how they start and end.

Started with ``spawn`` (a clean interpreter: forking would copy the server's threads and
its event loop), behind the server's event loop for the CPU, and gone within a second of
the server: uvicorn ends a server stopped by a signal by raising that signal again, so no
exit handler shuts them down (a play-test found a search process left behind), nor after
a ``kill -9``.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
import time

SPAWN = multiprocessing.get_context("spawn")
NICENESS = 5
WATCH_EVERY = 0.5  # seconds between two looks at the parent


def started() -> None:
    """At the start of a child: lower its priority and end it when the server ends."""
    with contextlib.suppress(OSError):
        os.nice(NICENESS)
    parent = os.getppid()
    threading.Thread(target=_watch, args=(parent,), name="huapai-parent-watch",
                     daemon=True).start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_EVERY)
    os._exit(0)  # the server is gone: nobody waits for this child's answer
