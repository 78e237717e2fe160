"""双别杆 resample: face-down melds, window answers, the card just drawn, 过胡."""

from __future__ import annotations

import random

from test_flow_biegan import GAME, E, M, Z, act, play, qingtong_pass, rules, start

from huapai.games.biegan.state import PASS


def test_a_face_down_zha_gets_new_faces_the_pool_can_make() -> None:
    state = start(rules(), mojia="七七七*七*")
    state = play(state, [(M, "紮 七")])
    assert GAME.observe(state, Z)["melds"][M][0]["cards"] is None
    rng = random.Random(2)
    faces = set()
    for _ in range(60):
        other = GAME.resample(state, Z, rng)
        held = other.melds[M][0]
        assert held.hidden and held.meld.kind == "紮" and len(held.meld.cards) == 4
        faces.add(held.meld.face)
        assert GAME.observe(other, Z) == GAME.observe(state, Z)
        GAME.check_invariants(other)
    assert len(faces) >= 5
    own = GAME.resample(state, M, rng)
    assert own.melds[M] == state.melds[M]  # its owner sees it: it stays


def test_other_seats_window_answers_become_passes() -> None:
    state = start(rules(), zhuang="七", erjia="七七", mojia="七*七*")
    state = play(state, [*qingtong_pass(), (Z, "打 七")])
    state, _ = act(state, M, "对")
    rng = random.Random(3)
    assert GAME.resample(state, E, rng).answers == ((M, PASS),)
    assert GAME.resample(state, M, rng).answers == state.answers
    assert GAME.to_act(GAME.resample(state, E, rng)) == (E,)


def test_the_card_another_seat_drew_is_one_of_its_cards() -> None:
    state = start(rules(), zhuang="化", top="士")
    state = play(state, [*qingtong_pass(), (Z, "打 化"), (E, "过"), (M, "过")])
    assert state.turn == E and state.drawn is not None
    rng = random.Random(4)
    for _ in range(30):
        other = GAME.resample(state, Z, rng)
        assert other.drawn is not None and other.hands[E][other.drawn] > 0
    assert GAME.resample(state, E, rng).drawn == state.drawn


def test_guohu_of_other_seats_is_not_carried_over() -> None:
    state = start(rules(), seed=5)
    state.guohu = 0b110  # seats 1 and 2 under 过胡 (a test-made state)
    assert GAME.resample(state, E, random.Random(1)).guohu == 0b010
