"""REST lobby: players, games, rooms, seats, bots, start, play again, history."""

from __future__ import annotations

import re
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Api, alone_with_bots, peer, running, sqlite_url
from starlette.testclient import TestClient

from huapai.core import registry
from huapai.core.manifest import ManifestError
from huapai.core.registry import get_game
from huapai.server.seats import house_bot


def test_player_made_on_first_visit_and_renamed(client: TestClient) -> None:
    a = Api(client, " 阿牛 ")
    assert a.call("GET", "/api/me")["player"] == {"id": a.id, "nickname": "阿牛"}
    assert a.call("PATCH", "/api/me", {"nickname": "牛哥"})["player"]["nickname"] == "牛哥"
    assert a.call("GET", "/api/me")["totals"] == {"games": 0, "points": 0}


def test_player_errors(client: TestClient) -> None:
    assert client.post("/api/players", json={"nickname": ""}).json()["error"]["code"] == \
        "bad_nickname"
    assert client.post("/api/players", json={"nickname": 5}).status_code == 400
    assert client.post("/api/players", json={"nickname": "x" * 25}).status_code == 400
    assert client.post("/api/players", json={"nickname": "a\u0000b"}).status_code == 400
    assert client.get("/api/me").json()["error"]["code"] == "unauthorized"
    bad = client.get("/api/me", headers={"Authorization": "Bearer nope"})
    assert (bad.status_code, bad.json()["error"]["code"]) == (401, "bad_token")
    broken = client.post("/api/players", content=b"{not json")
    assert broken.json()["error"]["code"] == "bad_json"


def test_each_family_serves_its_guide(client: TestClient) -> None:
    """玩法说明: the manifest says a family has one; its sections and each preset's part
    (under the preset's title) in both languages; a game that does not exist is 404."""
    games = client.get("/api/games").json()["games"]
    assert all(g["howto"] for g in games if g["name"] in ("xianniu", "biegan", "xiushan"))
    guide = client.get("/api/games/biegan/howto").json()["howto"]
    assert guide["title"]["zh"] and guide["title"]["en"]
    assert all(p["zh"] and p["en"] for s in guide["sections"] for p in s["paragraphs"])
    assert set(guide["presets"]) == {"gongan", "danbiegan", "gongan-app"}
    titles = {g["name"]: g["preset_titles"] for g in games}["biegan"]
    assert guide["presets"]["danbiegan"]["title"] == titles["danbiegan"]
    missing = client.get("/api/games/nosuch/howto")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "game_not_found"


def test_games_presets_and_rule_options(client: TestClient) -> None:
    games = client.get("/api/games").json()["games"]
    xianniu = next(g for g in games if g["name"] == "xianniu")
    assert {p["name"] for p in xianniu["presets"]} >= {"lanzhou", "lanzhou-app", "fengxiang"}
    assert xianniu["titles"] == {"zh": "掀牛 / 花花牌", "en": "Xianniu (掀牛 / 花花牌)"}
    assert xianniu["preset_titles"]["fengxiang"]["zh"] == "凤翔花花牌（长牌）"
    assert (xianniu["house_bot"], xianniu["zero_sum"]) == ("heuristic", True)
    assert xianniu["web_renderer"] == "js/games/xianniu.js" and xianniu["calculators"] == []
    biegan = next(g for g in games if g["name"] == "biegan")
    assert biegan["calculators"] == ["score", "waits"] and "heuristic" in biegan["bots"]
    assert not any("engine" in g or "terminal_renderer" in g for g in games)  # server-side
    detail = client.get("/api/games/xianniu").json()
    options = {o["name"]: o for o in detail["options"]}
    assert options["players"]["low"] == 3 and options["players"]["high"] == 5
    assert options["deck"]["choices"] == ["huapai", "poker"]
    assert options["deck"]["zh"] == "牌具"
    assert options["deck"]["choice_labels"][0] == {"value": "huapai", "zh": "花花牌",
                                                   "en": "long cards"}
    assert not any(p["ends_itself"] for p in detail["presets"])
    xiushan = client.get("/api/games/xiushan").json()
    ends = {p["name"]: p["ends_itself"] for p in xiushan["presets"]}
    assert ends["bofu"] and not ends["shibafu"]  # 钵福's match ends at 得一钵
    assert "random" in detail["bots"]
    assert client.get("/api/games/nope").json()["error"]["code"] == "game_not_found"


def test_a_family_serves_its_own_browser_files(toy_games: None, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A family from another package names ``web_assets`` (a folder of its package),
    served at families/<name>/, and its renderer there (here: huapai's own folder)."""
    toy = replace(registry.get_manifest("toy"), web_assets="huapai:web/js/games",
                  web_renderer="families/toy/generic.js")
    monkeypatch.setitem(registry._registered, "toy", toy)
    with running(sqlite_url(tmp_path)) as client:
        served = client.get("/families/toy/generic.js")
        assert served.status_code == 200 and "export const generic" in served.text
        listed = {g["name"]: g for g in client.get("/api/games").json()["games"]}
        assert listed["toy"]["web_renderer"] == "families/toy/generic.js"
    for broken, fault in [(replace(toy, web_renderer="families/toy/nowhere.js"),
                           "web_renderer 'families/toy/nowhere.js' is not a .js file"),
                          (replace(toy, web_assets="huapai:no/such/folder"),
                           "web_assets 'huapai:no/such/folder' is not a folder"),
                          (replace(toy, web_assets="no_such_package_x:web"),
                           "web_assets 'no_such_package_x:web'")]:
        monkeypatch.setitem(registry._registered, "toy", broken)
        with pytest.raises(ManifestError, match="game family 'toy'") as info, \
                running(sqlite_url(tmp_path)):
            pass
        assert fault in str(info.value)


def test_create_room_validates_everything(client: TestClient) -> None:
    a = Api(client, "a")
    checks = [
        ({"game": "nope"}, "game_not_found"),
        ({"game": "xianniu", "preset": "nope"}, "rules_invalid"),
        ({"game": "xianniu", "rules": {"nope": 1}}, "rules_invalid"),
        ({"game": "xianniu", "rules": {"players": 9}}, "rules_invalid"),
        ({"game": "xianniu", "rules": []}, "rules_invalid"),
        ({"game": "xianniu", "deals": 0}, "bad_settings"),
        ({"game": "xianniu", "deals": "2"}, "bad_settings"),
        ({"game": "xianniu", "multiplier": True}, "bad_settings"),
        ({"game": "xianniu", "private": "yes"}, "bad_settings"),
        ({"game": "xianniu", "turn_clock": 601}, "bad_settings"),
        ({"game": "xianniu", "colour": "red"}, "bad_settings"),
    ]
    for body, code in checks:
        assert a.error("POST", "/api/rooms", body) == code, body
    assert client.get("/api/rooms").json()["rooms"] == []


@pytest.mark.parametrize(("body", "zh", "en"), [
    ({"deals": 0}, "房间设置不对：局数：0 不在 1 到 64 之间", "deals: 0 is outside 1..64"),
    ({"deals": "2"}, '局数：应为整数，收到 "2"', 'deals: expected an integer, got "2"'),
    ({"bot_delay": "x"}, "机器人速度：应为数字", "bot_delay: expected a number"),
    ({"private": "yes"}, "私人房间：应为是或否", "private: expected true or false"),
    ({"colour": "red"}, "不认识的字段：「colour」", "unknown field(s): 'colour'"),
])
def test_a_bad_room_setting_says_what_in_each_language(client: TestClient, body: dict[str, Any],
                                                       zh: str, en: str) -> None:
    """The Chinese message names the field as the lobby does and why (it said only
    房间设置不对, while the English named the field and the range)."""
    a = Api(client, "a")
    answer = client.post("/api/rooms", json={"game": "xianniu", **body}, headers=a.headers)
    msg = answer.json()["error"]["msg"]
    assert answer.status_code == 400 and zh in msg["zh"] and en in msg["en"], msg
    shown = re.sub(r'"[^"]*"|「[^」]*」', "", msg["zh"])  # the value as it was sent aside
    assert not re.search(r"[A-Za-z]{2,}", shown), msg["zh"]


@pytest.mark.parametrize(("nickname", "zh"), [
    ("", "要 1 到 24 个字，这个是 0 个"), ("x" * 25, "这个是 25 个"),
    ("a\u0000b", "不能有控制字符"), ("\u200b", "不能有看不见的格式字符"),
    ("\u3164", "名字里没有看得见的字"),
])
def test_a_bad_nickname_says_why_in_chinese(client: TestClient, nickname: str, zh: str) -> None:
    answer = client.post("/api/players", json={"nickname": nickname})
    msg = answer.json()["error"]["msg"]
    assert answer.status_code == 400 and msg["zh"].startswith("昵称不对：") and zh in msg["zh"], msg
    assert msg["en"].startswith("invalid nickname: "), msg


def test_room_options_are_kept(client: TestClient) -> None:
    a = Api(client, "a")
    body = {"game": "xianniu", "preset": "fengxiang", "rules": {"players": 4}, "deals": 3,
            "multiplier": 2, "turn_clock": 30, "tuoguan_after": 10, "bot_delay": 0.5}
    room = a.call("POST", "/api/rooms", body, status=201)["room"]
    assert len(room["seats"]) == 4 and room["rules"]["players"] == 4
    assert (room["deals"], room["multiplier"], room["turn_clock"]) == (3, 2, 30)
    assert (room["tuoguan_after"], room["bot_delay"], room["status"]) == (10, 0.5, "waiting")
    assert room["code"] is None and room["owner"] == a.id
    listed = client.get("/api/rooms").json()["rooms"]
    assert [r["id"] for r in listed] == [room["id"]]


def test_a_biegan_room_has_one_multiplier_its_rules(client: TestClient) -> None:
    """双别杆's 倍数 is a rule option (the seed's 10倍房間): the platform's multiplier would
    multiply the points a second time, so it is refused there, naming the option."""
    a = Api(client, "a")
    refused = a.call("POST", "/api/rooms", {"game": "biegan", "multiplier": 10}, status=400)
    assert refused["error"]["code"] == "bad_settings", refused
    assert "'multiplier' (rules.multiplier)" in refused["error"]["message"]
    assert client.get("/api/rooms").json()["rooms"] == []
    room = a.call("POST", "/api/rooms", {"game": "biegan", "rules": {"multiplier": 10}},
                  status=201)["room"]
    assert (room["rules"]["multiplier"], room["multiplier"]) == (10, 1)


def test_a_player_cannot_make_the_server_open_a_file(client: TestClient,
                                                     tmp_path: Path) -> None:
    """秀山's 名堂表 (mingtang_table) is a path on the machine that runs the engine: a room's
    rules from a client never name one — refused before anything reads it, whether the
    file exists, is no table or does not exist — and the lobby's options do not offer it."""
    a = Api(client, "a")
    table = tmp_path / "table.toml"
    table.write_text("not a table", encoding="utf-8")
    for path in (str(table), "/etc/passwd", "/dev/zero", "no/such/file"):
        body = {"game": "xiushan", "preset": "bofu", "rules": {"mingtang_table": path}}
        answer = client.post("/api/rooms", json=body, headers=a.headers)
        assert answer.status_code == 400, answer.text
        error = answer.json()["error"]
        assert error["code"] == "rules_invalid" and error["msg"]["code"] == "rules_invalid"
        assert "这台服务器没有提供可选的文件" in error["msg"]["zh"], error
        assert path not in answer.text and "TOML" not in answer.text
    assert client.get("/api/rooms").json()["rooms"] == []
    options = client.get("/api/games/xiushan").json()["options"]
    local = [o["name"] for o in options if o["local"]]
    assert local == ["mingtang_table"]


def test_private_room_needs_its_code(client: TestClient) -> None:
    a, b = Api(client, "a"), Api(client, "b")
    room = a.call("POST", "/api/rooms", {"game": "xianniu", "private": True}, 201)["room"]
    assert len(room["code"]) == 6
    assert client.get("/api/rooms").json()["rooms"] == []
    assert b.error("GET", f"/api/rooms/{room['id']}") == "room_not_found"
    assert b.error("POST", f"/api/rooms/{room['id']}/seats/1") == "room_not_found"
    assert b.error("POST", "/api/rooms/join", {"code": "ZZZZZZ"}) == "bad_code"
    joined = b.call("POST", "/api/rooms/join", {"code": room["code"].lower()})["room"]
    assert joined["id"] == room["id"]
    assert b.call("GET", "/api/me/rooms")["rooms"] == []  # a member, not yet seated
    b.call("POST", f"/api/rooms/{room['id']}/seats/1")
    mine = {"id": room["id"], "game": "xianniu", "preset": "lanzhou", "status": "waiting",
            "code": room["code"], "private": True, "deals": 1, "multiplier": 1,
            "turn_clock": 0, "created": room["created"]}
    assert a.call("GET", "/api/me/rooms")["rooms"] == [{**mine, "owner": True}]
    assert b.call("GET", "/api/me/rooms")["rooms"] == [{**mine, "owner": False}]
    # a public room of mine too, newest first: past the public list's first page a club
    # owner's own rooms fell behind 更多房间 (a lobby play-test)
    public = a.room()
    listed = a.call("GET", "/api/me/rooms")["rooms"]
    assert [r["id"] for r in listed] == [public, room["id"]]
    assert listed[0]["private"] is False and listed[0]["code"] is None
    staked = a.call("POST", "/api/rooms", {"game": "xianniu", "private": True, "multiplier": 5,
                                           "turn_clock": 30}, 201)["room"]["id"]
    row = next(r for r in a.call("GET", "/api/me/rooms")["rooms"] if r["id"] == staked)
    assert (row["multiplier"], row["turn_clock"]) == (5, 30)  # as the public rows say them
    assert b.call("GET", "/api/me/rooms")["rooms"] == [{**mine, "owner": False}]
    assert Api(client, "c").call("GET", "/api/me/rooms")["rooms"] == []
    assert client.get("/api/me/rooms").status_code == 401


def test_the_owner_frees_a_seat_a_quiet_friend_holds(client: TestClient) -> None:
    """A friend who sat down and went quiet held the start: only they could leave. The
    owner may now move another player off a seat before the match (not during it, not
    their own seat, not someone else's room)."""
    a, b, c = Api(client, "a"), Api(client, "b"), Api(client, "c")
    room = a.room()
    path = f"/api/rooms/{room}"
    a.call("POST", f"{path}/seats/0")
    b.call("POST", f"{path}/seats/1")
    assert c.error("DELETE", f"{path}/seats/1") == "not_owner"
    assert a.error("DELETE", f"{path}/seats/0") == "seat_out_of_range"  # leave instead
    assert a.error("DELETE", f"{path}/seats/2") == "seat_out_of_range"  # empty
    seats = a.call("DELETE", f"{path}/seats/1")["room"]["seats"]
    assert seats[1]["player"] is None and seats[1]["bot"] is None
    assert b.error("POST", f"{path}/leave") == "not_seated"
    b.call("POST", f"{path}/seats/1")  # and may sit again
    a.call("POST", f"{path}/bots", {})
    with peer(client, a.token) as p:
        p.send({"type": "subscribe", "room": room})
        p.next_of("room")
        a.call("POST", f"{path}/start")
        assert a.error("DELETE", f"{path}/seats/1") == "wrong_status"


def test_seats_bots_start_and_again(client: TestClient) -> None:
    a, b = Api(client, "a"), Api(client, "b")
    room = a.room()
    path = f"/api/rooms/{room}"
    a.call("POST", f"{path}/seats/0")
    assert a.error("POST", f"{path}/seats/0") == "already_seated"  # (another: 换座)
    assert b.error("POST", f"{path}/seats/0") == "seat_taken"
    assert b.error("POST", f"{path}/seats/3") == "seat_out_of_range"
    assert b.error("POST", f"{path}/leave") == "not_seated"
    b.call("POST", f"{path}/seats/1")
    b.call("POST", f"{path}/leave")
    assert a.error("POST", f"{path}/start") == "seats_empty"
    assert b.error("POST", f"{path}/bots") == "not_owner"
    assert a.error("POST", f"{path}/bots", {"bot": "nope"}) == "unknown_bot"
    assert a.error("POST", f"{path}/bots", {"seats": [0]}) == "seat_taken"
    assert a.error("POST", f"{path}/bots", {"seats": "1"}) == "bad_message"
    seats = a.call("POST", f"{path}/bots", {"seats": [1]})["room"]["seats"]
    house = house_bot(get_game("xianniu"))  # heuristic where the game has one
    assert seats[1]["bot"] == house and seats[2]["bot"] is None
    a.call("DELETE", f"{path}/seats/1")
    assert a.error("DELETE", f"{path}/seats/1") == "seat_out_of_range"
    a.call("POST", f"{path}/bots", {})
    assert b.error("POST", f"{path}/start") == "not_owner"
    assert a.error("POST", f"{path}/again") == "wrong_status"
    with peer(client, a.token) as p:
        p.send({"type": "subscribe", "room": room})
        p.next_of("room")
        assert a.call("POST", f"{path}/start")["room"]["status"] == "playing"
        assert a.error("POST", f"{path}/start") == "wrong_status"
        assert a.error("DELETE", f"{path}/seats/1") == "wrong_status"
        _play_out(p, room)
        assert a.call("GET", path)["room"]["status"] == "finished"
        again = a.call("POST", f"{path}/again")["room"]
        assert (again["status"], again["match"], again["totals"]) == ("playing", 2, [0, 0, 0])
        _play_out(p, room)
    history = a.call("GET", "/api/me/history")["matches"]
    assert [m["match"] for m in history] == [1, 2]
    assert all(m["finished"] and len(m["deals"]) == 1 for m in history)
    # when and with whom (two rows of one preset and score could not be told apart)
    assert history[0]["started"] <= history[1]["started"]
    table = history[0]["table"]
    assert table[0]["nickname"] == "a" and table[1]["nickname"] is None
    assert table[1]["bot"] == house and [s["seat"] for s in table] == [0, 1, 2]
    me = a.call("GET", "/api/me")["totals"]
    assert me == {"games": 2, "points": sum(m["total"] for m in history)}


def test_again_frees_the_seats_of_players_not_here(client: TestClient) -> None:
    """再来一场 drew a friend who had gone into a new match, on 托管: a seated player with no
    window on the room has their seat freed and the room waits again; one who is here
    plays on at once."""
    a, b = Api(client, "a"), Api(client, "b")
    room = a.room(tuoguan_after=0)
    path = f"/api/rooms/{room}"
    a.call("POST", f"{path}/seats/0")
    b.call("POST", f"{path}/seats/1")  # b never opens the room: 托管 plays for them
    a.call("POST", f"{path}/bots", {"seats": [2]})
    with peer(client, a.token) as p:
        p.send({"type": "subscribe", "room": room})
        p.next_of("room")
        a.call("POST", f"{path}/start")
        _play_out(p, room)
        waiting = a.call("POST", f"{path}/again")["room"]
        assert waiting["status"] == "waiting" and waiting["seats"][1]["player"] is None
        assert waiting["seats"][0]["player"]["id"] == a.id and waiting["seats"][2]["bot"]
        assert a.error("POST", f"{path}/start") == "seats_empty"
        with peer(client, b.token) as q:  # b is back, sits down: the match starts
            q.send({"type": "subscribe", "room": room})
            q.next_of("room")
            b.call("POST", f"{path}/seats/1")
            assert a.call("POST", f"{path}/start")["room"]["status"] == "playing"
            for who in (p, q):  # both here, on 托管: the match plays itself
                who.send({"type": "tuoguan", "room": room, "on": True})
            p.until(lambda m: m["type"] == "match_end", limit=5000)
            assert a.call("POST", f"{path}/again")["room"]["status"] == "playing"


def _play_out(p: object, room: str) -> None:
    from server_helpers import Peer, act

    assert isinstance(p, Peer)
    while True:
        message = p.recv()
        if message["type"] == "match_end":
            return
        if message["type"] == "state" and 0 in message["view"]["to_act"]:
            act(p, room)


def test_unknown_routes_and_bad_path_values(client: TestClient) -> None:
    a = Api(client, "a")
    assert client.get("/api/nothing").json()["error"]["code"] == "not_found"
    assert a.error("POST", "/api/rooms/xyz/seats/notanumber") in ("bad_message", "room_not_found")
    assert a.error("GET", "/api/rooms/xyz") == "room_not_found"


def test_idle_rooms_are_closed_but_watched_ones_stay(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    with running(url, idle_close_after=0.3, sweep_every=0.1) as client:
        a = Api(client, "a")
        idle, watched = a.room(), a.room()
        with peer(client, a.token) as p:
            p.send({"type": "subscribe", "room": watched})
            p.next_of("room")
            time.sleep(1.0)
            assert a.error("GET", f"/api/rooms/{idle}") == "room_not_found"
            assert a.call("GET", f"/api/rooms/{watched}")["room"]["status"] == "waiting"
    with running(url) as client:
        a.client = client
        assert a.error("GET", f"/api/rooms/{idle}") == "room_not_found"  # never restored
        assert a.call("GET", f"/api/rooms/{watched}")["room"]["id"] == watched


def test_an_option_says_when_it_is_used_and_a_refusal_speaks_chinese(client: TestClient
                                                                     ) -> None:
    """A play-test set 三六福's 报数 to 自己报数（练习）: the lobby offered it (it is 钵福's),
    and the refusal read 报数（baoshu）和机器人报错率（bot_errors）… in Chinese. An option
    now says when it is used (``applies``, the lobby offers it only then), and a rules
    error's Chinese names no option key or value."""
    options = {o["name"]: o for o in client.get("/api/games/xiushan").json()["options"]}
    assert options["baoshu"]["applies"] == {"hand_value": ["fan"]}
    assert options["bo_target"]["applies"] == {"hand_value": ["fan"]}
    assert options["jiang_wrap"]["applies"] == {"jiang": ["next"]}
    assert options["seats"]["applies"] is None
    a = Api(client, "a")
    body = {"game": "xiushan", "preset": "sanliufu", "rules": {"baoshu": "train"}}
    answer = client.post("/api/rooms", json=body, headers=a.headers)
    assert answer.status_code == 400
    msg = answer.json()["error"]["msg"]
    assert "报数" in msg["zh"] and not re.search("[A-Za-z]", msg["zh"]), msg
    assert "baoshu" in msg["en"]  # English keeps the keys the command line takes


def test_finished_rooms_come_after_the_rest_of_the_list(client: TestClient) -> None:
    """Each page's finished rooms (shown only to their players) left it short of rooms to
    sit at (a lobby play-test): the list gives them after the others."""
    a, b = Api(client, "a"), Api(client, "b")
    waiting = b.room()
    done = a.room()  # the newer: first, were it not over
    with alone_with_bots(client, a, done) as p:
        _play_out(p, done)
    rows = [(r["id"], r["status"]) for r in client.get("/api/rooms").json()["rooms"]]
    assert rows.index((waiting, "waiting")) < rows.index((done, "finished"))
    assert rows[-1] == (done, "finished")
