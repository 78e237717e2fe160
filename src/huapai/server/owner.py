"""The owner's hand on a room (:class:`huapai.server.rooms.Room`): freeing a seat (请离座),
sending a spectator away (请出), changing a bot, handing the room on (转让房主) and closing
it (解散房间). Each runs under the room's lock, as every change does; calls.py runs them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from huapai.core.present import Msg

from .botplay import checked_spec, warm
from .errors import ServerError, conflict, forbidden
from .seats import FINISHED, WAITING, Seat

if TYPE_CHECKING:
    from .rooms import Room


async def free_seat(room: Room, player: str, index: int) -> None:
    """The owner frees a seat before the match or between matches: its bot removed,
    or a player other than the owner unseated (a friend who sat down and went quiet
    held the start: only the player could leave)."""
    async with room.lock:
        room.require_owner(player)
        room.require_status(WAITING, FINISHED)
        seat = room.seat_at(index)
        if seat.bot is not None:
            await room.take_ownership(player)
            await _store_bot(room, seat, None)
            return
        if seat.player is None or seat.player == player:
            raise ServerError("seat_out_of_range", f"seat {index} has no bot and no "
                                                   "other player to move")
        await room.store.seats([(index, None, None)])
        seat.held, unseated = None, seat.player
        room.vacate(seat)
        await room.take_ownership(player)
        room.seat_changed()
        room.hub.tell_unseated(room, unseated, index)


async def send_away(room: Room, player: str, target: str) -> None:
    """The owner sends a spectator away (请出): kept out of the room until it closes
    (stored: a restart or a take-over keeps it), their windows on it closed."""
    async with room.lock:
        room.require_owner(player)
        if target == player or any(s.player == target for s in room.seats) \
                or not room.hub.spectator_windows(room.id, target):
            raise ServerError("not_watching", f"{target[:40]!r} does not watch this "
                                              "room without a seat")
        await room.store.send_away(target)
        room.sent_away.add(target)
        room.members.discard(target)
        room.hub.send_away(room, target)


async def set_bot(room: Room, player: str, index: int, bot: str) -> None:
    """The owner changes a seated bot (its kind or level) before the match."""
    await _rebot(room, player, index, bot)


async def _rebot(room: Room, player: str, index: int, bot: str | None) -> None:
    async with room.lock:
        room.require_owner(player)
        room.require_status(WAITING, FINISHED)
        seat = room.seat_at(index)
        if seat.bot is None:
            raise ServerError("seat_out_of_range", f"seat {index} has no bot")
        name = None if bot is None else checked_spec(room.game, room.rules, bot)
        warm(name)
        await room.take_ownership(player)
        await _store_bot(room, seat, name)


async def _store_bot(room: Room, seat: Seat, name: str | None) -> None:
    await room.store.seats([(seat.index, seat.player, name)])
    seat.bot = name
    room.seat_changed()


async def give_owner(room: Room, player: str, target: Any) -> None:
    """转让房主: the owner (or a player standing in, :meth:`Room.require_owner`) hands the
    room to a player seated at its table."""
    async with room.lock:
        room.require_owner(player)
        seat = room.seat_of(target) if isinstance(target, str) else None
        if seat is None or seat.player is None:
            raise ServerError("not_at_table", f"player {str(target)[:40]!r}")
        if seat.player == room.owner:
            raise conflict("already_owner", f"{seat.nickname}")
        await room.take_ownership(seat.player, by=player)


async def dissolve(room: Room, player: str, nickname: str) -> None:
    """解散房间: the owner — the owner only, not a player standing in for one who is
    away — closes the room for good before a match or after one (its games, replays
    and history stay); everybody watching is told who closed it and let go. Mid-match
    it is refused: the players' points would be cut short."""
    async with room.lock:
        if player != room.owner:  # not a stand-in: a friend closed the room of an owner
            raise forbidden("not_owner")  # who had only stepped out (a play-test)
        if room.status not in (WAITING, FINISHED):
            raise ServerError("mid_match", Msg.of(  # said in each language (the
                "deal_of", "正在打第 {n} 局，共 {deals} 局",  # English "deal 1 of 2"
                "deal {n} of {deals} is on", n=room.deal_number(),  # stood in Chinese
                deals=room.settings.deals), status=409)
        await room.store.status("closed", room.match_no)
        room.close_timers()
        room.status = "closed"
        room.hub.close_room(room, {"type": "room_closed", "room": room.id,
                                   "by": {"id": player, "nickname": nickname}})
