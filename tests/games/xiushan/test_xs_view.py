"""The viewer's waits in the 秀山 view (``my_waits``, drawn by the browser renderer): the
calculator's waits of its own hand while it is one card short, with the copies it has not
seen — its own cards, the discards, the open groups, the flipped card and the card on the
table counted — and only in its own view."""

from __future__ import annotations

from xs_deals import act, rules, start

from huapai.games.xiushan.game import GAME
from huapai.games.xiushan.waits import waits

TWO = rules("shibafu", seats=2)
DEALER = "一一三四四五五七七八八九九十壹壹肆肆玖玖拾"
WAITING = "壹贰叁贰柒拾一二三二七十伍陆柒四五捌捌捌"  # the calculator docs' hand, one short


def test_the_waits_of_a_hand_one_short_count_what_the_seat_has_seen() -> None:
    s = start(TWO, [DEALER, WAITING], flip="伍")  # 将 陆六
    expected = waits(TWO, WAITING[:-3], ["哨:捌捌捌"], visible="伍", jiang="陆")
    assert [w.card for w in expected.waits] == [2, 5]  # 三 六
    assert GAME.observe(s, 1)["my_waits"] == expected.to_json()["waits"]
    s, _ = act(s, 0, "打 三")  # a 三 on the table: one copy fewer to wait for
    view = GAME.observe(s, 1)
    assert view["legal_text"] == ["过", "和"]
    assert [(w["card"], w["remaining"], w["score"]) for w in view["my_waits"]] == [
        ("三", 2, 5), ("六", 4, 5)]
    assert view["my_melds"][0]["kind"] == "哨"  # laid after the dealer's first discard


def test_the_waits_are_the_viewers_own() -> None:
    s = start(TWO, [DEALER, WAITING], flip="伍")
    assert GAME.observe(s, 0)["my_waits"] == []  # the 庄家 holds a card to discard
    assert "my_waits" not in GAME.observe(s, None)
    s, _ = act(s, 0, "打 十")
    assert GAME.observe(s, 0)["my_waits"] == []  # his 20 cards wait on nothing
    s, _ = act(s, 1, "过")
    assert GAME.observe(s, 1)["my_waits"] != []
