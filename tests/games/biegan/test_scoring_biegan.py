"""双别杆 settlement (seed 003 §5, zipai.md §A7): 分 from 胡, the room multiplier, who pays,
包 for too many 对, 一炮双响, and the commercial 计分 modes. Each test names its source."""

from __future__ import annotations

from typing import Any

import pytest
from test_flow_biegan import (
    GAME,
    HAND17,
    E,
    M,
    Z,
    act,
    legal_text,
    passes,
    play,
    qingtong_pass,
    rules,
    start,
)

from huapai.games.biegan.rules import fen_of
from huapai.games.biegan.state import State, Win

TEN: dict[str, Any] = {"multiplier": 10}
# zipai.md A3.6: 上大人 1, 可知礼 1, 化(花三)千 2, 五五五* 6, 紮 七七七*七* 14, 孔孔孔 1,
# 八九十 0, 四五六 1, 听头 二二 0 = 26; 主精 七 (tied with 五 on 4 cards, more 胡) → 40.
A36_CONCEALED = "上大人可知礼化三*千五五五*孔孔孔八九十四五六二"  # 22 cards, waits on 二
A36_DEALT = "七七七*七*上大人可知礼化三*千五五五*孔孔孔八九十四五二"  # 六 comes from 牌底


def _won_on_discard(**overrides: Any) -> State:
    """[S] the 二家 holds a 17-胡 hand waiting on 二; the dealer throws 二."""
    state = start(rules("gongan", **TEN, **overrides), zhuang="二", erjia=HAND17)
    return play(state, [*qingtong_pass(), (Z, "打 二"), (E, "胡"), (M, "过")])


def _self_drawn(**overrides: Any) -> State:
    state = start(rules("gongan", **TEN, **overrides), zhuang="化", erjia=HAND17, top="二")
    state = play(state, [*qingtong_pass(), (Z, "打 化"), *passes(Z)])
    assert "胡" in legal_text(state, E)
    state, _ = act(state, E, "胡")
    return state


# ------------------------------------------------------------------------ 分 from 胡
@pytest.mark.parametrize(("hu", "fen"), [(17, 1), (21, 1), (22, 2), (26, 2), (27, 3),
                                         (40, 5)])
def test_fen_po(hu: int, fen: int) -> None:
    """[S] 17胡起為1分，逢5進1: 17 → 1, 22 → 2, 27 → 3 …; A3.6: 40 → 5."""
    assert fen_of(rules(), hu) == fen


@pytest.mark.parametrize(("mode", "hu", "fen"), [
    ("per_hu", 17, 17), ("per_hu", 40, 40),
    ("ceil5", 17, 20), ("ceil5", 20, 20), ("ceil5", 21, 25),
    ("round5", 17, 20), ("round5", 22, 20), ("round5", 23, 25), ("round5", 28, 30),
])
def test_commercial_fen_modes(mode: str, hu: int, fen: int) -> None:
    """[C:R3, R4] jiHuType: 一胡一分, 逢1就包 (up to a multiple of 5), 2舍3入 (nearest 5,
    at least 20)."""
    assert fen_of(rules(fen_mode=mode), hu) == fen


# ----------------------------------------------------------- the seed's worked example
def test_seed_10x_room_17_hu_on_a_discard() -> None:
    """[S] 10倍房間胡17胡收入20分，放衝者輸20分."""
    state = _won_on_discard()
    (win,) = state.wins
    assert (win.seat, win.from_seat, win.result.hu) == (E, Z, 17)
    settlement = GAME.settlement(state)
    assert settlement.deltas == (-20, 20, 0)
    assert [(p.payer, p.payee, p.amount, p.reason) for p in settlement.payments] == [
        (Z, E, 20, "dianpao")]
    assert GAME.next_dealer(state) == E


def test_seed_10x_room_17_hu_self_drawn() -> None:
    """[S] 自扣時各出10分."""
    state = _self_drawn()
    assert state.wins[0].from_seat is None and state.wins[0].result.hu == 17
    settlement = GAME.settlement(state)
    assert settlement.deltas == (-10, 20, -10)
    assert {p.reason for p in settlement.payments} == {"zimo"}


def test_baoyijia_the_discarder_pays_only_his_share() -> None:
    """[C:R4] 点炮 包一家 (dianpao_pay="one"): the discarder pays 分 × 倍数 alone."""
    assert GAME.settlement(_won_on_discard(dianpao_pay="one")).deltas == (-10, 10, 0)


def test_reference_worked_example_a36_forty_hu() -> None:
    """zipai.md A3.6: 26 胡 before 主精; 七 and 五 tie on 4 cards, 主七 gives 40 胡 → 5 分;
    a discard win in a 10× room costs the discarder 2 × 5 × 10 = 100."""
    state = start(rules("gongan", **TEN), zhuang="二", erjia=A36_DEALT, bottom="六")
    state = play(state, [(M, "过"), (E, "紮 七"), (E, "过"), (Z, "打 二")])
    assert "胡" in legal_text(state, E)
    state = play(state, [(E, "胡"), (M, "过")])
    result = state.wins[0].result
    assert (result.hu, result.fen, result.zhujing) == (40, 5, 12)  # 12 is 七
    assert GAME.settlement(state).deltas == (-100, 100, 0)


def test_reference_worked_example_a36_self_drawn() -> None:
    """A3.6: on a self-draw each opponent pays 50."""
    state = start(rules("gongan", **TEN), zhuang="化", erjia=A36_DEALT, top="二", bottom="六")
    state = play(state, [(M, "过"), (E, "紮 七"), (E, "过"), (Z, "打 化"), *passes(Z),
                         (E, "胡")])
    assert GAME.settlement(state).deltas == (-50, 100, -50)


def test_a_kan_completed_by_the_discard_scores_as_dui_by_option() -> None:
    """A6 [P] (``discard_kan_as_dui``, the apps): 十十 + a discarded 十 is an exposed 对
    (black 0) not a 坎 (1): 17 胡 self-drawn, 16 on the discard — which is then no win at
    all (诈和 is refused). The 对 is priced as the apps price it (``dui_value="peng"``,
    pinned: ``gongan``'s own reading prices a 对 as a 坎)."""
    hand = "三三三上大人可知礼人人人知知知孔乙己八九子十十二二"
    app = rules(discard_kan_as_dui=True, dui_value="peng")
    drawn = start(app, zhuang="化", erjia=hand, top="十")
    drawn = play(drawn, [*qingtong_pass(), (Z, "打 化"), *passes(Z)])
    assert "胡" in legal_text(drawn, E)
    claimed = start(app, zhuang="十", erjia=hand)
    claimed = play(claimed, [*qingtong_pass(), (Z, "打 十")])
    assert "胡" not in legal_text(claimed, E) and "对" in legal_text(claimed, E)


def test_s003_a_kan_completed_by_the_discard_is_still_a_kan() -> None:
    """[S003] “自摸或別人放銃（吃胡）均可胡牌”: the seed makes no difference between a 坎 that a
    discard completes and one drawn, so in ``gongan`` the same hand wins on the discard."""
    hand = "三三三上大人可知礼人人人知知知孔乙己八九子十十二二"
    assert not rules("gongan").discard_kan_as_dui and rules("gongan-app").discard_kan_as_dui
    claimed = start(rules("gongan"), zhuang="十", erjia=hand)
    claimed = play(claimed, [*qingtong_pass(), (Z, "打 十")])
    assert "胡" in legal_text(claimed, E)


# ---------------------------------------------------------------------- 一炮双响
# 末家: 五五五 (主精 10) 上上上 2 大大大 2 礼礼礼 2 化三*千 2 四四四 1 孔乙己 八九子 → 19,
# waiting on 二 like the 二家.
HAND19 = "五五五上上上大大大礼礼礼化三*千孔乙己八九子四四四二"


def test_two_winners_on_one_discard_are_each_paid() -> None:
    """G10 [P] 一炮双响: both win, the discarder pays each; the 下家 winner deals next."""
    state = start(rules("gongan", **TEN), zhuang="二", erjia=HAND17, mojia=HAND19)
    state = play(state, [*qingtong_pass(), (Z, "打 二"), (M, "胡")])
    assert GAME.to_act(state) == (E,)  # the 下家 may still 胡
    state = play(state, [(E, "胡")])
    assert [(w.seat, w.result.hu) for w in state.wins] == [(E, 17), (M, 19)]
    assert GAME.settlement(state).deltas == (-40, 20, 20)
    assert GAME.next_dealer(state) == E


def test_without_multi_hu_the_xiajia_wins_alone_at_once() -> None:
    state = start(rules("gongan", multi_hu=False, **TEN), zhuang="二", erjia=HAND17, mojia=HAND19)
    state = play(state, [*qingtong_pass(), (Z, "打 二"), (E, "胡")])
    assert GAME.is_over(state) and [w.seat for w in state.wins] == [E]
    assert GAME.settlement(state).deltas == (-20, 20, 0)


# ------------------------------------------------------------------------------ 包
def _three_dui(**overrides: Any) -> State:
    """The 末家 makes three 对 (四, 五, 六 from the dealer); then the 二家 draws his 二."""
    state = start(rules("gongan", **TEN, **overrides), zhuang="四五六六六七", erjia=HAND17,
                  mojia="四四五*五*六六化千士", top="大人可二")
    moves = [*qingtong_pass(),
             (Z, "打 四"), (E, "过"), (M, "对"), (M, "打 化"), *passes(M),
             (Z, "打 五"), (E, "过"), (M, "对"), (M, "打 千"), *passes(M),
             (Z, "打 六"), (E, "过")]
    return play(state, moves)


def test_a_third_dui_makes_the_seat_liable_and_it_pays_for_both() -> None:
    """[S] 一局內限“對”2對 … 若他人胡牌，則由此人承“包”，即一個人出兩個人輸的分."""
    state = _three_dui()
    assert "对" in legal_text(state, M)
    state = play(state, [(M, "对"), (M, "打 士"), *passes(M)])
    assert state.duis[M] == 3
    state = play(state, [(Z, "打 七"), *passes(Z)])
    assert state.turn == E and GAME.observe(state, E)["drawn"] == "二"
    state, _ = act(state, E, "胡")
    settlement = GAME.settlement(state)
    assert settlement.deltas == (0, 20, -20)
    assert [(p.payer, p.reason) for p in settlement.payments] == [(M, "bao")]


def test_forbidding_the_third_dui() -> None:
    state = _three_dui(dui_over_limit="forbid")
    assert legal_text(state, M) == ["过"]


def _liable(state: State, duis: list[int], win: Win) -> State:
    """``state`` finished with ``win`` and these 对 counts (settlement-only check)."""
    out = state.copy()
    out.duis, out.wins = duis, (win,)
    return out


def test_bao_variants_on_a_settled_hand() -> None:
    """G11 [P]: the liable seat pays even when a third seat discarded (offender); with
    bao_on_discard="discarder" the discarder pays as usual; two liable seats split; a
    liable winner pays nothing extra."""
    base = _won_on_discard()
    win = base.wins[0]  # 二家 won on the dealer's discard, 17 胡
    assert GAME.settlement(_liable(base, [0, 0, 3], win)).deltas == (0, 20, -20)
    assert GAME.settlement(_liable(base, [3, 0, 3], win)).deltas == (-10, 20, -10)
    assert GAME.settlement(_liable(base, [0, 3, 0], win)).deltas == (-20, 20, 0)
    lenient = _won_on_discard(bao_on_discard="discarder")
    assert GAME.settlement(_liable(lenient, [0, 0, 3], lenient.wins[0])).deltas == (-20, 20, 0)


def test_huangzhuang_notes_and_winner_notes() -> None:
    state = _won_on_discard()
    notes = GAME.settlement(state).notes
    assert any("胡 17" in n and "主精 三" in n for n in notes)


def test_s003_gongan_prices_the_tingtou_and_a_dui_as_the_seed_does() -> None:
    """[S003] §3 gives 胡 to 句 / 坎 / 紮 / 泛 (精 "放在句中") and §4 none to the 听头; §1 calls
    three of a face a 坎 and §3 prices no 对 apart. So in ``gongan`` a 精 in the 听头 adds
    nothing and an exposed black 对 is worth a black 坎 (1); ``gongan-app`` keeps the apps'
    readings (G4 per card, G3 碰 price 0)."""
    from huapai.games.biegan.calculator import score_hand
    from huapai.games.biegan.cards import parse_cards
    from huapai.games.biegan.rules import scoring_of
    from huapai.games.biegan.units import Meld

    naliao = parse_cards("上大人上大人可知礼可知礼三*三*三孔孔孔化化化千千千七赖")
    seed = score_hand(naliao, (), scoring_of(rules("gongan")))
    app = score_hand(naliao, (), scoring_of(rules("gongan-app")))
    assert (seed.tingtou_hu, app.tingtou_hu) == (0, 3) and app.hu == seed.hu + 3
    concealed = parse_cards("上大人可知礼化三*千五五五*八九十四五六二二")
    melds = (Meld.of("对", "孔孔孔"), Meld.of("紮", "七七七*七*"))
    dui = {p: next(u for u in score_hand(concealed, melds, scoring_of(rules(p))).units
                   if u.kind == "对") for p in ("gongan", "gongan-app")}
    assert (dui["gongan"].hu, dui["gongan-app"].hu) == (1, 0)
