"""A bounded, seeded fuzzer (issue 7 §4): over 10,000 hostile WebSocket frames and REST
requests against a room in play. Every refusal is one error with a documented code and
changes nothing; nothing is a 500 or an ``internal_error``; the socket stays open.

The figures (messages, refusals by code, accepted) are printed with ``-s`` and recorded in
docs/platform.md.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from server_helpers import Api, Peer, running, sqlite_url
from starlette.testclient import TestClient
from test_play import table

ROOT = Path(__file__).resolve().parents[2]
WS_FRAMES = 9000
REST_CALLS = 1500
SEED = 7007


def documented_codes() -> set[str]:
    """Every code in the protocol document's error tables, and the engines' own codes
    (passed through unchanged, as the document says)."""
    text = (ROOT / "docs" / "platform-protocol.md").read_text(encoding="utf-8")
    codes: set[str] = set()
    for section in re.split(r"\n### ", text):
        if section.startswith(("Error codes", "REST error codes")):
            for row in section.splitlines():
                cells = row.split("|")
                if row.startswith("| `"):
                    codes |= set(re.findall(r"`([a-z_]+)`", cells[1]))
                elif row.startswith("| engine codes"):
                    codes |= set(re.findall(r"`([a-z_]+)`", cells[-2]))
    for source in (ROOT / "src" / "huapai").rglob("*.py"):
        codes |= set(re.findall(r'IllegalAction\(\s*"([a-z_]+)"', source.read_text("utf-8")))
    return codes


# ----------------------------------------------------------------------------- values
def _junk_text(rng: random.Random) -> str:
    pieces = ["{", "}", "[", "]", '"', ":", ",", "\\", "\\u", "d800", "null", "true", "1e999",
              "NaN", "-0", "9" * 40, "牌", "\u202e", "\x00", " ", "'", "type", "act"]
    return "".join(rng.choice(pieces) for _ in range(rng.randint(0, 30)))


def _value(rng: random.Random, room: str, good: Callable[[], Any]) -> Any:
    if rng.random() < 0.6:
        return good()
    choices: list[Callable[[], Any]] = [
        lambda: None, lambda: True, lambda: rng.randint(-2**40, 2**40),
        lambda: 10**rng.randint(19, 400), lambda: rng.random() * 1e300, lambda: -1,
        lambda: "", lambda: "x" * rng.randint(1, 300), lambda: [1, [2, [3]]],
        lambda: {"a": {"b": None}}, lambda: "\u3164", lambda: room, lambda: room[:-1] + "!",
        lambda: "掀", lambda: "弃 K", lambda: _junk_text(rng), lambda: float("nan"),
    ]
    return rng.choice(choices)()


def _frame(rng: random.Random, room: str, state: dict[str, Any]) -> tuple[str, bool]:
    """A frame as text, and whether it is sent as binary."""
    roll = rng.random()
    if roll < 0.08:
        return _junk_text(rng), False
    if roll < 0.1:
        return rng.choice(['{"type":"bogus","ref":"\\ud800"}', '{"type":"act","room":"\\udfff"}',
                           "[" * 3000, "x" * 5000, '"act"', "[]", "null", "1"]), False
    if roll < 0.12:
        return bytes(rng.randrange(256) for _ in range(rng.randint(1, 40))).decode(
            "latin-1"), True
    kind = rng.choice(["act"] * 8 + ["tuoguan", "ready", "sync", "subscribe", "subscribe",
                                     "hello", "ping", "nonce", "bogus", 7, None]
                      + ["unsubscribe"] * (rng.random() < 0.2))
    legal = state.get("legal") or [0]
    fields: dict[str, Callable[[], Any]] = {
        "room": lambda: room,
        "counter": lambda: state.get("counter", 0) + rng.choice([0, 0, -1, 1, 1000]),
        "action": lambda: rng.choice([*legal, *(state.get("legal_text") or []), 10**6]),
        "on": lambda: rng.choice(["yes", 1, None]),  # never a real bool: no bot moves
        "token": lambda: "t" * rng.randint(0, 300),
        "ref": lambda: rng.choice(["r1", 5, "\u3164", "x" * 100]),
        "game_id": lambda: state.get("game_id") or "g",
        "nonce": lambda: rng.choice(["ab" * 8, "AB" * 8, "ab" * 40, "0"]),
    }
    frame: dict[str, Any] = {"type": kind}
    for name, good in fields.items():
        if rng.random() < 0.7:
            frame[name] = _value(rng, room, good)
    if rng.random() < 0.05:
        frame[_junk_text(rng)[:20]] = _value(rng, room, lambda: 0)
    return json.dumps(frame, ensure_ascii=rng.random() < 0.5), False


# ----------------------------------------------------------------------------- snapshots
def _snapshot(client: TestClient, room_id: str) -> Any:
    """Everything a refusal must leave alone (no bots, no clocks: nothing moves by
    itself)."""
    platform = client.app.state.platform  # type: ignore[attr-defined]
    room = platform.rooms[room_id]
    deal = room.deal
    return (json.dumps(room.summary(), sort_keys=True), dict(room.feed.counters),
            None if deal is None else deal.actions, sorted(room.members),
            {k: sorted(map(id, v)) for k, v in platform.hub.subs.get(room_id, {}).items()},
            len(platform.rooms))


def _exchange(p: Peer, text: str, binary: bool, index: int) -> list[dict[str, Any]]:
    """Send one frame, then a marker (a frame of an unknown type with its own ``ref``):
    every reply to the frame, in order (one ordered outbox: the marker's error is last)."""
    if binary:
        p.ws.send_bytes(text.encode("latin-1"))
    else:
        p.ws.send_text(text)
    marker = f"marker-{index}"
    p.send({"type": "marker", "ref": marker})
    replies: list[dict[str, Any]] = []
    while True:
        message = p.recv()
        if message.get("ref") == marker:
            assert message["code"] == "unknown_type"
            return replies
        replies.append(message)


def test_websocket_fuzz(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    codes = documented_codes()
    tally: Counter[str] = Counter()
    with running(sqlite_url(tmp_path), burst=10**6, rate_per_second=10**6) as client, \
            table(client) as (room, _people, peers, _spectator):
        fuzzer = peers[0]
        before = _snapshot(client, room)
        for index in range(WS_FRAMES):
            text, binary = _frame(rng, room, fuzzer.state.get(room, {}))
            replies = _exchange(fuzzer, text, binary, index)
            errors = [m for m in replies if m["type"] == "error"]
            if errors:
                # one refusal: one message (besides a coalesced summary of an earlier
                # accepted change, which must then be the room's unchanged summary)
                others = [m for m in replies if m["type"] != "error"]
                assert len(errors) == 1 and all(
                    m["type"] == "room" and json.dumps(m["room"], sort_keys=True) == before[0]
                    for m in others), (text, replies)
                code = errors[0]["code"]
                assert code in codes and code != "internal_error", (text, code)
                assert _snapshot(client, room) == before, text
                tally[code] += 1
            else:
                tally["(accepted)"] += 1
                before = _snapshot(client, room)
        for p in peers[1:]:  # refusals told nobody else anything
            assert all(m["type"] in ("state", "room", "deal_end", "match_end")
                       for m in p.quiet())
    print(f"\nWebSocket fuzz: {WS_FRAMES} frames, {sum(tally.values()) - tally['(accepted)']} "
          f"refused, {tally['(accepted)']} accepted; {dict(tally.most_common())}")
    assert sum(tally.values()) == WS_FRAMES and len(tally) >= 10


# ----------------------------------------------------------------------------- REST
ROUTES = [("POST", "/api/players"), ("GET", "/api/me"), ("PATCH", "/api/me"),
          ("GET", "/api/games"), ("GET", "/api/games/{x}"), ("GET", "/api/games/{x}/howto"),
          ("GET", "/api/rooms"),
          ("POST", "/api/rooms"), ("POST", "/api/rooms/join"), ("GET", "/api/rooms/{room}"),
          ("POST", "/api/rooms/{room}/seats/{seat}"),
          ("DELETE", "/api/rooms/{room}/seats/{seat}"), ("POST", "/api/rooms/{room}/leave"),
          ("POST", "/api/rooms/{room}/bots"), ("POST", "/api/rooms/{room}/start"),
          ("POST", "/api/rooms/{room}/again"), ("GET", "/api/me/history"),
          ("GET", "/api/replays"), ("GET", "/api/replays/{x}"),
          ("GET", "/api/replays/{x}/record"), ("POST", "/api/replays/{x}/share"),
          ("GET", "/api/verify/{x}"), ("PUT", "/api/rooms"), ("GET", "/api/nope"),
          ("POST", "/api/drill"), ("POST", "/api/drill/{x}/answer")]
PARAMS = ["²", "9" * 5000, "-1", "0", "1", "3", "..", "%00", "牌", "%F0%9F%98%80", "x" * 70,
          "%ud800", "%2F"]
QUERIES = ["", "?seat=²", "?seat=" + "9" * 5000, "?seat=all", "?offset=-1", "?limit=999",
           "?offset=" + "9" * 300, "?room=x&mine=1", "?share=" + "s" * 200, "?mine=true"]


def _body(rng: random.Random, room: str) -> bytes | None:
    roll = rng.random()
    if roll < 0.15:
        return None
    if roll < 0.3:
        return _junk_text(rng).encode()
    if roll < 0.35:
        return b"{" + b'"a":' * 10 + b"1}" if rng.random() < 0.5 else b" " * 20000
    keys = ["nickname", "game", "preset", "rules", "deals", "private", "code", "seats",
            "bot", "multiplier", "turn_clock", "bot_delay", "x", "seed", "count", "value"]
    body = {k: _value(rng, room, lambda: rng.choice(["xianniu", "阿牛", 1, [1, 2], {}]))
            for k in rng.sample(keys, rng.randint(0, 5))}
    text = json.dumps(body, ensure_ascii=False, allow_nan=True)
    if rng.random() < 0.1:
        text = text.replace("}", ', "big": ' + "9" * 4400 + "}", 1) if body else \
            '{"big": ' + "9" * 4400 + "}"
    if rng.random() < 0.05:
        text = text.replace("}", ', "s": "\\ud800"}', 1) if body else '{"s": "\\ud800"}'
    return text.encode()


def _rest_snapshot(client: TestClient, room_id: str) -> Any:
    platform = client.app.state.platform  # type: ignore[attr-defined]
    return _snapshot(client, room_id), sorted(platform.rooms)


def test_rest_fuzz(tmp_path: Path) -> None:
    rng = random.Random(SEED + 1)
    codes = documented_codes()
    tally: Counter[str] = Counter()
    with running(sqlite_url(tmp_path)) as client, \
            table(client) as (room, people, _peers, _spectator):
        spare = Api(client, "spare")
        before = _rest_snapshot(client, room)
        for _ in range(REST_CALLS):
            method, template = rng.choice(ROUTES)
            url = template.format(room=rng.choice([room, *PARAMS]), seat=rng.choice(PARAMS),
                                  x=rng.choice(PARAMS)) + rng.choice(QUERIES)
            headers = rng.choice([{}, spare.headers, {"Authorization": "Bearer nope"},
                                  {"Authorization": "Basic x"}, people[1].headers])
            answer = client.request(method, url, content=_body(rng, room), headers=headers)
            assert answer.status_code < 500, (method, url, answer.text)
            if answer.status_code >= 400:
                code = answer.json()["error"]["code"]
                assert code in codes, (method, url, code)
                assert _rest_snapshot(client, room) == before, (method, url)
                tally[code] += 1
            else:
                tally["(accepted)"] += 1
                before = _rest_snapshot(client, room)
    print(f"\nREST fuzz: {REST_CALLS} requests; {dict(tally.most_common())}")
    assert sum(tally.values()) == REST_CALLS and len(tally) >= 10
