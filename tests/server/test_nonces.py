"""Players' randomness in the seed (issue 7 §3): the server commits to its seed (and to
the 扳牌 seed of a match's first deal) in the ``shuffle`` message, each seated player's
client sends a nonce, the deal is dealt from the hash of all parts, and the reveal, the
record and ``/api/verify`` show every part and recompute the seeds. A seat that sends
nothing in the window contributes nothing; a bad nonce is refused and changes nothing;
no seat learns another's nonce (or anything else) before the deal ends."""

from __future__ import annotations

import io
import json
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from rich.console import Console
from server_helpers import Api, Message, Peer, act, peer, running, sqlite_url, to_act
from starlette.testclient import TestClient

from huapai.cli_support.verify import run_verify
from huapai.core.registry import get_game
from huapai.core.rng import seed_commitment
from huapai.server.fairness import banpai_seed, deal_seed, verify_text

NONCES = ["0123456789abcdef" * 2, "fedcba9876543210" * 4]


def _room(client: TestClient, people: list[Api]) -> str:
    """掀牛 with two people (seats 0, 1) and a bot (seat 2), one deal."""
    room = people[0].room(deals=1, tuoguan_after=600)
    for i, person in enumerate(people):
        person.call("POST", f"/api/rooms/{room}/seats/{i}")
    people[0].call("POST", f"/api/rooms/{room}/bots", {})
    return room


def _play_out(peers: list[Peer], room: str) -> Message:
    while True:
        state = peers[0].state[room]
        if state["view"].get("settlement"):
            return peers[0].next_of("deal_end")
        seat = to_act(state)[0]
        if seat < len(peers) and peers[seat].state[room]["legal"]:
            act(peers[seat], room)
        peers[0].until(lambda m: m["type"] == "state")
        for p in peers[1:]:
            p.quiet()


def test_nonces_go_into_the_seed_and_the_reveal_recomputes_it(tmp_path: Any) -> None:
    with running(sqlite_url(tmp_path), seed=11, nonce_window=20.0) as client:
        people = [Api(client, f"n{i}") for i in range(2)]
        room = _room(client, people)
        with ExitStack() as stack:
            peers = [stack.enter_context(peer(client, p.token)) for p in people]
            for p in peers:
                p.send({"type": "subscribe", "room": room})
                p.next_of("room")
            began = time.monotonic()
            shuffles: list[Message] = []
            answer: dict[str, Any] = {}
            caller = threading.Thread(target=lambda: answer.update(  # /start waits for
                start=people[0].call("POST", f"/api/rooms/{room}/start")))  # the window
            caller.start()
            for i, p in enumerate(peers):
                shuffle = p.next_of("shuffle")
                shuffles.append(shuffle)
                p.send({"type": "nonce", "room": room, "game_id": shuffle["game_id"],
                        "nonce": NONCES[i]})
            caller.join(timeout=20)
            assert "start" in answer
            assert time.monotonic() - began < 10  # every awaited seat answered: no wait
            first = shuffles[0]
            assert first["seats"] == [0, 1] and first == shuffles[1]
            assert first["banpai_commitment"] and first["commitment"]
            states = [p.next_of("state") for p in peers]
            assert all(s["game_id"] == first["game_id"] for s in states)
            assert all(s["commitment"] == first["commitment"] for s in states)
            for p, other in zip(peers, reversed(NONCES), strict=True):  # nobody sees
                assert other not in json.dumps(p.log)                  # another's nonce
            end = _play_out(peers, room)
        assert end["nonces"] == [NONCES[0], NONCES[1], None]
        assert seed_commitment(end["server_seed"]) == first["commitment"]
        assert seed_commitment(end["banpai_server_seed"]) == first["banpai_commitment"]
        assert end["seed"] == deal_seed(end["server_seed"], end["nonces"]) != end["server_seed"]
        verified = client.get(f"/api/verify/{end['game_id']}").json()
        assert verified["ok"] is True and verified["contributed"] == [0, 1]
        assert verified["nonces"] == end["nonces"]
        record = client.get(f"/api/replays/{end['game_id']}/record").text
    assert verify_text(record).ok
    path = tmp_path / "game.jsonl"  # huapai verify names the seats whose nonces went in
    path.write_text(record, encoding="utf-8")
    buffer = io.StringIO()
    assert run_verify(path, "zh", Console(file=buffer, width=200)) == 0
    said = buffer.getvalue()
    assert f"服务器种子 {end['server_seed']}（开局承诺是它的哈希）；" \
        "出了随机数的座位：0、1（" in said
    game = get_game("xianniu")
    header = json.loads(record.splitlines()[0])
    drawn = banpai_seed(end["banpai_server_seed"], end["nonces"])
    assert header["dealer"] == game.first_dealer(game.rules("lanzhou"), drawn)[0]
    changes: list[tuple[Callable[[dict[str, Any]], None], str]] = [
            (lambda h: h["nonces"].__setitem__(1, "00" * 8), "does not follow"),
            (lambda h: h.update(server_seed=h["server_seed"] + 1), "does not match"),
            (lambda h: h.update(banpai_server_seed=h["banpai_server_seed"] + 1),
             "does not match its commitment")]
    for change, problem in changes:
        lines = [json.loads(line) for line in record.splitlines()]
        change(lines[0])
        report = verify_text("\n".join(json.dumps(line) for line in lines))
        assert not report.ok
        assert any(problem in p.en for p in report.deals[0].problems), report.deals[0].problems


def test_a_silent_seat_contributes_nothing_and_bad_nonces_change_nothing(
        tmp_path: Any) -> None:
    with running(sqlite_url(tmp_path), seed=11, nonce_window=1.0) as client:
        people = [Api(client, f"s{i}") for i in range(2)]
        room = _room(client, people)
        watcher = Api(client, "watcher")
        with ExitStack() as stack:
            peers = [stack.enter_context(peer(client, p.token)) for p in people]
            spectator = stack.enter_context(peer(client, watcher.token))
            for p in [*peers, spectator]:
                p.send({"type": "subscribe", "room": room})
                p.next_of("room")
            early = {"type": "nonce", "room": room, "game_id": "x", "nonce": NONCES[0]}
            peers[0].send(early)  # no shuffle under way
            assert peers[0].next_of("error")["code"] == "nonce_late"
            answer: dict[str, Any] = {}
            caller = threading.Thread(target=lambda: answer.update(
                start=people[0].call("POST", f"/api/rooms/{room}/start")))
            began = time.monotonic()
            caller.start()
            shuffle = peers[0].next_of("shuffle")
            assert spectator.next_of("shuffle") == shuffle  # the commitment is public
            game_id = shuffle["game_id"]
            refusals: list[tuple[Peer, dict[str, Any], str]] = [
                (peers[0], {"nonce": "XYZ"}, "bad_message"),
                (peers[0], {"nonce": "ab" * 40}, "bad_message"),
                (peers[0], {"nonce": 12345}, "bad_message"),
                (peers[0], {"game_id": "another"}, "stale"),
                (spectator, {}, "not_seated"),
            ]
            for who, change, code in refusals:
                who.send({"type": "nonce", "room": room, "game_id": game_id,
                          "nonce": NONCES[0], **change})
                assert who.next_of("error")["code"] == code, change
            peers[0].send({"type": "nonce", "room": room, "game_id": game_id,
                           "nonce": NONCES[0]})
            peers[0].send({"type": "nonce", "room": room, "game_id": game_id,
                           "nonce": NONCES[1]})  # a second one is refused
            assert peers[0].next_of("error")["code"] == "nonce_taken"
            caller.join(timeout=20)  # seat 1 stays silent: the window runs out
            assert "start" in answer and time.monotonic() - began >= 0.9
            for p in peers:
                p.next_of("state")
            end = _play_out(peers, room)
        assert end["nonces"] == [NONCES[0], None, None]
        verified = client.get(f"/api/verify/{end['game_id']}").json()
        assert verified["ok"] is True and verified["contributed"] == [0]
