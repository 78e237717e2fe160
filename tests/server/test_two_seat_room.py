"""A two-seat 双别杆 room on the platform (issue 9 §3, ``players=2``): two seats offered,
a whole deal played over the WebSocket by both players, settled between the two."""

from __future__ import annotations

from contextlib import ExitStack

from server_helpers import Api, act, started, to_act
from starlette.testclient import TestClient


def test_a_two_seat_biegan_room_plays_a_whole_deal(client: TestClient) -> None:
    a, b = Api(client, "two-a"), Api(client, "two-b")
    with ExitStack() as stack:
        room, peers = started(client, [a, b], stack, game="biegan", preset="gongan",
                              rules={"players": 2})
        state = peers[0].state[room]
        assert state["view"]["num_seats"] == 2 and len(state["view"]["hand_sizes"]) == 2
        for _ in range(400):
            view = peers[0].state[room]["view"]
            if view.get("settlement"):
                break
            seat = to_act(peers[0].state[room])[0]
            act(peers[seat], room)
            for p in peers:
                p.next_of("state")
        settlement = peers[0].state[room]["view"]["settlement"]
        assert len(settlement["deltas"]) == 2 and sum(settlement["deltas"]) == 0
    detail = a.call("GET", f"/api/rooms/{room}")["room"]
    assert len(detail["seats"]) == 2 and detail["rules"]["players"] == 2
