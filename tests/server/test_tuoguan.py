"""Turn clocks and 托管: a seat whose clock ran out twice in a row, or whose player dropped,
is played by the house bot until its player returns (one run-out: the house bot makes that
move only); a drop keeps the seat (drop ≠ leave)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from server_helpers import (
    Api,
    act,
    alone_with_bots,
    peer,
    played_by_tuoguan,
    running,
    sqlite_url,
    started,
    to_act,
    tuoguan_from_the_start,
)
from starlette.testclient import TestClient
from test_play import table


def test_clock_runs_out_then_the_player_takes_back(client: TestClient) -> None:
    with table(client, turn_clock=2) as (room, _people, peers, spectator):
        state = spectator.state[room]
        seat = to_act(state)[0]
        assert [c["seat"] for c in state["clocks"]] == [seat]
        assert 0 < state["clocks"][0]["remaining_ms"] <= 2000
        mover = peers[seat]
        tick = spectator.next_of("clock")
        assert tick["clocks"][0]["seat"] == seat
        # one slow answer: the house bot makes that move, and the seat stays the player's
        # (one missed clock put a slow player on 托管 for good: a play-test) ...
        played = mover.until(lambda m: m["type"] == "state" and bool(m["events"]))
        assert played["events"][0]["seat"] == seat and played["tuoguan"] == []
        # marked as made for the player, live to everyone as a reload's history marks it
        # (the clock ran out before all eyes; only a reload marked it before)
        assert played["events"][0].get("tuoguan") is True
        seen = spectator.until(lambda m: m["type"] == "state" and m["counter"] ==
                               played["counter"])
        assert [e.get("tuoguan") for e in seen["events"][:1] if e["seat"] == seat] == [True]
        said = mover.next_of("timed_out")
        assert said == {"type": "timed_out", "room": room, "seat": seat, "tuoguan": False,
                        "move": said["move"], "deadline": False}
        # the move made, as a message in both languages: the one the log shows
        assert said["move"]["zh"] and said["move"]["en"]
        # ... a second in a row puts it on 托管, and says so to the player (a badge alone
        # did: a play-test)
        flagged = spectator.until(lambda m: m["type"] == "room"
                                  and m["room"]["seats"][seat]["tuoguan"], limit=2000)
        assert flagged["room"]["status"] == "playing"
        assert mover.until(lambda m: m["type"] == "timed_out", limit=2000) == {
            "type": "timed_out", "room": room, "seat": seat, "tuoguan": True, "move": None,
            "deadline": False}
        mover.send({"type": "tuoguan", "room": room, "on": False})
        mover.until(lambda m: m["type"] == "room" and not m["room"]["seats"][seat]["tuoguan"])
        # said to that player alone
        others = [p for i, p in enumerate(peers) if i != seat] + [spectator]
        assert not [m for p in others for m in p.log
                    if m["type"] == "timed_out" and m["seat"] == seat]


def test_acting_takes_the_seat_back_from_the_bot(client: TestClient) -> None:
    with table(client, bot_delay=5) as (room, _people, peers, _spectator):
        seat = to_act(peers[0].state[room])[0]
        mover = peers[seat]
        mover.send({"type": "tuoguan", "room": room, "on": True})
        mover.until(lambda m: m["type"] == "room" and m["room"]["seats"][seat]["tuoguan"])
        act(mover, room)  # before the bot's 5 s are up
        moved = mover.next_of("state")
        assert moved["events"][0]["seat"] == seat and moved["tuoguan"] == []
        back = mover.next_of("room")
        assert not back["room"]["seats"][seat]["tuoguan"]


def test_drop_puts_the_seat_on_tuoguan_until_reconnect(client: TestClient) -> None:
    people = [Api(client, f"p{i}") for i in range(3)]
    room = people[0].room(tuoguan_after=0)
    for i, person in enumerate(people):
        person.call("POST", f"/api/rooms/{room}/seats/{i}")
    with peer(client, people[0].token) as owner:
        owner.send({"type": "subscribe", "room": room})
        owner.next_of("room")
        people[0].call("POST", f"/api/rooms/{room}/start")
        state = owner.next_of("state")
        # seats 1 and 2 never connected: once the match runs they are dropped players
        owner.until(lambda m: m["type"] == "room" and m["room"]["seats"][1]["tuoguan"]
                    and m["room"]["seats"][2]["tuoguan"])
        summary = people[0].call("GET", f"/api/rooms/{room}")["room"]
        assert [s["player"]["id"] for s in summary["seats"]] == [p.id for p in people]
        with peer(client, people[1].token) as back:
            back.send({"type": "subscribe", "room": room})
            restored = back.next_of("state")
            assert restored["seat"] == 1 and restored["view"]["hand"] is not None
            owner.until(lambda m: m["type"] == "room"
                        and not m["room"]["seats"][1]["tuoguan"])
        assert state["seat"] == 0


def test_a_clock_taken_back_from_tuoguan_counts_afresh(client: TestClient) -> None:
    """Two run-outs in a row put the seat on 托管; once the player takes it back, the next
    run-out is a first one again (the house bot makes that move, no 托管) — the seat's
    "missed" mark stayed and put a player who came back on 托管 at the next slow answer."""
    person = Api(client, "p0")
    room = person.room(game="biegan", preset="gongan", turn_clock=2)
    with alone_with_bots(client, person, room) as p:
        said = [p.until(lambda m: m["type"] == "timed_out", limit=5000)["tuoguan"]
                for _ in range(2)]
        assert said == [False, True]
        p.send({"type": "tuoguan", "room": room, "on": False})
        p.until(lambda m: m["type"] == "room" and not m["room"]["seats"][0]["tuoguan"])
        again = p.until(lambda m: m["type"] in ("timed_out", "deal_end"), limit=5000)
        assert again["type"] == "timed_out" and again["tuoguan"] is False


def test_tuoguan_says_a_persons_baozi_right_whatever_the_bots_error_rate(
        tmp_path: Path) -> None:
    """钵福 报数 practice with 机器人报错率: 托管 said wrong 报子 for a person, who paid
    吃包子 for them (a club-night play-test). A person's stand-in says them right; the
    bots keep the rate (100 %: every one of theirs wrong)."""
    with running(sqlite_url(tmp_path), seed=1) as client:
        owner = Api(client, "报数")
        room = owner.room(game="xiushan", preset="bofu", deals=1,
                          rules={"baoshu": "train", "bot_errors": 100})
        game_id = played_by_tuoguan(client, owner, room)
        shown = owner.call("GET", f"/api/replays/{game_id}?seat=all")
    said = [(e["seat"], e["said"] == e["correct"]) for e in _events(shown)
            if e.get("kind") == "announced"]
    assert {right for seat, right in said if seat == 0} == {True}
    assert {right for seat, right in said if seat != 0} == {False}


def _events(value: object) -> Iterator[dict[str, Any]]:
    """Every event object in a replay's JSON."""
    if isinstance(value, dict):
        if "kind" in value and "seat" in value:
            yield value
        for inner in value.values():
            yield from _events(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _events(inner)


def test_tuoguans_moves_are_marked_and_counted(client: TestClient) -> None:
    """A move 托管 made is marked ``"tuoguan": true`` on its own first event, live and in
    the history a reload brings (the log lost every mark on a reload: a play-test); taking
    the seat back says, to that player alone, how many moves 托管 made (the log's count
    was wrong: it shows no 过)."""
    owner = Api(client, "托管者")
    room = owner.room(deals=3, bot_delay=0.05)
    with tuoguan_from_the_start(client, owner, room) as p:
        marked: list[Any] = []
        while len(marked) < 3:
            state = p.next_of("state")
            marked += [e for e in state["events"] if e.get("tuoguan")]
        assert all(e["seat"] == 0 for e in marked), marked
        p.send({"type": "tuoguan", "room": room, "on": False})
        back = p.next_of("tuoguan_back")
        assert back["room"] == room and back["seat"] == 0 and back["moves"] >= len(marked)
        with peer(client, owner.token) as again:  # a reload: the history keeps the marks
            again.send({"type": "subscribe", "room": room})
            history = again.next_of("state")["history"]
            kept = [e for e in history if e.get("tuoguan")]
            assert kept and all(e["seat"] == 0 for e in kept), history


def test_the_count_says_how_many_deals_it_spans(client: TestClient) -> None:
    """托管 left on runs into the next deal (as after a drop): taking the seat back says
    the moves and that they span two deals (one number read as this deal's alone)."""
    owner = Api(client, "两局托管")
    room = owner.room(deals=3, bot_delay=0.05)
    with tuoguan_from_the_start(client, owner, room) as p:
        p.next_of("deal_end")
        p.until(lambda m: m["type"] == "state" and m.get("deal") == 1
                and any(e.get("tuoguan") for e in m["events"]))
        p.send({"type": "tuoguan", "room": room, "on": False})
        back = p.next_of("tuoguan_back")
        assert back["deals"] == 2 and back["moves"] >= 2, back
        p.send({"type": "tuoguan", "room": room, "on": True})  # a fresh count
        p.until(lambda m: m["type"] == "room" and m["room"]["seats"][0]["tuoguan"])
        p.send({"type": "tuoguan", "room": room, "on": False})
        again = p.next_of("tuoguan_back")
        assert again["deals"] <= 1, again


def test_an_answer_held_for_the_pause_takes_the_seat_back_at_once(tmp_path: Path) -> None:
    """A person's 过 at 请统 waits for the fixed pause (``Game.paced``); on 托管, the house
    bot answered first (its pace is shorter) and the person's answer was dropped — 3 of 3
    tries in a play-test. The answer takes the seat back when it is sent: the bot does
    not answer, the person's 过 is applied at the pause, unmarked."""
    with running(sqlite_url(tmp_path), auto_answer=3.0) as client, ExitStack() as stack:
        people = [Api(client, f"请统{i}") for i in range(3)]
        room, peers = started(client, people, stack, game="biegan", preset="gongan",
                              bot_delay=1.0)
        seat = to_act(peers[0].state[room])[0]
        mover = peers[seat]
        mover.send({"type": "tuoguan", "room": room, "on": True})
        mover.until(lambda m: m["type"] == "room" and m["room"]["seats"][seat]["tuoguan"])
        act(mover, room, "过")
        assert mover.next_of("tuoguan_back")["moves"] == 0
        moved = mover.until(lambda m: m["type"] == "state" and any(
            e["seat"] == seat for e in m["events"]))
        mine = [e for e in moved["events"] if e["seat"] == seat]
        assert mine[0]["kind"] == "qingtong_passed" and not mine[0].get("tuoguan"), moved
