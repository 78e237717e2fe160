"""钵福's 算盘 and 钵: the numbers of seed ``004_1284c002b6627dc7`` §四, each a test.

"哨、碰、召、鸡、龙都必须报油子，不报子，不上算盘，报错子吃包子…小牌碰，直接报'1个钱'…大牌碰，
直接报'3个钱'"; "报错一次油子，吃包子，算盘上的累计数全部归零；并且上20个钱的负数，叫'戴帽子'";
"每个人只能和两回，并且第二回和牌时，算盘上的累加数，必须达到100胡油以上，否则不能和牌。
满100胡，叫'得一钵'，以油子差距计算输赢，然后归零".
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from huapai.core.protocol import RulesError
from huapai.games.xiushan.abacus import Bo, BoError, announce_value
from huapai.games.xiushan.cards import parse_card
from huapai.games.xiushan.groups import SAME_CARD_YOUZI, Kind
from huapai.games.xiushan.rules import BOFU

SEED = "seed 004_1284c002b6627dc7"


def test_seed_004_small_peng_is_1_qian_big_peng_3() -> None:
    assert announce_value(Kind.PENG, parse_card("五"), None) == 1, SEED  # 小牌碰 1个钱
    assert announce_value(Kind.PENG, parse_card("伍"), None) == 3, SEED  # 大牌碰 3个钱


@pytest.mark.parametrize("kind", [Kind.PENG, Kind.SHAO, Kind.ZHAO, Kind.JI, Kind.LONG])
def test_every_announced_group_is_its_youzi_in_qian(kind: Kind) -> None:
    small, big, small_j, big_j = SAME_CARD_YOUZI[kind]
    assert announce_value(kind, parse_card("三"), None) == small
    assert announce_value(kind, parse_card("叁"), None) == big
    assert announce_value(kind, parse_card("三"), 2) == small_j
    assert announce_value(kind, parse_card("叁"), 2) == big_j


def test_concealed_groups_are_not_announced() -> None:
    with pytest.raises(BoError, match="not announced"):
        announce_value(Kind.LIANZI, 0, None)


def test_a_right_announcement_goes_on_the_abacus() -> None:
    bo, ev = Bo.new(3).announce(BOFU, 1, 3, 3)
    assert [s.abacus for s in bo.seats] == [0, 3, 0] and ev.kind == "announce"
    assert (ev.before, ev.after) == (0, 3)


def test_seed_004_not_announced_is_not_on_the_abacus() -> None:
    bo0 = Bo.new(3)
    bo, ev = bo0.announce(BOFU, 0, None, 6)  # 不报子，不上算盘
    assert bo == bo0 and ev.kind == "unannounced" and ev.after == 0


def test_seed_004_baozi_zeroes_the_abacus_and_puts_the_hat_on() -> None:
    bo, _ = Bo.new(3).announce(BOFU, 0, 12, 12)
    bo, _ = bo.announce(BOFU, 0, 9, 9)
    bo, ev = bo.announce(BOFU, 0, 5, 6)  # 报错子吃包子
    assert ev.kind == "baozi" and (ev.before, ev.after) == (21, -20), SEED
    assert bo.seats[0].abacus == -20 and bo.seats[0].hat(BOFU) and bo.seats[0].baozi == 1
    bo, _ = bo.announce(BOFU, 0, 3, 3)
    assert bo.seats[0].abacus == -17 and not bo.seats[0].hat(BOFU)


def test_baozi_zero_reading_is_an_option() -> None:
    rules = dataclasses.replace(BOFU, baozi="zero")
    bo, _ = Bo.new(2).announce(rules, 1, 9, 9)
    bo, ev = bo.announce(rules, 1, 8, 9)
    assert ev.after == 0 and bo.seats[1].abacus == 0 and not bo.seats[1].hat(rules)


def _bo_at(*abacus: int) -> Bo:
    return Bo.from_json({"format": "huapai-xiushan-bo/1", "number": 1, "history": [],
                         "seats": [{"abacus": a, "wins": 0, "announced": 0, "baozi": 0}
                                   for a in abacus]})  # fmt: skip


def test_seed_004_each_player_wins_at_most_twice_the_second_at_100() -> None:
    bo = _bo_at(0, 0, 0)
    bo, ev = bo.win(BOFU, 0, 40)
    assert ev.kind == "win" and bo.seats[0].abacus == 40 and bo.seats[0].wins == 1
    ok, why = bo.can_win(BOFU, 0, 59)  # 40 + 59 = 99 < 100: 否则不能和牌
    assert not ok and "100" in why, SEED
    with pytest.raises(BoError, match="cannot win"):
        bo.win(BOFU, 0, 59)
    assert bo.can_win(BOFU, 0, 60) == (True, "")  # 100 reached
    bo2 = dataclasses.replace(bo, seats=(dataclasses.replace(bo.seats[0], wins=2),
                                         *bo.seats[1:]))  # fmt: skip
    ok, why = bo2.can_win(BOFU, 0, 500)
    assert not ok and "at most 2" in why, SEED


def test_seed_004_debo_is_settled_by_the_differences_then_everything_resets() -> None:
    bo = _bo_at(40, 30, -20)
    bo = dataclasses.replace(bo, seats=(dataclasses.replace(bo.seats[0], wins=1),
                                        *bo.seats[1:]))  # fmt: skip
    bo, ev = bo.win(BOFU, 0, 62)  # 40 + 62 = 102 ≥ 100: 得一钵
    assert ev.kind == "debo" and ev.after == 102
    # 以油子差距计算输赢: seat 1 pays 102 − 30, seat 2 pays 102 − (−20)
    assert ev.settlement == (72 + 122, -72, -122) and sum(ev.settlement) == 0, SEED
    assert all(s.abacus == 0 and s.wins == 0 for s in bo.seats)  # 然后归零
    assert bo.number == 2 and bo.history[0].winner == 0
    assert bo.history[0].totals == (102, 30, -20)


def test_a_first_win_reaching_100_also_ends_the_bo() -> None:
    bo, ev = _bo_at(50, 0).win(BOFU, 1, 100)
    assert ev.kind == "debo" and ev.settlement == (-50, 50) and bo.number == 2


def test_net_win_add_does_not_count_announced_melds_twice() -> None:
    bo, _ = Bo.new(3).announce(BOFU, 0, 6, 6)
    bo, _ = bo.announce(BOFU, 0, 3, 3)
    assert bo.win_add(BOFU, 0, 48) == 48 - 9
    bo, _ = bo.win(BOFU, 0, 48)
    assert bo.seats[0].abacus == 48 and bo.seats[0].announced == 0
    full = dataclasses.replace(BOFU, bo_win_add="full")
    bo, _ = Bo.new(3).announce(full, 0, 6, 6)
    bo, _ = bo.win(full, 0, 48)
    assert bo.seats[0].abacus == 54


def test_announcements_before_a_baozi_are_not_netted() -> None:
    bo, _ = Bo.new(2).announce(BOFU, 0, 6, 6)
    bo, _ = bo.announce(BOFU, 0, 1, 3)  # 吃包子: −20, the 6 is gone
    bo, _ = bo.announce(BOFU, 0, 3, 3)
    assert bo.win_add(BOFU, 0, 30) == 27


def test_end_deal_clears_the_announced_count_only() -> None:
    bo, _ = Bo.new(2).announce(BOFU, 0, 6, 6)
    bo = bo.end_deal()
    assert bo.seats[0].abacus == 6 and bo.seats[0].announced == 0


def test_json_round_trip_through_text() -> None:
    bo, _ = Bo.new(3).announce(BOFU, 2, 12, 12)
    bo, _ = bo.win(BOFU, 2, 100)
    bo, _ = bo.announce(BOFU, 1, 1, 3)
    again = Bo.from_json(json.loads(json.dumps(bo.to_json())))
    assert again == bo and again.number == 2 and again.seats[1].abacus == -20


@pytest.mark.parametrize(("patch", "field"), [
    ({"format": "x"}, "format"),
    ({"number": 0}, "number"),
    ({"seats": []}, "seats"),
    ({"seats": [{"abacus": "1", "wins": 0, "announced": 0, "baozi": 0}]}, "seats[0].abacus"),
    ({"seats": [{"abacus": 1, "wins": 0}]}, "seats[0]"),
    ({"history": [{"number": 1, "winner": 0, "totals": [1, 2], "settlement": [1, 1]}]},
     "history[0].settlement"),
    ({"history": [{"number": 1, "winner": 5, "totals": [1, 2], "settlement": [1, -1]}]},
     "history[0].winner"),
])  # fmt: skip
def test_a_bad_record_names_the_field(patch: dict[str, Any], field: str) -> None:
    data = {**Bo.new(2).to_json(), **patch}
    with pytest.raises(BoError) as err:
        Bo.from_json(data)
    assert field in str(err.value)


def test_bad_operations_are_refused_and_change_nothing() -> None:
    bo = Bo.new(3)
    with pytest.raises(BoError, match="no seat 3"):
        bo.announce(BOFU, 3, 1, 1)
    with pytest.raises(BoError, match="said"):
        bo.announce(BOFU, 0, -1, 1)
    with pytest.raises(BoError, match="1 to 8"):
        Bo.new(0)
    assert bo == Bo.new(3)


def test_abacus_options_are_checked() -> None:
    with pytest.raises(RulesError, match="baozi"):
        dataclasses.replace(BOFU, baozi="minus")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="bo_target"):
        dataclasses.replace(BOFU, bo_target=0)


def test_bots_announce_right_or_err_at_the_set_rate() -> None:
    import random

    from huapai.games.xiushan.abacus import bot_said, mistakes

    rng = random.Random(4)
    for kind in (Kind.PENG, Kind.SHAO, Kind.ZHAO, Kind.JI, Kind.LONG):
        for card in range(20):
            for jiang in (None, card % 10, (card + 3) % 10):
                right = announce_value(kind, card, jiang)
                assert bot_said(kind, card, jiang, rng) == right
                wrong = mistakes(kind, card, jiang)
                assert wrong and right not in wrong and min(wrong) >= 0
                assert bot_said(kind, card, jiang, rng, 1.0) in wrong
    said = [bot_said(Kind.PENG, 13, None, rng, 0.3) for _ in range(4000)]
    errors = sum(s != 3 for s in said) / len(said)
    assert 0.27 < errors < 0.33
    with pytest.raises(BoError, match="probability"):
        bot_said(Kind.PENG, 13, None, rng, 1.5)
