"""双别杆 resample_informed: consistent worlds, planted waiting hands, never peeks, and
the calibration module (``python -m huapai.games.biegan.belief``)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from test_flow_biegan import GAME, rules

from huapai.core.session import decide
from huapai.games.biegan import belief, informed
from huapai.games.biegan.bot import HeuristicBot
from huapai.games.biegan.cards import NUM_CODES, copies_of, parse_cards
from huapai.games.biegan.informed import resample_informed
from huapai.games.biegan.plant import plant
from huapai.games.biegan.state import AFTER_DUI, TURN, Held, State
from huapai.games.biegan.units import Meld
from huapai.games.biegan.window import can_hu_on
from huapai.games.biegan.winning import packed_of


def _late_decisions(seed: int, stock_below: int) -> Iterator[tuple[State, int]]:
    """Discard decisions of a heuristic self-play deal once the stock is low."""
    r = rules()
    bots = [HeuristicBot(r, p, seed * 10 + p) for p in range(r.players)]
    state: State = GAME.new_game(r, seed=seed)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = list(GAME.legal_actions(state, seat))
        if state.phase in (TURN, AFTER_DUI) and state.stock < stock_below and len(legal) > 1:
            yield state, seat
        action = legal[0] if len(legal) == 1 else decide(bots[seat], GAME, state, seat, legal)
        state, _ = GAME.apply(state, seat, action)


def _hidden_part(s: State, seat: int) -> tuple[object, ...]:
    """What play depends on that ``seat`` cannot see: hands, melds, stock, drawn card."""
    return (tuple(s.hands), tuple(s.melds), s.deal[s.top:s.bottom + 1], s.drawn)


def test_informed_worlds_agree_with_what_the_seat_saw() -> None:
    planted = 0
    for state, seat in list(_late_decisions(seed=3, stock_below=20))[:6]:
        rng = random.Random(seat)
        for _ in range(8):
            world = resample_informed(state, seat, rng)
            GAME.check_invariants(world)
            assert GAME.observe(world, seat) == GAME.observe(state, seat)
            assert GAME.to_act(world) == GAME.to_act(state)
            planted += any(informed.waiting(world, p) for p in range(3) if p != seat)
    assert planted > 0


def test_the_same_seed_gives_the_same_world() -> None:
    state, seat = next(_late_decisions(seed=4, stock_below=15))
    one = [_hidden_part(resample_informed(state, seat, random.Random(k)), seat)
           for k in range(6)]
    two = [_hidden_part(resample_informed(state, seat, random.Random(k)), seat)
           for k in range(6)]
    assert one == two and len(set(map(repr, one))) > 1


def test_it_never_peeks_hidden_cards_moved_around_give_the_same_worlds() -> None:
    checked, differs = 0, 0
    for state, seat in list(_late_decisions(seed=5, stock_below=20))[:4]:
        other = GAME.resample(state, seat, random.Random(99))
        assert _hidden_part(other, seat) != _hidden_part(state, seat)
        for k in range(6):
            a = resample_informed(state, seat, random.Random(k))
            b = resample_informed(other, seat, random.Random(k))
            assert _hidden_part(a, seat) == _hidden_part(b, seat)
            differs += _hidden_part(a, seat) != _hidden_part(
                GAME.resample(state, seat, random.Random(k)), seat)
        checked += 1
    assert checked == 4 and differs > 0  # the informed branch ran, not only resample


def test_informed_worlds_wait_more_often_than_uniform_ones_late_in_a_deal() -> None:
    counts = {"uniform": 0, "informed": 0}
    states = list(_late_decisions(seed=7, stock_below=14))[:5]
    assert len(states) == 5
    for state, seat in states:
        for name, sample in (("uniform", GAME.resample), ("informed", resample_informed)):
            rng = random.Random(1)
            for _ in range(10):
                world = sample(state, seat, rng)
                counts[name] += sum(informed.waiting(world, p) for p in range(3) if p != seat)
    assert counts["informed"] > 3 * max(1, counts["uniform"])


def test_a_planted_hand_waits_and_comes_out_of_the_pool() -> None:
    r = rules()
    pool = [copies_of(c) for c in range(NUM_CODES)]
    rng = random.Random(2)
    found = 0
    for _ in range(20):
        hand = plant(r, 25, (), pool, rng)
        if hand is None:
            continue
        found += 1
        assert sum(hand) == 25 and all(0 <= n <= pool[c] for c, n in enumerate(hand))
        state: State = GAME.new_game(r, seed=1)
        state.hands[1] = hand
        state.packed[1] = packed_of(hand)
        assert any(can_hu_on(state, 1, c) for c in range(NUM_CODES) if hand[c] < pool[c])
    assert found >= 5
    assert plant(r, 24, (), pool, rng) is None  # not 3k + 1 cards: no waiting hand
    assert plant(r, 25, (), [0] * NUM_CODES, rng) is None  # nothing to build from


def test_the_ready_rate_grows_with_melds_and_as_the_stock_runs_down() -> None:
    state: State = GAME.new_game(rules(), seed=2)
    early = informed.ready_rate(state, 1)
    assert 0 < early < 0.1
    state.top = state.bottom - 4  # five cards left
    late = informed.ready_rate(state, 1)
    shown = Held(Meld("对", tuple(parse_cards("人人人"))), False, 0)
    state.melds[1] = (shown, shown, shown)
    assert early < late < informed.ready_rate(state, 1) < 1
    assert informed.ready_rate(state, 2) == late  # another seat's melds say nothing of it


def test_a_planted_seat_does_not_win_on_the_discard_it_just_let_go() -> None:
    for state, seat in list(_late_decisions(seed=7, stock_below=25))[:8]:
        passed = informed.just_passed(state, seat)
        if passed is None:
            continue
        rng = random.Random(3)
        for _ in range(6):
            world = resample_informed(state, seat, rng)
            for p in range(3):
                if p not in (seat, passed[0]) and informed.waiting(world, p):
                    assert not can_hu_on(world, p, passed[1])


def test_belief_measures_both_samplers_and_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert belief.main(["--deals", "1", "--worlds", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    runs = out["samplers"]
    assert set(runs) == {"uniform", "informed"}
    assert out["decisions"] > 10 and out["preset"] == "gongan"
    for run in runs.values():
        assert run["all"]["pairs"] >= out["decisions"]
        assert 0 <= run["all"]["predicted"] <= 1 and 0 <= run["all"]["actual"] <= 1
        assert 0 <= run["all"]["ready"] <= 1 and 0 <= run["all"]["ready_in_worlds"] <= 1
        assert set(run["buckets"]) <= set(belief.LABELS)
    assert runs["uniform"]["all"]["actual"] == runs["informed"]["all"]["actual"]  # same deals
    assert runs["uniform"]["all"]["ready"] == runs["informed"]["all"]["ready"]


def test_belief_refuses_bad_counts(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        belief.main(["--deals", "0"])
    assert "--deals and --worlds must be at least 1" in capsys.readouterr().err


@pytest.mark.parametrize(("preset", "overrides"), [
    ("danbiegan", {}), ("gongan-app", {}), ("gongan", {"players": 2})])
def test_informed_worlds_are_valid_on_every_preset(preset: str, overrides: dict[str, int]) -> None:
    r = rules(preset, **overrides)
    bots = [HeuristicBot(r, p, p) for p in range(r.players)]
    state: State = GAME.new_game(r, seed=8)
    rng, checked, seen = random.Random(4), 0, 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = list(GAME.legal_actions(state, seat))
        seen += len(legal) > 1
        if len(legal) > 1 and seen > 12:
            world = resample_informed(state, seat, rng)
            GAME.check_invariants(world)
            assert GAME.observe(world, seat) == GAME.observe(state, seat)
            checked += 1
        action = legal[0] if len(legal) == 1 else decide(bots[seat], GAME, state, seat, legal)
        state, _ = GAME.apply(state, seat, action)
    assert checked > 0
