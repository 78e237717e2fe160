"""One room's people: three seats on their own WebSockets, each a plain callback per
message (no task or await per frame: the generator shares the machine with the server).

A seat that is offered a move thinks for a time drawn from the run's distribution, then
sends a seeded random pick from its ``legal`` list — unless the deal moved on meanwhile
(a newer state arrived), in which case that state's own offer stands instead. Between
deals each seat says ``ready`` after a think of its own. For each action the room notes
when it was sent and counts the seats that have seen the change it caused: the latency
is from sending ``act`` until **every seat** has its update.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx

from bench.wsclient import Client

from .think import Think

SEATS = 3


@dataclass(slots=True)
class GameStats:
    """What the rooms of one client process measured since the last :meth:`reset`."""

    samples: list[float] = field(default_factory=list)  # seconds, act → every seat
    actions: int = 0
    errors: int = 0
    error_codes: dict[str, int] = field(default_factory=dict)
    stopping: bool = False

    def reset(self) -> None:
        """Start a new window (errors are kept: an error is never warm-up)."""
        self.samples = []
        self.actions = 0

    def error(self, code: str) -> None:
        self.errors += 1
        self.error_codes[code] = self.error_codes.get(code, 0) + 1


class Table:
    """One room: when each change was caused by an act, and how many seats saw it.
    ``on_over`` is called when its match ends (the run starts another: a room with no
    think time plays its 64 deals in a few seconds when it has the server to itself)."""

    __slots__ = ("matches", "on_over", "owner", "remaining", "room", "sent")

    def __init__(self, room: str, owner: str, on_over: Callable[[Table], None]) -> None:
        self.room, self.owner, self.on_over = room, owner, on_over
        self.sent: dict[int, float] = {}
        self.remaining: dict[int, int] = {}
        self.matches = 1


def kind_of(text: str) -> str:
    """A message's type, read from its first member (the server always puts it first)."""
    if text.startswith('{"type":"'):
        return text[9:text.find('"', 9)]
    kind = json.loads(text).get("type")
    return kind if isinstance(kind, str) else "?"


class Player:
    """One seat's person. Only a state message that offers this seat a move is parsed
    (the other seats' copies only count as seen)."""

    __slots__ = ("changes", "joined", "ready", "rng", "seat", "stats", "table", "think",
                 "ws")

    def __init__(self, table: Table, seat: int, ws: Client, seed: int, stats: GameStats,
                 think: Think) -> None:
        self.table, self.seat, self.ws, self.think = table, seat, ws, think
        self.rng = random.Random(seed)
        self.stats = stats
        self.changes = -1  # state messages seen; the subscribe state is number 0
        self.ready = json.dumps({"type": "ready", "room": table.room})
        self.joined: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        ws.on_text = self.handle
        ws.closed.add_done_callback(self._closed)

    def _closed(self, _future: asyncio.Future[None]) -> None:
        if not self.stats.stopping:  # a dropped connection counts as an error
            self.stats.error("connection_lost")

    def handle(self, text: str) -> None:
        kind = kind_of(text)
        if kind == "state":
            self.on_state(text)
        elif kind == "room":
            if not self.joined.done():
                self.joined.set_result(None)
        elif kind == "deal_end":
            if '"next_deal_in_ms":null' not in text:  # not the match's last deal
                self._later(self.ws.send, self.ready)
        elif kind == "shuffle":  # this seat's randomness, sent at once as the browser does
            game_id = json.loads(text)["game_id"]
            self.ws.send(json.dumps({"type": "nonce", "room": self.table.room,
                                     "game_id": game_id,
                                     "nonce": self.rng.randbytes(16).hex()}))
        elif kind == "match_end":
            if self.seat == 0 and not self.stats.stopping:
                self.table.on_over(self.table)
        elif kind == "error":
            self.stats.error(str(json.loads(text).get("code")))

    def on_state(self, text: str) -> None:
        self.changes += 1
        self._seen(self.changes)
        if '"legal":[]' in text or self.stats.stopping:  # nothing to do for this seat
            return
        message = json.loads(text)
        legal = message["legal"]
        if legal and self.seat in message["view"].get("to_act", []):
            frame = json.dumps({"type": "act", "room": self.table.room,
                                "counter": message["counter"],
                                "action": self.rng.choice(legal)})
            self._later(self._act, frame, self.changes)

    def _later(self, work: Any, *args: Any) -> None:
        if self.think.zero:
            work(*args)
        else:
            asyncio.get_running_loop().call_later(self.think.sample(self.rng), work, *args)

    def _act(self, frame: str, offered: int) -> None:
        if self.stats.stopping or offered != self.changes:  # a newer state offers anew
            return
        change = self.changes + 1
        self.table.sent[change] = time.perf_counter()
        self.table.remaining[change] = SEATS
        self.ws.send(frame)

    def _seen(self, change: int) -> None:
        table = self.table
        left = table.remaining.get(change)
        if left is None:
            return
        if left > 1:
            table.remaining[change] = left - 1
            return
        del table.remaining[change]
        self.stats.samples.append(time.perf_counter() - table.sent.pop(change))
        self.stats.actions += 1


# ----------------------------------------------------------------------------- REST
RETRIES = 3


async def post(client: httpx.AsyncClient, path: str, token: str | None = None,
               body: Any = None) -> Any:
    """POST and return the JSON answer. A connection the server dropped under the request
    (a crowded machine) is tried again; on a retry, 409 (already seated, already started)
    means the first attempt went through, and the answer is None."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    for attempt in range(RETRIES + 1):
        try:
            answer = await client.post(path, json=body, headers=headers)
        except httpx.TransportError:
            if attempt == RETRIES:
                raise
            await asyncio.sleep(0.2 * (attempt + 1))
            continue
        if attempt and answer.status_code == 409:
            return None
        if answer.status_code >= 300:
            raise RuntimeError(f"{path}: {answer.status_code} {answer.text[:200]}")
        return answer.json()
    raise AssertionError("unreachable")


async def make_room(client: httpx.AsyncClient, index: int,
                    deals: int = 64) -> tuple[str, list[str]]:
    """A 掀牛 ``lanzhou`` room of ``deals`` deals with three new players seated:
    (id, tokens)."""
    tokens = [(await post(client, "/api/players", body={"nickname": f"b{index}-{s}"}))["token"]
              for s in range(SEATS)]
    # (an Idempotency-Key: a retried POST /api/rooms answers the room the first one made)
    room = (await post_room(client, tokens[0], f"bench-{index}-{tokens[0][:8]}", {
        "game": "xianniu", "preset": "lanzhou", "deals": deals, "bot_delay": 0,
        "tuoguan_after": 3600}))["room"]["id"]
    for seat, token in enumerate(tokens):
        await post(client, f"/api/rooms/{room}/seats/{seat}", token)
    return room, tokens


async def post_room(client: httpx.AsyncClient, token: str, key: str, body: Any) -> Any:
    headers = {"Authorization": f"Bearer {token}", "Idempotency-Key": key}
    for attempt in range(RETRIES + 1):
        try:
            answer = await client.post("/api/rooms", json=body, headers=headers)
        except httpx.TransportError:
            if attempt == RETRIES:
                raise
            await asyncio.sleep(0.2 * (attempt + 1))
            continue
        if answer.status_code >= 300:
            raise RuntimeError(f"/api/rooms: {answer.status_code} {answer.text[:200]}")
        return answer.json()
    raise AssertionError("unreachable")


async def gathered(jobs: Sequence[Any], limit: int = 32) -> list[Any]:
    """Await ``jobs``, at most ``limit`` at a time, in order."""
    gate = asyncio.Semaphore(limit)

    async def one(job: Any) -> Any:
        async with gate:
            return await job

    return list(await asyncio.gather(*(one(j) for j in jobs)))
