"""A client process of the load generator: many rooms on one event loop (uvloop when
installed), driven by commands from the run over a pipe.

Commands (each answered once done): ``("echo", loops, seconds, payload_bytes)`` runs the
echo baseline; ``("add", first_index, rooms, think_spec, deals)`` opens that many rooms, seats
their people, subscribes and starts them; ``("reset",)`` starts a measuring window;
``("collect",)`` ends it and answers a :class:`Window`; ``("stop",)`` closes everything.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

import httpx

from bench.wsclient import Client, connect, new_loop

from .players import SEATS, GameStats, Player, Table, gathered, make_room, post
from .servers import HOST, raise_file_limit
from .think import parse_think


@dataclass(slots=True)
class Window:
    """One client process's share of a measuring window."""

    samples: list[float] = field(default_factory=list)
    operations: int = 0
    errors: int = 0
    error_codes: dict[str, int] = field(default_factory=dict)
    cpu_s: float = 0.0  # this process's own CPU over the window
    rooms_held: int = 0
    matches_started: int = 0  # matches started again after one ended (all so far)


async def open_many(port: int, path: str, count: int, seed: int,
                    limit: int = 64) -> list[Client]:
    """``count`` connections to ``path``, at most ``limit`` handshakes at a time."""
    gate = asyncio.Semaphore(limit)

    async def one(index: int) -> Client:
        async with gate:
            return await connect(HOST, port, path, seed=seed + index)

    return list(await asyncio.gather(*(one(i) for i in range(count))))


async def echo(port: int, loops: int, seconds: float, payload_bytes: int) -> Window:
    """``loops`` closed loops on ``/ws/echo``, each sending the next frame the moment the
    last came back, for ``seconds``."""
    payload = json.dumps({"type": "echo", "pad": "x" * payload_bytes})
    out = Window()
    sockets = await open_many(port, "/ws/echo", loops, seed=10**6)
    stop = time.monotonic() + seconds
    done = asyncio.get_running_loop().create_future()
    running = len(sockets)

    def start(ws: Client) -> None:
        sent = time.perf_counter()

        def on_text(text: str) -> None:
            nonlocal running, sent
            if text != payload:
                out.errors += 1
            now = time.perf_counter()
            out.samples.append(now - sent)
            if time.monotonic() < stop:
                sent = now
                ws.send(payload)
                return
            running -= 1
            if running == 0 and not done.done():
                done.set_result(None)

        ws.on_text = on_text
        ws.send(payload)

    cpu0 = time.process_time()
    for ws in sockets:
        start(ws)
    await done
    out.cpu_s = time.process_time() - cpu0
    out.operations = len(out.samples)
    for ws in sockets:
        ws.close()
    return out


class Rooms:
    """The rooms of this process and their people."""

    def __init__(self, port: int, seed: int) -> None:
        self.port, self.seed = port, seed
        self.stats = GameStats()
        self.players: list[Player] = []
        self.cpu0 = 0.0
        self.http: httpx.AsyncClient | None = None
        self.restarts: set[asyncio.Task[None]] = set()

    def client(self) -> httpx.AsyncClient:
        """The process's HTTP client (made once the loop runs)."""
        if self.http is None:
            # idle connections are dropped before uvicorn's 5 s keep-alive would close them
            # under a request (a POST is not retried: it is not idempotent)
            self.http = httpx.AsyncClient(
                base_url=f"http://{HOST}:{self.port}", timeout=120,
                limits=httpx.Limits(keepalive_expiry=1.0),
                transport=httpx.AsyncHTTPTransport(retries=3))
        return self.http

    def again(self, table: Table) -> None:
        """A room's match ended: its owner starts the next one (in a task of its own)."""
        async def start() -> None:
            try:
                await post(self.client(), f"/api/rooms/{table.room}/again", table.owner)
                table.matches += 1
            except (RuntimeError, httpx.HTTPError) as exc:
                self.stats.error(f"again: {str(exc)[:60]}")

        task = asyncio.get_running_loop().create_task(start())
        self.restarts.add(task)
        task.add_done_callback(self.restarts.discard)

    async def add(self, first: int, count: int, think_spec: str, deals: int) -> int:
        think = parse_think(think_spec)
        # idle connections are dropped before uvicorn's 5 s keep-alive would close them
        # under a request (a POST is not retried: it is not idempotent)
        client = self.client()
        made = await gathered([make_room(client, first + i, deals) for i in range(count)])
        players = await self._seat(made, first, think)
        for p in players:
            p.ws.send(json.dumps({"type": "subscribe", "room": p.table.room}))
        await asyncio.wait_for(asyncio.gather(*(p.joined for p in players)),
                               _patience(count))
        await gathered([post(client, f"/api/rooms/{room}/start", tokens[0])
                        for room, tokens in made])
        self.players.extend(players)
        return len(made)

    async def _seat(self, made: Sequence[tuple[str, list[str]]], first: int,
                    think: Any) -> list[Player]:
        sockets = await open_many(self.port, "/ws", len(made) * SEATS,
                                  seed=self.seed + first * SEATS)
        welcomed = [asyncio.get_running_loop().create_future() for _ in sockets]
        for ws, future in zip(sockets, welcomed, strict=True):
            ws.on_text = _first_message(future)
        for r, (_room, tokens) in enumerate(made):
            for seat, token in enumerate(tokens):
                sockets[r * SEATS + seat].send(json.dumps({"type": "hello", "token": token}))
        await asyncio.wait_for(asyncio.gather(*welcomed), _patience(len(made)))
        players = []
        for r, (room, tokens) in enumerate(made):
            table = Table(room, tokens[0], self.again)
            for seat in range(SEATS):
                index = (first + r) * SEATS + seat
                players.append(Player(table, seat, sockets[r * SEATS + seat],
                                      self.seed + index, self.stats, think))
        return players

    def reset(self) -> None:
        self.stats.reset()
        self.cpu0 = time.process_time()

    def collect(self) -> Window:
        s = self.stats
        held = sum(1 for p in self.players if p.seat == 0 and p.ws.is_open)
        again = sum(p.table.matches - 1 for p in self.players if p.seat == 0)
        out = Window(s.samples, s.actions, s.errors, dict(s.error_codes),
                     time.process_time() - self.cpu0, held, again)
        s.reset()
        return out

    async def stop(self) -> None:
        self.stats.stopping = True
        for p in self.players:
            p.ws.close()
        await asyncio.gather(*(p.ws.closed for p in self.players))
        self.players.clear()
        if self.restarts:
            await asyncio.wait(list(self.restarts))
        if self.http is not None:
            await self.http.aclose()


def _patience(rooms: int) -> float:
    """How long a batch of ``rooms`` may take to be welcomed or joined: 2 minutes, and a
    fifth of a second more per room (a crowded machine, rooms already playing)."""
    return 120 + 0.2 * rooms


def _first_message(future: asyncio.Future[None]) -> Any:
    def on_text(_text: str) -> None:
        if not future.done():
            future.set_result(None)

    return on_text


async def serve_commands(pipe: Connection, port: int, seed: int) -> None:
    rooms = Rooms(port, seed)
    loop = asyncio.get_running_loop()
    while True:
        command = await loop.run_in_executor(None, pipe.recv)
        name, args = command[0], command[1:]
        try:
            answer: Any
            if name == "echo":
                answer = await echo(port, *args)
            elif name == "add":
                answer = await rooms.add(*args)
            elif name == "reset":
                rooms.reset()
                answer = None
            elif name == "collect":
                answer = rooms.collect()
            elif name == "stop":
                await rooms.stop()
                pipe.send(None)
                return
            else:
                raise ValueError(f"unknown command {name!r}")
        except Exception as exc:  # the run reports it and stops
            answer = exc
        pipe.send(answer)


def main(pipe: Connection, port: int, seed: int) -> None:
    """A client process's entry point (``multiprocessing``'s target)."""
    raise_file_limit()
    loop = new_loop()
    try:
        loop.run_until_complete(serve_commands(pipe, port, seed))
    finally:
        loop.close()
