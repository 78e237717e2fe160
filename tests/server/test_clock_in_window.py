"""A turn clock shorter than the answer pause (the room accepts both): a claim window's
answers still come at the pause. A person who answered in time keeps their answer (the
house bot's replaced it when the clock ran out), one who did not is answered 过 — and a
run-out there never counts towards 托管: a second one turned 托管 on, publicly, inside the
window, and only a seat with a choice could be, so the table learnt who could claim (a
hidden-information play-test, pt-bd)."""

from __future__ import annotations

import time
from contextlib import ExitStack
from pathlib import Path

from server_helpers import (
    act,
    biegan_table,
    running,
    sqlite_url,
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
            assert told["tuoguan"] is False and told["deadline"] is False, told
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
