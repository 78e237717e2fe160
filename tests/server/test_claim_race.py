"""The claim race players hit in 双别杆 (issue "What players and the seeds found" §2): the
other seat answers a discard just before my click. My answer is still an answer to the
same choice (another seat's answer changes nobody's options), so it is accepted; a move
whose options really changed since its view, or a frame sent twice, is still refused."""

from __future__ import annotations

from contextlib import ExitStack

from server_helpers import Api, Message, Peer, act, peer, to_act, until_window
from starlette.testclient import TestClient


def _start(client: TestClient, stack: ExitStack) -> tuple[str, list[Peer]]:
    people = [Api(client, f"抢{i}") for i in range(3)]
    room = people[0].room(game="biegan", preset="gongan")
    for i, person in enumerate(people):
        person.call("POST", f"/api/rooms/{room}/seats/{i}")
    peers = [stack.enter_context(peer(client, p.token)) for p in people]
    for p in peers:
        p.send({"type": "subscribe", "room": room})
    people[0].call("POST", f"/api/rooms/{room}/start")
    for p in peers:
        p.next_of("state")
    return room, peers


def _reply(p: Peer) -> Message:
    return p.until(lambda m: m["type"] in ("state", "error"))


def test_an_answer_sent_just_after_the_other_seats_answer_is_accepted(
        client: TestClient) -> None:
    with ExitStack() as stack:
        room, peers = _start(client, stack)
        # `second` may claim (a seat that can only say 过 has no button: the server says it)
        second, first = until_window(peers, room, choosing=1)[:2]
        seen = peers[second].state[room]  # the view `second` clicks on
        if peers[first].state[room]["automatic"] is None:
            act(peers[first], room, "过")
        assert _reply(peers[first])["type"] == "state"  # `first` answered (or was answered)
        # `second` hears nothing of it (who answered, and when, is the answerer's own:
        # it told the table who could claim), so it answers from the view it had
        assert not [m for m in peers[second].quiet() if m["type"] == "state"]
        peers[second].send({"type": "act", "room": room, "counter": seen["counter"],
                            "action": "过"})
        answer = _reply(peers[second])
        assert answer["type"] == "state", answer
        # the same frame again: its move is spent, so it is stale now
        peers[second].send({"type": "act", "room": room, "counter": seen["counter"],
                            "action": "过"})
        again = peers[second].until(lambda m: m["type"] == "error")
        assert again["code"] in ("stale", "not_your_turn", "illegal_action"), again


def test_a_move_from_a_view_whose_options_changed_is_stale(client: TestClient) -> None:
    with ExitStack() as stack:
        room, peers = _start(client, stack)
        seat = to_act(peers[0].state[room])[0]
        old = peers[seat].state[room]["counter"]
        act(peers[seat], room)
        for p in peers:
            p.until(lambda m: m["type"] == "state")
        nxt = to_act(peers[0].state[room])[0]
        stale = old if nxt == seat else peers[nxt].state[room]["counter"] - 1
        peers[nxt].send({"type": "act", "room": room, "counter": stale,
                         "action": peers[nxt].state[room]["legal_text"][0]})
        error = peers[nxt].until(lambda m: m["type"] == "error")
        assert error["code"] == "stale"
