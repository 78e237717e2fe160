"""The open-socket caps counted over every worker (several workers, with Redis).

One worker alone counts its sockets in memory (:class:`~huapai.server.limits.Sockets`).
With several, a client could otherwise hold the cap's worth of sockets on *each* worker,
so each worker also enters every open socket in a Redis sorted set per address and per
player — ``huapai:sockets:address:<address>``, ``huapai:sockets:player:<player>``, one
member ``<worker>:<connection id>`` per socket, scored by when it lapses on Redis's clock.
A socket is admitted only if its set, lapsed members dropped, has room (one Lua script:
check and add at once); it leaves the set when it closes. Each worker renews its own
members every ``RENEW_EVERY`` seconds, so the sockets of a worker killed with ``kill -9``
lapse within ``LAPSE`` seconds instead of counting for ever.

If Redis cannot be reached the socket is admitted on the worker's own count (logged):
the cap then holds per worker, as with one, rather than locking every player out.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .hub import Connection

log = logging.getLogger("huapai.server")

LAPSE = 60.0  # seconds a member counts without being renewed
RENEW_EVERY = 15.0  # seconds between two renewals of a worker's own members

# KEYS[1] the set; ARGV: the cap (negative: no check, just add), the lapse, the members
ADMIT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local most = tonumber(ARGV[1])
local lapse = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if most >= 0 and redis.call('ZSCORE', KEYS[1], ARGV[3]) == false
   and redis.call('ZCARD', KEYS[1]) >= most then
  return 0
end
for i = 3, #ARGV do
  redis.call('ZADD', KEYS[1], now + lapse, ARGV[i])
end
redis.call('PEXPIRE', KEYS[1], math.ceil(lapse * 1000))
return 1
"""


def set_key(kind: str, key: str) -> str:
    return f"huapai:sockets:{kind}:{key}"


class SharedSockets:
    """This worker's entries in the shared socket counts (see the module's text)."""

    def __init__(self, redis: Any, worker: str) -> None:
        self.redis = redis
        self.worker = worker
        self.script = redis.register_script(ADMIT)
        self._pending: set[asyncio.Task[None]] = set()
        self._renewed = time.monotonic()

    def member(self, conn: Connection) -> str:
        return f"{self.worker}:{conn.key}"

    async def admit(self, kind: str, key: str, conn: Connection, most: int) -> bool:
        """Enter ``conn`` in the ``kind`` set of ``key`` if it has room for it."""
        try:
            ok = await self.script(keys=[set_key(kind, key)],
                                   args=[most, LAPSE, self.member(conn)])
        except Exception:
            log.exception("shared socket count unavailable: admitted on this worker's count")
            return True
        return bool(int(ok))

    def release(self, entries: list[tuple[str, str]], conn: Connection) -> None:
        """Take ``conn`` out of each (kind, key) set, without waiting for Redis."""
        if not entries:
            return
        task = asyncio.get_running_loop().create_task(self._release(entries, conn))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _release(self, entries: list[tuple[str, str]], conn: Connection) -> None:
        member = self.member(conn)
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for kind, key in entries:
                    pipe.zrem(set_key(kind, key), member)
                await pipe.execute()
        except Exception:
            log.exception("shared socket count: a closed socket lapses instead")

    async def renew(self, groups: dict[tuple[str, str], list[Connection]]) -> None:
        """Renew this worker's members (every ``RENEW_EVERY`` seconds at most)."""
        if time.monotonic() - self._renewed < RENEW_EVERY:
            return
        self._renewed = time.monotonic()
        async with self.redis.pipeline(transaction=False) as pipe:
            for (kind, key), conns in groups.items():
                await self.script(keys=[set_key(kind, key)],
                                  args=[-1, LAPSE, *(self.member(c) for c in conns)],
                                  client=pipe)
            await pipe.execute()
