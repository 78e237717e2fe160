"""A search bot a person waits for answers every decision at its level's pace, forced or
not (huapai.bots.pace): how soon it answers says nothing of what it holds."""

from __future__ import annotations

import time

from huapai.bots.pace import PacedBot, pace_of
from huapai.bots.search import PACE_SLACK, WAIT_SECONDS, Budget, SearchBot, search_time
from huapai.cli_support.setup import Table, make_bots
from huapai.core.registry import get_game
from huapai.core.session import decide

PACE = 0.15


def test_a_forced_and_a_searched_decision_take_the_same_pace() -> None:
    game = get_game("xianniu")
    rules = game.rules("lanzhou")
    state = game.new_game(rules, seed=4)
    seat = game.to_act(state)[0]
    legal = list(game.legal_actions(state, seat))
    assert len(legal) > 1
    bot = SearchBot(game, rules, seat, 1, Budget(4))
    paced = PacedBot(bot, PACE)
    took = []
    for options in ([legal[0]], legal):  # one legal action: no search at all
        start = time.monotonic()
        choice = decide(paced, game, state, seat, options)
        took.append(time.monotonic() - start)
        assert choice in options
    assert min(took) >= PACE, took


def test_the_pause_is_what_the_search_left_of_the_pace() -> None:
    """With a clock that does not move, the whole pace is slept; it is slept after the
    choice, which is the bot's own."""
    game = get_game("xianniu")
    rules = game.rules("lanzhou")
    state = game.new_game(rules, seed=4)
    seat = game.to_act(state)[0]
    legal = list(game.legal_actions(state, seat))
    slept: list[float] = []
    bot = SearchBot(game, rules, seat, 1, Budget(4))
    paced = PacedBot(bot, 2.0, clock=lambda: 100.0, sleep=slept.append)
    assert decide(paced, game, state, seat, legal) == SearchBot(
        game, rules, seat, 1, Budget(4)).act_state(game, state, seat, legal)
    assert slept == [2.0]


def test_play_paces_its_search_bots_at_their_levels() -> None:
    game = get_game("xianniu")
    table = Table(game, game.rules("lanzhou"), "lanzhou")
    agents = make_bots(table, {1: "search:高手", 2: "heuristic"}, 3, capped=True, paced=True)
    paced = agents[1]
    assert isinstance(paced, PacedBot)
    assert paced.seconds == pace_of("expert") == WAIT_SECONDS["高手"]
    assert paced.budget.seconds == WAIT_SECONDS["高手"] - PACE_SLACK  # it stops in time
    assert not isinstance(agents[2], PacedBot)  # the heuristic answers at once, always
    unpaced = make_bots(table, {1: "search:高手"}, 3)[1]  # simulate: nobody waits
    assert isinstance(unpaced, SearchBot)


def test_the_slack_is_never_more_than_half_the_pace() -> None:
    assert search_time(2.0) == 2.0 - PACE_SLACK
    assert search_time(0.2) == 0.1
