"""The bus between workers: Redis pub/sub carrying a client's frames to the worker that
owns the room and the owner's messages back, plus liveness and the shared lobby.

Each worker listens on its own channel ``huapai:<db>:w:<worker>`` and on
``huapai:<db>:all``, ``<db>`` being the Redis database of its URL: keys live in one
database, but Redis's pub/sub channels are shared by every database of a server, so two
deployments on one Redis (different databases) would otherwise hear each other.

- ``frame`` (client's worker → owner): one WebSocket frame of a client, as received
  (already checked for size and rate there). The owner runs it through the same
  handler as its own clients' frames, on a :class:`ProxyConnection` standing for the
  client, so every check, every refusal and every filtered view is the owner's. A frame
  saying its client already watches a room there (``k``) for which the owner has no
  proxy (it let it go) closes the client instead: it reconnects and subscribes again.
- ``out`` / ``close`` (owner → client's worker): a text to put on the client's send
  queue, or the connection to close.
- ``gone`` (client's worker → owner): the client disconnected (its proxy unsubscribes).
- ``revoke`` (to all): a player's tokens were revoked; every worker forgets them and
  closes that player's sockets.
- ``rename`` (to all): a player took a new nickname; every worker's rooms where that
  player sits show it.

Pub/sub keeps the order of the messages one publisher sends on one channel, which is all
the protocol needs: a client's frames reach the owner in order, and a viewer's states
reach the client in order. Nothing on the bus is durable, and nothing needs to be: the
records are in PostgreSQL, and a client that loses its connection (its worker or the
owner died) reconnects and subscribes again, which sends it the room as it stands.

Liveness: each worker sets ``huapai:alive:<worker>`` with a time to live of the lease
period. The lobby is the hash ``huapai:lobby`` (room id → its listing and owner),
written by each owner for its public rooms.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, cast

from starlette.websockets import WebSocket

from .errors import ServerError
from .hub import Connection, TokenBucket
from .outage import OUTAGES, failed

log = logging.getLogger("huapai.server")

LOBBY = "huapai:lobby"
OUTBOX = 100_000  # bus messages waiting to be published before new ones are dropped


def channel(db: int, worker: str) -> str:
    return f"huapai:{db}:w:{worker}"


def all_channel(db: int) -> str:
    return f"huapai:{db}:all"


def alive_key(worker: str) -> str:
    return f"huapai:alive:{worker}"


FrameHandler = Callable[[Any, Connection, str], Awaitable[Any]]


class ProxyConnection(Connection):
    """A client connected to another worker, as this (owner) worker's rooms see it:
    whatever is posted to it goes to the client's worker over the bus."""

    def __init__(self, bus: Bus, worker: str, cid: int, player: str,
                 nickname: str | None) -> None:
        # rate and size were checked where the client is connected
        super().__init__(cast(WebSocket, None), TokenBucket(1e9, 10**9), 1)
        self.bus, self.worker, self.cid = bus, worker, cid
        self.player, self.nickname = player, nickname
        self.inbox: asyncio.Queue[str | None] = asyncio.Queue()  # None: the client left
        self.task: asyncio.Task[None] | None = None

    def post(self, text: str) -> None:
        if not self.closed:
            self.bus.send(self.worker, {"t": "out", "c": self.cid, "x": text})

    def close(self, code: int = 1000, reason: str = "") -> None:
        if not self.closed:
            self.closed = True
            self.bus.send(self.worker, {"t": "close", "c": self.cid, "code": code,
                                        "reason": reason})


class Bus:
    """This worker's end of the bus."""

    def __init__(self, url: str, worker: str, ttl: float) -> None:
        import redis.asyncio as aioredis  # the server extra; only with several workers

        self.redis = aioredis.from_url(url)
        self.db = int(self.redis.connection_pool.connection_kwargs.get("db") or 0)
        self.worker, self.ttl = worker, ttl
        self.outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue(OUTBOX)
        self.local: dict[int, Connection] = {}  # this worker's clients with routes
        self.proxies: dict[tuple[str, int], ProxyConnection] = {}
        self.tasks: list[asyncio.Task[None]] = []
        self.on_frame: Callable[[ProxyConnection, str], Awaitable[Any]] | None = None
        self.on_gone: Callable[[ProxyConnection], None] | None = None
        self.on_revoke: Callable[[str], None] | None = None
        self.on_rename: Callable[[str, str], None] | None = None
        self.on_call: Callable[[dict[str, Any]], Awaitable[dict[str, Any]]] | None = None
        self.calls: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.lost = False  # messages were lost (Redis went away): resync when it is back
        self._call_ids = itertools.count(1)
        self._answering: set[asyncio.Task[None]] = set()

    # --- lifecycle -------------------------------------------------------------------
    async def start(self) -> None:
        self.pubsub = self.redis.pubsub()
        await self.pubsub.subscribe(channel(self.db, self.worker), all_channel(self.db))
        loop = asyncio.get_running_loop()
        self.tasks = [loop.create_task(self._listen()), loop.create_task(self._publish())]

    async def stop(self) -> None:
        for task in [*self.tasks, *(p.task for p in self.proxies.values() if p.task)]:
            task.cancel()
        with contextlib.suppress(Exception):
            await cast(Any, self.pubsub).aclose()
        await self.redis.aclose()

    # --- sending ---------------------------------------------------------------------
    def send(self, worker: str, message: dict[str, Any]) -> None:
        self.publish(channel(self.db, worker), message)

    def publish_all(self, message: dict[str, Any]) -> None:
        self.publish(all_channel(self.db), message)

    def publish(self, where: str, message: dict[str, Any]) -> None:
        try:
            self.outbox.put_nowait((where, json.dumps(message, ensure_ascii=False)))
        except asyncio.QueueFull:
            log.error("bus: the outbox is full; a message to %s was dropped", where)

    async def _publish(self) -> None:
        """Publish what waits, many messages per round trip, in order."""
        while True:
            batch = [await self.outbox.get()]
            while not self.outbox.empty() and len(batch) < 512:
                batch.append(self.outbox.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for where, text in batch:
                        pipe.publish(where, text)
                    await pipe.execute()
            except Exception as exc:
                self.lost = True  # a client's frame or a viewer's state is gone
                failed("bus publish", exc, f"bus: {len(batch)} message(s) could not be "
                                           "published")
            else:
                OUTAGES.ok("bus publish")

    # --- receiving -------------------------------------------------------------------
    async def _listen(self) -> None:
        while True:
            try:
                message = await self.pubsub.get_message(ignore_subscribe_messages=True,
                                                        timeout=1.0)
            except Exception as exc:
                self.lost = True  # what was published to this worker meanwhile is gone
                failed("bus subscription", exc, "bus: lost the subscription; subscribing "
                                                "again")
                await asyncio.sleep(0.5)
                continue
            OUTAGES.ok("bus subscription")
            if self.lost:
                self.lost = False
                self.resync()
            if message is None or message.get("type") != "message":
                continue
            try:
                self._dispatch(json.loads(message["data"]))
            except Exception:
                log.exception("bus: a message could not be handled")

    def _dispatch(self, data: dict[str, Any]) -> None:
        kind = data.get("t")
        if kind == "frame":
            self._frame(data)
        elif kind == "out":
            conn = self.local.get(data["c"])
            if conn is not None:
                conn.post(data["x"])
        elif kind == "close":
            conn = self.local.get(data["c"])
            if conn is not None:
                conn.close(data["code"], data["reason"])
        elif kind == "call":
            task = asyncio.get_running_loop().create_task(self._answer(data))
            self._answering.add(task)
            task.add_done_callback(self._answering.discard)
        elif kind == "reply":
            waiting = self.calls.pop(data["id"], None)
            if waiting is not None and not waiting.done():
                waiting.set_result(data["r"])
        elif kind == "gone":
            self.drop_proxy(data["from"], data["c"])
        elif kind == "revoke" and data["from"] != self.worker and self.on_revoke is not None:
            self.on_revoke(data["player"])
        elif kind == "rename" and data["from"] != self.worker and self.on_rename is not None:
            self.on_rename(data["player"], data["name"])

    async def call(self, worker: str, payload: dict[str, Any],
                   timeout: float) -> dict[str, Any]:
        """Ask ``worker`` to run a room operation (calls.py); its reply. No answer in
        ``timeout`` seconds (the worker died): ``room_moved`` — the operation may or may
        not have been applied, exactly like a request whose answer was lost."""
        number = next(self._call_ids)
        self.calls[number] = waiting = asyncio.get_running_loop().create_future()
        self.send(worker, {**payload, "t": "call", "id": number, "from": self.worker})
        deadline = asyncio.get_running_loop().time() + timeout
        try:
            while True:
                try:
                    return await asyncio.wait_for(asyncio.shield(waiting), 0.5)
                except TimeoutError:
                    pass
                if asyncio.get_running_loop().time() > deadline:
                    raise ServerError("room_moved", "the room's worker did not answer",
                                      status=503)
                if not await self.alive([worker]):
                    raise ServerError("room_moved", "the room's worker went away",
                                      status=503)
        finally:
            self.calls.pop(number, None)
            waiting.cancel()

    async def _answer(self, data: dict[str, Any]) -> None:
        if self.on_call is not None:
            reply = await self.on_call(data)
            self.send(data["from"], {"t": "reply", "id": data["id"], "r": reply})

    def _frame(self, data: dict[str, Any]) -> None:
        key = (data["from"], data["c"])
        proxy = self.proxies.get(key)
        if proxy is None and data.get("k"):
            # its worker thinks it watches a room here, but this worker let it go (its
            # worker seemed dead; a message lost while Redis was away): a new proxy would
            # watch nothing, and every move would be refused; it reconnects instead
            log.debug("bus: a client of %s (connection %d) this worker let go", *key)
            self.send(key[0], {"t": "close", "c": key[1], "code": 1012,
                               "reason": "this connection was let go: reconnect"})
            return
        if proxy is None:
            proxy = self.proxies[key] = ProxyConnection(self, key[0], key[1], data["p"],
                                                        data.get("n"))
            proxy.task = asyncio.get_running_loop().create_task(self._run_proxy(proxy))
            log.debug("bus: a client of %s (connection %d) is here", key[0], key[1])
        proxy.nickname = data.get("n")
        proxy.inbox.put_nowait(data["x"])

    async def _run_proxy(self, proxy: ProxyConnection) -> None:
        """One client's frames, handled one after another as they came; once the client
        has left (:meth:`drop_proxy`), the proxy leaves its rooms."""
        while (text := await proxy.inbox.get()) is not None:
            if self.on_frame is None:
                continue
            try:
                await self.on_frame(proxy, text)
            except Exception:  # one frame must not end the client's others
                log.exception("bus: a frame of %s (connection %d) failed", proxy.worker,
                              proxy.cid)
        if self.on_gone is not None:
            self.on_gone(proxy)

    def drop_proxy(self, worker: str, cid: int) -> None:
        """The client left (or its worker died). The frame being handled is let finish,
        never cancelled: a move whose write is on its way becomes durable whether or not
        anyone waits, so the room must keep it too (cancelled, the room would stay a move
        behind its record). Frames still waiting are dropped, nothing more is sent to the
        client, and then the proxy leaves its rooms (``on_gone``)."""
        proxy = self.proxies.pop((worker, cid), None)
        if proxy is None:
            return
        log.debug("bus: the client of %s (connection %d) is gone", worker, cid)
        proxy.closed = True
        while not proxy.inbox.empty():
            proxy.inbox.get_nowait()
        proxy.inbox.put_nowait(None)

    # --- a client of this worker watching rooms elsewhere ----------------------------
    def forward(self, conn: Connection, worker: str, text: str, known: bool = False) -> None:
        """``text`` to ``worker`` for ``conn``; ``known``: ``conn`` already watches a room
        there (the owner then has its proxy, unless it let it go)."""
        assert conn.player is not None
        self.local[conn.key] = conn
        self.send(worker, {"t": "frame", "from": self.worker, "c": conn.key,
                           "p": conn.player, "n": conn.nickname, "x": text, "k": known})

    def disconnected(self, conn: Connection) -> None:
        if self.local.pop(conn.key, None) is None:
            return
        for worker in set(conn.routes.values()):
            self.send(worker, {"t": "gone", "from": self.worker, "c": conn.key})
        conn.routes.clear()

    def resync(self) -> None:
        """Redis is back after messages were lost (a frame of a client, a state for it, a
        ``close``): every client of this worker watching a room elsewhere is closed, and
        every client of another worker watching a room here is let go and closed by its
        worker — each reconnects and subscribes again, which sends it the room as it
        stands. Without this a restart of Redis left players connected to a table that no
        longer moved (an operator's play-test): the owner had let their proxies go while
        its ``close`` was lost, and their own worker never heard of it."""
        routed = [c for c in self.local.values() if c.routes]
        for conn in routed:
            conn.close(1012, "the bus between workers was down: reconnect")
        proxies = list(self.proxies.items())
        for (worker, cid), proxy in proxies:
            proxy.close(1012, "the bus between workers was down: reconnect")
            self.drop_proxy(worker, cid)
        if routed or proxies:
            log.warning("bus: Redis is back after messages were lost: %d client(s) here and "
                        "%d of other workers asked to reconnect", len(routed), len(proxies))

    # --- liveness --------------------------------------------------------------------
    async def alive(self, workers: list[str]) -> set[str]:
        if not workers:
            return set()
        found = await self.redis.mget([alive_key(w) for w in workers])
        return {w for w, v in zip(workers, found, strict=True) if v is not None}

    async def check_peers(self) -> bool:
        """Close this worker's clients routed to a worker that died (they reconnect and
        find the room at its new owner) and drop the proxies of a dead worker's clients;
        whether Redis was asked (not without peers)."""
        peers = sorted({w for c in self.local.values() for w in c.routes.values()}
                       | {w for w, _ in self.proxies})
        if not peers:
            return False
        alive = await self.alive(peers)
        for conn in list(self.local.values()):
            if any(w not in alive for w in conn.routes.values()):
                log.debug("bus: connection %d was routed to a worker that went away", conn.key)
                conn.close(1012, "a worker went away: reconnect")
        for worker, cid in list(self.proxies):
            if worker not in alive:  # if it is alive after all, it closes its client
                self.proxies[(worker, cid)].close(1012, "a worker went away: reconnect")
                self.drop_proxy(worker, cid)
        return True

    # --- the shared lobby ------------------------------------------------------------
    async def lobby_put(self, entries: dict[str, dict[str, Any]]) -> None:
        if entries:
            await self.redis.hset(LOBBY, mapping={
                k: json.dumps({**v, "w": self.worker}, ensure_ascii=False)
                for k, v in entries.items()})

    async def lobby_drop(self, room_ids: list[str]) -> None:
        if room_ids:
            await self.redis.hdel(LOBBY, *room_ids)

    async def lobby(self) -> list[dict[str, Any]]:
        """Every public room listed by a live worker, newest first."""
        raw = await self.redis.hgetall(LOBBY)
        entries = {k: json.loads(v) for k, v in raw.items()}
        alive = await self.alive(sorted({e["w"] for e in entries.values()}))
        live = [e for e in entries.values() if e["w"] in alive]
        dead = [k for k, e in entries.items() if e["w"] not in alive]
        if dead:  # rows of workers gone: a room taken over is written again by its owner
            await self.redis.hdel(LOBBY, *dead)
        live.sort(key=lambda e: -float(e["at"]))
        return [e["listing"] for e in live]
