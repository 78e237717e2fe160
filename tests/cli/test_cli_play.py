"""``huapai play``: whole scripted matches, wrong inputs, quitting, bad options."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import assert_clean, invoke, last, play_against, script_human, totals_line

from huapai.bots.search import BUDGETS, PACE_SLACK, WAIT_SECONDS, SearchBot, waiting_budget
from huapai.cli_support import setup
from huapai.cli_support.interpret import choice_word, interpret
from huapai.cli_support.setup import CliError, Table, bot_plan, make_bots
from huapai.core import registry
from huapai.core.protocol import NotationError
from huapai.core.registry import get_game, get_manifest


def test_whole_match_answering_the_first_legal_text(tmp_path: Path) -> None:
    lines, totals = script_human(preset="lanzhou", seed=11, deals=3, seat=0, bots="random")
    out = tmp_path / "match.jsonl"
    result = invoke(["play", "xianniu", "--preset", "lanzhou", "--seed", "11", "--deals", "3",
                     "--bots", "random", "--record", str(out)], "\n".join(lines) + "\n")
    assert_clean(result, 0)
    assert "✗" not in result.output
    assert "对局结束" in result.output
    assert totals_line(totals) in result.output
    assert result.output.count("结算") == 3
    deals = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()
             if json.loads(x)["type"] == "end"]
    assert [sum(d["deltas"][s] for d in deals) for s in range(3)] == totals


def test_whole_match_playing_the_last_legal_text_in_english() -> None:
    lines, totals = script_human(preset="lanzhou", seed=4, deals=2, seat=1, bots="random",
                                 choose=last)
    assert len(lines) > 3
    result = invoke(["play", "--seed", "4", "--deals", "2", "--seat", "1", "--bots", "random",
                     "--lang", "en"], "\n".join(lines) + "\n")
    assert_clean(result, 0)
    assert "not allowed" not in result.output and "cannot read" not in result.output
    assert f"seat 0 {totals[0]:+d}  you {totals[1]:+d}  seat 2 {totals[2]:+d}" in result.output
    assert "your hand:" in result.output and "settlement" in result.output


def test_the_table_shows_hand_zhanpai_xian_counts_trick_and_numbered_legal_list() -> None:
    result = invoke(["play", "--seed", "5", "--deals", "1", "--bots", "random"], "q\n")
    assert_clean(result, 0)
    for label in ("你的手牌：", "占牌", "掀", "轮到", "可选", " 1 ", "桌面占牌 0/16"):
        assert label in result.output, label
    assert "本轮：座位2 红5（单张）" in result.output  # seat 2 led a red 5 before our turn
    assert "5r" not in result.output  # said as a word on a Chinese screen, not the notation


def test_numbers_pick_from_the_list() -> None:
    result = invoke(["play", "--seed", "5", "--deals", "1", "--bots", "random"], "1\nq\n")
    assert_clean(result, 0)
    assert "你选了：6" in result.output  # the first of the eight singles that beat the 5r


@pytest.mark.parametrize(("typed", "explained"), [
    ("xyz", "看不懂「xyz」"),
    ("9 9", "第 1 个位置的 9 要说是红9还是黑9（牛九 / 牛八）"),  # no r / b on a Chinese screen
    ("K K K K K", "一副牌只有 4 张"),
    ("99", "没有编号 99（可选 1–8），当作牌也看不懂：第 1 个位置的 9 要说是红9还是黑9"),
    ("弃 K", "不能这样出"),
    ("A", "不能这样出"),
    ("", "请输入一个编号"),
])
def test_a_wrong_input_is_explained_and_asked_again(typed: str, explained: str) -> None:
    result = invoke(["play", "--seed", "5", "--deals", "1", "--bots", "random"],
                    f"{typed}\nK\nq\nq\n")
    assert_clean(result, 0)
    assert explained in result.output
    assert "你选了：K" in result.output  # asked again, then the right answer was taken
    assert "你退出了对局" in result.output


def test_a_forced_move_is_played_without_asking() -> None:
    """Seed 3: seat 2 leads a 10 and K is our only beater (有大必大): no prompt for it."""
    result = invoke(["play", "--seed", "3", "--deals", "1", "--bots", "random"], "q\n")
    assert_clean(result, 0)
    assert "只有一种走法，已替你选：K" in result.output


def test_a_forced_pass_is_not_said() -> None:
    """双别杆: 过 on a discard one cannot claim was said after nearly every discard
    (只有一种走法，已替你选：过); it is the seat having nothing to do, and is not."""
    result = invoke(["play", "biegan", "--seed", "9", "--deals", "1", "--bots", "random"],
                    "1\n" * 300)
    assert_clean(result, 0)
    assert "已替你选：过" not in result.output and "打出" in result.output


def test_help_and_show_commands() -> None:
    result = invoke(["play", "--seed", "5", "--deals", "1", "--bots", "random"],
                    "?\nhelp\nshow\nq\n")
    assert_clean(result, 0)
    assert result.output.count("帮助") >= 2
    flat = result.output.replace("\n", "")  # the help folds by characters
    assert "红9 黑9" in flat and "扣了" in flat  # the notation help
    assert "也可以写 5r、9b" in flat  # both spellings are taken
    assert result.output.count("▶ 轮到你了") == 2  # show drew the table again


def test_end_of_input_leaves_cleanly_and_keeps_the_record(tmp_path: Path) -> None:
    out = tmp_path / "partial.jsonl"
    result = invoke(["play", "--seed", "3", "--bots", "random", "--record", str(out)], "")
    assert_clean(result, 0)
    assert "输入已结束" in result.output
    assert json.loads(out.read_text(encoding="utf-8").splitlines()[1])["type"] == "deal"


def test_play_with_no_arguments_is_xianniu_lanzhou(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("huapai.cli.secrets.randbelow", lambda n: 42)
    result = invoke(["play"], "")
    assert_clean(result, 0)
    assert "掀牛 / 花花牌 · 兰州掀牛（扑克） · 3 局 · 种子 42" in result.output  # names, not ids
    assert "输入已结束" in result.output
    assert "本场规则" not in result.output  # the preset as it is


def test_the_house_rules_are_said_at_the_start() -> None:
    """Options that differ from the preset are named at the start, as the browser's
    本房规则: by their 中文 name, with the value and the preset's, in the player's words."""
    args = ["play", "-r", "gou=5", "-r", "jinpai=false", "-r", "scoring=app", "--seed", "1"]
    result = invoke(args, "")
    assert_clean(result, 0)
    assert ("本场规则：够牌 5（玩法默认 6），紧牌 关（玩法默认 开），"
            "计分 兰州掀牛软件（玩法默认 砍牛腿）") in result.output
    english = invoke([*args, "--lang", "en"], "")
    assert ("house rules: 够牌 5 (the preset: 6); 紧牌 off (the preset: on); "
            "scoring the Lanzhou app (the preset: kanniutui points)") in english.output
    sim = invoke(["simulate", "biegan", "-n", "1", "-r", "dianpao_pay=one"])
    assert "本场规则：点炮 包一家（玩法默认 包两家）" in sim.stdout


@pytest.mark.parametrize("players", [4, 5])
def test_fengxiang_with_more_players(players: int) -> None:
    lines, totals = script_human(preset="fengxiang", seed=5, deals=players, seat=0,
                                 bots="random", players=players)
    result = invoke(["play", "xianniu", "-p", "fengxiang", "--players", str(players),
                     "--seed", "5", "--bots", "random"], "\n".join(lines) + "\n")
    assert_clean(result, 0)
    assert "你这局歇家" in result.output
    assert totals_line(totals) in result.output
    assert "地眼" in result.output or "天" in result.output  # the long-card names


def test_default_bots_are_the_house_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game("xianniu")
    assert setup.default_bot(game) == "heuristic"
    plain = replace(get_manifest("xianniu"), bots={}, house_bot="random")
    monkeypatch.setitem(registry._registered, "xianniu", plain)
    assert setup.default_bot(game) == "random"


class _Cheat:
    def act(self, observation: object, legal: object) -> int:
        return 10_000


def test_a_bot_choosing_an_illegal_action_is_reported() -> None:
    result = play_against("cheat_cli_test", _Cheat())
    assert_clean(result, 1)
    assert "机器人「cheat_cli_test」（座位2）走了不合法的一步：没有编号 10000 的动作" \
        in result.output


@pytest.mark.parametrize(("args", "zh", "en"), [
    (["--seat", "3"], "--seat 3 不是座位：可选 0..2", "--seat 3 is not a seat"),
    (["--bots", "nobody"], "xianniu 没有叫「nobody」的机器人", "unknown bot 'nobody'"),
    (["--bots", "random,random,random"], "--bots 写了 3 个机器人，要坐的座位有 2 个",
     "--bots names 3 bots but 2 seats need one"),
    (["--bots", "random,"], "--bots「random,」里有一个空的名字", "empty name"),
    (["--bots", "search:grandmaster"], "没有「grandmaster」这个级别",
     "unknown level 'grandmaster'"),
    (["--bots", "random:高手"], "机器人「random」没有级别", "bot 'random' has no levels"),
    (["--deals", "0"], "--deals 至少要 1，不能是 0", "--deals must be at least 1"),
    (["--preset", "moon"], "xianniu 没有玩法「moon」", "unknown preset 'moon'"),
    (["--players", "4"], "客户端计分只适用于三人", "app formula"),
    (["--rule", "gou"], "--rule 要写成 KEY=VALUE，不是「gou」", "--rule expects KEY=VALUE"),
    (["--rule", "gou=banana"], "规则选项「够牌」（gou）：应为整数，不是 \"banana\"",
     "rule option gou"),
    (["--rule", "colour=red"], "xianniu 没有这些规则选项：colour", "unknown rule option"),
    (["--record", "/nonexistent-dir/x.jsonl"],
     "--record /nonexistent-dir/x.jsonl：文件夹 /nonexistent-dir 不存在", "does not exist"),
])
def test_bad_options_are_refused_with_a_reason(args: list[str], zh: str, en: str) -> None:
    """Each refusal names what was wrong, in the language of the command only."""
    base = ["play", "xianniu"] + (["-p", "lanzhou-app"] if "--players" in args else [])
    result = invoke(base + args, "q\n")
    assert_clean(result, 1)
    assert f"错误：{zh}" in result.output and en not in result.output
    english = invoke([*base, *args, "--lang", "en"], "q\n")
    assert_clean(english, 1)
    assert "error: " in english.output and en in english.output and zh not in english.output


def test_a_bad_language_is_refused_in_both() -> None:
    """Which language to speak is what is wrong: the refusal says it in both."""
    result = invoke(["play", "--lang", "fr"], "q\n")
    assert_clean(result, 1)
    assert "--lang 'fr' 不是语言" in result.output and "unknown language 'fr'" in result.output


def test_a_search_bot_level_per_seat() -> None:
    """``--bots`` takes ``search:<level>`` per seat (ASCII aliases too); the bots are made
    at those levels and the match is played through the search bot's ``act_state``."""
    table = Table(get_game("xianniu"), get_game("xianniu").rules("lanzhou"), "lanzhou")
    plan = bot_plan(table, "search:beginner,heuristic", [1, 2])
    assert plan == {1: "search:入门", 2: "heuristic"}
    agents = make_bots(table, plan, 3)
    assert isinstance(agents[1], SearchBot) and agents[1].budget == BUDGETS["入门"]
    result = invoke(["play", "--seed", "3", "--deals", "1", "--bots", "search:入门"],
                    "1\n" * 40 + "q\n")
    assert_clean(result, 0)
    assert "你选了" in result.output


def test_play_caps_a_search_bot_s_time_and_full_budget_lifts_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A person waits in ``play``: its search bots have their level's wall-time cap
    (``WAIT_SECONDS``, as in rooms; 高手 2 s); ``--full-budget`` plays the iterations alone,
    as ``simulate`` and the arena do, so the same seed gives the same moves."""
    table = Table(get_game("xianniu"), get_game("xianniu").rules("lanzhou"), "lanzhou")
    capped = make_bots(table, {1: "search:高手"}, 3, capped=True)[1]
    assert isinstance(capped, SearchBot)
    assert capped.budget == waiting_budget("高手")
    assert capped.budget.iterations == BUDGETS["高手"].iterations
    assert capped.budget.seconds == WAIT_SECONDS["高手"] - PACE_SLACK == 1.75
    full = make_bots(table, {1: "search:高手"}, 3)[1]
    assert isinstance(full, SearchBot) and full.budget == BUDGETS["高手"]
    seen: list[tuple[bool, bool]] = []

    def spy(table: Table, plan: dict[int, str], seed: int, capped: bool = False,
            paced: bool = False) -> object:
        seen.append((capped, paced))
        return make_bots(table, plan, seed, capped, paced)

    monkeypatch.setattr("huapai.cli.make_bots", spy)
    for extra in ([], ["--full-budget"]):
        result = invoke(["play", "--seed", "3", "--deals", "1", "--bots", "search:入门", *extra],
                        "1\n" * 40 + "q\n")
        assert_clean(result, 0)
    assert seen == [(True, True), (False, True)]  # paced either way: a person waits


def test_a_search_bot_s_options_on_the_command_line() -> None:
    """``play`` / ``simulate`` take the search's options as the arena does
    (``search:普通:heuristic+uniform``); rooms do not."""
    table = Table(get_game("xianniu"), get_game("xianniu").rules("lanzhou"), "lanzhou")
    plan = bot_plan(table, "search:expert:random+uniform,heuristic", [1, 2])
    assert plan == {1: "search:高手:random+uniform", 2: "heuristic"}
    agent = make_bots(table, plan, 3)[1]
    assert isinstance(agent, SearchBot)
    assert (agent.searcher.policy, agent.searcher.worlds) == ("random", "uniform")
    with pytest.raises(CliError, match="unknown rollout policy 'nope'"):
        bot_plan(table, "search:高手:nope", [1, 2])


def test_unknown_game() -> None:
    result = invoke(["play", "mahjong"], "")
    assert_clean(result, 1)
    assert "没有叫「mahjong」的游戏；有：" in result.output and "xianniu" in result.output
    english = invoke(["play", "mahjong", "--lang", "en"], "")
    assert_clean(english, 1)
    assert "unknown game 'mahjong'" in english.output


def _parse(word: str) -> int:
    return get_game("xianniu").parse_action(get_game("xianniu").rules("lanzhou"), word)


def test_interpret_numbers_notation_and_commands() -> None:
    legal = [_parse(w) for w in ("扣了", "A", "2", "K K")]
    texts = ["扣了", "A", "2", "K K"]
    assert interpret("#2", legal, texts, _parse, "zh").action == legal[1]
    assert interpret("＃ 3", legal, texts, _parse, "zh").action == legal[2]
    assert interpret("1", legal, texts, _parse, "zh").action == legal[0]  # 1 is no card
    assert interpret("=2", legal, texts, _parse, "zh").action == _parse("2")
    assert interpret("10", legal, texts, _parse, "zh").action == _parse("10")  # past the list
    assert interpret("K K", legal, texts, _parse, "zh").action == legal[3]
    assert interpret("Q", legal, texts, _parse, "zh").action == _parse("虎")
    assert interpret("q", legal, texts, _parse, "zh").command == "quit"
    assert interpret("？", legal, texts, _parse, "zh").command == "help"
    assert interpret("show", legal, texts, _parse, "zh").command == "show"
    assert interpret("77", legal, texts, _parse, "en").action == _parse("7 7")
    assert interpret("55", legal, texts, _parse, "en").problem is not None
    assert interpret("   ", legal, texts, _parse, "en").problem is not None


def test_a_number_that_is_also_a_card_is_never_guessed() -> None:
    """Issue 9 §2 (the number-vs-rank trap): in 兰州 a bare ``2`` is choice 2 (A) *and* the
    listed card 2 (choice 3): refused, naming both readings and how to say each; ``#n`` and
    ``=x`` say it unambiguously. ``3`` is choice 3 and also the card 3, held but not playable
    now or not held at all: refused too; only where no listed action plays cards (``2``
    while only 掀 / 不掀 are listed) is it the list's choice alone."""
    legal = [_parse(w) for w in ("扣了", "A", "2", "K K")]
    texts = ["扣了", "A", "2", "K K"]
    zh = interpret("2", legal, texts, _parse, "zh")
    assert zh.action is None and zh.problem is not None
    assert "#2" in zh.problem and "A" in zh.problem
    en = interpret("2", legal, texts, _parse, "en")
    assert en.problem is not None and "reads two ways" in en.problem
    two = interpret("2", legal, texts, _parse, "zh").problem
    assert two is not None and "要「2」请输入 #3 或 =2" in two
    assert interpret("3", legal, texts, _parse, "zh").action == legal[2]  # no 3 held
    assert interpret("3", legal, texts, _parse, "en").action == legal[2]
    # a 3 held that cannot be played now: the player may mean it, so it is asked
    holds = lambda action: action == _parse("3")  # noqa: E731
    three = interpret("3", legal, texts, _parse, "zh", held=holds)
    assert three.action is None and three.problem is not None
    assert "=3" not in three.problem and "你手里写作「3」的牌（现在不能这样出）" in three.problem
    en = interpret("3", legal, texts, _parse, "en", held=holds)
    assert en.problem is not None and "your cards written '3'" in en.problem
    # no 3 held: a player who misread the hand means the card it thinks it holds (a 兰州
    # play-tester typed 7 and threw the list's seventh card), so that is asked too
    none = interpret("3", legal, texts, _parse, "zh", held=lambda action: False)
    assert none.action is None and none.problem is not None
    assert "写作「3」的牌（你手里没有）" in none.problem and "要第 3 项请输入 #3" in none.problem
    en = interpret("3", legal, texts, _parse, "en", held=lambda action: False)
    assert en.problem is not None and "the cards written '3' (you hold none)" in en.problem
    declare = [_parse("不掀"), _parse("掀")]
    assert interpret("2", declare, ["不掀", "掀"], _parse, "zh").action == declare[1]
    same = [legal[0], legal[1], _parse("3")]
    assert interpret("3", same, ["扣了", "A", "3"], _parse, "zh").action == _parse("3")
    assert interpret("#9", legal, texts, _parse, "en").problem == \
        "no choice '9': after # type a number 1–4"
    assert interpret("#A", legal, texts, _parse, "zh").problem is not None


def test_every_family_reads_a_bare_number_one_way_only() -> None:
    """The trap in every family's prompt: where a bare number is also the game's notation
    of another listed action (掀牛's poker ranks, in every preset) it is refused unless
    #/= says which; 双别杆's and
    秀山's cards are 汉字, so a number there is only ever a list number."""
    for name, preset in (("xianniu", "lanzhou"), ("xianniu", "fengxiang"),
                         ("biegan", "gongan"), ("xiushan", "shibafu")):
        game = get_game(name)
        rules = game.rules(preset)

        def parse(word: str, game: Any = game, rules: Any = rules) -> int:
            return int(game.parse_action(rules, word))

        legal = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
        texts = [f"choice {chr(ord('a') + i)}" for i in range(11)]  # labels showing no number
        for n in range(1, 11):
            reply = interpret(str(n), legal, texts, parse, "zh")
            try:
                card = parse(str(n))
            except NotationError:
                assert reply.action == legal[n - 1], (name, n)
                continue
            if card not in legal:  # cards that are no listed action: the list's choice
                assert reply.action == legal[n - 1], (name, n)
                continue
            assert (reply.action == card == legal[n - 1]) or (
                reply.action is None and reply.problem and f"#{n}" in reply.problem), (name, n)


def test_a_bare_2_is_the_xian_when_no_card_can_be_played() -> None:
    """凤翔: 2 is also the card 板凳, but when the only choices are 不掀 / 掀 no card can be
    meant, so ``2`` is 掀 at once, not a question which of the two it means; where cards are
    listed too (the 头家's lead) it is still asked."""
    result = invoke(["play", "xianniu", "-p", "fengxiang", "--seed", "1", "--deals", "1",
                     "--bots", "heuristic"], "2\nq\n")
    assert_clean(result, 0)
    assert "1 不掀    2 掀" in result.output and "你选了：掀" in result.output
    assert "有两种读法" not in result.output
    lead = invoke(["play", "xianniu", "-p", "fengxiang", "--seed", "7", "--deals", "1",
                   "--bots", "heuristic"], "2\nq\n")
    assert "2 地眼（单张）" in lead.output and "有两种读法" in lead.output  # asked, as before


def test_the_help_explains_choice_numbers_and_offers_no_waits_in_xianniu() -> None:
    """掀牛's poker cards are numbers: #3 and =3 are explained; it has no 听牌, so its help
    offers no 听 (it did, and 听 then answered 这个游戏没有听牌)."""
    result = invoke(["play", "--seed", "3", "--deals", "1", "--bots", "random"], "?\nq\nq\n")
    assert_clean(result, 0)
    assert "#3 永远是列表第 3 项" in result.output and "=3 永远是" in result.output
    assert "听" not in result.output.partition("帮助\n")[2], result.output


def test_waits_in_a_game_without_waits() -> None:
    """Issue 9 §2: 掀牛 has no 听牌 — the ``waits`` command says so, in both languages."""
    zh = invoke(["play", "--seed", "3", "--deals", "1", "--bots", "random"], "waits\nq\n")
    assert_clean(zh, 0)
    assert "这个游戏没有听牌" in zh.output
    en = invoke(["play", "--seed", "3", "--deals", "1", "--bots", "random", "--lang", "en"],
                "听\nq\n")
    assert_clean(en, 0)
    assert "no waits in this game" in en.output


def test_jinpai_discards_and_number_like_cards_typed_in_notation() -> None:
    lines, totals = script_human(preset="lanzhou", seed=25, deals=1, seat=0, bots="random")
    assert "紧牌" in lines and "弃 2" in lines and "=8" in lines  # the paths this test covers
    result = invoke(["play", "--seed", "25", "--deals", "1", "--bots", "random"],
                    "\n".join(lines) + "\n")
    assert_clean(result, 0)
    assert "✗" not in result.output
    assert "你 紧牌：每人弃到" in result.output and "你 弃 2" in result.output
    assert totals_line(totals) in result.output


def test_bots_are_named_in_the_players_language() -> None:
    """The opponents' line and the table name each bot as the browser does (搜索 · 普通,
    经验型), not by its spec; in English by the English words."""
    from huapai.cli_support.i18n import bot_label
    assert bot_label("search:普通", "zh") == "搜索 · 普通"
    assert bot_label("search:高手", "en") == "search · expert"
    assert bot_label("heuristic", "zh") == "经验型" and bot_label("random", "en") == "random"
    assert bot_label("search:普通:uniform", "zh") == "搜索 · 普通（uniform）"
    assert bot_label("search:普通:uniform", "en") == "search · normal (uniform)"
    assert bot_label("toybot", "zh") == "toybot"  # a plug-in's bot keeps its name


@pytest.mark.parametrize("game", ["xianniu", "biegan", "xiushan"])
def test_the_end_of_a_deal_is_said_once(game: str) -> None:
    """A deal's end read twice: the event line ("  胡牌，本局结束") and the table drawn
    right after it ("【结束】胡牌，本局结束"). The table says it."""
    result = invoke(["play", game, "--seed", "4", "--deals", "1", "--bots", "random"],
                    "1\n" * 400)
    assert_clean(result, 0)
    ends = [line.split("】", 1)[1].split("   ")[0] for line in result.output.splitlines()
            if line.startswith("【结束】")]
    assert len(ends) == 1, ends
    assert not [line for line in result.output.splitlines() if line.strip() == ends[0]]


def test_hint_says_what_tuoguan_would_play() -> None:
    """「提示」 / hint: the house bot's move from my seat's view, as its number in the list
    (a browser play-tester found 提示 walking the hand; the terminal had none)."""
    result = invoke(["play", "--seed", "3", "--deals", "1"], "提示\nhint\nq\nq\n")
    assert_clean(result, 0)
    hints = [line for line in result.output.splitlines() if "托管会这样打" in line]
    assert len(hints) == 2 and hints[0].split("提示：")[1] == hints[1].split("提示：")[1]
    # 掀牛 writes cards as numbers: the hint says #n
    assert re.search(r"提示：输入 #\d+，即「[^」]+」", hints[0]), hints[0]
    english = invoke(["play", "--seed", "3", "--deals", "1", "--lang", "en"], "hint\nq\nq\n")
    assert "hint: " in english.output
    assert "(what 托管, the auto-player, would play)" in english.output


def test_a_hint_names_what_to_type_unambiguously() -> None:
    """钵福's hint said "2. 报 1", and 2 was refused as also meaning 报 2: where a bare
    number could be read otherwise the hint says #n."""
    baos = [f"报 {n}" for n in range(31)]
    assert choice_word(2, ["不报", *baos], number_cards=False) == "#2"
    assert choice_word(2, ["碰 三三三", "过"], number_cards=False) == "2"
    assert choice_word(2, ["弃 3", "弃 K"], number_cards=True) == "#2"
