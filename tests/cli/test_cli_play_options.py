"""``huapai play``: Ctrl-C at a prompt or while the bots play; ``--players`` in every family."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import assert_clean, invoke, play_against

from huapai.cli_support.setup import CliError, load_table
from huapai.core import naming
from huapai.core.present import said


def _ctrl_c(prompt: str) -> str:
    raise KeyboardInterrupt


@pytest.mark.parametrize(("lang", "said_so"), [("zh", "已中断（Ctrl-C），对局中止。"),
                                               ("en", "interrupted (Ctrl-C); match abandoned.")])
def test_ctrl_c_at_a_prompt_is_not_end_of_input(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path, lang: str, said_so: str) -> None:
    """Ctrl-C says so (not 输入已结束, the closed-stdin line), exits 130 as a shell expects
    of an interrupted command, and the record is saved as when the input ends."""
    monkeypatch.setattr("huapai.cli_support.play.console_reader", lambda console, lang: _ctrl_c)
    out = tmp_path / "cut.jsonl"
    result = invoke(["play", "--seed", "5", "--deals", "1", "--bots", "random", "--lang", lang,
                     "--record", str(out)])
    assert_clean(result, 130)
    assert said_so in result.output
    again = "再按一次离开对局" if lang == "zh" else "press it again to leave"
    assert result.output.index(again) < result.output.index(said_so)  # twice in a row
    assert "输入已结束" not in result.output and "no more input" not in result.output
    assert json.loads(out.read_text(encoding="utf-8").splitlines()[1])["type"] == "deal"


def test_one_ctrl_c_at_a_prompt_asks_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """One slip of Ctrl-C (copy, in many terminals) ended a match for good (a play-test):
    the first says a second leaves, and the prompt asks again; typing on plays on."""
    presses = iter([KeyboardInterrupt, "1", KeyboardInterrupt, "1"])

    def reader(prompt: str) -> str:
        press = next(presses, "1")
        if press is KeyboardInterrupt:
            raise KeyboardInterrupt
        return str(press)

    monkeypatch.setattr("huapai.cli_support.play.console_reader", lambda console, lang: reader)
    result = invoke(["play", "--seed", "5", "--deals", "1", "--bots", "random"])
    assert_clean(result, 0)
    assert result.output.count("再按一次离开对局") == 2
    assert "已中断" not in result.output and "对局结束" in result.output


class _Interrupted:
    def act(self, observation: object, legal: object) -> int:
        raise KeyboardInterrupt


def test_ctrl_c_while_the_bots_play() -> None:
    """Seed 3: seat 2 leads, so Ctrl-C lands while a bot decides (it used to say 你退出了对局
    and exit 0, as ``q``)."""
    result = play_against("ctrlc_cli_test", _Interrupted())
    assert_clean(result, 130)
    assert "已中断（Ctrl-C），对局中止。" in result.output and "你退出了对局" not in result.output


def test_end_of_input_and_q_still_exit_0() -> None:
    ended = invoke(["play", "--seed", "3", "--deals", "1", "--bots", "random"], "")
    assert_clean(ended, 0)
    assert "输入已结束（标准输入关闭），对局中止。" in ended.output
    quit_ = invoke(["play", "--seed", "3", "--deals", "1", "--bots", "random"], "q\nq\n")
    assert_clean(quit_, 0)
    assert "你退出了对局。" in quit_.output


def test_q_asks_before_leaving_a_deal() -> None:
    """QA: in 掀牛 ``Q`` is a card (虎) and a lower-case ``q`` left the match at once, losing
    it. Mid-deal ``q`` now asks; a second quit word (q, 退出 …) leaves, anything else — the
    card ``Q`` too — plays on; end of input at the question still ends the match."""
    base = ["play", "--seed", "3", "--deals", "1", "--bots", "random"]
    zh = invoke(base, "q\nshow\nq\n退出\n")
    assert_clean(zh, 0)
    assert zh.output.count("真的退出吗？再输入「q」（或「退出」「是」）确认") == 2, zh.output
    assert zh.output.count("不退出，接着打。") == 1 and "你退出了对局。" in zh.output
    en = invoke([*base, "--lang", "en"], "q\nQ\n")
    assert_clean(en, 0)
    assert "really quit? type q (or y) to quit" in en.output
    assert "not quitting: play on." in en.output and "you left the match." not in en.output
    assert "no more input (stdin closed); match abandoned." in en.output  # EOF: at once


# --- --players ------------------------------------------------------------------------------
def test_players_sets_xiushans_seats() -> None:
    """秀山 counts its seats in the option ``seats`` (打牌人数), 掀牛 and 双别杆 in
    ``players``: ``--players`` sets whichever the game has."""
    result = invoke(["play", "xiushan", "-p", "bofu", "--players", "2", "--deals", "1",
                     "--seed", "1"], "q\n")
    assert_clean(result, 0)
    assert "对手：座位1=经验型\n" in result.output
    assert "本场规则：打牌人数 2（玩法默认 3）" in result.output
    assert load_table("xiushan", "maquefu", 3).rules.seats == 3
    assert load_table("biegan", None, 2).rules.players == 2
    assert load_table("xianniu", "fengxiang", 5).rules.players == 5


def test_simulate_and_rules_take_players_for_xiushan() -> None:
    sim = invoke(["simulate", "xiushan", "-p", "shibafu", "--players", "2", "-n", "2",
                  "--json"])
    assert_clean(sim, 0)
    data = json.loads(sim.stdout)
    assert data["rules"]["seats"] == 2 and len(data["seats"]) == 2
    too_many = invoke(["simulate", "xiushan", "-p", "maquefu", "--players", "5", "-n", "1"])
    assert_clean(too_many, 1)
    # a fifth sits out: said how (not 'no option players', nor only that 5 is above 4)
    assert "-r idle=laoye（老爷）" in too_many.output
    six = invoke(["simulate", "xiushan", "-p", "maquefu", "--players", "6", "-n", "1"])
    assert_clean(six, 1)
    assert "6 大于最大值 4" in six.output  # the game's own range
    shown = invoke(["rules", "xiushan", "-p", "bofu", "--players", "2"])
    assert_clean(shown, 0)
    assert "seats = 2  （默认 3）" in shown.output


class _FixedSeats:
    """A game whose rules have no seat count (four seats, always)."""

    name = "fixedtoy"

    def presets(self) -> Mapping[str, Any]:
        return {"plain": {}}

    def rules(self, preset: str, **overrides: Any) -> dict[str, Any]:
        return {"values": 4, **overrides}

    def rules_to_dict(self, rules: dict[str, Any]) -> dict[str, Any]:
        return rules

    def num_seats(self, rules: object) -> int:
        return 4


def test_players_in_a_game_with_a_fixed_number_of_seats(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(naming, "load_game", lambda name: _FixedSeats())
    with pytest.raises(CliError) as refused:
        load_table("fixedtoy", None, 3)
    msg = said(refused.value)
    assert msg.zh == "--players：fixedtoy 的人数是固定的（4 人），不能改"
    assert msg.en == "--players: fixedtoy has a fixed number of seats (4); it cannot be changed"
    assert load_table("fixedtoy", None).rules == {"values": 4}  # without --players: as ever


def test_a_match_that_ends_itself_is_not_said_as_200_deals() -> None:
    """钵福 plays until 得一钵: "deals: 200 … deal 1 of 200" read as a very long match (an
    English play-tester); the cap is said as a cap."""
    en = invoke(["play", "xiushan", "--preset", "bofu", "--seed", "3", "--lang", "en"],
                "q\nq\n")
    assert_clean(en, 0)
    assert "deals: until the match ends itself (at most 200)" in en.output
    assert "deal 1 (until the match ends itself, at most 200)" in en.output
    assert "deal 1 of 200" not in en.output
    zh = invoke(["play", "xiushan", "--preset", "bofu", "--seed", "3"], "q\nq\n")
    assert "第 1 局（打到这一场结束，最多 200 局）" in zh.output
    # the heading's count too: （最多 200） 局 left its 局 outside the bracket (a play-test)
    assert "钵福 · 打到这一场结束（最多 200 局） · 种子 3" in zh.output, zh.output


def test_the_hint_does_not_answer_the_baoshu_practice() -> None:
    """钵福's 自己报数: 提示 said "报 6", and one word emptied the practice (a play-test)."""
    from rich.console import Console

    from huapai.cli_support.play import run_play
    from huapai.cli_support.setup import load_table, make_bots

    table = load_table("xiushan", "bofu", None, ("baoshu=train",))
    out = Console(width=100, record=True, force_terminal=False)
    asked = {"hint": False}

    def reader(prompt: str) -> str:
        if prompt.startswith("really quit"):
            return "q"
        if asked["hint"]:
            return "q"
        if "announce: how many" in out.export_text(clear=False):
            asked["hint"] = True
            return "hint"
        return "#1"

    bots = {1: "heuristic", 2: "heuristic"}
    run_play(table, me=0, bots=bots, make_agents=lambda s: make_bots(table, bots, s), seed=1,
             deals=1, lang="en", console=out, reader=reader)
    screen = out.export_text()
    assert asked["hint"], "no 报子 came to seat 0 in this deal"
    assert "the hint will not say it" in screen
    assert "hint: type" not in screen.split("announce: how many")[-1]
