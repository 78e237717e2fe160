"""``XiushanGame.worth``: a deal's money, and under 钵福 the abacus standing besides — what
the search's rollouts are rewarded by."""

from __future__ import annotations

import pytest

from huapai.bots.registry import make_bot
from huapai.core.registry import get_game
from huapai.core.session import decide
from huapai.games.xiushan.game import XiushanGame
from huapai.games.xiushan.state import State

_GAME = get_game("xiushan")
assert isinstance(_GAME, XiushanGame)
GAME: XiushanGame = _GAME


def _finished(preset: str, seed: int) -> State:
    rules = GAME.rules(preset)
    bots = [make_bot("heuristic", GAME, rules, k, seed + k) for k in range(GAME.num_seats(rules))]
    state = GAME.new_game(rules, seed=seed)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        state, _ = GAME.apply(state, seat, decide(bots[seat], GAME, state, seat, legal))
    assert isinstance(state, State)
    return state


@pytest.mark.parametrize("preset", ["maquefu", "huangliufu", "shibafu", "sanliufu"])
def test_without_a_bo_the_worth_is_the_money(preset: str) -> None:
    for seed in range(3):
        state = _finished(preset, seed)
        assert GAME.worth(state) == tuple(float(d) for d in GAME.settlement(state).deltas)


def test_under_bofu_the_abacus_counts() -> None:
    wins = 0
    for seed in range(12):
        state = _finished("bofu", seed)
        assert state.bo is not None
        money = GAME.settlement(state).deltas
        abaci = [s.abacus for s in state.bo.seats]
        worth = GAME.worth(state)
        mean = sum(abaci) / len(abaci)
        expected = [m + 2 * (a - mean) for m, a in zip(money, abaci, strict=True)]
        assert worth == pytest.approx(expected)
        assert sum(worth) == pytest.approx(sum(money))  # zero-sum, as the money is
        if state.win is not None and not state.debo:
            wins += 1  # a win short of the target moves no money, but it is worth something
            assert money == (0,) * len(money) and worth != (0.0,) * len(money)
    assert wins >= 1


def test_the_search_is_rewarded_by_the_worth(monkeypatch: pytest.MonkeyPatch) -> None:
    from huapai.bots.search import BUDGETS, Searcher

    rules = GAME.rules("bofu")
    state = GAME.new_game(rules, seed=3)
    searcher = Searcher(GAME, rules, BUDGETS["入门"], 1)
    legal = GAME.legal_actions(state, GAME.to_act(state)[0])
    monkeypatch.setattr(type(GAME), "worth", lambda self, s: (7.5, -3.0, -4.5), raising=True)
    assert searcher._playout(state, GAME.to_act(state)[0], legal[0]) == 7.5
