"""Bad input of every kind gets its error code, changes nothing, and the server stays up."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from server_helpers import Api, Peer, peer, running, sqlite_url, to_act
from starlette.testclient import TestClient
from test_play import table


def _error(p: Peer, frame: Any, raw: bool = False) -> str:
    if raw:
        p.ws.send_text(frame)
    else:
        p.send(frame)
    code: str = p.next_of("error")["code"]
    return code


def test_before_hello(client: TestClient) -> None:
    with peer(client) as p:
        assert _error(p, {"type": "subscribe", "room": "x"}) == "not_authenticated"
        assert _error(p, {"type": "hello"}) == "bad_message"
        assert _error(p, {"type": "hello", "token": 5}) == "bad_message"
        assert _error(p, {"type": "hello", "token": "wrong"}) == "bad_token"
        a = Api(client, "a")
        p.send({"type": "hello", "token": a.token})
        assert p.next_of("welcome")["player"]["id"] == a.id
        assert _error(p, {"type": "hello", "token": a.token}) == "bad_message"


def test_every_malformed_frame_is_refused_without_change(tmp_path: Path) -> None:
    with running(sqlite_url(tmp_path), burst=500) as client, \
            table(client) as (room, _people, peers, spectator):
        seat = to_act(peers[0].state[room])[0]
        mover = peers[seat]
        counter = mover.state[room]["counter"]
        view = mover.state[room]["view"]
        cases: list[tuple[Any, bool, str]] = [
            ("{not json", True, "bad_json"),
            ("[1, 2]", True, "bad_json"),
            ('"act"', True, "bad_json"),
            ("[" * 5000, True, "too_large"),
            ({"no": "type"}, False, "bad_message"),
            ({"type": 7}, False, "bad_message"),
            ({"type": "dance"}, False, "unknown_type"),
            ({"type": "act"}, False, "bad_message"),
            ({"type": "act", "room": 5}, False, "bad_message"),
            ({"type": "act", "room": "nope", "counter": 1, "action": 0}, False,
             "not_subscribed"),
            ({"type": "subscribe", "room": "nope"}, False, "room_not_found"),
            ({"type": "act", "room": room, "action": 0}, False, "bad_message"),
            ({"type": "act", "room": room, "counter": "1", "action": 0}, False,
             "bad_message"),
            ({"type": "act", "room": room, "counter": True, "action": 0}, False,
             "bad_message"),
            ({"type": "act", "room": room, "counter": counter, "action": None}, False,
             "bad_message"),
            ({"type": "act", "room": room, "counter": counter, "action": [1]}, False,
             "bad_message"),
            ({"type": "act", "room": room, "counter": counter, "action": False}, False,
             "bad_message"),
            ({"type": "act", "room": room, "counter": counter, "action": -1}, False,
             "bad_action"),
            ({"type": "act", "room": room, "counter": counter, "action": "x" * 200}, False,
             "bad_action"),
            ({"type": "act", "room": room, "counter": counter - 1, "action": 0}, False,
             "stale"),
            ({"type": "act", "room": room, "counter": counter + 5, "action": 0}, False,
             "stale"),
            ({"type": "tuoguan", "room": room, "on": "yes"}, False, "bad_message"),
            ({"type": "ready", "room": room}, False, "not_between"),
            ({"type": "act", "room": room, "counter": counter, "action": "x" * 5000}, False,
             "too_large"),
        ]
        for frame, raw, code in cases:
            assert _error(mover, frame, raw) == code, frame
        mover.ws.send_bytes(b"\xff\xfe")
        assert mover.next_of("error")["code"] == "bad_json"
        assert mover.quiet() == []
        assert [p.quiet() for p in [*peers, spectator]] == [[]] * 4
        mover.send({"type": "sync", "room": room})
        again = mover.next_of("state")
        assert (again["counter"], again["view"]) == (counter, view)


def test_too_many_messages_are_rate_limited(tmp_path: Path) -> None:
    with running(sqlite_url(tmp_path), burst=20, rate_per_second=10) as client, \
            peer(client, Api(client, "a").token) as p:
        for _ in range(60):  # burst 20, one already spent on hello
            p.send({"type": "ping"})
        replies = [p.recv() for _ in range(60)]
        pongs = [m for m in replies if m["type"] == "pong"]
        refused = [m for m in replies if m["type"] == "error"]
        assert {m["code"] for m in refused} == {"rate_limited"}
        assert 19 <= len(pongs) < 40 and len(pongs) + len(refused) == 60
        time.sleep(0.3)
        p.send({"type": "ping"})
        assert p.recv()["type"] == "pong"  # the bucket refills


def test_too_many_rooms_and_unknown_rooms(client: TestClient) -> None:
    a = Api(client, "a")
    rooms = [a.room() for _ in range(9)]
    with peer(client, a.token) as p:
        for room in rooms[:8]:
            p.send({"type": "subscribe", "room": room})
            p.next_of("room")
        assert _error(p, {"type": "subscribe", "room": rooms[8]}) == "too_many_rooms"
        assert _error(p, {"type": "unsubscribe", "room": rooms[8]}) == "not_subscribed"


def test_huge_frames_close_only_that_socket(client: TestClient) -> None:
    a = Api(client, "a")
    with peer(client, a.token) as p:
        p.send({"type": "ping", "pad": "x" * 10_000})
        assert p.next_of("error")["code"] == "too_large"
    with peer(client, a.token) as q:
        q.send({"type": "ping"})
        assert q.next_of("pong")["type"] == "pong"
    assert client.get("/api/games").status_code == 200


class _Broken:
    """An engine whose apply has a bug (everything else delegates to the real one)."""

    def __init__(self, real: Any) -> None:
        self.real = real

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def apply(self, state: Any, seat: int, action: int) -> Any:
        raise RuntimeError("engine bug")


def test_an_engine_bug_costs_one_message_not_the_server(client: TestClient) -> None:
    with table(client) as (room, _people, peers, _spectator):
        live = client.app.state.platform.rooms[room]  # type: ignore[attr-defined]
        real = live.game
        live.game = _Broken(real)
        seat = to_act(peers[0].state[room])[0]
        state = peers[seat].state[room]
        frame = {"type": "act", "room": room, "counter": state["counter"],
                 "action": state["legal"][0]}
        peers[seat].send(frame)
        assert peers[seat].next_of("error")["code"] == "internal_error"
        live.game = real
        peers[seat].send(frame)  # nothing changed: the same move with the same counter
        assert peers[seat].next_of("state")["counter"] == state["counter"] + 1
