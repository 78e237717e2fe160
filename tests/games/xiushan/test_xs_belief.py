"""秀山's informed resampling (:mod:`huapai.games.xiushan.belief`) and the feed
calibration (:mod:`huapai.games.xiushan.calibration`)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from huapai.games.xiushan.belief import (
    DEFAULT_BELIEF,
    BeliefParams,
    discard_log_likelihood,
    improve,
    log_weight,
    resample_informed,
    turns_for,
)
from huapai.games.xiushan.calibration import calibrate, decisions, feeds, main
from huapai.games.xiushan.cards import NUM_CARDS, parse_cards
from huapai.games.xiushan.game import GAME, check_invariants
from huapai.games.xiushan.sample import resample
from huapai.games.xiushan.state import State

PRESETS = ("maquefu", "huangliufu", "shibafu", "bofu", "sanliufu")


def _states(preset: str, deals: int = 1, seed: int = 3) -> Iterator[tuple[State, int]]:
    for state, seat, _ in decisions(preset, deals, seed):
        yield state, seat


def _played(state: State) -> dict[str, object]:
    """What play reads (the deal outside the stock is rebuilt in sorted order)."""
    return {k: v for k, v in GAME.omniscient(state).items() if k != "deal"}


@pytest.mark.parametrize("preset", PRESETS)
def test_worlds_are_consistent_with_what_the_seat_sees(preset: str) -> None:
    checked = 0
    for state, seat in _states(preset):
        for k in range(2):
            world = GAME.resample_informed(state, seat, random.Random(k))
            check_invariants(world)
            assert GAME.observe(world, seat) == GAME.observe(state, seat)
            assert world.hands[seat] == state.hands[seat]
            assert [sum(h) for h in world.hands] == [sum(h) for h in state.hands]
            assert world.stock == state.stock
            checked += 1
    assert checked > 10


def test_deterministic_for_a_seed_and_never_reads_the_hidden_cards() -> None:
    """Two states the seat cannot tell apart give the same world for the same rng."""
    compared = 0
    for state, seat in _states("shibafu", deals=2):
        other = next((w for k in range(20) if _played(w := resample(
            state, seat, random.Random(k))) != _played(state)), None)
        if other is None:
            continue
        for k in range(2):
            a = resample_informed(state, seat, random.Random(k))
            assert _played(a) == _played(resample_informed(state, seat, random.Random(k)))
            assert _played(a) == _played(resample_informed(other, seat, random.Random(k)))
        compared += 1
    assert compared > 10


def test_pseudo_turns_keep_the_cards_and_lay_no_triple_in_hand() -> None:
    """``improve`` only moves hidden cards among hidden places; with 哨 laid no hand it
    touched ends with three alike unless the uniform world had them already."""
    for state, seat in _states("shibafu", deals=2):
        if not any(state.rivers[p] for p in state.active if p != seat):
            continue
        world = resample(state, seat, random.Random(1))
        before = {p: world.hands[p] for p in world.active}
        pool = sorted(c for p in world.active if p != seat for c in range(NUM_CARDS)
                      for _ in range(world.hands[p][c])) + sorted(
            world.deal[world.top:world.stock_end])
        improve(world, seat, random.Random(2), 8.0)
        check_invariants(world)
        after = sorted(c for p in world.active if p != seat for c in range(NUM_CARDS)
                       for _ in range(world.hands[p][c])) + sorted(
            world.deal[world.top:world.stock_end])
        assert sorted(after) == sorted(pool)
        assert world.hands[seat] == before[seat]
        for p in world.active:
            if p != seat:
                triples = {c for c in range(NUM_CARDS) if world.hands[p][c] >= 3}
                assert triples <= {c for c in range(NUM_CARDS) if before[p][c] >= 3}


def test_informed_worlds_see_more_of_the_feeding_threat() -> None:
    """The hypothesis measured small: on the same decisions, uniform worlds predict far
    fewer wins on a discard than happen; informed ones predict more, and score better."""
    report = calibrate("shibafu", 3, 1, 6, {
        "uniform": resample,
        "informed": lambda s, seat, rng: resample_informed(s, seat, rng)})
    uniform, informed = report.overall["uniform"], report.overall["informed"]
    assert uniform.n == informed.n > 100
    assert uniform.actual == informed.actual > 0
    assert uniform.predicted < informed.predicted
    assert uniform.predicted < uniform.actual
    assert informed.log_loss < uniform.log_loss


def test_feeds_is_the_engine_s_answer() -> None:
    for state, seat, cards in decisions("shibafu", 2, 1):
        for c in cards:
            t, _ = GAME.apply(state, seat, 7 + c)
            wins = any(1 in GAME.legal_actions(t, p) for p in GAME.to_act(t))
            assert feeds(state, seat, c) == wins


def test_discard_likelihood_prefers_the_loose_card() -> None:
    rules = GAME.rules("shibafu")
    hand = [0] * NUM_CARDS
    for c in parse_cards("一二三四五六七八九十壹", check_counts=False):
        hand[c] += 1
    loose, kept = parse_cards("壹", check_counts=False)[0], parse_cards("五", check_counts=False)[0]
    assert discard_log_likelihood(rules, hand, loose, 1.0) > \
        discard_log_likelihood(rules, hand, kept, 1.0)
    total = sum(pow(2.718281828459045, discard_log_likelihood(rules, hand, c, 1.0))
                for c in range(NUM_CARDS) if hand[c])
    assert total == pytest.approx(1.0)


def test_importance_weights_and_params() -> None:
    state, seat = next((s, p) for s, p in _states("shibafu", deals=2)
                       if any(s.rivers[q] for q in s.active if q != p))
    world = resample(state, seat, random.Random(0))
    assert log_weight(world, seat) < 0
    assert log_weight(world, seat, BeliefParams(depth=0)) == 0
    sir = BeliefParams(worlds=4, turns=0)
    a = resample_informed(state, seat, random.Random(5), sir)
    assert _played(a) == _played(resample_informed(state, seat, random.Random(5), sir))
    assert DEFAULT_BELIEF.worlds >= 1
    by_rules = resample_informed(state, seat, random.Random(6))
    eight = resample_informed(state, seat, random.Random(6), BeliefParams(turns=8.0))
    three = resample_informed(state, seat, random.Random(6), BeliefParams(turns=3.0))
    assert turns_for(state.rules) == 8.0 and turns_for(GAME.rules("maquefu")) == 3.0
    assert _played(by_rules) == _played(eight) != _played(three)
    for bad in ({"worlds": 0}, {"temperature": 0}, {"depth": -1}, {"decay": 2},
                {"turns": -1}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            BeliefParams(**bad)


def test_a_finished_deal_is_returned_as_is() -> None:
    rules = GAME.rules("shibafu")
    state = GAME.new_game(rules, seed=4)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])
    assert resample_informed(state, 0, random.Random(1)) is state
    with pytest.raises(ValueError, match="seat"):
        GAME.resample_informed(state, 7, random.Random(1))


def test_the_measurement_runs_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--deals", "1", "--samples", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["samplers"]) == {"uniform", "informed"}
    assert set(out["samplers"]["informed"]["buckets"]) <= {"early", "middle", "late"}
    assert out["decisions"] > 0
    with pytest.raises(SystemExit):
        main(["--deals", "0"])
