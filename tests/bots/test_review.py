"""AI review (``huapai review``): decisions found, costs, mistakes, and the command."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pytest
from test_search import with_gains
from typer.testing import CliRunner

from huapai.bots.registry import make_bot
from huapai.bots.review import (
    CONFIDENCE,
    Decision,
    _one,
    check_worlds,
    count_decisions,
    decision_json,
    decisions_of,
    review,
    review_json,
)
from huapai.bots.search import BUDGETS, Budget, Estimate, Searcher
from huapai.cli import app
from huapai.cli_support.review import _decision_line, mistake_line
from huapai.core import record
from huapai.core.match import Match
from huapai.core.registry import get_game
from huapai.games.xiushan import bo_play
from huapai.games.xiushan.cards import card_name

runner = CliRunner()


def _record(tmp_path: Path, game_name: str = "xianniu", preset: str = "lanzhou",
            deals: int = 1) -> Path:
    """One deal (or ``deals``): a random bot at seat 0 (it makes mistakes), heuristic bots
    elsewhere."""
    game = get_game(game_name)
    rules = game.rules(preset)
    match = Match(game, rules, deals, 4)
    match.play([make_bot("random", game, rules, 0, 1),
                *(make_bot("heuristic", game, rules, s, s)
                  for s in range(1, game.num_seats(rules)))])
    path = tmp_path / "game.jsonl"
    record.write(path, match.record.lines())
    return path


def test_cost_and_mistake() -> None:
    d = Decision(0, 11, chosen=3, advised=5,
                 options=(Estimate(3), with_gains(5, 3.4, 3.8)))
    assert d.cost == pytest.approx(3.6) and d.is_mistake() and not d.is_mistake(4.0)
    same = Decision(0, 2, chosen=3, advised=3, options=(Estimate(3), with_gains(5, -1.0)))
    assert same.cost == 0 and not same.is_mistake()
    row = {"deal": 1, "move": 12, "chosen": "掀", "advised": "扣了", "chosen_mean": -3.2,
           "advised_mean": 0.4, "chosen_label": {"zh": "掀", "en": "掀 (xian)"},
           "advised_label": {"zh": "扣了", "en": "扣了 (pass)"}}
    assert mistake_line(row, "zh") == "第 1 局第 12 手：掀 — 预期 −3.2，扣了 +0.4"
    assert mistake_line(row, "en") == "deal 1 move 12: 掀 (xian) — expected −3.2, 扣了 (pass) +0.4"


def test_estimates_compare_options_on_the_same_worlds() -> None:
    """An option's estimate is the pick's mean plus its gain over the pick on shared
    worlds: the advice's is the pick's plus the cost, whatever the options' own means (an
    option tried on a few lucky worlds has a bigger plain mean than the advice)."""
    pick = Estimate(3)
    for reward in (-2.0, -1.0, 0.0, -1.0):
        pick.add(reward)
    advice = with_gains(5, 2.5, 3.1, 2.8)
    lucky = Estimate(7)
    lucky.add(4.0, 0.0)  # one world: its plain mean +4.0, its gain +4.0
    never = Estimate(9)
    d = Decision(0, 30, chosen=3, advised=5, options=(pick, advice, lucky, never))
    assert d.estimate(3) == pytest.approx(-1.0)
    assert d.estimate(5) - d.estimate(3) == pytest.approx(d.cost)
    assert d.estimate(7) == pytest.approx(3.0) and math.isnan(d.estimate(9))
    game = get_game("xianniu")
    rules = game.rules("lanzhou")
    first = Estimate(1)
    first.add(-1.0)
    row = decision_json(game, rules, Decision(0, 30, 1, 2, (first, with_gains(2, 2.8),
                                                           Estimate(4))))
    assert row["advised_mean"] - row["chosen_mean"] == pytest.approx(row["cost"])
    assert [o["estimate"] for o in row["options"]][2] is None
    assert row["chosen_label"] == game.describe_action(rules, 1).label.to_json()
    assert all(o["label"]["zh"] for o in row["options"])


@pytest.mark.parametrize(("check_gains", "advised"), [
    ((-1.0, 0.5, -2.0, 0.0) * 16, 3),  # refuted: the pick stays, no cost
    ((2.0, 1.5, 2.5, 1.0) * 16, 5),    # confirmed at 99 %: the advice, its re-checked gain
])
def test_a_proposal_is_advised_only_when_its_recheck_holds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, check_gains: tuple[float, ...],
        advised: int) -> None:
    """The search's proposal (the best of several noisy alternatives, so overstated: here
    +6 on three worlds) is played again against the pick on fresh worlds; it is the advice
    only when that gain is significant at 99 %, and the option then shows the re-check's
    figures (its gain, its error, its worlds), which are also the cost."""
    replays = [record.replay_deal(d) for d in record.parse(
        _record(tmp_path).read_text(encoding="utf-8"))[1]]
    _, _, legal, chosen = next(decisions_of(replays[0], 0))
    other = next(a for a in legal if a != chosen)
    asked: list[tuple[int, int, int]] = []

    def estimates(self: Searcher, info: object, legal: list[int], prior: int) -> list[Estimate]:
        pick = Estimate(prior)
        for _ in range(3):
            pick.add(0.0)
        return [pick, with_gains(next(a for a in legal if a != prior), 6.0, 5.0, 7.0)]

    def paired(self: Searcher, info: object, first: int, second: int, worlds: int) -> Estimate:
        asked.append((first, second, worlds))
        return with_gains(second, *check_gains)

    monkeypatch.setattr(Searcher, "estimates", estimates)
    monkeypatch.setattr(Searcher, "paired", paired)
    [d, *_] = review(replays, 0, Budget(48), seed=1)
    assert asked[0] == (chosen, other, 96) and d.checked[0] == other
    assert d.advised == (other if advised == 5 else chosen)
    assert d.option(other).pairs == 64 and d.option(other).mean_gain == pytest.approx(
        sum(check_gains) / len(check_gains))
    assert d.cost == pytest.approx(d.option(other).mean_gain if advised == 5 else 0.0)


def test_review_covers_every_real_decision(tmp_path: Path) -> None:
    text = _record(tmp_path).read_text(encoding="utf-8")
    _, deals = record.parse(text)
    replays = [record.replay_deal(d) for d in deals]
    found = list(decisions_of(replays[0], 0))
    assert found and all(len(legal) > 1 and chosen in legal for _, _, legal, chosen in found)
    assert count_decisions(replays, 0) == len(found)
    reviewed = review(replays, 0, Budget(2), seed=1)
    assert [d.index for d in reviewed] == [i for i, _, _, _ in found]
    assert all(d.options[0].action == d.chosen and d.options[0].visits >= 1 for d in reviewed)
    assert all(d.cost >= 0 for d in reviewed)
    again = review(replays, 0, Budget(2), seed=1)
    assert [(d.advised, d.cost) for d in again] == [(d.advised, d.cost) for d in reviewed]


def test_review_command_json_and_text(tmp_path: Path) -> None:
    path = _record(tmp_path)
    result = runner.invoke(app, ["review", str(path), "--seat", "0", "--level", "beginner",
                                 "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    assert set(data) == {"game", "seat", "level", "search_seed", "iterations", "threshold",
                         "worth", "decisions", "summary"}
    assert data["worth"] == {"unit": {"code": "points", "zh": "分", "en": "points",
                                      "params": {}}, "note": None}
    assert (data["game"], data["seat"], data["level"], data["iterations"]) == (
        "xianniu", 0, "入门", 8)
    rows = data["decisions"]
    assert rows and data["summary"]["decisions"] == len(rows)
    assert data["summary"]["mistakes"] == sum(r["mistake"] for r in rows)
    assert set(rows[0]) == {"deal", "index", "move", "chosen", "chosen_label", "chosen_mean",
                            "advised", "advised_label", "advised_mean", "cost", "mistake",
                            "checked", "asked", "options"}
    assert rows[0]["asked"] is None  # 掀牛's actions say it all
    assert set(rows[0]["options"][0]) == {"action", "label", "visits", "pairs", "mean",
                                          "estimate", "gain", "error", "checked"}
    for row in rows:  # the search proposes the largest gain less its error, if positive ...
        options = {o["action"]: o for o in row["options"]}
        bounds = {a: o["gain"] - o["error"] for a, o in options.items()
                  if o["pairs"] and not o["checked"]}
        if row["checked"] is None:
            assert row["advised"] == row["chosen"] and max(bounds.values(), default=0) <= 0
            continue
        check = options[row["checked"]]  # ... re-checked on 64 fresh worlds (入门: 2 × 8)
        assert check["checked"] and check["pairs"] == check_worlds(BUDGETS["入门"]) == 64
        held = check["gain"] - CONFIDENCE * check["error"] > 0
        assert row["advised"] == (row["checked"] if held else row["chosen"]), row
    text = runner.invoke(app, ["review", str(path), "--seat", "0", "--level", "入门"])
    assert text.exit_code == 0 and "复盘" in text.output, text.output
    summary = data["summary"]
    cost = f"{summary['cost']:.1f}"  # as the browser says it (nothing lost: 没有损失)
    lost = "没有损失" if cost == "0.0" else f"合计少得 {cost} 分"
    assert f"共 {summary['decisions']} 步选择，{summary['mistakes']} 处大错，{lost}" \
        in text.output
    # with none, what the review judges by is said (a fed 胡 read as a mistake missed)
    assert ("没有大错（只按当时能知道的判断" in text.output) == (summary["mistakes"] == 0)
    assert text.output.count("（你选的）") == len(rows)  # every row marks the pick ...
    advised = sum(r["advised"] != r["chosen"] for r in rows)
    tags = re.findall(r"（([^）]*)）", text.output)
    assert sum("建议" in tag.split("，") for tag in tags) == advised  # ... an advice unlike it
    assert sum("重比过" in tag.split("，") for tag in tags) == sum(
        r["checked"] is not None for r in rows)  # ... and the proposal re-checked
    assert not re.search(r"[A-Za-z]{2,}", text.output), text.output  # Chinese mode: no English
    # an option the search left out says so, after every option it tried (as the browser)
    # (a run of them said once: 弃 5、弃 6 等 4 种 没试)
    untried = sum(o["estimate"] is None for r in rows for o in r["options"])
    rows_untried = sum(any(o["estimate"] is None for o in r["options"]) for r in rows)
    assert 0 < rows_untried <= text.output.count(" 没试") <= untried
    lines = [line for line in text.output.splitlines() if line.startswith("#")]
    assert not any(re.search(r"没试.*[+−]\d", line) for line in lines), lines
    english = runner.invoke(app, ["review", str(path), "--seat", "0", "--level", "入门",
                                  "--lang", "en"])
    lost = "nothing lost" if f"{summary['cost']:.1f}" == "0.0" else "points lost in all"
    assert lost in english.output and "(your pick)" in english.output
    assert "level beginner" in english.output and "not tried" in english.output


@pytest.mark.parametrize(("preset", "code", "zh", "en"), [
    ("bofu", "bo_worth", "折算分", "points of worth"), ("huangliufu", "dou", "豆", "豆")])
def test_a_review_says_what_its_points_count(tmp_path: Path, preset: str, code: str, zh: str,
                                             en: str) -> None:
    """秀山 money is 豆; a 钵福 review counts the search's worth — money plus twice the
    abacus lead — so its summary says 折算分, with a note on what they are made of (it read
    "合计少得 168.7 分" of deals that had each settled 0)."""
    path = _record(tmp_path, "xiushan", preset)
    data = json.loads(runner.invoke(app, ["review", str(path), "--seat", "0", "--level",
                                          "入门", "--json"]).stdout)
    unit, note = data["worth"]["unit"], data["worth"]["note"]
    assert (unit["code"], unit["zh"], unit["en"]) == (code, zh, en)
    assert (note is not None) == (preset == "bofu")
    cost = f"{data['summary']['cost']:.1f}"
    text = runner.invoke(app, ["review", str(path), "--seat", "0", "--level", "入门"]).output
    assert (f"合计少得 {cost} {zh}\n" if cost != "0.0" else "没有损失\n") in text, text
    english = runner.invoke(app, ["review", str(path), "--seat", "0", "--level", "入门",
                                  "--lang", "en"]).output
    assert (f"; {en} lost in all: {cost}\n" if cost != "0.0" else "; nothing lost\n") \
        in english, english
    if note is not None:
        assert "钵福的折算分 = 这局的钱 + 2 ×（自己的算盘 − 全桌算盘的平均）" in text
        assert not re.search(r"[A-Za-z]{2,}", text), text  # Chinese mode: no English
        assert "钵福's points of worth = the deal's money" in " ".join(english.split())


def test_a_review_of_several_deals_heads_each_deal(tmp_path: Path) -> None:
    """The move numbers start again with each deal: the text says which deal its rows are
    of (第 2 局 / deal 2); a one-deal review has no heading."""
    path = _record(tmp_path, deals=2)
    for lang, head in (("zh", "第 {} 局"), ("en", "deal {}")):
        out = runner.invoke(app, ["review", str(path), "--seat", "0", "--level", "入门",
                                  "--lang", lang]).output.splitlines()
        heads = [i for i, line in enumerate(out) if line in (head.format(1), head.format(2))]
        assert [out[i] for i in heads] == [head.format(1), head.format(2)], out
        assert out[heads[0] + 1].startswith("#") and out[heads[1] + 1].startswith("#")
        assert out[heads[1] - 1].startswith("     ")  # the last decision's options
    one = runner.invoke(app, ["review", str(_record(tmp_path)), "--seat", "0", "--level", "入门"])
    assert "第 1 局\n" not in one.output


def test_the_reviews_move_is_the_replays_step(tmp_path: Path) -> None:
    """第 N 手 in the review is #N in ``huapai replay`` (and step N in the browser's replay):
    the same action of the same seat."""
    path = _record(tmp_path)
    rows = json.loads(runner.invoke(app, ["review", str(path), "--seat", "0", "--level",
                                          "入门", "--json"]).stdout)["decisions"]
    shown = runner.invoke(app, ["replay", str(path)]).output.splitlines()
    for row in rows:
        line = next(x for x in shown if x.startswith(f"#{row['move']} "))
        assert line.split(None, 1)[1] == f"座位0：{row['chosen_label']['zh']}", (row, line)


@pytest.mark.parametrize(("args", "word", "english"), [
    (["--seat", "3"], "--seat 3 不是座位：可选 0..2", "--seat 3 is not a seat"),
    (["--seat", "0", "--level", "宗师"], "--level：没有「宗师」这个级别",
     "--level: unknown level '宗师'"),
])
def test_review_refusals(tmp_path: Path, args: list[str], word: str, english: str) -> None:
    path = _record(tmp_path)
    result = runner.invoke(app, ["review", str(path), *args])
    assert result.exit_code == 1 and word in result.output and "Traceback" not in result.output
    result = runner.invoke(app, ["review", str(path), *args, "--lang", "en"])
    assert result.exit_code == 1 and english in result.output


def test_review_of_a_bad_record(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["review", str(tmp_path / "none.jsonl"), "--seat", "0"])
    assert missing.exit_code == 1 and "none.jsonl 不存在" in missing.output
    path = _record(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    broken = [line.replace('"action": "', '"action": "?') if i == len(lines) // 2 else line
              for i, line in enumerate(lines)]
    path.write_text("\n".join(broken) + "\n", encoding="utf-8")
    bad = runner.invoke(app, ["review", str(path), "--seat", "0"])
    assert bad.exit_code == 1 and "Traceback" not in bad.output


class _WrongBao:
    """A 钵福 player who announces 3 钱 too few on every group (the heuristic's right value
    less 3, or 30): otherwise the heuristic."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def act(self, observation: Any, legal: Any) -> int:
        move: int = self.inner.act(observation, legal)
        said = bo_play.said_of(move) if bo_play.is_bao(move) else None
        if said is None:
            return move
        return bo_play.BAO0 + (said - 3 if said >= 3 else 30)


def test_a_wrong_announcement_is_a_big_mistake(tmp_path: Path) -> None:
    """钵福's 报数 training: a wrong 报 is a sure 吃包子, yet a search spreading 48 rollouts
    over 32 options (报 0 … 30, 不报) tells none of them apart; the heuristic's own move (the
    right 报) is re-checked against the pick, so each wrong 报 is listed, with its cost."""
    game = get_game("xiushan")
    rules = game.rules("bofu", baoshu="train")
    match = Match(game, rules, 1, 11)
    match.play([_WrongBao(make_bot("heuristic", game, rules, 0, 1)),
                *(make_bot("heuristic", game, rules, s, s)
                  for s in range(1, game.num_seats(rules)))])
    path = tmp_path / "bofu.jsonl"
    record.write(path, match.record.lines())
    replay = record.replay_deal(record.parse(path.read_text(encoding="utf-8"))[1][0])
    announced = [(i, state, legal, chosen) for i, state, legal, chosen
                 in decisions_of(replay, 0) if bo_play.is_bao(chosen)]
    assert announced, "seat 0 laid no group on this seed"
    for at in announced[:2]:
        d = _one(game, rules, Budget(48), 7, (0, *at), 0)
        said, right = bo_play.said_of(d.chosen), bo_play.said_of(d.advised)
        assert said is not None and right is not None and d.is_mistake(), d
        assert right == said + 3 if said < 30 else right < 3, d
        row = decision_json(game, rules, d)
        assert row["mistake"] and row["checked"] == row["advised"], row
        # the terminal folds the alike wrong numbers: not 32 entries on one line
        line = _decision_line({**row, "move": 5}, "zh").plain
        assert " 等 " in line and line.count("报 ") < 12, line
        # and says which group the number was for (a bare 报 3 named none)
        owed, asked = at[1].owed[0], row["asked"]
        name = card_name(owed.card)
        assert asked["zh"] in (f"{owed.kind.value} {name * 3}", f"{owed.kind.value} {name * 4}")
        assert asked["en"] == f"{owed.kind.value} of {name}", asked
        assert line.startswith(f"#5   {asked['zh']}，报 "), line
        assert mistake_line({**row, "move": 5}, "en").startswith(
            f"deal 1 move 5: {asked['en']}, announce "), row
    # a discard says it all: nothing asked besides
    discard = next(at for at in decisions_of(replay, 0) if not bo_play.is_bao(at[3]))
    assert decision_json(game, rules, _one(game, rules, Budget(8), 7, (0, *discard), 0))[
        "asked"] is None


def test_moves_made_by_tuoguan_are_not_reviewed(tmp_path: Path) -> None:
    """A move 托管 (or the house) made for the seat is not the player's choice: a browser
    play-test was told its only big mistake was one 托管 had made. The record's ``by``
    marks them; the review leaves them out and counts them in ``stood_in``."""
    lines = [json.loads(x) for x in _record(tmp_path).read_text().splitlines()]
    own = [x for x in lines if x.get("type") == "action" and x["seat"] == 0]
    for line in own[::2]:
        line["by"] = "tuoguan"
    marked = tmp_path / "marked.jsonl"
    marked.write_text(record.dumps(lines), encoding="utf-8")
    plain = [record.replay_deal(d) for d in record.parse(_record(tmp_path).read_text())[1]]
    stood = [record.replay_deal(d) for d in record.parse(marked.read_text())[1]]
    everything, left = count_decisions(plain, 0), count_decisions(stood, 0)
    data = review_json(stood, [], "入门", 0)
    assert 0 < left < everything and data["summary"]["stood_in"] == everything - left
    assert all(step.by is None for r in stood for i, *_ in decisions_of(r, 0)
               for step in r.steps if step.index == i)
    assert review_json(plain, [], "入门", 0)["summary"]["stood_in"] == 0
    said = runner.invoke(app, ["review", str(marked), "--seat", "0", "--level", "入门"])
    assert said.exit_code == 0 and f"另有 {everything - left} 步是托管代打的" in said.output


def test_answers_the_deadline_made_are_counted_apart(tmp_path: Path) -> None:
    """答话限时's answers (``by: "deadline"``) are not reviewed either, and are not called
    托管代打 (托管 never came on): the summary counts them apart, the terminal says so."""
    lines = [json.loads(x) for x in _record(tmp_path).read_text().splitlines()]
    own = [x for x in lines if x.get("type") == "action" and x["seat"] == 0]
    for k, line in enumerate(own):
        line["by"] = "deadline" if k % 3 == 1 else "tuoguan" if k % 3 == 2 else None
        if line["by"] is None:
            del line["by"]
    marked = tmp_path / "deadline.jsonl"
    marked.write_text(record.dumps(lines), encoding="utf-8")
    plain = [record.replay_deal(d) for d in record.parse(_record(tmp_path).read_text())[1]]
    stood = [record.replay_deal(d) for d in record.parse(marked.read_text())[1]]
    summary = review_json(stood, [], "入门", 0)["summary"]
    assert summary["deadline"] > 0 and summary["stood_in"] > 0
    assert summary["deadline"] + summary["stood_in"] == \
        count_decisions(plain, 0) - count_decisions(stood, 0)
    said = runner.invoke(app, ["review", str(marked), "--seat", "0", "--level", "入门"])
    assert said.exit_code == 0, said.output
    assert f"另有 {summary['deadline']} 次答话时间到了" in said.output
    assert f"另有 {summary['stood_in']} 步是托管代打的" in said.output


def test_a_record_line_by_is_kept_and_checked() -> None:
    """``by`` round-trips through a record; anything but a stand-in is refused."""
    deal = record.DealRecord("xianniu", {}, 0, "", actions=[
        record.ActionEntry(0, "掀", "tuoguan"), record.ActionEntry(1, "扣了")])
    lines = list(deal.lines())
    assert lines[1]["by"] == "tuoguan" and "by" not in lines[2]
    bad = [{**lines[0], "rules": get_game("xianniu").rules_to_dict(
        get_game("xianniu").rules("lanzhou"))}, {**lines[1], "by": "me"}]
    with pytest.raises(record.RecordError, match="'by' must be one of tuoguan, house"):
        record.parse(record.dumps(bad))


def test_a_seat_with_nothing_to_choose_is_told_why(tmp_path: Path) -> None:
    """凤翔 with four players: the 歇家 plays no card; its review said only "共 0 步选择"
    (a terminal play-test), now also why."""
    game = get_game("xianniu")
    rules = game.rules_from_dict({**game.rules_to_dict(game.rules("fengxiang")), "players": 4})
    match = Match(game, rules, 1, 4)
    match.play([make_bot("heuristic", game, rules, s, s) for s in range(4)])
    path = tmp_path / "four.jsonl"
    record.write(path, match.record.lines())
    replays = [record.replay_deal(d) for d in record.parse(path.read_text())[1]]
    idle = next(s for s in range(4) if count_decisions(replays, s) == 0)
    said = runner.invoke(app, ["review", str(path), "--seat", str(idle), "--level", "入门"])
    assert said.exit_code == 0 and "共 0 步选择" in said.output
    assert "这个座位在这份记录里没有要选的（歇家不出牌" in said.output


def test_a_review_that_lost_nothing_says_so() -> None:
    """"合计少得 0.0 豆" read oddly (a play-test of a one-decision review): nothing lost
    says 没有损失 / nothing lost."""
    from rich.console import Console

    from huapai.cli_support.i18n import Lang
    from huapai.cli_support.review import show
    worth = {"unit": {"code": "dou", "zh": "豆", "en": "豆", "params": {}}, "note": None}
    data = {"decisions": [], "worth": worth, "seat": 0, "level": "普通", "iterations": 8,
            "summary": {"decisions": 1, "mistakes": 0, "cost": 0.02}}
    said_in: list[tuple[Lang, str]] = [("zh", "共 1 步选择，0 处大错，没有损失"),
                                       ("en", "decisions: 1; big mistakes: 0; nothing lost")]
    for lang, said in said_in:
        out = Console(width=200, record=True, force_terminal=False)
        show(data, lang, out)
        assert said in out.export_text()


def _option(action: int, zh: str, estimate: float | None, error: float | None,
            checked: bool = False) -> dict[str, Any]:
    return {"action": action, "label": {"zh": zh, "en": zh}, "visits": 4, "pairs": 4,
            "mean": estimate, "estimate": estimate, "gain": 0.0, "error": error,
            "checked": checked}


def test_a_decision_lists_the_advice_and_the_pick_first() -> None:
    """A play-tester read the first option listed as the advice, and it was a lucky one
    (A（单张） +3.4±4.0 before 扣了 −1.4（建议）): the advice, the pick, then the rest."""
    row = {"move": 3, "mistake": True, "chosen": 1, "advised": 2, "checked": 2, "asked": None,
           "chosen_label": {"zh": "Q Q（对子）", "en": "Q Q"},
           "options": [_option(0, "A（单张）", 1.0, 8.0), _option(1, "Q Q（对子）", -1.5, None),
                       _option(2, "扣了", -0.2, 0.3, checked=True),
                       _option(3, "10（单张）", 0.0, 8.4)]}
    line = _decision_line(row, "zh").plain
    assert line.index("扣了 −0.2±0.3 ·4副（建议，重比过）") \
        < line.index("Q Q（对子） −1.5 ·4副（你选的）") \
        < line.index("A（单张） +1.0±8.0") < line.index("10（单张） 0.0±8.4"), line


def test_a_rechecked_move_not_advised_says_it_fell_short_of_99() -> None:
    """过 −1.5±1.4 re-checked beside 对 −5.0 (your pick, advised), then "0 处大错": the
    review read as contradicting itself (a 公安 player's check) — the re-checked move says
    it was not better at 99 %."""
    row = {"move": 41, "mistake": False, "chosen": 1, "advised": 1, "checked": 0,
           "asked": None, "chosen_label": {"zh": "对", "en": "对"},
           "options": [_option(0, "过", -1.5, 1.4, checked=True), _option(1, "对", -5.0, None)]}
    assert "过 −1.5±1.4 ·4副（重比过，没到 99% 把握）" in _decision_line(row, "zh").plain
    assert "re-checked, not 99 % sure" in _decision_line(row, "en").plain


def test_a_rechecked_move_that_came_out_worse_is_no_near_miss() -> None:
    """打 千 −1.1±0.2 beside 打 大 −0.6 (your pick) said 没到 99% 把握, as if it nearly won
    (a review play-test): it says it was no better than the pick; a figure that rounds to
    nothing is 0.0, not −0.0."""
    row: dict[str, Any] = {
        "move": 27, "mistake": False, "chosen": 1, "advised": 1, "checked": 0,
        "asked": None, "chosen_label": {"zh": "打 大", "en": "discard 大"},
        "options": [_option(0, "打 千", -1.1, 0.2, checked=True),
                    _option(1, "打 大", -0.6, None), _option(2, "打 九", -0.04, 14.0)]}
    line = _decision_line(row, "zh").plain
    assert "打 千 −1.1±0.2 ·4副（重比过，不比你选的好）" in line and "没到" not in line
    assert "re-checked, no better than your pick" in _decision_line(row, "en").plain
    assert "打 九 0.0±14.0" in line
    # on how many deals each figure stands (the browser's 比了 N 副): the pick's visits,
    # another's pairs
    pairs = {**row, "options": [{**o, "pairs": 7 if o["action"] == 2 else o["pairs"]}
                                for o in row["options"]]}
    assert "打 九 0.0±14.0 ·7副" in _decision_line(pairs, "zh").plain
    assert "±14.0 ·7 deals" in _decision_line(pairs, "en").plain


def test_smaller_losses_are_listed_under_the_summary() -> None:
    """"合计少得 0.6 分" beside 没有大错, and the 0.6 nowhere said (a review play-test): the
    decisions that cost something without being a big mistake are listed by move."""
    from rich.console import Console

    from huapai.cli_support.review import show
    worth = {"unit": {"code": "fen", "zh": "分", "en": "points", "params": {}}, "note": None}
    rows: list[dict[str, Any]] = [
            {"deal": 1, "move": m, "mistake": False, "chosen": 0, "advised": a, "checked": None,
             "asked": None, "cost": cost, "chosen_mean": 0.0, "advised_mean": cost,
             "chosen_label": {"zh": "过", "en": "pass"}, "advised_label": {"zh": "招", "en": "招"},
             "options": [_option(0, "过", 0.0, None), _option(1, "招", cost, 0.5)]}
            for m, a, cost in ((26, 1, 0.59), (30, 0, 0.0), (31, 1, 0.04))]
    rows[1]["checked"] = 1  # re-checked, above the pick (+0.0 → +0.9), not sure at 99 %
    rows[1]["options"][1] = _option(1, "招", 0.9, 0.5, checked=True)
    data = {"decisions": rows, "worth": worth, "seat": 0, "level": "普通", "iterations": 8,
            "summary": {"decisions": 3, "mistakes": 0, "cost": 0.63}}
    for lang, said, unsure in (
            ("zh", "小的损失（不算大错）：第 26 手 −0.6",
             "别的走法平均更好、但没到 99% 把握的（不算损失）：第 30 手"),
            ("en", "smaller losses (not big mistakes): move 26 −0.6",
             "better on average but not at 99 % (not counted as lost): move 30")):
        out = Console(width=200, record=True, force_terminal=False)
        show(data, lang, out)  # type: ignore[arg-type]
        text = out.export_text()
        assert said in text and "31" not in text.split(said)[1].split("\n")[0], text
        assert unsure in text, text
    rows[2]["deal"] = 2  # a record of several deals: each move with its deal (第 8 手 came
    rows[2]["cost"] = 0.4  # three times, from three deals: a researcher's play-test)
    for lang, said in (("zh", "小的损失（不算大错）：第 1 局第 26 手 −0.6、第 2 局第 31 手 −0.4"),
                       ("en", "smaller losses (not big mistakes): deal 1 move 26 −0.6, "
                              "deal 2 move 31 −0.4")):
        out = Console(width=200, record=True, force_terminal=False)
        show(data, lang, out)  # type: ignore[arg-type]
        assert said in out.export_text(), out.export_text()


def test_a_decision_where_every_option_expects_the_same_is_one_short_line() -> None:
    """紧牌's 弃 A … 弃 红9 each at +2.0 filled a line per discard: said once."""
    options = [_option(0, "弃 A", 2.0, None), _option(1, "弃 2", 2.0, 0.3),
               _option(2, "弃 6", 2.04, 0.3)]
    row: dict[str, Any] = {"move": 21, "mistake": False, "chosen": 0, "advised": 0,
                           "checked": None, "asked": None,
                           "chosen_label": {"zh": "弃 A", "en": "discard A"}, "options": options}
    assert _decision_line(row, "zh").plain == \
        "#21  弃 A   弃 A +2.0（你选的）  别的 2 种走法也都是 +2.0：怎么选都一样"
    assert _decision_line(row, "en").plain.endswith("the other 2 also +2.0: no difference")
    one = {**row, "options": options[:2]}
    assert _decision_line(one, "zh").plain.endswith("另一种走法也是 +2.0：怎么选都一样")
    differs = {**row, "options": [*options, _option(3, "弃 K", 1.0, 0.5)]}
    assert "怎么选都一样" not in _decision_line(differs, "zh").plain


def test_a_decision_says_what_came_before_and_keeps_its_options_whole() -> None:
    """At 80 columns a decision's options broke inside one (打 / 四、打 七 等 3 种) and #72
    said nothing of which decision it was (a play-test): the head says what the seat had
    just been told (座位2 打出 八 ⇒ 碰), the options follow under it, packed into lines at
    the terminal's width, none broken."""
    from rich.cells import cell_len
    from rich.console import Console

    from huapai.cli_support.review import show
    options = [_option(i, f"打 {card}", float(i), 1.5) for i, card in enumerate("一二三四五六七八")]
    row = {"deal": 1, "move": 72, "mistake": False, "chosen": 0, "advised": 0, "checked": None,
           "asked": None, "cost": 0.0, "chosen_label": {"zh": "打 一", "en": "discard 一"},
           "options": options}
    worth = {"unit": {"code": "dou", "zh": "豆", "en": "豆", "params": {}}, "note": None}
    data = {"decisions": [row], "worth": worth, "seat": 0, "level": "普通", "iterations": 8,
            "summary": {"decisions": 1, "mistakes": 0, "cost": 0.0}}
    out = Console(width=40, record=True, force_terminal=False)
    show(data, "zh", out, {(1, 72): "座位2 打出 八"})
    lines = out.export_text().splitlines()
    head = lines.index("#72  座位2 打出 八 ⇒ 打 一")
    block = lines[head + 1:head + 1 + sum(line.startswith("     ") for line in lines)]
    assert len(block) > 1 and all(cell_len(line) <= 40 for line in block), block
    said = "  ".join(line.strip() for line in block)
    for option in options[1:]:
        assert f"{option['label']['zh']} +{option['estimate']:.1f}±1.5" in said, said
