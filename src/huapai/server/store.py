"""Persistence: SQLAlchemy 2 tables, engines, the write operations and the read queries.

The operations are run by the writer thread (:mod:`huapai.server.writer`).

The schema is made by the Alembic migrations shipped in ``huapai.server.migrations``; the
models here describe the same tables for queries (never ``create_all``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
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
    or_,
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
    # how many times the room was restored (the base of its per-viewer counters)
    epoch: Mapped[int] = mapped_column(Integer, server_default="0")


class SeatRow(Base):
    __tablename__ = "room_seats"
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str | None] = mapped_column(ForeignKey("players.id"), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    tuoguan: Mapped[str | None] = mapped_column(String(16), nullable=True)
    ready: Mapped[bool] = mapped_column(Boolean, server_default="0")
    held_player_id: Mapped[str | None] = mapped_column(ForeignKey("players.id"),
                                                       nullable=True)


class MemberRow(Base):
    __tablename__ = "room_members"
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    # the owner sent this player away (请出, migration 0007): no member, kept out
    sent_away: Mapped[bool] = mapped_column(Boolean, default=False)


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
    # the parts ``seed`` comes from (fairness.py): the committed server seed, each seat's
    # nonce, and a match's first-dealer (扳牌) server seed with its commitment; null for
    # games from before nonces
    server_seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    nonces: Mapped[list[str | None] | None] = mapped_column(JSON, nullable=True)
    banpai_server_seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    banpai_commitment: Mapped[str | None] = mapped_column(String(64), nullable=True)


class ActionRow(Base):
    __tablename__ = "game_actions"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(128))
    actor: Mapped[str] = mapped_column(String(16))
    at: Mapped[float] = mapped_column(Float)
    # the running turn clocks once this move is applied: JSON text {"seat": ms} or null
    clocks: Mapped[str | None] = mapped_column(String(256), nullable=True)


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
                             connect_args={"options": f"-c lock_timeout={ms}",
                                           "connect_timeout": max(1, round(write_timeout))})
    return create_engine(url, pool_pre_ping=True)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA wal_autocheckpoint=0")  # the Checkpointer thread does it
    cursor.close()


# ------------------------------------------------------------------ write operations
Op = Callable[[Connection], Any]


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


def op_upsert_seat(room_id: str, seat: int, player_id: str | None, bot: str | None,
                   held: str | None = None) -> Op:
    """A seat's occupant as it will be; its 托管 and ready flags start afresh and
    ``held`` names whoever left it mid-deal (or nobody)."""
    values = {"player_id": player_id, "bot": bot, "tuoguan": None, "ready": False,
              "held_player_id": held}

    def run(conn: Connection) -> None:
        found = conn.execute(
            select(SeatRow.seat).where(SeatRow.room_id == room_id, SeatRow.seat == seat)
        ).first()
        if found is None:
            conn.execute(insert(SeatRow).values(room_id=room_id, seat=seat, **values))
        else:
            conn.execute(update(SeatRow).where(SeatRow.room_id == room_id, SeatRow.seat == seat)
                         .values(**values))

    return run


def op_seat_flags(room_id: str, seat: int | None, **values: Any) -> Op:
    """Set a seat's flags (``tuoguan``, ``ready``, ``held_player_id``); every seat of the
    room when ``seat`` is None."""
    where: dict[str, Any] = {"room_id": room_id} if seat is None else {
        "room_id": room_id, "seat": seat}
    # (the statement built once per shape: building it anew cost ~0.5 ms of the event
    # loop's time per ready or 托管 flag)
    return op_update(SeatRow, where, **values)


def op_next_epoch() -> Op:
    """Every open room's counter epoch moves on (once per server start, before any room
    is restored)."""
    stmt = update(RoomRow).where(RoomRow.status != "closed").values(epoch=RoomRow.epoch + 1)

    def run(conn: Connection) -> None:
        conn.execute(stmt)

    return run


def op_add_member(room_id: str, player_id: str) -> Op:
    def run(conn: Connection) -> None:
        found = conn.execute(select(MemberRow.player_id).where(
            MemberRow.room_id == room_id, MemberRow.player_id == player_id)).first()
        if found is None:
            conn.execute(insert(MemberRow).values(room_id=room_id, player_id=player_id))

    return run


def op_send_away(room_id: str, player_id: str) -> Op:
    """请出: the player's member row (made if none) says they were sent away."""
    def run(conn: Connection) -> None:
        where = (MemberRow.room_id == room_id, MemberRow.player_id == player_id)
        if conn.execute(select(MemberRow.player_id).where(*where)).first() is None:
            conn.execute(insert(MemberRow).values(room_id=room_id, player_id=player_id,
                                                  sent_away=True))
        else:
            conn.execute(update(MemberRow).where(*where).values(sent_away=True))

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
    sent_away: list[str]  # (请出: not among the members)
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

    def room_bundle(self, room_id: str) -> RoomBundle | None:
        """One open room as :meth:`open_rooms` gives it (None if closed or unknown)."""
        with self._session() as s:
            room = s.get(RoomRow, room_id)
            if room is None or room.status == "closed":
                return None
            return _room_bundle(s, room)

    def room_progress(self, room_ids: Collection[str]) -> dict[str, tuple[str, int]]:
        """Each known room's stored status and match number (several workers: a room
        owned elsewhere is known here only by its records)."""
        if not room_ids:
            return {}
        stmt = select(RoomRow.id, RoomRow.status, RoomRow.match_no).where(
            RoomRow.id.in_(list(room_ids)))
        with self._session() as s:
            return {row.id: (row.status, row.match_no) for row in s.execute(stmt).all()}

    def open_rooms_of(self, owner_id: str) -> list[str]:
        """The ids of ``owner_id``'s open rooms, on whichever worker they live."""
        stmt = select(RoomRow.id).where(RoomRow.owner_id == owner_id,
                                        RoomRow.status != "closed")
        with self._session() as s:
            return list(s.scalars(stmt).all())

    def rooms_to_return_to(self, player_id: str, limit: int = 20) -> list[RoomRow]:
        """The open rooms ``player_id`` owns, sits in or has a seat kept in, newest first:
        the lobby's way back to them — the public list has no private room, and past its
        first page a club owner's own public rooms fell behind 更多房间 (a play-test)."""
        seated = select(SeatRow.room_id).where(or_(SeatRow.player_id == player_id,
                                                   SeatRow.held_player_id == player_id))
        stmt = (select(RoomRow).where(RoomRow.status != "closed",
                                      or_(RoomRow.owner_id == player_id,
                                          RoomRow.id.in_(seated)))
                .order_by(RoomRow.created_at.desc()))
        with self._session() as s:
            return list(s.scalars(stmt.limit(limit)).all())

    def rooms_sent_away_from(self, player_id: str) -> set[str]:
        """The open rooms whose owner sent ``player_id`` away (请出), on whichever worker."""
        stmt = (select(MemberRow.room_id).join(RoomRow, RoomRow.id == MemberRow.room_id)
                .where(MemberRow.player_id == player_id, MemberRow.sent_away.is_(True),
                       RoomRow.status != "closed"))
        with self._session() as s:
            return set(s.scalars(stmt).all())

    def open_room_by_code(self, code: str) -> str | None:
        """The id of the open room with this private code, if any."""
        with self._session() as s:
            found: str | None = s.scalars(select(RoomRow.id).where(
                RoomRow.code == code, RoomRow.status != "closed")).first()
            return found

    def closed_room_by_code(self, code: str) -> bool:
        """Whether a room that had this private code is closed (an old invitation)."""
        with self._session() as s:
            return s.scalars(select(RoomRow.id).where(
                RoomRow.code == code, RoomRow.status == "closed")).first() is not None

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
    rows = s.execute(select(MemberRow.player_id, MemberRow.sent_away)
                     .where(MemberRow.room_id == room.id)).all()
    games = list(s.scalars(select(GameRow).where(GameRow.room_id == room.id,
                                                 GameRow.match_no == room.match_no)
                           .order_by(GameRow.deal_index)).all())
    return RoomBundle(
        room=room,
        seats=seats,
        members=[player for player, away in rows if not away],
        sent_away=[player for player, away in rows if away],
        games=games,
        actions={g.id: _actions(s, g.id) for g in games},
        nicknames=_nicknames(s, [i for seat in seats for i in (seat.player_id,
                                                               seat.held_player_id)]),
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
