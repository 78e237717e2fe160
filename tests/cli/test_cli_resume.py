"""``huapai play --resume FILE``: a match stopped midway goes on from its record (a 秀山
terminal play-test: Ctrl-C ended the match, the record kept the unfinished deal, and
nothing could pick it up)."""

from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import invoke

from huapai.core import record as rec

_START = ["play", "xiushan", "--preset", "shibafu", "--seed", "11", "--seat", "1",
          "--bots", "random", "--deals", "2"]


def _stopped(tmp_path: Path) -> Path:
    """A match left after five answers of mine (the input ends: the record is written)."""
    path = tmp_path / "m.jsonl"
    result = invoke([*_START, "--record", str(path)], "1\n" * 5)
    assert result.exit_code == 0, result.output
    return path


def _deals(path: Path) -> list[rec.DealRecord]:
    return rec.parse(path.read_text(encoding="utf-8"))[1]


def test_a_stopped_match_goes_on_to_its_end(tmp_path: Path) -> None:
    path = _stopped(tmp_path)
    before = _deals(path)
    assert len(before) == 1 and before[0].end is None  # stopped in its first deal
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert header["players"] == ["random", "you", "random"]  # who sat where

    result = invoke(["play", "--resume", str(path)], "1\n" * 600)
    assert result.exit_code == 0, result.output
    assert "接着打中断的这一场：已打完 0 局" in result.output
    assert "第 1/2 局（接着打）" in result.output
    assert "你坐座位1" in result.output and "座位0=随机" in result.output
    assert "对局结束" in result.output
    after = _deals(path)
    assert [d.end is not None for d in after] == [True, True]
    # the deal picked up where it stopped: its moves so far kept, then played on
    assert after[0].actions[:len(before[0].actions)] == before[0].actions
    assert len(after[0].actions) > len(before[0].actions)
    assert invoke(["replay", str(path)]).exit_code == 0


def test_a_resumed_deal_keeps_its_log(tmp_path: Path) -> None:
    """记录 after ``--resume`` said 这一局还没有记录, and nothing showed what the bots had
    just done (a terminal play-test): the deal's moves so far are its log, the last few
    said again; in English the way back says ``--lang en`` (it resumed in Chinese)."""
    path = _stopped(tmp_path)
    result = invoke(["play", "--resume", str(path)], "记录\nq\ny\n")
    assert result.exit_code == 0, result.output
    assert "这一局停下前的几步" in result.output
    assert "这一局还没有记录" not in result.output
    assert "这一局最近的牌局记录" in result.output
    en = invoke(["play", "--resume", str(path), "--lang", "en"], "log\nq\ny\n")
    assert en.exit_code == 0, en.output
    assert "the deal's last moves before it stopped" in en.output
    assert f"huapai play --resume {path} --lang en" in en.output
    assert "deals finished: 0" in en.output


def test_what_the_record_settles_is_refused_beside_resume(tmp_path: Path) -> None:
    path = _stopped(tmp_path)
    text = path.read_text(encoding="utf-8")
    for extra, named in ((["--seed", "3"], "--seed"), (["--seat", "0"], "--seat"),
                         (["--preset", "bofu"], "--preset")):
        result = invoke(["play", "--resume", str(path), *extra], "")
        assert result.exit_code == 1
        assert f"不能再给 {named}" in result.output
    result = invoke(["play", "xiushan", "--resume", str(path)], "")
    assert "不能再给 GAME" in result.output
    assert path.read_text(encoding="utf-8") == text  # nothing written


def test_a_record_without_its_seats_takes_them_from_the_options(tmp_path: Path) -> None:
    path = _stopped(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    del header["players"]  # as simulate --record, or a record from before players
    path.write_text("\n".join([json.dumps(header, ensure_ascii=False), *lines[1:]]) + "\n",
                    encoding="utf-8")
    result = invoke(["play", "--resume", str(path), "--seat", "1", "--bots", "random"],
                    "1\n" * 600)
    assert result.exit_code == 0, result.output
    assert "对局结束" in result.output


def test_records_that_cannot_go_on_say_why(tmp_path: Path) -> None:
    path = _stopped(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    deal_only = tmp_path / "deal.jsonl"
    deal_only.write_text("\n".join(lines[1:]) + "\n", encoding="utf-8")
    result = invoke(["play", "--resume", str(deal_only)], "")
    assert result.exit_code == 1 and "没有对局头" in result.output

    broken = tmp_path / "broken.jsonl"
    broken.write_text("\n".join([*lines, '{"type": "action", "seat": 2, "action": "胡"}'])
                      + "\n", encoding="utf-8")
    result = invoke(["play", "--resume", str(broken)], "")
    assert result.exit_code == 1 and "接不上" in result.output

    invoke(["play", "--resume", str(path)], "1\n" * 600)  # played to its end
    result = invoke(["play", "--resume", str(path), "--lang", "en"], "")
    assert result.exit_code == 1 and "this match is over (2 deals)" in result.output
    assert invoke(["play", "--resume", str(tmp_path / "none.jsonl")], "").exit_code == 1
