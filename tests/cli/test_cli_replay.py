"""``huapai replay``: records made by ``play --record``, valid and corrupted."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import assert_clean, invoke, script_human

from huapai.core import record


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A two-deal match played through the CLI with a scripted human."""
    lines, _ = script_human(preset="lanzhou", seed=21, deals=2, seat=0, bots="random")
    path = tmp_path_factory.mktemp("rec") / "match.jsonl"
    result = invoke(["play", "--seed", "21", "--deals", "2", "--bots", "random",
                     "--record", str(path)], "\n".join(lines) + "\n")
    assert_clean(result, 0)
    return path


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


def _write(path: Path, lines: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines),
                    encoding="utf-8")
    return path


def test_replay_of_a_played_record(recorded: Path) -> None:
    result = invoke(["replay", str(recorded)])
    assert_clean(result, 0)
    actions = sum(1 for x in _lines(recorded) if x["type"] == "action")
    assert f"记录有效：2 局，{actions} 个动作全部合法" in result.output
    assert "起手牌" in result.output and "结算" in result.output
    first = next(x for x in _lines(recorded) if x["type"] == "action")
    assert f"#1   座位{first['seat']}：{first['action']}" in result.output


def test_a_match_replay_names_the_seed_play_showed(recorded: Path) -> None:
    """``play`` says 种子 21, each deal's header a seed made from it: the replay says how the
    two are linked (a terminal play-test found nothing tying them)."""
    result = invoke(["replay", str(recorded)])
    assert "对局种子 21（每局的种子由它推出；用 --seed 21 再发同样的牌）" in result.output
    english = invoke(["replay", str(recorded), "--lang", "en"])
    assert "match seed 21 (each deal's seed follows from it; --seed 21 deals" in english.output


def test_an_english_replay_says_each_move_in_english(tmp_path: Path) -> None:
    """`huapai replay --lang en` listed each move in the Chinese notation (`#3 seat 0: 打 上`)
    while its event lines were English; each move is now its label, as `play` lists it."""
    path = tmp_path / "bg.jsonl"
    assert_clean(invoke(["play", "biegan", "--seed", "9", "--deals", "1", "--bots", "random",
                         "--record", str(path)], "1\n" * 300), 0)
    english = invoke(["replay", str(path), "--lang", "en"])
    assert_clean(english, 0)
    moves = [line for line in english.output.splitlines() if line.startswith("#")]
    assert moves and not [m for m in moves if "打 " in m], moves[:5]
    assert any(": discard " in m for m in moves) and any(": pass (过)" in m for m in moves)
    # the heading calls the seat the deal starts from as the game does: 庄家, not 头家
    assert "dealer (庄家) seat " in english.output.split("\n#", 1)[0], english.output[:300]
    chinese = invoke(["replay", str(path)]).output.split("\n#", 1)[0]
    assert " · 庄家 座位" in chinese and "头家" not in chinese, chinese


def test_a_xianniu_replay_heading_says_toujia(recorded: Path) -> None:
    """掀牛's first player is its 头家 (秀山's dealer is 庄, 双别杆's 庄家)."""
    assert " · 头家 座位" in invoke(["replay", str(recorded)]).output.split("\n#", 1)[0]


def test_replay_json_has_every_step_and_the_settlements(recorded: Path) -> None:
    result = invoke(["replay", str(recorded), "--json"])
    assert_clean(result, 0)
    data = json.loads(result.stdout)
    lines = _lines(recorded)
    assert data["ok"] is True and data["match"]["type"] == "match"
    assert [len(d["steps"]) for d in data["deals"]] == _actions_per_deal(lines)
    ends = [x["deltas"] for x in lines if x["type"] == "end"]
    assert [d["settlement"]["deltas"] for d in data["deals"]] == ends
    step = data["deals"][0]["steps"][0]
    assert set(step) == {"index", "seat", "action", "events"} and step["events"]


def _actions_per_deal(lines: list[dict[str, Any]]) -> list[int]:
    counts: list[int] = []
    for x in lines:
        if x["type"] == "deal":
            counts.append(0)
        elif x["type"] == "action":
            counts[-1] += 1
    return counts


def _corrupt(recorded: Path, tmp_path: Path, index: int, action: str) -> tuple[Path, int]:
    """The record with action ``index`` of deal 2 replaced; returns its file line too."""
    lines = _lines(recorded)
    second = [i for i, x in enumerate(lines) if x["type"] == "deal"][1]
    line_no = second + 1 + index
    assert lines[line_no]["type"] == "action"
    lines[line_no]["action"] = action
    return _write(tmp_path / "bad.jsonl", lines), line_no + 1


def test_a_malformed_action_is_reported_with_its_index(recorded: Path, tmp_path: Path) -> None:
    path, line = _corrupt(recorded, tmp_path, 3, "K K K K K")
    result = invoke(["replay", str(path)])
    assert_clean(result, 1)
    assert f"第 2 局的动作 #3（从 0 数，文件第 {line} 行，座位1：K K K K K）无效：写法不对：" \
        "天 写了 5 张，一副牌只有 4 张" in result.output
    english = invoke(["replay", str(path), "--lang", "en"])
    assert_clean(english, 1)
    assert "malformed action" in english.output and "deck has 4" in english.output


def test_an_illegal_action_is_reported_in_json(recorded: Path, tmp_path: Path) -> None:
    path, line = _corrupt(recorded, tmp_path, 0, "弃 K")
    result = invoke(["replay", str(path), "--json", "--lang", "en"])
    assert_clean(result, 1)
    data = json.loads(result.stdout)
    assert data["ok"] is False
    error = data["error"]
    assert (error["deal"], error["index"], error["line"], error["action"]) == (2, 0, line, "弃 K")
    assert error["reason"] and "action index 0" in error["message"]
    assert len(data["deals"]) == 1  # the first deal replayed fine


def test_a_wrong_stated_result_is_reported(recorded: Path, tmp_path: Path) -> None:
    lines = _lines(recorded)
    end = next(x for x in lines if x["type"] == "end")
    end["deltas"] = [d + 1 for d in end["deltas"]]
    result = invoke(["replay", str(_write(tmp_path / "end.jsonl", lines))])
    assert_clean(result, 1)
    assert "第 1 局的结束行不符：记录写的结果是" in result.output
    english = invoke(["replay", str(tmp_path / "end.jsonl"), "--lang", "en"])
    assert "end line of deal 1 does not match: stated result" in english.output


@pytest.mark.parametrize(("change", "message", "english"), [
    (lambda x: x.update(game="chess"), "没有叫「chess」的游戏", "unknown game 'chess'"),
    (lambda x: x.update(deal="K K K"), "一副牌应有 48 张，这里有 3 张", "a deal has 48 cards"),
    (lambda x: x["rules"].update(gou="six"), "规则选项「够牌」（gou）：应为整数，不是 \"six\"",
     "rule option gou"),
])
def test_a_bad_deal_header_is_reported(recorded: Path, tmp_path: Path, change: Any,
                                       message: str, english: str) -> None:
    lines = _lines(recorded)
    change(next(x for x in lines if x["type"] == "deal"))
    path = _write(tmp_path / "head.jsonl", lines)
    result = invoke(["replay", str(path)])
    assert_clean(result, 1)
    assert f"记录第 1 局的开局行无效：{message}" in result.output
    result = invoke(["replay", str(path), "--lang", "en"])
    assert_clean(result, 1)
    assert f"the header of deal 1 is invalid: {english}" in result.output


def test_a_broken_line_is_reported_with_its_number(recorded: Path, tmp_path: Path) -> None:
    text = recorded.read_text(encoding="utf-8").splitlines()
    text[4] = text[4][:-3]
    path = tmp_path / "cut.jsonl"
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    result = invoke(["replay", str(path)])
    assert_clean(result, 1)
    assert "记录文件无效（第 5 行）：不是 JSON（第 " in result.output
    english = invoke(["replay", str(path), "--lang", "en"])
    assert "the record is malformed (line 5): not JSON" in english.output


@pytest.mark.parametrize(("content", "message", "english"), [
    (None, "x.jsonl 不存在", "no such file"),
    (b"\xff\xfe\x00", "x.jsonl 不是 UTF-8 编码的文本", "not UTF-8"),
    (b"", "没有牌局", "no deal"),
])
def test_unreadable_files(tmp_path: Path, content: bytes | None, message: str,
                          english: str) -> None:
    path = tmp_path / "x.jsonl"
    if content is not None:
        path.write_bytes(content)
    result = invoke(["replay", str(path)])
    assert_clean(result, 1)
    assert message in result.output
    result = invoke(["replay", str(path), "--lang", "en"])
    assert_clean(result, 1)
    assert english in result.output


def test_a_record_stopped_mid_deal_replays(tmp_path: Path) -> None:
    path = tmp_path / "partial.jsonl"
    result = invoke(["play", "--seed", "3", "--bots", "random", "--record", str(path)],
                    "1\n1\nq\n")
    assert_clean(result, 0)
    result = invoke(["replay", str(path)])
    assert_clean(result, 0)
    assert "记录在局中结束" in result.output


def test_a_replay_shows_the_deal_s_opening_events(tmp_path: Path) -> None:
    """A 掀牛 deal dealt with a big hand shows it before the first action (JSON and text)."""
    from huapai.core import record
    from huapai.core.registry import get_game
    from huapai.core.session import Deal

    game = get_game("xianniu")
    rules = game.rules("lanzhou")
    deal = next(d for d in (Deal.start(game, rules, seed=s) for s in range(3000)) if d.opening)
    path = tmp_path / "big.jsonl"
    record.write(path, deal.record.lines())
    result = invoke(["replay", str(path), "--json"])
    assert_clean(result, 0)
    opening = json.loads(result.output)["deals"][0]["opening"]
    assert opening == [e.to_json() for e in deal.opening] and opening[0]["kind"] == "big_hand"
    text = invoke(["replay", str(path), "--lang", "en"])
    assert_clean(text, 0)
    from huapai.cli_support.render import RenderContext, renderer_for

    line = renderer_for(game).event(opening[0], RenderContext(game, rules, "en"))
    assert line and line in text.output.split("#1 ")[0]  # shown before the first action


def _house(path: Path, **changes: Any) -> list[dict[str, Any]]:
    """The record's lines with ``changes`` to its rules (in every header) and no end lines
    (they were checked against the preset's scoring)."""
    out = []
    for line in _lines(path):
        if line["type"] == "end":
            continue
        if line["type"] in ("match", "deal"):
            line["rules"] = {**line["rules"], **changes}
        out.append(line)
    return out


def test_replay_names_the_preset_and_what_the_house_changed(recorded: Path,
                                                             tmp_path: Path) -> None:
    """A record names the preset its rules started from (play --record, the server's
    records); the replay says it in each deal's title and, like play, the options the
    house changed."""
    assert _lines(recorded)[0]["preset"] == "lanzhou"
    plain = invoke(["replay", str(recorded)])
    assert_clean(plain, 0)
    assert "第 1 局 · 掀牛 / 花花牌 · 兰州掀牛（扑克） · 头家" in plain.output
    assert "本场规则" not in plain.output
    house = _write(tmp_path / "house.jsonl", _house(recorded, gou=5, ci=10))
    result = invoke(["replay", str(house)])
    assert_clean(result, 0)
    assert "本场规则：够牌 5（玩法默认 6），刺牌 10（玩法默认 11）" in result.output
    english = invoke(["replay", str(house), "--lang", "en"])
    assert "house rules: 够牌 5 (the preset: 6); 刺牌 10 (the preset: 11)" in \
        english.output
    assert "Lanzhou 掀牛 (poker deck)" in english.output
    data = json.loads(invoke(["replay", str(house), "--json"]).stdout)
    assert [d["preset"] for d in data["deals"]] == ["lanzhou", "lanzhou"]


@pytest.mark.parametrize("preset", [None, "nonesuch"])
def test_a_record_without_a_known_preset_still_replays(recorded: Path, tmp_path: Path,
                                                        preset: str | None) -> None:
    """Records written before the preset was kept (or naming one this version lacks):
    the deals replay, titled by the family alone, and no house rules are guessed."""
    lines = _house(recorded, gou=5)
    lines[0].pop("preset")
    if preset is not None:
        lines[0]["preset"] = preset
    result = invoke(["replay", str(_write(tmp_path / "old.jsonl", lines))])
    assert_clean(result, 0)
    assert "第 1 局 · 掀牛 / 花花牌 · 头家" in result.output
    assert "本场规则" not in result.output and "记录有效" in result.output


def test_a_preset_that_is_not_a_name_is_refused(recorded: Path, tmp_path: Path) -> None:
    lines = _lines(recorded)
    lines[0]["preset"] = 7
    result = invoke(["replay", str(_write(tmp_path / "bad.jsonl", lines))])
    assert result.exit_code == 1
    assert "第 1 行" in result.output and "'preset' 要是字符串（玩法名），或者不写" in result.output


@pytest.mark.parametrize("players", ["heuristic", ["heuristic", 3, "random"]])
def test_players_that_are_not_names_are_refused(recorded: Path, tmp_path: Path,
                                               players: object) -> None:
    """A deal header's ``players`` (an arena's bots by seat) is read by the record parser
    like its ``preset``: what is not a list of names is refused by line, not skipped."""
    lines = _lines(recorded)
    at = next(i for i, line in enumerate(lines) if line["type"] == "deal")
    lines[at]["players"] = players
    result = invoke(["replay", str(_write(tmp_path / "bad.jsonl", lines))])
    assert result.exit_code == 1
    assert f"第 {at + 1} 行" in result.output and "'players' 要是字符串列表" in result.output


def test_a_lanzhou_replay_in_chinese_says_the_colours_as_words(recorded: Path) -> None:
    """The dealt hands said 9r / 5b on a Chinese screen; the moves already said 红9."""
    result = invoke(["replay", str(recorded)])
    hands = result.output.split("起手牌")[1].split("#1")[0]
    assert not re.search(r"\b[59][rb]\b", hands), hands
    assert re.search(r"[红黑][59]", hands), hands
    english = invoke(["replay", str(recorded), "--lang", "en"]).output
    assert re.search(r"\b[59][rb]\b", english.split("#1")[0])


def test_a_xiushan_replay_says_the_flipped_card_and_its_jiang(tmp_path: Path) -> None:
    """A 三六福 player could not check 鸡 捌捌捌捌 18 油子 from a replay: the 将 was nowhere.
    It is said under the dealt hands, as the table's status line says it."""
    path = tmp_path / "xs.jsonl"
    assert_clean(invoke(["play", "xiushan", "--preset", "sanliufu", "--seed", "3", "--deals",
                         "1", "--bots", "random", "--record", str(path)], "1\n" * 400), 0)
    start = invoke(["replay", str(path)]).output.split("\n#", 1)[0]
    assert re.search(r"翻 \S，将 \S\S   起胡 36 胡", start), start
    english = invoke(["replay", str(path), "--lang", "en"]).output.split("\n#", 1)[0]
    assert re.search(r"flipped \S, 将 \S\S   36 油子 to win", english), english


def test_the_hands_dealt_show_the_groups_laid_with_them(tmp_path: Path) -> None:
    """秀山's dealer lays a 哨 as dealt: its hand beside the others read as three cards
    short (an English play-tester); the laid group follows the hand."""
    record = tmp_path / "s.jsonl"
    made = invoke(["simulate", "xiushan", "--preset", "shibafu", "--games", "1", "--bots",
                   "heuristic", "--seed", "1", "--record", str(record)])
    assert_clean(made, 0)
    result = invoke(["replay", str(record), "--lang", "en"])
    assert_clean(result, 0)
    assert "seat 0: 一二三四五六六八壹贰贰叁肆肆捌捌玖拾 + 哨[伍伍伍]" in result.output


def test_a_biegan_replay_in_chinese_says_flowered_cards_as_play_does(tmp_path: Path) -> None:
    """The replay's dealt hands wrote 三* 乙* (the notation's mark) while play said 花三 花乙
    (a 公安 player's check); English says 花三 too (its 乙* read as a stray mark)."""
    path = tmp_path / "bg.jsonl"
    assert_clean(invoke(["play", "biegan", "--seed", "3", "--deals", "1", "--bots", "random",
                         "--record", str(path)], "1\n" * 400), 0)
    hands = invoke(["replay", str(path)]).output.split("起手牌")[1].split("\n#", 1)[0]
    assert "*" not in hands and "花" in hands, hands
    english = invoke(["replay", str(path), "--lang", "en"]).output.split("\n#", 1)[0]
    assert "*" not in english and "花" in english, english


def test_a_match_replay_ends_with_its_totals(tmp_path: Path) -> None:
    """A replay said each deal's result and never the match's (a terminal play-test)."""
    path = tmp_path / "two.jsonl"
    assert invoke(["simulate", "xiushan", "--preset", "shibafu", "--games", "3", "--seed", "2",
                   "--bots", "heuristic", "--record", str(path)]).exit_code == 0
    ends = [json.loads(line)["deltas"] for line in path.read_text(encoding="utf-8").splitlines()
            if json.loads(line)["type"] == "end"]
    totals = [sum(column) for column in zip(*ends, strict=True)]
    shown = "  ".join(f"座位{s} {t:+d}" if t else f"座位{s} 0" for s, t in enumerate(totals))
    result = invoke(["replay", str(path)])
    assert f"总分（打完的 {len(ends)} 局）：{shown}" in result.output


def test_a_broken_match_record_prints_no_totals_it_did_not_check(tmp_path: Path) -> None:
    """The totals summed the file's own end lines and were printed above the error that
    rejected deal 1 (a researcher's check): they count only the deals that replayed."""
    path = tmp_path / "two.jsonl"
    assert invoke(["simulate", "xiushan", "--preset", "shibafu", "--games", "3", "--seed", "2",
                   "--bots", "heuristic", "--record", str(path)]).exit_code == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "action")
    entry = json.loads(lines[first])
    entry["action"] = "龙灯" if entry["action"] != "龙灯" else "鸡"
    lines[first] = json.dumps(entry, ensure_ascii=False)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = invoke(["replay", str(path)])
    assert result.exit_code == 1 and "✗ 第 1 局" in result.output, result.output
    assert "总分" not in result.output


def test_a_biegan_replay_says_every_draw(tmp_path: Path) -> None:
    """A seat that passed on a discard and then drew: its draw was taken for the echo of its
    own move and left out, so the replay showed no draws but seat 0's (an English
    play-test). Every draw the record's deal made has its line."""
    path = tmp_path / "bg.jsonl"
    assert_clean(invoke(["play", "biegan", "--seed", "11", "--deals", "1", "--bots", "random",
                         "--record", str(path)], "1\n" * 400), 0)
    _, deals = record.parse(path.read_text(encoding="utf-8"))
    draws = sum(e.kind == "drew" for step in record.replay_deal(deals[0]).steps
                for e in step.events)
    shown = invoke(["replay", str(path), "--lang", "en"]).output
    assert draws > 3 and shown.count(" drew ") == draws, (draws, shown)
