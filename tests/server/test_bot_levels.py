"""Bot levels in rooms: the owner seats ``search:<level>`` per seat, the search bot
thinks off the event loop, and it decides from its seat's information only."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
import time
from concurrent.futures.process import BrokenProcessPool
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Api, Peer, act, run_alone, running, sqlite_url, subscribed, to_act
from starlette.testclient import TestClient

from huapai.bots.levels import LEVELS
from huapai.bots.registry import make_bot
from huapai.core.protocol import Game
from huapai.core.registry import get_game
from huapai.core.session import decide
from huapai.server import botplay, turns
from huapai.server.botplay import bot_choices, checked_spec, search_choice, search_pace
from huapai.server.errors import ServerError


def test_the_owner_picks_a_level_per_bot_seat(client: TestClient) -> None:
    a = Api(client, "a")
    room = a.room()
    path = f"/api/rooms/{room}"
    summary = a.call("GET", path)["room"]
    assert summary["bot_choices"] == ["heuristic", "random",
                                      *(f"search:{level}" for level in LEVELS)]
    assert set(summary["bot_paces"]) == {f"search:{level}" for level in LEVELS}
    for bad in ("search:grandmaster", "heuristic:高手", "search:", ":高手", "nope"):
        assert a.error("POST", f"{path}/bots", {"seats": [1], "bot": bad}) == "unknown_bot"
    assert all(s["bot"] is None for s in a.call("GET", path)["room"]["seats"])
    a.call("POST", f"{path}/bots", {"seats": [0], "bot": "search:expert"})
    a.call("POST", f"{path}/bots", {"seats": [1], "bot": "search:入门"})
    seats = a.call("POST", f"{path}/bots", {"seats": [2], "bot": "random"})["room"]["seats"]
    assert [s["bot"] for s in seats] == ["search:高手", "search:入门", "random"]
    a.call("DELETE", f"{path}/seats/0")
    seats = a.call("POST", f"{path}/bots", {"seats": [0], "bot": "search"})["room"]["seats"]
    assert seats[0]["bot"] == "search:普通"  # a bare "search" is the default level


def test_the_summary_says_each_level_s_pace_and_its_window_pace(client: TestClient) -> None:
    """A family with claim windows (双别杆) says how long each search level takes over a
    move and over its answer to a discard (大师 5 s and 2 s); 掀牛 has no windows."""
    a = Api(client, "a")
    biegan = a.call("GET", f"/api/rooms/{a.room(game='biegan', preset='gongan')}")["room"]
    assert biegan["bot_paces"]["search:大师"] == 5.0
    assert biegan["bot_window_paces"] == {"search:入门": 0.5, "search:普通": 1.0,
                                          "search:高手": 2.0, "search:大师": 2.0}
    xianniu = a.call("GET", f"/api/rooms/{a.room()}")["room"]
    assert xianniu["bot_paces"]["search:大师"] == 5.0 and xianniu["bot_window_paces"] == {}


def test_a_room_asks_its_search_bot_at_the_window_pace_in_a_window(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """In a 双别杆 room the search bot's answers in claim windows are paced as windows
    (``search_pace(window=True)``), its turns as turns."""
    asked: list[bool] = []
    real = search_pace

    def spy(game: Game[Any, Any], text: str, bot_delay: float, override: float | None = None,
            window: bool = False) -> float:
        asked.append(window)
        return real(game, text, bot_delay, override, window)

    monkeypatch.setattr(turns, "search_pace", spy)
    with running(sqlite_url(tmp_path), search_pace=0.05) as client:
        a = Api(client, "a")
        room = a.room(game="biegan", preset="gongan")
        path = f"/api/rooms/{room}"
        a.call("POST", f"{path}/bots", {"seats": [0], "bot": "search:入门"})
        a.call("POST", f"{path}/bots", {"seats": [1, 2], "bot": "heuristic"})
        with ExitStack() as stack:
            (p,) = subscribed(client, [a], room, stack)
            a.call("POST", f"{path}/start")
            while p.recv(timeout=60)["type"] != "match_end":
                pass
    assert True in asked and False in asked, asked


def test_the_owner_changes_a_seated_bot_and_bad_changes_change_nothing(
        client: TestClient) -> None:
    """``PATCH /api/rooms/{room}/seats/{seat} {"bot": spec}`` changes a seated bot's kind or
    level before the match; every bad request is refused, naming what was wrong, and the
    seats stay as they were."""
    a, b = Api(client, "a"), Api(client, "b")
    room = a.room()
    path = f"/api/rooms/{room}"
    a.call("POST", f"{path}/seats/0")
    a.call("POST", f"{path}/bots", {"seats": [1, 2], "bot": "heuristic"})
    seats = a.call("PATCH", f"{path}/seats/1", {"bot": "search:高手"})["room"]["seats"]
    assert [s["bot"] for s in seats] == [None, "search:高手", "heuristic"]
    before = a.call("GET", path)["room"]["seats"]
    for who, seat, body, code in (
            (a, 1, {"bot": "search:宗师"}, "unknown_bot"),
            (a, 1, {"bot": 3}, "bad_message"),
            (a, 1, {}, "bad_message"),
            (a, 0, {"bot": "random"}, "seat_out_of_range"),  # a player's seat, not a bot's
            (a, 7, {"bot": "random"}, "seat_out_of_range"),
            (b, 2, {"bot": "random"}, "not_owner")):
        assert who.error("PATCH", f"{path}/seats/{seat}", body) == code, (seat, body)
    assert a.call("GET", path)["room"]["seats"] == before
    a.call("POST", f"{path}/start")
    assert a.error("PATCH", f"{path}/seats/2", {"bot": "random"}) == "wrong_status"
    assert a.call("GET", path)["room"]["seats"][2]["bot"] == "heuristic"


def test_checked_specs_name_what_was_wrong() -> None:
    game = get_game("xianniu")
    rules = game.rules("lanzhou")
    assert checked_spec(game, rules, " search:master ") == "search:大师"
    assert checked_spec(game, rules, "heuristic") == "heuristic"
    for bad, said in (("search:grandmaster", "unknown level"), ("random:高手", "has no levels"),
                      ("nope", "unknown bot")):
        try:
            checked_spec(game, rules, bad)
        except ServerError as exc:
            assert exc.code == "unknown_bot" and said in exc.message
            assert "search:入门" in exc.message  # the choices are listed
        else:
            raise AssertionError(f"{bad!r} was accepted")
    assert "search:高手" in bot_choices(get_game("biegan"), get_game("biegan").rules("gongan"))


def _ping_ms(p: Peer) -> float:
    start = time.perf_counter()
    p.send({"type": "ping"})
    p.until(lambda m: m.get("type") == "pong")
    return (time.perf_counter() - start) * 1000


def test_search_bots_play_a_deal_and_never_hold_up_the_room(tmp_path: Path) -> None:
    """A person against 大师 and 入门: while 大师 thinks (its pace shortened to a second
    for the test: it still searches most of it), the person's socket answers a ping at
    once, and the deal is played to its end."""
    with running(sqlite_url(tmp_path), search_pace=1.0) as client:
        _against_search_bots(client)


def _against_search_bots(client: TestClient) -> None:
    a = Api(client, "a")
    room = a.room()
    path = f"/api/rooms/{room}"
    a.call("POST", f"{path}/seats/0")
    a.call("POST", f"{path}/bots", {"seats": [1], "bot": "search:大师"})
    a.call("POST", f"{path}/bots", {"seats": [2], "bot": "search:入门"})
    with ExitStack() as stack:
        (p,) = subscribed(client, [a], room, stack)
        p.next_of("room")
        a.call("POST", f"{path}/start")
        pings: list[float] = []
        bot_moves = {1: 0, 2: 0}
        while True:
            message = p.recv(timeout=60)
            if message["type"] == "match_end":
                break
            if message["type"] != "state":
                continue
            for event in message["events"]:
                if event.get("seat") in bot_moves:
                    bot_moves[event["seat"]] += 1
            seats = to_act(message)
            if 0 in seats:
                act(p, room)
            elif 1 in seats and len(pings) < 3:
                pings.append(_ping_ms(p))  # 大师 is thinking
        assert pings and max(pings) < 1000, pings
        assert bot_moves[1] > 0 and bot_moves[2] > 0


def _hidden_permuted(game: Game[Any, Any], state: Any, seat: int, salt: int) -> Any:
    for k in range(20):
        other = game.resample(state, seat, random.Random(salt * 100 + k))
        if game.omniscient(other) != game.omniscient(state):
            return other
    return None


def test_a_room_s_search_bot_sees_only_its_seat() -> None:
    """The room's path to the search bot (the pool, the room budget) chooses the same on
    states whose hidden cards were moved around (the seat's view unchanged)."""
    game = get_game("xianniu")
    rules = game.rules("lanzhou")
    bots = [make_bot("heuristic", game, rules, s, s) for s in range(3)]
    state, checked = game.new_game(rules, seed=11), 0
    while not game.is_over(state) and checked < 3:
        seat = game.to_act(state)[0]
        legal = list(game.legal_actions(state, seat))
        other = _hidden_permuted(game, state, seat, checked) if len(legal) > 1 else None
        if other is not None:
            assert game.observe(other, seat) == game.observe(state, seat)
            one, two = (run_alone(search_choice(game, rules, "search:入门", 5, s, seat, legal))
                        for s in (state, other))
            assert one == two and one in legal
            checked += 1
        state, _ = game.apply(state, seat, decide(bots[seat], game, state, seat, legal))
    assert checked == 3


def test_a_room_s_search_bot_thinks_in_a_process_of_its_own() -> None:
    """Not in a thread of the server's process, where it held the interpreter's lock and
    every room's messages waited (bench/bench_review_isolation.py); a search process that
    died costs the move it was thinking (the room's house bot plays it) and no more: the
    next search has a new one."""
    game = get_game("biegan")
    rules = game.rules("gongan")
    state = game.new_game(rules, seed=3)
    seat = game.to_act(state)[0]
    legal = list(game.legal_actions(state, seat))
    first = run_alone(search_choice(game, rules, "search:入门", 5, state, seat, legal))
    found = botplay.pool()
    workers = found.submit(os.getpid).result(timeout=30), os.getpid()
    assert workers[0] != workers[1]
    for proc in list(found._processes.values()):  # as the kernel's OOM killer would
        proc.kill()
    with pytest.raises(BrokenProcessPool):
        run_alone(search_choice(game, rules, "search:入门", 5, state, seat, legal))
    assert botplay.pool() is not found
    assert run_alone(search_choice(game, rules, "search:入门", 5, state, seat, legal)) == first


_DIES_BY_SIGNAL = """
import os, signal
from huapai.server import botplay
print(botplay.pool().submit(os.getpid).result(timeout=60), flush=True)
os.kill(os.getpid(), signal.SIGKILL)  # no exit handler runs (uvicorn re-raises a SIGTERM)
"""


def test_search_processes_end_with_their_server() -> None:
    """A server that ended by a signal left its search process running, an orphan (an
    operator's check after the move to processes): each watches its parent."""
    done = subprocess.run([sys.executable, "-c", _DIES_BY_SIGNAL], capture_output=True,
                          text=True, timeout=120)
    child = int(done.stdout.split()[0])
    end = time.monotonic() + 10
    while _alive(child) and time.monotonic() < end:
        time.sleep(0.1)
    assert not _alive(child)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/stat")
    return not (status.exists() and status.read_text().split(")")[-1].split()[0] == "Z")


def test_a_search_the_stopping_pool_dropped_is_the_house_bot_s() -> None:
    """A platform stopping shuts the process's search pool (its semaphores were reported
    leaked at a stop by signal); a search still waiting there — another platform's, in a
    test process — fails as an error, which the room answers with its house bot, rather
    than as a cancellation that would leave the seat unanswered."""
    game = get_game("biegan")
    rules = game.rules("gongan")
    state = game.new_game(rules, seed=3)
    seat = game.to_act(state)[0]
    legal = list(game.legal_actions(state, seat))
    # every process busy and every call the pool queues ahead of them (one per process and
    # one more) taken: the search waits among the pool's own pending work
    busy = [botplay.pool().submit(time.sleep, 1.5) for _ in range(2 * botplay.SEARCHES + 1)]
    stopper = threading.Timer(0.5, botplay.stop_searches)
    stopper.start()
    with pytest.raises(RuntimeError, match="search pool stopped"):
        run_alone(search_choice(game, rules, "search:入门", 5, state, seat, legal))
    stopper.join()
    assert all(f.result() is None for f in busy[:botplay.SEARCHES])  # those under way ran
    assert run_alone(search_choice(game, rules, "search:入门", 5, state, seat, legal)) in legal
