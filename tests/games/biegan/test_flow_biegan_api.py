"""双别杆 on the protocol: action notation, rules and presets, views and hidden
information, records and matches, and the fast win test against the calculator."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_flow_biegan import GAME, HAND17, E, M, Z, act, play, qingtong_pass, rules, start

from huapai.core.match import Match
from huapai.core.protocol import IllegalAction, NotationError, RulesError
from huapai.core.random_bot import RandomBot
from huapai.core.record import dumps, parse, replay_deal
from huapai.core.session import Deal
from huapai.games.biegan.calculator import score_hand
from huapai.games.biegan.cards import DECK, JING_FACES, JOKER, face_of, parse_cards
from huapai.games.biegan.rules import PRESETS, scoring_of
from huapai.games.biegan.state import NUM_ACTIONS
from huapai.games.biegan.turn import counts_of
from huapai.games.biegan.units import SENTENCES
from huapai.games.biegan.winning import decomposes, defects, packed_of


# ------------------------------------------------------------------------- notation
def test_every_action_round_trips_through_its_text() -> None:
    r = rules()
    texts = [GAME.format_action(r, a) for a in range(NUM_ACTIONS)]
    assert len(set(texts)) == NUM_ACTIONS
    assert [GAME.parse_action(r, t) for t in texts] == list(range(NUM_ACTIONS))


@pytest.mark.parametrize(("text", "same_as"), [
    ("pass", "过"), ("不对", "过"), ("hu", "胡"), ("對", "对"), ("三*", "打 三*"),
    ("出 禮", "打 礼"), ("d 赖", "打 赖"), ("扎 七", "紮 七"), ("開泛 五", "开泛 五"),
    ("kaifan 五", "开泛 五"), ("  打三*  ", "打 三*"),
    # English players typed win (a terminal play-test); Chinese players say 花三
    ("win", "胡"), ("WIN", "胡"), ("打 花三", "打 三*"), ("花三", "打 三*"),
])
def test_other_spellings(text: str, same_as: str) -> None:
    r = rules()
    assert GAME.parse_action(r, text) == GAME.parse_action(r, same_as)


def test_an_unreadable_word_says_how_to_write_cards() -> None:
    """``qian`` and ``打 干`` were said to be unknown cards with no hint that a card is
    typed as its 汉字 (a terminal play-test)."""
    with pytest.raises(NotationError) as caught:
        GAME.parse_action(rules(), "qian")
    assert "牌写汉字，如 上" in caught.value.msg.zh
    english = caught.value.msg.en
    assert "a card is its 汉字, e.g. 上" in english and "hu (win)" in english


@pytest.mark.parametrize(("text", "culprit"), [
    ("", "empty"), ("打", "打 needs a card"), ("打 三四", "exactly one"), ("紮 赖", "a face"),
    ("打 X", "'X'"), ("十*", "no flowered"),
    # a word that takes no card, then a card (a terminal play-test: 对 千 was said to be
    # cards whose first was no card); a card alone is its 打, one at a time
    ("对 千", "对 takes no card"), ("对千", "对 takes no card"), ("hu 千", "hu takes no card"),
    ("千千", "one card at a time: '千千' is 2 cards"),
])
def test_bad_action_text_names_the_problem(text: str, culprit: str) -> None:
    with pytest.raises(NotationError, match=culprit):
        GAME.parse_action(rules(), text)


def test_a_word_that_is_no_card_is_not_said_as_a_discard() -> None:
    """A terminal play-test: ``xyzzy`` answered 看不懂「xyzzy」：打：第 1 个字 'x' 不是牌 — the
    打： read as if the player had typed 打. A word alone says only why it is no card;
    ``打 x`` keeps its word."""
    with pytest.raises(NotationError) as alone:
        GAME.parse_action(rules(), "xyzzy")
    assert alone.value.msg.zh.startswith("第 1 个字「x」不是牌（"), alone.value.msg.zh
    assert not alone.value.msg.en.startswith("打"), alone.value.msg.en
    with pytest.raises(NotationError) as said:
        GAME.parse_action(rules(), "打 x")
    assert said.value.msg.zh.startswith("打：第 1 个字「x」不是牌"), said.value.msg.zh


def test_discard_ids_follow_the_display_order() -> None:
    """A sorted legal list reads like the hand: 乙 then 乙*, 赖 last."""
    r = rules()
    order = [GAME.parse_action(r, "打 " + c) for c in ("上", "乙", "乙*", "六", "赖")]
    assert order == sorted(order)


# ---------------------------------------------------------------------------- rules
def test_presets_and_options() -> None:
    assert list(PRESETS) == ["gongan", "danbiegan", "gongan-app"]
    assert GAME.rules("gongan").hu_threshold == 17 and GAME.rules("danbiegan").jokers == 1
    assert scoring_of(GAME.rules("gongan-app")).zhujing_reading == "max_hu"
    with pytest.raises(RulesError, match="fen_mode"):
        GAME.rules("gongan", fen_mode="double")
    with pytest.raises(RulesError, match="multiplier"):
        GAME.rules("gongan", multiplier=0)
    r = GAME.rules("gongan", multiplier=10, ask="eligible")
    assert GAME.rules_from_dict(json.loads(json.dumps(GAME.rules_to_dict(r)))) == r


def test_every_option_names_its_source() -> None:
    rows = type(rules()).describe()
    assert len(rows) >= 20
    assert all(zh and doc and source for _, _, zh, doc, source in rows)


# ---------------------------------------------------------------------------- views
def test_views_hide_other_hands_and_the_stock() -> None:
    state = GAME.new_game(rules(), seed=12)
    view = GAME.observe(state, E)
    assert view["hand"] and len(parse_cards(view["hand"])) == 25
    assert "hands" not in view and "stock_cards" not in view
    assert GAME.observe(state, None)["hand"] is None
    assert len(GAME.omniscient(state)["hands"]) == 3
    assert len(GAME.encode_observation(state, E)) == GAME.observation_size(rules())
    for bad in (3, -1, "1", True):
        with pytest.raises(ValueError, match="seats are 0, 1 and 2"):
            GAME.observe(state, bad)


def test_the_drawn_card_is_private() -> None:
    state = start(rules(), zhuang="化", top="士")
    state = play(state, [*qingtong_pass(), (Z, "打 化"), (E, "过"), (M, "过")])
    assert GAME.observe(state, E)["drawn"] == "士"
    assert GAME.observe(state, M)["drawn"] is None


def test_window_answers_stay_private_until_resolved() -> None:
    state = start(rules(), zhuang="七", erjia="七七", mojia="七*七*")
    state = play(state, [*qingtong_pass(), (Z, "打 七")])
    state, events = act(state, M, "对")
    assert GAME.observe(state, M)["my_answer"] == "对"
    assert GAME.observe(state, E)["my_answer"] is None
    assert events[0].for_viewer(E).to_json()["answer"] is None


def test_the_winners_hand_is_shown_at_the_end() -> None:
    state = start(rules(), zhuang="二", erjia=HAND17)
    state = play(state, [*qingtong_pass(), (Z, "打 二"), (E, "胡"), (M, "过")])
    (win,) = GAME.observe(state, M)["wins"]
    assert win["hu"] == 17 and win["card"] == "二" and len(parse_cards(win["hand"])) == 26
    assert GAME.observe(state, M)["settlement"]["deltas"] == [-2, 2, 0]


# -------------------------------------------------------------------- records, matches
def test_a_record_replays_the_deal_exactly() -> None:
    r = rules()
    deal = Deal.start(GAME, r, seed=21, dealer=2)
    bots = [RandomBot(i) for i in range(3)]
    deal.play_out(bots)
    _, blocks = parse(dumps(deal.record.lines()))
    replay = replay_deal(blocks[0])
    assert GAME.omniscient(replay.final) == GAME.omniscient(deal.state)


def test_a_match_keeps_running_totals_and_rotates_the_dealer() -> None:
    match = Match(GAME, rules(multiplier=10), deals=4, seed=3)
    totals = match.play([RandomBot(i) for i in range(3)])
    assert sum(totals) == 0 and len(match.settlements) == 4
    assert len(match.record.deals) == 4


# ---------------------------------------------------------------- the fast win test
def _complete_hand(rng: random.Random) -> list[int]:
    """26 cards that decompose: 8 random 句 / 坎 and a 听头, real cards of one deck (a
    精 sometimes played by a 赖子)."""
    while True:
        units = [rng.choice(SENTENCES) if rng.random() < 0.6 else (rng.randrange(22),) * 3
                 for _ in range(8)]
        pair = rng.randrange(22)
        faces = [f for unit in (*units, (pair, pair)) for f in unit]
        if all(faces.count(f) <= 5 for f in range(22)):
            break
    by_face: dict[int, list[int]] = {}
    for code in DECK:
        by_face.setdefault(JOKER if code == JOKER else face_of(code), []).append(code)
    for cards in by_face.values():
        rng.shuffle(cards)
    hand = []
    for f in faces:
        if f in JING_FACES and by_face[JOKER] and rng.random() < 0.1:
            hand.append(by_face[JOKER].pop())
        else:
            hand.append(by_face[f].pop())
    return hand


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32))
def test_the_defect_prefilter_never_rejects_a_complete_hand(seed: int) -> None:
    """A complete hand has at most one of 上大人 / 可知礼 / 孔·己 / 化·千 out of step."""
    hand = _complete_hand(random.Random(seed))
    counts = counts_of(hand)
    packed = packed_of(counts)
    assert defects(packed) <= 1
    assert decomposes(rules(), packed, counts[JOKER])


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32))
def test_the_engine_win_test_agrees_with_the_calculator(seed: int) -> None:
    """``decomposes`` + ``reading`` (the engine) against ``score_hand`` on random 26-card
    hands, near-complete ones included (a complete hand with two cards swapped)."""
    rng = random.Random(seed)
    if rng.random() < 0.5:
        hand = _complete_hand(rng)
        if rng.random() < 0.5:
            rest = [c for c in DECK if hand.count(c) < DECK.count(c)]
            hand[rng.randrange(26)] = rng.choice(rest)
            if max(counts_of([face_of(c) for c in hand if c != JOKER])) > 5:
                return
    else:
        pool = list(DECK)
        rng.shuffle(pool)
        hand = pool[:26]
    counts = counts_of(hand)
    r = rules()
    full = score_hand(hand, (), scoring_of(r))
    fast = decomposes(r, packed_of(counts), counts[JOKER])
    assert fast == full.complete


def test_a_winners_face_down_groups_are_shown_to_all_when_the_deal_is_over() -> None:
    """The winner's whole hand is laid out at the end (the how-to says so), but the table
    kept his face-down 泛 as 泛[?????] above a settlement listing 泛 礼礼礼礼礼 (a
    terminal play-test): at the deal's end his groups are open to every seat; a loser's
    face-down 紮 stays his."""
    from huapai.games.biegan.bot import HeuristicBot

    r = rules("gongan")
    for seed in range(200):
        state = GAME.new_game(r, seed=seed)
        bots = [HeuristicBot(r, seat, seed) for seat in range(3)]
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            action = bots[seat].act(GAME.observe(state, seat), GAME.legal_actions(state, seat))
            state, _ = GAME.apply(state, seat, action)
        winners = {w.seat for w in state.wins}
        hidden = [(p, i) for p in range(3) for i, held in enumerate(state.melds[p]) if held.hidden]
        if not winners or not any(p in winners for p, _ in hidden):
            continue
        for viewer in (*range(3), None):
            melds = GAME.observe(state, viewer)["melds"]
            for p, i in hidden:
                shown = p in winners or p == viewer
                assert (melds[p][i]["cards"] is not None) == shown, (viewer, p, i)
        return
    raise AssertionError("no deal of 200 was won by a seat with a face-down group")


def test_a_discard_of_the_other_copy_is_named() -> None:
    """A play-tester typed 九 holding only 花九 and was told 你手里没有九: the refusal names the
    copy the hand holds, and how to discard it."""
    state = play(start(rules(), zhuang="九*九*", erjia="九九九"), [*qingtong_pass()])
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, Z, GAME.parse_action(state.rules, "打 九"))
    said = caught.value.msg
    assert (said.zh, said.en) == ("你手里没有九，有花九：打 花九",
                                  "you hold no 九, but 花九: discard 花九")
