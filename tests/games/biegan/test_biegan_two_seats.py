"""The two-seat 双别杆 room (issue 9 §3; ``players=2``, the commercial client R4's room
option, off — three seats — in every preset): the deal, 请统, the one-seat claim window,
who pays, whole deals through the conformance contract and the terminal."""

from __future__ import annotations

from typing import Any

import pytest
from test_flow_biegan import GAME, HAND17, act, legal_text, rules
from typer.testing import CliRunner

from huapai.cli import app
from huapai.core import conformance
from huapai.core.protocol import IllegalAction
from huapai.games.biegan.cards import parse_cards
from huapai.games.biegan.rules import PRESETS
from huapai.games.biegan.state import QINGTONG, WINDOW, State
from huapai.games.biegan.turn import build_deal

Z, E = 0, 1


def two(**overrides: Any) -> Any:
    return rules("gongan", players=2, **overrides)


def start2(r: Any, zhuang: str = "", erjia: str = "", *, top: str = "") -> State:
    hands = [parse_cards(h, check_counts=False) for h in (zhuang, erjia)]
    deal = build_deal(r, hands, top=parse_cards(top, check_counts=False))
    state: State = GAME.new_game(r, deal=deal, dealer=Z)
    return state


def play2(state: State, moves: list[tuple[int, str]]) -> State:
    for seat, text in moves:
        state, _ = act(state, seat, text)
    return state


def test_every_preset_seats_three() -> None:
    """[S] 三人玩牌."""
    assert {r.players for r in PRESETS.values()} == {3}
    assert GAME.num_seats(rules()) == 3 and GAME.num_seats(two()) == 2


def test_the_deal_with_two_seats() -> None:
    """[S] 莊家起26張, the other 25: 51 dealt, 61 left in the stock."""
    r = two()
    state = GAME.new_game(r, seed=4, dealer=1)
    assert [sum(h) for h in state.hands] == [25, 26] and state.stock == 61
    text = GAME.format_deal(r, state.deal)
    assert text.count("|") == 2 and GAME.parse_deal(r, text) == state.deal
    with pytest.raises(IllegalAction, match="0–1"):
        GAME.new_game(r, seed=4, dealer=2)


def test_qingtong_asks_the_erjia_then_the_dealer() -> None:
    """[S] 末家先紮，二家次紮，莊家最後: with no 末家, the 二家 and then the 庄家."""
    state = GAME.new_game(two(), seed=4, dealer=Z)
    assert state.phase == QINGTONG and GAME.to_act(state) == (E,)
    state = play2(state, [(E, "过")])
    assert GAME.to_act(state) == (Z,)


def test_the_one_other_seat_answers_and_pays_a_discard_win() -> None:
    """A discard win: the discarder pays the whole 2 × 分 × 倍数 [S]."""
    state = start2(two(multiplier=10), zhuang="二", erjia=HAND17)
    state = play2(state, [(E, "过"), (Z, "打 二")])
    assert state.phase == WINDOW and GAME.to_act(state) == (E,)
    assert "胡" in legal_text(state, E)
    state = play2(state, [(E, "胡")])
    fen = state.wins[0].result.fen
    assert fen is not None and GAME.settlement(state).deltas == (-20 * fen, 20 * fen)


def test_a_self_drawn_win_is_paid_whole_by_the_other_seat() -> None:
    """Engine choice (no source speaks of two seats): the winner collects 2 × 分 × 倍数 as
    in every win [S 10倍房間胡17胡收入20分], the one other seat paying it all."""
    state = start2(two(multiplier=10), zhuang="化", erjia=HAND17, top="二")
    state = play2(state, [(E, "过"), (Z, "打 化"), (E, "过")])
    assert "胡" in legal_text(state, E)
    state = play2(state, [(E, "胡")])
    fen = state.wins[0].result.fen
    assert fen is not None and GAME.settlement(state).deltas == (-20 * fen, 20 * fen)


def test_a_third_seat_does_not_exist() -> None:
    state = GAME.new_game(two(), seed=4, dealer=Z)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 2, 0)
    assert info.value.code == "bad_seat"


@pytest.mark.parametrize("preset", ["gongan", "danbiegan", "gongan-app"])
def test_conformance_with_two_seats(preset: str) -> None:
    """Seeded whole deals with two seats, checked by the conformance contract (legal lists,
    refusals, record replay, hidden cards, zero sum); the heuristic bot plays two seats in
    the terminal test below."""
    r = rules(preset, players=2)
    for seed in range(6):
        assert GAME.is_over(conformance.playout(GAME, r, seed).state)


def test_a_two_seat_match_in_the_terminal() -> None:
    """``huapai play biegan --rule players=2`` plays a whole match against the house bot."""
    runner = CliRunner()
    result = runner.invoke(app, ["play", "biegan", "--rule", "players=2", "--seed", "3",
                                 "--deals", "1"], input="#1\n" * 120)
    assert result.exit_code == 0, result.output
    assert "对局结束" in result.output and "末家" not in result.output
    assert "Traceback" not in result.output
    simulated = runner.invoke(app, ["simulate", "biegan", "--rule", "players=2", "-n", "10",
                                    "--bots", "heuristic,heuristic", "--json"])
    assert simulated.exit_code == 0, simulated.output


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
def test_the_env_with_two_seats() -> None:
    """The PettingZoo env seats two agents and passes PettingZoo's own API test."""
    from pettingzoo.test import api_test

    from huapai.env.pettingzoo_env import env

    e = env("biegan", "gongan", {"players": 2})
    api_test(e, num_cycles=200)
    assert e.possible_agents == ["seat_0", "seat_1"]
