"""What one client may cost the server: per-token and per-address budgets.

Each budget is a token bucket (a burst, refilled at a steady rate) kept per key — a
player's id or a client address — so one client cannot make thousands of players or
rooms, open thousands of sockets, or try the 32⁶ private-room codes one after another.
A refusal is ``rate_limited`` (HTTP 429) naming the budget, and changes nothing.

Addresses are what the ASGI server reports (behind a reverse proxy: the forwarded
address, which uvicorn takes from a trusted proxy's ``X-Forwarded-For``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .errors import ServerError
from .socketcount import SharedSockets

if TYPE_CHECKING:
    from .hub import Connection

# a keyed bucket table never holds more keys than this; beyond it, full buckets go first
MAX_KEYS = 20000


@dataclass(frozen=True, slots=True)
class Rate:
    """``burst`` at once, then one more every ``every`` seconds."""

    burst: int
    every: float


@dataclass(frozen=True, slots=True)
class Limits:
    players_per_address: Rate = Rate(30, 60.0)
    rooms_per_player: Rate = Rate(10, 30.0)
    rooms_per_address: Rate = Rate(40, 10.0)
    rooms_open_per_player: int = 10  # rooms a player owns that are not closed
    joins_per_player: Rate = Rate(10, 6.0)  # POST /api/rooms/join attempts
    joins_per_address: Rate = Rate(30, 3.0)
    phrases_per_player: Rate = Rate(3, 5.0)  # 快捷语: 3 at once, then one every 5 s
    sockets_per_address: int = 64
    sockets_per_player: int = 8
    socket_idle: float = 120.0  # seconds without a frame (the browser pings every 10 s)
    flood_close_after: int = 200  # rate_limited refusals in a row before the socket closes
    room_page: int = 50  # GET /api/rooms: rooms per page (and the most a client may ask)
    summary_every: float = 0.25  # seconds: room summaries coalesced within (coalesce.py)

    @classmethod
    def relaxed(cls) -> Limits:
        """For load tests from one address (the benchmark): address budgets lifted."""
        big = Rate(10**9, 1e-9)
        return replace(cls(), players_per_address=big, rooms_per_address=big,
                       joins_per_address=big, sockets_per_address=10**9)


@dataclass(slots=True)
class _Bucket:
    tokens: float
    stamp: float


# one take from a bucket kept in Redis, atomically, on the Redis server's clock: the same
# arithmetic as Budget.take (KEYS[1]: the bucket; ARGV: burst, seconds per token)
SHARED_TAKE = """
local burst = tonumber(ARGV[1])
local every = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local b = redis.call('HMGET', KEYS[1], 'tokens', 'stamp')
local tokens = tonumber(b[1]) or burst
local stamp = tonumber(b[2]) or now
tokens = math.min(burst, tokens + (now - stamp) / every)
local ok = 0
if tokens >= 1 then
  tokens = tokens - 1
  ok = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'stamp', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst * every * 1000) + 1000)
return {ok, tostring(tokens)}
"""


@dataclass(slots=True)
class Budget:
    """One :class:`Rate` kept per key: in this process, or (several workers) in Redis,
    shared by every worker (:meth:`spend`)."""

    rate: Rate
    what: str
    buckets: dict[str, _Bucket] = field(default_factory=dict)
    shared: Any = None  # a registered SHARED_TAKE script (redis.asyncio), or None

    async def spend(self, key: str) -> None:
        """:meth:`take`, on the bucket every worker shares when Redis is configured."""
        if self.shared is None:
            self.take(key)
            return
        ok, left = await self.shared(keys=[f"huapai:budget:{self.what}:{key}"],
                                     args=[self.rate.burst, self.rate.every])
        if not int(ok):
            self._refuse(float(left))

    def take(self, key: str) -> None:
        """Spend one, or raise ``rate_limited`` (429) having spent nothing."""
        now = time.monotonic()
        bucket = self.buckets.get(key)
        if bucket is None:
            self._prune(now)
            bucket = self.buckets[key] = _Bucket(float(self.rate.burst), now)
        bucket.tokens = min(self.rate.burst, bucket.tokens + (now - bucket.stamp) / self.rate.every)
        bucket.stamp = now
        if bucket.tokens < 1:
            self._refuse(bucket.tokens)
        bucket.tokens -= 1

    def _refuse(self, tokens: float) -> None:
        wait = (1 - tokens) * self.rate.every
        raise ServerError("rate_limited", f"{self.what}: at most {self.rate.burst} at once, "
                                          f"then one every {self.rate.every:g} s; "
                                          f"try again in {wait:.0f} s", status=429)

    def _prune(self, now: float) -> None:
        if len(self.buckets) < MAX_KEYS:
            return
        full = [k for k, b in self.buckets.items()
                if b.tokens + (now - b.stamp) / self.rate.every >= self.rate.burst]
        for key in full or list(self.buckets)[: MAX_KEYS // 10]:
            del self.buckets[key]


class Budgets:
    """Every per-client budget of one running server."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.players = Budget(limits.players_per_address, "new players from your address")
        self.rooms_player = Budget(limits.rooms_per_player, "new rooms per player")
        self.rooms_address = Budget(limits.rooms_per_address, "new rooms from your address")
        self.joins_player = Budget(limits.joins_per_player, "join-code attempts per player")
        self.joins_address = Budget(limits.joins_per_address,
                                    "join-code attempts from your address")
        self.phrases = Budget(limits.phrases_per_player, "quick phrases per player")
        self.sockets = Sockets(limits)

    def share(self, redis: Any, worker: str) -> None:
        """Keep every budget and the socket counts in Redis from now on (several workers
        share them; ``worker`` names this one's sockets there)."""
        script = redis.register_script(SHARED_TAKE)
        for budget in (self.players, self.rooms_player, self.rooms_address,
                       self.joins_player, self.joins_address, self.phrases):
            budget.shared = script
        self.sockets.shared = SharedSockets(redis, worker)

    async def new_room(self, player: str, address: str) -> None:
        await self.rooms_player.spend(player)
        await self.rooms_address.spend(address)

    async def join_attempt(self, player: str, address: str) -> None:
        await self.joins_player.spend(player)
        await self.joins_address.spend(address)


class Sockets:
    """Open WebSockets by address and by player (the player's once it said hello)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.by_address: dict[str, set[Connection]] = {}
        self.by_player: dict[str, set[Connection]] = {}
        self.shared: SharedSockets | None = None  # several workers: counted over all

    async def open(self, conn: Connection, address: str) -> str | None:
        """:meth:`opened`, and within the count every worker shares (if any)."""
        refused = self.opened(conn, address)
        if refused is not None or self.shared is None:
            return refused
        most = self.limits.sockets_per_address
        if not await self.shared.admit("address", address, conn, most):
            _discard(self.by_address, address, conn)
            return f"too many connections from your address (at most {most})"
        return None

    async def authenticate(self, conn: Connection, player: str) -> None:
        """:meth:`authenticated`, and within the count every worker shares (if any)."""
        self.authenticated(conn, player)
        most = self.limits.sockets_per_player
        if self.shared is not None and not await self.shared.admit("player", player, conn,
                                                                   most):
            _discard(self.by_player, player, conn)
            raise ServerError("too_many_connections", f"at most {most} per player")

    def opened(self, conn: Connection, address: str) -> str | None:
        """Count a new socket; the close reason if its address has too many."""
        group = self.by_address.setdefault(address, set())
        if len(group) >= self.limits.sockets_per_address:
            most = self.limits.sockets_per_address
            return f"too many connections from your address (at most {most})"
        group.add(conn)
        return None

    def authenticated(self, conn: Connection, player: str) -> None:
        group = self.by_player.setdefault(player, set())
        if len(group) >= self.limits.sockets_per_player:
            most = self.limits.sockets_per_player
            raise ServerError("too_many_connections", f"at most {most} per player")
        group.add(conn)

    def closed(self, conn: Connection, address: str) -> None:
        entries = []
        if conn in self.by_address.get(address, ()):
            entries.append(("address", address))
        _discard(self.by_address, address, conn)
        if conn.player is not None:
            if conn in self.by_player.get(conn.player, ()):
                entries.append(("player", conn.player))
            _discard(self.by_player, conn.player, conn)
        if self.shared is not None:
            self.shared.release(entries, conn)

    def of_player(self, player: str) -> list[Connection]:
        return list(self.by_player.get(player, ()))


def _discard(table: dict[str, set[Connection]], key: str, conn: Connection) -> None:
    group = table.get(key)
    if group is not None:
        group.discard(conn)
        if not group:
            del table[key]
