"""The batching writer thread and the SQLite checkpointer.

Everything the server writes goes through one :class:`Writer` thread that groups whatever
is waiting into one transaction (group commit) and resolves a future per operation;
a room keeps a change only once its write is durable (``Writer.write``), so a client never
sees a move that a ``kill -9`` could lose, and a write the database refuses changes
nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Connection, Engine

from .leases import LeaseLost
from .store import InsertOp, Op

log = logging.getLogger("huapai.server")


class Checkpointer:
    """Moves SQLite's WAL into the database file from its own thread, every ``period``
    seconds, so the fsync a checkpoint needs never stalls the writer's commits (each of
    which is durable against a process kill as soon as it returns, in WAL mode)."""

    def __init__(self, engine: Engine, period: float = 1.0) -> None:
        self._engine = engine
        self._period = period
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="huapai-checkpoint",
                                        daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self._period):
            self.checkpoint("PASSIVE")

    def checkpoint(self, mode: str) -> None:
        try:
            with self._engine.connect() as conn:
                conn.exec_driver_sql(f"PRAGMA wal_checkpoint({mode})")
        except Exception:  # a busy database: the next round will do it
            return

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=30)
        self.checkpoint("TRUNCATE")


# -------------------------------------------------------------------------- writer

@dataclass(slots=True)
class _Job:
    """One operation and who waits for it: a thread (``future``, from :meth:`Writer.submit`)
    or the event loop (``waiter``, from :meth:`Writer.write`: no thread-safe future, and
    its lock, made per move)."""

    op: Op
    future: Future[Any] | None = None
    waiter: asyncio.Future[Any] | None = None


class StorageUnavailable(Exception):
    """A write that did not become durable (a locked, full or unreachable database)."""


class Writer:
    """One thread applies write operations in order, many per transaction, on one
    connection it keeps (no pool checkout per batch; a new one after a failure).

    An operation that fails is tried again alone, ``retries`` more times ``backoff``
    seconds apart, then fails for good (its future raises). ``degraded`` is true from a
    failure until the next write that succeeds. :meth:`write` is the event loop's way
    in: the waiters of one batch are woken by a single call into the loop."""

    BATCH = 512

    def __init__(self, engine: Engine, loop: asyncio.AbstractEventLoop | None = None,
                 retries: int = 2, backoff: float = 0.2) -> None:
        self._engine = engine
        self._loop = loop
        self._retries, self._backoff = retries, backoff
        self._conn: Connection | None = None
        self._queue: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self.degraded = False
        self.failures = 0
        self._thread = threading.Thread(target=self._run, name="huapai-writer", daemon=True)
        self._thread.start()

    def submit(self, op: Op) -> Future[Any]:
        future: Future[Any] = Future()
        self._queue.put(_Job(op, future))
        return future

    async def write(self, op: Op) -> Any:
        """Write ``op`` and wait until it is durable; StorageUnavailable if it is not."""
        assert self._loop is not None, "the writer has no event loop"
        job = _Job(op, waiter=self._loop.create_future())
        self._queue.put(job)
        assert job.waiter is not None
        try:
            return await job.waiter
        except (StorageUnavailable, LeaseLost):
            raise
        except Exception as exc:
            raise StorageUnavailable(str(exc)) from exc

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=30)

    def _run(self) -> None:
        try:
            while True:
                first = self._queue.get()
                if first is None:
                    return
                batch, stop = self._drain(first)
                self._write(batch)
                if stop:
                    return
        finally:
            self._drop_connection()

    def _drain(self, first: _Job) -> tuple[list[_Job], bool]:
        batch = [first]
        while len(batch) < self.BATCH:
            try:
                job = self._queue.get_nowait()
            except queue.Empty:
                return batch, False
            if job is None:
                return batch, True
            batch.append(job)
        return batch, False

    def _connection(self) -> Connection:
        if self._conn is None:
            self._conn = self._engine.connect()
        return self._conn

    def _drop_connection(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()

    def _write(self, batch: list[_Job]) -> None:
        try:
            conn = self._connection()
            with conn.begin():
                for run in _runs(batch):
                    _execute(conn, run)
        except Exception:  # one bad operation must not sink the others: retry alone
            self._drop_connection()
            self._settle([(job, *self._write_one(job)) for job in batch])
            return
        self._recovered()
        self._settle([(job, None, None) for job in batch])

    def _write_one(self, job: _Job) -> tuple[Any, Exception | None]:
        error: Exception | None = None
        for attempt in range(self._retries + 1):
            if attempt:
                time.sleep(self._backoff * attempt)
            try:
                conn = self._connection()
                with conn.begin():
                    result = job.op(conn)
            except LeaseLost as exc:  # another worker owns the room: refused, not retried
                return None, exc
            except Exception as exc:
                self._drop_connection()
                error = exc
                continue
            self._recovered()
            return result, None
        self.degraded = True
        self.failures += 1
        log.error("storage degraded: a write failed after %d attempts: %s",
                  self._retries + 1, error)
        return None, error

    def _recovered(self) -> None:
        if self.degraded:
            log.warning("storage: writes succeed again")
            self.degraded = False

    def _settle(self, done: list[tuple[_Job, Any, Exception | None]]) -> None:
        waiting = []
        for job, result, error in done:
            if job.future is None:
                pass
            elif error is None:
                job.future.set_result(result)
            else:
                job.future.set_exception(error)
            if job.waiter is not None:
                waiting.append((job.waiter, result, error))
        if waiting and self._loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop is gone: nobody waits
                self._loop.call_soon_threadsafe(_wake, waiting)


def _wake(waiting: list[tuple[asyncio.Future[Any], Any, Exception | None]]) -> None:
    for waiter, result, error in waiting:
        if waiter.done():
            continue
        if error is None:
            waiter.set_result(result)
        elif isinstance(error, LeaseLost):
            waiter.set_exception(error)
        else:
            waiter.set_exception(StorageUnavailable(str(error)))


def _runs(batch: list[_Job]) -> list[list[_Job]]:
    """Consecutive inserts into one table grouped; every other operation alone."""
    runs: list[list[_Job]] = []
    for job in batch:
        last = runs[-1][-1].op if runs else None
        op = job.op
        if (isinstance(op, InsertOp) and isinstance(last, InsertOp)
                and last.statement is op.statement):
            runs[-1].append(job)
        else:
            runs.append([job])
    return runs


def _execute(conn: Connection, run: list[_Job]) -> None:
    first = run[0].op
    if isinstance(first, InsertOp):
        first.insert(conn, [cast(InsertOp, job.op).values for job in run])
    else:
        first(conn)
