"""Several workers on loopback with a real PostgreSQL and a real Redis (issue 13 §1): a
client on one worker plays a room another owns, the lobby and presence are the same from
every worker, a spectator watches from another worker, a 托管 clock fires after a
take-over, the budgets are shared, ``--workers 2`` serves one port and replaces a killed
worker, and a paused owner that wakes up cannot write to the room it lost (fencing)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import text
from websockets.sync.client import ClientConnection
from workers_helpers import Worker, engine_views, owner_of, pg_url, player, redis_url, until

from huapai.server.serve import serve
from huapai.server.store import make_engine

__all__ = ["pg_url", "redis_url"]  # the fixtures, used by name


@dataclass
class Client:
    ws: ClientConnection
    room: str
    seat: int | None = None
    state: dict[str, Any] = field(default_factory=dict)
    summary: dict[str, Any] = field(default_factory=dict)
    seen: list[str] = field(default_factory=list)

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def next(self, timeout: float = 20) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.seen.append(message["type"])
        if message["type"] == "state":
            self.state = message
        elif message["type"] == "room":
            self.summary = message["room"]
        return message

    def until(self, kind: str, timeout: float = 30) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            message = self.next(timeout=max(0.1, deadline - time.monotonic()))
            if message["type"] == kind:
                return message
        raise AssertionError(f"no {kind} message")

    def my_turn(self) -> bool:
        view = self.state.get("view") or {}
        return bool(self.state.get("legal")) and self.seat in (view.get("to_act") or [])


@contextmanager
def watching(worker: Worker, token: str, room: str, seat: int | None) -> Iterator[Client]:
    with worker.ws() as ws:
        client = Client(ws, room, seat)
        client.send({"type": "hello", "token": token})
        client.until("welcome")
        client.send({"type": "subscribe", "room": room})
        client.until("room")
        yield client


@contextmanager
def two(pg: str, redis: str, count: int = 2) -> Iterator[list[Worker]]:
    workers = [Worker(pg, redis) for _ in range(count)]
    try:
        for worker in workers:
            worker.start()
        yield workers
    finally:
        for worker in workers:
            worker.stop()


def rooms_on(worker: Worker) -> int:
    count: int = worker.api("GET", "/api/health")["rooms"]
    return count


def new_room(worker: Worker, token: str, **settings: Any) -> str:
    body = {"game": "xianniu", "preset": "lanzhou", "bot_delay": 0, **settings}
    room: str = worker.api("POST", "/api/rooms", token, body)["room"]["id"]
    return room


def test_a_client_on_b_plays_a_room_owned_by_a(pg_url: str, redis_url: str) -> None:
    with two(pg_url, redis_url) as (a, b):
        me = player(a, "甲")
        room = new_room(a, me)
        # the REST calls go to B, which has them run at A (the owner)
        b.api("POST", f"/api/rooms/{room}/seats/0", me)
        b.api("POST", f"/api/rooms/{room}/bots", me, {})
        with watching(b, me, room, 0) as client:
            b.api("POST", f"/api/rooms/{room}/start", me)
            while True:
                message = client.next()
                if message["type"] == "deal_end":
                    break
                if message["type"] == "state" and client.my_turn():
                    client.send({"type": "act", "room": room, "counter": client.state["counter"],
                                 "action": client.state["legal"][0]})
            client.send({"type": "ping"})
            client.until("pong")
        assert (rooms_on(a), rooms_on(b)) == (1, 0)  # played through B, owned by A
        state, prefixes, game = engine_views(pg_url, client.state["game_id"])
        assert game.is_over(state)
        assert client.state["view"] == prefixes[-1][0]


def test_the_lobby_and_presence_are_the_same_from_both(pg_url: str, redis_url: str) -> None:
    with two(pg_url, redis_url) as (a, b):
        me = player(a, "乙")
        room = new_room(a, me)
        a.api("POST", f"/api/rooms/{room}/seats/0", me)

        def listed(worker: Worker) -> dict[str, Any] | None:
            rows = worker.api("GET", "/api/rooms")["rooms"]
            return next((r for r in rows if r["id"] == room), None)

        assert until(lambda: listed(b), what="the room in B's lobby")["owner"]
        assert listed(a) is not None

        def online(worker: Worker, lobby: bool = False) -> int:
            row = listed(worker) if lobby else worker.api("GET", f"/api/rooms/{room}", me)["room"]
            assert row is not None
            count: int = row["seats"][0]["online"]
            return count

        with watching(b, me, room, 0):  # connected to B, counted by the owner A
            for worker in (a, b):
                until(lambda w=worker: online(w) == 1, what="presence 1")
                until(lambda w=worker: online(w, lobby=True) == 1, what="lobby presence 1")
        for worker in (a, b):
            until(lambda w=worker: online(w) == 0, what="presence 0")


def test_a_room_sent_away_from_on_a_leaves_that_readers_lobby_on_b(pg_url: str,
                                                                   redis_url: str) -> None:
    """请出 on the room's worker A: B's lobby (the shared one) still offered the room to
    the person sent away (an operator's play-test); now neither lists it to them, and
    both still list it to everyone else."""
    with two(pg_url, redis_url) as (a, b):
        me, watcher, other = player(a, "戊"), player(b, "己"), player(b, "庚")
        room = new_room(a, me)
        a.api("POST", f"/api/rooms/{room}/seats/0", me)
        watcher_id = b.api("GET", "/api/me", watcher)["player"]["id"]

        def listed(worker: Worker, token: str) -> bool:
            return any(r["id"] == room for r in worker.api("GET", "/api/rooms", token)["rooms"])

        with watching(b, watcher, room, None) as client:
            until(lambda: listed(b, watcher), what="the room in B's lobby")
            a.api("DELETE", f"/api/rooms/{room}/spectators/{watcher_id}", me)
            client.until("sent_away")
        for worker in (a, b):
            until(lambda w=worker: not listed(w, watcher), what="the room out of their lobby")
            assert listed(worker, other)


def test_a_room_closed_through_b_is_gone_from_both(pg_url: str, redis_url: str) -> None:
    """解散房间 asked of B for a room A owns: a friend watching through B is told, and
    neither worker lists or shows the room any more."""
    with two(pg_url, redis_url) as (a, b):
        me, friend = player(a, "丙"), player(b, "丁")
        room = new_room(a, me)
        b.api("POST", f"/api/rooms/{room}/seats/1", friend)
        b.api("POST", f"/api/rooms/{room}/seats/2", friend)  # 换座, through B
        with watching(b, friend, room, 2) as client:
            assert client.summary["seats"][2]["player"]["nickname"] == "丁"
            closed = b.api("DELETE", f"/api/rooms/{room}", me)["room"]
            assert closed["status"] == "closed"
            assert client.until("room_closed")["by"]["nickname"] == "丙"

        def listed(worker: Worker) -> bool:
            return any(r["id"] == room for r in worker.api("GET", "/api/rooms")["rooms"])

        for worker in (a, b):
            until(lambda w=worker: not listed(w), what="the room out of the lobby")
            answer = worker.api("GET", f"/api/rooms/{room}", me, ok=False)
            assert answer.status_code == 404, answer.text


def test_a_rename_on_b_shows_in_the_room_a_owns(pg_url: str, redis_url: str) -> None:
    with two(pg_url, redis_url) as (a, b):
        me = player(a, "戊")
        room = new_room(a, me)
        a.api("POST", f"/api/rooms/{room}/seats/0", me)
        assert b.api("PATCH", "/api/me", me, {"nickname": "戊二"})["player"]["nickname"] == "戊二"

        def seat_name(worker: Worker) -> str:
            seat = worker.api("GET", f"/api/rooms/{room}", me)["room"]["seats"][0]
            name: str = seat["player"]["nickname"]
            return name

        until(lambda: seat_name(a) == "戊二", what="the new name at the owner")
        assert seat_name(b) == "戊二"


def test_history_knows_a_match_another_worker_still_plays(pg_url: str,
                                                          redis_url: str) -> None:
    with two(pg_url, redis_url) as (a, b):
        me = player(a, "己")
        room = new_room(a, me, deals=2)
        a.api("POST", f"/api/rooms/{room}/seats/0", me)
        a.api("POST", f"/api/rooms/{room}/bots", me, {})
        with watching(a, me, room, 0) as client:
            a.api("POST", f"/api/rooms/{room}/start", me)
            while (message := client.next())["type"] != "deal_end":
                if message["type"] == "state" and client.my_turn():
                    client.send({"type": "act", "room": room, "counter": client.state["counter"],
                                 "action": client.state["legal"][0]})

        def finished(worker: Worker) -> list[bool]:
            return [m["finished"] for m in worker.api("GET", "/api/me/history", me)["matches"]]

        # one deal of two is played: the match goes on, as the owner and the other worker say
        assert until(lambda: finished(a), what="the deal in the history") == [False]
        assert finished(b) == [False]


def test_the_socket_cap_counts_every_worker(pg_url: str, redis_url: str) -> None:
    """A player's sockets count together on every worker (at most 8 by default): not 8
    on each; one that closes makes room again."""
    with two(pg_url, redis_url) as (a, b), ExitStack() as stack:
        me = player(a, "庚")

        def hello(worker: Worker) -> tuple[Any, dict[str, Any]]:
            ws = stack.enter_context(worker.ws())
            ws.send(json.dumps({"type": "hello", "token": me}))
            answer: dict[str, Any] = json.loads(ws.recv(timeout=15))
            return ws, answer

        opened = [hello(worker) for worker in (a, b) * 4]
        assert [answer["type"] for _ws, answer in opened] == ["welcome"] * 8
        refused = hello(b)[1]
        assert (refused["type"], refused["code"]) == ("error", "too_many_connections")
        opened[0][0].close()  # one on A closes: room for one more, on B
        until(lambda: hello(b)[1]["type"] == "welcome", what="a socket admitted again")


def test_a_spectator_on_another_worker_sees_the_spectator_view(pg_url: str,
                                                               redis_url: str) -> None:
    with two(pg_url, redis_url) as (a, b):
        owner, watcher = player(a, "丙"), player(b, "丁")
        room = new_room(a, owner)
        a.api("POST", f"/api/rooms/{room}/bots", owner, {})
        with watching(b, watcher, room, None) as spectator:
            a.api("POST", f"/api/rooms/{room}/start", owner)
            spectator.until("deal_end", timeout=60)
            spectator.send({"type": "ping"})
            spectator.until("pong")
        state, prefixes, game = engine_views(pg_url, spectator.state["game_id"])
        assert game.is_over(state) and spectator.state["seat"] is None
        assert spectator.state["view"] == prefixes[-1][None]
        assert spectator.seen.count("state") > 3  # every move reached the other worker


def test_a_turn_clock_fires_after_the_owner_is_killed(pg_url: str, redis_url: str) -> None:
    with two(pg_url, redis_url) as (a, b):
        me = player(a, "戊")
        room = new_room(a, me, turn_clock=4, bot_delay=0.2)
        a.api("POST", f"/api/rooms/{room}/seats/0", me)
        a.api("POST", f"/api/rooms/{room}/bots", me, {})
        first = owner_of(pg_url, room)
        with watching(a, me, room, 0) as client:
            a.api("POST", f"/api/rooms/{room}/start", me)
            while not client.my_turn():
                client.next()
            a.kill()  # seat 0 to act, its clock running
        until(lambda: owner_of(pg_url, room) not in (None, first), timeout=10,
              what="the take-over")
        assert rooms_on(b) == 1
        engine = make_engine(pg_url)
        try:
            def clocked() -> bool:
                with engine.connect() as conn:
                    return bool(conn.execute(text(
                        "SELECT count(*) FROM game_actions a JOIN games g ON g.id = a.game_id "
                        "WHERE g.room_id = :r AND a.seat = 0 AND a.actor = 'tuoguan'"),
                        {"r": room}).scalar_one() > 0)
            # the clock's remaining time plus the restore grace (5 s)
            until(clocked, timeout=25, what="the house bot's move for seat 0")
        finally:
            engine.dispose()
        summary = b.api("GET", f"/api/rooms/{room}", me)["room"]
        assert not summary["seats"][0]["tuoguan"]  # one missed clock: that move, no 托管


def test_the_room_budget_is_shared_by_the_workers(pg_url: str, redis_url: str) -> None:
    with two(pg_url, redis_url) as (a, b):
        me = player(a, "己")
        burst = 10  # Limits.rooms_per_player: 10 at once
        for i in range(burst):
            new_room(a if i % 2 else b, me)
        refused = a.api("POST", "/api/rooms", me, {"game": "xianniu"}, ok=False)
        assert refused.status_code == 429, refused.text  # 5 here + 5 there: spent
        assert refused.json()["error"]["code"] == "rate_limited"


def test_the_open_room_cap_counts_every_worker(pg_url: str, redis_url: str) -> None:
    """At most 10 open rooms per player over all workers, not 10 on each: with 5 busy
    rooms on each worker (watched, so none may be closed to make way) the 11th is refused
    for the cap (409 room_limit; each worker alone would have let it through to the rate
    budget, 429)."""
    with two(pg_url, redis_url) as (a, b):
        me = player(a, "辛")
        rooms = [new_room(a if i % 2 else b, me) for i in range(10)]
        with watching(b, me, rooms[0], None) as client:
            for room in rooms[1:]:
                client.send({"type": "subscribe", "room": room})
                client.until("room")
            refused = b.api("POST", "/api/rooms", me, {"game": "xianniu"}, ok=False)
        assert refused.status_code == 409, refused.text
        assert refused.json()["error"]["code"] == "room_limit"
        assert all(a.api("GET", f"/api/rooms/{room}", me)["room"]["id"] == room
                   for room in rooms)  # the refusal closed none of them


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


def _serving(pid: int) -> list[int]:
    """The supervisor's worker processes (not multiprocessing's resource tracker)."""
    return [c for c in _children(pid)
            if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes()]


def test_workers_2_serve_one_port_and_a_killed_worker_is_replaced(pg_url: str,
                                                                  redis_url: str) -> None:
    server = Worker(pg_url, redis_url, workers=2).start()
    try:
        assert server.proc is not None
        # the parent runs `python -c …` (serve): uvicorn's supervisor is that process
        workers = until(lambda: len(_serving(server.proc.pid)) == 2 and _serving(server.proc.pid),
                        what="two workers")
        me = player(server, "庚")
        room = new_room(server, me)
        assert sum(rooms_on(server) for _ in range(20)) > 0  # answered by both, in turn
        os.kill(workers[0], signal.SIGKILL)
        for _ in range(10):  # the other one still answers
            assert httpx.get(server.url("/api/games"), timeout=5).status_code == 200
        until(lambda: len(_serving(server.proc.pid)) == 2
              and workers[0] not in _serving(server.proc.pid), timeout=30,
              what="the killed worker replaced")
        # once its lease ran out the room is served again, wherever a request lands
        until(lambda: server.api("GET", f"/api/rooms/{room}", me, ok=False).status_code == 200,
              timeout=20, what="the room served again")
        for _ in range(6):
            assert server.api("GET", f"/api/rooms/{room}", me)["room"]["id"] == room
    finally:
        server.stop()


def test_a_paused_owner_that_wakes_up_cannot_write(pg_url: str, redis_url: str) -> None:
    with two(pg_url, redis_url) as (a, b):
        me = player(a, "辛")
        room = new_room(a, me, deals=4, bot_delay=0.05)
        a.api("POST", f"/api/rooms/{room}/bots", me, {})
        a.api("POST", f"/api/rooms/{room}/start", me)
        first = owner_of(pg_url, room)
        time.sleep(0.5)  # bots playing on A
        assert a.proc is not None
        a.proc.send_signal(signal.SIGSTOP)
        try:
            # (generous timeouts: on CI's two loaded cores a lease's turn can come late)
            until(lambda: owner_of(pg_url, room) not in (None, first), timeout=30,
                  what="B's take-over")
            time.sleep(1.0)  # B's bots play on
        finally:
            a.proc.send_signal(signal.SIGCONT)
        # A wakes up with its bot timers due: each write is fenced off, then A lets go
        until(lambda: rooms_on(a) == 0, timeout=30, what="A dropping the room")
        assert rooms_on(b) == 1
        engine = make_engine(pg_url)
        try:
            with engine.connect() as conn:
                games = conn.execute(text("SELECT id FROM games WHERE room_id = :r"),
                                     {"r": room}).scalars().all()
        finally:
            engine.dispose()
        for game_id in games:  # every stored deal replays without a gap or a double move
            engine_views(pg_url, game_id)
        assert a.api("GET", "/api/health")["failed_writes"] == 0  # refused ≠ storage failure


@pytest.mark.parametrize(("args", "says"), [
    ({"workers": 2}, "needs --redis-url"),
    ({"redis_url": "redis://127.0.0.1:1/0"}, "needs --database-url postgresql"),
    ({"workers": 0}, "expected 1 or more"),
])
def test_several_workers_need_redis_and_postgresql(args: dict[str, Any], says: str,
                                                   tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Refused in one clear line before anything starts (no services needed)."""
    with pytest.raises(SystemExit) as stopped:
        serve(port=0, data_dir=str(tmp_path), **args)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert says in err and "cannot run several workers" in err and "Traceback" not in err


def test_the_embedded_server_needs_no_redis(tmp_path: Path) -> None:
    """One process, SQLite, and the Redis client not even importable: it serves."""
    code = f"""
import sys
sys.modules["redis"] = sys.modules["redis.asyncio"] = None  # any import of it fails
from starlette.testclient import TestClient
from huapai.server.app import create_app
from huapai.server.config import ServerConfig
with TestClient(create_app(ServerConfig(database_url="sqlite:///{tmp_path}/x.db"))) as c:
    me = c.post("/api/players", json={{"nickname": "a"}}).json()
    made = c.post("/api/rooms", json={{"game": "xianniu"}},
                  headers={{"Authorization": "Bearer " + me["token"]}})
    assert made.status_code == 201 and c.get("/api/rooms").json()["total"] == 1
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
