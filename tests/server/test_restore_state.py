"""What a restart restores beyond the moves (issue 7 §2): every 托管 (asked for, after a
drop, after a clock ran out), each turn clock's remaining time, ready flags between deals,
a seat held for the player who left it mid-deal — and no frame accepted before a restart
is accepted again after it. On SQLite and (when configured) PostgreSQL; the server is
stopped and started again on the same database (tests/server/test_restart.py and
test_kill_rounds.py do the same with ``kill -9``)."""

from __future__ import annotations

import time
from contextlib import ExitStack
from typing import Any

from server_helpers import (
    Api,
    Peer,
    act,
    peer,
    running,
    started,
    subscribed,
    to_act,
    until_window,
)

PICKS = [1, 2, 1, 3, 2]  # with seed 11: a deal that lasts (tests/server/test_persistence.py)


def _seats(person: Api, room: str) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = person.call("GET", f"/api/rooms/{room}")["room"]["seats"]
    return seats


def _rebind(people: list[Api], client: Any) -> None:
    for person in people:
        person.client = client


def _step(peers: list[Peer], room: str, pick: int = 0) -> None:
    seat = to_act(peers[0].state[room])[0]
    legal = peers[seat].state[room]["legal"]
    act(peers[seat], room, legal[pick % len(legal)])
    for p in peers:
        p.next_of("state")


def test_asked_and_drop_tuoguan_survive_a_restart(database_url: str) -> None:
    with running(database_url, seed=11) as client:
        people = [Api(client, f"p{i}") for i in range(3)]
        room = people[0].room(tuoguan_after=1, bot_delay=5)
        for i, person in enumerate(people):
            person.call("POST", f"/api/rooms/{room}/seats/{i}")
        with ExitStack() as stack:
            peers = subscribed(client, people[:2], room, stack)  # p2 never comes
            people[0].call("POST", f"/api/rooms/{room}/start")
            state = peers[0].next_of("state")
            asking = next(i for i in (0, 1) if i not in to_act(state))  # nothing for its bot
            peers[asking].send({"type": "tuoguan", "room": room, "on": True})
            peers[0].until(lambda m: m["type"] == "room"
                           and m["room"]["seats"][asking]["tuoguan"]
                           and m["room"]["seats"][2]["tuoguan"])
    with running(database_url, seed=12) as client:
        _rebind(people, client)
        seats = _seats(people[0], room)  # at once: before any drop grace could run out
        assert [s["tuoguan"] for s in seats] == [i in (asking, 2) for i in range(3)]
        with peer(client, people[asking].token) as back:
            back.send({"type": "subscribe", "room": room})
            back.next_of("state")
            back.quiet()
            # 托管 one asked for stays until one lets go, even when back on line
            assert _seats(people[0], room)[asking]["tuoguan"] is True


def test_clock_tuoguan_survives_a_restart(database_url: str) -> None:
    with running(database_url, seed=11) as client:
        people = [Api(client, f"p{i}") for i in range(3)]
        with ExitStack() as stack:
            room, peers = started(client, people, stack, turn_clock=1, bot_delay=5,
                                  tuoguan_after=600)
            seat = to_act(peers[0].state[room])[0]
            peers[0].until(lambda m: m["type"] == "room" and m["room"]["seats"][seat]["tuoguan"])
    with running(database_url, seed=12) as client:
        _rebind(people, client)
        assert [s["tuoguan"] for s in _seats(people[0], room)] == [i == seat
                                                                   for i in range(3)]
        with peer(client, people[seat].token) as back:  # back on line: the seat is its own
            back.send({"type": "subscribe", "room": room})
            back.until(lambda m: m["type"] == "room" and not m["room"]["seats"][seat]["tuoguan"])


def test_a_turn_clock_resumes_with_what_it_had_left(database_url: str,
                                                   toy_games: None) -> None:
    """A claim window of the toy game, which asks every seat (双别杆 answers a seat that
    can only say 过 for it, at once here: no second answer 3 s later to keep the clock)."""
    with running(database_url, seed=11, clock_grace=0.5) as client:
        people = [Api(client, f"p{i}") for i in range(3)]
        with ExitStack() as stack:
            room, peers = started(client, people, stack, game="toy", preset="trio",
                                  turn_clock=30, tuoguan_after=600)
            answering, waiting = until_window(peers, room)[:2]
            time.sleep(3)
            act(peers[answering], room, "pass")  # its row keeps the other clock's ~27 s
            # (only the answering seat hears of its answer while the window is open)
            peers[answering].until(lambda m: m["type"] == "error" or (
                m["type"] == "state" and answering not in to_act(m)))
            assert waiting in to_act(peers[answering].state[room])
    with running(database_url, seed=12, clock_grace=0.5) as client:
        _rebind(people, client)
        with peer(client, people[waiting].token) as back:
            back.send({"type": "subscribe", "room": room})
            state = back.next_of("state")
            remaining = {c["seat"]: c["remaining_ms"] for c in state["clocks"]}
            # not the full 30 s again, and the downtime not charged (27 s + 0.5 s grace)
            assert 20_000 < remaining[waiting] <= 28_000


def test_ready_flags_survive_a_restart(database_url: str) -> None:
    with running(database_url, seed=5, between_deals=600.0) as client:
        people = [Api(client, f"p{i}") for i in range(3)]
        with ExitStack() as stack:
            room, peers = started(client, people, stack, deals=2, tuoguan_after=600)
            while not peers[0].state[room]["view"].get("settlement"):
                _step(peers, room)
            peers[0].next_of("deal_end")
            peers[1].send({"type": "ready", "room": room})
            peers[0].until(lambda m: m["type"] == "room" and m["room"]["seats"][1]["ready"])
    with running(database_url, seed=6, between_deals=600.0) as client:
        _rebind(people, client)
        seats = _seats(people[0], room)
        assert [s["ready"] for s in seats] == [False, True, False]
        with ExitStack() as stack:
            peers = subscribed(client, people, room, stack)
            for p in peers:
                p.next_of("state")
            for i in (0, 2):  # the last two to be ready start the deal
                peers[i].send({"type": "ready", "room": room})
            dealt = peers[0].until(lambda m: m["type"] == "state" and m["deal"] == 1)
            assert dealt["view"]["hand"] is not None
        assert not any(s["ready"] for s in _seats(people[0], room))


def test_a_held_seat_survives_a_restart(database_url: str) -> None:
    with running(database_url, seed=11) as client:
        people = [Api(client, f"p{i}") for i in range(3)]
        with ExitStack() as stack:
            room, _peers = started(client, people, stack, tuoguan_after=600, bot_delay=5)
            people[1].call("POST", f"/api/rooms/{room}/leave")
    with running(database_url, seed=12) as client:
        _rebind(people, client)
        stranger = Api(client, "stranger")
        held = _seats(people[0], room)[1]
        assert held["player"] is None and held["held"] == {"id": people[1].id,
                                                            "nickname": "p1"}
        assert stranger.error("POST", f"/api/rooms/{room}/seats/1") == "seat_held"
        people[1].call("POST", f"/api/rooms/{room}/seats/1")
        assert _seats(people[0], room)[1]["player"]["id"] == people[1].id


def test_no_frame_accepted_before_a_restart_is_accepted_after_it(database_url: str) -> None:
    with running(database_url, seed=11) as client:
        people = [Api(client, f"p{i}") for i in range(3)]
        with ExitStack() as stack:
            room, peers = started(client, people, stack, tuoguan_after=600, bot_delay=5)
            _step(peers, room, PICKS[0])
            seat = to_act(peers[0].state[room])[0]
            state = peers[seat].state[room]
            frame = {"type": "act", "room": room, "counter": state["counter"],
                     "action": state["legal"][0]}
            peers[seat].send(frame)
            for p in peers:
                p.next_of("state")
            before = [p.state[room] for p in peers]
    with running(database_url, seed=12) as client:
        _rebind(people, client)
        with ExitStack() as stack:
            peers = subscribed(client, people, room, stack)
            restored = [p.next_of("state") for p in peers]
            assert all(new["counter"] > old["counter"] for old, new in
                       zip(before, restored, strict=True))
            peers[seat].send(frame)  # the same frame again, after the restart
            refused = peers[seat].next_of("error")
            assert refused["code"] == "stale"
            for p, old in zip(peers, before, strict=True):
                assert p.quiet() == []
                assert (p.state[room]["view"], p.state[room]["legal"]) == \
                    (old["view"], old["legal"])


def test_a_room_waiting_again_after_a_match_stays_waiting(database_url: str) -> None:
    """再来一场 with a player away freed their seat and the room waits again: after a
    restart it still waits, the seat free (it came back as a finished match)."""
    with running(database_url, seed=11) as client:
        a, b = Api(client, "a"), Api(client, "b")
        room = a.room(tuoguan_after=0)
        path = f"/api/rooms/{room}"
        a.call("POST", f"{path}/seats/0")
        b.call("POST", f"{path}/seats/1")
        a.call("POST", f"{path}/bots", {"seats": [2]})
        with peer(client, a.token) as p:
            p.send({"type": "subscribe", "room": room})
            p.next_of("room")
            a.call("POST", f"{path}/start")
            p.send({"type": "tuoguan", "room": room, "on": True})
            p.until(lambda m: m["type"] == "match_end", limit=5000)
            assert a.call("POST", f"{path}/again")["room"]["status"] == "waiting"
    with running(database_url, seed=11) as client:
        a.client = client
        after = a.call("GET", path)["room"]
        assert after["status"] == "waiting" and after["seats"][1]["player"] is None
        a.call("POST", f"{path}/bots", {"seats": [1]})
        assert a.call("POST", f"{path}/start")["room"]["status"] == "playing"
