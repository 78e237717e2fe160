"""复盘分析 over REST: a background job per finished game, seat and level, polled for its
progress; the replay rules decide who may review; bad input is refused by name."""

from __future__ import annotations

import json
import os
import threading
import time
from contextlib import ExitStack
from typing import Any

from server_helpers import Api, Peer, act, peer, played_by_tuoguan, subscribed
from starlette.testclient import TestClient

from huapai.bots.registry import make_bot
from huapai.core import record
from huapai.core.match import Match
from huapai.core.registry import get_game
from huapai.server import children, reviews


def _finished_game(client: TestClient, a: Api, **settings: Any) -> str:
    """A one-deal room: ``a`` at seat 0 playing first legal moves, two heuristic bots."""
    room = a.room(**settings)
    path = f"/api/rooms/{room}"
    a.call("POST", f"{path}/seats/0")
    a.call("POST", f"{path}/bots", {})
    with ExitStack() as stack:
        (p,) = subscribed(client, [a], room, stack)
        p.next_of("room")
        a.call("POST", f"{path}/start")
        _play_out(p, room)
    (game,) = a.call("GET", f"/api/replays?room={room}")["replays"]
    game_id: str = game["id"]
    return game_id


def _play_out(p: Peer, room: str) -> None:
    while True:
        message = p.recv()
        if message["type"] == "match_end":
            return
        if message["type"] == "state" and 0 in message["view"]["to_act"]:
            act(p, room)


def _finished(a: Api, job_id: str, limit: float = 120.0) -> dict[str, Any]:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        job: dict[str, Any] = a.call("GET", f"/api/reviews/{job_id}")["review"]
        assert job["done"] <= job["total"] or job["total"] == 0
        if job["status"] in ("done", "failed"):
            return job
        time.sleep(0.2)
    raise AssertionError("the review did not finish")


def test_a_review_runs_in_the_background_and_lists_the_seat_s_decisions(
        client: TestClient) -> None:
    a = Api(client, "a")
    game_id = _finished_game(client, a)
    gate = threading.Event()  # the review pool's one thread is busy until the gate opens,
    busy = reviews.POOL.submit(gate.wait, 60)  # so the answer cannot race the job
    try:
        started = a.call("POST", f"/api/replays/{game_id}/review",
                         {"seat": 0, "level": "入门"}, status=202)["review"]
        assert started["status"] == "queued" and started["result"] is None
        again = a.call("POST", f"/api/replays/{game_id}/review",
                       {"seat": 0, "level": "beginner"}, status=202)["review"]
        assert again["id"] == started["id"]  # the same game, seat and level: the same job
    finally:
        gate.set()
    assert busy.result(timeout=60)
    job = _finished(a, started["id"])
    assert job["status"] == "done" and job["done"] == job["total"] > 0
    result = job["result"]
    replay = a.call("GET", f"/api/replays/{game_id}?seat=0")
    steps = replay["steps"]
    assert len(result["decisions"]) == job["total"] == result["summary"]["decisions"]
    for d in result["decisions"]:
        step = steps[d["index"]]
        assert step["seat"] == 0 and step["action"] == d["chosen"]  # seat 0's own moves
        assert d["move"] == d["index"] + 1 and isinstance(d["mistake"], bool)
        assert set(d["chosen_label"]) >= {"zh", "en"} and d["chosen_mean"] is not None
        assert {o["action"] for o in d["options"]} >= {d["chosen"], d["advised"]}
        assert d["mistake"] == (d["advised"] != d["chosen"] and d["cost"] >= 1.0)
    assert result["summary"]["mistakes"] == sum(d["mistake"] for d in result["decisions"])


def test_reviews_follow_the_replay_rules_and_refuse_bad_input(client: TestClient) -> None:
    a, stranger = Api(client, "a"), Api(client, "stranger")
    public = _finished_game(client, a)
    secret = _finished_game(client, a, private=True)
    path = f"/api/replays/{public}/review"
    assert stranger.error("POST", f"/api/replays/{secret}/review", {"seat": 0}) == \
        "replay_not_found"
    for bad in (3, -1, "0", True, None):
        assert a.error("POST", path, {"seat": bad}) == "bad_seat"
    for bad in ("grandmaster", 5, ""):
        assert a.error("POST", path, {"seat": 1, "level": bad}) == "bad_level"
    assert a.error("GET", "/api/reviews/nope") == "review_not_found"
    assert a.error("GET", "/api/reviews/" + "x" * 100) == "review_not_found"
    # anyone may review any seat of a public game (as anyone may replay it), a bot's too
    job = stranger.call("POST", path, {"seat": 2, "level": "入门"}, status=202)["review"]
    assert _finished(stranger, job["id"])["status"] == "done"
    # a private game's review is read by who may read the game, not by its job's id alone
    # (a seat's every choice, read with no token: a hidden-information play-test)
    hidden = a.call("POST", f"/api/replays/{secret}/review", {"seat": 0, "level": "入门"},
                    status=202)["review"]
    assert stranger.error("GET", f"/api/reviews/{hidden['id']}") == "review_not_found"
    nobody = client.get(f"/api/reviews/{hidden['id']}")
    assert nobody.status_code == 404 and nobody.json()["error"]["code"] == "review_not_found"
    share = a.call("POST", f"/api/replays/{secret}/share", status=201)["share"]
    shared = stranger.call("GET", f"/api/reviews/{hidden['id']}?share={share}")["review"]
    assert shared["id"] == hidden["id"] and _finished(a, hidden["id"])["status"] == "done"


def test_a_running_review_holds_up_no_socket(client: TestClient) -> None:
    """The review searches in a process of its own (in a thread of the server's it held
    the interpreter's lock: every room's messages waited — bench/bench_review_isolation.py),
    and the server answers meanwhile."""
    a = Api(client, "a")
    game_id = _finished_game(client, a)
    running = reviews.reviews_of(client.app.state.platform).running  # type: ignore[attr-defined]
    pids: set[int] = set()
    with peer(client, a.token) as p:  # connected first, so the first ping meets the review
        job = a.call("POST", f"/api/replays/{game_id}/review", {"seat": 0, "level": "大师"},
                     status=202)["review"]
        answered = 0  # pings answered while the review ran
        while a.call("GET", f"/api/reviews/{job['id']}")["review"]["status"] != "done":
            pids |= {proc.pid for proc in list(running.procs) if proc.pid is not None}
            p.send({"type": "ping"})
            p.until(lambda m: m.get("type") == "pong")
            answered += 1
            time.sleep(0.1)
    assert answered and pids and os.getpid() not in pids, pids
    end = time.monotonic() + 10
    while running.procs and time.monotonic() < end:  # its process ends after its result
        time.sleep(0.05)
    assert not running.procs


def test_a_review_ends_with_its_server() -> None:
    """A stopping server kills the review it runs (its result lives in memory only) rather
    than wait for it; the job says it failed."""
    game = get_game("biegan")
    rules = game.rules("gongan")
    match = Match(game, rules, 1, 4)
    match.play([make_bot("heuristic", game, rules, s, s) for s in range(game.num_seats(rules))])
    _, deals = record.parse(record.dumps(match.record.lines()))
    running = reviews.Running()
    job = reviews.Job("stop", "g", 0, "大师")
    worker = threading.Thread(target=reviews._run, args=(job, deals[0], 1, running))
    worker.start()
    end = time.monotonic() + 60
    while job.status != "running" and time.monotonic() < end:
        time.sleep(0.05)
    assert job.status == "running" and running.procs
    running.stop()
    worker.join(timeout=20)
    assert not worker.is_alive() and job.status == "failed" and not running.procs
    assert not running.add(children.SPAWN.Process(target=print))  # none starts after


def test_moves_tuoguan_made_are_marked_and_not_reviewed(client: TestClient) -> None:
    """A deal 托管 played for seat 0 from its first move: the record marks each of those
    moves ``"by": "tuoguan"``, and the review finds no decision of the player's, counting
    them as stood in (a browser play-test was shown 托管's move as its big mistake)."""
    a = Api(client, "a")
    game_id = played_by_tuoguan(client, a, a.room())
    text = client.get(f"/api/replays/{game_id}/record", headers=a.headers).text
    own = [line for line in map(json.loads, text.splitlines())
           if line.get("type") == "action" and line["seat"] == 0]
    assert own and all(line.get("by") == "tuoguan" for line in own)
    started = a.call("POST", f"/api/replays/{game_id}/review", {"seat": 0, "level": "入门"},
                     status=202)["review"]
    summary = _finished(a, started["id"])["result"]["summary"]
    assert summary["decisions"] == 0 and summary["stood_in"] > 0
