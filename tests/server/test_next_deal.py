"""A page that (re)subscribes between deals is told how long until the next one: the deal
end's ``next_deal_in_ms`` it kept from before a server restart had run out, and its
countdown stood at 0 秒 while the restored room waited afresh (a play-test)."""

from __future__ import annotations

import time
from pathlib import Path

from server_helpers import Api, Message, Peer, peer, running, sqlite_url
from sqlalchemy import update
from sqlalchemy.orm import Session
from starlette.testclient import TestClient
from test_play import step, table

from huapai.server.store import GameRow, make_engine

BETWEEN = 30.0


def _until_between(peers: list[Peer], room: str) -> None:
    while not peers[0].state[room]["view"].get("settlement"):
        step(peers, room)


def test_subscribing_between_deals_says_when_the_next_starts(tmp_path: Path) -> None:
    with running(sqlite_url(tmp_path), between_deals=BETWEEN) as client, \
            table(client, deals=2) as (room, _people, peers, spectator):
        _until_between(peers, room)
        spectator.next_of("deal_end")
        late = Api(client, "late")
        with peer(client, late.token) as newcomer:
            newcomer.send({"type": "subscribe", "room": room})
            kinds = []
            message: Message = {}
            while message.get("type") != "next_deal":
                message = newcomer.recv()
                kinds.append(message["type"])
            assert kinds[:2] == ["room", "state"]
            assert message["room"] == room and 0 < message["in_ms"] <= BETWEEN * 1000
            newcomer.send({"type": "sync", "room": room})  # a sync says it again
            assert newcomer.next_of("next_deal")["in_ms"] <= message["in_ms"]


def test_nothing_is_said_while_a_deal_is_played(client: TestClient) -> None:
    with table(client) as (room, _people, _peers, _spectator):
        late = Api(client, "late")
        with peer(client, late.token) as newcomer:
            newcomer.send({"type": "subscribe", "room": room})
            newcomer.next_of("state")
            assert all(m.get("type") != "next_deal" for m in newcomer.quiet())


def test_a_restart_keeps_the_wait_counted_from_the_deal_end(tmp_path: Path) -> None:
    """A worker's crash between deals made the countdown go back up (a full wait again:
    the deal came 8 s late, an operator's play-test): a restored room waits what was left,
    at least the clock grace (5 s) for the players to come back."""
    url = sqlite_url(tmp_path)
    with running(url, between_deals=BETWEEN) as client, \
            table(client, deals=2) as (room, _people, peers, spectator):
        _until_between(peers, room)
        game_id = spectator.next_of("deal_end")["game_id"]
    for ago, low, high in ((20.0, 9.0, 10.5), (600.0, 4.0, 5.0)):
        with Session(make_engine(url)) as session, session.begin():
            session.execute(update(GameRow).where(GameRow.id == game_id)
                            .values(finished_at=time.time() - ago))
        with running(url, between_deals=BETWEEN, seed=int(ago)) as client:  # (new ids)
            late = Api(client, f"late{int(ago)}")
            with peer(client, late.token) as newcomer:
                newcomer.send({"type": "subscribe", "room": room})
                assert low * 1000 < newcomer.next_of("next_deal")["in_ms"] <= high * 1000
