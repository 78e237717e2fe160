"""The open-socket caps counted over every worker (several workers, with Redis).

One worker alone counts its sockets in memory (:class:`~huapai.server.limits.Sockets`).
With several, a client could otherwise hold the cap's worth of sockets on *each* worker,
so each worker also enters every open socket in a Redis set per address and per player —
``huapai:sockets:address:<address>``, ``huapai:sockets:player:<player>``, one member
``<worker>:<connection id>`` per socket. A socket is admitted only if its set has room
(one Lua script: count and add at once); it leaves the set when it closes. A member
counts only while its worker is alive (its ``huapai:alive:<worker>`` key, which the
worker's heartbeat keeps — bus.py): the script drops the members of dead workers before
it counts, so the sockets of a worker killed with ``kill -9`` stop counting as soon as
its liveness lapses, with nothing to renew per socket.

If Redis cannot be reached the socket is admitted on the worker's own count (logged):
the cap then holds per worker, as with one, rather than locking every player out.
(The script reads the liveness keys it finds in the set: fine on one Redis server, as
the bus needs anyway; not for a Redis Cluster.)
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from .bus import alive_key
from .outage import OUTAGES, failed

if TYPE_CHECKING:
    from .hub import Connection

log = logging.getLogger("huapai.server")

KEEP_MS = 86_400_000  # an untouched set goes after a day (its members are long gone)

# KEYS[1] the set; ARGV: the cap, the liveness keys' prefix, the member
ADMIT = """
local most = tonumber(ARGV[1])
for _, member in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local worker = string.match(member, '^(.*):[^:]*$')
  if worker == nil or redis.call('EXISTS', ARGV[2] .. worker) == 0 then
    redis.call('SREM', KEYS[1], member)
  end
end
if redis.call('SISMEMBER', KEYS[1], ARGV[3]) == 0
   and redis.call('SCARD', KEYS[1]) >= most then
  return 0
end
redis.call('SADD', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[1], KEEP_MS)
return 1
""".replace("KEEP_MS", str(KEEP_MS))


def set_key(kind: str, key: str) -> str:
    return f"huapai:sockets:{kind}:{key}"


class SharedSockets:
    """This worker's entries in the shared socket counts (see the module's text)."""

    def __init__(self, redis: Any, worker: str) -> None:
        self.redis = redis
        self.worker = worker
        self.script = redis.register_script(ADMIT)
        self._pending: set[asyncio.Task[None]] = set()
        self.alive_prefix = alive_key("")

    def member(self, conn: Connection) -> str:
        return f"{self.worker}:{conn.key}"

    async def admit(self, kind: str, key: str, conn: Connection, most: int) -> bool:
        """Enter ``conn`` in the ``kind`` set of ``key`` if it has room for it."""
        try:
            ok = await self.script(keys=[set_key(kind, key)],
                                   args=[most, self.alive_prefix, self.member(conn)])
        except Exception as exc:
            failed("socket count", exc, "shared socket count unavailable: admitted on this "
                                        "worker's count")
            return True
        OUTAGES.ok("socket count")
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
                    pipe.srem(set_key(kind, key), member)
                await pipe.execute()
        except Exception as exc:
            failed("socket count", exc, "shared socket count: a closed socket still counts "
                                        "until this worker stops")
