"""复盘分析 in the background: review jobs for one seat of a finished game.

``POST /api/replays/{id}/review`` starts (or finds) the job for that game, seat and level;
``GET /api/reviews/{job}`` reports its progress and, once done, its result. A job runs
:func:`huapai.bots.review.review` in a process of its own, one at a time: :data:`POOL`'s
one thread starts it and relays its progress, so reviews queue behind each other and a
review's search never holds the server's interpreter lock (in a thread it did: the event
loop's round trips waited for it, p99 0.09 ms → 26 ms, and a play-test's live room slowed
while a review ran: ``bench/bench_review_isolation.py``). At most :data:`MAX_PENDING` jobs
wait or run at once (more is ``review_busy``); the last :data:`KEPT` jobs are kept in
memory for their results (a review is a computation, not a record: after a restart it is
asked again).

Who may review what follows the replay rules: any seat of a game the caller may read
(its own seat, or any seat of a public game or one shared with a token). The search
sees each decision from that seat's information only (the review's ``InfoSet``).
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
import threading
import weakref
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from huapai.bots.levels import BadSpec, level_name
from huapai.bots.review import count_decisions, review, review_json
from huapai.bots.search import BUDGETS
from huapai.core.present import Msg
from huapai.core.record import DealRecord, replay_deal

from . import children
from .errors import ServerError, not_found
from .replays import deal_record
from .store import ActionRow, GameRow

POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="huapai-review")
MAX_PENDING = 4
KEPT = 64
DEFAULT_LEVEL = "普通"


@dataclass(slots=True)
class Job:
    id: str
    game_id: str
    seat: int
    level: str
    status: str = "queued"  # queued → running → done | failed
    done: int = 0
    total: int = 0
    result: dict[str, Any] | None = None
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def to_json(self) -> dict[str, Any]:
        with self.lock:
            return {"id": self.id, "game_id": self.game_id, "seat": self.seat,
                    "level": self.level, "status": self.status, "done": self.done,
                    "total": self.total, "result": self.result}


class Reviews:
    """The review jobs of one platform."""

    def __init__(self) -> None:
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self._serial = itertools.count()
        self.running = Running()

    def find(self, job_id: str) -> Job:
        job = self.jobs.get(job_id) if len(job_id) <= 64 else None
        if job is None:
            raise not_found("review_not_found")
        return job

    def start(self, row: GameRow, actions: Sequence[ActionRow], seat: int,
              level: str) -> Job:
        for job in self.jobs.values():
            if (job.game_id, job.seat, job.level) == (row.id, seat, level) and \
                    job.status != "failed":
                return job
        pending = sum(j.status in ("queued", "running") for j in self.jobs.values())
        if pending >= MAX_PENDING:
            raise ServerError("review_busy", f"{pending} reviews are queued", status=429)
        job = Job(f"r{next(self._serial)}-{secrets.token_hex(6)}", row.id, seat, level)
        self.jobs[job.id] = job
        while len(self.jobs) > KEPT:
            self.jobs.popitem(last=False)
        record = deal_record(row, actions)
        asyncio.get_running_loop().run_in_executor(POOL, _run, job, record, derive(row),
                                                   self.running)
        return job


_BY_PLATFORM: weakref.WeakKeyDictionary[Any, Reviews] = weakref.WeakKeyDictionary()


def reviews_of(platform: Any) -> Reviews:
    found = _BY_PLATFORM.get(platform)
    if found is None:
        found = _BY_PLATFORM[platform] = Reviews()
    return found


def checked_level(value: Any) -> str:
    if value is None:
        return DEFAULT_LEVEL
    if not isinstance(value, str):
        raise ServerError("bad_level", f"level: expected a string, got {value!r}")
    try:
        return level_name(value[:20])
    except BadSpec as exc:
        raise ServerError("bad_level", str(exc)) from None


def checked_seat(value: Any, seats: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        raise ServerError("bad_seat", Msg.of(
            "review_seat", "复盘看一个座位：0..{last}，不是 {got!r}", "a review takes one seat, "
            "0..{last}, not {got!r}", last=seats - 1, got=str(value)[:20]))
    return value


def derive(row: GameRow) -> int:
    """The review's seed: fixed per game, so the same review gives the same advice."""
    return int.from_bytes(row.id.encode()[:8].ljust(8, b"\0"), "big")


class Running:
    """The review processes one platform runs now: killed when it stops (a review's
    result lives in memory only, and its process would hold the stop up for as long as
    it had left)."""

    def __init__(self) -> None:
        self.procs: set[BaseProcess] = set()
        self.lock = threading.Lock()
        self.stopped = False

    def add(self, proc: BaseProcess) -> bool:
        with self.lock:
            if not self.stopped:
                self.procs.add(proc)
            return not self.stopped

    def discard(self, proc: BaseProcess) -> None:
        with self.lock:
            self.procs.discard(proc)

    def stop(self) -> None:
        with self.lock:
            self.stopped, procs = True, list(self.procs)
        for proc in procs:
            if proc.is_alive():
                proc.kill()


def _run(job: Job, record: DealRecord, seed: int, running: Running) -> None:
    """One job, in POOL's thread: its review in a child process, whose messages — the
    decisions to review, a tick per decision, the result or the failure — this relays."""
    parent, child = children.SPAWN.Pipe(duplex=False)
    proc = children.SPAWN.Process(target=review_process,
                                  args=(child, record, job.seat, job.level, seed),
                                  name=f"huapai-review-{job.id}", daemon=True)
    try:
        if not running.add(proc):
            raise RuntimeError("the server stops")
        proc.start()
        child.close()  # the child's end is the child's alone: its exit ends the pipe
        _relay(job, parent)
    except Exception as exc:  # reported to whoever asks, never raised into the pool
        _failed(job, type(exc).__name__)
    finally:
        child.close()
        parent.close()
        if proc.pid is not None:
            proc.join(timeout=10)
            if proc.is_alive():
                proc.kill()
        running.discard(proc)


def _relay(job: Job, conn: Connection) -> None:
    while True:
        try:
            kind, value = conn.recv()
        except EOFError:  # the process died without a word (killed, out of memory)
            _failed(job, "ReviewProcessDied")
            return
        with job.lock:
            if kind == "total":
                job.status, job.total = "running", value
            elif kind == "tick":
                job.done += 1
            elif kind == "done":
                job.status, job.result, job.done = "done", value, job.total
                return
            else:
                job.status, job.result = "failed", {"error": value}
                return


def _failed(job: Job, error: str) -> None:
    with job.lock:
        job.status, job.result = "failed", {"error": error}


def review_process(conn: Connection, record: DealRecord, seat: int, level: str,
                   seed: int) -> None:
    """A review in its own process, said over ``conn``: ``("total", n)``, ``("tick",
    None)`` per decision reviewed, then ``("done", result)`` or ``("failed", error)``."""
    children.started()
    try:
        replayed = replay_deal(record)
        conn.send(("total", count_decisions([replayed], seat)))
        decisions = review([replayed], seat, BUDGETS[level], seed,
                           lambda: conn.send(("tick", None)))
        conn.send(("done", review_json([replayed], decisions, level, seat)))
    except Exception as exc:  # the parent reports it to whoever asks
        conn.send(("failed", type(exc).__name__))
    finally:
        conn.close()

