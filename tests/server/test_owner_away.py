"""Rooms as four friends from 兰州 used them (a play-test): the host left and the room was
stuck — nobody present could start 再来一场 (``not_owner``); a latecomer who sat down after
the match got the last deal's unplayed hand of the seat, in a private room whose games
only their players may read; and 再来一场 kept the last match's 托管, so bots played the
whole rematch for the people at the table.

Now a seated player may act for an owner who has no window on the room, and becomes the
owner; a seat's later occupant sees a deal it did not play as a spectator does; and a new
match starts with the people here off 托管."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from server_helpers import Api, Peer, act, peer
from starlette.testclient import TestClient


def _play_out(p: Peer, room: str, seat: int) -> None:
    while True:
        message = p.recv()
        if message["type"] == "match_end":
            return
        if message["type"] == "state" and seat in message["view"]["to_act"]:
            act(p, room)


def _subscribe(p: Peer, room: str) -> dict[str, Any]:
    p.send({"type": "subscribe", "room": room})
    summary: dict[str, Any] = p.next_of("room")["room"]
    return summary


def _two_and_a_bot(client: TestClient, **settings: Any) -> tuple[Api, Api, str, str]:
    """a (the owner) at seat 0, b at 1, a bot at 2: the people, the room and its path."""
    a, b = Api(client, "a"), Api(client, "b")
    room = a.room(**settings)
    path = f"/api/rooms/{room}"
    a.call("POST", f"{path}/seats/0")
    b.call("POST", f"{path}/seats/1")
    a.call("POST", f"{path}/bots", {"seats": [2]})
    return a, b, room, path


@contextmanager
def _started(client: TestClient, a: Api, b: Api, room: str) -> Iterator[Peer]:
    """Both watching, the match started, b on 托管: a's connection."""
    with peer(client, a.token) as p, peer(client, b.token) as q:
        _subscribe(p, room)
        _subscribe(q, room)
        a.call("POST", f"/api/rooms/{room}/start")
        q.send({"type": "tuoguan", "room": room, "on": True})
        yield p


def test_a_seated_player_acts_for_an_owner_who_left_and_becomes_the_owner(
        client: TestClient) -> None:
    a, b, c = Api(client, "a"), Api(client, "b"), Api(client, "c")
    room = a.room(private=True)
    path = f"/api/rooms/{room}"
    code = a.call("GET", path)["room"]["code"]
    for friend in (b, c):
        friend.call("POST", "/api/rooms/join", {"code": code})
    a.call("POST", f"{path}/seats/0")
    b.call("POST", f"{path}/seats/1")
    a.call("POST", f"{path}/bots", {"seats": [2]})
    with peer(client, b.token) as q:
        assert _subscribe(q, room)["owner_here"] is False  # a made it, has no window yet
        with peer(client, a.token) as p:
            assert _subscribe(p, room)["owner_here"] is True
            a.call("POST", f"{path}/start")
            q.send({"type": "tuoguan", "room": room, "on": True})  # b lets 托管 play
            _play_out(p, room, 0)
            q.until(lambda m: m["type"] == "match_end", limit=5000)
            assert b.error("POST", f"{path}/again") == "not_owner"  # the owner is here
        # the owner closed the room's window: b may act for them, and is the owner then
        here = q.until(lambda m: m["type"] == "room" and not m["room"]["owner_here"])
        assert here["room"]["owner"] == a.id and here["room"]["seats"][1]["tuoguan"]
        assert b.error("POST", f"{path}/start") == "wrong_status"  # refused: nothing
        assert b.call("GET", path)["room"]["owner"] == a.id       # changed, the owner too
        waiting = b.call("POST", f"{path}/again")["room"]
        assert waiting["owner"] == b.id and waiting["owner_here"] is True
        assert waiting["status"] == "waiting"  # a, seated but away, was let go
        assert waiting["seats"][0]["player"] is None
        assert waiting["seats"][1]["tuoguan"] is False  # b is here: the new match is b's
        assert c.error("POST", f"{path}/start") == "not_owner"  # c is no player here
        assert a.error("POST", f"{path}/start") == "not_owner"  # a is no longer the owner
        assert b.call("GET", path)["room"]["owner"] == b.id
        with peer(client, c.token) as r:
            _subscribe(r, room)
            r.quiet()
            c.call("POST", f"{path}/seats/0")  # a latecomer in a's seat of the last deal
            states = [m for m in r.quiet() if m["type"] == "state"]
            assert states and states[-1]["seat"] == 0
            view = states[-1]["view"]
            assert view["hand"] is None, view  # the deal a played: seen as a spectator
            assert states[-1]["legal"] == []
            with peer(client, a.token) as back:  # a, once the player of that deal, sees it
                spectator = _subscribe(back, room)
                assert spectator["owner"] == b.id
                seen = [m for m in back.quiet() if m["type"] == "state"]
                assert seen and seen[-1]["seat"] is None and seen[-1]["view"] == view


def test_again_with_a_seat_left_empty_opens_the_waiting_room(client: TestClient) -> None:
    """Someone left after the match: 再来一场 answered 还有空座位 and the room stayed
    finished; it waits again instead, for the seat to be filled."""
    a, b, room, path = _two_and_a_bot(client)
    with _started(client, a, b, room) as p:
        _play_out(p, room, 0)
        b.call("POST", f"{path}/leave")  # b stands up after the match, still watching
        waiting = a.call("POST", f"{path}/again")["room"]
        assert waiting["status"] == "waiting" and waiting["seats"][1]["player"] is None
        a.call("POST", f"{path}/bots", {"seats": [1]})
        assert a.call("POST", f"{path}/start")["room"]["status"] == "playing"


def test_a_player_who_left_keeps_the_points_of_their_deals(client: TestClient) -> None:
    """A seat's total goes to whoever holds it at the end: a friend who left during deal 2
    found her −5 under the bot that took her seat. The summary's ``left`` says whose
    deals they were."""
    a, b, room, path = _two_and_a_bot(client, deals=2, multiplier=3)
    with _started(client, a, b, room) as p:
        while True:  # deal 1, to the start of deal 2
            message = p.recv()
            if message["type"] == "state" and message["deal"] == 1:
                break
            if message["type"] == "state" and 0 in message["view"]["to_act"]:
                act(p, room)
        assert b.call("GET", path)["room"]["left"] == []  # b still sits there
        b.call("POST", f"{path}/leave")  # b stands up in deal 2: 托管 plays it out
        p.state[room] = message
        if 0 in message["view"]["to_act"]:
            act(p, room)
        _play_out(p, room, 0)
        summary = a.call("GET", path)["room"]
    assert summary["status"] == "finished" and summary["seats"][1]["player"] is None
    assert summary["left"] == [{"seat": 1, "player": {"id": b.id, "nickname": "b"},
                                "deals": 2, "points": summary["totals"][1]}]
