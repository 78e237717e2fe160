"""Redis back after an outage (an operator's play-test): messages on the bus were lost
meanwhile — a client's move, the owner's next state for it, the owner's ``close`` — so a
player connected to one worker and seated in a room another worker owns sat before a
table that no longer moved, connected and told nothing. Once the bus hears Redis again
after messages were lost, every client of this worker watching a room elsewhere is
closed (it reconnects and subscribes, which sends it the room as it stands) and every
proxy of another worker's client is let go, its worker told to close that client.

In process, on a :class:`Bus` whose subscription fails once and then answers; nothing
is published (the outbox is read back instead)."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any, cast

import pytest
from starlette.websockets import WebSocket

from huapai.server.bus import Bus, ProxyConnection
from huapai.server.hub import Connection, TokenBucket


class _FlakyPubSub:
    """A subscription that fails ``failures`` times, then answers with nothing."""

    def __init__(self, failures: int) -> None:
        self.failures = failures

    async def get_message(self, **_: Any) -> None:
        await asyncio.sleep(0.01)
        if self.failures:
            self.failures -= 1
            from redis.exceptions import ConnectionError as RedisConnectionError

            raise RedisConnectionError("Connection closed by server.")


def _client(routes: dict[str, str]) -> Connection:
    conn = Connection(cast(WebSocket, None), TokenBucket(1e9, 10**9), 10)
    conn.player, conn.routes = "p1", dict(routes)
    return conn


async def _listen_a_while(bus: Bus, failures: int) -> None:
    bus.pubsub = cast(Any, _FlakyPubSub(failures))
    task = asyncio.get_running_loop().create_task(bus._listen())
    await asyncio.sleep(0.8 if failures else 0.1)  # a failure waits 0.5 s before trying again
    task.cancel()


def _outbox(bus: Bus) -> list[dict[str, Any]]:
    out = []
    while not bus.outbox.empty():
        out.append(json.loads(bus.outbox.get_nowait()[1]))
    return out


def test_clients_and_proxies_are_let_go_when_redis_is_back_after_a_loss(
        caplog: pytest.LogCaptureFixture) -> None:
    async def main() -> tuple[Connection, Connection, ProxyConnection, Bus]:
        bus = Bus("redis://127.0.0.1:1/0", "here", ttl=5)  # never started: no connection
        away, home = _client({"r1": "owner"}), _client({})
        bus.local[away.key], bus.local[home.key] = away, home
        proxy = ProxyConnection(bus, "elsewhere", 7, "p2", None)
        bus.proxies[("elsewhere", 7)] = proxy
        await _listen_a_while(bus, failures=1)
        await bus.redis.aclose()
        return away, home, proxy, bus

    with caplog.at_level(logging.WARNING, logger="huapai.server"):
        away, home, proxy, bus = asyncio.run(main())
    assert away.closed and away.close_code == 1012  # watching a room elsewhere: reconnect
    assert not home.closed  # its rooms are here: nothing was lost for it
    assert proxy.closed and ("elsewhere", 7) not in bus.proxies
    assert _outbox(bus) == [{"t": "close", "c": 7, "code": 1012,
                             "reason": "the bus between workers was down: reconnect"}]
    said = [r.getMessage() for r in caplog.records]
    assert any("1 client(s) here and 1 of other workers asked to reconnect" in s
               for s in said), said


def test_nobody_is_let_go_while_the_bus_loses_nothing() -> None:
    async def main() -> tuple[Connection, Bus]:
        bus = Bus("redis://127.0.0.1:1/0", "here", ttl=5)
        away = _client({"r1": "owner"})
        bus.local[away.key] = away
        bus.proxies[("elsewhere", 7)] = ProxyConnection(bus, "elsewhere", 7, "p2", None)
        await _listen_a_while(bus, failures=0)
        await bus.redis.aclose()
        return away, bus

    away, bus = asyncio.run(main())
    assert not away.closed and ("elsewhere", 7) in bus.proxies and bus.outbox.empty()


def test_a_round_that_asked_redis_nothing_does_not_say_it_is_back(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """The lobby's writer had nothing to write and said ``redis reachable again (worker
    flush_lobby)`` every 3 s in the middle of an outage (the play-test's log)."""
    from redis.exceptions import ConnectionError as RedisConnectionError

    from huapai.server import cluster, outage

    fresh = outage.OutageLog()
    fresh.worker = "host-1-abc"  # several workers log to one place: each line says whose
    monkeypatch.setattr(cluster, "OUTAGES", fresh)
    monkeypatch.setattr(outage, "OUTAGES", fresh)
    rounds: list[str | bool | None] = ["raise", False, "raise", False, None]  # None: wrote

    async def run() -> bool | None:
        step = rounds.pop(0) if rounds else False
        if step == "raise":
            raise RedisConnectionError("Connection refused")
        return cast(bool | None, step)

    async def main() -> None:
        task = asyncio.get_running_loop().create_task(cluster.Cluster._every(0.01, run))
        await asyncio.sleep(0.2)
        task.cancel()

    with caplog.at_level(logging.WARNING, logger="huapai.server"):
        asyncio.run(main())
    said = [r.getMessage().split(":")[0] for r in caplog.records]
    assert said == ["redis unreachable (worker run)",  # the second failure is counted
                    "redis reachable again (worker run) after 2 failure(s) [worker host-1-abc]"
                    ], said


def test_a_frame_for_a_proxy_the_owner_let_go_closes_its_client() -> None:
    """The owner let a client's proxy go (its worker seemed dead after a restart of
    Redis) and its ``close`` was lost: the client's next move, from a connection that
    watches the room, made a new proxy that watched nothing, and every move was refused
    (not subscribed) while the player saw nothing move. The owner closes it instead; a
    first frame (a subscribe) still makes a proxy."""
    async def main() -> tuple[list[dict[str, Any]], set[tuple[str, int]]]:
        bus = Bus("redis://127.0.0.1:1/0", "owner", ttl=5)
        seen: list[str] = []

        async def on_frame(_proxy: ProxyConnection, text: str) -> None:
            seen.append(text)

        bus.on_frame = on_frame
        bus._frame({"t": "frame", "from": "b", "c": 3, "p": "p1", "n": None, "x": "act",
                    "k": True})
        bus._frame({"t": "frame", "from": "b", "c": 4, "p": "p2", "n": None,
                    "x": "subscribe", "k": False})
        await asyncio.sleep(0.05)
        assert seen == ["subscribe"]
        proxies = set(bus.proxies)
        for proxy in bus.proxies.values():
            assert proxy.task is not None
            proxy.task.cancel()
        await bus.redis.aclose()
        return _outbox(bus), proxies

    sent, proxies = asyncio.run(main())
    assert sent == [{"t": "close", "c": 3, "code": 1012,
                     "reason": "this connection was let go: reconnect"}]
    assert proxies == {("b", 4)}
