"""Persistence: SQLAlchemy 2 tables, a batching writer thread, and the read queries.

Everything a room does is written as it happens, through one :class:`Writer` thread that
groups whatever is waiting into one transaction (group commit) and resolves a future per
operation; the hub sends nothing that depends on a write before that write's future is
done, so a client never sees a move that a ``kill -9`` could lose.

The schema is made by the Alembic migrations shipped in ``huapai.server.migrations``; the
models here describe the same tables for queries (never ``create_all``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from sqlalchemy import (
    JSON,
    BigInteger,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

T = TypeVar("T")
log = logging.getLogger("huapai.server")


class Base(DeclarativeBase):
    pass


class Player(Base):
    __tablename__ = "players"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    nickname: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[float] = mapped_column(Float)


class RoomRow(Base):
    __tablename__ = "rooms"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    code: Mapped[str | None] = mapped_column(String(16), nullable=True, index=True)
    owner_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    game: Mapped[str] = mapped_column(String(64))
    preset: Mapped[str] = mapped_column(String(64))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    bot_seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)
    match_no: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[float] = mapped_column(Float)


class SeatRow(Base):
    __tablename__ = "room_seats"
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str | None] = mapped_column(ForeignKey("players.id"), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)


class MemberRow(Base):
    __tablename__ = "room_members"
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)


class GameRow(Base):
    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), index=True)
    match_no: Mapped[int] = mapped_column(Integer)
    deal_index: Mapped[int] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(64))
    preset: Mapped[str] = mapped_column(String(64))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    dealer: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    commitment: Mapped[str] = mapped_column(String(64))
    deal: Mapped[str] = mapped_column(Text)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    multiplier: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), index=True)
    started_at: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    settlement: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # what the deal before handed to this one (``Game.carry``); null for most families
    carry: Mapped[Any] = mapped_column(JSON, nullable=True)


class ActionRow(Base):
    __tablename__ = "game_actions"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(128))
    actor: Mapped[str] = mapped_column(String(16))
    at: Mapped[float] = mapped_column(Float)


class ResultRow(Base):
    __tablename__ = "game_results"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str | None] = mapped_column(
        ForeignKey("players.id"), nullable=True, index=True
    )
    delta: Mapped[int] = mapped_column(Integer)
    scaled: Mapped[int] = mapped_column(Integer)


# ------------------------------------------------------------------------- engines
def make_engine(url: str, write_timeout: float = 30.0) -> Engine:
    """An engine for ``url``; SQLite gets WAL (durable across a process kill) and a
    busy timeout, since the writer thread and readers share the file. A statement
    waits at most ``write_timeout`` seconds for a lock (SQLite's busy timeout,
    PostgreSQL's ``lock_timeout``) and then fails, so a stalled database is reported
    rather than waited on for ever."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False,
                                                  "timeout": write_timeout})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    if url.startswith("postgresql+psycopg"):
        ms = max(1, int(write_timeout * 1000))
        return create_engine(url, pool_pre_ping=True,
                             connect_args={"options": f"-c lock_timeout={ms}"})
    return create_engine(url, pool_pre_ping=True)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA wal_autocheckpoint=0")  # the Checkpointer thread does it
    cursor.close()


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
Op = Callable[[Connection], Any]


@dataclass(slots=True)
class _Job:
    op: Op
    future: Future[Any] = field(default_factory=Future)
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
        job = _Job(op)
        self._queue.put(job)
        return job.future

    async def write(self, op: Op) -> Any:
        """Write ``op`` and wait until it is durable; StorageUnavailable if it is not."""
        assert self._loop is not None, "the writer has no event loop"
        job = _Job(op, waiter=self._loop.create_future())
        self._queue.put(job)
        assert job.waiter is not None
        try:
            return await job.waiter
        except StorageUnavailable:
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
            if error is None:
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


# ------------------------------------------------------------------ write operations
@dataclass(slots=True)
class _Insert:
    """One table's insert statement, and (per dialect) its SQL for the driver when every
    column is a plain string or number (no JSON to encode): such rows skip SQLAlchemy's
    per-execution work, which costs more than SQLite's own insert."""

    statement: Any
    columns: list[Any]
    plain: dict[str, tuple[str, tuple[str, ...] | None] | None] = field(default_factory=dict)

    def driver_sql(self, conn: Connection) -> tuple[str, tuple[str, ...] | None] | None:
        dialect = conn.dialect
        if dialect.name not in self.plain:
            converts = any(not isinstance(c.type, String | Integer | Float)
                           for c in self.columns)
            compiled = self.statement.compile(dialect=dialect)
            order = tuple(compiled.positiontup) if compiled.positional else None
            self.plain[dialect.name] = None if converts else (str(compiled), order)
        return self.plain[dialect.name]


_INSERTS: dict[type[Base], _Insert] = {}


@dataclass(frozen=True, slots=True)
class InsertOp:
    """Insert one row. The writer sends runs of inserts into the same table as one
    ``executemany`` (the statement is built once per table and reused)."""

    table: _Insert
    values: dict[str, Any]

    @property
    def statement(self) -> Any:
        return self.table.statement

    def __call__(self, conn: Connection) -> None:
        self.insert(conn, [self.values])

    def insert(self, conn: Connection, rows: list[dict[str, Any]]) -> None:
        sql = self.table.driver_sql(conn)
        if sql is None or any(len(r) != len(self.table.columns) for r in rows):
            conn.execute(self.statement, rows[0] if len(rows) == 1 else rows)
            return
        text, order = sql
        params: list[Any] = rows if order is None else [tuple(r[k] for k in order)
                                                        for r in rows]
        conn.exec_driver_sql(text, params[0] if len(params) == 1 else params)


def op_insert(model: type[Base], **values: Any) -> InsertOp:
    table = _INSERTS.get(model)
    if table is None:
        statement = insert(model)
        table = _INSERTS[model] = _Insert(statement, list(model.__table__.columns))
    return InsertOp(table, values)


_UPDATES: dict[tuple[type[Base], tuple[str, ...], tuple[str, ...]], Any] = {}


def _update_statement(model: type[Base], where: tuple[str, ...],
                      values: tuple[str, ...]) -> Any:
    """``UPDATE model SET values WHERE where``, built once per shape (binds ``w_*`` and
    ``v_*``), so that SQLAlchemy's compiled cache finds it without rebuilding it."""
    key = (model, where, values)
    stmt = _UPDATES.get(key)
    if stmt is None:
        stmt = update(model).values({name: bindparam(f"v_{name}") for name in values})
        for name in where:
            stmt = stmt.where(getattr(model, name) == bindparam(f"w_{name}"))
        _UPDATES[key] = stmt
    return stmt


def op_update(model: type[Base], where: dict[str, Any], **values: Any) -> Op:
    stmt = _update_statement(model, tuple(where), tuple(values))
    params = {**{f"w_{k}": v for k, v in where.items()},
              **{f"v_{k}": v for k, v in values.items()}}

    def run(conn: Connection) -> None:
        conn.execute(stmt, params)

    return run


def op_upsert_seat(room_id: str, seat: int, player_id: str | None, bot: str | None) -> Op:
    def run(conn: Connection) -> None:
        found = conn.execute(
            select(SeatRow.seat).where(SeatRow.room_id == room_id, SeatRow.seat == seat)
        ).first()
        if found is None:
            conn.execute(insert(SeatRow).values(room_id=room_id, seat=seat,
                                              player_id=player_id, bot=bot))
        else:
            conn.execute(update(SeatRow).where(SeatRow.room_id == room_id, SeatRow.seat == seat)
                         .values(player_id=player_id, bot=bot))

    return run


def op_add_member(room_id: str, player_id: str) -> Op:
    def run(conn: Connection) -> None:
        found = conn.execute(select(MemberRow.player_id).where(
            MemberRow.room_id == room_id, MemberRow.player_id == player_id)).first()
        if found is None:
            conn.execute(insert(MemberRow).values(room_id=room_id, player_id=player_id))

    return run


def op_finish_game(game_id: str, settlement: dict[str, Any],
                   results: Sequence[tuple[int, str | None, int, int]]) -> Op:
    finish = op_update(GameRow, {"id": game_id}, status="finished", finished_at=time.time(),
                       settlement=settlement)
    rows = [op_insert(ResultRow, game_id=game_id, seat=seat, player_id=player_id,
                      delta=delta, scaled=scaled) for seat, player_id, delta, scaled in results]

    def run(conn: Connection) -> None:
        finish(conn)
        if rows:
            rows[0].insert(conn, [row.values for row in rows])

    return run


# -------------------------------------------------------------------------- reads
@dataclass(slots=True)
class RoomBundle:
    """A stored room with what a restart needs to rebuild it."""

    room: RoomRow
    seats: list[SeatRow]
    members: list[str]
    games: list[GameRow]
    actions: dict[str, list[ActionRow]]  # by game id, for every game of the match
    nicknames: dict[str, str]


class Reader:
    """Read queries, each in its own short session (safe from worker threads)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def _session(self) -> Session:
        return Session(self.engine, expire_on_commit=False)

    def player_by_token_hash(self, token_hash: str) -> Player | None:
        with self._session() as s:
            return s.scalars(select(Player).where(Player.token_hash == token_hash)).first()

    def player(self, player_id: str) -> Player | None:
        with self._session() as s:
            return s.get(Player, player_id)

    def open_rooms(self) -> list[RoomBundle]:
        """Every room not closed, with its seats, members and current match's games."""
        with self._session() as s:
            rooms = s.scalars(select(RoomRow).where(RoomRow.status != "closed")).all()
            return [_room_bundle(s, room) for room in rooms]

    def game(self, game_id: str) -> tuple[GameRow, list[ActionRow]] | None:
        with self._session() as s:
            row = s.get(GameRow, game_id)
            return None if row is None else (row, _actions(s, game_id))

    def finished_games(self, *, room: str | None, player: str | None,
                       limit: int = 200) -> list[GameRow]:
        stmt = select(GameRow).where(GameRow.status == "finished")
        if room is not None:
            stmt = stmt.where(GameRow.room_id == room)
        if player is not None:
            mine = select(ResultRow.game_id).where(ResultRow.player_id == player)
            stmt = stmt.where(GameRow.id.in_(mine))
        stmt = stmt.order_by(GameRow.finished_at.desc()).limit(limit)
        with self._session() as s:
            return list(s.scalars(stmt).all())

    def results_of(self, player_id: str) -> list[tuple[ResultRow, GameRow]]:
        stmt = (select(ResultRow, GameRow).join(GameRow, GameRow.id == ResultRow.game_id)
                .where(ResultRow.player_id == player_id)
                .order_by(GameRow.started_at))
        with self._session() as s:
            return [(r[0], r[1]) for r in s.execute(stmt).all()]


def _actions(s: Session, game_id: str) -> list[ActionRow]:
    stmt = select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.idx)
    return list(s.scalars(stmt).all())


def _room_bundle(s: Session, room: RoomRow) -> RoomBundle:
    seats = list(s.scalars(select(SeatRow).where(SeatRow.room_id == room.id)
                           .order_by(SeatRow.seat)).all())
    members = list(s.scalars(select(MemberRow.player_id)
                             .where(MemberRow.room_id == room.id)).all())
    games = list(s.scalars(select(GameRow).where(GameRow.room_id == room.id,
                                                 GameRow.match_no == room.match_no)
                           .order_by(GameRow.deal_index)).all())
    return RoomBundle(
        room=room,
        seats=seats,
        members=members,
        games=games,
        actions={g.id: _actions(s, g.id) for g in games},
        nicknames=_nicknames(s, [seat.player_id for seat in seats]),
    )


def _nicknames(s: Session, ids: Sequence[str | None]) -> dict[str, str]:
    wanted = [i for i in ids if i is not None]
    if not wanted:
        return {}
    rows = s.execute(select(Player.id, Player.nickname).where(Player.id.in_(wanted))).all()
    return {r[0]: r[1] for r in rows}


def op_delete_actions(game_id: str, start: int) -> Op:
    """Delete a game's moves from index ``start`` on (repairing a record with a gap)."""
    def run(conn: Connection) -> None:
        conn.execute(delete(ActionRow).where(ActionRow.game_id == game_id,
                                             ActionRow.idx >= start))

    return run


def op_all(*ops: Op) -> Op:
    """Several operations in one transaction (all durable, or none)."""
    def run(conn: Connection) -> None:
        for op in ops:
            op(conn)

    return run
