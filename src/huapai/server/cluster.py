"""One worker among several: its leases, its bus, and the loop that keeps them.

Every ``ttl / 3`` seconds a worker renews its leases (dropping any room it turns out to
have lost), refreshes its liveness key, closes its clients routed to a worker that died,
and takes over rooms whose lease ran out (restoring each from its records, exactly as a
restart would). A client frame for a room owned elsewhere goes to the owner over the bus
(bus.py); one for a room nobody holds makes this worker take the room at once.
See docs/deploy.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import secrets
import socket
import threading
import time
from typing import TYPE_CHECKING, Any

from .bus import Bus, ProxyConnection, alive_key
from .calls import answer
from .hub import Connection
from .leases import Leases
from .messages import listing
from .outage import OUTAGES, failed
from .restore import restore_room, resume

if TYPE_CHECKING:
    from .lobby import Platform
    from .rooms import Room

log = logging.getLogger("huapai.server")

MOVED = 1012  # the close code for clients of a room this worker lost ("service restart")
TAKE_PER_TICK = 200  # rooms one worker takes over per round (the rest: next round)
LOBBY_EVERY = 0.5  # seconds between two writes of this worker's lobby rows
LOBBY_REWRITE = 20  # every 20th write (10 s) writes all this worker's rows again
ROUTED = {"subscribe", "unsubscribe", "act", "tuoguan", "ready", "nonce", "advise", "sync",
          "say"}


def worker_name() -> str:
    return f"{socket.gethostname()[:32]}-{os.getpid()}-{secrets.token_hex(3)}"


class Heartbeat:
    """This worker's heartbeat (its row in ``workers`` and its liveness key in Redis),
    renewed every ``ttl / 3`` seconds from a thread of its own: a busy event loop (a long
    restore, a burst of moves) never lets the leases of a live worker run out. What it
    learns — rooms that turned out to be taken over — waits in :meth:`gone`."""

    def __init__(self, leases: Leases, redis_url: str, worker: str, ttl: float) -> None:
        import redis  # the server extra; only with several workers

        self.leases, self.ttl = leases, ttl
        self.redis = redis.Redis.from_url(redis_url, socket_timeout=ttl)
        self.key = alive_key(worker)
        self._gone: set[str] = set()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="huapai-heartbeat",
                                        daemon=True)

    def beat(self) -> None:
        gone = self.leases.heartbeat()
        with self._lock:
            self._gone |= gone
        self.redis.set(self.key, b"1", px=max(1, int(self.ttl * 1000)))

    def start(self) -> None:
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self.ttl / 3):
            try:
                self.beat()
            except Exception as exc:
                failed("heartbeat", exc, "worker: the heartbeat failed (tried again shortly)")
            else:
                OUTAGES.ok("heartbeat")

    def gone(self) -> set[str]:
        with self._lock:
            gone, self._gone = self._gone, set()
        return gone

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=10)
        with contextlib.suppress(Exception):
            self.redis.delete(self.key)
        self.redis.close()


class Cluster:
    def __init__(self, platform: Platform, redis_url: str, worker: str | None,
                 ttl: float) -> None:
        self.platform = platform
        self.worker = worker or worker_name()
        self.ttl = ttl
        self.leases = Leases(platform.engine, self.worker, ttl)
        self.bus = Bus(redis_url, self.worker, ttl)
        self.heartbeat = Heartbeat(self.leases, redis_url, self.worker, ttl)
        self._taking: dict[str, asyncio.Future[Room | None]] = {}
        self._dirty: set[str] = set()
        self._closed: set[str] = set()
        self._flushes = 0
        self._pruned = False  # whether dead workers' rows were deleted since start
        self._tasks: list[asyncio.Task[None]] = []
        self.takeovers: list[tuple[str, float]] = []  # (room, when) of each take-over

    # --- lifecycle -------------------------------------------------------------------
    async def start(self) -> None:
        from .ws import handle_frame  # ws imports the platform, which imports this

        platform = self.platform

        async def on_frame(proxy: ProxyConnection, text: str) -> None:
            await handle_frame(platform, proxy, text)

        self.bus.on_frame = on_frame
        self.bus.on_gone = self._proxy_gone
        self.bus.on_revoke = platform.revoked_elsewhere
        self.bus.on_rename = platform.renamed_elsewhere

        async def on_call(data: dict[str, Any]) -> dict[str, Any]:
            return await answer(platform, data)

        self.bus.on_call = on_call
        platform.hub.on_summary = lambda room: self._dirty.add(room.id)
        platform.budgets.share(self.bus.redis, self.worker)
        OUTAGES.worker = self.worker
        await self.bus.start()
        await asyncio.to_thread(self.heartbeat.beat)  # alive before any room is taken
        self.heartbeat.start()
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._every(self.ttl / 3, self.tick)),
                       loop.create_task(self._every(LOBBY_EVERY, self.flush_lobby))]
        await self.tick()
        # the same word as one process's: the banner says to wait for it (an operator
        # found the port closed for 14 s after the banner)
        log.info("huapai server ready: worker %s, %d room(s) taken over at start", self.worker,
                 len(platform.rooms))

    async def stop(self) -> None:
        """Let this worker's rooms go at once (others take them without waiting)."""
        # a clean stop said nothing in the log (an operator's play-test)
        log.info("worker %s stopping: %d room(s) let go (a running worker, or the next to "
                 "start, takes them over)", self.worker, len(self.platform.rooms))
        for task in self._tasks:
            task.cancel()
        await asyncio.to_thread(self.heartbeat.stop)
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.leases.release)
        with contextlib.suppress(Exception):
            await self.bus.lobby_drop(list(self.platform.rooms))
        await self.bus.stop()

    @staticmethod
    async def _every(period: float, run: Any) -> None:
        source = f"worker {getattr(run, '__name__', 'task')}"
        while True:
            await asyncio.sleep(period)
            try:
                spoke = await run()
            except Exception as exc:
                failed(source, exc, "worker: a periodic task failed (tried again next round)")
            else:
                if spoke is not False:  # a round that asked Redis nothing says nothing of it
                    OUTAGES.ok(source)

    async def tick(self) -> bool:
        """Drop rooms taken over elsewhere, check the peers, take over orphans; whether
        Redis was asked anything (only the peers' liveness is in Redis)."""
        for room_id in self.heartbeat.gone():
            self.drop(room_id, "its lease was taken over")
        spoke = await self.bus.check_peers()
        orphans = await asyncio.to_thread(self.leases.orphans)
        if orphans or not self._pruned:  # at start, and whenever rooms are to take over
            self._pruned = True
            dead = await asyncio.to_thread(self.leases.forget_dead)
            if dead:
                log.info("worker %s: forgot %d dead worker(s): %s", self.worker, len(dead),
                         ", ".join(dead))
        random.shuffle(orphans)
        for room_id in orphans[:TAKE_PER_TICK]:
            await self.take(room_id)
        return spoke

    # --- rooms -----------------------------------------------------------------------
    async def take(self, room_id: str) -> Room | None:
        """The room, taken over here if its lease ran out; None if another worker holds
        it or it is unknown or closed."""
        here = self.platform.rooms.get(room_id)
        if here is not None:
            return here
        pending = self._taking.get(room_id)
        if pending is not None:
            return await asyncio.shield(pending)
        self._taking[room_id] = future = asyncio.get_running_loop().create_future()
        try:
            room = await self._take(room_id)
        except Exception:
            log.exception("room %s could not be taken over", room_id)
            room = None
        finally:
            del self._taking[room_id]
        future.set_result(room)
        return room

    async def _take(self, room_id: str) -> Room | None:
        platform = self.platform
        started = time.monotonic()
        token = await asyncio.to_thread(self.leases.claim, room_id)
        if token is None:
            return None
        bundle = await asyncio.to_thread(platform.reader.room_bundle, room_id)
        if bundle is None:
            self.leases.forget(room_id)
            return None
        room = restore_room(platform.services, bundle)
        platform.rooms[room.id] = room
        resume(room)
        self._dirty.add(room.id)
        self.takeovers.append((room.id, time.time()))
        log.info("worker %s took over room %s (token %d) in %.0f ms", self.worker, room_id,
                 token, (time.monotonic() - started) * 1000)
        return room

    def drop(self, room_id: str, why: str) -> None:
        """Stop serving a room this worker no longer owns: its timers stop and its
        watchers are closed (they reconnect and find it at its owner)."""
        self.leases.forget(room_id)
        room = self.platform.rooms.pop(room_id, None)
        if room is None:
            return
        room.close_timers()
        for conn in self.platform.hub.watchers(room_id):
            conn.close(MOVED, "the room moved to another worker: reconnect")
        self.platform.hub.forget(room_id)
        log.warning("worker %s dropped room %s: %s", self.worker, room_id, why)

    def closed(self, room_id: str) -> None:
        """A room closed for good here (idle): out of the lobby."""
        self._dirty.discard(room_id)
        self._closed.add(room_id)

    async def flush_lobby(self) -> bool:
        """Write the lobby's changed rows; whether Redis was asked anything (a round with
        nothing to write said "reachable again" in the middle of an outage). Rows that
        could not be written are written at the next round."""
        rooms = self.platform.rooms
        self._flushes += 1
        if self._flushes % LOBBY_REWRITE == 0:  # every row again now and then (pruned
            self._dirty |= set(rooms)           # while this worker seemed gone, say)
        dirty, self._dirty = self._dirty, set()
        closed, self._closed = self._closed, set()
        here = [rooms[i] for i in dirty if i in rooms]
        rows = {r.id: {"at": r.created_at, "listing": listing(r)}
                for r in here if not r.settings.private}
        drops = [*closed, *(r.id for r in here if r.settings.private)]
        if not rows and not drops:
            return False
        try:
            await self.bus.lobby_put(rows)
            await self.bus.lobby_drop(drops)
        except Exception:
            self._dirty |= dirty
            self._closed |= closed
            raise
        return True

    # --- frames ----------------------------------------------------------------------
    async def route(self, conn: Connection, kind: str, room_id: str, text: str) -> bool:
        """Send a client's frame to the owner of ``room_id`` if that is another worker
        (True); False when the frame is for this worker (the room is, or now is, here —
        or unknown, which this worker then refuses as usual)."""
        if room_id in self.platform.rooms:
            return False
        known = conn.routes.get(room_id)
        worker = known or await self.owner_elsewhere(room_id)
        if worker is None:
            return False
        if kind == "subscribe":
            log.debug("conn %d: room %s is at %s", conn.key, room_id, worker)
            conn.routes[room_id] = worker
        self.bus.forward(conn, worker, text, known=known is not None and kind != "subscribe")
        if kind == "unsubscribe":
            conn.routes.pop(room_id, None)
        return True

    async def here_for(self, proxy: Connection, room_id: str) -> bool:
        """Whether a frame relayed to this worker finds its room here (waiting for a
        take-over in progress). If not, the room moved since the client's worker looked:
        the client is closed like every watcher of a room that moved, and reconnects."""
        pending = self._taking.get(room_id)
        if pending is not None:
            await asyncio.shield(pending)
        if room_id in self.platform.rooms:
            return True
        proxy.close(MOVED, "the room moved to another worker: reconnect")
        return False

    async def owner_elsewhere(self, room_id: str) -> str | None:
        """The live worker other than this one that owns ``room_id``; None when the room
        is here — taken over now if nobody live held it — or unknown. (Another worker may
        win the take-over race: then it is the owner.)"""
        for _ in range(3):
            owner = await asyncio.to_thread(self.leases.owner, room_id)
            if owner is not None and owner.worker != self.worker and owner.alive:
                return owner.worker
            if owner is None or await self.take(room_id) is not None \
                    or room_id in self.platform.rooms:
                return None
        return None

    def disconnected(self, conn: Connection) -> None:
        self.bus.disconnected(conn)

    def _proxy_gone(self, proxy: ProxyConnection) -> None:
        leave_rooms(self.platform, proxy)


def leave_rooms(platform: Platform, proxy: ProxyConnection) -> None:
    """A client of another worker left: its proxy stops watching this worker's rooms."""
    for room_id in list(proxy.rooms):
        room = platform.rooms.get(room_id)
        if room is not None:
            platform.hub.unsubscribe(proxy, room)
