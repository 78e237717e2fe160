"""Load generator for ``huapai serve``: real WebSocket clients playing with no think time.

Starts the server (``huapai.server.serve``) as a subprocess on a free loopback port with a
throwaway SQLite database — or drives one already running (``--port``, ``--pid`` for its
memory) — and measures, in one run:

1. the **echo baseline**: the same stack's bare WebSocket echo (``/ws/echo``, enabled by
   ``HUAPAI_BENCH_ECHO=1``), one closed loop per room with a state-sized frame;
2. the **platform**: ``--rooms`` rooms of 3 people (3 WebSockets each, 掀牛 ``lanzhou``)
   that act the moment it is their turn (seeded random legal move) and say ``ready``
   between deals. For every action: the time from sending ``act`` until **every seat**
   of the room has its update (p50 / p99), actions per second, errors, and the server's
   resident memory per room (RSS while all rooms are live minus RSS before the rooms,
   divided by the rooms; the 3 sockets of each room count).

Bounded: a fixed number of rooms and seconds per phase, loopback only. Usage::

    python -m bench.bench_server --rooms 500 --seconds 30
    python -m bench.bench_server --rooms 50,200,500 --seconds 20 --json out.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx

from bench.wsclient import Client, connect, new_loop

HOST = "127.0.0.1"
SEATS = 3
PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


# ----------------------------------------------------------------------------- results
@dataclass(slots=True)
class Latencies:
    samples: list[float] = field(default_factory=list)

    def percentile(self, q: float) -> float:
        if not self.samples:
            return float("nan")
        ordered = sorted(self.samples)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


@dataclass(slots=True)
class PhaseResult:
    name: str
    rooms: int
    seconds: float
    operations: int
    ops_per_s: float
    p50_ms: float
    p99_ms: float
    errors: int
    server_cpu_s: float
    rss_mb: float
    rss_per_room_kb: float | None = None
    rooms_held: int | None = None
    think_ms: float = 0.0
    client_cpu_s: float = 0.0
    error_codes: dict[str, int] = field(default_factory=dict)


# ----------------------------------------------------------------------------- server
def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


def start_server(port: int, data: Path) -> subprocess.Popen[bytes]:
    url = f"sqlite:///{data / 'bench.sqlite3'}"
    code = f"from huapai.server.serve import serve; serve(port={port}, database_url={url!r})"
    env = {**os.environ, "HUAPAI_BENCH_ECHO": "1", "HUAPAI_DATA_DIR": str(data)}
    log = (data / "server.log").open("wb")
    return subprocess.Popen([sys.executable, "-c", code], env=env, stdout=log, stderr=log)


def wait_up(port: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://{HOST}:{port}/api/games", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.2)
    raise SystemExit("the server did not come up")


def rss_mb(pid: int | None) -> float:
    if pid is None:
        return float("nan")
    fields = Path(f"/proc/{pid}/statm").read_text().split()
    return int(fields[1]) * PAGE / 2**20


def cpu_s(pid: int | None) -> float:
    if pid is None:
        return float("nan")
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


# ----------------------------------------------------------------------------- echo
async def echo_phase(port: int, loops: int, seconds: float, pid: int | None,
                     payload_bytes: int) -> PhaseResult:
    payload = json.dumps({"type": "echo", "pad": "x" * payload_bytes})
    lat = Latencies()
    errors = 0
    stop = time.monotonic() + seconds
    sockets = await _open_many([f"{HOST}:{port}/ws/echo"] * loops)
    done = asyncio.get_running_loop().create_future()
    running = len(sockets)

    def loop(ws: Client) -> None:
        sent = time.perf_counter()

        def on_text(text: str) -> None:
            nonlocal errors, running, sent
            if text != payload:
                errors += 1
            now = time.perf_counter()
            lat.samples.append(now - sent)
            if time.monotonic() < stop:
                sent = now
                ws.send(payload)
                return
            running -= 1
            if running == 0 and not done.done():
                done.set_result(None)

        ws.on_text = on_text
        ws.send(payload)

    cpu0, t0 = cpu_s(pid), time.monotonic()
    for ws in sockets:
        loop(ws)
    await done
    elapsed, cpu = time.monotonic() - t0, cpu_s(pid) - cpu0
    for ws in sockets:
        ws.close()
    n = len(lat.samples)
    return PhaseResult("echo", loops, elapsed, n, n / elapsed, lat.percentile(0.5),
                       lat.percentile(0.99), errors, cpu, rss_mb(pid))


async def _open_many(addresses: Sequence[str], limit: int = 64) -> list[Client]:
    """Connect to each ``host:port/path``, at most ``limit`` handshakes at a time."""
    gate = asyncio.Semaphore(limit)

    async def one(index: int, address: str) -> Client:
        where, _, path = address.partition("/")
        host, _, port = where.rpartition(":")
        async with gate:
            return await connect(host, int(port), "/" + path, seed=index)

    return list(await asyncio.gather(*(one(i, a) for i, a in enumerate(addresses))))


# ----------------------------------------------------------------------------- game
class Table:
    """One room: when each change was caused by an act, and which seats have seen it."""

    def __init__(self, room: str) -> None:
        self.room = room
        self.sent: dict[int, float] = {}
        self.remaining: dict[int, int] = {}
        self.over = False


def _kind(text: str) -> str:
    """A message's type, read from its first member (the server always puts it first)."""
    if text.startswith('{"type":"'):
        return text[9:text.find('"', 9)]
    kind = json.loads(text).get("type")
    return kind if isinstance(kind, str) else "?"


class Player:
    """One seat's person: a plain callback per message. Only a state message that offers
    this seat a move is parsed (the other seats' copies only count as seen), and the move
    is a seeded random pick from its ``legal`` list."""

    def __init__(self, table: Table, seat: int, token: str, ws: Client,
                 seed: int, stats: GameStats, think: float) -> None:
        self.table, self.seat, self.token, self.ws = table, seat, token, ws
        self.think = think
        self.rng = random.Random(seed)
        self.stats = stats
        self.changes = -1  # the subscribe state is change 0's predecessor
        self.ready = json.dumps({"type": "ready", "room": table.room})
        ws.on_text = self.handle
        ws.closed.add_done_callback(self._closed)

    def _closed(self, _future: asyncio.Future[None]) -> None:
        if not self.stats.stopping:  # a dropped connection counts as an error
            self.stats.errors += 1

    def handle(self, text: str) -> None:
        kind = _kind(text)
        if kind == "state":
            self.on_state(text)
        elif kind == "deal_end":
            self.ws.send(self.ready)
        elif kind == "shuffle":  # add this seat's randomness, as the browser does
            game_id = json.loads(text)["game_id"]
            self.ws.send(json.dumps({"type": "nonce", "room": self.table.room,
                                     "game_id": game_id,
                                     "nonce": self.rng.randbytes(16).hex()}))
        elif kind == "match_end":
            self.table.over = True
        elif kind == "error":
            code = json.loads(text)["code"]
            self.stats.errors += 1
            self.stats.error_codes[code] = self.stats.error_codes.get(code, 0) + 1

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
            change = self.changes + 1
            if self.think:
                asyncio.get_running_loop().call_later(
                    self.rng.uniform(0.5, 1.5) * self.think, self._act, frame, change)
            else:
                self._act(frame, change)

    def _act(self, frame: str, change: int) -> None:
        if self.stats.stopping:
            return
        self.table.sent[change] = time.perf_counter()
        self.table.remaining[change] = SEATS
        self.ws.send(frame)

    def _seen(self, change: int) -> None:
        table = self.table
        if change not in table.remaining:
            return
        table.remaining[change] -= 1
        if table.remaining[change] == 0:
            self.stats.latency.samples.append(time.perf_counter() - table.sent.pop(change))
            del table.remaining[change]
            self.stats.actions += 1


@dataclass(slots=True)
class GameStats:
    latency: Latencies = field(default_factory=Latencies)
    actions: int = 0
    errors: int = 0
    error_codes: dict[str, int] = field(default_factory=dict)
    stopping: bool = False

    def reset(self) -> None:
        """Forget the warm-up (errors are kept: an error is never warm-up)."""
        self.latency = Latencies()
        self.actions = 0


async def _post(client: httpx.AsyncClient, path: str, token: str | None = None,
                body: Any = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = await client.post(path, json=body, headers=headers)
    if answer.status_code >= 300:
        raise RuntimeError(f"{path}: {answer.status_code} {answer.text}")
    return answer.json()


async def _make_room(client: httpx.AsyncClient, index: int) -> tuple[str, list[str]]:
    tokens = [(await _post(client, "/api/players", body={"nickname": f"b{index}-{s}"}))["token"]
              for s in range(SEATS)]
    room = (await _post(client, "/api/rooms", tokens[0], {
        "game": "xianniu", "preset": "lanzhou", "deals": 64, "bot_delay": 0,
        "tuoguan_after": 3600}))["room"]["id"]
    for seat, token in enumerate(tokens):
        await _post(client, f"/api/rooms/{room}/seats/{seat}", token)
    return room, tokens


async def _gathered(jobs: Sequence[Any], limit: int = 32) -> list[Any]:
    gate = asyncio.Semaphore(limit)

    async def one(job: Any) -> Any:
        async with gate:
            return await job

    return list(await asyncio.gather(*(one(j) for j in jobs)))


async def game_phase(port: int, rooms: int, seconds: float, pid: int | None,
                     seed: int, think: float = 0.0) -> PhaseResult:
    base = f"http://{HOST}:{port}"
    rss_before = rss_mb(pid)
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        made = await _gathered([_make_room(client, i) for i in range(rooms)])
        stats = GameStats()
        players = await _connect_players(port, made, stats, seed, think)
        for p in players:
            p.ws.send(json.dumps({"type": "subscribe", "room": p.table.room}))
        await asyncio.sleep(1.0)
        await _gathered([_post(client, f"/api/rooms/{room}/start", tokens[0])
                         for room, tokens in made])
        await asyncio.sleep(min(5.0, seconds / 4))  # warm up: every room in play
        stats.reset()
        cpu0, mine0, t0 = cpu_s(pid), time.process_time(), time.monotonic()
        await asyncio.sleep(seconds)
        elapsed, cpu = time.monotonic() - t0, cpu_s(pid) - cpu0
        client_cpu = time.process_time() - mine0
        rss_during = rss_mb(pid)
        stats.stopping = True
        held = sum(1 for p in players if p.seat == 0 and p.ws.is_open)
        for p in players:
            p.ws.close()
        await asyncio.gather(*(p.ws.closed for p in players))
    per_room = (rss_during - rss_before) * 1024 / rooms
    return PhaseResult("platform", rooms, elapsed, stats.actions, stats.actions / elapsed,
                       stats.latency.percentile(0.5), stats.latency.percentile(0.99),
                       stats.errors, cpu, rss_during, per_room, held, think * 1000,
                       client_cpu, stats.error_codes)


def _first_message(future: asyncio.Future[None]) -> Callable[[str], None]:
    def on_text(_text: str) -> None:
        if not future.done():
            future.set_result(None)

    return on_text


async def _connect_players(port: int, made: Sequence[tuple[str, list[str]]],
                           stats: GameStats, seed: int, think: float) -> list[Player]:
    sockets = await _open_many([f"{HOST}:{port}/ws"] * (len(made) * SEATS))
    welcomed: list[asyncio.Future[None]] = [
        asyncio.get_running_loop().create_future() for _ in sockets]
    for ws, future in zip(sockets, welcomed, strict=True):
        ws.on_text = _first_message(future)
    for (_room, tokens), r in zip(made, range(len(made)), strict=True):
        for seat, token in enumerate(tokens):
            sockets[r * SEATS + seat].send(json.dumps({"type": "hello", "token": token}))
    await asyncio.gather(*welcomed)
    players = []
    for r, (room, tokens) in enumerate(made):
        table = Table(room)
        for seat, token in enumerate(tokens):
            players.append(Player(table, seat, token, sockets[r * SEATS + seat],
                                  seed + r * SEATS + seat, stats, think))
    return players


# ----------------------------------------------------------------------------- report
def report(results: list[PhaseResult]) -> str:
    rows = ["| phase | rooms | think ms | ops/s | p50 ms | p99 ms | errors | server CPU s | "
            "client CPU s | RSS MB | KB/room | rooms held |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        per_room = "—" if r.rss_per_room_kb is None else f"{r.rss_per_room_kb:.0f}"
        held = "—" if r.rooms_held is None else str(r.rooms_held)
        think = "—" if r.name == "echo" else f"{r.think_ms:.0f}"
        rows.append(f"| {r.name} | {r.rooms} | {think} | {r.ops_per_s:.0f} | {r.p50_ms:.1f} | "
                    f"{r.p99_ms:.1f} | {r.errors} | {r.server_cpu_s:.1f} | "
                    f"{r.client_cpu_s:.1f} | {r.rss_mb:.0f} | {per_room} | {held} |")
    return "\n".join(rows)


def overhead(echo: PhaseResult, game: PhaseResult) -> str:
    return (f"platform vs echo at {game.rooms} rooms: p50 {game.p50_ms / echo.p50_ms:.1f}×, "
            f"p99 {game.p99_ms / echo.p99_ms:.1f}×, "
            f"throughput {game.ops_per_s / echo.ops_per_s:.2f}× "
            f"(server CPU per op: {1000 * game.server_cpu_s / max(1, game.operations):.2f} ms "
            f"vs {1000 * echo.server_cpu_s / max(1, echo.operations):.2f} ms)")


async def run(args: argparse.Namespace, port: int, pid: int | None) -> list[PhaseResult]:
    results: list[PhaseResult] = []
    for rooms in args.rooms:
        echo = await echo_phase(port, rooms, args.seconds, pid, args.payload)
        game = await game_phase(port, rooms, args.seconds, pid, args.seed,
                                args.think_ms / 1000)
        results.extend([echo, game])
        print(report([echo, game]), flush=True)
        print(overhead(echo, game), flush=True)
    return results


def raise_file_limit() -> None:
    """Each room holds 3 sockets on both sides: lift the soft descriptor limit (the
    server subprocess inherits it)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", default="500",
                        type=lambda s: [int(x) for x in s.split(",")],
                        help="rooms per run; a comma list runs each in turn")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds per phase")
    parser.add_argument("--payload", type=int, default=1500, help="echo frame bytes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think-ms", type=float, default=0.0,
                        help="mean think time before each move (0: none, the default)")
    parser.add_argument("--port", type=int, help="drive a server already on this port")
    parser.add_argument("--pid", type=int, help="that server's pid (for memory and CPU)")
    parser.add_argument("--json", type=Path, help="write the results here")
    args = parser.parse_args(argv)
    if any(r < 1 or r > 2000 for r in args.rooms) or not 1 <= args.seconds <= 600:
        parser.error("rooms must be 1..2000 and seconds 1..600")
    raise_file_limit()
    with tempfile.TemporaryDirectory(prefix="huapai-bench-") as tmp:
        proc = None
        port, pid = args.port, args.pid
        if port is None:
            port = _free_port()
            proc = start_server(port, Path(tmp))
            pid = proc.pid
        try:
            wait_up(port)
            loop = new_loop()
            try:
                results = loop.run_until_complete(run(args, port, pid))
            finally:
                loop.close()
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(timeout=30)
    if args.json is not None:
        args.json.write_text(json.dumps([asdict(r) for r in results], indent=2))
    errors = sum(r.errors for r in results)
    codes = [r.error_codes for r in results if r.errors]
    print(f"errors: {errors} {codes}; p99 by rooms: "
          f"{ {r.rooms: round(r.p99_ms, 1) for r in results if r.name == 'platform'} }")


if __name__ == "__main__":
    main()
