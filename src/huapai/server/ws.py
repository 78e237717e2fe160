"""The WebSocket half of the platform protocol (docs/platform-protocol.md §3).

One receive loop per connection: every frame is checked for size, rate, JSON shape and
field types before a handler sees it, and every refusal is an ``error`` message with a
stable code that changes nothing. The loop always cleans up (unsubscribes, which is a
*drop*, never a *leave*).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from huapai.core.protocol import IllegalAction

from .bus import ProxyConnection
from .cluster import ROUTED
from .errors import ServerError, json_object
from .hub import Connection, Message, TokenBucket, dumps
from .lobby import Platform
from .phrases import KEYS, phrases_json
from .rooms import Room

log = logging.getLogger("huapai.server")

Handler = Callable[[Platform, Connection, dict[str, Any]], Awaitable[None]]


def _field(data: dict[str, Any], name: str, kind: type | tuple[type, ...], what: str) -> Any:
    value = data.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
        got = "nothing" if name not in data else type(value).__name__
        raise ServerError("bad_message", f"{name}: expected {what}, got {got}")
    return value


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _room_id(data: dict[str, Any]) -> str:
    room: str = _field(data, "room", str, "a room id (string)")
    return room


def _authed(conn: Connection) -> str:
    if conn.player is None:
        raise ServerError("not_authenticated")
    return conn.player


def _watched(platform: Platform, conn: Connection, data: dict[str, Any]) -> Room:
    _authed(conn)
    room_id = _room_id(data)
    if room_id not in conn.rooms:
        raise ServerError("not_subscribed", f"send subscribe for {room_id[:40]!r} first")
    return platform.room(room_id, conn.player)


def _seat(room: Room, conn: Connection) -> int:
    seat = room.viewer_of(conn.player)
    if seat is None:
        raise ServerError("not_seated")
    return seat


# ----------------------------------------------------------------------------- handlers
async def on_hello(platform: Platform, conn: Connection, data: dict[str, Any]) -> None:
    token = _field(data, "token", str, "your token (string)")
    if conn.player is not None:
        raise ServerError("bad_message", "hello was already said on this connection")
    player = await platform.authenticate(token)
    if player is None:
        raise ServerError("bad_token")
    await platform.budgets.sockets.authenticate(conn, player.id)
    conn.player, conn.nickname = player.id, player.nickname
    config = platform.config
    platform.hub.send(conn, {"type": "welcome", "player": player.to_json(), "limits": {
        "max_message_bytes": config.max_message_bytes,
        "rate_per_second": config.rate_per_second, "burst": config.burst},
        "phrases": phrases_json()})


async def on_subscribe(platform: Platform, conn: Connection, data: dict[str, Any]) -> None:
    _authed(conn)
    room = platform.room(_room_id(data), conn.player)
    if room.id in conn.rooms:
        platform.hub.resync(conn, room)
        return
    if len(conn.rooms) >= platform.config.max_subscriptions:
        raise ServerError("too_many_rooms", f"at most {platform.config.max_subscriptions}")
    await room.join(_authed(conn))
    platform.hub.subscribe(conn, room)


async def on_unsubscribe(platform: Platform, conn: Connection, data: dict[str, Any]) -> None:
    platform.hub.unsubscribe(conn, _watched(platform, conn, data))


async def on_act(platform: Platform, conn: Connection, data: dict[str, Any]) -> None:
    room = _watched(platform, conn, data)
    counter = _field(data, "counter", int, "an integer")
    action = _field(data, "action", (str, int), "an action (notation string or id)")
    await room.act(_seat(room, conn), counter, action)


async def on_tuoguan(platform: Platform, conn: Connection, data: dict[str, Any]) -> None:
    room = _watched(platform, conn, data)
    on = _field(data, "on", bool, "true or false")
    await room.set_tuoguan(_seat(room, conn), on)


async def on_ready(platform: Platform, conn: Connection, data: dict[str, Any]) -> None:
    room = _watched(platform, conn, data)
    await room.ready(_seat(room, conn))


async def on_nonce(platform: Platform, conn: Connection, data: dict[str, Any]) -> None:
    room = _watched(platform, conn, data)
    game_id = _field(data, "game_id", str, "the game id of the shuffle message")
    nonce = _field(data, "nonce", str, "16 to 64 lowercase hex digits")
    room.nonce(_seat(room, conn), game_id, nonce)


async def on_advise(platform: Platform, conn: Connection, data: dict[str, Any]) -> None:
    room = _watched(platform, conn, data)
    counter, action = await room.advise(_seat(room, conn))
    platform.hub.send(conn, {"type": "advice", "room": room.id, "counter": counter,
                             "action": action})


async def on_say(platform: Platform, conn: Connection, data: dict[str, Any]) -> None:
    """快捷语: a seated player's phrase, said to everyone watching the room (phrases.py)."""
    room = _watched(platform, conn, data)
    phrase = _field(data, "phrase", str, "a phrase key")
    seat = _seat(room, conn)
    if phrase not in KEYS:
        raise ServerError("unknown_phrase", f"{phrase[:40]!r}; known: {', '.join(sorted(KEYS))}")
    await platform.budgets.phrases.spend(_authed(conn))
    platform.hub.broadcast(room, {"type": "said", "room": room.id, "seat": seat,
                                  "phrase": phrase})


async def on_sync(platform: Platform, conn: Connection, data: dict[str, Any]) -> None:
    platform.hub.resync(conn, _watched(platform, conn, data))


async def on_ping(platform: Platform, conn: Connection, data: dict[str, Any]) -> None:
    # the pong follows whatever a watched room is committing now (only those rooms:
    # a stalled room holds up its own watchers' pongs, nobody else's)
    for room_id in list(conn.rooms):
        room = platform.rooms.get(room_id)
        if room is not None:
            await room.settled()
    platform.hub.send(conn, {"type": "pong", "t": int(time.time() * 1000)})


HANDLERS: dict[str, Handler] = {
    "hello": on_hello, "subscribe": on_subscribe, "unsubscribe": on_unsubscribe,
    "act": on_act, "tuoguan": on_tuoguan, "ready": on_ready, "nonce": on_nonce,
    "advise": on_advise, "sync": on_sync, "say": on_say,
    "ping": on_ping,
}


# ----------------------------------------------------------------------------- the loop
POLICY = 1008  # the close code for every limit (the reason says which)


async def endpoint(ws: WebSocket) -> None:
    platform: Platform = ws.app.state.platform
    config = platform.config
    address = ws.client.host if ws.client is not None else "?"
    await ws.accept()
    conn = Connection(ws, TokenBucket(config.rate_per_second, config.burst), config.send_queue)
    sender = asyncio.get_running_loop().create_task(conn.pump())
    refused = await platform.budgets.sockets.open(conn, address)
    try:
        if refused is None:
            await _receive_loop(platform, conn)
        else:
            conn.close(POLICY, refused)
    except WebSocketDisconnect:
        pass
    finally:
        _cleanup(platform, conn, address)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(sender, timeout=5)


async def _receive_loop(platform: Platform, conn: Connection) -> None:
    limits = platform.config.limits
    strikes = 0  # rate_limited refusals in a row
    while not conn.closed:
        hello = conn.player is None
        timeout = platform.config.hello_timeout if hello else limits.socket_idle
        try:  # (asyncio.timeout: no task per frame, as wait_for would make)
            async with asyncio.timeout(timeout):
                message = await conn.ws.receive()
        except TimeoutError:
            if hello:  # straight to the socket: the close below must not overtake it
                conn.post(dumps(_error(ServerError("not_authenticated", "hello timed out"))))
            conn.close(POLICY, "hello timed out" if hello else f"idle for {timeout:g} s")
            return
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        if text is None:
            text = _decode(message.get("bytes"))
        code = await handle_frame(platform, conn, text)
        strikes = strikes + 1 if code == "rate_limited" else 0
        if strikes >= limits.flood_close_after:
            conn.close(POLICY, f"flooding: {strikes} messages over the rate limit in a row")


def _decode(raw: bytes | None) -> str:
    try:
        return (raw or b"").decode("utf-8")
    except UnicodeDecodeError:
        return "\x00not utf-8"


def _cleanup(platform: Platform, conn: Connection, address: str) -> None:
    for room_id in list(conn.rooms):
        room = platform.rooms.get(room_id)
        if room is not None:
            platform.hub.unsubscribe(conn, room)
    platform.budgets.sockets.closed(conn, address)
    if platform.cluster is not None:
        platform.cluster.disconnected(conn)
    conn.close()


async def handle_frame(platform: Platform, conn: Connection, text: str) -> str | None:
    """Check one frame and run its handler; any refusal becomes one error message (and
    its code is returned)."""
    ref: Any = None
    room: Any = None
    try:
        data = _parse(platform, conn, text)
        ref, room = _ref(data.get("ref")), data.get("room")
        kind = data.get("type")
        if not isinstance(kind, str):
            raise ServerError("bad_message", "type: expected a string")
        handler = HANDLERS.get(kind)
        if handler is None:
            raise ServerError("unknown_type", f"{kind[:40]!r}; known: {', '.join(HANDLERS)}")
        if kind != "hello":
            _authed(conn)
        if await _routed(platform, conn, kind, data.get("room"), text):
            return None
        await handler(platform, conn, data)
    except (ServerError, IllegalAction) as exc:
        platform.hub.send(conn, _error(exc, ref, room))
        return exc.code
    except Exception:  # a bug must cost one message, not the connection or the server
        log.exception("internal error handling a %s message", _kind(text))
        platform.hub.send(conn, _error(ServerError("internal_error"), ref, room))
        return "internal_error"
    return None


async def _routed(platform: Platform, conn: Connection, kind: str, room: Any,
                  text: str) -> bool:
    """Several workers: a frame for a room another worker owns goes there (cluster.py);
    the owner answers it, errors included. Frames from the bus are never sent on."""
    cluster = platform.cluster
    if cluster is None or kind not in ROUTED or not isinstance(room, str):
        return False
    if isinstance(conn, ProxyConnection):
        return not await cluster.here_for(conn, room)
    return await cluster.route(conn, kind, room, text)


def _kind(text: str) -> str:
    """The message type for a log line (never its content: it may hold cards)."""
    try:
        kind = json.loads(text).get("type")
    except Exception:
        return "?"
    return kind if isinstance(kind, str) and kind in HANDLERS else "?"


def _parse(platform: Platform, conn: Connection, text: str) -> dict[str, Any]:
    size = len(text.encode("utf-8", "replace"))
    if size > platform.config.max_message_bytes:
        raise ServerError("too_large", f"{size} bytes; at most "
                                       f"{platform.config.max_message_bytes}")
    if not conn.bucket.take():
        raise ServerError("rate_limited", f"at most {platform.config.burst} at once, "
                                          f"{platform.config.rate_per_second:g} per second")
    return json_object(text)


def _ref(value: Any) -> Any:
    if isinstance(value, str) and len(value) <= 64:
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return None


def _error(exc: ServerError | IllegalAction, ref: Any = None, room: Any = None) -> Message:
    out: Message = {"type": "error", "code": exc.code, "message": exc.message,
                    "msg": exc.msg.to_json()}
    if ref is not None:
        out["ref"] = ref
    if isinstance(room, str) and len(room) <= 64:
        out["room"] = room
    return out


async def echo(ws: WebSocket) -> None:
    """A bare echo on the same stack: the benchmark's baseline (enabled by config)."""
    await ws.accept()
    try:
        while True:
            await ws.send_text(await ws.receive_text())
    except WebSocketDisconnect:
        return
