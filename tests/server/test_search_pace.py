"""A room's search bot answers every decision at one pace, forced or not, so that how
soon it answers tells the other seats nothing of what it holds (huapai.bots.pace).

Before, a search bot with one legal action answered at once and one with a choice after
its search: in a 双别杆 claim window, how long the window stayed open after my discard
said whether a bot could 对 / 胡 it."""

from __future__ import annotations

import time
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Api, Message, Peer, act, running, sqlite_url, subscribed, to_act
from starlette.testclient import TestClient

PACE = 0.4


def _discard(state: Message) -> int | None:
    for info in state["legal_info"]:
        if info.get("kind") == "discard":
            action: int = info["id"]
            return action
    return None


def _window_after_my_discard(p: Peer, room: str, action: int) -> float | None:
    """Discard ``action``; the seconds from sending it to the state that closes the claim
    window it opened (None if it opened none). Sent-to-seen can only overstate how long
    the window stayed open, never understate it."""
    sent = time.monotonic()
    act(p, room, action)
    opened = False
    while True:
        state = p.until(lambda m: m["type"] == "state" and m["room"] == room)
        if state["view"].get("phase") == "window":
            opened = True
            continue
        return time.monotonic() - sent if opened else None


def _windows(client: TestClient, bot: str, bot_delay: float, count: int) -> list[float]:
    """A 双别杆 room: me at seat 0, ``bot`` at seats 1 and 2; how long each claim window
    that one of my discards opened stayed open, for ``count`` of them (or one deal)."""
    with ExitStack() as stack:
        a = Api(client, "a")
        room = a.room(game="biegan", preset="gongan", bot_delay=bot_delay)
        a.call("POST", f"/api/rooms/{room}/seats/0")
        a.call("POST", f"/api/rooms/{room}/bots", {"seats": [1, 2], "bot": bot})
        (p,) = subscribed(client, [a], room, stack)
        p.next_of("room")
        a.call("POST", f"/api/rooms/{room}/start")
        state = p.until(lambda m: m["type"] == "state")
        windows: list[float] = []
        while len(windows) < count and state["view"].get("phase") != "over":
            if 0 in to_act(state) and state["legal"]:
                discard = _discard(state)
                if discard is not None and state["view"].get("phase") == "turn":
                    shut = _window_after_my_discard(p, room, discard)
                    if shut is not None:
                        windows.append(shut)
                    state = p.state[room]
                    continue
                act(p, room, "过" if "过" in state["legal_text"] else None)
            state = p.until(lambda m: m["type"] == "state" and m["room"] == room)
        assert windows, "no window after a discard of mine"
        return windows


def test_a_search_bot_answers_a_claim_window_at_its_pace_whatever_it_holds(
        tmp_path: Path) -> None:
    with running(sqlite_url(tmp_path), search_pace=PACE) as client:
        windows = _windows(client, "search:入门", 0, 4)
    assert min(windows) >= PACE * 0.99, windows


def test_registered_bots_answer_a_window_together_after_the_bot_pause(tmp_path: Path) -> None:
    """Each bot is asked once per question: the first bot's 过 does not set the second
    one's pause back, so a window of two bots lasts one pause, not two (before, 2.0 s and
    more at a pause of 1 s)."""
    with running(sqlite_url(tmp_path)) as client:
        windows = _windows(client, "heuristic", 1.0, 3)
    assert min(windows) >= 0.99, windows
    assert max(windows) < 1.8, windows


def test_a_search_answer_to_an_old_question_leaves_the_new_one_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A search that ends after its seat was asked something else (a claim ahead closed
    the window, say) is dropped: its answer must not take the timer of the question the
    seat is asked now, or that question would never be answered."""
    seen: dict[str, Any] = {}

    async def search_meanwhile(game: Any, rules: Any, spec: str, seed: int, state: Any,
                               seat: int, legal: Sequence[int], until: float) -> int:
        turns = seen["room"].turns
        turns.questions[seat] = ("asked", "something", "else", True)  # while it thought
        turns.room.timers.later(f"bot{seat}", 60, lambda: None)  # that question's answer
        seen["timer"] = turns.room.timers.handles[f"bot{seat}"]
        seen["seat"] = seat
        return legal[0]

    monkeypatch.setattr("huapai.server.turns.search_choice", search_meanwhile)
    with running(sqlite_url(tmp_path), search_pace=0.2) as client:
        a = Api(client, "a")
        room = a.room()  # 掀牛: the bots' first question is a real choice
        seen["room"] = client.app.state.platform.rooms[room]  # type: ignore[attr-defined]
        a.call("POST", f"/api/rooms/{room}/bots", {"seats": [0, 1, 2], "bot": "search:入门"})
        a.call("POST", f"/api/rooms/{room}/start")
        for _ in range(50):
            if "timer" in seen:
                break
            time.sleep(0.05)
        time.sleep(0.5)  # past the old question's pace
        timers = seen["room"].timers.handles
        assert timers.get(f"bot{seen['seat']}") is seen["timer"]
