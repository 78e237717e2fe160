"""双别杆花牌 scoring: the 胡 table, the worked example and 分 (each test names its source)."""

from __future__ import annotations

import json

import pytest

from huapai.games.biegan.calculator import HandError, best_hand
from huapai.games.biegan.cards import FACES, card, parse_cards
from huapai.games.biegan.search import fen_for
from huapai.games.biegan.units import DEFAULT_SCORING, Meld, sentence_value, set_value

SAN, WU, QI = (FACES.index(c) for c in "三五七")


def f(ch: str) -> int:
    return FACES.index(ch)


@pytest.mark.parametrize(("flowers", "hu"), [(0, 5), (1, 6), (2, 7)])
def test_jing_kan(flowers: int, hu: int) -> None:
    """Seed 003 §3 精坎: 3素 5, 2素1花 6, 1素2花 7."""
    assert set_value("坎", SAN, 3, flowers, None, DEFAULT_SCORING) == hu


@pytest.mark.parametrize(("flowers", "hu"), [(1, 12), (2, 14)])
def test_jing_zha(flowers: int, hu: int) -> None:
    """Seed 003 §3 精紮: 3素1花 6*2=12, 2素2花 7*2=14."""
    assert set_value("紮", WU, 4, flowers, None, DEFAULT_SCORING) == hu


def test_jing_fan_and_zhujing_doubling() -> None:
    """Seed 003 §3: 精泛 7*2*2=28; 主精 doubles: 3素1花紮 as 主精 = 24."""
    assert set_value("泛", QI, 5, 2, None, DEFAULT_SCORING) == 28
    assert set_value("紮", QI, 4, 1, QI, DEFAULT_SCORING) == 24
    assert set_value("紮", QI, 4, 1, SAN, DEFAULT_SCORING) == 12


def test_jokers_use_the_k_table() -> None:
    """zipai.md A3.3 [C:R3]: K = 5 6 7 9 12 for f = 0..4 (坎 9, 紮 18/24, 泛 36/48)."""
    assert set_value("坎", SAN, 3, 3, None, DEFAULT_SCORING) == 9
    assert set_value("紮", SAN, 4, 3, None, DEFAULT_SCORING) == 18
    assert set_value("紮", SAN, 4, 4, None, DEFAULT_SCORING) == 24
    assert set_value("泛", SAN, 5, 4, None, DEFAULT_SCORING) == 48


@pytest.mark.parametrize(
    ("face", "kan", "zha", "fan"),
    [("上", 2, 4, 8), ("礼", 2, 4, 8), ("孔", 1, 2, 4), ("九", 1, 2, 4)],
)
def test_red_and_black_same_face_units(face: str, kan: int, zha: int, fan: int) -> None:
    """Seed 003 §3: red 坎 2 / 紮 4 / 泛 8, "黑字全部減半"."""
    assert set_value("坎", f(face), 3, 0, None, DEFAULT_SCORING) == kan
    assert set_value("紮", f(face), 4, 0, None, DEFAULT_SCORING) == zha
    assert set_value("招", f(face), 4, 0, None, DEFAULT_SCORING) == zha
    assert set_value("泛", f(face), 5, 0, None, DEFAULT_SCORING) == fan


def test_dui_values() -> None:
    """zipai.md G3 [P]: 对 red 1, black 0, 精 K(f)−2."""
    assert set_value("对", f("上"), 3, 0, None, DEFAULT_SCORING) == 1
    assert set_value("对", f("孔"), 3, 0, None, DEFAULT_SCORING) == 0
    assert set_value("对", SAN, 3, 1, None, DEFAULT_SCORING) == 4


@pytest.mark.parametrize(
    ("text", "hu"),
    [("上大人", 1), ("可知礼", 1), ("孔乙己", 0), ("八九子", 0), ("化三千", 1), ("化三*千", 2),
     ("三四五*", 3), ("五六七", 2), ("孔乙*己", 1)],
)  # fmt: skip
def test_sentences(text: str, hu: int) -> None:
    """Seed 003 §3: red 句 1, black 0; 素精 +1, 花精 +2 (化三千); several 精 add up
    (zipai.md A3.4 [C:R2, R3]); 花乙 +1 (G5 [P])."""
    cards = parse_cards(text)
    faces = tuple(c if c < 22 else FACES.index(text.replace("*", "")[i]) for i, c in
                  enumerate(cards))  # fmt: skip
    assert sentence_value(cards, faces, None, DEFAULT_SCORING) == hu


def test_zhujing_doubles_only_the_main_card_in_a_sentence() -> None:
    """zipai.md A3.4: 主 素精 +2, 主 花精 +4; other 精 in the 句 keep their value."""
    cards = (SAN, f("四"), card(WU, True))
    assert sentence_value(cards, (SAN, f("四"), WU), WU, DEFAULT_SCORING) == 1 + 4


WORKED = "上大人可知礼化三*千五五五*孔孔孔八九十四五六二二"


def test_worked_example_a36() -> None:
    """zipai.md A3.6: 26 before 主精; 七 and 五 tie on 4 cards, 主七 gives 40; 分 5."""
    result = best_hand(parse_cards(WORKED), [Meld.of("紮", "七七七*七*")])
    assert (result.wins, result.hu, result.fen, result.zhujing) == (True, 40, 5, QI)
    assert result.tingtou == (f("二"), f("二"))
    assert sorted(u.hu for u in result.units) == [0, 1, 1, 1, 1, 2, 6, 28]
    assert sum(u.hu for u in result.units) + result.tingtou_hu == 40


def test_worked_example_without_the_tie_break() -> None:
    """zipai.md A3.6: with 主五 the hand would be 33; max_hu reading agrees on 40."""
    result = best_hand(parse_cards(WORKED), [Meld.of("紮", "七七七*七*")],
                       zhujing_reading="max_hu")  # fmt: skip
    assert result.hu == 40
    plain_zha = best_hand(parse_cards(WORKED), [Meld.of("紮", "七七七七*")])
    assert plain_zha.hu == 26 - 14 + 12 + 12  # 主七 doubles the 12 of 3素1花


@pytest.mark.parametrize(("hu", "fen"), [(16, None), (17, 1), (21, 1), (22, 2), (26, 2), (27, 3)])
def test_fen(hu: int, fen: int | None) -> None:
    """Seed 003 §5: 17胡 1分, 逢5進1 (22 → 2, 27 → 3)."""
    assert fen_for(hu) == fen


def test_threshold_is_a_parameter() -> None:
    """Seed 003 §4 (至少有17個胡): 22 胡 wins at 17, not at 23."""
    hand = parse_cards(WORKED)
    melds = [Meld.of("紮", "七七七*七*")]
    assert best_hand(hand, melds).wins
    assert not best_hand(hand, melds, threshold=41).wins
    assert best_hand(hand, melds, threshold=41).hu == 40


def test_discard_win_scores_the_completed_kan_as_dui() -> None:
    """zipai.md A6 [P]: a 坎 completed by the winning discard counts as 对 (精 −2)."""
    hand = parse_cards(WORKED)
    melds = [Meld.of("紮", "七七七*七*")]
    won = best_hand(hand, melds, won_discard=card(f("孔")))
    assert won.hu == 39 and any(u.kind == "对" and u.exposed for u in won.units)
    elsewhere = best_hand(hand, melds, won_discard=card(f("四")))
    assert elsewhere.hu == 40


def test_incomplete_hand_reports_no_units() -> None:
    hand = parse_cards("上大人可知礼化三*千五五五*孔孔孔八九十四五六二子七七七")
    result = best_hand(hand)
    assert not result.complete and not result.wins and result.hu == 0 and result.units == ()


def test_joker_is_a_flowered_jing_on_the_best_face() -> None:
    """Seed 003 preamble: 赖子可作為任一精（代花三五七）."""
    result = best_hand(parse_cards("化赖千二二"), units_needed=1)
    assert result.hu == (2 + 0) * 2  # a 花三 in 化三千, doubled as the only 精 (主精)
    assert result.units[0].jokers_as == (SAN,)


def test_black_flower_bonus_option() -> None:
    """zipai.md G5: 花乙 in a 句 adds 1 by default; off with the flag."""
    hand = parse_cards("孔乙*己二二")
    assert best_hand(hand, units_needed=1).hu == 1
    assert best_hand(hand, units_needed=1, black_flower_bonus=False).hu == 0


def test_json_shape() -> None:
    result = best_hand(parse_cards(WORKED), [Meld.of("紮", "七七七*七*")])
    data = json.loads(json.dumps(result.to_json(), ensure_ascii=False))
    assert data["wins"] is True and data["hu"] == 40 and data["fen"] == 5
    assert data["tingtou"] == ["二", "二"] and data["zhujing"] == "七"
    assert {"kind": "紮", "cards": "七七七*七*", "hu": 28, "exposed": True} in data["units"]


@pytest.mark.parametrize(
    ("text", "melds", "message"),
    [
        ("上大人", (), "has 26 concealed cards"),
        ("孔孔孔孔孔孔上上大大人人可可知知礼礼化化千千二二四四", (), "6 × 孔"),
    ],
)
def test_bad_hands_are_rejected(text: str, melds: tuple[Meld, ...], message: str) -> None:
    with pytest.raises(HandError, match=message):
        best_hand(parse_cards(text, check_counts=False), melds)


def test_bad_melds_are_rejected() -> None:
    with pytest.raises(ValueError, match="a 赖子 cannot be in a 对"):
        Meld.of("对", "三三赖")
    with pytest.raises(ValueError, match="one face"):
        Meld.of("紮", "三三三五")


def test_s003_gongan_gives_a_flowered_yi_or_jiu_nothing() -> None:
    """[S003] “普通紅字1句隻有1個胡…黑字1個胡也沒有，隻能湊句”: 花乙 / 花九 are black, so in
    the seed's preset ``gongan`` they add nothing; the bonus (G5 [P]) is the app preset's."""
    from huapai.core.registry import get_game
    from huapai.games.biegan.rules import scoring_of

    game = get_game("biegan")
    seed, app = scoring_of(game.rules("gongan")), scoring_of(game.rules("gongan-app"))
    assert (seed.black_flower_bonus, app.black_flower_bonus) == (False, True)
    for text in ("孔乙*己二二", "八九*子二二"):
        hand = parse_cards(text)
        assert best_hand(hand, units_needed=1, black_flower_bonus=seed.black_flower_bonus).hu == 0
        assert best_hand(hand, units_needed=1, black_flower_bonus=app.black_flower_bonus).hu == 1
