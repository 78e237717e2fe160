"""Play-test findings on failures: a Redis outage is a clear 503 (``bus_unavailable``)
and a few log lines, the health probe checks the bus, dead workers' rows go, and
``huapai serve`` refuses a busy port or an unsupported database before doing anything."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import config
from sqlalchemy import func, insert, select
from starlette.testclient import TestClient
from workers_helpers import free_port, pg_url, redis_url

from huapai.server import outage
from huapai.server.app import create_app
from huapai.server.leases import Leases, WorkerRow
from huapai.server.migrate import upgrade
from huapai.server.serve import serve
from huapai.server.store import Player, make_engine

__all__ = ["pg_url", "redis_url"]  # the fixtures, used by name


def _dead_redis() -> str:
    return f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there


@pytest.fixture
def fresh_outages(monkeypatch: pytest.MonkeyPatch) -> outage.OutageLog:
    log = outage.OutageLog()
    monkeypatch.setattr(outage, "OUTAGES", log)
    for module in ("huapai.server.bus", "huapai.server.cluster", "huapai.server.app"):
        monkeypatch.setattr(f"{module}.OUTAGES", log, raising=False)
    return log


# --- 1, 2, 7: one worker of a cluster, in process ---------------------------------------
def test_redis_down_is_bus_unavailable_and_health_says_so(
        pg_url: str, redis_url: str, fresh_outages: outage.OutageLog,
        caplog: pytest.LogCaptureFixture) -> None:
    import redis.asyncio as aioredis

    engine = make_engine(pg_url)
    upgrade(engine)
    with engine.begin() as conn:  # a worker SIGKILLed long ago left its heartbeat row
        conn.execute(insert(WorkerRow).values(
            name="gone-1-abc", expires_at=time.time() - 60, started_at=time.time() - 600))
    with TestClient(create_app(config(pg_url, redis_url=redis_url, lease_ttl=2.0))) as c:
        with engine.connect() as conn:  # deleted at start
            names = set(conn.execute(select(WorkerRow.name)).scalars())
        assert "gone-1-abc" not in names
        platform = c.app.state.platform  # type: ignore[attr-defined]
        cluster = platform.cluster
        assert cluster.worker in names
        ok = c.get("/api/health")
        assert ok.status_code == 200
        assert ok.json()["bus"] == "ok" and ok.json()["worker"] == cluster.worker
        c.post("/api/players", json={"nickname": "甲"}).raise_for_status()

        dead = aioredis.from_url(_dead_redis())  # Redis goes away under this worker
        live, cluster.bus.redis = cluster.bus.redis, dead
        platform.budgets.share(dead, cluster.worker)
        with engine.connect() as conn:
            players = conn.execute(select(func.count()).select_from(Player)).scalar()
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="huapai.server"):
            for _ in range(5):
                made = c.post("/api/players", json={"nickname": "乙"})
                assert made.status_code == 503
                error = made.json()["error"]
                assert error["code"] == "bus_unavailable"
                assert "Redis" in error["message"] and "nothing was changed" in error["message"]
            lobby = c.get("/api/rooms")
            assert lobby.status_code == 503
            assert lobby.json()["error"]["code"] == "bus_unavailable"
            health = c.get("/api/health")
        assert health.status_code == 503
        assert health.json()["bus"] == "down" and health.json()["ok"] is False
        assert health.json()["worker"] == cluster.worker
        with engine.connect() as conn:  # nothing was changed
            assert conn.execute(select(func.count()).select_from(Player)).scalar() == players
        assert not [r for r in caplog.records if r.exc_info]  # no tracebacks
        said = [r.getMessage() for r in caplog.records if "redis unreachable" in r.getMessage()]
        assert len(said) == 1, said
        cluster.bus.redis = live
        platform.budgets.share(live, cluster.worker)
        asyncio.run(dead.aclose())
    engine.dispose()


# --- 3: the bus's publisher in an outage ------------------------------------------------
def test_an_outage_is_one_warning_line_and_one_when_it_is_back(
        fresh_outages: outage.OutageLog, caplog: pytest.LogCaptureFixture) -> None:
    from huapai.server.bus import Bus

    async def main() -> None:
        bus = Bus(_dead_redis(), "w-test", 2.0)
        task = asyncio.get_running_loop().create_task(bus._publish())
        for _ in range(40):  # a message every 25 ms for a second: 40 failed publishes
            bus.send("other", {"t": "out", "c": 1, "x": "hello"})
            await asyncio.sleep(0.025)
        task.cancel()
        await bus.redis.aclose()

    with caplog.at_level(logging.INFO, logger="huapai.server"):
        asyncio.run(main())
    assert not [r for r in caplog.records if r.exc_info]
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 1 and lines[0].startswith("redis unreachable (bus publish)"), lines
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="huapai.server"):
        fresh_outages.ok("bus publish")
        fresh_outages.ok("bus publish")
    back = [r.getMessage() for r in caplog.records]
    assert len(back) == 1 and back[0].startswith("redis reachable again (bus publish)")


def test_later_outage_lines_count_what_was_not_logged(
        caplog: pytest.LogCaptureFixture) -> None:
    from redis.exceptions import ConnectionError as RedisConnectionError

    log = outage.OutageLog(quiet=0.2)
    with caplog.at_level(logging.WARNING, logger="huapai.server"):
        for _ in range(4):
            log.failed("heartbeat", RedisConnectionError("refused"))
        time.sleep(0.25)
        log.failed("heartbeat", RedisConnectionError("refused"))
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2 and "3 more failure(s) not logged" in lines[1], lines


# --- 7: dead workers' rows ----------------------------------------------------------------
def test_dead_workers_rows_are_deleted_live_ones_kept(database_url: str) -> None:
    engine = make_engine(database_url)
    upgrade(engine)
    now = time.time()
    with engine.begin() as conn:
        for name, expires in [("dead-1", now - 30), ("dead-2", now - 1), ("live-1", now + 30)]:
            conn.execute(insert(WorkerRow).values(name=name, expires_at=expires,
                                                             started_at=now - 100))
    assert sorted(Leases(engine, "me", 5.0).forget_dead()) == ["dead-1", "dead-2"]
    with engine.connect() as conn:
        assert list(conn.execute(select(WorkerRow.name)).scalars()) == ["live-1"]
    engine.dispose()


# --- 5, 6: refused before anything starts -------------------------------------------------
@pytest.mark.parametrize("workers", [1, 2])
def test_a_busy_port_is_one_bilingual_line_before_the_database(
        tmp_path: Path, workers: int, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "huapai.sqlite3"
    url = f"sqlite:///{db}" if workers == 1 else "postgresql://nobody@127.0.0.1:1/x"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(SystemExit) as stopped:
            serve(port=port, database_url=url, workers=workers,
                  redis_url=None if workers == 1 else "redis://127.0.0.1:1/0")
    assert stopped.value.code == 2
    captured = capsys.readouterr()
    assert f"cannot listen on 127.0.0.1:{port}" in captured.err
    assert "无法监听" in captured.err and "Traceback" not in captured.err
    assert "huapai: http://" not in captured.out  # no banner
    assert not db.exists()  # nothing migrated


@pytest.mark.parametrize("url", ["mysql://u:secret@h/db", "mariadb+pymysql://u@h/db",
                                 "oracle://u@h/db"])
def test_an_unsupported_database_names_its_scheme(
        url: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        serve(port=0, database_url=url)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    scheme = url.split("://")[0]
    assert f"unsupported scheme {scheme!r}" in err and "不支持" in err
    assert "driver" not in err and "secret" not in err


# --- 4: the supervisor says when a worker dies --------------------------------------------
def test_the_supervisor_logs_a_dead_worker(pg_url: str, redis_url: str) -> None:
    port = free_port()
    code = ("from huapai.server.serve import serve; "
            f"serve(port={port}, database_url={pg_url!r}, redis_url={redis_url!r}, "
            "lease_ttl=2.0, workers=2)")
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        worker = _health(port)["worker"]
        pid = int(worker.split("-")[-2])
        os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # the supervisor notices within a second
            if _health(port, quiet=True).get("worker") not in (None, worker):
                break
            time.sleep(0.2)
        time.sleep(1.5)
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    text = out.decode("utf-8", "replace")
    assert f"worker {pid} exited (signal SIGKILL); starting a new one" in text, text[-3000:]


def _health(port: int, quiet: bool = False) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            answer = httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=2)
            if answer.status_code == 200:
                body: dict[str, Any] = answer.json()
                return body
        except httpx.HTTPError:
            pass
        if quiet:
            return {}
        time.sleep(0.2)
    raise AssertionError("no worker answered /api/health")
