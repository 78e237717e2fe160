"""Real worker processes on loopback, a fresh PostgreSQL database and a real Redis for the
multi-worker tests (test_workers.py, test_failover.py). Both services come from the
environment: ``HUAPAI_TEST_POSTGRES_URL`` and ``HUAPAI_TEST_REDIS_URL`` (scripts/test.sh
sets them when it can start the servers); without them the tests skip, saying why."""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
import pytest
from sqlalchemy import create_engine, text
from websockets.sync.client import ClientConnection, connect

from huapai.core.record import replay_deal
from huapai.core.registry import get_game
from huapai.server.config import normalize_url
from huapai.server.replays import deal_record
from huapai.server.store import Reader, make_engine

LEASE_TTL = 2.0  # seconds: take-overs within ~3 s keep the kill rounds short


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def worker_redis_db(url: str) -> str:
    """Under pytest-xdist, worker N's own Redis database (N + 1 past the URL's), so that
    workers running side by side never flush each other's keys nor hear each other's
    bus (its channels carry the database's number)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return url
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    number = base + 1 + int(worker.removeprefix("gw"))
    if number >= REDIS_DATABASES:
        pytest.fail(f"pytest-xdist worker {worker}: Redis has {REDIS_DATABASES} databases; "
                    f"run at most {REDIS_DATABASES - 1 - base} workers (-n)")
    return urlunsplit(parts._replace(path=f"/{number}"))


REDIS_DATABASES = 16  # redis-server's default


@pytest.fixture
def redis_url() -> str:
    url = os.environ.get("HUAPAI_TEST_REDIS_URL")
    if not url:
        pytest.skip("Redis: set HUAPAI_TEST_REDIS_URL=redis://host:port/db (scripts/test.sh "
                    "starts one when run as root on Debian)")
    import redis

    url = worker_redis_db(url)
    client = redis.Redis.from_url(url)
    client.flushdb()  # the lobby and the budgets of an earlier run
    client.close()
    return url


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A database of its own (the other PostgreSQL tests' open rooms are not ours to
    take over), dropped afterwards."""
    base = os.environ.get("HUAPAI_TEST_POSTGRES_URL")
    if not base:
        pytest.skip("PostgreSQL: set HUAPAI_TEST_POSTGRES_URL=postgresql://user@host/db "
                    "(scripts/test.sh starts one when run as root on Debian)")
    base = normalize_url(base)
    name = f"huapai_w_{secrets.token_hex(4)}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    head, _, _ = base.rpartition("/")
    try:
        yield f"{head}/{name}"
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@dataclass
class Worker:
    """``huapai serve --redis-url … --database-url …`` on its own port."""

    pg: str
    redis: str
    port: int = field(default_factory=free_port)
    proc: subprocess.Popen[bytes] | None = None
    workers: int = 1

    def start(self) -> Worker:
        self.spawn()
        return self.wait_up()

    def spawn(self) -> None:
        """Start the process without waiting for it to serve."""
        code = ("from huapai.server.serve import serve; "
                f"serve(port={self.port}, database_url={self.pg!r}, redis_url={self.redis!r}, "
                f"lease_ttl={LEASE_TTL}, workers={self.workers})")
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        logs = os.environ.get("HUAPAI_TEST_WORKER_LOGS")  # a folder: each worker's log
        out: Any = subprocess.DEVNULL
        if logs:
            out = open(Path(logs) / f"worker-{self.port}.log", "ab")  # noqa: SIM115
        self.proc = subprocess.Popen([sys.executable, "-c", code], env=env,
                                     stdout=out, stderr=out)

    def wait_up(self) -> Worker:
        assert self.proc is not None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, "the worker died while starting"
            try:
                if httpx.get(self.url("/api/games"), timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise AssertionError("the worker did not come up")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def ws(self) -> ClientConnection:
        return connect(f"ws://127.0.0.1:{self.port}/ws")

    def api(self, method: str, path: str, token: str | None = None, body: Any = None,
            ok: bool = True) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = httpx.request(method, self.url(path), json=body, headers=headers, timeout=15)
        if ok:
            assert answer.status_code < 300, answer.text
        return answer.json() if ok else answer


def player(worker: Worker, name: str) -> str:
    token: str = worker.api("POST", "/api/players", body={"nickname": name})["token"]
    return token


def until(predicate: Any, timeout: float = 15.0, what: str = "the condition") -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def owner_of(pg: str, room: str) -> str | None:
    engine = make_engine(pg)
    try:
        with engine.connect() as conn:
            row = conn.execute(text("SELECT worker FROM room_leases WHERE room_id = :r"),
                               {"r": room}).first()
    finally:
        engine.dispose()
    return None if row is None else str(row[0])


def engine_views(pg: str, game_id: str) -> tuple[Any, list[dict[Any, Any]], Any]:
    """The durable record of ``game_id``: for every prefix of its moves each viewer's view
    (as JSON), the final state, and the game."""
    engine = make_engine(pg)
    try:
        found = Reader(engine).game(game_id)
    finally:
        engine.dispose()
    assert found is not None, f"game {game_id} is not durable"
    row, actions = found
    assert [a.idx for a in actions] == list(range(len(actions))), "a gap in the moves"
    replayed = replay_deal(deal_record(row, actions), get_game(row.game))
    game = replayed.game
    states = [replayed.initial, *(step.state for step in replayed.steps)]
    views = [{v: json.loads(json.dumps(game.observe(state, v), ensure_ascii=False))
              for v in [*range(len(row.seats)), None]} for state in states]
    return states[-1], views, game
