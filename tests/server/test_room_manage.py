"""Managing a room as the apps do: 换座 (a seated player moves to an empty seat in one
step), 转让房主 (the owner hands the room to a player at the table) and 解散房间 (the owner
closes it for good, and everyone watching is told). Friends from 兰州 missed all three (a
play-test): only 离座, 请离座 and 坐这里 were there, and a room nobody wanted stayed open
until it went idle."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from server_helpers import Api, Peer, peer, running, sqlite_url, tuoguan_from_the_start
from starlette.testclient import TestClient


def _seats(api: Api, room: str) -> list[str | None]:
    summary = api.call("GET", f"/api/rooms/{room}")["room"]
    return [None if s["player"] is None else s["player"]["nickname"] if s["bot"] is None
            else s["bot"] for s in summary["seats"]]


def _subscribe(p: Peer, room: str) -> dict[str, Any]:
    p.send({"type": "subscribe", "room": room})
    summary: dict[str, Any] = p.next_of("room")["room"]
    return summary


def _table(client: TestClient) -> tuple[Api, Api, str, str]:
    """a (the owner) at seat 0, b at seat 1, seat 2 empty."""
    a, b = Api(client, "a"), Api(client, "b")
    room = a.room()
    path = f"/api/rooms/{room}"
    a.call("POST", f"{path}/seats/0")
    b.call("POST", f"{path}/seats/1")
    return a, b, room, path


def test_a_seated_player_changes_seats_in_one_step(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    with running(url) as client:
        a, b, room, path = _table(client)
        moved = a.call("POST", f"{path}/seats/2")["room"]
        assert [s["player"] and s["player"]["nickname"] for s in moved["seats"]] == \
            [None, "b", "a"]
        assert b.error("POST", f"{path}/seats/2") == "seat_taken"
        assert a.error("POST", f"{path}/seats/2") == "already_seated"  # where a sits
        a.call("POST", f"{path}/bots", {"seats": [0]})
        assert b.error("POST", f"{path}/seats/0") == "seat_taken"  # a bot's seat
        a.call("POST", f"{path}/start")
        # nobody changes seats during a match, and the refusal changes nothing
        a.call("DELETE", f"{path}/seats/0", status=409)
        assert a.error("POST", f"{path}/seats/1") == "no_seat_change"
        token = a.token
    with running(url) as client:  # kept through a restart
        answer = client.get(f"/api/rooms/{room}", headers={"Authorization": f"Bearer {token}"})
        seats = answer.json()["room"]["seats"]
        assert [s["player"] and s["player"]["nickname"] for s in seats] == [None, "b", "a"]


def test_a_move_carries_the_window_to_the_new_seat(client: TestClient) -> None:
    a, _b, room, path = _table(client)
    with peer(client, a.token) as p:
        _subscribe(p, room)
        a.call("POST", f"{path}/seats/2")
        summary = p.until(lambda m: m["type"] == "room" and m["room"]["seats"][2]["player"])
        assert summary["room"]["seats"][2]["online"] is True
        assert summary["room"]["seats"][0]["online"] is False


def test_the_owner_hands_the_room_to_a_player_at_the_table(client: TestClient) -> None:
    a, b, room, path = _table(client)
    c = Api(client, "c")  # watching, not seated
    assert a.error("POST", f"{path}/owner", {"player": c.id}) == "not_at_table"
    assert a.error("POST", f"{path}/owner", {"player": 7}) == "bad_message"
    assert a.error("POST", f"{path}/owner", {"player": a.id}) == "already_owner"
    with peer(client, a.token) as p, peer(client, b.token) as q:
        _subscribe(p, room)  # a is here: b may not hand the room on (an away owner's
        _subscribe(q, room)  # room may be taken by a seated player: test_owner_away.py)
        assert b.error("POST", f"{path}/owner", {"player": b.id}) == "not_owner"
        assert a.call("POST", f"{path}/owner", {"player": b.id})["room"]["owner"] == b.id
        assert q.until(lambda m: m["type"] == "room" and m["room"]["owner"] == b.id)
        assert a.error("POST", f"{path}/start") == "not_owner"  # b's room now (b is here)
        b.call("POST", f"{path}/bots", {"seats": [2]})
        assert b.call("POST", f"{path}/start")["room"]["status"] == "playing"


def test_the_owner_dissolves_the_room_and_the_table_is_told(client: TestClient) -> None:
    a, b, room, path = _table(client)
    a.call("POST", f"{path}/bots", {"seats": [2]})
    with peer(client, a.token) as p, peer(client, b.token) as q:
        _subscribe(p, room)
        _subscribe(q, room)
        a.call("POST", f"{path}/start")
        assert a.error("DELETE", path) == "mid_match"  # the match is on: refused
        msg = client.delete(path, headers=a.headers).json()["error"]["msg"]
        assert msg["zh"].endswith("正在打第 1 局，共 1 局") and msg["en"].endswith(
            "deal 1 of 1 is on"), msg  # each language its own (English stood in both)
        assert a.call("GET", path)["room"]["status"] == "playing"
        assert b.error("DELETE", path) == "not_owner"
    other = a.room()  # a second room of a's, waiting, b seated and watching it
    b.call("POST", f"/api/rooms/{other}/seats/1")
    with peer(client, b.token) as q:
        _subscribe(q, other)
        assert a.call("DELETE", f"/api/rooms/{other}")["room"]["status"] == "closed"
        closed = q.until(lambda m: m["type"] == "room_closed")
        assert closed == {"type": "room_closed", "room": other,
                          "by": {"id": a.id, "nickname": "a"}}
    assert b.error("GET", f"/api/rooms/{other}") == "room_not_found"
    assert all(r["id"] != other for r in a.call("GET", "/api/rooms")["rooms"])


def test_a_dissolved_room_stays_closed_after_a_restart(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    with running(url) as client:
        a = Api(client, "a")
        room = a.room()
        with peer(client, a.token) as p:
            _subscribe(p, room)
            a.call("DELETE", f"/api/rooms/{room}")
            assert p.until(lambda m: m["type"] == "room_closed")["room"] == room
            # the window watches it no longer: a second subscribe is refused as unknown
            p.send({"type": "subscribe", "room": room})
            assert p.next_of("error")["code"] == "room_not_found"
        token = a.token
    with running(url) as client:
        answer = client.get(f"/api/rooms/{room}", headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == 404


def test_an_old_invitation_to_a_closed_room_says_it_is_closed(client: TestClient) -> None:
    """A friend opening the invitation of a room closed since read 房间码不对 as a typo."""
    a, b = Api(client, "a"), Api(client, "b")
    room = a.room(private=True)
    code = a.call("GET", f"/api/rooms/{room}")["room"]["code"]
    a.call("DELETE", f"/api/rooms/{room}")
    assert b.error("POST", "/api/rooms/join", {"code": code.lower()}) == "closed_room"
    assert b.error("POST", "/api/rooms/join", {"code": "ZZZZZZ"}) == "bad_code"


def test_a_player_standing_in_for_an_away_owner_cannot_close_the_room(
        client: TestClient) -> None:
    """Anyone at the table could press 解散房间 while the owner had only stepped out to the
    lobby (a play-test): closing for good is the owner's alone; the stand-in may still
    start, fill seats and play again (test_owner_away.py)."""
    a, b, _room, path = _table(client)  # a owns it and has no window on it
    assert b.error("DELETE", path) == "not_owner"
    assert a.call("GET", path)["room"]["status"] == "waiting"
    b.call("POST", f"{path}/bots", {"seats": [2]})  # standing in: b is the owner now …
    assert b.call("DELETE", path)["room"]["status"] == "closed"  # … and may close it


def test_a_finished_deal_names_who_played_each_seat(client: TestClient) -> None:
    """After 换座 the finished deal on the table named the seat's new occupant as its
    player ("大刘 对 1" of a deal 大刘 never played, a play-test): the summary's ``dealt``
    says who sat each seat when it was dealt (a bot by its spec: its level showed as the
    heuristic's), while a seat has changed."""
    a = Api(client, "a")
    room = a.room()
    path = f"/api/rooms/{room}"
    with tuoguan_from_the_start(client, a, room) as p:
        p.until(lambda m: m["type"] == "match_end", limit=5000)
        assert a.call("GET", path)["room"]["dealt"] is None  # every seat as dealt
        spec = a.call("GET", path)["room"]["seats"][1]["bot"]
        a.call("DELETE", f"{path}/seats/1")  # the bot of seat 1 removed
        moved = a.call("POST", f"{path}/seats/1")["room"]  # 换座 after the match
        third = moved["seats"][2]["bot"]
        assert spec and third
        assert moved["dealt"] == [{"id": a.id, "nickname": "a"}, {"bot": spec}, {"bot": third}]


def test_a_room_taken_over_names_the_owner_it_was_taken_from(client: TestClient) -> None:
    """A host who came back to a room a friend had taken over (standing in while the host
    had no window on it) found the owner's buttons gone and nothing saying why."""
    a, b, room, path = _table(client)
    assert a.call("GET", path)["room"]["owner_before"] is None
    b.call("POST", f"{path}/bots", {"seats": [2]})  # a away: b stands in, owns it by that
    summary = a.call("GET", path)["room"]
    assert summary["owner"] == b.id and summary["owner_before"] == a.id
    with peer(client, b.token) as q:  # b, here and the owner, hands it back: no take-over
        _subscribe(q, room)
        b.call("POST", f"{path}/owner", {"player": a.id})
    summary = a.call("GET", path)["room"]
    assert summary["owner"] == a.id and summary["owner_before"] is None


def test_a_seated_player_acts_for_the_owner_only_after_a_grace(tmp_path: Path) -> None:
    """A passer-by who sat down in a public room took it over while its owner was only on
    another of his rooms' pages (a lobby play-test): a seated player may act for an owner
    with no window on the room only once it has had none for ``owner_grace`` seconds; the
    summary says when (``owner_here``), and who took it over (``owner_nickname``)."""
    import time
    with running(sqlite_url(tmp_path), owner_grace=0.6) as client:
        a, b, room, path = _table(client)
        with peer(client, a.token) as p:
            _subscribe(p, room)  # a watches, then goes (to another room's page)
        assert b.error("POST", f"{path}/bots", {"seats": [2]}) == "not_owner"
        assert a.call("GET", path)["room"]["owner_here"] is True  # within the grace
        time.sleep(0.8)
        assert a.call("GET", path)["room"]["owner_here"] is False
        b.call("POST", f"{path}/bots", {"seats": [2]})  # b stands in, owns it by that
        summary = a.call("GET", path)["room"]
        assert summary["owner"] == b.id and summary["owner_nickname"] == "b"


def test_the_owners_going_is_said_with_the_grace_already_running(tmp_path: Path) -> None:
    """The owner closes the window: the summary the seated player gets at once says the
    owner is still here (the grace running) — it said gone, offered 开始 and 移走, and each
    press was refused for the whole grace (a play-test); once the grace is over it says
    gone, and the player may act for the owner."""
    import time
    with running(sqlite_url(tmp_path), owner_grace=0.6) as client:
        a, b, room, path = _table(client)
        time.sleep(0.8)  # the room older than the grace
        with peer(client, b.token) as seated:
            _subscribe(seated, room)
            with peer(client, a.token) as owner:
                _subscribe(owner, room)
                seated.quiet()
                time.sleep(0.6)  # past the summaries' coalescing: the next goes at once
            went = seated.until(lambda m: m["type"] == "room")
            assert went["room"]["owner_here"] is True, went["room"]
            gone = seated.until(lambda m: m["type"] == "room" and not m["room"]["owner_here"])
            assert gone["room"]["owner"] == a.id
            b.call("POST", f"{path}/bots", {"seats": [2]})  # acts for the owner, owns it


def test_a_player_freed_by_the_owner_is_told_now_or_on_coming_back(tmp_path: Path) -> None:
    """请离座 said to the player: at once on a window on the room, else when they next
    open it — once (a player freed while away came back to an empty seat and no word)."""
    with running(sqlite_url(tmp_path)) as client:
        a, b, room, path = _table(client)
        with peer(client, b.token) as here:
            _subscribe(here, room)
            a.call("DELETE", f"{path}/seats/1")
            told = here.next_of("seat_freed")
            assert told == {"type": "seat_freed", "room": room, "seat": 1}
        b.call("POST", f"{path}/seats/1")  # sat down again, then went away
        a.call("DELETE", f"{path}/seats/1")
        with peer(client, b.token) as back:
            _subscribe(back, room)
            assert back.next_of("seat_freed")["seat"] is None
        with peer(client, b.token) as again:  # said once
            _subscribe(again, room)
            assert all(m.get("type") != "seat_freed" for m in again.quiet())
        with peer(client, a.token) as owner:  # nobody else is told
            _subscribe(owner, room)
            assert all(m.get("type") != "seat_freed" for m in owner.quiet())


def test_the_owner_sees_who_watches_and_sends_one_away(tmp_path: Path) -> None:
    """请出: the players saw only 「2 人观战」 and could not tell who, nor keep anyone out
    (a play-test). The summary names each spectator once; the owner alone sends one away:
    their windows are told and closed, and the room — by its address or its code — is
    closed to them; a seated player, the owner or somebody not watching is refused."""
    with running(sqlite_url(tmp_path)) as client:
        a, b, c, d = (Api(client, name) for name in "abcd")
        room = a.room(private=True)
        path = f"/api/rooms/{room}"
        code = a.call("GET", path)["room"]["code"]
        for friend in (b, c, d):
            friend.call("POST", "/api/rooms/join", {"code": code})
        a.call("POST", f"{path}/seats/0")
        b.call("POST", f"{path}/seats/1")
        with peer(client, a.token) as owner, peer(client, c.token) as watcher, \
                peer(client, c.token) as second, peer(client, d.token) as other:
            for p in (owner, watcher, second, other):  # (an owner away leaves it to b)
                _subscribe(p, room)
            watchers = a.call("GET", path)["room"]["watchers"]
            assert watchers == [{"id": c.id, "nickname": "c"}, {"id": d.id, "nickname": "d"}]
            assert b.error("DELETE", f"{path}/spectators/{c.id}") == "not_owner"
            for target in (b.id, a.id, "nobody"):
                assert a.error("DELETE", f"{path}/spectators/{target}") == "not_watching"
            summary = a.call("DELETE", f"{path}/spectators/{c.id}")["room"]
            assert summary["watchers"] == [{"id": d.id, "nickname": "d"}]
            assert summary["spectators"] == 1
            for p in (watcher, second):  # every window of theirs
                assert p.next_of("sent_away") == {"type": "sent_away", "room": room}
            watcher.send({"type": "subscribe", "room": room})
            assert watcher.next_of("error")["code"] == "sent_away"
            assert all(m.get("type") != "sent_away" for m in other.quiet())
        assert c.error("GET", path) == "sent_away"
        assert c.error("POST", f"{path}/seats/2") == "sent_away"
        assert c.error("POST", "/api/rooms/join", {"code": code}) == "sent_away"
        assert a.error("DELETE", f"{path}/spectators/{c.id}") == "not_watching"
    with running(sqlite_url(tmp_path), seed=8) as client:  # kept across a restart
        for person in (a, c, d):
            person.client = client
        assert c.error("GET", path) == "sent_away"
        assert c.error("POST", "/api/rooms/join", {"code": code}) == "sent_away"
        assert d.call("GET", path)["room"]["id"] == room  # a member still


def test_a_public_room_leaves_the_lobby_of_whoever_was_sent_away(tmp_path: Path) -> None:
    """The lobby still offered 观战 on a public room its owner had sent the reader away
    from (a play-test); everyone else's list keeps it."""
    with running(sqlite_url(tmp_path)) as client:
        a, _b, room, path = _table(client)
        c, d = Api(client, "c"), Api(client, "d")

        def listed(reader: Api) -> set[str]:
            return {r["id"] for r in reader.call("GET", "/api/rooms")["rooms"]}

        with peer(client, a.token) as owner, peer(client, c.token) as watcher:
            _subscribe(owner, room)
            _subscribe(watcher, room)
            assert room in listed(c)
            a.call("DELETE", f"{path}/spectators/{c.id}")
            watcher.next_of("sent_away")
        assert room not in listed(c) and room in listed(d)
        anyone = client.get("/api/rooms").json()["rooms"]  # no token: listed
        assert room in {r["id"] for r in anyone}
