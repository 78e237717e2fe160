"""Hostile clients (issue 7 §3): budgets per player and per address, bodies refused while
streaming, 400s instead of 500s, one error per bad frame, close codes with reasons,
nicknames that show something, security headers, revocable tokens, coalesced summaries."""

from __future__ import annotations

import logging
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Api, Peer, peer, running, sqlite_url
from starlette.testclient import TestClient
from test_play import table

from huapai.server.limits import Limits, Rate

BIG = "9" * 5000


def _limits(**changes: Any) -> Limits:
    return replace(Limits(), **changes)


def _close(p: Peer) -> tuple[int, str]:
    """Read until the server closes the socket; its close code and reason."""
    for _ in range(1000):
        frame = p.ws.portal.call(_frame, p)
        if frame["type"] == "websocket.close":
            return frame["code"], frame.get("reason", "")
    raise AssertionError("the socket never closed")


async def _frame(p: Peer) -> dict[str, Any]:
    import anyio

    with anyio.fail_after(10):
        return dict(await p.ws._send_rx.receive())


# ----------------------------------------------------------------------------- budgets
def test_player_creation_is_limited_per_address(tmp_path: Path) -> None:
    limits = _limits(players_per_address=Rate(3, 3600))
    with running(sqlite_url(tmp_path), limits=limits) as client:
        for i in range(3):
            Api(client, f"p{i}")
        refused = client.post("/api/players", json={"nickname": "p3"})
        assert (refused.status_code, refused.json()["error"]["code"]) == (429, "rate_limited")
        assert "new players from your address" in refused.json()["error"]["message"]
        bad = client.post("/api/players", json={"nickname": ""})  # checked before spending
        assert bad.json()["error"]["code"] == "bad_nickname"


def test_open_rooms_are_limited_per_player(tmp_path: Path) -> None:
    limits = _limits(rooms_open_per_player=3)
    with running(sqlite_url(tmp_path), limits=limits) as client:
        a = Api(client, "a")
        platform = client.app.state.platform  # type: ignore[attr-defined]
        first = [a.room() for _ in range(3)]
        with peer(client, a.token) as p:
            for room in first:  # watched rooms are not idle: none may be closed
                p.send({"type": "subscribe", "room": room})
                p.next_of("room")
            assert a.error("POST", "/api/rooms", {"game": "xianniu"}) == "room_limit"
            assert sorted(r.id for r in platform.rooms.values()) == sorted(first)
        time.sleep(0.05)
        newer = [a.room() for _ in range(4)]  # each closes the longest-idle room of a's
        assert sorted(r.id for r in platform.rooms.values() if r.owner == a.id) == sorted(
            newer[1:])
        for gone in [*first, newer[0]]:
            assert a.error("GET", f"/api/rooms/{gone}") == "room_not_found"


def test_room_creation_rate_is_limited(tmp_path: Path) -> None:
    limits = _limits(rooms_per_player=Rate(4, 3600), rooms_per_address=Rate(6, 3600))
    with running(sqlite_url(tmp_path), limits=limits) as client:
        a, b = Api(client, "a"), Api(client, "b")
        for _ in range(4):
            a.room()
        assert a.error("POST", "/api/rooms", {"game": "xianniu"}) == "rate_limited"
        b.room()
        b.room()
        refused = b.client.post("/api/rooms", json={"game": "xianniu"}, headers=b.headers)
        assert refused.status_code == 429
        assert "new rooms from your address" in refused.json()["error"]["message"]
        assert a.error("POST", "/api/rooms", {"game": "nope"}) == "game_not_found"


def test_join_code_attempts_are_limited(tmp_path: Path) -> None:
    limits = _limits(joins_per_player=Rate(5, 3600))
    with running(sqlite_url(tmp_path), limits=limits) as client:
        owner, guesser = Api(client, "owner"), Api(client, "guesser")
        code = owner.call("POST", "/api/rooms", {"game": "xianniu", "private": True},
                          status=201)["room"]["code"]
        wrong = [guesser.error("POST", "/api/rooms/join", {"code": f"AAAA{i}A"})
                 for i in range(5)]
        assert wrong == ["bad_code"] * 5
        assert guesser.error("POST", "/api/rooms/join", {"code": code}) == "rate_limited"
        assert owner.call("POST", "/api/rooms/join", {"code": code})["room"]["code"] == code


def test_sockets_are_limited_per_address_and_player(tmp_path: Path) -> None:
    limits = _limits(sockets_per_address=3, sockets_per_player=2)
    with running(sqlite_url(tmp_path), limits=limits) as client:
        a = Api(client, "a")
        with peer(client, a.token), peer(client, a.token), peer(client) as third:
            third.send({"type": "hello", "token": a.token})
            assert third.next_of("error")["code"] == "too_many_connections"
            with client.websocket_connect("/ws") as ws:
                assert _close(Peer(ws)) == (1008, "too many connections from your "
                                                  "address (at most 3)")
        with peer(client, a.token) as again:  # closed sockets are counted out
            again.send({"type": "ping"})
            assert again.next_of("pong")["type"] == "pong"


def test_hello_timeout_idle_and_flood_close_with_a_reason(tmp_path: Path) -> None:
    limits = _limits(socket_idle=0.8, flood_close_after=10)
    with running(sqlite_url(tmp_path), hello_timeout=0.5, limits=limits, burst=5,
                 rate_per_second=0.01) as client:
        a = Api(client, "a")
        with peer(client) as silent:
            assert silent.next_of("error")["code"] == "not_authenticated"
            assert _close(silent) == (1008, "hello timed out")
        with peer(client, a.token) as idle:
            assert _close(idle) == (1008, "idle for 0.8 s")
        with peer(client, a.token) as flood:
            for _ in range(30):
                flood.send({"type": "ping"})
            code, reason = _close(flood)
            assert code == 1008 and reason.startswith("flooding: 10 messages")


def test_a_full_send_queue_closes_with_a_reason(tmp_path: Path) -> None:
    with running(sqlite_url(tmp_path), send_queue=4, burst=1000) as client:
        a = Api(client, "a")
        with peer(client, a.token) as p:
            platform = client.app.state.platform  # type: ignore[attr-defined]
            conn = next(iter(platform.budgets.sockets.of_player(a.id)))
            client.portal.call(_stuff, conn)  # type: ignore[union-attr]
            assert _close(p) == (1008, "too many messages waiting: the connection cannot "
                                       "keep up")


async def _stuff(conn: Any) -> None:
    for _ in range(10):
        conn.post('{"type":"pong","t":0}')


# ----------------------------------------------------------------------------- 400 not 500
def test_huge_integers_and_surrogates_are_400_without_a_traceback(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    a = Api(client, "a")
    room = a.room()
    calls = [("POST", "/api/players"), ("PATCH", "/api/me"), ("POST", "/api/rooms"),
             ("POST", "/api/rooms/join"), ("POST", f"/api/rooms/{room}/bots"),
             ("PATCH", f"/api/rooms/{room}/seats/1")]
    with caplog.at_level(logging.ERROR, logger="huapai.server"):
        for method, path in calls:
            for body in ('{"nickname": ' + BIG + "}", '{"code": "\\ud800"}',
                         '{"game": "xianniu", "deals": ' + BIG + "}"):
                answer = client.request(method, path, content=body.encode(),
                                        headers=a.headers)
                assert answer.status_code == 400, (path, answer.text)
                assert answer.json()["error"]["code"] == "bad_json"
    assert not [r for r in caplog.records if r.exc_info]


def test_bad_page_and_seat_parameters_are_400(client: TestClient) -> None:
    a = Api(client, "a")
    for value in ("²", BIG, "-1", "x"):
        for name in ("offset", "limit"):
            answer = client.get(f"/api/rooms?{name}={value}")
            assert (answer.status_code, answer.json()["error"]["code"]) == (400, "bad_message")
    for seat in ("²", BIG, "-1"):
        for method in ("POST", "PATCH"):
            answer = client.request(method, f"/api/rooms/x/seats/{seat}", headers=a.headers,
                                    json={"bot": "random"})
            assert answer.status_code in (400, 404) and answer.json()["error"]["code"] in (
                "bad_message", "room_not_found"), (method, seat, answer.text)


def test_lone_surrogate_costs_one_error_not_the_connection(client: TestClient) -> None:
    a = Api(client, "a")
    with peer(client, a.token) as p:
        p.ws.send_text('{"type":"bogus","ref":"\\ud800"}')
        error = p.next_of("error")
        assert error["code"] == "bad_json" and "ref" not in error
        p.ws.send_text('{"type":"ping","x":"\\udfff\\ud800"}')
        assert p.next_of("error")["code"] == "bad_json"
        p.ws.send_text('{"type":"ping","ref":"\\ud83d\\ude00"}')  # a pair is fine
        assert p.next_of("pong")["type"] == "pong"
        p.ws.send_text('{"type":"ping","n":' + BIG + "}")  # frames stop at 4 KiB anyway
        assert p.next_of("error")["code"] == "too_large"
        p.send({"type": "ping"})
        assert p.next_of("pong")["type"] == "pong"


def test_bodies_are_refused_while_streaming(client: TestClient) -> None:
    app = client.app
    chunk = b" " * 65536

    async def post(declared: bytes | None) -> tuple[int, int]:
        read, sent = 0, []

        async def receive() -> dict[str, Any]:
            nonlocal read
            read += 1
            return {"type": "http.request", "body": chunk, "more_body": read < 800}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        headers = [(b"content-type", b"application/json")]
        if declared is not None:
            headers.append((b"content-length", declared))
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
                 "method": "POST", "scheme": "http", "path": "/api/players",
                 "raw_path": b"/api/players", "query_string": b"", "root_path": "",
                 "headers": headers, "client": ("10.0.0.1", 5), "server": ("test", 80)}
        await app(scope, receive, send)  # type: ignore[arg-type]
        return sent[0]["status"], read

    assert client.portal.call(post, b"52428800") == (413, 0)  # type: ignore[union-attr]
    status, read = client.portal.call(post, None)  # type: ignore[union-attr]
    assert status == 413 and read == 1  # 50 MB offered, 64 KiB read


# ----------------------------------------------------------------------------- nicknames
@pytest.mark.parametrize("name", ["\u3164", "\u2800", "\u0301", "\u3164\u2800 \u3000",
                                  "a\u2028b", "a\u2029b", "\u200b", "\u200d", "x\u200bx",
                                  "\u202eabc", "\u0301a", "\u2060\u2061", "\ue000"])
def test_blank_looking_nicknames_are_refused(client: TestClient, name: str) -> None:
    answer = client.post("/api/players", json={"nickname": name})
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_nickname"


@pytest.mark.parametrize("name", ["👨\u200d👩\u200d👧\u200d👦", "🏳️\u200d🌈", "🧑🏽\u200d💻",
                                  "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
                                  "阿牛", "e\u0301", "ㅤa", "牛 哥"])
def test_visible_nicknames_and_zwj_emoji_are_accepted(client: TestClient, name: str) -> None:
    answer = client.post("/api/players", json={"nickname": name})
    assert answer.status_code == 201, answer.text


# ----------------------------------------------------------------------------- headers
def test_security_headers_on_pages_and_api(client: TestClient) -> None:
    for path in ("/", "/js/main.js", "/api/games", "/api/nope", "/api/me"):
        headers = client.get(path).headers
        assert headers["x-content-type-options"] == "nosniff", path
        csp = headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp, path
        assert "unsafe-inline" not in csp
    assert "frame-ancestors 'none'" in client.get("/api/docs").headers[
        "content-security-policy"]


def test_the_client_is_revalidated_at_every_load(client: TestClient) -> None:
    """A phone play-test: after an upgrade a browser mixed its cached ui.js with the new
    modules (no Cache-Control: kept by guess) — a blank page. The client's files say
    no-cache, and an unchanged one answers 304 to its ETag."""
    for path in ("/", "/js/main.js", "/js/ui.js", "/css/app.css"):
        first = client.get(path)
        assert first.status_code == 200 and first.headers["cache-control"] == "no-cache", path
        again = client.get(path, headers={"if-none-match": first.headers["etag"]})
        assert again.status_code == 304, path


# ----------------------------------------------------------------------------- tokens
def test_revoking_a_token_logs_out_everywhere(client: TestClient) -> None:
    a = Api(client, "a")
    old = dict(a.headers)
    with peer(client, a.token) as p:
        fresh = a.call("POST", "/api/me/revoke")
        assert fresh["player"]["id"] == a.id and fresh["token"] != a.token
        assert _close(p) == (4401, "token revoked (logged out everywhere)")
    assert client.get("/api/me", headers=old).json()["error"]["code"] == "bad_token"
    with peer(client) as q:
        q.send({"type": "hello", "token": a.token})
        assert q.next_of("error")["code"] == "bad_token"
    new = {"Authorization": f"Bearer {fresh['token']}"}
    assert client.get("/api/me", headers=new).json()["player"]["id"] == a.id


def test_revoked_token_stays_revoked_after_a_restart(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    with running(url) as client:
        a = Api(client, "a")
        fresh = a.call("POST", "/api/me/revoke")["token"]
    with running(url) as client:
        assert client.get("/api/me", headers=a.headers).status_code == 401
        assert client.get("/api/me", headers={"Authorization": f"Bearer {fresh}"}
                          ).json()["player"]["id"] == a.id


# ----------------------------------------------------------------------------- fan-out
def test_tuoguan_toggles_are_coalesced_for_watchers(tmp_path: Path) -> None:
    with running(sqlite_url(tmp_path), burst=1000, rate_per_second=1000) as client, \
            table(client, turn_clock=0) as (room, _people, peers, spectator):
        seat = next(s for s in range(3) if s not in peers[0].state[room]["view"]["to_act"])
        for p in [*peers, spectator]:
            p.quiet()
        began = time.monotonic()
        for i in range(100):
            peers[seat].send({"type": "tuoguan", "room": room, "on": i % 2 == 0})
        peers[seat].quiet()
        took = time.monotonic() - began
        time.sleep(0.3)  # the last window closes
        seen = spectator.quiet()
        rooms = [m for m in seen if m["type"] == "room"]
        assert len(rooms) <= min(40, 2 + took / 0.25), (len(rooms), took)
        last = spectator.next_of("room") if not rooms else rooms[-1]
        assert last["room"]["seats"][seat]["tuoguan"] is False  # the newest state wins


def test_room_list_is_paginated_and_short(tmp_path: Path) -> None:
    with running(sqlite_url(tmp_path), limits=_limits(room_page=4)) as client:
        people = [Api(client, f"p{i}") for i in range(4)]
        made = [p.room() for p in people for _ in range(2)]
        first = client.get("/api/rooms").json()
        assert (len(first["rooms"]), first["total"], first["next"]) == (4, 8, 4)
        second = client.get("/api/rooms?offset=4").json()
        assert second["next"] is None
        listed = [r["id"] for r in first["rooms"] + second["rooms"]]
        assert listed == made[::-1]  # newest first
        assert set(first["rooms"][0]) == {"id", "game", "title", "preset", "deals",
                                          "multiplier", "turn_clock", "answer_pause",
                                          "answer_deadline", "owner", "status",
                                          "match", "deal", "seats", "spectators",
                                          "created", "owner_here"}
        assert client.get("/api/rooms?limit=5").status_code == 400
