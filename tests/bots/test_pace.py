"""A search bot a person waits for answers every decision at its level's pace, forced or
not (huapai.bots.pace): how soon it answers says nothing of what it holds."""

from __future__ import annotations

import itertools
import time
from collections import Counter
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext

import pytest

from huapai.bots import pace
from huapai.bots.levels import LEVELS
from huapai.bots.pace import PacedBot, pace_of, play_out_paced
from huapai.bots.registry import make_bot
from huapai.bots.search import (
    PACE_SLACK,
    WAIT_SECONDS,
    WINDOW_SECONDS,
    Budget,
    SearchBot,
    search_time,
)
from huapai.cli_support.setup import Table, make_bots
from huapai.core.record import replay_deal
from huapai.core.registry import get_game
from huapai.core.session import Agent, Deal, decide

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


def test_a_claim_window_s_answer_has_its_own_shorter_pace() -> None:
    """大师 answers a claim window (a discard: 对 / 碰 / 胡 or 过) after 2 s, not its 5 s: a
    window opens on nearly every discard, and the whole table waited 5 s on each. Every
    window takes the window's pace, every turn the turn's — whatever the bot holds."""
    assert pace_of("大师") == WAIT_SECONDS["大师"] == 5.0
    assert pace_of("大师", window=True) == WINDOW_SECONDS["大师"] == 2.0
    assert all(WINDOW_SECONDS[level] == min(WAIT_SECONDS[level], 2.0) for level in LEVELS)
    fake = _FakeTime()
    deal, applied = _paced_deal("biegan", "gongan", 0, fake, window=0.25)
    assert deal.over
    gaps = Counter(round(b[0] - a[0], 2) for a, b in itertools.pairwise(applied))
    assert gaps[0.25] and gaps[1.0], gaps  # window answers at 0.25, turns at 1
    assert set(gaps) <= {0.0, 0.25, 1.0}, gaps


def test_play_gives_its_paced_bots_the_window_pace() -> None:
    game = get_game("biegan")
    table = Table(game, game.rules("gongan"), "gongan")
    paced = make_bots(table, {1: "search:大师"}, 3, capped=True, paced=True)[1]
    assert isinstance(paced, PacedBot)
    assert (paced.seconds, paced.window) == (5.0, 2.0)


def test_the_slack_is_never_more_than_half_the_pace() -> None:
    assert search_time(2.0) == 2.0 - PACE_SLACK
    assert search_time(0.2) == 0.1


class _FakeTime:
    """A clock that moves only when slept on: the pace a driver keeps, without waiting."""

    def __init__(self) -> None:
        self.now = 0.0

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def _paced_deal(name: str, preset: str, seed: int, fake: _FakeTime,
                driver: str = "together", waited: list[list[int]] | None = None,
                window: float | None = None) -> tuple[Deal, list[tuple[float, int, int]]]:
    """A deal of ``name`` with a heuristic at seat 0 (where a person would sit) and paced
    search bots (pace 1 s of ``fake`` time, 2 iterations) elsewhere; every answer applied
    as (fake time, seat, action)."""
    game = get_game(name)
    rules = game.rules(preset)
    deal = Deal.start(game, rules, seed=seed)
    agents: dict[int, Agent] = {0: make_bot("heuristic", game, rules, 0, 1)}
    for seat in range(1, game.num_seats(rules)):
        bot = SearchBot(game, rules, seat, seed * 10 + seat, Budget(2))
        agents[seat] = PacedBot(bot, 1.0, clock=fake.clock, sleep=fake.sleep, window=window)
    applied: list[tuple[float, int, int]] = []

    def after(seat: int, action: int, _events: object) -> None:
        applied.append((fake.now, seat, action))

    def waiting(seats: Sequence[int]) -> AbstractContextManager[object]:
        if waited is not None:
            waited.append(list(seats))
        return nullcontext()

    if driver == "together":
        play_out_paced(deal, agents, 0, after, clock=fake.clock, sleep=fake.sleep,
                       waiting=waiting)
    else:
        deal.play_out(agents, first=0, after=after)
    return deal, applied


def test_the_bots_of_a_window_answer_together_at_their_pace() -> None:
    """``huapai play``'s driver asks a claim window's bots at once, as a room does: each
    window costs one pace, not one per bot (the old driver: one after another)."""
    fake = _FakeTime()
    deal, applied = _paced_deal("biegan", "gongan", 0, fake)
    assert deal.over
    bot_times = Counter(t for t, seat, _ in applied if seat != 0)
    assert max(bot_times.values()) == 2  # a window after seat 0's discard: both at once
    assert fake.now == len(bot_times) * 1.0  # every question to the bots took one pace
    one_by_one = _FakeTime()
    _, old_applied = _paced_deal("biegan", "gongan", 0, one_by_one, driver="sequential")
    assert one_by_one.now == sum(1.0 for _, seat, _ in old_applied if seat != 0) > fake.now
    replay_deal(deal.record, deal.game)  # every answer applied was legal


def test_answers_together_are_the_seeds_and_replay() -> None:
    """The searches run on threads, yet with an iteration budget the deal is the seed's."""
    runs = [[(seat, action) for _, seat, action in _paced_deal("xiushan", "maquefu", 1,
                                                                _FakeTime())[1]]
            for _ in range(2)]
    assert runs[0] == runs[1]


def test_an_answer_the_window_no_longer_asks_for_is_dropped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An answer whose seat was asked something else (or nothing) by the time its turn to
    be applied came is not applied; the seat is asked again, and the deal stays legal."""
    dropped: list[int] = []
    still = pace._still_asked

    def spy(deal: Deal, seat: int, legal: list[int]) -> bool:
        asked = still(deal, seat, legal)
        if not asked:
            dropped.append(seat)
        return asked

    monkeypatch.setattr(pace, "_still_asked", spy)
    for seed in range(3):  # 秀山: a 胡 in a window ends it before the others' answers
        deal, _ = _paced_deal("xiushan", "maquefu", seed, _FakeTime())
        replay_deal(deal.record, deal.game)
    assert dropped


def test_the_driver_says_whom_a_person_waits_for() -> None:
    """While paced bots think, the driver holds ``waiting`` with the seats still to answer
    (``huapai play`` shows a spinner naming them): a window's bots together, then the ones
    left; never the person's seat, never an agent that answers at once."""
    waited: list[list[int]] = []
    _, applied = _paced_deal("biegan", "gongan", 0, _FakeTime(), waited=waited)
    assert [1, 2] in waited and [2] in waited and [1] in waited
    assert all(0 not in seats for seats in waited)
    bot_answers = sum(1 for _, seat, _ in applied if seat != 0)
    assert len(waited) == bot_answers  # one wait for each answer a paced bot gave
