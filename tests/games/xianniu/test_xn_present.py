"""掀牛 presentation values: describe_action for every action, refusals and payment labels
as messages in both languages, and the settlement's breakdown items for every code."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from xn_deals import CI_HANDS, CI_SCRIPT, EX3_HANDS, EX3_SCRIPT
from xn_support import GAME, A, B, C, play, rules, start

from huapai.core.protocol import IllegalAction, Settlement
from huapai.core.registry import get_game
from huapai.games.xianniu.scoring import winner_value
from huapai.games.xianniu.state import State

PRESETS = ("lanzhou", "lanzhou-app", "fengxiang")
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
KINDS = {"play", "discard", "xian", "jinpai", "pass"}


def _playout(preset: str, seed: int, **overrides: Any) -> State:
    r = rules(preset, **overrides)
    rng = random.Random(seed)
    state: State = GAME.new_game(r, seed=seed)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, rng.choice(list(GAME.legal_actions(state, seat))))
    return state


@pytest.mark.parametrize("preset", PRESETS)
def test_every_action_is_described(preset: str) -> None:
    r = rules(preset)
    infos = [GAME.describe_action(r, a) for a in range(GAME.num_actions(r))]
    assert {i.kind for i in infos} == KINDS
    for a, info in enumerate(infos):
        assert info.action == a
        text = GAME.format_action(r, a)
        if info.kind == "play":
            assert " ".join(info.cards) == text and info.group == "cards"
        elif info.kind == "discard":
            assert text == "弃 " + info.cards[0] and info.group == "cards"
        else:
            assert (info.cards, info.group) == ((), "button") and info.label.zh == text
        assert not ENGLISH_WORD.search(info.label.zh.replace("10", "")), info.label
        assert ENGLISH_WORD.search(info.label.en) or info.kind == "play", info.label
    assert {i.kind: i.style for i in infos if i.group == "button"} == {
        "xian": "hot", "jinpai": "gold", "pass": "neutral"}
    with pytest.raises(ValueError, match="no action"):
        GAME.describe_action(r, GAME.num_actions(r))


def test_a_play_is_labelled_with_its_cards_and_its_type() -> None:
    r = rules("fengxiang")
    pair = GAME.describe_action(r, GAME.parse_action(r, "天 天"))
    assert pair.cards == ("天", "天")
    assert pair.label.params["cards"] == "天 天"
    assert pair.label.zh == f"天 天（{pair.label.params['combo']}）"
    assert GAME.describe_action(r, GAME.parse_action(r, "不掀")).label.zh == "不掀"
    assert GAME.describe_action(rules("lanzhou"), 0).label.zh == "扣了"


@pytest.mark.parametrize("preset", PRESETS)
def test_every_refusal_is_said_in_each_language(preset: str) -> None:
    """Random deals: at every few steps each action not in the legal list is refused with
    a message whose Chinese has no English words and whose English has words."""
    codes: set[str] = set()
    for seed in range(3):
        r = rules(preset)
        rng = random.Random(seed)
        state = GAME.new_game(r, seed=seed)
        for step in range(200):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)[0]
            legal = list(GAME.legal_actions(state, seat))
            if step % 4 == 0:
                for action in sorted(set(range(GAME.num_actions(r))) - set(legal))[::7]:
                    with pytest.raises(IllegalAction) as info:
                        GAME.apply(state, seat, action)
                    msg = info.value.msg
                    codes.add(msg.code)
                    assert msg.code == info.value.code
                    assert not ENGLISH_WORD.search(msg.zh.replace("10", "")), msg
                    assert ENGLISH_WORD.search(msg.en), msg
            state, _ = GAME.apply(state, seat, rng.choice(legal))
    assert len(codes) >= 4 and "not_in_hand" in codes, codes


PART_CODES = {"zhan_play", "split_liang", "big_points"}
"""Items that make up a winner's value, one a scoring play (or a split 亮子, a big hand)."""


def _codes(settled: Settlement) -> tuple[set[str], set[str]]:
    return {i.code for i in settled.items}, {p.label.code for p in settled.payments}


def _check_items(state: State, settled: Settlement) -> None:
    """Each seat in the deal has its 占牌; a winner its value (and 刺 bonus); 掀 counted."""
    by_seat: dict[int | None, dict[str, int]] = {}
    parts: dict[int | None, int] = {}
    for item in settled.items:
        if item.code in PART_CODES:
            parts[item.seat] = parts.get(item.seat, 0) + item.value
            assert item.value > 0, item
        else:
            by_seat.setdefault(item.seat, {})[item.code] = item.value
        assert item.label.zh and item.label.en
        assert (item.unit.zh and item.unit.en) or item.code in ("no_value", "no_winner", "idle")
    table = by_seat.pop(None, {})  # nobody won: said for the table
    assert set(table) == ({"no_winner"} if all(state.table_count(p) < state.rules.gou
                                               for p in state.active) else set())
    idle = {seat for seat, codes in by_seat.items() if "idle" in codes}
    assert idle == set(range(state.rules.players)) - set(state.active)  # each 歇家 said
    assert all(set(by_seat[seat]) == {"idle"} for seat in idle)
    assert set(by_seat) - idle == set(state.active)
    for seat in state.active:
        mine = by_seat[seat]
        n = state.table_count(seat)
        assert mine["zhan"] == n
        if n >= state.rules.gou:
            value, bonus = winner_value(state, seat, n)
            assert mine.get("points", mine.get("xingzi")) == value == parts.get(seat, 0)
            assert mine.get("ci", 0) == bonus
            assert ("no_value" in mine) == (value + bonus == 0)  # why nobody pays it
        else:
            assert not {"points", "xingzi", "ci"} & set(mine) and seat not in parts
        assert mine.get("xian", 0) == sum(1 for x, _ in state.xians if x == seat)
    for p in settled.payments:
        assert p.to_json()["label"] == f"{p.label.zh} / {p.label.en}"


@pytest.mark.parametrize(("preset", "overrides", "seed", "items", "labels"), [
    ("lanzhou", {}, 0, {"zhan", "points", "ci"}, {"win_ci"}),
    ("lanzhou", {}, 3, {"zhan", "xian"}, {"xian"}),
    ("lanzhou", {}, 96, {"zhan", "points", "ci"}, {"ci_last_xian", "win_no_ci"}),
    ("fengxiang", {}, 58, {"zhan", "xingzi", "ci", "zhan_play"}, {"win_ci"}),
    ("fengxiang", {"xingzi_by": "aggregate"}, 58, {"zhan", "xingzi", "zhan_play"}, {"win_ci"}),
    ("fengxiang", {"count_self_xian": True}, 0, {"zhan", "xian"}, {"self_xian"}),
    # nobody paid, and the breakdown says why (a play-test: 7 cards won, 本局无人收付)
    ("lanzhou", {}, 5, {"zhan", "no_winner"}, set()),
    ("fengxiang", {}, 0, {"zhan", "xingzi", "no_value"}, set()),
])
def test_settlement_items_and_labels_of_random_deals(preset: str, overrides: dict[str, Any],
                                                     seed: int, items: set[str],
                                                     labels: set[str]) -> None:
    state = _playout(preset, seed, **overrides)
    settled = GAME.settlement(state)
    got_items, got_labels = _codes(settled)
    assert items <= got_items and labels <= got_labels, (got_items, got_labels)
    _check_items(state, settled)


def test_the_s002_ci_example_itemised() -> None:
    """[S002]: A has 13 占牌 worth 7 points and a 6-point 刺 bonus; B (the last 掀er) pays
    (7+6)×2, C the points only; B's failed 掀 costs him 2."""
    state = play(start(rules("lanzhou"), *CI_HANDS), CI_SCRIPT)
    settled = GAME.settlement(state)
    mine = {(i.seat, i.code): i.value for i in settled.items}
    assert mine[(A, "zhan")] == 13 and mine[(A, "points")] == 7 and mine[(A, "ci")] == 6
    assert mine[(B, "zhan")] == 0 and mine[(C, "zhan")] == 0 and mine[(B, "xian")] >= 1
    plays = [(i.label.en, i.label.zh, i.value) for i in settled.items if i.code == "zhan_play"]
    assert sorted(plays) == [("5b 5r (好戏)", "黑5 红5（好戏）", 2)] * 2 + [
        ("9r 9r 9b (三张好牛)", "红9 红9 黑9（三张好牛）", 3)]  # the 7 points, play by play
    labels = {p.label.code: p.label for p in settled.payments}
    assert labels["ci_last_xian"].zh == "刺：最后掀者付双倍 (7+6)×2"
    assert labels["ci_last_xian"].en == "刺 (ci): the last 掀er pays double (7+6)×2"
    assert labels["win_no_ci"].zh == "牌分 7（不加刺）"  # as the breakdown names it
    # the breakdown's total says it is one (行子 2 under a single 2-行子 play read as the
    # same row twice — a terminal play-test)
    total = next(i for i in settled.items if i.code == "points")
    assert (total.label.zh, total.label.en) == ("牌分共计", "points in all")
    assert labels["win_no_ci"].en == "7 points (no 刺 bonus)"
    assert labels["xian"].zh == "掀了没够牌：掀一次赔被掀的一家"
    assert labels["xian"].en == "failed 掀: paid to the one 掀ed"
    assert labels["xian"].params["fee"] == 2  # the amount beside it, not said twice
    _check_items(state, settled)
    app = GAME.settlement(play(start(rules("lanzhou-app"), *CI_HANDS), CI_SCRIPT))
    assert _codes(app)[1] == {"app", "app_points"}
    own = next(p.label for p in app.payments if p.payer == B)  # B 掀ed A once
    # the 牌分 and the 刺 bonus apart, as the breakdown lists them (it said 牌分 13 beside
    # the breakdown's 牌分 7 and 刺牌加分 6)
    assert (own.zh, own.en) == ("牌分 7 + 刺 6 + 掀过他 1 次×2",
                                "7 points + 刺 (ci) bonus 6 + 1×2 for 掀ing the winner")
    plain = next(p.label for p in app.payments if p.payer == C)  # C never 掀ed A
    assert (plain.code, plain.zh, plain.en) == ("app_points", "牌分 7 + 刺 6",
                                                "7 points + 刺 (ci) bonus 6")


@pytest.mark.parametrize(("share", "code"), [("half", "wujiabao_half"),
                                             ("mirror", "wujiabao_mirror")])
def test_five_player_backers_are_labelled(share: str, code: str) -> None:
    r = rules("lanzhou", players=5, leader_fold_forfeits_xian=False, wujiabao_share=share)
    state = play(start(r, *EX3_HANDS), EX3_SCRIPT)
    settled = GAME.settlement(state)
    backers = [p for p in settled.payments if p.reason == "wujiabao"]
    assert backers and {p.label.code for p in backers} == {code}
    assert all(p.label.zh.startswith("五家抱") for p in backers)
    assert all(not ENGLISH_WORD.search(p.label.zh) for p in backers)
    _check_items(state, settled)


@pytest.mark.parametrize(("preset", "overrides"), [
    ("lanzhou", {}), ("lanzhou-app", {}), ("fengxiang", {}),
    ("fengxiang", {"xingzi_by": "aggregate"}), ("fengxiang", {"players": 4})])
def test_a_winners_scoring_plays_add_up_to_his_value(preset: str,
                                                     overrides: dict[str, Any]) -> None:
    """Over many random deals the itemised plays (and split 亮子, big hand pairs) of every
    winner add up to the value the payments are made from."""
    winners = 0
    for seed in range(60):
        state = _playout(preset, seed, **overrides)
        _check_items(state, GAME.settlement(state))
        winners += sum(state.table_count(p) >= state.rules.gou for p in state.active)
    assert winners >= 30, winners


@pytest.mark.parametrize("preset", ["lanzhou", "lanzhou-app", "fengxiang"])
def test_the_searchs_worth_is_the_settlements_money(preset: str) -> None:
    """``worth`` (the search's reward) skips the breakdown but pays the same: over random
    deals it equals the itemised settlement's deltas, which it never caches."""
    for seed in range(40):
        state = _playout(preset, seed)
        worth = GAME.worth(state)
        assert state._settlement is None  # nothing itemised for the reward
        assert worth == tuple(float(d) for d in GAME.settlement(state).deltas)
        assert GAME.worth(state) == worth  # from the cached settlement now


def test_chinese_text_says_the_poker_colours_as_words() -> None:
    """兰州's poker deck in Chinese: 红9 黑9 红5 黑5, not the notation's 9r 9b 5r 5b (a browser
    play-test read "扳到 9b" and "5b 5b 5r 3 3 3 3（喜包亮）" on a Chinese page). The notation,
    the params and the English keep 9r; the prompt takes both spellings."""
    from huapai.games.xianniu.cards import parse_counts, said_zh

    game = get_game("xianniu")
    rules = game.rules("lanzhou")
    play = game.parse_action(rules, "9r 9b")
    label = game.describe_action(rules, play).label
    assert label.zh.startswith("红9 黑9（") and label.en.startswith("9r 9b (")
    assert label.params["cards"] == "9r 9b"
    assert game.parse_action(rules, "红9 黑9") == game.parse_action(rules, "红九 黑九") == play
    assert parse_counts("红5 黑5") == parse_counts("5r 5b")
    assert said_zh("5b 5r A 10 K") == "黑5 红5 A 10 K" and said_zh("牛九 天") == "牛九 天"
    discard = game.describe_action(rules, game.parse_action(rules, "弃 9b")).label
    assert discard.zh == "弃 黑9" and discard.en == "throw 9b (弃)"


def test_no_winner_says_a_failed_xian_is_still_paid() -> None:
    """Nobody 够牌 but a 掀 failed: its payments stand, and the table-wide line said
    "不收不付" over them (a terminal play-test); where nothing is paid it still says so."""
    said: dict[bool, str] = {}
    for seed in range(400):
        state = _playout("lanzhou", seed)
        settled = GAME.settlement(state)
        line = [i for i in settled.items if i.code == "no_winner"]
        if not line:
            continue
        said[bool(settled.payments)] = line[0].label.zh
        if len(said) == 2:
            break
    assert said[True].endswith("只有掀了没够牌的照赔"), said
    assert said[False].endswith("不收不付"), said


def test_no_winner_under_the_apps_formula_says_nobody_pays() -> None:
    """The app's formula pays a 掀 only to a winner it 掀ed: with nobody 够牌 nothing is
    paid, and the line said 只有掀了没够牌的照赔 over everyone's 0 (a browser play-test)."""
    seen = 0
    for seed in range(300):
        state = _playout("lanzhou-app", seed)
        settled = GAME.settlement(state)
        line = [i for i in settled.items if i.code == "no_winner"]
        if not line or not any(x != leader for x, leader in state.xians):
            continue
        assert not settled.payments and line[0].label.zh.endswith("不收不付"), line[0].label
        seen += 1
    assert seen


def test_a_deal_nobody_xianed_says_so() -> None:
    """首轮无掀 said 没有人占够 6 张 — true, but not why (a phone play-test)."""
    for seed in range(300):
        state = _playout("fengxiang", seed)
        if state.end == "all_declined" and not any(state.table_count(p) for p in state.active):
            line = [i for i in GAME.settlement(state).items if i.code == "no_winner"]
            assert line and line[0].label.zh == "首轮无人掀：本局不收不付", line
            return
    raise AssertionError("no deal ended 首轮无掀")
