"""The 双别杆 state machine (zipai.md §A4–A6, seed 003 §2): deal, 请统, 紮 / 开泛 from 牌底,
the claim window (胡 > 招 > 对, the 下家 first), 对 and its limit, 过胡, 黄庄, jokers.

Seats: 庄家 is seat 0 (Z), 二家 seat 1 (E, the dealer's 下家), 末家 seat 2 (M), unless a
test says otherwise. The helpers here are shared by the other 双别杆 engine tests.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from huapai.core.protocol import Event, IllegalAction
from huapai.core.registry import get_game
from huapai.games.biegan.cards import parse_cards
from huapai.games.biegan.rules import BieganRules
from huapai.games.biegan.state import AFTER_DUI, OVER, QINGTONG, TURN, WINDOW, State
from huapai.games.biegan.turn import build_deal

GAME: Any = get_game("biegan")
Z, E, M = 0, 1, 2

# A 17-胡 hand waiting on 二 (the 听头 pair): 三三三 as 主精 10, 人人人 2, 知知知 2,
# 十十十 1, 上大人 1, 可知礼 1, 孔乙己 0, 八九子 0.
HAND17 = "三三三上大人可知礼人人人知知知孔乙己八九子十十十二"


def rules(preset: str = "gongan", **overrides: Any) -> BieganRules:
    made: BieganRules = GAME.rules(preset, **overrides)
    return made


def start(r: BieganRules, zhuang: str = "", erjia: str = "", mojia: str = "", *,
          top: str = "", bottom: str = "", seed: int = 0) -> State:
    """A deal with dealer 0: the named cards in each hand, the rest shuffled by ``seed``."""
    hands = [parse_cards(h, check_counts=False) for h in (zhuang, erjia, mojia)]
    deal = build_deal(r, hands, top=parse_cards(top, check_counts=False),
                      bottom=parse_cards(bottom, check_counts=False), seed=seed)
    state: State = GAME.new_game(r, deal=deal, dealer=0)
    return state


def legal_text(state: State, seat: int) -> list[str]:
    return [GAME.format_action(state.rules, a) for a in GAME.legal_actions(state, seat)]


def act(state: State, seat: int, text: str) -> tuple[State, list[Event]]:
    action = GAME.parse_action(state.rules, text)
    assert action in GAME.legal_actions(state, seat), (seat, text, legal_text(state, seat))
    new, events = GAME.apply(state, seat, action)
    GAME.check_invariants(new)
    return new, events


def play(state: State, moves: Sequence[tuple[int, str]]) -> State:
    for seat, text in moves:
        state, _ = act(state, seat, text)
    return state


def kinds(events: Sequence[Event]) -> list[tuple[str, int | None]]:
    return [(e.kind, e.seat) for e in events]


def passes(discarder: int) -> list[tuple[int, str]]:
    """Both other seats let a discard go (the 下家 first)."""
    return [((discarder + 1) % 3, "过"), ((discarder + 2) % 3, "过")]


def qingtong_pass() -> list[tuple[int, str]]:
    return [(M, "过"), (E, "过")]


def illegal(state: State, seat: int, action: int | str) -> str:
    """The code of a refused action; checks that nothing changed."""
    before = GAME.omniscient(state)
    number = GAME.parse_action(state.rules, action) if isinstance(action, str) else action
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, seat, number)
    assert GAME.omniscient(state) == before
    assert info.value.message
    code: str = info.value.code
    return code


def run_until(state: State, policy: Callable[[State, int, list[str]], str]) -> State:
    """Play until the deal ends, each seat answering with ``policy``."""
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        state, _ = act(state, seat, policy(state, seat, legal_text(state, seat)))
    return state


def passive(state: State, seat: int, texts: list[str]) -> str:
    """Never claims, never wins, never 紮: passes, or throws the card just drawn."""
    if "过" in texts:
        return "过"
    if state.drawn is not None:
        return "打 " + str(GAME.observe(state, seat)["drawn"])
    return next(t for t in texts if t.startswith("打"))


# ------------------------------------------------------------------------- the deal
def test_deal_sizes_and_stock() -> None:
    """[S] 莊家起26張, others 25; 112 − 76 = 36 cards in the stock (A4)."""
    state = GAME.new_game(rules(), seed=5, dealer=1)
    assert [sum(h) for h in state.hands] == [25, 26, 25]
    assert state.stock == 36 and state.dealer == 1
    one_joker = GAME.new_game(rules("danbiegan"), seed=5)
    assert one_joker.stock == 35 and len(one_joker.deal) == 111


def test_deal_notation_round_trips_and_names_errors() -> None:
    r = rules()
    state = GAME.new_game(r, seed=9)
    text = GAME.format_deal(r, state.deal)
    assert text.count("|") == 3 and GAME.parse_deal(r, text) == state.deal
    with pytest.raises(ValueError, match="112 cards"):
        GAME.parse_deal(r, text[:-1])
    with pytest.raises(ValueError, match="'X'"):
        GAME.parse_deal(r, "X" + text)


# --------------------------------------------------------------------------- 请统
def test_qingtong_order_mojia_erjia_then_dealer_without_a_draw() -> None:
    """[S] 末家先紮，二家次紮，莊家最後紮; the dealer then discards without drawing."""
    state = start(rules(), erjia="上上上上", mojia="大大大大", bottom="人孔")
    assert (state.phase, GAME.to_act(state)) == (QINGTONG, (M,))
    assert legal_text(state, M) == ["过", "紮 大"]
    state, events = act(state, M, "紮 大")
    assert kinds(events) == [("zha", M), ("drew", M)]
    assert events[1].to_json()["card"] == "人" and events[1].to_json()["source"] == "bottom"
    assert GAME.to_act(state) == (M,) and state.stock == 35
    state = play(state, [(M, "过")])
    assert GAME.to_act(state) == (E,)
    state, events = act(state, E, "紮 上")
    assert events[1].to_json()["card"] == "孔"
    state = play(state, [(E, "过")])
    assert (state.phase, GAME.to_act(state), state.drawn) == (TURN, (Z,), None)
    assert sum(state.hands[Z]) == 26 and state.stock == 34


def test_qingtong_zha_is_face_down_to_the_others() -> None:
    """紮 is like a concealed kong (暗杠 [S]): others see a 紮 and a draw, not the cards."""
    state = start(rules(), mojia="大大大大", bottom="人")
    _, events = act(state, M, "紮 大")
    zha, drew = events
    assert zha.private and drew.private
    assert zha.for_viewer(Z).to_json()["cards"] is None
    assert drew.for_viewer(E).to_json()["card"] is None
    assert zha.for_viewer(M).to_json()["cards"] == "大大大大"
    state = play(state, [(M, "紮 大")])
    assert GAME.observe(state, Z)["melds"][M][0]["cards"] is None
    assert GAME.observe(state, M)["melds"][M][0]["cards"] == "大大大大"
    shown = start(rules(zha_shown=True), mojia="大大大大", bottom="人")
    _, events = act(shown, M, "紮 大")
    assert not events[0].private


@pytest.mark.parametrize(("chain", "offered"), [(True, True), (False, False)])
def test_a_replacement_making_another_four_at_qingtong(chain: bool, offered: bool) -> None:
    """A4 [P] chained 紮: the replacement 人 makes a second four in the same pass."""
    state = start(rules(chain_qingtong=chain), mojia="大大大大人人人", bottom="人")
    state = play(state, [(M, "紮 大")])
    assert ("紮 人" in legal_text(state, M)) is offered


def test_every_seat_is_asked_at_qingtong_even_without_a_four() -> None:
    """ask="always": being asked tells nobody what a seat holds; "eligible" skips it."""
    state = start(rules(), erjia="上上上上", seed=3)
    assert GAME.to_act(state) == (M,) and legal_text(state, M) == ["过"]
    quick = start(rules(ask="eligible"), erjia="上上上上", seed=3)
    assert GAME.to_act(quick) == (E,)


@pytest.mark.parametrize(("late", "offered"), [(True, True), (False, False)])
def test_a_four_kept_past_qingtong_may_be_zha_later(late: bool, offered: bool) -> None:
    """G12 [P]: four 上 not declared at 请统 may be 紮'd on one's own turn (late_zha)."""
    state = start(rules(late_zha=late), zhuang="化", erjia="上上上上", top="士")
    state = play(state, [*qingtong_pass(), (Z, "打 化"), *passes(Z)])
    assert (state.phase, state.turn) == (TURN, E)
    assert ("紮 上" in legal_text(state, E)) is offered
    if not offered:
        assert illegal(state, E, "紮 上") == "zha_late"


# ------------------------------------------------------------------------ the window
def _dui_window(**overrides: Any) -> State:
    """The dealer throws a 七 that both others could 对 (5 copies: 1 + 2 + 2)."""
    state = start(rules(**overrides), zhuang="七", erjia="七七", mojia="七*七*")
    return play(state, [*qingtong_pass(), (Z, "打 七")])


def test_both_seats_answer_a_discard_at_once() -> None:
    state = _dui_window()
    assert (state.phase, GAME.to_act(state)) == (WINDOW, (E, M))
    assert legal_text(state, E) == ["过", "对"] and legal_text(state, M) == ["过", "对"]


@pytest.mark.parametrize("order", [(E, M), (M, E)])
def test_dui_priority_goes_to_the_discarders_xiajia(order: tuple[int, int]) -> None:
    """[S] 如是下家打出，必須等上家說“不對”之後才可“對”: when both want it, the 下家 gets it,
    whatever order the answers come in."""
    state = _dui_window()
    first, second = order
    state, events = act(state, first, "对")
    assert GAME.to_act(state) == (second,) and kinds(events) == [("answered", first)]
    assert events[0].for_viewer(second).to_json()["answer"] is None
    state, events = act(state, second, "对")
    assert ("claimed", E) in kinds(events)
    assert (state.phase, state.turn, state.duis) == (AFTER_DUI, E, [0, 1, 0])
    assert [h.meld.kind for h in state.melds[E]] == ["对"] and state.melds[E][0].source == Z
    assert legal_text(state, E) == [t for t in legal_text(state, E) if t.startswith("打")]


def test_the_other_seat_may_dui_after_the_xiajia_says_budui() -> None:
    state = play(_dui_window(), [(E, "不对"), (M, "对")])
    assert (state.phase, state.turn) == (AFTER_DUI, M)
    discard = next(t for t in legal_text(state, M) if t.startswith("打"))
    state = play(state, [(M, discard)])
    assert GAME.to_act(state) == (Z, E)  # play goes on from the claimant's 下家
    state = play(state, passes(M))
    assert (state.phase, state.turn) == (TURN, Z) and state.drawn is not None


def test_after_dui_only_a_discard() -> None:
    state = play(_dui_window(), [(E, "对"), (M, "过")])
    texts = legal_text(state, E)
    assert texts and all(t.startswith("打") for t in texts)
    assert illegal(state, E, "过") == "must_discard"
    assert illegal(state, E, "胡") == "after_dui"


def test_zhao_after_a_kan_draws_from_paimian() -> None:
    """[S] 招: a 坎 in hand and another's discard → exposed four, then a card from 牌面."""
    state = start(rules(), zhuang="三*", mojia="三三三", top="士")
    state = play(state, [*qingtong_pass(), (Z, "打 三*")])
    assert legal_text(state, M) == ["过", "招", "对"]
    state, events = act(state, E, "过")
    state, events = act(state, M, "招")
    assert kinds(events)[-2:] == [("claimed", M), ("drew", M)]
    assert events[-1].to_json()["source"] == "top" and events[-1].to_json()["card"] == "士"
    assert (state.phase, state.turn, state.melds[M][0].meld.kind) == (TURN, M, "招")
    assert state.melds[M][0].meld.cards == parse_cards("三三三三*")


def test_hu_beats_the_xiajias_dui() -> None:
    """G9 [P] 胡 > 招 > 对: the 末家's 胡 beats the 二家's 对 of the same card, though the
    二家 comes first in turn order. (招 and 对 never meet: 1 + 3 + 2 > 5 copies.)"""
    state = start(rules(), zhuang="二", erjia="二二", mojia=HAND17)
    state = play(state, [*qingtong_pass(), (Z, "打 二"), (E, "对")])
    assert GAME.to_act(state) == (M,)
    state, events = act(state, M, "胡")
    assert ("won", M) in kinds(events) and [w.seat for w in state.wins] == [M]
    assert state.melds[E] == ()


def test_a_dui_face_can_never_be_zhao_zha_or_fan() -> None:
    """[S] “對”過的牌不能再招; G13 [P]: nor 紮 / 开泛 — the 对 is frozen."""
    state = start(rules(), zhuang="十", erjia="十十", top="士千十")
    state = play(state, [*qingtong_pass(), (Z, "打 十"), (E, "对"), (M, "过")])
    state = play(state, [(E, next(t for t in legal_text(state, E) if t != "打 十"))])
    state = play(state, passes(E))
    assert state.turn == M
    thrown = next(t for t in legal_text(state, M) if t.startswith("打") and "十" not in t)
    state = play(state, [(M, thrown), *passes(M)])
    state = play(state, [(Z, "打 " + GAME.observe(state, Z)["drawn"]), *passes(Z)])
    assert state.turn == E and GAME.observe(state, E)["drawn"] == "十"
    assert "开泛 十" not in legal_text(state, E) and "紮 十" not in legal_text(state, E)
    assert illegal(state, E, "开泛 十") == "no_kaifan"


def test_two_jokers_do_not_make_a_dui_face_a_zha() -> None:
    """G13 with G8: after 对 七 the two naturals left and two 赖子 are four, yet no 紮 七
    (the engine offered it until 2026-12-05); 紮 三 from the same 赖子 still is."""
    state = start(rules(), zhuang="七*", erjia="七七七赖赖三三士", top="士千七*")
    state = play(state, [*qingtong_pass(), (Z, "打 七*"), (E, "对"), (M, "过")])
    state = play(state, [(E, "打 士"), *passes(E)])
    thrown = next(t for t in legal_text(state, M) if t.startswith("打") and "七" not in t)
    state = play(state, [(M, thrown), *passes(M)])
    state = play(state, [(Z, "打 " + GAME.observe(state, Z)["drawn"]), *passes(Z)])
    assert GAME.observe(state, E)["drawn"] == "七*"
    assert "紮 七" not in legal_text(state, E) and "紮 三" in legal_text(state, E)
    assert illegal(state, E, "紮 七") == "dui_frozen"


def test_kaifan_on_a_zha_takes_a_replacement_from_paidi() -> None:
    """[S] 开泛: a 紮 and the fifth drawn → 泛, and one more card from 牌底."""
    state = start(rules(zha_shown=True), zhuang="化", mojia="大大大大", top="士大",
                  bottom="人孔")
    state = play(state, [(M, "紮 大"), (M, "过"), (E, "过"), (Z, "打 化"), *passes(Z)])
    state = play(state, [(E, "打 士"), *passes(E)])
    assert GAME.observe(state, M)["drawn"] == "大" and "开泛 大" in legal_text(state, M)
    state, events = act(state, M, "开泛 大")
    assert kinds(events) == [("kaifan", M), ("drew", M)]
    assert events[1].to_json() == {"kind": "drew", "seat": M, "card": "孔", "source": "bottom"}
    assert state.melds[M][0].meld.kind == "泛" and len(state.melds[M][0].meld.cards) == 5


def test_fan_from_a_discard_is_an_option() -> None:
    """G14: the seed has 开泛 only from a drawn card; fan_from_discard allows it (R3, R5)."""
    for flag in (False, True):
        state = start(rules(fan_from_discard=flag, zha_shown=True), zhuang="大",
                      mojia="大大大大", bottom="人")
        state = play(state, [(M, "紮 大"), (M, "过"), (E, "过"), (Z, "打 大")])
        assert ("泛" in legal_text(state, M)) is flag
        if flag:
            state = play(state, [(E, "过"), (M, "泛")])
            assert state.melds[M][0].meld.kind == "泛" and state.turn == M
        else:
            assert illegal(state, M, "泛") == "no_fan_rule"


def test_a_discarded_joker_can_only_be_claimed_for_hu() -> None:
    """A5 [P]: jokers are never in 对 / 招."""
    state = start(rules(), zhuang="赖", erjia="赖", seed=2)
    state = play(state, [*qingtong_pass(), (Z, "打 赖")])
    assert legal_text(state, E) in (["过"], ["过", "胡"])
    assert illegal(state, E, "对") == "joker_claim"


def test_joker_completes_a_zha_of_jing() -> None:
    """G8 [P]: a 赖子 may be the fourth card of a 紮 of 三 / 五 / 七 (jokers_in_zha)."""
    state = start(rules(), zhuang="七*七*", mojia="七七七赖")
    assert "紮 七" in legal_text(state, M)
    state = play(state, [(M, "紮 七")])
    assert state.melds[M][0].meld.cards == parse_cards("七七七赖")
    plain = start(rules(jokers_in_zha=False), zhuang="七*七*", mojia="七七七赖")
    assert "紮 七" not in legal_text(plain, M)


# ----------------------------------------------------------------------------- 过胡
def test_guohu_until_the_seats_own_next_draw() -> None:
    """G15 [P] 过胡: 二家 lets a winning 二 go; he may not win on the dealer's 二 next, but
    may again after his own draw."""
    r = rules()
    state = start(r, zhuang="化二", erjia=HAND17, mojia="二二", top="士千五四士")
    state = play(state, [*qingtong_pass(), (Z, "打 化"), *passes(Z)])
    state = play(state, [(E, "打 士"), *passes(E), (M, "打 二")])
    assert "胡" in legal_text(state, E)
    state = play(state, [(Z, "过"), (E, "过")])
    assert GAME.observe(state, E)["guohu"] is True
    state = play(state, [(Z, "打 二")])
    assert "胡" not in legal_text(state, E)
    assert illegal(state, E, "胡") == "guohu"
    state = play(state, [(E, "过"), (M, "过")])
    assert GAME.observe(state, E)["guohu"] is False  # he drew: the 过胡 is over
    state = play(state, [(E, "打 四"), *passes(E), (M, "打 二")])
    assert "胡" in legal_text(state, E)
    lax = play(start(rules(guohu=False), zhuang="化二", erjia=HAND17, mojia="二二",
                     top="士千五四士"),
               [*qingtong_pass(), (Z, "打 化"), *passes(Z), (E, "打 士"), *passes(E),
                (M, "打 二"), (Z, "过"), (E, "过"), (Z, "打 二")])
    assert "胡" in legal_text(lax, E)


# ----------------------------------------------------------------------------- 黄庄
@pytest.mark.parametrize(("rule", "next_dealer"), [("stay", Z), ("next", E)])
def test_huangzhuang_when_the_stock_runs_out(rule: str, next_dealer: int) -> None:
    """G2 / G16 [P]: nobody wins before the stock is gone → 黄庄, nothing paid."""
    state = run_until(GAME.new_game(rules(huang_dealer=rule), seed=4), passive)
    assert (state.phase, state.end, state.stock) == (OVER, "huang", 0)
    settlement = GAME.settlement(state)
    assert settlement.deltas == (0, 0, 0) and settlement.payments == ()
    assert GAME.next_dealer(state) == next_dealer


def test_an_empty_paidi_on_a_zha_is_huang() -> None:
    """G16 [P]: the dealer draws the last card (the 36th draw) and 紮s: no replacement."""
    state = start(rules(), zhuang="上上上上", seed=8)
    state = play(state, qingtong_pass())

    def policy(s: State, seat: int, texts: list[str]) -> str:
        if s.stock == 0 and "紮 上" in texts:
            return "紮 上"
        if s.drawn is None and s.phase == TURN:
            return next(t for t in texts if t.startswith("打") and "上" not in t)
        return passive(s, seat, texts)

    state = run_until(state, policy)
    assert state.end == "huang" and state.melds[Z][0].meld.kind == "紮"


# ---------------------------------------------------------------------- refusals
def test_illegal_actions_have_stable_codes_and_change_nothing() -> None:
    state = _dui_window()
    assert illegal(state, Z, "过") == "not_your_turn"
    assert illegal(state, E, "打 七") == "must_answer"
    assert illegal(state, E, "招") == "no_kan"
    assert illegal(state, E, 999) == "unknown_action"
    assert illegal(state, 5, "过") == "bad_seat"
    assert illegal(state, E, "胡") == "cannot_hu"
    state = play(state, [(E, "过")])
    assert illegal(state, E, "过") == "not_your_turn"
    fresh = start(rules(), mojia="大大大大")
    assert illegal(fresh, M, "打 大") == "qingtong"
    assert illegal(fresh, M, "紮 上") == "no_four"
    turn = play(fresh, [(M, "过"), (E, "过")])
    assert illegal(turn, Z, "对") == "no_discard_to_claim"


def test_dui_over_the_limit_is_forbidden_by_option() -> None:
    """[S] 限对 2: by default a third 对 is allowed (and makes the seat liable, 包);
    dui_over_limit="forbid" refuses it."""
    state = _dui_window(dui_over_limit="forbid")
    state.duis[E] = 2  # as if two 对 were made earlier this deal
    state._legal = None
    assert legal_text(state, E) == ["过"]
    assert illegal(state, E, "对") == "dui_limit"


def test_the_deal_is_over_after_a_win() -> None:
    state = start(rules(), zhuang="二", erjia=HAND17)
    state = play(state, [*qingtong_pass(), (Z, "打 二"), (E, "胡"), (M, "过")])
    assert GAME.is_over(state) and GAME.to_act(state) == ()
    assert illegal(state, Z, "过") == "game_over"
    assert GAME.legal_actions(state, Z) == []
