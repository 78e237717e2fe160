"""Persistence on SQLite and (when HUAPAI_TEST_POSTGRES_URL is set) PostgreSQL: rooms,
games in progress, finished deals, players and history survive a restart."""

from __future__ import annotations

from contextlib import ExitStack

from alembic.script import ScriptDirectory
from server_helpers import Api, Peer, act, peer, running, to_act
from sqlalchemy import inspect

from huapai.core.record import parse, replay_deal
from huapai.server.migrate import alembic_config, current_revision, upgrade
from huapai.server.store import make_engine


def _seat_everyone(people: list[Api], room: str) -> None:
    for i, person in enumerate(people):
        person.call("POST", f"/api/rooms/{room}/seats/{i}")


def _connect(stack: ExitStack, client: object, people: list[Api], room: str) -> list[Peer]:
    from starlette.testclient import TestClient

    assert isinstance(client, TestClient)
    peers = [stack.enter_context(peer(client, p.token)) for p in people]
    for p in peers:
        p.send({"type": "subscribe", "room": room})
    return peers


def _step(peers: list[Peer], room: str, pick: int) -> None:
    state = peers[0].state[room]
    seat = to_act(state)[0]
    legal = peers[seat].state[room]["legal"]
    act(peers[seat], room, legal[pick % len(legal)])
    for p in peers:
        p.next_of("state")


def _head() -> str | None:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def test_migrations_are_idempotent(database_url: str) -> None:
    engine = make_engine(database_url)
    upgrade(engine)
    upgrade(engine)
    assert current_revision(engine) == _head()
    tables = set(inspect(engine).get_table_names())
    assert {"players", "rooms", "room_seats", "games", "game_actions", "game_results",
            "replay_shares"} <= tables
    engine.dispose()


def test_a_game_in_progress_survives_a_restart(database_url: str) -> None:
    picks = [1, 2, 1, 3, 2, 1, 1, 2, 3, 1, 2, 1]
    with running(database_url, seed=11) as client:
        people = [Api(client, f"p{i}") for i in range(3)]
        room = people[0].room(deals=2, multiplier=2, tuoguan_after=600)
        _seat_everyone(people, room)
        with ExitStack() as stack:
            peers = _connect(stack, client, people, room)
            people[0].call("POST", f"/api/rooms/{room}/start")
            for p in peers:
                p.next_of("state")
            for pick in picks[:5]:
                _step(peers, room, pick)
            before = [p.state[room] for p in peers]
            game_id = before[0]["game_id"]
    with running(database_url, seed=99) as client:
        for person in people:
            person.client = client
        assert people[1].call("GET", "/api/me")["player"]["id"] == people[1].id
        summary = people[0].call("GET", f"/api/rooms/{room}")["room"]
        assert (summary["status"], summary["match"], summary["deal"]) == ("playing", 1, 0)
        with ExitStack() as stack:
            peers = _connect(stack, client, people, room)
            restored = [p.next_of("state") for p in peers]
            for old, new in zip(before, restored, strict=True):
                assert (new["view"], new["legal"], new["game_id"]) == \
                    (old["view"], old["legal"], old["game_id"])
                assert new["commitment"] == old["commitment"]
            for pick in picks[5:]:
                if peers[0].state[room]["view"].get("settlement"):
                    break
                _step(peers, room, pick)
            while not peers[0].state[room]["view"].get("settlement"):
                _step(peers, room, 0)
            end = peers[0].next_of("deal_end")
        record = client.get(f"/api/replays/{game_id}/record").text
        replay = replay_deal(parse(record)[1][0])
        assert list(replay.game.settlement(replay.final).deltas) == end["settlement"]["deltas"]
        assert end["totals"] == [2 * d for d in end["settlement"]["deltas"]]
        assert client.get(f"/api/verify/{game_id}").json()["ok"] is True


def test_between_deals_and_history_survive_a_restart(database_url: str) -> None:
    with running(database_url, seed=5, between_deals=600.0) as client:
        people = [Api(client, f"p{i}") for i in range(3)]
        room = people[0].room(deals=2)
        _seat_everyone(people, room)
        with ExitStack() as stack:
            peers = _connect(stack, client, people, room)
            people[0].call("POST", f"/api/rooms/{room}/start")
            for p in peers:
                p.next_of("state")
            while not peers[0].state[room]["view"].get("settlement"):
                _step(peers, room, 0)
            first = peers[0].next_of("deal_end")
    with running(database_url, seed=6, between_deals=600.0) as client:
        for person in people:
            person.client = client
        summary = people[0].call("GET", f"/api/rooms/{room}")["room"]
        assert summary["status"] == "between" and summary["totals"] == first["totals"]
        with ExitStack() as stack:
            peers = _connect(stack, client, people, room)
            for p in peers:
                p.next_of("state")
                p.send({"type": "ready", "room": room})
            fresh = peers[0].until(lambda m: m["type"] == "state" and m["deal"] == 1)
            assert fresh["game_id"] != first["game_id"]
        history = people[0].call("GET", "/api/me/history")["matches"]
        assert history[0]["deals"][0]["game_id"] == first["game_id"]
        assert history[0]["total"] == first["totals"][0]
