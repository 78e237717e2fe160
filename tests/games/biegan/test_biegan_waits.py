"""Waits of 25-card hands: the seed's named waits (seed 003 §4) and remaining counts."""

from __future__ import annotations

from huapai.games.biegan.cards import FACES, JOKER, parse_cards
from huapai.games.biegan.waits import Waits, waits

# 7 units that touch none of the tested faces, worth ≥ 17 with 主精 三.
SEVEN_UNITS = "上大人上大人可知礼可知礼三*三*三化化化千千千"


def wait_faces(text: str) -> set[str]:
    return {FACES[w.face] for w in waits(parse_cards(text)) if w.face != JOKER}


def has_joker_wait(text: str) -> bool:
    return any(w.face == JOKER for w in waits(parse_cards(text)))


def test_naliao_single_qi() -> None:
    """Seed 003 §4 拿撂: 24 in units, single 七 → 五六七八九十士 (+ 赖 [P] A6)."""
    hand = "上大人上大人可知礼可知礼三*三*三孔孔孔化化化千千千七"
    assert wait_faces(hand) == set("五六七八九十士")
    assert has_joker_wait(hand)


def test_tuitan_kong_yi() -> None:
    """Seed 003 §4 推攤: 孔孔乙乙 → 孔乙己; a joker does not help (A6)."""
    hand = SEVEN_UNITS + "孔孔乙乙"
    assert wait_faces(hand) == set("孔乙己")
    assert not has_joker_wait(hand)


def test_tuitan_san_si() -> None:
    """Seed 003 §4 推攤: 三三四四 → 二三四五 (+ 赖 as 三 or 五 [P])."""
    hand = "上大人上大人可知礼可知礼七*七*七孔孔孔化化化三三四四"
    assert wait_faces(hand) == set("二三四五")
    assert has_joker_wait(hand)


def test_hu_liangtou() -> None:
    """Seed 003 §4 胡兩頭 / 卡卡: 孔己六七 → 乙五八."""
    assert wait_faces(SEVEN_UNITS + "孔己六七") == set("乙五八")


def test_waits_below_17_are_not_waits() -> None:
    """Seed 003 §4: at least 17 胡; the same shape with little 胡 waits on nothing."""
    hand = "孔孔孔孔乙己孔乙己化化化千千千八九子八九子二二二七"
    assert waits(parse_cards(hand)) == ()
    assert wait_faces(hand.replace("二二二", "上上上").replace("化化化", "可可可")) == set()


def test_remaining_counts_hand_melds_and_visible_cards() -> None:
    hand = parse_cards("上大人上大人可知礼可知礼三*三*三孔孔孔化化化千千千七")
    listed = {(FACES[w.face], w.flowered): w.remaining for w in waits(hand) if w.face != JOKER}
    assert listed[("十", False)] == 5
    assert (listed[("七", False)], listed[("七", True)]) == (2, 2)  # 花七 worth more: apart
    seen = parse_cards("十十七*")
    listed = {(FACES[w.face], w.flowered): w.remaining
              for w in waits(hand, visible=seen) if w.face != JOKER}  # fmt: skip
    assert listed[("十", False)] == 3 and listed[("七", True)] == 1


def test_flowered_copy_listed_apart_when_worth_more() -> None:
    """A 花五 in the 听头 is worth 2 (×2 主精) against 1 for a 素五 (A3.4, G4 [P])."""
    hand = parse_cards("上大人上大人可知礼可知礼三*三*三孔孔孔化化化千千千七")
    wu = [w for w in waits(hand) if w.face == FACES.index("五")]
    assert [(w.flowered, w.remaining) for w in wu] == [(False, 3), (True, 2)]
    assert wu[1].hu == wu[0].hu + 1
    plain_jiu = [w for w in waits(hand) if w.face == FACES.index("九")]
    assert [(w.flowered, w.remaining) for w in plain_jiu] == [(False, 3), (True, 2)]


def test_json_shape() -> None:
    hand = parse_cards(SEVEN_UNITS + "孔己六七")
    data = Waits(waits(hand)).to_json()
    assert {w["face"] for w in data["waits"]} >= {"乙", "五", "八"}
    first = data["waits"][0]
    assert set(first) == {"face", "flowered", "hu", "hu_discard", "remaining"}


def test_a_deck_of_one_joker_counts_one() -> None:
    """单别杆 deals one 赖 (``jokers=1``): a hand waiting on a 赖 counts one unseen copy,
    and a hand that holds it waits on no other (both counted from 2 before)."""
    hand = parse_cards("上大人上大人可知礼可知礼三*三*三孔孔孔化化化千千千七")
    joker = [w for w in waits(hand, jokers=1) if w.face == JOKER]
    assert [w.remaining for w in joker] == [1]
    assert [w.remaining for w in waits(hand) if w.face == JOKER] == [2]
    holding = parse_cards("上大人上大人可知礼可知礼三*三*三孔孔孔化化化千千千赖")
    assert [w.remaining for w in waits(holding) if w.face == JOKER] == [1]  # the other 赖
    assert not any(w.face == JOKER for w in waits(holding, jokers=1))
