"""A turn clock shorter than the answer pause (the room accepts both): a claim window's
answers still come at the pause. A person who answered in time keeps their answer (the
house bot's replaced it when the clock ran out), one who did not is answered 过 — and a
run-out there never counts towards 托管: a second one turned 托管 on, publicly, inside the
window, and only a seat with a choice could be, so the table learnt who could claim (a
hidden-information play-test, pt-bd). The answer so made is marked as 答话限时's is, to
its player alone while the deal runs (pt-be)."""

from __future__ import annotations

import time
from contextlib import ExitStack
from pathlib import Path

from server_helpers import (
    Api,
    Message,
    act,
    biegan_table,
    running,
    sqlite_url,
    started,
    until_window,
    window_closed,
)

CLOCK, PAUSE = 2, 4


def test_a_clock_shorter_than_the_pause_keeps_answers_and_never_turns_tuoguan_on(
        tmp_path: Path) -> None:
    with running(sqlite_url(tmp_path), auto_answer=0.3) as client, ExitStack() as stack:
        room, peers = biegan_table(client, stack, "钟", turn_clock=CLOCK, answer_pause=PAUSE)
        choosers: list[int] = []
        for _ in range(2):  # two run-outs in a row: the second put the seat on 托管
            asked = until_window(peers, room, moves=300, choosing=1)
            since = time.monotonic()
            chooser, others = asked[0], asked[1:]
            choosers.append(chooser)
            for seat in others:  # in time: held for the pause, and kept
                if peers[seat].state[room].get("automatic") is None:
                    act(peers[seat], room, "过")
            told = peers[chooser].until(lambda m: m["type"] == "timed_out")
            # said as 答话限时's answer is: time to answer up, no 托管 to follow
            assert told["tuoguan"] is False and told["deadline"] is True, told
            assert told["move"]["code"] == "pass", told
            window_closed(peers[others[0]], asked)
            # answered when the pause ended, not when the clock ran out
            assert time.monotonic() - since >= PAUSE - 0.6
            for p in peers:
                p.quiet()
        for seat, p in enumerate(peers):
            flipped = [m for m in p.log if m["type"] == "room"
                       and any(s["tuoguan"] for s in m["room"]["seats"])]
            assert not flipped, flipped[0]
            assert all(not m.get("tuoguan") for m in p.log if m["type"] == "state")
            if seat not in choosers:  # nobody's answer in time was made for them
                assert not [m for m in p.log if m["type"] == "timed_out"]
            # the clock's answers marked to their own player alone (a mark to all said the
            # seat had had a choice: pt-be)
            marks = [e for m in p.log for e in m.get("events", []) if e.get("tuoguan")]
            assert all(e["seat"] == seat and e.get("deadline") for e in marks), marks


def test_a_decision_after_ones_own_drawn_card_has_the_whole_clock(tmp_path: Path) -> None:
    """秀山: the drawer answers its own 堂子头 card (paced), then discards; the discard's
    decision has the whole clock — the pause on the card ate into it (5 of 15 s left, and a
    run-out there counted towards 托管: pt-be)."""
    clock = 8
    with running(sqlite_url(tmp_path), auto_answer=0.3) as client, ExitStack() as stack:
        people = [Api(client, f"摸{i}") for i in range(3)]
        room, peers = started(client, people, stack, game="xiushan", preset="shibafu",
                              turn_clock=clock, answer_pause=2)
        for _ in range(120):
            for p in peers:
                p.quiet()
            mover = next((i for i, p in enumerate(peers) if p.state[room].get("legal")), None)
            if mover is None:
                time.sleep(0.05)
                continue
            state = peers[mover].state[room]
            if state["view"]["phase"] == "drawn" and mover in state["view"]["to_act"]:
                # answered at once: its answer waits for the pause (2 s) all the same
                act(peers[mover], room, "过" if "过" in state["legal_text"] else None)
                turn = peers[mover].until(lambda m: m["type"] == "state" and bool(
                    m.get("legal")) and m["view"]["phase"] == "turn")
                mine = [c for c in turn["clocks"] if c["seat"] == mover]
                assert mine and mine[0]["remaining_ms"] > (clock - 1) * 1000, turn["clocks"]
                return
            counter: int = state["counter"]

            def moved(m: Message, c: int = counter) -> bool:
                return bool(m["type"] == "error" or (m["type"] == "state" and m["counter"] > c))

            act(peers[mover], room)
            peers[mover].until(moved)
        raise AssertionError("no seat answered its own drawn card")
