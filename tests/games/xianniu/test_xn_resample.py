"""掀牛 resample: the seat asked to follow always holds a play that beats the top one."""

from __future__ import annotations

import random
from typing import Any

from huapai.core.registry import get_game
from huapai.games.xianniu import sample
from huapai.games.xianniu.cards import expand
from huapai.games.xianniu.state import FOLLOW

GAME: Any = get_game("xianniu")


def _follow_states(preset: str, deals: int) -> list[Any]:
    rules, rng, out = GAME.rules(preset), random.Random(5), []
    for seed in range(deals):
        state = GAME.new_game(rules, seed=seed)
        while not GAME.is_over(state):
            if state.phase == FOLLOW:
                out.append(state)
            seat = GAME.to_act(state)[0]
            state, _ = GAME.apply(state, seat, rng.choice(list(GAME.legal_actions(state, seat))))
    return out


def test_the_follower_of_a_resampled_trick_can_beat_it() -> None:
    rng = random.Random(1)
    for state in _follow_states("fengxiang", 30):
        for seat in (p for p in state.active if p != state.turn):
            for other in (GAME.resample(state, seat, rng),
                          sample._around_a_beater(state, [p for p in state.active if p != seat],
                                                  _hidden(state, seat), rng)):
                assert GAME.legal_actions(other, other.turn)
                assert GAME.observe(other, seat) == GAME.observe(state, seat)
                GAME.check_invariants(other)


def _hidden(state: Any, seat: int) -> list[int]:
    return [f for p in state.active if p != seat
            for f in (*expand(state.hands[p]), *expand(state.discards[p]))]


def _random_states(preset: str, deals: int, seed: int) -> list[Any]:
    rules, rng, out = GAME.rules(preset), random.Random(seed), []
    for deal in range(deals):
        state = GAME.new_game(rules, seed=deal)
        while not GAME.is_over(state):
            out.append(state)
            seat = GAME.to_act(state)[0]
            state, _ = GAME.apply(state, seat, rng.choice(list(GAME.legal_actions(state, seat))))
    return out


def test_a_seat_never_holds_a_beater_of_a_play_it_passed_on() -> None:
    """The premise of the informed resample: in real play ``nobeat`` is never broken."""
    checked = 0
    for state in _random_states("lanzhou", 40, 2):
        for seat in state.active:
            assert sample.violations(state, seat) == 0
        checked += bool(state.nobeat)
    assert checked > 100


def test_informed_worlds_respect_the_passes_and_the_observation() -> None:
    rng, broken, uniform_broken, seen = random.Random(3), 0, 0, 0
    for state in _random_states("fengxiang", 30, 4)[::3]:
        seat = GAME.to_act(state)[0]
        informed = GAME.resample_informed(state, seat, rng)
        assert GAME.observe(informed, seat) == GAME.observe(state, seat)
        GAME.check_invariants(informed)
        if GAME.to_act(informed):
            assert GAME.legal_actions(informed, GAME.to_act(informed)[0])
        broken += sample.violations(informed, seat) > 0
        uniform_broken += sample.violations(GAME.resample(state, seat, rng), seat) > 0
        seen += 1
    assert uniform_broken > 0, "the uniform resample ignores the passes"
    assert broken * 20 <= uniform_broken, (broken, uniform_broken, seen)


def test_the_informed_resample_reads_only_the_seat_s_information() -> None:
    for state in _random_states("lanzhou", 10, 6)[5::7]:
        seat = GAME.to_act(state)[0]
        other = GAME.resample(state, seat, random.Random(9))
        for k in range(3):
            a = GAME.resample_informed(state, seat, random.Random(k))
            b = GAME.resample_informed(other, seat, random.Random(k))
            assert GAME.omniscient(a) == GAME.omniscient(b)
