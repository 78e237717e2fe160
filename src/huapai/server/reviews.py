"""复盘分析 in the background: review jobs for one seat of a finished game.

``POST /api/replays/{id}/review`` starts (or finds) the job for that game, seat and level;
``GET /api/reviews/{job}`` reports its progress and, once done, its result. A job runs
:func:`huapai.bots.review.review` on :data:`POOL` — one thread for every review of the
server, apart from the rooms' search bots — so reviews queue behind each other and never
hold up a live room's event loop. At most :data:`MAX_PENDING` jobs wait or run at once
(more is ``review_busy``); the last :data:`KEPT` jobs are kept in memory for their
results (a review is a computation, not a record: after a restart it is asked again).

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
from typing import Any

from huapai.bots.levels import BadSpec, level_name
from huapai.bots.review import count_decisions, review, review_json
from huapai.bots.search import BUDGETS
from huapai.core.present import Msg
from huapai.core.record import DealRecord, replay_deal

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

    def tick(self) -> None:
        with self.lock:
            self.done += 1


class Reviews:
    """The review jobs of one platform."""

    def __init__(self) -> None:
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self._serial = itertools.count()

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
        asyncio.get_running_loop().run_in_executor(POOL, _run, job, record, derive(row))
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


def _run(job: Job, record: DealRecord, seed: int) -> None:
    try:
        replayed = replay_deal(record)
        with job.lock:
            job.status, job.total = "running", count_decisions([replayed], job.seat)
        decisions = review([replayed], job.seat, BUDGETS[job.level], seed, job.tick)
        result = review_json([replayed], decisions, job.level, job.seat)
    except Exception as exc:  # reported to whoever asks, never raised into the pool
        with job.lock:
            job.status, job.result = "failed", {"error": type(exc).__name__}
        return
    with job.lock:
        job.status, job.result, job.done = "done", result, job.total
