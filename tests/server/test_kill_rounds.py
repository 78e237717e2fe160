"""``kill -9`` during bursts of moves, round after round (issue 7 §4): a real server
subprocess, a real WebSocket client for every seat and a spectator. Each seat plays as
fast as its states arrive; the server is killed right after a seeded number of frames
(the last one may or may not be durable), started again on the same database, and then:

- every viewer's last state before the kill is the engine's own view of some prefix of
  the durable record (nothing anyone saw was lost);
- every viewer's state after the restart is exactly the engine's view of the whole
  durable record (and the seats' legal actions are the engine's);
- the last frame sent before the kill, sent again, is refused (``stale``) and changes
  nothing, since counters continue across restarts.

Bounded and seeded: ``ROUNDS`` restarts per database (SQLite, and PostgreSQL with
``HUAPAI_TEST_POSTGRES_URL``). The figures are in docs/platform.md."""

from __future__ import annotations

import json
import random
import signal
import time
from collections import deque
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import Engine
from test_restart import _api, _free_port, server
from websockets.sync.client import ClientConnection, connect

from huapai.core.record import replay_deal
from huapai.core.registry import get_game
from huapai.server.replays import deal_record
from huapai.server.store import Reader, make_engine

ROUNDS = 4
SEED = 20261201


@dataclass
class Client:
    ws: ClientConnection
    room: str
    seat: int | None
    state: dict[str, Any] = field(default_factory=dict)
    acted: int | None = None  # the counter this seat last acted on
    errors: list[dict[str, Any]] = field(default_factory=list)
    rng: random.Random = field(default_factory=lambda: random.Random(SEED))
    journal: deque[str] = field(default_factory=lambda: deque(maxlen=16))

    def send(self, message: dict[str, Any]) -> None:
        self.journal.append(f">{message['type']}@{message.get('counter', '')}")
        self.ws.send(json.dumps(message))

    def take(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        self.journal.append(f"<{kind}@{message.get('counter', message.get('code', ''))}")
        if kind == "state":
            self.state = message
        elif kind == "error":
            self.errors.append(message)
            self.acted = None  # refused: try again from the current state
        elif kind == "deal_end" and self.seat is not None and message["next_deal_in_ms"]:
            self.send({"type": "ready", "room": self.room})
        elif kind == "shuffle" and self.seat in message["seats"]:
            self.send({"type": "nonce", "room": self.room, "game_id": message["game_id"],
                       "nonce": self.rng.randbytes(16).hex()})

    def drain(self) -> int:
        count = 0
        while True:
            try:
                raw = self.ws.recv(timeout=0)
            except TimeoutError:
                return count
            self.take(json.loads(raw))
            count += 1

    def until(self, kind: str) -> dict[str, Any]:
        for _ in range(1000):
            message: dict[str, Any] = json.loads(self.ws.recv(timeout=30))
            self.take(message)
            if message["type"] == kind:
                return message
        raise AssertionError(f"no {kind} message")

    def quiet(self) -> list[dict[str, Any]]:
        """Everything in flight (a pong follows what the room is committing)."""
        self.send({"type": "ping"})
        seen = []
        while (message := self.until_any())["type"] != "pong":
            seen.append(message)
        return seen

    def until_any(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=30))
        self.take(message)
        return message

    def my_turn(self) -> bool:
        view = self.state.get("view") or {}
        return (self.seat is not None and bool(self.state.get("legal"))
                and self.seat in (view.get("to_act") or [])
                and self.acted != self.state["counter"])


@contextmanager
def clients(port: int, tokens: list[str], room: str) -> Iterator[list[Client]]:
    """A client per seat (tokens in seat order) and a spectator (the last token)."""
    with ExitStack() as stack:
        out = []
        for i, token in enumerate(tokens):
            ws = stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws"))
            ws.send(json.dumps({"type": "hello", "token": token}))
            ws.send(json.dumps({"type": "subscribe", "room": room}))
            out.append(Client(ws, room, i if i < len(tokens) - 1 else None,
                              rng=random.Random(SEED + i)))
        for c in out:
            c.until("state")
        for c in out:
            c.quiet()
        yield out


def burst(seats: list[Client], everyone: list[Client], frames: int,
          rng: random.Random) -> tuple[dict[str, Any], int]:
    """Each seat moves as soon as its state says so, until ``frames`` act frames are
    sent; the last frame and its seat (returned) are left in flight."""
    sent = 0
    last: dict[str, Any] = {}
    by = -1
    stalled = time.monotonic()
    while sent < frames:
        got = sum(c.drain() for c in everyone)
        movers = [c for c in seats if c.my_turn()]
        for c in movers:
            legal = c.state["legal"]
            last = {"type": "act", "room": c.room, "counter": c.state["counter"],
                    "action": legal[rng.randrange(len(legal))]}
            c.acted = c.state["counter"]
            assert c.seat is not None
            c.send(last)
            by = c.seat
            sent += 1
            if sent == frames:
                break
        if got or movers:
            stalled = time.monotonic()
        assert time.monotonic() - stalled < 30, f"the burst stalled: {_journals(everyone)}"
        time.sleep(0.001)
    return last, by


def _journals(everyone: list[Client]) -> str:
    """What each client last sent (>) and took (<), with counters, and whether it
    thinks it is to move: a stalled burst's failure tells where the frames stopped."""
    return "; ".join(
        f"seat {c.seat} (acted {c.acted}, to act {(c.state.get('view') or {}).get('to_act')}): "
        + " ".join(c.journal) for c in everyone)


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value, ensure_ascii=False))


def _views(engine: Engine, game_id: str) -> list[tuple[Any, dict[Any, Any]]]:
    """For each durable prefix of ``game_id``'s moves: the state and every viewer's view."""
    found = Reader(engine).game(game_id)
    assert found is not None, f"game {game_id} is not durable"
    row, actions = found
    game = get_game(row.game)
    out = []
    whole = deal_record(row, actions)
    for p in range(len(actions) + 1):
        # a shorter prefix of a finished deal is not over: only the whole record has its end
        prefix = replace(whole, actions=whole.actions[:p],
                         end=whole.end if p == len(actions) else None)
        state = replay_deal(prefix, game).final
        n = len(row.seats)
        out.append((state, {v: _json(game.observe(state, v)) for v in [*range(n), None]}))
    return out


def check_before(engine: Engine, everyone: list[Client]) -> None:
    """What each viewer last saw is the engine's view of a durable prefix."""
    for c in everyone:
        prefixes = _views(engine, c.state["game_id"])
        assert any(views[c.seat] == c.state["view"] for _state, views in prefixes), \
            f"viewer {c.seat} saw a state that is not durable"


def check_after(engine: Engine, everyone: list[Client]) -> str:
    """Every restored view is the engine's view of the whole durable record."""
    game_id = everyone[0].state["game_id"]
    found = Reader(engine).game(game_id)
    assert found is not None
    game = get_game(found[0].game)
    state, views = _views(engine, game_id)[-1]
    for c in everyone:
        assert c.state["game_id"] == game_id
        assert c.state["view"] == views[c.seat], f"viewer {c.seat} restored differently"
        if c.seat is not None and not game.is_over(state):
            assert c.state["legal"] == list(game.legal_actions(state, c.seat))
    return "playing" if not game.is_over(state) else "over"


def test_kill_minus_nine_during_bursts(database_url: str) -> None:
    rng = random.Random(SEED)  # the moves (how many draws depends on timing)
    plan = random.Random(SEED + 1)  # each round's frames and kill delay: always the same
    port = _free_port()
    engine = make_engine(database_url)
    tokens: list[str] = []
    room = ""
    last: dict[str, Any] = {}
    frames = 0
    try:
        for round_no in range(ROUNDS + 1):
            with server(database_url, port) as proc:
                if round_no == 0:
                    tokens = [_api(port, "POST", "/api/players", body={"nickname": f"k{i}"})
                              ["token"] for i in range(4)]
                    room = _api(port, "POST", "/api/rooms", tokens[0], {
                        "game": "xianniu", "preset": "lanzhou", "deals": 50,
                        "tuoguan_after": 600})["room"]["id"]
                    for i, token in enumerate(tokens[:3]):
                        _api(port, "POST", f"/api/rooms/{room}/seats/{i}", token)
                    _api(port, "POST", f"/api/rooms/{room}/start", tokens[0])
                with clients(port, tokens, room) as everyone:
                    seats = everyone[:3]
                    if round_no:
                        status = check_after(engine, everyone)
                        mover = next(c for c in seats if c.seat == last["seat"])
                        mover.send(last["frame"])  # accepted before the kill, or lost
                        code = mover.until("error")["code"]
                        assert code == ("stale" if status == "playing" else "not_playing")
                        assert all(not [m for m in c.quiet() if m["type"] == "state"]
                                   for c in everyone)
                        check_after(engine, everyone)
                        if status == "over":  # between deals: ready again, as people do
                            for c in seats:
                                c.send({"type": "ready", "room": room})
                    if round_no == ROUNDS:
                        break
                    count = plan.randint(4, 40)
                    frame, by = burst(seats, everyone, count, rng)
                    time.sleep(plan.choice([0.0, 0.0, 0.002, 0.01]))  # varied kill points
                    frames += count
                    last = {"frame": frame, "seat": by}
                    proc.send_signal(signal.SIGKILL)
                    proc.wait(timeout=30)
                    for c in everyone:
                        try:
                            c.drain()
                        except Exception:  # the socket died with the server
                            continue
                    check_before(engine, everyone)
    finally:
        engine.dispose()
    assert frames > ROUNDS * 4
    print(f"kill rounds: {ROUNDS} restarts, {frames} act frames in bursts, "
          f"{ROUNDS * 4} viewer states before and {ROUNDS * 4 * 2} after checked")
