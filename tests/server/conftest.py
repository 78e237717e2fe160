"""Server test fixtures: a fresh SQLite-backed app per test, and a PostgreSQL URL when
``HUAPAI_TEST_POSTGRES_URL`` is set."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from server_helpers import postgres_url, running, sqlite_url, wipe
from starlette.testclient import TestClient


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with running(sqlite_url(tmp_path)) as c:
        yield c


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return sqlite_url(tmp_path)
    url = postgres_url()
    if url is None:
        pytest.skip("PostgreSQL: set HUAPAI_TEST_POSTGRES_URL=postgresql://user@host/db "
                    "(a database these tests may wipe) to run the persistence tests on it")
    wipe(url)
    return url
