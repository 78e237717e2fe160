"""Every user mistake is refused in the command's language only (``--lang``).

Chinese mode shows no English prose: once what the user types is taken out (the command
line's own words, option names, paths, ``KEY=VALUE``, and the identifiers a user must
type — games, presets, bots, levels' ASCII aliases, rule options), no English word is
left. English mode says the same in English. Either way: one line, exit status 1, no
traceback — including the mistakes typer would refuse before huapai's code runs (an
unknown command or option, a missing value, a word where a number goes, a missing or an
extra positional word).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import pytest
import typer.main
from cli_helpers import assert_clean, invoke
from typer.core import TyperGroup

from huapai.bots.levels import ALIASES, WORLDS
from huapai.bots.registry import bot_names, make_bot
from huapai.bots.rollout import FAST
from huapai.cli import app
from huapai.core import record
from huapai.core.match import Match
from huapai.core.registry import game_names, get_game

_GROUP = typer.main.get_command(app)
assert isinstance(_GROUP, TyperGroup)
_COMMAND_WORDS = tuple(_GROUP.commands)  # what a user types to name a command
_CJK = re.compile(r"[\u4e00-\u9fff]")
_WORD = re.compile(r"[A-Za-z]{3,}")
_TYPED = re.compile(
    r"'[^']*'"  # the user's own input, as its repr
    r"|--[a-z][\w-]*"  # option names
    r"|/[\w./-]+"  # paths
    r"|KEY=VALUE|name\[:level\]|pip install \S+"  # what to type
    r"|UTF-8|JSON|null"  # the names of formats
    r"|huapai|root"  # the program (``root`` when the test runner calls it)
)


@cache
def _identifiers() -> frozenset[str]:
    """What a user types to name a game, a preset, a bot, a level or a rule option."""
    names = {*game_names(), *ALIASES, *WORLDS, FAST, "search", *_COMMAND_WORDS}
    for name in game_names():
        game = get_game(name)
        names |= {*game.presets(), *bot_names(name)}
        for rules in game.presets().values():
            names |= set(game.rules_to_dict(rules))
    return frozenset(names)


def _prose(line: str, args: Sequence[str]) -> str:
    """``line`` without what the user typed or must type: the prose that is left."""
    text = _TYPED.sub(" ", line)
    typed = {w for a in args for w in re.split(r"[=,:+\s]", a) if w}
    for word in sorted(typed | _identifiers(), key=len, reverse=True):
        text = re.sub(rf"(?<![\w-]){re.escape(word)}(?![\w-])", " ", text)
    return text


def _refusal(args: Sequence[str], stdin: str = "q\n") -> str:
    """The one line that refuses the command (``错误：`` / ``error:``, or a replay's ✗)."""
    result = invoke(list(args), stdin)
    assert_clean(result, 1)
    lines = [line for line in result.output.splitlines()
             if line.startswith(("错误：", "error: ", "✗ "))]
    assert len(lines) == 1, result.output
    return lines[0]


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A one-deal record, and copies of it with one action unreadable or illegal."""
    folder = tmp_path_factory.mktemp("records")
    game = get_game("xianniu")
    rules = game.rules("lanzhou")
    match = Match(game, rules, 1, 4)
    match.play([make_bot("random", game, rules, s, s) for s in range(3)])
    lines = list(match.record.lines())
    first = next(i for i, x in enumerate(lines) if x["type"] == "action")
    out = {"good": folder / "good.jsonl", "bad_json": folder / "bad_json.jsonl"}
    record.write(out["good"], lines)
    out["bad_json"].write_text("{not json\n", encoding="utf-8")
    for name, action in (("malformed", "K K K K K"), ("illegal", "弃 K")):
        changed = [dict(x) for x in lines]
        changed[first]["action"] = action
        out[name] = folder / f"{name}.jsonl"
        out[name].write_text("".join(json.dumps(x, ensure_ascii=False) + "\n"
                                     for x in changed), encoding="utf-8")
    return out


_ARENA = ["arena", "xianniu", "--deals", "1"]
_THREE = ["--bots", "heuristic,random,random"]

COMMANDS: list[list[str]] = [
    ["nocmd"],  # before any of huapai's code runs: typer would refuse these in English
    ["play", "--sat", "1"],
    ["play", "--seat", "abc"],
    ["play", "--seat"],
    ["arena", "xianniu", "--deals=many"],
    ["review", "x.jsonl", "--seat", "1.5"],
    ["replay"],
    ["review", "--seat", "0"],
    ["play", "xianniu", "extra"],
    ["replay", "a.jsonl", "b.jsonl"],
    ["play", "--seat", "7"],
    ["play", "-r", "foo"],
    ["play", "-r", "gou=a"],
    ["play", "-r", "colour=red"],
    ["play", "--bots", "genius"],
    ["play", "--bots", "search:宗师"],
    ["play", "--bots", "random:高手"],
    ["play", "--bots", "search:高手:nope"],
    ["play", "--bots", "search:高手:informed+uniform"],
    ["play", "--bots", "random,"],
    ["play", "--bots", "random,random,random"],
    ["play", "--deals", "0"],
    ["play", "-p", "moon"],
    ["play", "mahjong"],
    ["play", "-p", "lanzhou-app", "--players", "4"],
    ["play", "--record", "/nonexistent-dir/x.jsonl"],
    ["play", "--record", "/"],
    ["simulate", "--games", "0"],
    ["simulate", "--players", "7", "-p", "fengxiang"],
    ["play", "xiushan", "-p", "bofu", "--players", "4"],  # 秀山's own checks of its rules
    ["play", "xiushan", "-p", "maquefu", "-r", "hu_threshold=5"],
    ["play", "xiushan", "-p", "shibafu", "-r", "bot_errors=10"],
    ["play", "xiushan", "-p", "bofu", "-r", "hand_size=3"],
    ["play", "xiushan", "-p", "nope"],
    ["rules", "go"],
    ["rules", "-r", "nope=1"],
    ["drill", "--count", "0"],
    [*_ARENA, "--bots", "heuristic"],
    [*_ARENA, "--bots", "random,random,random"],
    [*_ARENA, "--bots", "nobody,random,random"],
    [*_ARENA, "--bots", "search:宗师,random,random"],
    [*_ARENA, *_THREE, "--deals", "0"],
    [*_ARENA, *_THREE, "--workers", "0"],
    [*_ARENA, *_THREE, "--plot", "/no/such/dir/p.svg"],
    ["score", "biegan", "--foo"],
    ["score", "biegan", "上大人", "--preset", "a", "--preset", "b"],
    ["score", "xianniu", "K"],
    ["waits", "biegan", "ZZ"],
]
"""Bad command lines; ``{good}`` and the like name a record of :func:`records`."""

RECORDS: list[list[str]] = [
    ["replay", "/nonexistent-dir/x.jsonl"],
    ["replay", "/"],
    ["replay", "{bad_json}"],
    ["replay", "{malformed}"],
    ["replay", "{illegal}"],
    ["review", "/nonexistent-dir/x.jsonl", "--seat", "0"],
    ["review", "{good}", "--seat", "5"],
    ["review", "{good}", "--seat", "0", "--level", "宗师"],
    ["review", "{malformed}", "--seat", "0"],
    ["review", "{good}"],  # QA: typer's English box "Missing option '--seat'"
    ["play", "--record", "{good}"],  # a record there already: never overwritten
    ["simulate", "--games", "1", "--record", "{good}"],
    [*_ARENA, *_THREE, "--record", "{good}"],
]


def _check(args: list[str]) -> None:
    zh = _refusal(args)
    assert zh.startswith(("错误：", "✗ ")) and _CJK.search(zh), zh
    assert not _WORD.search(_prose(zh, args)), (zh, _prose(zh, args))
    en = _refusal([*args, "--lang", "en"])
    assert en.startswith(("error: ", "✗ ")) and "错误" not in en, en
    assert _WORD.search(_prose(en, args)), en  # said in English words
    assert en != zh


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_a_mistake_is_refused_in_the_chosen_language(args: list[str]) -> None:
    _check(args)


@pytest.mark.parametrize("args", RECORDS, ids=" ".join)
def test_a_bad_record_is_refused_in_the_chosen_language(args: list[str],
                                                        records: dict[str, Path]) -> None:
    _check([a.format(**{k: str(v) for k, v in records.items()}) for a in args])


def test_only_play_says_how_to_go_on_with_a_record(records: dict[str, Path]) -> None:
    """A record there already: ``play`` says ``--resume`` goes on with it; simulate and
    arena have no ``--resume``, and said it too (a researcher followed it, refused)."""
    good = str(records["good"])
    for lang in ("zh", "en"):
        assert f"--resume {good}" in _refusal(["play", "--record", good, "--lang", lang])
        for args in (["simulate", "--games", "1", "--record", good],
                     [*_ARENA, *_THREE, "--record", good]):
            said = _refusal([*args, "--lang", lang])
            assert "--record" in said and "--resume" not in said, said


def test_the_check_catches_english() -> None:
    """The check itself: English prose left in a Chinese line is found, typed words not."""
    args = ["play", "--bots", "genius"]
    assert not _WORD.search(_prose(
        "错误：xianniu 没有叫 'genius' 的机器人；有：heuristic, random, search", args))
    assert _WORD.search(_prose("错误：unknown bot 'genius' for xianniu", args))
    assert _WORD.search(_prose("错误：规则选项「够牌」（gou）：应为整数 / rule option gou", args))


def test_what_the_early_checks_let_through() -> None:
    """A short option with its value attached (``-n2``, ``-pfengxiang``) and a negative
    number after an option are command lines click reads, so the checks pass them on."""
    for args in (["simulate", "-n2", "--json"], ["rules", "-pfengxiang", "--json"],
                 ["simulate", "-n", "1", "--seed", "-3", "--json"],
                 ["rules", "--json", "--", "biegan"]):
        result = invoke(args)
        assert_clean(result, 0)
        assert json.loads(result.stdout)


def test_a_fifth_xiushan_player_is_told_how_to_sit_out() -> None:
    """``--players 5`` on 麻雀福 said only that 5 is above 4; the fifth seat sits out
    (老爷 or 巽家, the rule option idle), which the refusal now says, in either language."""
    zh = invoke(["play", "xiushan", "--preset", "maquefu", "--players", "5"], "q\n")
    assert zh.exit_code == 1 and "-r idle=laoye（老爷）" in zh.output, zh.output
    en = invoke(["play", "xiushan", "--preset", "maquefu", "--players", "5", "--lang", "en"],
                "q\n")
    assert en.exit_code == 1 and "sits out: --players 4 -r idle=laoye" in en.output
    five = invoke(["play", "xiushan", "--preset", "maquefu", "--players", "4", "-r",
                   "idle=laoye", "--seed", "1"], "q\nq\n")
    assert five.exit_code == 0, five.output


@pytest.mark.parametrize(("args", "title"), [
    (["xianniu", "-p", "凤翔"], "凤翔花花牌（长牌）"),
    (["秀山", "-p", "黄十八"], "十八福（黄十八）"),
    (["双别杆", "-p", "单别杆"], "单别杆（一张赖子）"), (["掀牛"], "兰州掀牛（扑克）"),
    # the preset's own name, though 公安双别杆 · 客户端计分 holds it too (a play-test)
    (["双别杆", "-p", "公安双别杆"], "公安双别杆（两张赖子）"),
    (["掀牛", "-p", "兰州掀牛"], "兰州掀牛（扑克）"),
])
def test_games_and_presets_by_their_chinese_names(args: list[str], title: str) -> None:
    """A play-test typed ``-p 凤翔`` and was told there is no such preset: a piece of the
    Chinese name found in one game or preset only is that one."""
    result = invoke(["rules", *args])
    assert_clean(result, 0)
    assert title in result.output.splitlines()[0], result.output[:200]


def test_a_chinese_name_of_several_presets_names_them() -> None:
    result = invoke(["rules", "掀牛", "-p", "兰州"])
    assert_clean(result, 1)  # as any refused preset
    assert "「兰州」可以是几种玩法：lanzhou（兰州掀牛（扑克））、lanzhou-app" in result.output


@pytest.mark.parametrize(("args", "said"), [
    (["serve", "--workers", "0"], "--workers 至少是 1，不是 0 / --workers takes 1 or more, not 0"),
    (["serve", "--workers", "-3"], "--workers 至少是 1，不是 -3"),
    (["serve", "--port", "70000"],
     "--port 要在 1 到 65535 之间，不是 70000 / --port takes 1 to 65535, not 70000"),
    (["serve", "--workers", "two"],
     "--workers 要写整数，不是「two」 / --workers takes a whole number, not 'two'"),
])
def test_a_number_out_of_bounds_is_refused_as_any_other_mistake(args: list[str],
                                                               said: str) -> None:
    """``--workers 0`` got typer's English box and status 2, ``--workers two`` a Chinese
    line and status 1 (an operator's play-test): one line, status 1, and — a command
    without ``--lang``, as ``serve``'s own errors are — in both languages."""
    result = invoke(args)
    assert_clean(result, 1)
    assert said in result.output and len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("args", [
    ["play", "--seed", "1", "--record"], ["simulate", "--games", "1", "--record"],
    [*_ARENA, *_THREE, "--record"]], ids=" ".join)
def test_a_record_there_already_is_left_as_it_was(tmp_path: Path, args: list[str]) -> None:
    """``--record FILE`` replaced a match record without a word (a researcher's
    play-test): FILE, or a later match's FILE-2 beside it, is refused, and left as it was;
    ``--resume FILE`` still writes on into its own record."""
    for name in ("m.jsonl", "m-2.jsonl"):
        folder = tmp_path / name.removesuffix(".jsonl")
        folder.mkdir()
        there = folder / name
        there.write_text("kept\n", encoding="utf-8")
        line = _refusal([*args, str(folder / "m.jsonl")])
        assert name in line and ("--resume" in line) == (args[0] == "play"), line
        assert there.read_text(encoding="utf-8") == "kept\n"
    assert not (tmp_path / "m" / "m-2.jsonl").exists()
