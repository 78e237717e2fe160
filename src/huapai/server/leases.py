"""Room ownership leases in the database: which worker owns each room, and the fence.

With several workers (``huapai serve --workers N`` or ``--redis-url``) every room is
owned by exactly one worker at a time through its row in ``room_leases``, and a lease
lasts as long as its worker's heartbeat (its row in ``workers``):

- each worker renews its heartbeat (one row, whatever its number of rooms) every
  ``ttl / 3`` seconds, and reads back which rooms it still holds;
- a room whose worker's heartbeat ran out (killed, paused, cut off) may be taken by any
  worker: the take-over moves the room's **fencing token** and its counter epoch on, in
  one transaction, and then restores the room from its records;
- every write of a room carries the fence (:func:`op_fence`): in the write's own
  transaction it reads the lease row ``FOR SHARE`` and fails with :class:`LeaseLost`
  unless the token is still the writer's. A take-over's ``UPDATE`` waits for a write that
  holds the row and a write waits for a take-over, so each write of the old owner either
  committed before the take-over (and the new owner restores it) or is refused (and its
  client is told) — an action is never both applied and lost, nor applied twice.

Expiry uses the workers' clocks (keep them within a second with NTP); safety never does:
only the token decides whether a write lands.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import (
    BigInteger,
    Connection,
    Engine,
    Float,
    ForeignKey,
    String,
    delete,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from .store import Base, Op, RoomRow, op_insert


class LeaseRow(Base):
    __tablename__ = "room_leases"
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    worker: Mapped[str] = mapped_column(String(64), index=True)
    token: Mapped[int] = mapped_column(BigInteger)
    expires_at: Mapped[float] = mapped_column(Float, index=True)  # informational (0006)


class WorkerRow(Base):
    __tablename__ = "workers"
    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    expires_at: Mapped[float] = mapped_column(Float)
    started_at: Mapped[float] = mapped_column(Float)


class LeaseLost(Exception):
    """A write of a room whose lease this worker no longer holds (refused, not retried)."""

    def __init__(self, room_id: str) -> None:
        super().__init__(f"room {room_id}: this worker no longer owns the room")
        self.room_id = room_id


@dataclass(frozen=True, slots=True)
class Owner:
    worker: str
    token: int
    expires_at: float

    @property
    def alive(self) -> bool:
        return self.expires_at > time.time()


def op_fence(room_id: str, worker: str, token: int, lost: set[str]) -> Op:
    """Fails the transaction it is part of unless ``worker`` still holds the room's lease
    with ``token`` (the row stays share-locked until that transaction ends)."""
    stmt = (select(LeaseRow.worker, LeaseRow.token).where(LeaseRow.room_id == room_id)
            .with_for_update(read=True))

    def run(conn: Connection) -> None:
        row = conn.execute(stmt).first()
        if row is None or row[0] != worker or row[1] != token:
            lost.add(room_id)
            raise LeaseLost(room_id)

    return run


class Leases:
    """This worker's leases: their tokens, and the statements that take, renew and read
    them (run from a thread: each opens its own short transaction)."""

    def __init__(self, engine: Engine, worker: str, ttl: float) -> None:
        self.engine, self.worker, self.ttl = engine, worker, ttl
        self.tokens: dict[str, int] = {}
        self.lost: set[str] = set()  # rooms whose fence failed (filled by the writer)

    # --- inside a room's writes ------------------------------------------------------
    def fence(self, room_id: str) -> Op:
        return op_fence(room_id, self.worker, self.tokens.get(room_id, -1), self.lost)

    def created(self, room_id: str) -> Op:
        """The new room's lease, written in the room's first transaction (held from when
        that is durable: :meth:`adopt`)."""
        return op_insert(LeaseRow, room_id=room_id, worker=self.worker, token=1,
                         expires_at=time.time() + self.ttl)

    def adopt(self, room_id: str, token: int = 1) -> None:
        self.tokens[room_id] = token
        self.lost.discard(room_id)

    def forget(self, room_id: str) -> None:
        self.tokens.pop(room_id, None)
        self.lost.discard(room_id)

    # --- the control statements (blocking: call through asyncio.to_thread) ------------
    def heartbeat(self) -> set[str]:
        """Renew this worker's heartbeat; the rooms it turned out not to hold any more
        (taken over while it was paused or cut off). Only leases held before the renewal
        began are judged (one taken meanwhile is not in its reading)."""
        before = dict(self.tokens)
        now = time.time()
        with self.engine.begin() as conn:
            renewed = conn.execute(update(WorkerRow).where(WorkerRow.name == self.worker)
                                   .values(expires_at=now + self.ttl)).rowcount
            if not renewed:
                op_insert(WorkerRow, name=self.worker, expires_at=now + self.ttl,
                          started_at=now)(conn)
            held = dict(conn.execute(select(LeaseRow.room_id, LeaseRow.token)
                                     .where(LeaseRow.worker == self.worker)).all())
        gone = {room for room, token in before.items()
                if held.get(room) != token and self.tokens.get(room) == token}
        return gone | (self.lost & set(before))

    def claim(self, room_id: str) -> int | None:
        """Take the room if its worker's heartbeat ran out (or it has no lease): the new
        token, with the room's epoch moved on in the same transaction; None if a live
        worker holds it."""
        try:
            token = self._claim(room_id)
        except IntegrityError:  # two workers made the first lease at once: theirs won
            return None
        if token is not None:
            self.adopt(room_id, token)
        return token

    def _claim(self, room_id: str) -> int | None:
        now = time.time()
        with self.engine.begin() as conn:
            found = conn.execute(select(LeaseRow.worker, LeaseRow.token)
                                 .where(LeaseRow.room_id == room_id)
                                 .with_for_update()).first()
            if found is None:
                status = conn.execute(select(RoomRow.status)
                                      .where(RoomRow.id == room_id)).scalar()
                if status is None or status == "closed":
                    return None
                token = 1
                op_insert(LeaseRow, room_id=room_id, worker=self.worker, token=token,
                          expires_at=now + self.ttl)(conn)
            else:
                if found[0] == self.worker and self.tokens.get(room_id) == found[1]:
                    return None  # already ours
                if found[0] != self.worker and self._alive(conn, found[0], now):
                    return None
                token = int(found[1]) + 1
                conn.execute(update(LeaseRow).where(LeaseRow.room_id == room_id).values(
                    worker=self.worker, token=token, expires_at=now + self.ttl))
            conn.execute(update(RoomRow).where(RoomRow.id == room_id)
                         .values(epoch=RoomRow.epoch + 1))
        return token

    @staticmethod
    def _alive(conn: Connection, worker: str, now: float) -> bool:
        expires = conn.execute(select(WorkerRow.expires_at)
                               .where(WorkerRow.name == worker)).scalar()
        return expires is not None and expires > now

    def release(self) -> None:
        """This worker stops: its heartbeat goes, so others take its rooms at once."""
        with self.engine.begin() as conn:
            conn.execute(delete(WorkerRow).where(WorkerRow.name == self.worker))

    def forget_dead(self) -> list[str]:
        """Delete the heartbeat rows that ran out (workers killed without releasing
        theirs): the names deleted. A worker without a row is judged exactly as one whose
        row expired (:meth:`_alive`, :meth:`owner`, :meth:`orphans`), and one that was
        only paused writes its row again at its next heartbeat."""
        now = time.time()
        with self.engine.begin() as conn:
            dead = list(conn.execute(select(WorkerRow.name)
                                     .where(WorkerRow.expires_at <= now)).scalars())
            if dead:
                conn.execute(delete(WorkerRow).where(WorkerRow.name.in_(dead),
                                                     WorkerRow.expires_at <= now))
        return dead

    def orphans(self, limit: int = 500) -> list[str]:
        """Open rooms whose worker's heartbeat ran out, or that have no lease (from an
        embedded run)."""
        now = time.time()
        live = select(WorkerRow.name).where(WorkerRow.expires_at > now)
        with self.engine.connect() as conn:
            expired = conn.execute(
                select(LeaseRow.room_id).join(RoomRow, RoomRow.id == LeaseRow.room_id)
                .where(RoomRow.status != "closed", LeaseRow.worker.not_in(live))
                .limit(limit)).scalars().all()
            unleased = conn.execute(
                select(RoomRow.id).where(RoomRow.status != "closed",
                                         RoomRow.id.not_in(select(LeaseRow.room_id)))
                .limit(limit)).scalars().all()
        return [*expired, *unleased]

    def owner(self, room_id: str) -> Owner | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(LeaseRow.worker, LeaseRow.token, WorkerRow.expires_at)
                .join(WorkerRow, WorkerRow.name == LeaseRow.worker, isouter=True)
                .where(LeaseRow.room_id == room_id)).first()
        return None if row is None else Owner(row[0], int(row[1]), float(row[2] or 0.0))
