"""Kill -9 mid-game and restart: the real server process, real WebSockets on loopback,
and the game goes on exactly as if nothing had happened."""

from __future__ import annotations

import io
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console
from websockets.sync.client import ClientConnection, connect

from huapai.cli_support.verify import run_verify
from huapai.core.record import parse
from huapai.core.registry import get_game

PICKS = [1, 2, 0, 3, 1, 2, 2, 1, 0, 1, 3, 2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def server(url: str, port: int) -> Iterator[subprocess.Popen[bytes]]:
    code = f"from huapai.server.serve import serve; serve(port={port}, database_url={url!r})"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-c", code], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait_up(port, proc)
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=30)


def _wait_up(port: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert proc.poll() is None, "the server died while starting"
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.2)
    raise AssertionError("the server did not come up")


class Seat:
    def __init__(self, ws: ClientConnection, room: str) -> None:
        self.ws, self.room = ws, room
        self.state: dict[str, Any] = {}

    def until(self, kind: str) -> dict[str, Any]:
        for _ in range(500):
            message: dict[str, Any] = json.loads(self.ws.recv(timeout=20))
            if message["type"] == "state":
                self.state = message
            if message["type"] == kind:
                return message
        raise AssertionError(f"no {kind} message")


def _api(port: int, method: str, path: str, token: str | None = None,
         body: Any = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = httpx.request(method, f"http://127.0.0.1:{port}{path}", json=body,
                           headers=headers, timeout=10)
    assert answer.status_code < 300, answer.text
    return answer.json()


def _seats(stack: ExitStack, port: int, tokens: list[str], room: str) -> list[Seat]:
    seats = []
    for token in tokens:
        ws = stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws"))
        ws.send(json.dumps({"type": "hello", "token": token}))
        ws.send(json.dumps({"type": "subscribe", "room": room}))
        seats.append(Seat(ws, room))
    return seats


def _move(seats: list[Seat], index: int) -> None:
    state = seats[0].state
    seat = state["view"]["to_act"][0]
    legal = seats[seat].state["legal"]
    seats[seat].ws.send(json.dumps({"type": "act", "room": seats[seat].room,
                                    "counter": seats[seat].state["counter"],
                                    "action": legal[PICKS[index % len(PICKS)] % len(legal)]}))
    for s in seats:
        s.until("state")


def _reference(record: str) -> tuple[list[tuple[int, str]], list[int]]:
    """The same policy played straight through by the engine from the revealed seed."""
    deal = parse(record)[1][0]
    game = get_game(deal.game)
    rules = game.rules_from_dict(deal.rules)
    assert deal.seed is not None
    state = game.new_game(rules, seed=deal.seed, dealer=deal.dealer)
    moves: list[tuple[int, str]] = []
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        legal = list(game.legal_actions(state, seat))
        action = legal[PICKS[len(moves) % len(PICKS)] % len(legal)]
        moves.append((seat, game.format_action(rules, action)))
        state, _ = game.apply(state, seat, action)
    return moves, list(game.settlement(state).deltas)


def test_kill_minus_nine_and_restart_continue_identically(tmp_path: Path,
                                                         database_url: str) -> None:
    url = database_url
    port = _free_port()
    with server(url, port) as first:
        tokens = [_api(port, "POST", "/api/players", body={"nickname": f"p{i}"})["token"]
                  for i in range(3)]
        room = _api(port, "POST", "/api/rooms", tokens[0], {
            "game": "xianniu", "preset": "lanzhou", "bot_delay": 0,
            "tuoguan_after": 600})["room"]["id"]
        for i, token in enumerate(tokens):
            _api(port, "POST", f"/api/rooms/{room}/seats/{i}", token)
        with ExitStack() as stack:
            seats = _seats(stack, port, tokens, room)
            _api(port, "POST", f"/api/rooms/{room}/start", tokens[0])
            for s in seats:
                s.until("state")
            for index in range(4):
                _move(seats, index)
            before = [(s.state["view"], s.state["legal"], s.state["game_id"]) for s in seats]
            first.send_signal(signal.SIGKILL)
            first.wait(timeout=30)
    with server(url, port), ExitStack() as stack:
        seats = _seats(stack, port, tokens, room)
        for s in seats:
            s.until("state")
        assert [(s.state["view"], s.state["legal"], s.state["game_id"]) for s in seats] == before
        index = 4
        while not seats[0].state["view"].get("settlement"):
            _move(seats, index)
            index += 1
        end = seats[0].until("deal_end")
        record = httpx.get(f"http://127.0.0.1:{port}/api/replays/{end['game_id']}/record",
                           timeout=10).text
    moves, deltas = _reference(record)
    recorded = [(a.seat, a.action) for a in parse(record)[1][0].actions]
    assert recorded == moves and end["settlement"]["deltas"] == deltas
    path = tmp_path / "game.jsonl"
    path.write_text(record, encoding="utf-8")
    assert run_verify(path, "en", Console(file=io.StringIO())) == 0
