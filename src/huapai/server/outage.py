"""Redis outages, said once: a lost connection to Redis (the bus of several workers) is
one warning line per source at most every :data:`QUIET` seconds (with how many failures
were not logged meanwhile) and one line when it comes back, never a traceback per try;
and a REST call that needed Redis is refused with ``bus_unavailable`` (503).

Every REST call that touches Redis does so before it changes anything (a budget, the
lobby's read, a liveness check), so the refusal's "nothing was changed" holds.
"""

from __future__ import annotations

import logging
import threading
import time

log = logging.getLogger("huapai.server")

QUIET = 10.0  # seconds between two warning lines of one source while Redis stays down


def redis_errors() -> tuple[type[Exception], ...]:
    """The exceptions that mean Redis cannot be reached (none without the client)."""
    try:
        from redis.exceptions import ConnectionError as RedisConnectionError
        from redis.exceptions import TimeoutError as RedisTimeoutError
    except ModuleNotFoundError:  # pragma: no cover - the server extra brings it
        return ()
    return (RedisConnectionError, RedisTimeoutError)


def is_outage(exc: BaseException) -> bool:
    errors = redis_errors()
    return bool(errors) and isinstance(exc, errors)


def reason(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else ""
    return text or type(exc).__name__


class OutageLog:
    """Per source (``"bus publish"``, ``"heartbeat"``, …): the first failure of an outage
    is logged, later ones at most once per ``quiet`` seconds with the count in between,
    and the first success after them says Redis is back (thread-safe: the heartbeat runs
    in a thread of its own)."""

    def __init__(self, quiet: float = QUIET) -> None:
        self.quiet = quiet
        self.worker = ""  # this process's worker name, said in each line (several workers
        #                   log to one place, each line twice)
        self._lock = threading.Lock()
        self._down: dict[str, tuple[float, int, int]] = {}  # source → (logged at,
        #                                                      suppressed, failures)

    def failed(self, source: str, exc: BaseException) -> None:
        now = time.monotonic()
        with self._lock:
            logged, suppressed, failures = self._down.get(source, (-1e18, 0, 0))
            if now - logged < self.quiet:
                self._down[source] = (logged, suppressed + 1, failures + 1)
                return
            self._down[source] = (now, 0, failures + 1)
        more = f" ({suppressed} more failure(s) not logged)" if suppressed else ""
        log.warning("redis unreachable (%s): %s%s%s", source, reason(exc), more, self._at())

    def ok(self, source: str) -> None:
        if source not in self._down:  # the usual case: no lock, nothing to say
            return
        with self._lock:
            down = self._down.pop(source, None)
        if down is not None:
            log.warning("redis reachable again (%s) after %d failure(s)%s", source, down[2],
                        self._at())

    def _at(self) -> str:
        return f" [worker {self.worker}]" if self.worker else ""


OUTAGES = OutageLog()


def failed(source: str, exc: BaseException, what: str) -> None:
    """Log a failure of ``source``: a Redis outage as a rate-limited line, anything else
    with its traceback (``what`` says what failed)."""
    if is_outage(exc):
        OUTAGES.failed(source, exc)
    else:
        log.error("%s", what, exc_info=exc)
