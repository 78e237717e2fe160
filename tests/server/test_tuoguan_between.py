"""Between deals with nobody to wait for: a person on 托管 who watches is given time to
read the settlement (托管 through a match flashed each deal's by at the bots' pace) and
goes on at once with 准备; with nobody watching the bots go on at their pace."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from server_helpers import Api, peer, running, sqlite_url, tuoguan_from_the_start


def test_a_watcher_on_tuoguan_reads_the_settlement_then_goes_on(
        database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # the pause as long as the room's longest wait: only 准备 can start the next deal here
    monkeypatch.setattr("huapai.server.turns.WATCH_PAUSE", 600.0)
    with running(database_url, between_deals=600.0) as client:
        me = Api(client, "托管者")
        room = me.room(deals=3)
        with tuoguan_from_the_start(client, me, room) as mine:
            end = mine.next_of("deal_end")
            assert end["deal"] == 0 and end["next_deal_in_ms"] == 600_000  # the countdown says it
            mine.send({"type": "ready", "room": room})
            following = mine.until(lambda m: m["type"] == "state" and m["deal"] == 1)
            assert following["tuoguan"] == [0]  # still on 托管: the bot plays on


def test_with_nobody_watching_the_bots_go_on_at_their_pace(database_url: str) -> None:
    with running(database_url, between_deals=600.0) as client:
        me, watcher = Api(client, "走开的"), Api(client, "看的人")
        room = me.room(deals=3, tuoguan_after=0)
        me.call("POST", f"/api/rooms/{room}/seats/0")
        me.call("POST", f"/api/rooms/{room}/bots", {})
        with peer(client, watcher.token) as seen:  # a spectator: not a seat's person
            seen.send({"type": "subscribe", "room": room})
            seen.next_of("room")
            me.call("POST", f"/api/rooms/{room}/start")  # and I never connect: dropped, 托管
            end = seen.next_of("deal_end")
            assert end["next_deal_in_ms"] == 0  # the bots' pace (bot_delay 0)
            assert seen.until(lambda m: m["type"] == "state" and m["deal"] == 1)


def test_tuoguan_taken_back_at_the_settlement_restores_the_whole_countdown(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """取消托管 at a settlement: the next deal came a second later, on 托管's short pause (a
    play-test). Taken back, the player is waited for again: the whole countdown from the
    deal's end, told to every window (``next_deal``), and the deal waits for 准备."""
    monkeypatch.setattr("huapai.server.turns.WATCH_PAUSE", 2.0)
    with running(sqlite_url(tmp_path), between_deals=60.0) as client:
        me = Api(client, "局间")
        room = me.room(deals=3)
        with tuoguan_from_the_start(client, me, room) as mine:
            end = mine.next_of("deal_end")
            assert end["next_deal_in_ms"] == 2000  # 托管's short pause to read it
            mine.send({"type": "tuoguan", "room": room, "on": False})
            again = mine.next_of("next_deal")
            assert 55_000 <= again["in_ms"] <= 60_000, again
            time.sleep(2.5)  # past the short pause: no new deal
            assert not [m for m in mine.quiet() if m["type"] == "state"]
            mine.send({"type": "ready", "room": room})
            assert mine.until(lambda m: m["type"] == "state" and m["deal"] == 1)
