"""The bus's pub/sub channels carry the Redis database's number: Redis shares channels
between its databases, so without it two deployments on one Redis server (different
databases) would hear each other's broadcasts and, with colliding worker names, frames."""

from __future__ import annotations

import asyncio
from urllib.parse import urlsplit, urlunsplit

from server_helpers import run_alone
from workers_helpers import redis_url

from huapai.server.bus import Bus, all_channel, channel

__all__ = ["redis_url"]


def _other_database(url: str) -> str:
    """The same server, the next database (nothing is written there: a bus that only
    subscribes and publishes keeps no keys)."""
    parts = urlsplit(url)
    number = (int(parts.path.strip("/") or 0) + 1) % 16
    return urlunsplit(parts._replace(path=f"/{number}"))


def test_channel_names_carry_the_database() -> None:
    assert channel(3, "w1") == "huapai:3:w:w1"
    assert all_channel(0) == "huapai:0:all"
    assert channel(0, "w1") != channel(1, "w1")


def test_a_broadcast_stays_in_its_database(redis_url: str) -> None:
    heard: dict[str, list[str]] = {"same": [], "other": []}

    async def run() -> None:
        sender = Bus(redis_url, "sender", ttl=5)
        same = Bus(redis_url, "same", ttl=5)
        other = Bus(_other_database(redis_url), "other", ttl=5)
        same.on_revoke = heard["same"].append
        other.on_revoke = heard["other"].append
        buses = [sender, same, other]
        for bus in buses:
            await bus.start()
        try:
            sender.publish_all({"t": "revoke", "from": "sender", "player": "p-1"})
            # a frame for a worker named alike in the other database must not reach it
            sender.send("other", {"t": "revoke", "from": "sender", "player": "p-2"})
            for _ in range(100):
                if heard["same"]:
                    break
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.5)  # time for a stray message to arrive, were there one
        finally:
            for bus in buses:
                await bus.stop()

    run_alone(run())
    assert heard == {"same": ["p-1"], "other": []}
