"""A club's 名堂表 in web rooms: the operator offers files (``huapai serve --rule-files
DIR``) and a room names one by its name; a path, a name not offered, or a bad file is
refused before a room exists, and nothing shows the operator's folder."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Api, played_by_tuoguan, running, sqlite_url
from starlette.testclient import TestClient

from huapai.core import record
from huapai.games.xiushan import mingtang

BOFU = Path(mingtang.__file__).parent / "data" / "bofu_mingtang.toml"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    club = tmp_path / "club-tables"
    club.mkdir()
    (club / "bofu-club.toml").write_text(BOFU.read_text(encoding="utf-8"), encoding="utf-8")
    (club / "broken.toml").write_text("not a table", encoding="utf-8")
    (club / "notes.txt").write_text("not offered", encoding="utf-8")
    return club


@pytest.fixture
def client(tmp_path: Path, folder: Path) -> Iterator[TestClient]:
    with running(sqlite_url(tmp_path), rule_files=str(folder)) as c:
        yield c


def _create(client: TestClient, a: Api, table: object) -> tuple[int, dict[str, object]]:
    body = {"game": "xiushan", "preset": "bofu", "rules": {"mingtang_table": table}}
    answer = client.post("/api/rooms", json=body, headers=a.headers)
    return answer.status_code, answer.json()


def _club_room(client: TestClient, a: Api) -> dict[str, Any]:
    """A 钵福 room on the offered club table, made: its summary."""
    status, body = _create(client, a, "bofu-club.toml")
    assert status == 201, body
    room = body["room"]
    assert isinstance(room, dict)
    return room


def _edit(folder: Path) -> None:
    """The operator corrects the club table in place (every 3 翻 a 9)."""
    (folder / "bofu-club.toml").write_text(BOFU.read_text(encoding="utf-8").replace(
        "fan = 3", "fan = 9"), encoding="utf-8")


def test_the_lobby_offers_the_operators_files_by_name(client: TestClient) -> None:
    options = {o["name"]: o for o in client.get("/api/games/xiushan").json()["options"]}
    table = options["mingtang_table"]
    # a file no preset can use is not offered (the log says why: test below)
    assert table["local"] and table["choices"] == ["", "bofu-club.toml"]
    assert table["choice_labels"][0] == {"value": "", "zh": "内置", "en": "built-in"}
    # offered for the presets that take it (a 三六福 table for 钵福 was refused once chosen)
    assert table["choice_labels"][1]["presets"] == ["bofu"]
    assert table["choice_labels"][1]["when"] == {"hand_value": ["fan"]}  # 钵福's 油子×翻
    first = table["choice_labels"][1]["rows"][0]  # what it holds, as a player reads it
    assert (first["zh"], first["unit_zh"]) == ("天福", "翻") and first["value"] > 0


def test_a_room_names_an_offered_table_and_plays_by_it(client: TestClient,
                                                       folder: Path) -> None:
    a = Api(client, "a")
    room = _club_room(client, a)
    assert room["rules"]["mingtang_table"] == "bofu-club.toml"
    shown = client.get(f"/api/rooms/{room['id']}", headers=a.headers).text
    assert str(folder) not in shown
    platform = client.app.state.platform  # type: ignore[attr-defined]
    rules = platform.rooms[room["id"]].rules
    kept = Path(rules.mingtang_table)  # the room plays by a copy of the file as it was
    assert kept.name == "bofu-club.toml" and folder.resolve() not in kept.parents
    assert kept.read_text(encoding="utf-8") == BOFU.read_text(encoding="utf-8")
    assert rules.mingtang().game == "bofu"


@pytest.mark.parametrize("value", ["/etc/passwd", "../club-tables/bofu-club.toml",
                                   "notes.txt", "missing.toml", 7])
def test_a_path_or_a_file_not_offered_is_refused(client: TestClient, value: object) -> None:
    a = Api(client, "a")
    status, body = _create(client, a, value)
    assert status == 400, body
    error = body["error"]
    assert isinstance(error, dict) and error["code"] == "rules_invalid"
    assert "不是这台服务器提供的文件" in error["msg"]["zh"]
    assert "bofu-club.toml" in error["msg"]["zh"] and "offered: " in error["msg"]["en"]
    assert client.get("/api/rooms").json()["rooms"] == []


def test_a_broken_file_is_not_offered_and_the_log_says_why(
        tmp_path: Path, folder: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A file no preset can use (bad TOML): the server said nothing at start, the lobby
    offered it, and only 开桌 refused it — now the log says why at start, and it is not
    offered (a club organizer's play-test)."""
    with caplog.at_level("WARNING", logger="huapai.server"), \
            running(sqlite_url(tmp_path), rule_files=str(folder)) as client:
        said = [r.getMessage() for r in caplog.records if "broken.toml" in r.getMessage()]
        assert said and "is not offered" in said[0] and "TOML" in said[0], said
        assert str(folder) not in said[0]
        a = Api(client, "a")
        status, body = _create(client, a, "broken.toml")
        assert status == 400 and "不是这台服务器提供的文件" in str(body), body
        assert str(folder) not in str(body)
        assert client.get("/api/rooms").json()["rooms"] == []


def test_an_edit_of_the_file_changes_no_game_played_by_it(client: TestClient,
                                                         folder: Path) -> None:
    """The operator edits the club table after a game: the game's replay and record keep
    the text it was played by (they failed to replay, and the record carried the edit)."""
    a = Api(client, "a")
    room = _club_room(client, a)
    game_id = played_by_tuoguan(client, a, str(room["id"]))
    before = client.get(f"/api/replays/{game_id}/record", headers=a.headers).text
    _edit(folder)
    assert client.get(f"/api/replays/{game_id}?seat=0", headers=a.headers).status_code == 200
    assert client.get(f"/api/replays/{game_id}/record", headers=a.headers).text == before
    (folder / "bofu-club.toml").unlink()  # gone: the game still replays
    assert client.get(f"/api/replays/{game_id}?seat=0", headers=a.headers).status_code == 200


def test_a_table_over_a_records_limit_is_not_offered(tmp_path: Path, folder: Path) -> None:
    (folder / "huge.toml").write_text(BOFU.read_text(encoding="utf-8") + "#" * 300_000,
                                      encoding="utf-8")
    with running(sqlite_url(tmp_path), rule_files=str(folder)) as client:
        options = {o["name"]: o for o in client.get("/api/games/xiushan").json()["options"]}
        assert "huge.toml" not in options["mingtang_table"]["choices"]


def test_a_room_with_a_club_table_survives_a_restart(tmp_path: Path, folder: Path) -> None:
    (tmp_path / "restart").mkdir()
    url = sqlite_url(tmp_path / "restart")
    with running(url, rule_files=str(folder)) as first:
        a = Api(first, "a")
        room = _club_room(first, a)
        token = a.headers
    with running(url, rule_files=str(folder)) as again:
        answer = again.get(f"/api/rooms/{room['id']}", headers=token)
        assert answer.status_code == 200, answer.text
        assert answer.json()["room"]["rules"]["mingtang_table"] == "bofu-club.toml"


def test_a_games_record_carries_its_club_table_not_the_folder(client: TestClient,
                                                               folder: Path,
                                                               tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    """A finished game of a club-table room: its replay shows the table by name, and its
    record names the file and carries its text — so it replays where the folder is not
    (it kept the operator's path, and replayed only with that file there)."""
    a = Api(client, "a")
    room = _club_room(client, a)
    game_id = played_by_tuoguan(client, a, str(room["id"]))
    replay = client.get(f"/api/replays/{game_id}?seat=0", headers=a.headers)
    assert replay.json()["rules"]["mingtang_table"] == "bofu-club.toml"
    text = client.get(f"/api/replays/{game_id}/record", headers=a.headers).text
    assert str(folder) not in text and str(folder.resolve()) not in text
    header = json.loads(text.splitlines()[0])
    assert header["rules"]["mingtang_table"] == "bofu-club.toml"
    assert header["files"] == {"bofu-club.toml": BOFU.read_text(encoding="utf-8")}
    monkeypatch.setenv("HUAPAI_CACHE_DIR", str(tmp_path / "cache"))
    (folder / "bofu-club.toml").unlink()  # the record alone replays it
    (deal,) = record.parse(text)[1]
    assert record.replay_deal(deal).steps


def test_a_lost_kept_copy_is_written_again_from_the_same_file(
        tmp_path: Path, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another machine of a cluster takes the room over, or a cache was wiped: the kept
    copy is gone. Written again from the operator's file while its text is the same; once
    the file was edited, the room is not restored with the new text (it stays closed)."""
    monkeypatch.setenv("HUAPAI_CACHE_DIR", str(tmp_path / "cache"))  # its copies its own
    (tmp_path / "db").mkdir()
    url = sqlite_url(tmp_path / "db")
    with running(url, rule_files=str(folder)) as first:
        a = Api(first, "a")
        room = str(_club_room(first, a)["id"])
        platform = first.app.state.platform  # type: ignore[attr-defined]
        kept = Path(platform.rooms[room].rules.mingtang_table)
    kept.unlink()
    with running(url, rule_files=str(folder)) as again:
        assert again.get(f"/api/rooms/{room}", headers=a.headers).status_code == 200
    assert kept.read_text(encoding="utf-8") == BOFU.read_text(encoding="utf-8")
    kept.unlink()
    _edit(folder)
    with running(url, rule_files=str(folder)) as edited:
        assert edited.get(f"/api/rooms/{room}", headers=a.headers).status_code == 404
    assert not kept.exists()
