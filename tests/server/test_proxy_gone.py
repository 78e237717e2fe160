"""A client of another worker leaves (or its worker dies) while the room's owner is writing
its move: the move's write is already on its way to the database and becomes durable
whether anyone waits or not, so the room keeps the move too. (Cancelling the client's
frame there left the room a move behind its record: every viewer stuck on the state
before it, and the room's next write refused — what the failover test met once in CI.)

The owner's side of the bus runs in-process here, on the app's own loop: a :class:`Bus`
that is never started (nothing it sends leaves), fed the frames a client's worker would
relay, while the database's writer is held busy so the move waits in its queue."""

from __future__ import annotations

import asyncio
import json
import threading
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from server_helpers import Api, running, sqlite_url, started, to_act
from sqlalchemy import text

from huapai.server.bus import Bus, ProxyConnection
from huapai.server.cluster import leave_rooms
from huapai.server.ws import handle_frame

ELSEWHERE = "worker-elsewhere"  # the client's worker (a name only: nothing is sent there)


def _owner_bus(platform: Any) -> Bus:
    bus = Bus("redis://127.0.0.1:1/0", "owner", ttl=5)  # never started: no connection

    async def on_frame(proxy: ProxyConnection, text: str) -> None:
        await handle_frame(platform, proxy, text)

    def on_gone(proxy: ProxyConnection) -> None:  # what the cluster's bus is given
        leave_rooms(platform, proxy)

    bus.on_frame, bus.on_gone = on_frame, on_gone
    return bus


def _relay(bus: Bus, player: str, message: dict[str, Any]) -> None:
    bus._frame({"t": "frame", "from": ELSEWHERE, "c": 1, "p": player, "n": "甲",
                "x": json.dumps(message)})


async def _leave_while_writing(platform: Any, player: str, room_id: str,
                               counter: int, action: str) -> dict[str, Any]:
    """The client subscribes and moves through the bus; its worker says it is gone while
    the move's write waits behind a busy writer; then the writer goes on."""
    bus, writer = _owner_bus(platform), platform.writer
    busy, entered = threading.Event(), threading.Event()

    def hold(_conn: Any) -> None:  # the writer thread, busy until released
        entered.set()
        busy.wait(20)

    writer.submit(hold)
    await asyncio.to_thread(entered.wait, 20)
    queued = asyncio.Event()
    original = writer.write

    async def write(op: Any) -> Any:  # the move's write is queued once this has run
        queued.set()
        return await original(op)

    writer.write = write
    try:
        _relay(bus, player, {"type": "subscribe", "room": room_id})
        _relay(bus, player, {"type": "act", "room": room_id, "counter": counter,
                             "action": action})
        await asyncio.wait_for(queued.wait(), 20)
        proxy = bus.proxies[(ELSEWHERE, 1)]
        watching = proxy in platform.hub.watchers(room_id)
        bus.drop_proxy(ELSEWHERE, 1)  # the client's worker: "gone"
        busy.set()
        assert proxy.task is not None
        await asyncio.wait([proxy.task], timeout=20)
        await asyncio.to_thread(writer.submit(lambda _conn: None).result, 20)
        return {"watching_before": watching,
                "watching_after": proxy in platform.hub.watchers(room_id),
                "cancelled": proxy.task.cancelled()}
    finally:
        writer.write = original
        busy.set()


def _stored_moves(url: str, game_id: str) -> int:
    from huapai.server.store import make_engine

    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return int(conn.execute(text("SELECT count(*) FROM game_actions WHERE "
                                         "game_id = :g"), {"g": game_id}).scalar_one())
    finally:
        engine.dispose()


def test_a_move_on_its_way_when_its_client_leaves_is_kept(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    with running(url) as client, ExitStack() as stack:
        people = [Api(client, f"人{i}") for i in range(3)]
        room_id, peers = started(client, people, stack)
        platform = client.app.state.platform  # type: ignore[attr-defined]
        room = platform.rooms[room_id]
        seat = to_act(peers[0].state[room_id])[0]
        state = peers[seat].state[room_id]
        before = room.deal.actions
        other = peers[(seat + 1) % 3]
        other.quiet()
        told = other.state[room_id]["counter"]
        seen = client.portal.call(  # type: ignore[union-attr]
            _leave_while_writing, platform, people[seat].id, room_id, state["counter"],
            state["legal_text"][0])
        # the record and the room agree: the move is in both, and the others were told
        assert (_stored_moves(url, room.deal.game_id), room.deal.actions) == (before + 1,
                                                                              before + 1)
        assert seen == {"watching_before": True, "watching_after": False,
                        "cancelled": False}
        other.quiet()
        assert other.state[room_id]["counter"] != told
