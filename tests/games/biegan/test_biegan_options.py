"""双别杆 room options beyond the seed (issue 9 §3), each off in ``gongan``: 桌面精不算主精
(``desk_jing_not_main``, the commercial client R4's room option, zipai.md A3.5 / A8) and
the 5-精 reading (``five_jing``: 乙三五七九, [C:R1] 长阳花牌, R4 jingNum) — through the
calculator, whole deals' settlements, the engine's 紮 and the conformance contract."""

from __future__ import annotations

import pytest
from test_flow_biegan import GAME, E, M, Z, legal_text, passes, play, rules, start

from huapai.core import conformance
from huapai.games.biegan.calculator import HandError, score_hand
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


# ---------------------------------------------------------------------------- 五精
A36_YI = parse_cards("上大人可知礼化三*千五五五*乙乙乙八九十四五六二二")
"""A3.6 with 乙乙乙 for 孔孔孔: a black 坎 (1) in the seed's reading."""


def test_five_jing_is_off_in_every_preset() -> None:
    """[S] 花牌限定以“三、五、七”三個字為精: the 5-精 reading is a room option only."""
    assert not any(r.five_jing for r in PRESETS.values())


def test_five_jing_in_the_calculator() -> None:
    """Off: 乙乙乙 a black 坎 1, 八九十 0 — 40 胡. On: 乙乙乙 is a 精坎 of 3 素 (5, [S] 精坎
    table) and the 素九 in 八九十 adds 1 as a 精 in a 句 — 45; 主精 still 七 (4 held)."""
    seed = score_hand(A36_YI, A36_ZHA, scoring_of(rules("gongan")))
    five = score_hand(A36_YI, A36_ZHA, scoring_of(rules("gongan", five_jing=True)))
    assert (seed.hu, five.hu) == (40, 45) and FACES[five.zhujing or 0] == "七"
    yi = next(u for u in five.units if u.kind == "坎" and FACES[u.cards[0]] == "乙")
    assert yi.hu == 5


def test_five_jing_lets_a_joker_be_yi_or_jiu() -> None:
    """"賴子可作為任一精": in the 5-精 reading a 赖子 may stand for 乙 or 九 too. 乙乙赖: in
    the seed's reading the 赖 can only be a 花三 (乙二赖 a 句, 2) — 41 胡; with 五精 it makes
    a 精坎 乙乙赖 (1 花: 6) and 八九十 gains 1 — 46. A 紮 九九*九*赖 is refused in the seed's
    reading."""
    hand = parse_cards("上大人可知礼化三*千五五五*乙乙赖八九十四五六二二")
    seed = score_hand(hand, A36_ZHA, scoring_of(rules("gongan")))
    five = score_hand(hand, A36_ZHA, scoring_of(rules("gongan", five_jing=True)))
    assert (seed.hu, five.hu) == (41, 46)
    assert {FACES[f] for u in seed.units for f in u.jokers_as} == {"三"}
    assert {FACES[f] for u in five.units for f in u.jokers_as} == {"乙"}
    zha = (Meld.of("紮", "九九*九*赖"),)
    concealed = parse_cards("上大人可知礼化三*千五五五*孔孔孔八九十四五六二二")
    with pytest.raises(HandError, match="赖子"):
        score_hand(concealed, zha, scoring_of(rules("gongan")))
    assert score_hand(concealed, zha, scoring_of(rules("gongan", five_jing=True))).complete


def test_five_jing_through_a_whole_deal() -> None:
    """A3.6 with 乙乙乙, self-drawn in a 10× room: 40 胡 → 5 分 (50 each) in the seed's
    reading, 45 胡 → 6 分 (60 each) with 五精."""
    dealt = A36_DEALT.replace("孔孔孔", "乙乙乙")
    for five, pay in ((False, 50), (True, 60)):
        r = rules("gongan", multiplier=10, five_jing=five)
        state = start(r, zhuang="化", erjia=dealt, top="二", bottom="六")
        state = play(state, [(M, "过"), (E, "紮 七"), (E, "过"), (Z, "打 化"), *passes(Z),
                             (E, "胡")])
        assert GAME.settlement(state).deltas == (-pay, 2 * pay, -pay)


def test_five_jing_lets_a_joker_complete_a_zha_of_yi() -> None:
    """G8 [P] (赖子入紮, a joker completes a 紮 of a 精): of 乙 only where 乙 is a 精."""
    erjia = "乙乙乙赖上大人可知礼孔孔孔八九子十十十二二二"
    seed = play(start(rules("gongan"), erjia=erjia), [(M, "过")])
    assert "紮 乙" not in legal_text(seed, E)
    five = play(start(rules("gongan", five_jing=True), erjia=erjia), [(M, "过")])
    assert "紮 乙" in legal_text(five, E)
    five = play(five, [(E, "紮 乙")])
    assert five.melds[E][-1].meld.cards.count(22) == 1  # the 赖子 is in the 紮


@pytest.mark.parametrize("preset", ["gongan", "gongan-app"])
def test_conformance_with_five_jing(preset: str) -> None:
    """Seeded whole deals in the 5-精 reading (and with 桌面精不算主精 too), checked by the
    conformance contract."""
    for desk in (False, True):
        r = rules(preset, five_jing=True, desk_jing_not_main=desk)
        for seed in range(5):
            assert GAME.is_over(conformance.playout(GAME, r, seed).state)


def test_a_record_written_before_these_options_replays_as_it_was_played() -> None:
    """Records carry their rules; one written before ``players``, ``five_jing`` and
    ``desk_jing_not_main`` existed lacks them, and reads them as off (three seats, 三五七,
    every 精 counting) — the game it recorded, replayed exactly."""
    import json

    from huapai.core.record import dumps, parse, replay_deal
    from huapai.core.session import Deal
    from huapai.games.biegan.bot import make_heuristic

    r = rules("gongan")
    deal = Deal.start(GAME, r, seed=21, dealer=0)
    bots = {p: make_heuristic(GAME, r, p, seed=p) for p in range(3)}
    while not deal.over:
        seat = GAME.to_act(deal.state)[0]
        legal = GAME.legal_actions(deal.state, seat)
        deal.act(seat, bots[seat].act(GAME.observe(deal.state, seat), legal))
    lines = [dict(line) for line in deal.record.lines()]
    for line in lines:
        if line.get("type") == "deal":
            line["rules"] = {k: v for k, v in line["rules"].items()
                             if k not in ("players", "five_jing", "desk_jing_not_main")}
    _, (old,) = parse(dumps(lines))
    assert "five_jing" not in json.dumps(old.rules)
    replay = replay_deal(old)
    assert GAME.omniscient(replay.final) == GAME.omniscient(deal.state)
    assert GAME.settlement(replay.final) == GAME.settlement(deal.state)
