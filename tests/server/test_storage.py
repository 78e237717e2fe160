"""A stalled or full database (issue 7 §1), for real: another connection holds an
exclusive lock (SQLite ``BEGIN EXCLUSIVE``; PostgreSQL ``LOCK TABLE``, when
``HUAPAI_TEST_POSTGRES_URL`` is set) while the server has a short write timeout, and a
small tmpfs fills up (root only).

A move whose write cannot be made durable is refused with ``storage_unavailable`` and
changes nothing (not in memory, not for any viewer, not in the record); the same move
goes through once the lock is gone; a pong is not held up by a room's stalled write;
REST answers only what it wrote; the room restarts where its durable moves left it.
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import subprocess
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest
from server_helpers import (
    Api,
    Peer,
    act,
    peer,
    running,
    sqlite_url,
    started,
    subscribed,
    to_act,
)
from sqlalchemy import delete, func, select

from huapai.server.store import ActionRow, RoomRow, make_engine

STALL = {"write_timeout": 0.4, "write_retries": 1, "write_backoff": 0.05, "retry_after": 0.2}
NOTICE = "服务器存储暂时不可用，请稍候"
TABLES = ("players", "rooms", "room_seats", "room_members", "games", "game_actions",
          "game_results")
PICKS = [1, 2, 1, 3, 2]  # with seed 11: a deal that lasts (tests/server/test_persistence.py)


@contextmanager
def locked(url: str) -> Iterator[None]:
    """The server's database held under an exclusive lock by another connection:
    ``BEGIN EXCLUSIVE`` on the SQLite file, ``LOCK TABLE … ACCESS EXCLUSIVE`` on
    PostgreSQL."""
    if url.startswith("sqlite"):
        conn = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None,
                               timeout=5)
        conn.execute("BEGIN EXCLUSIVE")
        try:
            yield
        finally:
            conn.execute("ROLLBACK")
            conn.close()
        return
    engine = make_engine(url)
    with engine.connect() as pg:
        pg.exec_driver_sql("BEGIN")
        pg.exec_driver_sql(f"LOCK TABLE {', '.join(TABLES)} IN ACCESS EXCLUSIVE MODE")
        try:
            yield
        finally:
            pg.exec_driver_sql("ROLLBACK")
    engine.dispose()


def _step(peers: list[Peer], room: str, pick: int) -> None:
    seat = to_act(peers[0].state[room])[0]
    legal = peers[seat].state[room]["legal"]
    act(peers[seat], room, legal[pick % len(legal)])
    for p in peers:
        p.next_of("state")


def _stored_actions(url: str, room: str) -> list[int]:
    engine = make_engine(url)
    from huapai.server.store import GameRow

    with engine.connect() as conn:
        game = conn.execute(select(GameRow.id).where(GameRow.room_id == room)).scalar_one()
        rows = conn.execute(select(ActionRow.idx).where(ActionRow.game_id == game)
                            .order_by(ActionRow.idx)).scalars().all()
    engine.dispose()
    return list(rows)


def test_a_move_storage_refuses_changes_nothing_and_goes_through_later(
        database_url: str) -> None:
    url = database_url
    with running(url, seed=11, **STALL) as client:
        people = [Api(client, f"p{i}") for i in range(3)]
        with ExitStack() as stack:
            room, peers = started(client, people, stack, tuoguan_after=600)
            for pick in PICKS[:4]:
                _step(peers, room, pick)
            seat = to_act(peers[0].state[room])[0]
            mover = peers[seat]
            before = [dict(p.state[room]) for p in peers]
            legal = mover.state[room]["legal"]
            chosen = legal[PICKS[4] % len(legal)]
            with locked(url):
                act(mover, room, chosen)
                error = mover.next_of("error")
            assert error["code"] == "storage_unavailable"
            assert error["message"].startswith(NOTICE)
            health = client.get("/api/health")
            assert (health.status_code, health.json()["storage"]) == (503, "degraded")
            assert [p.quiet() for p in peers] == [[], [], []]  # nobody saw anything
            assert [p.state[room] for p in peers] == before
            assert _stored_actions(url, room) == [0, 1, 2, 3]
            act(mover, room, chosen)  # the same counter: the room never moved
            for p in peers:
                assert p.next_of("state")["counter"] == before[peers.index(p)]["counter"] + 1
            after = [dict(p.state[room]) for p in peers]
            health = client.get("/api/health")
            assert (health.status_code, health.json()["storage"]) == (200, "ok")
    assert _stored_actions(url, room) == [0, 1, 2, 3, 4]
    with running(url) as client:
        for person in people:
            person.client = client
        summary = people[0].call("GET", f"/api/rooms/{room}")["room"]
        assert summary["status"] == "playing"
        with ExitStack() as stack:
            restored = [p.next_of("state") for p in subscribed(client, people, room, stack)]
        assert [(r["view"], r["legal"]) for r in restored] == \
            [(a["view"], a["legal"]) for a in after]


def test_a_stalled_write_holds_up_no_other_connection(database_url: str) -> None:
    url, stall = database_url, {**STALL, "write_timeout": 1.0}
    with running(url, **stall) as client:
        people = [Api(client, f"p{i}") for i in range(3)]
        outsider = Api(client, "outsider")
        with ExitStack() as stack:
            room, peers = started(client, people, stack, tuoguan_after=600)
            other = stack.enter_context(peer(client, outsider.token))
            seat = to_act(peers[0].state[room])[0]
            with locked(url):
                act(peers[seat], room)
                time.sleep(0.1)  # the move's write is now waiting for the lock
                sent = time.monotonic()
                other.send({"type": "ping"})
                assert other.next_of("pong")["type"] == "pong"
                waited = time.monotonic() - sent
                assert peers[seat].next_of("error")["code"] == "storage_unavailable"
            assert waited < 1.0, f"a pong waited {waited:.2f} s behind another room's write"


def test_rest_answers_only_what_it_wrote(database_url: str) -> None:
    url = database_url
    with running(url, **STALL) as client:
        owner = Api(client, "owner")
        with locked(url):
            answer = client.post("/api/players", json={"nickname": "late"})
            assert answer.status_code == 503, answer.text
            assert answer.json()["error"]["code"] == "storage_unavailable"
            assert owner.error("POST", "/api/rooms", {"game": "xianniu"}) == \
                "storage_unavailable"
        assert owner.call("GET", "/api/rooms")["rooms"] == []
        room = owner.room()
        with locked(url):
            assert owner.error("POST", f"/api/rooms/{room}/bots", {}) == "storage_unavailable"
        summary = owner.call("GET", f"/api/rooms/{room}")["room"]
        assert all(s["bot"] is None for s in summary["seats"])
    engine = make_engine(url)
    with engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(RoomRow)).scalar_one() == 1
    engine.dispose()


def test_bots_wait_out_a_stall_and_finish_the_deal(database_url: str) -> None:
    url = database_url
    with running(url, **STALL) as client:
        owner = Api(client, "owner")
        room = owner.room(bot_delay=0.1)
        owner.call("POST", f"/api/rooms/{room}/seats/0")
        owner.call("POST", f"/api/rooms/{room}/bots", {})
        with peer(client, owner.token) as me:
            me.send({"type": "subscribe", "room": room})
            owner.call("POST", f"/api/rooms/{room}/start")
            me.next_of("state")
            me.send({"type": "tuoguan", "room": room, "on": True})  # all bots now
            me.until(lambda m: m["type"] == "room" and m["room"]["seats"][0]["tuoguan"])
            with locked(url):
                time.sleep(1.5)  # their moves are refused and tried again meanwhile
            end = me.next_of("deal_end")
        game_id = end["game_id"]
        assert client.get(f"/api/verify/{game_id}").json()["ok"] is True
        steps = client.get(f"/api/replays/{game_id}").json()["steps"]
    assert _stored_actions(url, room) == list(range(len(steps)))


def test_a_record_with_a_gap_is_repaired_from_what_is_durable(database_url: str) -> None:
    """What an older server left after a failed write (row 4 missing, rows 5.. stored):
    the room comes back at the last move before the gap instead of being dropped."""
    url = database_url
    with running(url, seed=11) as client:
        people = [Api(client, f"p{i}") for i in range(3)]
        with ExitStack() as stack:
            room, peers = started(client, people, stack, tuoguan_after=600)
            states = []
            for pick in PICKS:
                states.append([dict(p.state[room]) for p in peers])
                _step(peers, room, pick)
    assert _stored_actions(url, room) == [0, 1, 2, 3, 4]
    engine = make_engine(url)
    with engine.begin() as conn:
        conn.execute(delete(ActionRow).where(ActionRow.idx == 3))
    engine.dispose()
    with running(url) as client:
        for person in people:
            person.client = client
        assert people[0].call("GET", f"/api/rooms/{room}")["room"]["status"] == "playing"
        with ExitStack() as stack:
            peers = subscribed(client, people, room, stack)
            restored = [p.next_of("state") for p in peers]
            assert [(r["view"], r["legal"]) for r in restored] == \
                [(s["view"], s["legal"]) for s in states[3]]
            _step(peers, room, PICKS[3])
    assert _stored_actions(url, room) == [0, 1, 2, 3]


@contextmanager
def small_filesystem(where: Path, size: str) -> Iterator[Path]:
    """A real tmpfs of ``size`` at ``where`` (root only; the test is skipped otherwise)."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("a full filesystem needs root to mount a small tmpfs")
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def _fill(path: Path) -> None:
    """Write ``path`` until the filesystem is full."""
    with path.open("wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 4096)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC, exc


def test_a_full_filesystem_refuses_moves_and_changes_nothing(tmp_path: Path) -> None:
    with small_filesystem(tmp_path / "small", "16m") as small:
        url = sqlite_url(small)
        with running(url, seed=11, **STALL) as client:
            people = [Api(client, f"p{i}") for i in range(3)]
            with ExitStack() as stack:
                room, peers = started(client, people, stack, tuoguan_after=600)
                _fill(small / "filler")
                refused, accepted = None, 0
                for pick in [1, 2, 1, 3, 2, 1, 1, 2, 3, 1, 2, 1] * 4:
                    state = peers[0].state[room]
                    if not to_act(state) or state["view"].get("settlement"):
                        break
                    mover = peers[to_act(state)[0]]
                    legal = mover.state[room]["legal"]
                    before = [dict(p.state[room]) for p in peers]
                    act(mover, room, legal[pick % len(legal)])
                    reply = mover.until(lambda m: m["type"] in ("state", "error"))
                    if reply["type"] == "error":
                        refused = (mover, legal[pick % len(legal)], before)
                        break
                    accepted += 1
                    for p in peers:
                        if p is not mover:
                            p.next_of("state")
                assert refused is not None, "the full filesystem never refused a write"
                mover, chosen, before = refused
                assert reply["code"] == "storage_unavailable"
                assert [p.quiet() for p in peers] == [[], [], []]
                assert [p.state[room] for p in peers] == before
                answer = client.post("/api/players", json={"nickname": "late"})
                assert (answer.status_code, answer.json()["error"]["code"]) == \
                    (503, "storage_unavailable")
                (small / "filler").unlink()
                act(mover, room, chosen)
                for p in peers:
                    p.next_of("state")
            assert _stored_actions(url, room) == list(range(accepted + 1))
