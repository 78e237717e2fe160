"""A REST request's room operation, run where the room lives.

The REST routes that read or change a room name the operation and its arguments here;
:func:`room_op` runs it on this worker when the room is here (always, for the embedded
single process) and otherwise asks the owner over the bus (``call`` / ``reply``,
bus.py), which runs the very same code. The answer is the room's summary after the
operation, or the owner's refusal, unchanged.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from . import owner
from .errors import ServerError, not_found

if TYPE_CHECKING:
    from .lobby import Platform, PlayerInfo
    from .rooms import Room

log = logging.getLogger("huapai.server")

CALL_TIMEOUT = 10.0  # seconds an owner has to answer (then: room_moved, maybe applied)

Op = Callable[["Room", str, str, dict[str, Any]], Awaitable[None]]


async def _show(_room: Room, _player: str, _nickname: str, _args: dict[str, Any]) -> None:
    return None


async def _take_seat(room: Room, player: str, nickname: str, args: dict[str, Any]) -> None:
    await room.take_seat(player, nickname, args["seat"])


async def _free_seat(room: Room, player: str, _nickname: str, args: dict[str, Any]) -> None:
    await owner.free_seat(room, player, args["seat"])


async def _set_bot(room: Room, player: str, _nickname: str, args: dict[str, Any]) -> None:
    await owner.set_bot(room, player, args["seat"], args["bot"])


async def _leave(room: Room, player: str, _nickname: str, _args: dict[str, Any]) -> None:
    await room.leave(player)


async def _fill_bots(room: Room, player: str, _nickname: str, args: dict[str, Any]) -> None:
    await room.fill_bots(player, args.get("seats"), args.get("bot"))


async def _start(room: Room, player: str, _nickname: str, _args: dict[str, Any]) -> None:
    await room.start(player)


async def _again(room: Room, player: str, _nickname: str, _args: dict[str, Any]) -> None:
    await room.again(player)


async def _join(room: Room, player: str, _nickname: str, _args: dict[str, Any]) -> None:
    await room.join(player)


async def _give_owner(room: Room, player: str, _nickname: str, args: dict[str, Any]) -> None:
    await owner.give_owner(room, player, args["to"])


async def _send_away(room: Room, player: str, _nickname: str, args: dict[str, Any]) -> None:
    await owner.send_away(room, player, args["target"])


async def _dissolve(room: Room, player: str, nickname: str, _args: dict[str, Any]) -> None:
    await owner.dissolve(room, player, nickname)


OPS: dict[str, Op] = {"show": _show, "take_seat": _take_seat, "free_seat": _free_seat,
                      "set_bot": _set_bot, "leave": _leave, "fill_bots": _fill_bots,
                      "start": _start, "again": _again, "join": _join,
                      "give_owner": _give_owner, "dissolve": _dissolve,
                      "send_away": _send_away}


class RemoteError(ServerError):
    """A refusal made by the room's owner, passed on as the owner worded it."""

    def __init__(self, data: dict[str, Any], status: int) -> None:
        super().__init__(str(data.get("code", "internal_error")), status=status)
        self.data = data

    def to_json(self) -> dict[str, Any]:
        return self.data


async def run_here(platform: Platform, room_id: str, player: str, nickname: str, op: str,
                   args: dict[str, Any]) -> dict[str, Any]:
    """Run ``op`` on a room of this worker; its summary. A join by code (``args["code"]``)
    may see a private room it is not a member of yet: the code is the key."""
    code = args.get("code")
    if op == "join" and isinstance(code, str):
        room = platform.rooms.get(room_id)
        if room is None or room.code != code:
            raise not_found("bad_code")
    else:
        room = platform.room(room_id, player)
    await OPS[op](room, player, nickname, args)
    if room.status == "closed":  # 解散房间: the platform lets it go
        platform.forget_closed(room, "by its owner")
    return room.summary()


async def room_op(platform: Platform, room_id: Any, player: PlayerInfo, op: str,
                  **args: Any) -> dict[str, Any]:
    """``op`` on the room ``room_id`` wherever it lives; the room's summary after it."""
    cluster = platform.cluster
    if cluster is None or not isinstance(room_id, str) or room_id in platform.rooms:
        return await run_here(platform, room_id, player.id, player.nickname, op, args)
    worker = await cluster.owner_elsewhere(room_id)
    if worker is None:
        return await run_here(platform, room_id, player.id, player.nickname, op, args)
    reply = await cluster.bus.call(worker, {
        "room": room_id, "player": player.id, "nickname": player.nickname, "op": op,
        "args": args}, CALL_TIMEOUT)
    if "error" in reply:
        raise RemoteError(reply["error"], int(reply.get("status", 400)))
    summary: dict[str, Any] = reply["ok"]
    return summary


async def answer(platform: Platform, data: dict[str, Any]) -> dict[str, Any]:
    """The owner's side of a call: the summary, or the refusal as it would be sent."""
    try:
        op = data["op"]
        if op in ("is_idle", "close_if_idle"):  # (lobby: a new room elsewhere makes way)
            return {"ok": {"yes": platform.idle_room(data["room"], data["player"], op)}}
        if op not in OPS:
            raise ServerError("bad_message", f"unknown room operation {str(op)[:40]!r}")
        summary = await run_here(platform, data["room"], data["player"], data["nickname"],
                                 op, data.get("args", {}))
    except ServerError as exc:
        return {"error": exc.to_json(), "status": exc.status}
    except Exception:  # a bug costs this call, not the bus
        log.exception("internal error in a room call from another worker")
        return {"error": ServerError("internal_error").to_json(), "status": 500}
    return {"ok": summary}
