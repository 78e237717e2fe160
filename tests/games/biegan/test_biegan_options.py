"""双别杆 room options beyond the seed (issue 9 §3), each off in ``gongan``: 桌面精不算主精
(``desk_jing_not_main``, the commercial client R4's room option, zipai.md A3.5 / A8) —
through the calculator, a whole deal's settlement and the conformance contract."""

from __future__ import annotations

import pytest
from test_flow_biegan import GAME, E, M, Z, passes, play, rules, start

from huapai.core import conformance
from huapai.games.biegan.calculator import score_hand
from huapai.games.biegan.cards import FACES, parse_cards
from huapai.games.biegan.rules import PRESETS, scoring_of
from huapai.games.biegan.units import Meld

# zipai.md A3.6: 26 胡 before 主精; 七 (4, all in the 紮) and 五 (4, concealed) tie.
A36 = parse_cards("上大人可知礼化三*千五五五*孔孔孔八九十四五六二二")
A36_ZHA = (Meld.of("紮", "七七七*七*"),)
A36_DEALT = "七七七*七*上大人可知礼化三*千五五五*孔孔孔八九十四五二"  # 六 comes from 牌底


def test_desk_jing_not_main_is_off_in_every_preset() -> None:
    """The seed counts every 精 held (所持最多者為主精): off everywhere; only a room sets it."""
    assert not any(r.desk_jing_not_main for r in PRESETS.values())


def test_desk_jing_not_main_in_the_calculator() -> None:
    """Off: 主七 doubles the 紮 (14 → 28): 40 胡. On: the 紮's 七 are on the table, so they
    neither make 七 the 主精 nor are doubled — 主五 (the concealed 4) doubles 6 + 1: 33."""
    seed = score_hand(A36, A36_ZHA, scoring_of(rules("gongan")))
    assert (seed.hu, FACES[seed.zhujing or 0]) == (40, "七")
    room = score_hand(A36, A36_ZHA, scoring_of(rules("gongan", desk_jing_not_main=True)))
    assert (room.hu, FACES[room.zhujing or 0]) == (33, "五")
    zha = next(u for u in room.units if u.exposed)
    assert zha.hu == 14 and sum(u.hu for u in room.units) + room.tingtou_hu == 33


def test_desk_jing_not_main_through_a_whole_deal() -> None:
    """A3.6 played out, self-drawn in a 10× room: 40 胡 (5 分, 50 each) off; with the option
    33 胡 → 4 分, 40 each."""
    for desk, (hu, pay) in ((False, (40, 50)), (True, (33, 40))):
        r = rules("gongan", multiplier=10, desk_jing_not_main=desk)
        state = start(r, zhuang="化", erjia=A36_DEALT, top="二", bottom="六")
        state = play(state, [(M, "过"), (E, "紮 七"), (E, "过"), (Z, "打 化"), *passes(Z),
                             (E, "胡")])
        assert state.wins[0].result.hu == hu
        assert GAME.settlement(state).deltas == (-pay, 2 * pay, -pay)


@pytest.mark.parametrize("preset", ["gongan", "gongan-app"])
def test_conformance_with_the_room_option(preset: str) -> None:
    """Seeded random whole deals with the option on, checked by the conformance contract
    (legal lists, refusals that change nothing, record replay, hidden cards, zero sum)."""
    r = rules(preset, desk_jing_not_main=True)
    for seed in range(6):
        deal = conformance.playout(GAME, r, seed)
        assert GAME.is_over(deal.state)
