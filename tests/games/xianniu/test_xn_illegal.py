"""Every IllegalAction code of the 掀牛 engine, each provoked once, with the state unchanged.

``rejected`` (xn_support) compares the omniscient view and every seat's legal actions
before and after, so “changes nothing” is checked, not assumed. The codes come from
``flow.explain`` and ``flow.new_state``.
"""

from __future__ import annotations

import random

import pytest
from xn_deals import CAP_HANDS, CAP_SCRIPT, CI_HANDS, CI_SCRIPT, JIN_HANDS, TRICK_HANDS
from xn_support import GAME, A, B, action_id, play, random_playout, rejected, rules, start

from huapai.core.protocol import IllegalAction
from huapai.games.xianniu.cards import said_zh
from huapai.games.xianniu.state import DECLINE, DISCARD0, JIN, XIAN, State

L = rules("lanzhou")


def _fresh() -> State:
    return start(L, *CI_HANDS)


def _jinpai() -> State:
    state = play(start(L, *JIN_HANDS), [(A, "K K K K"), (A, "Q Q Q"), (A, "5r 5b"), (A, "紧牌")])
    assert GAME.to_act(state) == (B,)
    return state


def _following() -> State:
    return play(start(L, *TRICK_HANDS), [(A, "3 3")])


def _code(state: State, seat: int, action: int) -> str:
    return rejected(state, seat, action).code


def test_code_game_over() -> None:
    state = play(_fresh(), CI_SCRIPT)
    assert _code(state, A, DECLINE) == "game_over"


def test_code_not_your_turn() -> None:
    assert _code(_fresh(), B, DECLINE) == "not_your_turn"


@pytest.mark.parametrize("seat", [7, -1, True, "0"])
def test_code_bad_seat(seat: object) -> None:
    """A seat the table lacks is bad_seat, as the other families say it (it was
    not_your_turn, and a researcher took 99 for a seat waiting its turn)."""
    assert _code(_fresh(), seat, DECLINE) == "bad_seat"  # type: ignore[arg-type]


@pytest.mark.parametrize("action", ["x", 1.0, None])
def test_an_action_of_the_wrong_kind_is_unknown(action: object) -> None:
    assert _code(_fresh(), A, action) == "unknown_action"  # type: ignore[arg-type]


@pytest.mark.parametrize("action", [-1, 123, 10_000])
def test_code_unknown_action(action: int) -> None:
    assert _code(_fresh(), A, action) == "unknown_action"


def test_code_must_discard() -> None:
    """紧牌 [S002]: during the discard round only discards are accepted."""
    state = _jinpai()
    assert _code(state, B, action_id(state, "Q")) == "must_discard"
    assert _code(state, B, DECLINE) == "must_discard"


def test_code_not_leader() -> None:
    """[S000] “仍由甲出牌”: a 二家 answering the declaration may 掀 or decline, not play."""
    state = play(_fresh(), [(A, "扣了")])
    assert _code(state, B, action_id(state, "K")) == "not_leader"


def test_no_jinpai_where_the_rule_is_off_says_so() -> None:
    """凤翔 plays no 紧牌: 紧牌 and 弃 say so (a terminal play-test was told 只有出牌方可以要求紧牌,
    as if it were only not his turn to call it)."""
    r = rules("fengxiang")
    assert not r.jinpai
    for state in random_playout(r, 3)[:-1]:
        seat = GAME.to_act(state)[0]
        for action in (JIN, DISCARD0, DISCARD0 + 5):
            error = rejected(state, seat, action)
            assert error.code == "no_jinpai" and error.msg.zh == "这套规则不打紧牌", error


def test_code_not_in_hand() -> None:
    assert _code(_fresh(), A, action_id(_fresh(), "A A")) == "not_in_hand"


def test_not_in_hand_names_the_missing_cards() -> None:
    """It said only 你手里没有这些牌 (a terminal play-test typed a 小戏大戏 already played)."""
    held = GAME.observe(_fresh(), A)["hand"].split()
    lacking = next(c for c in ("9r", "9b", "5r", "5b", "A", "K") if held.count(c) < 2)
    error = rejected(_fresh(), A, action_id(_fresh(), f"{lacking} {lacking}"))
    short = 2 - held.count(lacking)
    assert error.msg.en == "you do not hold those cards: " + " ".join([lacking] * short) + \
        " missing"
    assert error.msg.zh == "你手里没有这些牌：缺 " + said_zh(" ".join([lacking] * short))


def test_code_does_not_beat() -> None:
    """[S002] “66(33)” equal: B's 66 does not beat A's 33."""
    state = _following()
    assert _code(state, B, action_id(state, "6 6")) == "does_not_beat"
    assert _code(state, B, action_id(state, "K")) == "does_not_beat"  # wrong type


@pytest.mark.parametrize("action", [DECLINE, XIAN, JIN, DISCARD0 + 3])
def test_code_must_beat(action: int) -> None:
    """有大必大 [S000] / 有拦必拦 [S002]: a follower holding a beater cannot decline."""
    assert _code(_following(), B, action) == "must_beat"


def test_code_over_table_cap() -> None:
    """G15: with 14 on the table a 3-card lead is refused."""
    state = play(start(L, *CAP_HANDS), CAP_SCRIPT)
    assert _code(state, A, action_id(state, "2 2 2")) == "over_table_cap"


def test_code_no_jinpai() -> None:
    """[S002] 紧牌 only with more than 8 on the table; never when the rule is off (凤翔)."""
    assert _code(_fresh(), A, JIN) == "no_jinpai"
    script = [(A, "K K K K"), (A, "Q Q Q"), (A, "5r 5b")]
    state = play(start(rules("fengxiang"), *JIN_HANDS), script)
    assert state.total == 9 and _code(state, A, JIN) == "no_jinpai"


def test_code_no_discard() -> None:
    assert _code(_fresh(), A, DISCARD0 + 13) == "no_discard"


@pytest.mark.parametrize("action", [DECLINE, XIAN])
def test_code_must_lead(action: int) -> None:
    """[S002] 掀牌 “要求庄家出牌”: once 掀ed, the leader must lead."""
    state = play(_fresh(), [(A, "扣了"), (B, "掀")])
    assert _code(state, A, action) == "must_lead"


def test_code_cannot_xian() -> None:
    """[S000] the 头家 leads or declines; only the others 掀."""
    assert _code(_fresh(), A, XIAN) == "cannot_xian"


def test_code_bad_dealer_and_no_deal() -> None:
    """new_game refuses a dealer outside the table and a game with neither seed nor deal."""
    for dealer in (-1, 3):
        with pytest.raises(IllegalAction) as info:
            GAME.new_game(L, seed=1, dealer=dealer)
        assert info.value.code == "bad_dealer"
    with pytest.raises(IllegalAction) as info:
        GAME.new_game(L)
    assert info.value.code == "no_deal"


KNOWN = {
    "game_over", "not_your_turn", "unknown_action", "must_discard", "not_leader",
    "not_in_hand", "does_not_beat", "must_beat", "over_table_cap", "no_jinpai",
    "no_discard", "must_lead", "cannot_xian",
}


@pytest.mark.parametrize("preset", ["lanzhou", "fengxiang"])
@pytest.mark.parametrize("jinpai", [True, False])
def test_every_refusal_has_a_specific_code_and_changes_nothing(preset: str,
                                                               jinpai: bool) -> None:
    """Fuzz: at sampled states of seeded deals, every action not in ``legal_actions`` is
    refused with one of the specific codes (the catch-all ``illegal_action`` never fires)
    and the state is unchanged; every legal one is accepted."""
    r = rules(preset, jinpai=jinpai)
    rng = random.Random(99)
    n = GAME.num_actions(r)
    for seed in range(3):
        states = random_playout(r, seed)
        for state in [*rng.sample(states, min(6, len(states))), states[-1]]:
            seat = GAME.to_act(state)[0] if GAME.to_act(state) else A
            legal = set(GAME.legal_actions(state, seat))
            for action in rng.sample(range(-2, n + 2), 60):
                if action in legal:
                    GAME.apply(state, seat, action)
                else:
                    assert _code(state, seat, action) in KNOWN


def test_discarding_a_card_not_held_names_the_card() -> None:
    """Bad input gets a clear error naming what was wrong: B holds no 天 (K)."""
    state = _jinpai()
    error = rejected(state, B, DISCARD0 + 13)
    assert error.code == "not_in_hand"


def test_jinpai_by_a_non_leader_says_only_the_leader_may() -> None:
    """[S002] “出牌方可以要求紧牌”: with 9 on the table B (not the leader) may not call it."""
    state = play(start(L, *JIN_HANDS), [(A, "K K K K"), (A, "Q Q Q"), (A, "5r 5b"),
                                        (A, "扣了")])
    assert GAME.to_act(state) == (B,)
    error = rejected(state, B, JIN)
    assert "leader" in error.message or "出牌方" in error.message


def test_does_not_beat_names_the_cards_and_says_equal_does_not_beat() -> None:
    """"单张压不住单张" did not say the two were equal (a terminal play-test): the cards
    and their types are named, and an equal one is told so."""
    state = _following()
    equal = rejected(state, B, action_id(state, "6 6")).msg
    assert "6 6（对子）压不住" in equal.zh and "一样大的压不住" in equal.zh, equal.zh
    assert "equal does not beat" in equal.en, equal.en
    other = rejected(state, B, action_id(state, "K")).msg
    assert other.zh.startswith("K（单张）压不住") and "必须出同样牌型" in other.zh, other.zh
