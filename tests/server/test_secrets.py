"""Hidden information never reaches a seat or spectator that may not see it.

Across many seeded games played by people on WebSockets (and a spectator), every state
message a viewer got is checked against the omniscient replay of the finished game: its
view is exactly ``observe(state, viewer)`` at that step and its events exactly
``for_viewer(viewer)`` — so nothing else can be in it — and, directly, no message to a
viewer carries another seat's hidden hand, 紧牌 discard, the deal or the seed before the
deal ends. Errors and the server's log lines are checked too.
"""

from __future__ import annotations

import json
import logging
import random
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Api, Message, Peer, peer, running, sqlite_url, to_act

from huapai.core.record import Replay, parse, replay_deal

CASES = [("lanzhou", {}), ("lanzhou-app", {}), ("fengxiang", {"players": 4}),
         ("fengxiang", {"players": 5}), ("fengxiang", {"players": 3})]


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value, ensure_ascii=False))


def _play(peers: list[Peer], room: str, rng: random.Random) -> None:
    spare = len(peers) - 1  # the spectator is last
    while True:
        state = peers[0].state[room]
        if state["view"].get("settlement") or not to_act(state):
            return
        seat = to_act(state)[0]
        mover = peers[seat]
        legal = mover.state[room]["legal"]
        if rng.random() < 0.1:  # now and then an illegal or out-of-turn try
            wrong = peers[(seat + 1) % spare]
            wrong.send({"type": "act", "room": room, "counter": wrong.state[room]["counter"],
                        "action": legal[0]})
            wrong.next_of("error")
        mover.send({"type": "act", "room": room, "counter": mover.state[room]["counter"],
                    "action": rng.choice(legal)})
        for p in peers:
            p.next_of("state")


def _states(p: Peer, room: str) -> list[Message]:
    return [m for m in p.log if m.get("type") == "state" and m["room"] == room]


def _check_viewer(replay: Replay, viewer: int | None, got: list[Message],
                  everything: list[Message]) -> None:
    game = replay.game
    states = [replay.initial, *(s.state for s in replay.steps)]
    assert len(got) == len(states), "one update per move, no more and no less"
    for index, (message, state) in enumerate(zip(got, states, strict=True)):
        assert message["seat"] == viewer
        assert message["view"] == _json(game.observe(state, viewer)), index
        hands = game.omniscient(state)["hands"]
        assert message["view"]["hand"] == (None if viewer is None else hands[viewer])
        if index:
            expected = [e.for_viewer(viewer).to_json() for e in replay.steps[index - 1].events]
            assert message["events"] == _json(expected), index
    _check_no_leak(replay, viewer, everything)


def _check_no_leak(replay: Replay, viewer: int | None, messages: list[Message]) -> None:
    game = replay.game
    deal_text = game.format_deal(replay.rules, game.deal_of(replay.initial))
    for message in messages:
        text = json.dumps(message, ensure_ascii=False)
        if message["type"] in ("deal_end", "match_end"):
            continue  # the deal is over: the seed is revealed on purpose
        assert deal_text not in text
        assert '"hands"' not in text and '"deal":"' not in text and '"discards"' not in text
        for event in (e for m in messages if m["type"] == "state" for e in m["events"]):
            if event["kind"] == "discarded" and event["seat"] != viewer:
                assert event["card"] is None


@pytest.mark.parametrize("case", range(len(CASES) * 6))
def test_no_message_carries_a_hidden_card(tmp_path: Path, case: int,
                                          caplog: pytest.LogCaptureFixture) -> None:
    preset, overrides = CASES[case % len(CASES)]
    rng = random.Random(case)
    caplog.set_level(logging.DEBUG)
    with running(sqlite_url(tmp_path), seed=1000 + case, burst=1000) as client:
        people = [Api(client, f"p{i}") for i in range(overrides.get("players", 3))]
        room = people[0].room(preset=preset, rules=overrides)
        for i, person in enumerate(people):
            person.call("POST", f"/api/rooms/{room}/seats/{i}")
        watcher = Api(client, "watcher")
        with ExitStack() as stack:
            peers = [stack.enter_context(peer(client, p.token)) for p in [*people, watcher]]
            for p in peers:
                p.send({"type": "subscribe", "room": room})
            people[0].call("POST", f"/api/rooms/{room}/start")
            for p in peers:
                p.next_of("state")
            _play(peers, room, rng)
            for p in peers:
                p.next_of("deal_end")
        game_id = peers[0].state[room]["game_id"]
        record = client.get(f"/api/replays/{game_id}/record").text
    replay = replay_deal(parse(record)[1][0])
    for viewer, p in enumerate(peers):
        seat = None if viewer == len(people) else viewer
        _check_viewer(replay, seat, _states(p, room), p.log)
    logged = "\n".join(r.getMessage() for r in caplog.records)
    game = replay.game
    assert game.format_deal(replay.rules, game.deal_of(replay.initial)) not in logged
    for hand in game.omniscient(replay.initial)["hands"]:
        assert not hand or hand not in logged


def _play_any(peers: list[Peer], room: str, rng: random.Random, limit: int = 400) -> None:
    """Any game: whoever is asked answers (several at once in a claim window); after each
    move every peer reads whatever came (a ping's pong closes it)."""
    for _ in range(limit):
        asked = _asked(peers, room)
        if not asked or peers[0].state[room]["view"].get("settlement"):
            return
        mover = rng.choice(asked)
        mover.send({"type": "act", "room": room, "counter": mover.state[room]["counter"],
                    "action": rng.choice(mover.state[room]["legal"])})
        for p in peers:
            p.quiet()
        if any(m["type"] == "deal_end" for m in peers[0].log):
            return


def _asked(peers: list[Peer], room: str, tries: int = 50) -> list[Peer]:
    """The people asked to act now. Nobody asked before the deal's end is a state still on
    its way (an answer applied by a timer, under load: a CI run's 秀山 deal stopped there and
    the game went unchecked): read again, a while, before taking it as the end."""
    people = peers[:-1]
    for _ in range(tries):
        asked = [p for p in people if p.state[room]["legal"]]
        if asked or peers[0].state[room]["view"].get("settlement") \
                or any(m["type"] == "deal_end" for m in peers[0].log):
            return asked
        for p in peers:
            p.quiet()
    return []


def _in_order(replay: Replay, viewer: int | None, got: list[Message]) -> None:
    """Every view a viewer got is its view at some step (``observe``: in a claim window
    the window's seats stay its ``to_act``, ``core.view.shown_to_act``), in the order of the
    steps; no other seat's answer in a window is among its events."""
    game = replay.game
    states = [replay.initial, *(s.state for s in replay.steps)]
    k = 0
    for message in got:
        while k < len(states) and message["view"] != _json(game.observe(states[k], viewer)):
            k += 1
        assert k < len(states), "a view that no step of the game gives this viewer"
        assert not [e for e in message["events"]
                    if e["kind"] == "answered" and e["seat"] != viewer], message["events"]


@pytest.mark.parametrize("seed", range(3))
def test_every_registered_game_keeps_its_secrets(tmp_path: Path, seed: int) -> None:
    from huapai.core.registry import game_names, get_game

    checked = []
    for name in game_names():
        game = get_game(name)
        preset = next(iter(game.presets()))
        seats = game.num_seats(game.presets()[preset])
        rng = random.Random(seed)
        (tmp_path / name).mkdir()
        # answers are applied at once (no 请统 pause): this loop reads what came right away
        with running(sqlite_url(tmp_path / name), seed=seed, burst=1000,
                     auto_answer=0.0) as client:
            people = [Api(client, f"p{i}") for i in range(seats)]
            room = people[0].room(game=name, preset=preset)
            for i, person in enumerate(people):
                person.call("POST", f"/api/rooms/{room}/seats/{i}")
            with ExitStack() as stack:
                peers = [stack.enter_context(peer(client, p.token))
                         for p in [*people, Api(client, "watcher")]]
                for p in peers:
                    p.send({"type": "subscribe", "room": room})
                people[0].call("POST", f"/api/rooms/{room}/start")
                for p in peers:
                    p.next_of("state")
                _play_any(peers, room, rng)
                game_id = peers[0].state[room]["game_id"]
            answer = client.get(f"/api/replays/{game_id}/record")
        if answer.status_code != 200:
            continue  # the deal did not finish within the move limit
        replay = replay_deal(parse(answer.text)[1][0])
        for index, p in enumerate(peers):
            viewer = None if index == seats else index
            _in_order(replay, viewer, _states(p, room))
        checked.append(name)
    assert checked == game_names(), "every game played a whole deal"
