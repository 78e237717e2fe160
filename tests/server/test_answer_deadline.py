"""答话限时 (a room's choice, off by default): the answer pause is also the time to answer.
A person still thinking when it ends is answered for — 过 where they may pass — so a claim
window lasts the pause whether or not anybody could claim, and its length tells nothing
(with the pause alone, a person thinking past it kept the window open: two play-tests).
The seat alone sees its time to answer and hears which answer was made."""

from __future__ import annotations

import time
from contextlib import ExitStack
from pathlib import Path

from server_helpers import (
    Api,
    Message,
    act,
    biegan_table,
    peer,
    running,
    sqlite_url,
    started,
    until_window,
    window_closed,
)

PAUSE = 1.5  # long enough for until_window's own answers on a loaded machine


def test_a_person_who_does_not_answer_in_time_is_answered_pass(tmp_path: Path) -> None:
    with running(sqlite_url(tmp_path), auto_answer=0.3) as client, ExitStack() as stack:
        people = [Api(client, f"限{i}") for i in range(3)]
        room, peers = started(client, people, stack, game="biegan", preset="gongan",
                              answer_pause=PAUSE, answer_deadline=True)
        summary = people[0].call("GET", f"/api/rooms/{room}")["room"]
        assert summary["answer_deadline"] is True and summary["answer_pause"] == PAUSE
        asked = until_window(peers, room, moves=200, choosing=1)
        seen = time.monotonic()  # no sooner than the window's asking
        chooser = asked[0]
        mine = peers[chooser].state[room]
        own = [c for c in mine["clocks"] if c["seat"] == chooser]
        assert own and own[0]["total_ms"] == PAUSE * 1000, mine["clocks"]
        assert 0 < own[0]["remaining_ms"] <= PAUSE * 1000
        for seat, p in enumerate(peers):  # nobody else is shown it
            if seat != chooser:
                assert all("total_ms" not in c for c in p.state[room]["clocks"])
        for seat in asked[1:]:  # the others answer at once; the chooser thinks on
            if peers[seat].state[room].get("automatic") is None:
                act(peers[seat], room, "过")
        mine_seen: list[Message] = []

        def seen_until_told(m: Message) -> bool:
            mine_seen.append(m)
            return bool(m["type"] == "timed_out")

        told = peers[chooser].until(seen_until_told)
        assert told["deadline"] is True and told["tuoguan"] is False
        assert told["move"]["code"] == "pass", told
        other = next(s for s in range(3) if s != chooser)
        theirs: list[Message] = []
        window_closed(peers[other], asked)  # closed by the deadline, with nobody's click
        theirs += peers[other].quiet()
        assert time.monotonic() - seen <= PAUSE + 10
        mine_seen += peers[chooser].quiet()
        assert not [m for m in mine_seen[mine_seen.index(told) + 1:] if m["type"] == "timed_out"]
        # the answer is marked as made for them in their own log alone: to the others the
        # mark would say the seat was still thinking, so it had a choice — not even after a
        # reload, which logs the deal again from its record
        assert _marked(mine_seen, chooser) and not _marked(theirs, chooser)
        # as the deadline's, not 托管's (the log read （托管）, and 托管 never came on)
        assert all(e.get("deadline") is True for e in _marked(mine_seen, chooser))
        for seat, expected in ((other, False), (chooser, True)):
            with peer(client, people[seat].token) as again:
                again.send({"type": "subscribe", "room": room})
                history = again.until(lambda m: m["type"] == "state" and "history" in m)
                marks = _marked([{"events": history["history"]}], chooser)
                assert bool(marks) is expected
                assert all(e.get("deadline") is True for e in marks)


def _marked(messages: list[Message], seat: int) -> list[Message]:
    """The events among ``messages``' that say a move was made for ``seat``'s player."""
    return [e for m in messages for e in m.get("events", []) if e.get("tuoguan")
            and e.get("seat") == seat]


def test_an_answer_within_the_pause_is_kept_and_nothing_is_made_for_it(
        tmp_path: Path) -> None:
    with running(sqlite_url(tmp_path), auto_answer=0.3) as client, ExitStack() as stack:
        room, peers = biegan_table(client, stack, "及", answer_pause=PAUSE, answer_deadline=True)
        asked = until_window(peers, room, moves=200, choosing=1)
        for seat in asked:
            if peers[seat].state[room].get("automatic") is None:
                act(peers[seat], room, "过")
        window_closed(peers[asked[0]], asked)
        time.sleep(0.3)
        for p in peers:
            assert not [m for m in p.quiet() if m["type"] == "timed_out"]


def test_the_deadline_is_off_unless_chosen_and_refused_when_not_a_switch(
        tmp_path: Path) -> None:
    with running(sqlite_url(tmp_path)) as client:
        owner = Api(client, "限时")
        room = owner.room(game="biegan", preset="gongan")
        assert owner.call("GET", f"/api/rooms/{room}")["room"]["answer_deadline"] is False
        body = owner.call("POST", "/api/rooms", {"game": "biegan", "answer_deadline": "yes"},
                          400)
        assert body["error"]["code"] == "bad_settings"
        assert "答话限时：应为是或否" in body["error"]["message"]


def test_a_finished_replay_marks_the_deadlines_answer_as_its_own() -> None:
    """The replay's events (a seat's view and every hand open) mark an answer 答话限时 made
    ``"deadline": true`` beside ``"tuoguan": true``, so that its log does not call it
    托管's; a 托管 move is marked as before."""
    from huapai.core.registry import get_game
    from huapai.server.hub import stood_in
    from huapai.server.replays import _seen

    game = get_game("biegan")
    rules = game.rules("gongan")
    state = game.new_game(rules, seed=3)
    seat = game.to_act(state)[0]
    after, events = game.apply(state, seat, game.legal_actions(state, seat)[0])
    marked = stood_in(events, seat, True)
    assert marked is not None
    for viewer in (seat, "all"):
        _, seen = _seen(game, after, viewer, events, marked, "deadline")
        assert seen[0] == {**seen[0], "tuoguan": True, "deadline": True}
        _, plain = _seen(game, after, viewer, events, marked, "tuoguan")
        assert plain[0].get("tuoguan") is True and "deadline" not in plain[0]
