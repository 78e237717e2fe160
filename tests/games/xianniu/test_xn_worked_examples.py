"""The worked examples of the seeds and the rules reference, played through the engine.

Each deal is explicit (three 16-card hands, 头家 A = seat 0, 二家 B = seat 1, 底家 C =
seat 2) and every action is scripted, so the engine's own legality decides each step and
the settlement is the engine's. Sources: [S002] seed 002 (砍牛腿 entry), reference
``shared/rules/xianniu.md`` §4.2 (兰州掀牛 examples 1–6) and §4.4 (凤翔 example).
"""

from __future__ import annotations

from typing import Any

from xn_deals import CI_HANDS, CI_SCRIPT, EX3_HANDS, EX3_SCRIPT, JIN_HANDS, TRICK_HANDS
from xn_support import GAME, A, B, C, act, legal_text, play, rules, start, table_counts

from huapai.games.xianniu.scoring import niu_xi_points
from huapai.games.xianniu.state import DECLARE, JINPAI, State

# --------------------------------------------------------------------------------------
# [S002] 刺 example / reference §4.2 example 4: B last 掀ed A; A reaches 13 占牌 with three
# 9s and four 5s (999 and two red-black 55). B pays (3 + 4 + 6) × 2 = 26, C pays 3 + 4 = 7.


def _payments(state: State) -> list[tuple[int, int, int, str]]:
    out = []
    for p in GAME.settlement(state).payments:
        out.append((p.payer, p.payee, p.amount, p.reason))
    return out


def test_s002_ci_example_last_xianer_pays_26_other_pays_7() -> None:
    """[S002] 砍牛腿 计分 4: “B玩家须向A玩家支付（3+4+6）x2=26点。此时玩家C只向A付…3+4=7点”."""
    state = play(start(rules("lanzhou"), *CI_HANDS), CI_SCRIPT)
    assert state.end == "all_declined"
    assert table_counts(state) == [13, 0, 0]
    pays = _payments(state)
    assert (B, A, 26, "ci_last_xian") in pays
    assert (C, A, 7, "win") in pays


def test_s002_ci_example_xian_fee_on_top() -> None:
    """Reference §4.2 ex. 4: A +33 plus the 2-point 掀 fee B owes (B ends below 6)."""
    state = play(start(rules("lanzhou"), *CI_HANDS), CI_SCRIPT)
    assert (B, A, 2, "xian") in _payments(state)
    assert GAME.settlement(state).deltas == (35, -28, -7)


def test_s002_ci_example_under_app_formula() -> None:
    """[S002] app formula, 赢家有刺: 赢家加分 = (刺 6 + 牛 3 + 喜 4) × 2 输家 + 掀 1 × 2 = 28;
    输家减分 = 刺牌减分 + 牛牌减分 + 喜牌减分 + 掀牌减分: B, who 掀ed A once, pays 13 + 2, C 13."""
    state = play(start(rules("lanzhou-app"), *CI_HANDS), CI_SCRIPT)
    assert GAME.settlement(state).deltas == (28, -15, -13)
    assert [(p.payer, p.amount) for p in GAME.settlement(state).payments] == [(B, 15), (C, 13)]


# --------------------------------------------------------------------------------------
# Reference §4.2 examples 1 and 2, one deal: A leads 33; B must beat with 77 or KK (66 is
# only equal); C beats 77 with 88; then C leads red-black 55 (nobody may answer), B gets
# the lead and leads A+2+3 (鱼), and C must answer with K+10+8 (摆).


def _after_33_77(state: State | None = None) -> State:
    state = state or start(rules("lanzhou"), *TRICK_HANDS)
    return play(state, [(A, "3 3"), (B, "7 7")])


def test_ref_4_2_ex1_follower_must_beat_and_66_is_only_equal() -> None:
    """§4.2 ex. 1 / [S002] “多张的6和3同等大”: over 33, B may play 77 or KK, not 66."""
    state = play(start(rules("lanzhou"), *TRICK_HANDS), [(A, "3 3")])
    assert legal_text(state, B) == ["7 7", "K K"]


def test_ref_4_2_ex1_one_round_then_c_takes_88() -> None:
    """§4.2 ex. 1 / [S002] “牌不能超过一圈”: C's 88 ends the trick, A gets no second turn."""
    state = _after_33_77()
    assert "8 8" in legal_text(state, C) and "9r 9b" in legal_text(state, C)
    state, events = act(state, C, "8 8")
    assert [e.kind for e in events] == ["played", "trick_won"]
    assert table_counts(state) == [0, 0, 2]
    assert GAME.omniscient(state)["waste"] == "3 3 7 7"
    assert (state.phase, state.leader, GAME.to_act(state)) == (DECLARE, C, (C,))


def test_ref_4_2_ex2_xi_pair_cannot_be_answered() -> None:
    """§4.2 ex. 2 / [S002] “喜牌不能吃人，但是也不能被吃”: C's rb 55 takes 2 more, 2 points."""
    state, _ = act(_after_33_77(), C, "8 8")
    state, events = act(state, C, "5r 5b")
    assert [e.kind for e in events] == ["played", "passed", "passed", "trick_won"]
    assert table_counts(state) == [0, 0, 4]
    assert sum(niu_xi_points(state.cat.combos[c]) for c in state.table[C]) == 2


def test_ref_4_2_ex2_bai_must_answer_fish_and_stands() -> None:
    """§4.2 ex. 2 / [S002] “摆能吃鱼”, 有吃必吃: over B's A+2+3, C's only play is K+10+8."""
    state, _ = act(_after_33_77(), C, "8 8")
    state = play(state, [(C, "5r 5b"), (C, "2"), (A, "6"), (B, "K"), (B, "A 2 3")])
    assert legal_text(state, C) == ["8 10 K"]
    state, events = act(state, C, "8 10 K")
    assert events[-1].kind == "trick_won" and events[-2].kind == "passed"
    assert table_counts(state) == [0, 1, 7]


# --------------------------------------------------------------------------------------
# Reference §4.2 example 3: A 8 (rb 99, 8888, QQ), B 6 (555, 777), C 2; C 掀ed A twice,
# B 掀ed C once → A +8, B +3, C −11. Under the 砍牛腿 text's strict 扣了 rule (every 扣,
# the leader's too, loses the 掀 right) this 掀 log cannot happen: B's 掀 on C needs C to
# have 扣ed first, and C's 掀es on A need B to have 扣ed first. So the deal is played with
# the [CPP] reading of G7 (a leader's own 扣 keeps the right), a named rule option.


def _ex3(**overrides: Any) -> State:
    r = rules("lanzhou", leader_fold_forfeits_xian=False, **overrides)
    return play(start(r, *EX3_HANDS), EX3_SCRIPT)


def test_ref_4_2_ex3_settlement_without_ci() -> None:
    """§4.2 ex. 3 / [S002] 计分: A 2 + 2 = 4 and two 掀 fees, B 3 (555), C pays all: +8 +3 −11."""
    state = _ex3()
    assert state.end == "table_full"
    assert table_counts(state) == [8, 6, 2]
    assert state.xians == ((B, C), (C, A), (C, A))
    assert sorted(_payments(state)) == sorted([
        (C, A, 4, "win"), (C, B, 3, "win"), (C, A, 2, "xian"), (C, A, 2, "xian"),
    ])
    assert GAME.settlement(state).deltas == (8, 3, -11)


def test_ref_4_2_ex3_app_formula_agrees() -> None:
    """§4.2 ex. 3, [S002] app formula: A = (亮 2 + 牛 2) × 1 + 2 × 2 = 8, B = 3 × 1 = 3."""
    assert GAME.settlement(_ex3(scoring="app")).deltas == (8, 3, -11)


def test_ref_4_2_ex3_cannot_happen_under_strict_kou_rule() -> None:
    """G7 [S002]: with the leader's 扣 also costing the right, C may not 掀 after 扣ing."""
    state = start(rules("lanzhou"), *EX3_HANDS)
    state = play(state, EX3_SCRIPT[:8])
    assert state.lost_xian >> C & 1
    state = play(state, EX3_SCRIPT[8:11])
    state, events = act(state, B, "扣了")
    assert GAME.is_over(state)
    assert [(e.kind, e.seat) for e in events][-2:] == [("declined", C), ("deal_ended", None)]


# --------------------------------------------------------------------------------------
def test_ref_4_2_ex5_nobody_reaches_six_xian_fee_stands() -> None:
    """§4.2 ex. 5 / [S002] “三方都没有打够6张的牌局，掀牌的点数仍然有效”: B pays A 2."""
    hands = (
        "K K K Q Q 2 2 2 2 A A 3 5b 6 J 10",
        "7 7 7 7 3 3 3 9r 9r 5r 6 J 10 A Q 8",
        "A 5b 5r 6 6 8 8 8 9b 9b J J 10 10 Q K",
    )
    script = [
        (A, "扣了"), (B, "掀"), (A, "K K K"), (A, "Q Q"),
        (A, "2 2 2 2"), (B, "7 7 7 7"), (B, "3 3 3"), (C, "8 8 8"),
        (C, "扣了"), (B, "扣了"),          # A lost its right at its first 扣: auto
    ]
    state = play(start(rules("lanzhou"), *hands), script)
    assert state.end == "all_declined"
    assert table_counts(state) == [5, 4, 3]
    assert _payments(state) == [(B, A, 2, "xian")]
    assert GAME.settlement(state).deltas == (2, -2, 0)


# --------------------------------------------------------------------------------------


def _table_nine() -> State:
    return play(start(rules("lanzhou"), *JIN_HANDS),
                [(A, "K K K K"), (A, "Q Q Q"), (A, "5r 5b")])


def test_ref_4_2_ex6_jinpai_only_over_eight() -> None:
    """[S002] “当桌面上留下的牌超过8张时，出牌方可以要求紧牌”: not at 7, yes at 9."""
    seven = play(start(rules("lanzhou"), *JIN_HANDS), [(A, "K K K K"), (A, "Q Q Q")])
    assert "紧牌" not in legal_text(seven, A)
    assert "紧牌" in legal_text(_table_nine(), A)


def test_ref_4_2_ex6_jinpai_discards_down_to_seven() -> None:
    """§4.2 ex. 6 / [S002] “桌面上现有9张牌…每人手中留有的牌最多只能有16-9=7张”."""
    state, events = act(_table_nine(), A, "紧牌")
    assert state.phase == JINPAI and events[0].kind == "jinpai"
    assert GAME.to_act(state) == (B,)  # A already holds 7
    while state.phase == JINPAI:
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert [sum(state.hands[p]) for p in (A, B, C)] == [7, 7, 7]
    assert (state.phase, GAME.to_act(state)) == (DECLARE, (A,))
    assert "紧牌" not in legal_text(state, A)
    assert GAME.observe(state, A)["table_total"] == 9


def test_ref_4_2_ex6_discards_stay_hidden() -> None:
    """Hidden information: a 紧牌 discard is face down; others see only how many went."""
    state, _ = act(_table_nine(), A, "紧牌")
    state, events = GAME.apply(state, B, GAME.legal_actions(state, B)[0])
    shown = events[0].for_viewer(C).to_json()
    assert shown["card"] is None and events[0].for_viewer(B).to_json()["card"] == "A"
    assert GAME.observe(state, C)["discard_counts"][B] == 1
    assert "my_discards" in GAME.observe(state, B)
    assert GAME.observe(state, B)["my_discards"] == "A"
    assert GAME.observe(state, C)["my_discards"] == ""


# --------------------------------------------------------------------------------------
def test_ref_4_4_fengxiang_example_c_pays_a_7_b_0() -> None:
    """§4.4 凤翔 example: A 9 (好牛 2 + 锤七亮子 4 + 鱼 0), B 6 (虎鞍, 天鞍), C 1; C 掀 A once."""
    hands = (
        "牛九 牛八 锤七 锤七 锤七 锤七 地眼 板凳 串六 红十 红十 红十 锤六 锤六 梅十 红八",
        "虎 虎 虎 天 天 天 地眼 地眼 地眼 板凳 板凳 串六 梅十 梅十 梅十 小戏",
        "小戏 大戏 大戏 板凳 锤六 锤六 串六 串六 红八 红八 红八 牛九 牛八 红十 虎 天",
    )
    script = [
        (A, "不掀"), (B, "不掀"), (C, "掀"),
        (A, "牛九 牛八"), (A, "锤七 锤七 锤七 锤七"), (A, "地眼 板凳 串六"),
        (A, "红十 红十 红十"), (B, "虎 虎 虎"),
        (B, "天 天 天"), (B, "地眼"), (C, "天"),
    ]
    state = play(start(rules("fengxiang"), *hands), script)
    assert state.end == "table_full"
    assert table_counts(state) == [9, 6, 1]
    assert sorted(_payments(state)) == [(C, A, 1, "xian"), (C, A, 6, "win")]
    assert GAME.settlement(state).deltas == (7, 0, -7)
    # the line's amount is the 6: its reason names what it is, not the 6 again (a play-test
    # read "Alice → Bot C 5 5 xingzi")
    win = next(p.label for p in GAME.settlement(state).payments if p.reason == "win")
    assert (win.zh, win.en, win.params["value"]) == ("赢家的行子", "the winner's xingzi", 6)
