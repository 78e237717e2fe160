"""Helpers for the server tests: apps on a throwaway database, players, WebSocket peers."""

from __future__ import annotations

import asyncio
import json
import os
import time
import warnings
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, TypeVar

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")

import anyio  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402
from sqlalchemy import MetaData, create_engine, make_url, text  # noqa: E402
from starlette.testclient import WebSocketTestSession  # noqa: E402

from huapai.server.app import create_app  # noqa: E402
from huapai.server.config import ServerConfig, normalize_url  # noqa: E402
from huapai.server.store import make_engine  # noqa: E402

POSTGRES_ENV = "HUAPAI_TEST_POSTGRES_URL"
Message = dict[str, Any]
T = TypeVar("T")


def run_alone(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` on a thread of its own: a browser test run earlier in the same
    process leaves sync Playwright's event loop running in the main thread, where
    ``asyncio.run`` would refuse to start, so the result does not depend on the order."""
    with ThreadPoolExecutor(1) as alone:
        return alone.submit(asyncio.run, coroutine).result()


def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'huapai.sqlite3'}"


def postgres_url() -> str | None:
    """The PostgreSQL database these tests may wipe: ``HUAPAI_TEST_POSTGRES_URL``'s, or
    under pytest-xdist one of this worker's own next to it (made once), so that workers
    running side by side never wipe each other's tables."""
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        return None
    url = normalize_url(url)
    worker = os.environ.get("PYTEST_XDIST_WORKER")  # "gw0", "gw1", … under -n
    if not worker:
        return url
    parsed = make_url(url)
    name = f"{parsed.database}_{worker}"
    own = parsed.set(database=name).render_as_string(hide_password=False)
    if own not in _MADE:
        admin = create_engine(url, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            exists = conn.execute(text("SELECT 1 FROM pg_database WHERE datname = :n"),
                                  {"n": name}).first()
            if exists is None:
                conn.execute(text(f'CREATE DATABASE "{name}"'))
        admin.dispose()
        _MADE.add(own)
    return own


_MADE: set[str] = set()


def wipe(url: str) -> None:
    """Drop every table (PostgreSQL tests share one database)."""
    engine = make_engine(url)
    meta = MetaData()
    meta.reflect(engine)
    with engine.begin() as conn:
        meta.drop_all(conn)
        conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    engine.dispose()


def config(url: str, **overrides: Any) -> ServerConfig:
    # no nonce window: the peers here send no nonces (tests/server/test_nonces.py does);
    # a short automatic pause: a claim window waits it out (test_auto_answer sets its own)
    # no owner grace: a seated player may act for an away owner at once (test_room_manage
    # tries the grace)
    values: dict[str, Any] = {"seed": 7, "between_deals": 0.0, "nonce_window": 0.0,
                              "auto_answer": 0.2, "owner_grace": 0.0}
    values.update(overrides)
    return ServerConfig(database_url=url, **values)


@contextmanager
def running(url: str, **overrides: Any) -> Iterator[TestClient]:
    with TestClient(create_app(config(url, **overrides))) as client:
        yield client


class Api:
    """One player's REST calls."""

    def __init__(self, client: TestClient, nickname: str) -> None:
        self.client = client
        answer = client.post("/api/players", json={"nickname": nickname})
        assert answer.status_code == 201, answer.text
        body = answer.json()
        self.id: str = body["player"]["id"]
        self.token: str = body["token"]
        self.headers = {"Authorization": f"Bearer {self.token}"}

    def call(self, method: str, path: str, body: Any = None, status: int = 200) -> Any:
        answer = self.client.request(method, path, json=body, headers=self.headers)
        assert answer.status_code == status, (answer.status_code, answer.text)
        return answer.json()

    def error(self, method: str, path: str, body: Any = None) -> str:
        answer = self.client.request(method, path, json=body, headers=self.headers)
        assert answer.status_code >= 400, answer.text
        code: str = answer.json()["error"]["code"]
        return code

    def room(self, **settings: Any) -> str:
        body = {"game": "xianniu", "preset": "lanzhou", "bot_delay": 0, **settings}
        room_id: str = self.call("POST", "/api/rooms", body, status=201)["room"]["id"]
        return room_id


class Peer:
    """A WebSocket client that remembers everything it was sent."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.log: list[Message] = []
        self.state: dict[str, Message] = {}

    def send(self, message: Message) -> None:
        self.ws.send_json(message)

    def recv(self, timeout: float = 20.0) -> Message:
        """The next message; a test waiting longer than ``timeout`` fails, never hangs."""
        frame = self.ws.portal.call(_receive_within, self.ws, timeout)
        if frame.get("type") == "websocket.close":
            raise AssertionError(f"the server closed the socket: {frame}")
        message: Message = json.loads(frame["text"])
        self.log.append(message)
        if message.get("type") == "state":
            self.state[message["room"]] = message
        return message

    def until(self, match: Callable[[Message], bool], limit: int = 500) -> Message:
        for _ in range(limit):
            message = self.recv()
            if match(message):
                return message
        raise AssertionError("the expected message never came")

    def next_of(self, kind: str) -> Message:
        return self.until(lambda m: m.get("type") == kind)

    def quiet(self) -> list[Message]:
        """Everything still in flight: a ping's pong comes after whatever the rooms this
        connection watches are committing, and their messages are queued in order."""
        self.send({"type": "ping"})
        seen: list[Message] = []
        while True:
            message = self.recv()
            if message.get("type") == "pong":
                return seen
            if message.get("type") == "error" and message.get("code") == "rate_limited":
                # a refused ping is never answered: fail now, not after the timeout
                raise AssertionError("rate_limited while waiting for a pong: this test sends "
                                     "more than the server's burst; give running() a "
                                     f"larger burst / rate_per_second ({message})")
            seen.append(message)


async def _receive_within(ws: WebSocketTestSession, timeout: float) -> dict[str, Any]:
    with anyio.fail_after(timeout):
        frame = await ws._send_rx.receive()
        return dict(frame)


@contextmanager
def peer(client: TestClient, token: str | None = None) -> Iterator[Peer]:
    with client.websocket_connect("/ws") as ws:
        p = Peer(ws)
        if token is not None:
            p.send({"type": "hello", "token": token})
            assert p.next_of("welcome")["type"] == "welcome"
        yield p


def first_legal(state: Message) -> str:
    text: str = state["legal_text"][0]
    return text


def act(p: Peer, room: str, action: str | int | None = None) -> None:
    state = p.state[room]
    chosen = first_legal(state) if action is None else action
    p.send({"type": "act", "room": room, "counter": state["counter"], "action": chosen})


def play_step(peers: list[Peer], room: str, pick: int = 0, tries: int = 50) -> None:
    """One move by a seat asked now (one whose own state offers actions: in a claim window
    the others' views keep every asked seat in ``to_act`` and hear nothing of an answer
    until the window closes), then whatever came to every peer is read."""
    for _ in range(tries):
        mover = next((p for p in peers if p.state[room].get("legal")), None)
        if mover is not None:
            legal = mover.state[room]["legal"]
            counter: int = mover.state[room]["counter"]
            act(mover, room, legal[pick % len(legal)])

            def answered(m: Message, c: int = counter) -> bool:
                return bool(m["type"] == "error" or (m["type"] == "state" and m["counter"] > c))

            mover.until(answered)
            break
        time.sleep(0.05)  # an answer applied by a timer is on its way
        for p in peers:
            p.quiet()
    for p in peers:
        p.quiet()


def to_act(state: Message) -> list[int]:
    seats: list[int] = state["view"]["to_act"]
    return seats


def subscribed(client: TestClient, people: list[Api], room: str,
               stack: ExitStack) -> list[Peer]:
    """A WebSocket per person (in ``stack``), each subscribed to ``room``."""
    peers = [stack.enter_context(peer(client, p.token)) for p in people]
    for p in peers:
        p.send({"type": "subscribe", "room": room})
    return peers


def started(client: TestClient, people: list[Api], stack: ExitStack,
            **settings: Any) -> tuple[str, list[Peer]]:
    """A room by ``people[0]`` with everyone seated in order, subscribed and its match
    started; every peer has had the deal's first state."""
    room = people[0].room(**settings)
    for i, person in enumerate(people):
        person.call("POST", f"/api/rooms/{room}/seats/{i}")
    peers = subscribed(client, people, room, stack)
    people[0].call("POST", f"/api/rooms/{room}/start")
    for p in peers:
        p.next_of("state")
    return room, peers


def biegan_table(client: TestClient, stack: ExitStack, name: str,
                 **settings: Any) -> tuple[str, list[Peer]]:
    """Three people, ``name``0–2, at a started 公安双别杆 room with ``settings``."""
    people = [Api(client, f"{name}{i}") for i in range(3)]
    return started(client, people, stack, game="biegan", preset="gongan", **settings)


def window_closed(peer: Peer, asked: list[int]) -> Message:
    """``peer``'s first state past the claim window that asked ``asked``."""
    return peer.until(lambda m: m["type"] == "state" and (
        m["view"]["phase"] != "window" or sorted(m["view"]["to_act"]) != sorted(asked)))


def until_window(peers: list[Peer], room: str, moves: int = 80,
                 choosing: int = 0) -> list[int]:
    """Play the first legal move of whoever is alone to act until a claim window asks
    several seats at once, at least ``choosing`` of them with a real choice (a seat that
    can only say 过 is answered by the server after its pause: ``automatic``); those
    seats, the ones with a choice first. Windows with fewer are answered 过 and let go."""
    for _ in range(moves):
        for p in peers:
            p.quiet()
        # the seats asked now, each by its own state (in a window another seat's view
        # keeps every asked seat in to_act until the window closes)
        asked = [i for i, p in enumerate(peers) if p.state[room].get("legal")]
        if peers[0].state[room]["view"]["over"]:
            break
        if not asked:  # an answer the server makes after its pause is on its way
            time.sleep(0.05)
            continue
        free = [s for s in asked if peers[s].state[room].get("automatic") is None]
        if len(asked) > 1 and len(free) >= choosing:
            return free + [s for s in asked if s not in free]
        for seat in free:
            act(peers[seat], room, "过" if len(asked) > 1 else None)
        counter: int = peers[asked[0]].state[room]["counter"]  # its next view: the move made

        def moved(m: Message, c: int = counter) -> bool:
            return bool(m["type"] == "state" and m["counter"] > c)

        peers[asked[0]].until(moved)
    raise AssertionError("no claim window opened")


@contextmanager
def alone_with_bots(client: TestClient, owner: Api, room: str) -> Iterator[Peer]:
    """``owner`` takes seat 0 of ``room``, bots fill the rest and the match starts: the
    owner's connection, open, its first state read."""
    owner.call("POST", f"/api/rooms/{room}/seats/0")
    owner.call("POST", f"/api/rooms/{room}/bots", {})
    with peer(client, owner.token) as p:
        p.send({"type": "subscribe", "room": room})
        p.next_of("room")
        owner.call("POST", f"/api/rooms/{room}/start")
        p.next_of("state")
        yield p


@contextmanager
def tuoguan_from_the_start(client: TestClient, owner: Api, room: str) -> Iterator[Peer]:
    """:func:`alone_with_bots`, and 托管 plays the owner's seat from the first move."""
    with alone_with_bots(client, owner, room) as p:
        p.send({"type": "tuoguan", "room": room, "on": True})
        yield p


def played_by_tuoguan(client: TestClient, owner: Api, room: str) -> str:
    """:func:`tuoguan_from_the_start` to the deal's end: the finished game's id."""
    with tuoguan_from_the_start(client, owner, room) as p:
        game_id: str = p.next_of("deal_end")["game_id"]
    return game_id

