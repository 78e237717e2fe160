"""钵福 on the server: the 钵 (every seat's 算盘) is carried from deal to deal through the
generic ``games.carry`` column and survives a restart between deals; the room's match
ends at 得一钵 (``Game.match_over``) before its last deal."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from server_helpers import Api, Peer, act, play_step, running, started, subscribed

from huapai.core.record import parse, replay_deal
from huapai.games.xiushan.game import GAME


def _play_deal(peers: list[Peer], room: str) -> dict[str, Any]:
    while not peers[0].state[room]["view"].get("settlement"):
        play_step(peers, room)
    return next((m for m in peers[0].log if m["type"] == "deal_end"
                 and m["game_id"] == peers[0].state[room]["game_id"]), None) \
        or peers[0].next_of("deal_end")


def test_the_bo_is_carried_across_deals_and_a_restart(database_url: str) -> None:
    with running(database_url, seed=21, between_deals=600.0) as client:
        people = [Api(client, f"b{i}") for i in range(3)]
        with ExitStack() as stack:
            room, peers = started(client, people, stack, game="xiushan", preset="bofu",
                                  deals=40)
            first = _play_deal(peers, room)
            abaci = [s["abacus"] for s in peers[0].state[room]["view"]["bo"]["seats"]]
            first_id = peers[0].state[room]["game_id"]
    last = first["next_deal_in_ms"] is None
    assert not last or any(first["settlement"]["deltas"])  # only 得一钵 ends it early
    with running(database_url, seed=22, between_deals=600.0) as client:
        for person in people:
            person.client = client
        summary = people[0].call("GET", f"/api/rooms/{room}")["room"]
        if last:  # the first deal was already 得一钵: the match is over
            assert summary["status"] == "finished"
            return
        assert summary["status"] == "between"
        with ExitStack() as stack:
            peers = subscribed(client, people, room, stack)
            for p in peers:
                p.next_of("state")
                p.send({"type": "ready", "room": room})
            fresh = peers[0].until(lambda m: m["type"] == "state" and m["deal"] == 1)
            carried = [s["abacus"] for s in fresh["view"]["bo"]["seats"]]
            dealer = fresh["view"]["dealer"]
            # the others lay (and announce) their dealt groups after the dealer's first
            # discard; the dealer's are announced already, on top of what was carried
            assert all(c == a for s, (c, a) in enumerate(zip(carried, abaci, strict=True))
                       if s != dealer)
            assert carried[dealer] >= abaci[dealer] and fresh["game_id"] != first_id
        record = client.get(f"/api/replays/{first_id}/record").text
        final = replay_deal(parse(record)[1][0]).final
        assert [s["abacus"] for s in GAME.carry(final)["seats"]] == abaci


def _play_to_deal_end(peers: list[Peer], room: str) -> dict[str, Any]:
    """First legal moves, every peer drained after each one, until the deal ends."""
    while True:
        for p in peers:
            for message in p.quiet():
                if message.get("type") == "deal_end" and p is peers[0]:
                    return message
        # a seat whose own latest view asks it (the server's automatic 过 moves the deal
        # between two peers' drains, so another peer's view may be a step behind)
        asked = [p for p in peers if p.state[room]["legal"]]
        if asked:
            act(asked[0], room, asked[0].state[room]["legal"][0])


def _state_of_deal(deal: int) -> Callable[[dict[str, Any]], bool]:
    return lambda m: m["type"] == "state" and m["deal"] == deal


def test_the_room_is_finished_at_debo_before_its_last_deal(database_url: str) -> None:
    """A low 钵 (bo_target 10) is won within a few deals of the 40 allowed: the match ends
    there, the room says finished, and the last deal_end announces no next deal."""
    # a ping per peer after every move, several deals at full speed: far more than the
    # default 40-message burst per connection (a refused ping gets no pong)
    with running(database_url, seed=5, between_deals=600.0, burst=10**6,
                 rate_per_second=10**6) as client:
        people = [Api(client, f"d{i}") for i in range(3)]
        with ExitStack() as stack:
            room, peers = started(client, people, stack, game="xiushan", preset="bofu",
                                  deals=40, rules={"bo_target": 10})
            for played in range(1, 41):
                end = _play_to_deal_end(peers, room)
                if end["next_deal_in_ms"] is None:
                    break
                for p in peers:
                    p.send({"type": "ready", "room": room})
                for p in peers:
                    p.until(_state_of_deal(played))
        assert played < 40, "the 钵 was never won"
        summary = people[0].call("GET", f"/api/rooms/{room}")["room"]
        assert summary["status"] == "finished"
        assert any(end["settlement"]["deltas"])  # 得一钵 is settled by the differences
