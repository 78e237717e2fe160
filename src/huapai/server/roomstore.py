"""A room's persistence: every row a room writes, and the one rule for writing them.

Each method builds the operation for one change and waits until the writer has made it
durable; a write that fails (a locked, full or unreachable database, after the writer's
retries) raises :class:`~huapai.server.errors.ServerError` ``storage_unavailable`` and
the room, which commits a change only after its write returned, stays as it was.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from huapai.core.protocol import Settlement

from .errors import ServerError
from .leases import LeaseLost, Leases
from .store import (
    ActionRow,
    GameRow,
    MemberRow,
    Op,
    RoomRow,
    op_add_member,
    op_all,
    op_finish_game,
    op_insert,
    op_seat_flags,
    op_send_away,
    op_update,
    op_upsert_seat,
)
from .writer import StorageUnavailable, Writer

if TYPE_CHECKING:
    from .rooms import Room
    from .seats import LiveDeal, Seat


async def durable(writer: Writer, op: Op) -> Any:
    """Write ``op`` and wait until it is durable; ``storage_unavailable`` (503) if not."""
    try:
        return await writer.write(op)
    except LeaseLost:
        raise ServerError("room_moved", status=503) from None
    except StorageUnavailable:
        raise ServerError("storage_unavailable", status=503) from None


def _shuffle_columns(deal: LiveDeal) -> dict[str, Any]:
    shuffle = deal.shuffle
    if shuffle is None:
        return {"server_seed": None, "nonces": None, "banpai_seed": None}
    return shuffle.to_json()


class RoomStore:
    """The writes of one room, each awaited until durable. With several workers each
    write carries the room's lease fence (leases.py) in its own transaction."""

    def __init__(self, writer: Writer, room_id: str, leases: Leases | None = None) -> None:
        self.writer = writer
        self.room_id = room_id
        self.leases = leases

    def _fenced(self, op: Op) -> Op:
        return op if self.leases is None else op_all(self.leases.fence(self.room_id), op)

    async def _durable(self, op: Op) -> None:
        await durable(self.writer, self._fenced(op))

    async def created(self, room: Room) -> None:
        # the first write makes the lease (with several workers), so it carries no fence
        lease = [] if self.leases is None else [self.leases.created(room.id)]
        await durable(self.writer, op_all(
            op_insert(RoomRow, id=room.id, code=room.code, owner_id=room.owner,
                      game=room.game.name, preset=room.preset,
                      rules=room.game.rules_to_dict(room.rules),
                      settings=room.settings.to_json(), bot_seed=room.bot_seed,
                      status=room.status, match_no=0, created_at=time.time()),
            *lease,
            op_insert(MemberRow, room_id=room.id, player_id=room.owner),
            *(op_upsert_seat(room.id, seat.index, None, None) for seat in room.seats)))
        if self.leases is not None:
            self.leases.adopt(room.id)

    async def member(self, player: str) -> None:
        await self._durable(op_add_member(self.room_id, player))

    async def send_away(self, player: str) -> None:
        await self._durable(op_send_away(self.room_id, player))

    async def seats(self, changes: list[tuple[int, str | None, str | None]],
                    held: str | None = None) -> None:
        """Seats (index, player, bot) as they will be, in one transaction; their 托管 and
        ready flags start afresh, and ``held`` names who left them mid-deal."""
        await self._durable(op_all(*(op_upsert_seat(self.room_id, index, player, bot, held)
                                     for index, player, bot in changes)))

    async def waiting_again(self, freed: list[int], match_no: int) -> None:
        """After a match: these seats emptied and the room waiting again, at once."""
        await self._durable(op_all(*(op_upsert_seat(self.room_id, index, None, None, None)
                                     for index in freed),
                                   self._status("waiting", match_no)))

    async def flags(self, seat: int, **values: Any) -> None:
        """One seat's 托管 (``tuoguan``) or ``ready`` flag as it will be."""
        await self._durable(op_seat_flags(self.room_id, seat, **values))

    def flags_soon(self, seat: int, **values: Any) -> None:
        """A flag that the room recomputes by itself after a restart (托管 after a drop or
        a clock, lifted when the player is back): written without waiting."""
        self.writer.submit(self._fenced(op_seat_flags(self.room_id, seat, **values)))

    async def owner(self, player: str) -> None:
        """The room's owner is now ``player`` (the owner was away: docs/platform.md)."""
        await self._durable(op_all(
            op_update(RoomRow, {"id": self.room_id}, owner_id=player),
            op_add_member(self.room_id, player)))

    async def status(self, status: str, match_no: int) -> None:
        await self._durable(self._status(status, match_no))

    def _status(self, status: str, match_no: int) -> Op:
        return op_update(RoomRow, {"id": self.room_id}, status=status, match_no=match_no)

    async def deal_started(self, room: Room, deal: LiveDeal, match_no: int) -> None:
        """The new game row and the room's status, in one transaction."""
        text = room.game.format_deal(room.rules, room.game.deal_of(deal.state))
        seats = [{"player": s.player, "nickname": s.nickname, "bot": s.bot}
                 for s in room.seats]
        row = op_insert(
            GameRow, id=deal.game_id, room_id=self.room_id, match_no=match_no,
            deal_index=deal.index, game=room.game.name, preset=room.preset,
            rules=room.game.rules_to_dict(room.rules), dealer=deal.dealer, seed=deal.seed,
            commitment=deal.commitment, deal=text, seats=seats,
            multiplier=room.settings.multiplier, status="playing", started_at=time.time(),
            finished_at=None, settlement=None, carry=deal.deal.record.carry,
            **_shuffle_columns(deal))
        await self._durable(op_all(self._status("playing", match_no), row,
                                   op_seat_flags(self.room_id, None, ready=False)))

    async def action(self, deal: LiveDeal, seat: int, text: str, actor: str,
                     clocks: str | None, back: bool) -> None:
        """A move, the turn clocks once it is applied and (``back``: the player moved
        while the house bot held the seat) the end of that seat's 托管, at once."""
        row = op_insert(ActionRow, game_id=deal.game_id, idx=deal.actions, seat=seat,
                        action=text, actor=actor, at=time.time(), clocks=clocks)
        await self._durable(row if not back else op_all(
            row, op_seat_flags(self.room_id, seat, tuoguan=None)))

    async def deal_finished(self, deal: LiveDeal, settlement: Settlement, seats: list[Seat],
                            multiplier: int, status: str, match_no: int) -> None:
        """The settlement, each seat's result and the room's next status, at once."""
        results = [(s.index, s.player, d, d * multiplier)
                   for s, d in zip(seats, settlement.deltas, strict=True)]
        await self._durable(op_all(op_finish_game(deal.game_id, settlement.to_json(), results),
                                   self._status(status, match_no),
                                   op_seat_flags(self.room_id, None, held_player_id=None)))

    def closed(self, match_no: int) -> Any:
        """Closing an idle room (nobody waits for it: the room is gone either way)."""
        return self.writer.submit(self._fenced(self._status("closed", match_no)))
