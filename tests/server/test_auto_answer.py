"""请统 with nothing to 紮 needs no click (issue "What players and the seeds found" §2):
the server says 不紮 for such a person after one fixed pause, the same for every seat;
the other seats learn nothing from it that an immediate 不紮 would not tell them, and a
seat that holds a four is asked as before."""

from __future__ import annotations

import time
from contextlib import ExitStack
from pathlib import Path

import pytest
from server_helpers import (
    Api,
    Message,
    Peer,
    act,
    biegan_table,
    running,
    sqlite_url,
    started,
    to_act,
    until_window,
)

PAUSE = 0.6


def _qingtong(state: Message) -> bool:
    return bool(state["view"].get("phase") == "qingtong")


def _events(state: Message) -> list[str]:
    return [e["kind"] for e in state["events"]]


def _after(peers: list[Peer], room: str) -> list[Message]:
    return [p.until(lambda m: m["type"] == "state" and m["room"] == room) for p in peers]


def test_a_seat_with_nothing_to_zha_is_answered_after_the_fixed_pause(tmp_path: Path) -> None:
    auto_seen = asked_seen = 0
    with running(sqlite_url(tmp_path), auto_answer=PAUSE) as client, ExitStack() as stack:
        people = [Api(client, f"统{i}") for i in range(3)]
        for _ in range(4):  # a few deals' 请统, until both cases came up
            # The pause is timed from a moment no later than the server's asking: before
            # the deal starts or before our last answer; each automatic answer since then
            # came a full pause after the one before (timing from the message that asked
            # would fail whenever this test read it late, on a loaded machine).
            since, chained = time.monotonic(), 0
            room, peers = started(client, people, stack, game="biegan", preset="gongan")
            states = [p.state[room] for p in peers]
            while _qingtong(states[0]):
                seat = to_act(states[0])[0]
                for other, state in enumerate(states):  # only the seat itself is told
                    if other != seat:
                        assert state["automatic"] is None
                if states[seat]["automatic"] is None:  # it holds a four: asked as before
                    assert len(states[seat]["legal"]) > 1
                    asked_seen += 1
                    since, chained = time.monotonic(), 0
                    act(peers[seat], room, "过")
                    states = _after(peers, room)
                    continue
                assert states[seat]["legal"] == [states[seat]["automatic"]]
                auto_seen += 1
                chained += 1
                states = _after(peers, room)  # nobody sends anything
                assert time.monotonic() - since >= chained * PAUSE * 0.99
                assert "qingtong_passed" in _events(states[seat])
                assert all(s["view"]["to_act"] != [seat] or not _qingtong(s) for s in states)
            people[0].call("POST", f"/api/rooms/{room}/leave")
            for p in people[1:]:
                p.call("POST", f"/api/rooms/{room}/leave")
            if auto_seen and asked_seen:
                break
    assert auto_seen, "no seat came to 请统 without a four"
    assert asked_seen, "no seat came to 请统 with a four"


def test_a_clicked_answer_comes_no_sooner_than_the_automatic_one(tmp_path: Path) -> None:
    """An immediate 不紮 (or 紮) is applied after the same pause as the automatic 不紮, so
    how soon a seat answered tells nobody whether it held a four; an illegal answer is
    still refused at once and changes nothing."""
    with running(sqlite_url(tmp_path), auto_answer=PAUSE) as client, ExitStack() as stack:
        people = [Api(client, f"快{i}") for i in range(3)]
        since = time.monotonic()  # no later than the asking (see the test above)
        room, peers = started(client, people, stack, game="biegan", preset="gongan")
        state = peers[0].state[room]
        seat = to_act(state)[0]
        mine = peers[seat].state[room]
        faces = [ch for ch in mine["view"]["hand"] if ch not in "*赖"]
        scarce = min(faces, key=faces.count)  # a face it holds fewer than four of
        peers[seat].send({"type": "act", "room": room, "counter": mine["counter"],
                          "action": f"紮 {scarce}"})
        refused = peers[seat].until(lambda m: m["type"] in ("error", "state"))
        assert refused["type"] == "error" and refused["code"] == "no_four", refused
        act(peers[seat], room, "过")
        after = _after(peers, room)
        assert time.monotonic() - since >= PAUSE * 0.99
        assert "qingtong_passed" in _events(after[seat])
        assert after[seat]["counter"] > mine["counter"]


@pytest.mark.parametrize(("game", "preset", "seats"), [("biegan", "gongan", 3),
                                                        ("xiushan", "maquefu", 4)])
def test_a_discard_with_nothing_to_claim_is_passed_for_the_seat(
        tmp_path: Path, game: str, preset: str, seats: int) -> None:
    """A claim window: a seat that can only say 过 is told the server will (``automatic``)
    and nobody clicks for it; the window closes no sooner than the fixed pause after the
    discard, whoever answered; a seat with a claim is asked as before."""
    pause = 0.3
    auto_windows = 0
    with running(sqlite_url(tmp_path), auto_answer=pause) as client, ExitStack() as stack:
        people = [Api(client, f"窗{i}") for i in range(seats)]
        room, peers = started(client, people, stack, game=game, preset=preset)
        since = time.monotonic()
        for _ in range(400):
            for p in peers:
                p.quiet()
            states = [p.state[room] for p in peers]
            phase, asked = states[0]["view"]["phase"], to_act(states[0])
            if phase == "over" or auto_windows >= 3:
                break
            if phase != "window":
                seat = asked[0]
                if states[seat]["automatic"] is None:  # (请统 without a four answers itself)
                    since = time.monotonic()
                    act(peers[seat], room)
                peers[seat].until(lambda m: m["type"] == "state")
                continue
            autos = [s for s in asked if states[s]["automatic"] is not None]
            for seat in asked:
                if seat in autos:
                    assert states[seat]["legal_text"] == ["过"]
                    assert states[seat]["legal"] == [states[seat]["automatic"]]
                else:  # it may claim: asked as before (过 where it may, else its claim)
                    assert len(states[seat]["legal"]) > 1 or states[seat]["legal_text"] != ["过"]
                    act(peers[seat], room, "过" if "过" in states[seat]["legal_text"] else None)
            peers[0].until(lambda m: m["type"] == "state" and m["view"]["phase"] != "window")
            assert time.monotonic() - since >= pause * 0.99  # every answer came after it
            auto_windows += bool(autos)
            since = time.monotonic()
    assert auto_windows >= 3, f"only {auto_windows} windows had a seat with nothing to claim"


def test_a_claim_windows_clocks_do_not_tell_who_has_a_choice(tmp_path: Path) -> None:
    """With a turn clock, a window showed a countdown only over a person who could claim
    (和) — the seats with nothing to do were answered for without one — so every other
    seat learned who could 和 (a play-test, from the frames). Every person asked in a
    window has a clock in what every seat is sent, whether its answer is made for it."""
    mixed = 0
    with running(sqlite_url(tmp_path), auto_answer=0.3) as client, ExitStack() as stack:
        room, peers = biegan_table(client, stack, "钟", turn_clock=30)
        for _ in range(6):
            asked = until_window(peers, room, moves=200, choosing=1)
            states = [p.state[room] for p in peers]
            autos = [s for s in asked if states[s]["automatic"] is not None]
            mixed += bool(autos)
            for state in states:  # the same clocks whoever looks
                assert {c["seat"] for c in state["clocks"]} == set(asked), (asked, state)
            if mixed >= 2:
                break
            counter: int = states[asked[0]]["counter"]
            for seat in asked:
                if seat not in autos:
                    act(peers[seat], room, "过")

            def moved(m: Message, c: int = counter, a: list[int] = asked) -> bool:
                return bool(m["type"] == "state" and to_act(m) != a and m["counter"] > c)

            peers[asked[0]].until(moved)
    assert mixed, "no window had a seat with a choice beside one answered for"


def test_an_answer_in_a_window_is_told_to_nobody_else(tmp_path: Path,
                                                      toy_games: None) -> None:
    """Each answer in a claim window was published as it came ("seat 0 answered", and
    ``to_act`` shrank), so a seat still deciding after the others' answers — one that could
    claim — stood out (a play-test measured 9 s against the automatic 1 s). Until the
    window closes nobody else hears of an answer: no message at all (no counter moves),
    ``to_act`` keeps every asked seat, and the clocks too; the answering seat hears it."""
    with running(sqlite_url(tmp_path), auto_answer=0.0) as client, ExitStack() as stack:
        people = [Api(client, f"窗{i}") for i in range(3)]
        room, peers = started(client, people, stack, game="toy", preset="trio",
                              turn_clock=30)
        first, *rest = until_window(peers, room)  # the toy game asks every seat
        others = [p for i, p in enumerate(peers) if i != first]
        before = [p.state[room] for p in others]
        act(peers[first], room, "pass")
        mine = peers[first].until(lambda m: m["type"] in ("state", "error"))
        assert mine["type"] == "state" and first not in to_act(mine), mine
        assert set(rest) <= set(to_act(mine))
        for p, was in zip(others, before, strict=True):
            came = [m for m in p.quiet() if m["type"] == "state"]
            assert not came, came
            assert p.state[room]["counter"] == was["counter"]
            assert first in to_act(p.state[room])
            assert first in {c["seat"] for c in p.state[room]["clocks"]}
        last = rest[-1]
        for seat in rest:  # the window closes: everyone hears of it, not of the answers
            act(peers[seat], room, "pass")
            peers[seat].until(lambda m: m["type"] in ("state", "error"))
        closed = peers[first].until(lambda m: m["type"] == "state" and last not in to_act(m)
                                    and m["view"]["phase"] != "window")
        assert not [e for e in closed["events"] if e["kind"] == "answered"], closed["events"]


def test_a_rooms_answer_pause_holds_every_answer_that_long(tmp_path: Path) -> None:
    """答话等待: a room may pause answers longer than the server's 1 s (a person thinking
    past the pause showed the table that they could claim — two play-tests): each 请统 pass
    made for a seat with nothing to 紮 comes a whole room pause after the one before, not
    the server's shorter one; the lobby offers it only for families with such answers."""
    room_pause = 3 * PAUSE
    with running(sqlite_url(tmp_path), auto_answer=PAUSE) as client, ExitStack() as stack:
        people = [Api(client, f"等{i}") for i in range(3)]
        assert people[0].call("GET", "/api/games/biegan")["paced_answers"] is True
        assert people[0].call("GET", "/api/games/xianniu")["paced_answers"] is False
        since, chained = time.monotonic(), 0  # as the test above times it
        room, peers = started(client, people, stack, game="biegan", preset="gongan",
                              answer_pause=room_pause)
        assert people[0].call("GET", f"/api/rooms/{room}")["room"]["answer_pause"] == room_pause
        states, passes = [p.state[room] for p in peers], 0
        while _qingtong(states[0]):
            seat = to_act(states[0])[0]
            if states[seat]["automatic"] is None:  # a four: the test passes at once
                since, chained = time.monotonic(), 0
                act(peers[seat], room, "过")
                states = _after(peers, room)
                continue
            passes += 1
            chained += 1
            states = _after(peers, room)
            assert time.monotonic() - since >= chained * room_pause * 0.99
        assert passes, "nobody came to 请统 without a four"


@pytest.mark.parametrize(("value", "said"), [
    (6, "答话等待：6 不在 0 到 5 之间"), ("2", "答话等待：应为数字"), (True, "答话等待：应为数字")])
def test_a_bad_answer_pause_is_refused_by_name(tmp_path: Path, value: object, said: str) -> None:
    with running(sqlite_url(tmp_path)) as client:
        owner = Api(client, "乱填")
        body = owner.call("POST", "/api/rooms", {"game": "biegan", "answer_pause": value}, 400)
        assert body["error"]["code"] == "bad_settings" and said in body["error"]["message"]
