"""快捷语: a seated player's quick phrase is said to everyone watching the room, by key;
a spectator, an unknown key or a flood is refused with a clear error that says nothing to
anyone else; phrases are kept nowhere (the deal's record and replay stay as they were)."""

from __future__ import annotations

from server_helpers import peer
from starlette.testclient import TestClient
from test_play import table

from huapai.server.phrases import KEYS, PHRASES


def test_welcome_lists_the_phrases(client: TestClient) -> None:
    from server_helpers import Api
    person = Api(client, "someone")
    with peer(client) as p:
        p.send({"type": "hello", "token": person.token})
        welcome = p.next_of("welcome")
    assert welcome["phrases"] == [{"key": k, "zh": zh, "en": en} for k, zh, en in PHRASES]
    assert all(item["zh"] and item["en"] for item in welcome["phrases"])


def test_a_phrase_reaches_every_watcher_by_key(client: TestClient) -> None:
    with table(client) as (room, _people, peers, spectator):
        peers[1].send({"type": "say", "room": room, "phrase": "nice"})
        for p in [*peers, spectator]:
            said = p.next_of("said")
            assert said == {"type": "said", "room": room, "seat": 1, "phrase": "nice"}


def test_refusals_name_what_was_wrong_and_tell_nobody(client: TestClient) -> None:
    with table(client) as (room, _people, peers, spectator):
        spectator.send({"type": "say", "room": room, "phrase": "nice"})
        assert spectator.next_of("error")["code"] == "not_seated"
        peers[0].send({"type": "say", "room": room, "phrase": "shout"})
        error = peers[0].next_of("error")
        assert error["code"] == "unknown_phrase" and "hurry" in error["message"], error
        peers[0].send({"type": "say", "room": room})
        assert peers[0].next_of("error")["code"] == "bad_message"
        for _ in range(3):  # three at once, then one every few seconds
            peers[2].send({"type": "say", "room": room, "phrase": "hurry"})
            peers[2].next_of("said")
        peers[2].send({"type": "say", "room": room, "phrase": "hurry"})
        assert peers[2].next_of("error")["code"] == "rate_limited"
        for p in [peers[0], peers[1], spectator]:
            heard = [p.next_of("said") for _ in range(3)]
            assert all(m["seat"] == 2 for m in heard), heard
            after = p.quiet()  # the refused fourth, and the others' errors, reach nobody else
            assert not [m for m in after if m["type"] in ("said", "error")], after
    assert "hurry" in KEYS
