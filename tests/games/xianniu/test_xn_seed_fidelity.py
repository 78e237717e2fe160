"""Where seed 002 / 000 speaks, the 兰州 / 凤翔 presets follow it; each addition beyond a
seed is a named option, default off (issue: "What players and the seeds found" §3)."""

from __future__ import annotations

from itertools import pairwise

from xn_support import GAME, A, B, C, combo, rules

from huapai.core.match import Match
from huapai.games.xianniu.combos import beats
from huapai.games.xianniu.rules import XianniuRules
from huapai.games.xianniu.scoring import liang_count, niu_xi_points
from huapai.games.xianniu.state import DECLINE, LEAD, XIAN, State

L = rules("lanzhou")


def test_s002_four_fives_with_a_liangzi_are_a_xi_bao_liang() -> None:
    """[S002] “喜牌：两张以上的5如果有黑红两色，则被称为喜 … 喜牌和亮子可以一起出，称为喜包亮”:
    5555 is a 喜, so 5555 + KKKK is a 喜包亮 of 8 cards, beaten only by a bigger 8-card one."""
    play = combo(L, "5r 5r 5b 5b K K K K")
    assert play.name == "喜包亮" and play.cls == ("xbl", 8)
    assert beats(play, combo(L, "5r 5r 5b 5b Q Q Q Q"))
    assert not beats(play, combo(L, "5r 5b K K K K"))
    assert niu_xi_points(play) == 4 and liang_count(play) == 1  # 4 红黑5 + one 亮子


def test_s000_three_niu_or_xi_are_called_hao_niu_hao_xi() -> None:
    """[S000] “三张牛或三张戏，无论如何组合都称为好牛或好戏” (not 鞍): 三张好牛, the seed's
    name with its count (a play-test read a bare 好牛 worth 3 行子 as the 2-card one)."""
    huapai = rules("fengxiang")
    assert combo(huapai, "牛九 牛九 牛八").name == "三张好牛"
    assert combo(huapai, "小戏 大戏 大戏").name == "三张好戏"
    assert combo(huapai, "虎 虎 虎").name == "鞍"
    assert combo(L, "9r 9r 9b").name == "三张好牛"


def _declare(r: XianniuRules, seed: int = 3) -> State:
    state: State = GAME.new_game(r, seed=seed)
    assert GAME.to_act(state) == (A,)
    state, _ = GAME.apply(state, A, DECLINE)  # 扣了
    state, _ = GAME.apply(state, B, XIAN)
    return state


def test_s002_by_default_the_first_xian_ends_the_round() -> None:
    state = _declare(L)
    assert state.phase == LEAD and GAME.to_act(state) == (A,)
    assert state.xians == ((B, A),)


def test_option_xian_both_lets_the_next_seat_xian_too() -> None:
    """``xian_both``: “其他两家如果也…可以要求庄家出牌” read as both may 掀 in one round."""
    r = rules("lanzhou", xian_both=True)
    state = _declare(r)
    assert GAME.to_act(state) == (C,) and list(GAME.legal_actions(state, C)) == [DECLINE, XIAN]
    both, _ = GAME.apply(state, C, XIAN)
    assert both.phase == LEAD and GAME.to_act(both) == (A,)
    assert both.xians == ((B, A), (C, A))
    alone, _ = GAME.apply(state, C, DECLINE)
    assert alone.phase == LEAD and alone.xians == ((B, A),)
    assert not alone.lost_xian >> C & 1, "not joining a 掀 is no 扣了"


def _dealers(r: XianniuRules, deals: int = 12, seed: int = 5) -> tuple[list[int], int]:
    match = Match(GAME, r, deals, seed)
    dealers: list[int] = []
    opening = len(match.opening)
    for _ in range(deals):
        deal = match.start_deal()
        dealers.append(deal.state.dealer)
        while not deal.over:
            seat = GAME.to_act(deal.state)[0]
            deal.act(seat, GAME.legal_actions(deal.state, seat)[0])
        match.finish_deal()
    return dealers, opening


def test_dealer_rule_banpai_draws_then_rotates() -> None:
    dealers, opening = _dealers(L)
    assert opening > 0  # 扳牌 events
    assert all((b - a) % 3 == 1 for a, b in pairwise(dealers))


def test_dealer_rule_lot_then_rotation_and_random_every_deal() -> None:
    """[S002 砍牛腿] “按随机方式决定庄家”: by lot (seeded, so records replay)."""
    lot, opening = _dealers(rules("lanzhou", dealer_rule="lot"))
    assert opening == 0
    assert all((b - a) % 3 == 1 for a, b in pairwise(lot))
    rand, _ = _dealers(rules("lanzhou", dealer_rule="random"))
    assert rand == _dealers(rules("lanzhou", dealer_rule="random"))[0]
    assert any((b - a) % 3 != 1 for a, b in pairwise(rand))


def test_s002_lanzhou_refusal_says_kou_le_not_bu_xian() -> None:
    """兰州's word for declining is 扣了 [S002] (凤翔's is 不掀 [S000]): a follower who tries to
    play during the declaration is told so in the preset's own words."""
    from huapai.core.protocol import IllegalAction
    from huapai.games.xianniu.state import PLAY0

    for preset, word in (("lanzhou", "扣了"), ("fengxiang", "不掀")):
        state = GAME.new_game(rules(preset), seed=4)
        state, _ = GAME.apply(state, A, DECLINE)
        seat = GAME.to_act(state)[0]
        play = next(a for a in range(PLAY0, GAME.num_actions(state.rules))
                    if a not in GAME.legal_actions(state, seat))
        try:
            GAME.apply(state, seat, play)
        except IllegalAction as exc:
            if exc.code == "not_leader":
                assert word in exc.msg.zh, exc.msg.zh
                continue
            raise AssertionError(exc.code) from None


def test_a_big_hand_shown_at_the_deal_is_public_to_the_hidden_card_check() -> None:
    """The conformance suite permutes the cards a seat cannot see; a 龙凤齐 shown at the deal
    is public (the deal goes on now), so it stays with its holder and the seat's view with it."""
    import random

    from xn_support import deal_of_hands

    deal = deal_of_hands("A 2 3 5b 5r 6 7 8 9r 9b J 10 Q K 6 7",
                         "K K 10 10 8 8 A A 2 2 3 3 Q 7 6 J",
                         "A 2 3 5b 5r 6 7 8 9r 9b J J 10 Q Q K")
    before = GAME.observe(GAME.new_game(L, deal=deal), A)
    for k in range(5):
        other = GAME.permute_hidden(deal, A, random.Random(k), L, 0)
        assert GAME.observe(GAME.new_game(L, deal=other), A) == before
