"""The suite runs on every core (pytest-xdist): each worker's PostgreSQL and Redis
databases are its own, so workers side by side never wipe each other's data."""

from __future__ import annotations

import pytest
import server_helpers
from workers_helpers import REDIS_DATABASES, worker_redis_db


def test_each_worker_has_a_redis_database_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    assert worker_redis_db("redis://127.0.0.1:6399/0") == "redis://127.0.0.1:6399/0"
    seen = set()
    for n in range(4):
        monkeypatch.setenv("PYTEST_XDIST_WORKER", f"gw{n}")
        seen.add(worker_redis_db("redis://127.0.0.1:6399/0"))
    assert seen == {f"redis://127.0.0.1:6399/{n}" for n in range(1, 5)}
    assert worker_redis_db("redis://127.0.0.1:6399") == "redis://127.0.0.1:6399/4"
    assert worker_redis_db("redis://:pw@127.0.0.1:6399/2?x=1") == "redis://:pw@127.0.0.1:6399/6?x=1"
    monkeypatch.setenv("PYTEST_XDIST_WORKER", f"gw{REDIS_DATABASES - 1}")
    with pytest.raises(pytest.fail.Exception, match="Redis has 16 databases"):
        worker_redis_db("redis://127.0.0.1:6399/0")


def test_each_worker_has_a_postgresql_database_of_its_own(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(server_helpers.POSTGRES_ENV, "postgresql://u:p@127.0.0.1/huapai_test")
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    assert server_helpers.postgres_url() == "postgresql+psycopg://u:p@127.0.0.1/huapai_test"
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw3")
    made = "postgresql+psycopg://u:p@127.0.0.1/huapai_test_gw3"
    monkeypatch.setattr(server_helpers, "_MADE", {made})  # (made once: not again)
    assert server_helpers.postgres_url() == made
    monkeypatch.setenv(server_helpers.POSTGRES_ENV, "postgresql://u:p@h:5433/t?sslmode=disable")
    made = "postgresql+psycopg://u:p@h:5433/t_gw3?sslmode=disable"
    monkeypatch.setattr(server_helpers, "_MADE", {made})
    assert server_helpers.postgres_url() == made
