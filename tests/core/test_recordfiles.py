"""A record carries the files its rules read (a club's 名堂表): by name, with the text, so
it replays where the file is not, or has changed since — and shows nobody's folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from huapai.bots.registry import make_bot
from huapai.core import record
from huapai.core.match import Match
from huapai.core.recordfiles import MAX_FILES, carried
from huapai.core.registry import get_game
from huapai.games.xiushan import mingtang

BOFU = Path(mingtang.__file__).parent / "data" / "bofu_mingtang.toml"
GAME = get_game("xiushan")


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("HUAPAI_CACHE_DIR", str(folder))
    return folder


def _club_match(table: Path) -> list[dict[str, object]]:
    rules = GAME.rules("bofu", mingtang_table=str(table))
    match = Match(GAME, rules, 2, 7)
    match.play([make_bot("heuristic", GAME, rules, s, s) for s in range(3)])
    return [json.loads(x) for x in record.dumps(match.record.lines()).splitlines()]


def test_a_record_names_the_table_and_carries_its_text(tmp_path: Path) -> None:
    club = tmp_path / "clubs" / "bofu-club.toml"
    club.parent.mkdir()
    club.write_text(BOFU.read_text(encoding="utf-8"), encoding="utf-8")
    lines = _club_match(club)
    text = record.dumps(lines)
    assert str(club.parent) not in text  # nobody's folder
    headers = [x for x in lines if x["type"] in ("match", "deal")]
    assert all(h["rules"]["mingtang_table"] == "bofu-club.toml" for h in headers)  # type: ignore[index]
    deals = [h for h in headers if h["type"] == "deal"]
    assert deals and all(h["files"] == {"bofu-club.toml": club.read_text(encoding="utf-8")}
                         for h in deals)
    club.unlink()  # the record alone replays it
    replays = [record.replay_deal(d) for d in record.parse(text)[1]]
    assert len(replays) == len(deals) and all(r.rules.mingtang().game == "bofu" for r in replays)


def test_a_table_changed_since_does_not_change_the_replay(tmp_path: Path) -> None:
    """The club corrects its table after the game: the record still replays by the text
    it was played with (a path would read the new one, and the stated result would not
    hold)."""
    club = tmp_path / "bofu-club.toml"
    club.write_text(BOFU.read_text(encoding="utf-8"), encoding="utf-8")
    text = record.dumps(_club_match(club))
    club.write_text("not a table any more", encoding="utf-8")
    for deal in record.parse(text)[1]:
        record.replay_deal(deal)


def test_a_record_written_again_keeps_carrying_the_text(tmp_path: Path) -> None:
    club = tmp_path / "bofu-club.toml"
    club.write_text(BOFU.read_text(encoding="utf-8"), encoding="utf-8")
    first = record.parse(record.dumps(_club_match(club)))[1][0]
    club.unlink()
    again = first.header()
    assert again["rules"]["mingtang_table"] == "bofu-club.toml"
    assert again["files"] == first.files


def test_an_unreadable_table_stays_a_path() -> None:
    rules = {"mingtang_table": "/no/such/folder/club.toml"}
    assert carried("xiushan", rules) == (rules, {})
    assert carried("xianniu", {"gou": 6}) == ({"gou": 6}, {})  # no option names a file


@pytest.mark.parametrize(("files", "culprit"), [
    ("text", "'files' must be an object"),
    ({"a.toml": 3}, "must be a text"),
    ({"../a.toml": "x"}, "is not a plain file name"),
    ({"/etc/passwd": "x"}, "is not a plain file name"),
    ({".hidden": "x"}, "is not a plain file name"),
    ({f"{i}.toml": "x" for i in range(MAX_FILES + 1)}, "'files' must be an object"),
    ({"big.toml": "x" * (256 * 1024 + 1)}, "must be a text of at most"),
])
def test_bad_files_are_refused_by_name(files: object, culprit: str) -> None:
    header = {"type": "deal", "format": 1, "game": "xiushan", "rules": {}, "dealer": 0,
              "deal": "", "files": files}
    with pytest.raises(record.RecordError, match=culprit):
        record.parse(json.dumps(header) + "\n")


def test_a_carried_text_is_not_replaced_by_a_file_of_its_name_nearby(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    club = tmp_path / "bofu-club.toml"
    club.write_text(BOFU.read_text(encoding="utf-8"), encoding="utf-8")
    first = record.parse(record.dumps(_club_match(club)))[1][0]
    club.write_text("another club's table", encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # a file of that name where the record is written again
    assert first.header()["files"] == {"bofu-club.toml": BOFU.read_text(encoding="utf-8")}
