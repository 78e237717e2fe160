"""Who may take which seat (issue "Nothing lost, nothing seen" §2 and "What players and
the seeds found" §1): only an empty seat, a bot's seat never; mid-deal nobody but the
player who left a seat takes it, and nobody changes seats; the seat is free once the
deal is over."""

from __future__ import annotations

from server_helpers import Api
from starlette.testclient import TestClient


def _room_with_bot(client: TestClient) -> tuple[str, Api, Api]:
    owner, friend = Api(client, "房主"), Api(client, "朋友")
    room = owner.room(bot_delay=1.6)  # the deal lasts while the test looks at it
    owner.call("POST", f"/api/rooms/{room}/seats/0")
    friend.call("POST", f"/api/rooms/{room}/seats/1")
    owner.call("POST", f"/api/rooms/{room}/bots", {"seats": [2]})
    return room, owner, friend


def test_a_bots_seat_cannot_be_taken(client: TestClient) -> None:
    room, owner, _ = _room_with_bot(client)
    stranger = Api(client, "路人")
    assert stranger.error("POST", f"/api/rooms/{room}/seats/2") == "seat_taken"
    owner.call("POST", f"/api/rooms/{room}/start")
    assert stranger.error("POST", f"/api/rooms/{room}/seats/2") in ("seat_taken", "mid_deal")
    seats = owner.call("GET", f"/api/rooms/{room}")["room"]["seats"]
    assert seats[2]["bot"] and seats[2]["player"] is None


def test_mid_deal_a_left_seat_is_kept_for_its_player_only(client: TestClient) -> None:
    room, owner, friend = _room_with_bot(client)
    owner.call("POST", f"/api/rooms/{room}/start")
    friend.call("POST", f"/api/rooms/{room}/leave")
    owner.call("POST", f"/api/rooms/{room}/leave")
    seats = friend.call("GET", f"/api/rooms/{room}")["room"]["seats"]
    assert seats[1]["held"] == {"id": friend.id, "nickname": "朋友"}
    stranger = Api(client, "路人")
    assert stranger.error("POST", f"/api/rooms/{room}/seats/1") == "seat_held"
    assert friend.error("POST", f"/api/rooms/{room}/seats/0") == "seat_held", "no seat swaps"
    assert owner.error("POST", f"/api/rooms/{room}/bots", {"seats": [1]}) == "seat_taken"
    friend.call("POST", f"/api/rooms/{room}/seats/1")
    owner.call("POST", f"/api/rooms/{room}/seats/0")
    seats = friend.call("GET", f"/api/rooms/{room}")["room"]["seats"]
    assert [s["player"]["id"] for s in seats[:2]] == [owner.id, friend.id]
    assert all(s["held"] is None for s in seats)
