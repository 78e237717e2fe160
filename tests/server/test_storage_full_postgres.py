"""A full filesystem under PostgreSQL (issue 7 §1), for real: a throw-away PostgreSQL
cluster whose data directory is on a small tmpfs, filled until the database's writes
fail. A move whose write fails is refused with ``storage_unavailable`` and changes
nothing; once space is back the same move goes through and the record has no gap.

Needs root (to mount the tmpfs and run the cluster as ``postgres``) and the PostgreSQL
server binaries (Debian's ``postgresql`` package, installed by scripts/test-services.sh);
skipped with the reason otherwise."""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest
from server_helpers import Api, act, running, started, to_act
from test_storage import STALL, _fill, _stored_actions, small_filesystem

PICKS = [1, 2, 1, 3, 2, 1, 1, 2, 3, 1, 2, 1]


def _bin_dir() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not found:
        pytest.skip("PostgreSQL server binaries not found (apt-get install postgresql)")
    return found[-1].parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _as_postgres(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["runuser", "-u", "postgres", "--", *args], capture_output=True,
                          text=True, timeout=120)


@contextmanager
def _reachable_dir() -> Iterator[Path]:
    """A directory the ``postgres`` user can reach (pytest's own are root's alone)."""
    base = Path(tempfile.mkdtemp(prefix="huapai-pg-"))
    base.chmod(0o755)
    try:
        yield base
    finally:
        shutil.rmtree(base, ignore_errors=True)


@contextmanager
def throwaway_cluster() -> Iterator[tuple[str, Path]]:
    """A PostgreSQL cluster on a 48 MB tmpfs (1 MB WAL segments); its URL and mount."""
    if os.geteuid() != 0:
        pytest.skip("a full filesystem under PostgreSQL needs root (tmpfs, cluster)")
    binaries = _bin_dir()
    try:
        owner = pwd.getpwnam("postgres")
    except KeyError:
        pytest.skip("no postgres system user to run a throw-away cluster")
    if shutil.which("runuser") is None:
        pytest.skip("runuser is missing")
    with _reachable_dir() as base, small_filesystem(base / "small", "48m") as small:
        os.chown(small, owner.pw_uid, owner.pw_gid)
        data = small / "data"
        made = _as_postgres(str(binaries / "initdb"), "-D", str(data), "-U", "huapai",
                            "--auth=trust", "--wal-segsize=1", "-E", "UTF8", "--no-sync")
        if made.returncode != 0:
            pytest.skip(f"initdb failed: {made.stderr.strip()[-300:]}")
        port = _free_port()
        options = (f"-p {port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= "
                   "-c shared_buffers=1MB -c max_wal_size=4MB -c min_wal_size=2MB")
        log = base / "pg.log"
        subprocess.run(["touch", str(log)], check=True)
        os.chown(log, owner.pw_uid, owner.pw_gid)
        up = _as_postgres(str(binaries / "pg_ctl"), "-D", str(data), "-o", options,
                          "-l", str(log), "-w", "-t", "60", "start")
        if up.returncode != 0:
            pytest.skip(f"the throw-away cluster did not start: {log.read_text()[-300:]}")
        try:
            yield f"postgresql+psycopg://huapai@127.0.0.1:{port}/postgres", small
        finally:
            _as_postgres(str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate",
                         "-w", "stop")


def test_a_full_filesystem_under_postgres_refuses_moves_and_changes_nothing() -> None:
    with throwaway_cluster() as (url, small), \
            running(url, seed=11, **STALL) as client:
        people = [Api(client, f"p{i}") for i in range(3)]
        with ExitStack() as stack:
            room, peers = started(client, people, stack, tuoguan_after=600)
            _fill(small / "filler")
            refused, accepted = None, 0
            for pick in PICKS * 4:
                state = peers[0].state[room]
                if not to_act(state) or state["view"].get("settlement"):
                    break
                mover = peers[to_act(state)[0]]
                legal = mover.state[room]["legal"]
                before = [dict(p.state[room]) for p in peers]
                act(mover, room, legal[pick % len(legal)])
                reply = mover.until(lambda m: m["type"] in ("state", "error"))
                if reply["type"] == "error":
                    refused = (mover, legal[pick % len(legal)], before, reply)
                    break
                accepted += 1
                for p in peers:
                    if p is not mover:
                        p.next_of("state")
            assert refused is not None, "the full filesystem never refused a write"
            mover, chosen, before, reply = refused
            assert reply["code"] == "storage_unavailable"
            assert [p.quiet() for p in peers] == [[], [], []]
            assert [p.state[room] for p in peers] == before
            (small / "filler").unlink()
            for _attempt in range(60):  # PostgreSQL may be recovering from the full disk
                act(mover, room, chosen)
                reply = mover.until(lambda m: m["type"] in ("state", "error"))
                if reply["type"] == "state":
                    break
                assert reply["code"] == "storage_unavailable"
                assert [p.quiet() for p in peers if p is not mover] == [[], []]
                time.sleep(0.5)
            assert reply["type"] == "state", "the move never went through"
            for p in peers:
                if p is not mover:
                    p.next_of("state")
        assert _stored_actions(url, room) == list(range(accepted + 1))
