"""The server under test: started as ``huapai serve`` on a free loopback port with a
throwaway SQLite database (or one already running), and what its processes cost.

CPU and memory are read from ``/proc`` for the server's whole process tree (the process
and every descendant alive at the time), plus any other processes named (``--count-pid``:
a Redis or PostgreSQL the workers use), so a multi-worker server counts as one.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

import httpx

HOST = "127.0.0.1"
PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


def start_server(port: int, data: Path, workers: int = 1, extra: Sequence[str] = (),
                 profile: Path | None = None, source: Path | None = None,
                 database: str | None = None) -> subprocess.Popen[bytes]:
    """``huapai serve`` on ``port`` (``--workers N`` when N > 1, then ``extra``), its
    output in ``data/server.log``; the bench echo endpoint and relaxed address limits
    on (``HUAPAI_BENCH_ECHO=1``). With ``profile``, under :mod:`bench.load.profiled`;
    with ``source``, the ``huapai`` package found there (a before/after comparison: e.g.
    ``git archive main src | tar -x -C /tmp/before``, then ``/tmp/before/src``)."""
    url = database or f"sqlite:///{data / 'bench.sqlite3'}"
    runner = ["bench.load.profiled", str(profile)] if profile else ["huapai.cli"]
    command = [sys.executable, "-m", *runner, "serve", "--host", HOST,
               "--port", str(port), "--database-url", url]
    if workers > 1:
        command += ["--workers", str(workers)]
    command += list(extra)
    env = {**os.environ, "HUAPAI_BENCH_ECHO": "1", "HUAPAI_DATA_DIR": str(data)}
    if source is not None:
        here = str(Path(__file__).resolve().parents[2])  # bench.load.profiled's root
        env["PYTHONPATH"] = os.pathsep.join([str(source), here])
    log = (data / "server.log").open("wb")
    return subprocess.Popen(command, env=env, stdout=log, stderr=log)


def wait_up(port: int, proc: subprocess.Popen[bytes] | None, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise SystemExit(f"the server exited with {proc.returncode} (see its log)")
        try:
            if httpx.get(f"http://{HOST}:{port}/api/games", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise SystemExit("the server did not come up")


def _stat(pid: int) -> list[str] | None:
    return _stat_of(f"/proc/{pid}/stat")


def _stat_of(path: str) -> list[str] | None:
    """The fields after the command name of a ``stat`` file (``fields[11]`` is utime,
    ``[12]`` stime, in clock ticks); None if the process is gone."""
    try:
        text = Path(path).read_text()
    except OSError:  # gone meanwhile
        return None
    return text.rsplit(")", 1)[1].split()


def tree(root: int) -> list[int]:
    """``root`` and its live descendants."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat(int(entry))
            if fields is not None:
                children.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def _pss_kb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return float(line.split()[1])
    except OSError:
        pass
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE / 1024
    except OSError:
        return 0.0


class Processes:
    """The processes whose cost is the server's: a root's tree and any pids named."""

    def __init__(self, root: int | None, others: Iterable[int] = ()) -> None:
        self.root, self.others = root, list(others)

    def pids(self) -> list[int]:
        roots = [] if self.root is None else tree(self.root)
        return roots + [p for p in self.others if p not in roots]

    def cpu_s(self) -> float:
        """User + system CPU seconds of every live process (a process that ended in
        between is not counted, so a window should not span a worker's death)."""
        if self.root is None and not self.others:
            return float("nan")
        total = 0
        for pid in self.pids():
            fields = _stat(pid)
            if fields is not None:
                total += int(fields[11]) + int(fields[12])
        return total / TICKS

    def loop_cpu_s(self) -> float:
        """CPU seconds of each process's main thread alone (the event loop's, in a
        server worker; the rest is the writer, the checkpointer and other threads)."""
        if self.root is None and not self.others:
            return float("nan")
        total = 0
        for pid in self.pids():
            fields = _stat_of(f"/proc/{pid}/task/{pid}/stat")
            if fields is not None:
                total += int(fields[11]) + int(fields[12])
        return total / TICKS

    def memory_mb(self) -> float:
        """The processes' proportional set size (PSS: a page shared by k of them counts
        1/k in each), so workers forked from one parent are not counted twice; RSS where
        the kernel has no ``smaps_rollup``."""
        if self.root is None and not self.others:
            return float("nan")
        return sum(_pss_kb(pid) for pid in self.pids()) / 1024

    def count(self) -> int:
        return len(self.pids())


def raise_file_limit() -> int:
    """Each room holds 3 sockets on both sides: lift the soft descriptor limit to the hard
    one (a server started afterwards inherits it); returns the limit."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


@contextlib.contextmanager
def fresh_database(admin_url: str) -> Iterator[str]:
    """A new, empty PostgreSQL database for one run (rooms a run leaves open would be
    restored by the next), dropped afterwards: its URL, for the server."""
    import psycopg
    from sqlalchemy.engine import make_url

    admin = make_url(admin_url)
    name = f"huapai_bench_{os.getpid()}_{int(time.time())}"
    libpq = admin.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(libpq, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield admin.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(libpq, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
