"""Who may read a finished game: everyone for public rooms; for private rooms only the
players who sat in that game, and whoever holds a share token one of them made.

A game's room is private if its settings say so — the live room's while it is open, the
stored row's after the room closed (so closing a room never makes its games public). A
refusal is ``replay_not_found``, as for a game that does not exist, so an outsider learns
nothing about a private room's games.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from sqlalchemy import Float, ForeignKey, String, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from .errors import not_found
from .lobby import Platform, token_hash
from .store import Base, GameRow, RoomRow, op_insert

MAX_SHARE = 64  # characters: longer is never a token of ours


class ReplayShare(Base):
    __tablename__ = "replay_shares"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    created_by: Mapped[str] = mapped_column(ForeignKey("players.id"))
    created_at: Mapped[float] = mapped_column(Float)


def players_of(row: GameRow) -> set[str]:
    return {s["player"] for s in row.seats if isinstance(s.get("player"), str)}


def private_rooms(platform: Platform, room_ids: Iterable[str]) -> set[str]:
    """The private rooms among ``room_ids`` (live rooms from memory, others from the
    database). Runs in a worker thread."""
    live = {r: platform.rooms.get(r) for r in set(room_ids)}  # .get: the loop may close one
    private = {r for r, room in live.items() if room is not None and room.settings.private}
    stored = [r for r, room in live.items() if room is None]
    if stored:
        with Session(platform.engine) as s:
            rows = s.execute(select(RoomRow.id, RoomRow.settings)
                             .where(RoomRow.id.in_(stored))).all()
        private |= {room_id for room_id, settings in rows
                    if isinstance(settings, dict) and settings.get("private") is True}
    return private


def _shared(platform: Platform, game_id: str, share: str) -> bool:
    with Session(platform.engine) as s:
        found = s.get(ReplayShare, token_hash(share))
    return found is not None and found.game_id == game_id


def require_readable(platform: Platform, row: GameRow, player: str | None,
                     share: str | None) -> None:
    """Raise ``replay_not_found`` unless the game may be read (runs in a worker thread)."""
    if row.room_id not in private_rooms(platform, [row.room_id]):
        return
    if player is not None and player in players_of(row):
        return
    if share is not None and len(share) <= MAX_SHARE and _shared(platform, row.id, share):
        return
    raise not_found("replay_not_found")


def listed(platform: Platform, rows: list[GameRow], player: str | None) -> list[GameRow]:
    """The rows a listing may show ``player`` (runs in a worker thread)."""
    private = private_rooms(platform, {r.room_id for r in rows})
    return [r for r in rows
            if r.room_id not in private or (player is not None and player in players_of(r))]


async def new_share(platform: Platform, row: GameRow, player: str) -> str:
    """A fresh share token for a game ``player`` sat in (only its hash is stored)."""
    if player not in players_of(row):
        raise not_found("replay_not_found")
    token = platform.source.token(18)
    await platform.write(op_insert(ReplayShare, token_hash=token_hash(token), game_id=row.id,
                                   created_by=player, created_at=time.time()))
    return token
