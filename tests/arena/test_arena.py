"""The duplicate arena: arrangements, the paired arithmetic, determinism over workers,
4–5 seat tables, and the heuristic bot's edge over the random one."""

from __future__ import annotations

import math
from typing import Any

import pytest

from huapai.arena import ArenaError, Setup, run_arena
from huapai.arena.jobs import DealResult, Played, arrangements, run_deal
from huapai.arena.report import report_json
from huapai.arena.tally import Tally
from huapai.core.registry import get_game


def _setup(bots: str, seed: int = 3, preset: str = "lanzhou", **overrides: Any) -> Setup:
    game = get_game("xianniu")
    rules = game.rules(preset, **overrides)
    return Setup("xianniu", game.rules_to_dict(rules), tuple(bots.split(",")), seed)


@pytest.mark.parametrize(("entrants", "count"), [
    ((0, 1, 2), 6), ((0, 1, 1), 3), ((0, 1, 1, 1), 4), ((0, 0, 1, 1), 6),
    ((0, 1, 1, 1, 1), 5), ((0, 1, 2, 3, 4), 120),
])
def test_arrangements_are_the_distinct_permutations(entrants: tuple[int, ...],
                                                    count: int) -> None:
    found = arrangements(entrants)
    assert len(found) == count == len(set(found))
    assert all(sorted(a) == sorted(entrants) for a in found)
    assert found == sorted(found)


def test_every_arrangement_plays_the_same_cards() -> None:
    """Two identical random bots in every seat order, the same deal: the deal, hence
    the 扳牌 dealer and the cards, never depends on the arrangement."""
    setup = _setup("random,heuristic,heuristic")
    result = run_deal(setup, 0)
    assert [p.seating for p in result.played] == [(0, 1, 1), (1, 0, 1), (1, 1, 0)]
    assert all(sum(p.deltas) == 0 for p in result.played)  # 掀牛 is zero-sum
    assert all(p.decisions > 0 for p in result.played)


def _played(seating: tuple[int, ...], deltas: tuple[int, ...]) -> Played:
    return Played(seating, deltas, {"gou": [d > 0 for d in deltas]}, 10)


def test_tally_arithmetic_by_hand() -> None:
    setup = _setup("heuristic,random,random")
    tally = Tally(setup)
    tally.add(DealResult(0, (_played((0, 1, 1), (6, -2, -4)), _played((1, 0, 1), (2, 3, -5)),
                             _played((1, 1, 0), (-1, -1, 2)))))
    heur, rand = tally.entrants
    assert heur.scores == [pytest.approx(11 / 3)]
    # the others' six seats: -2, -4, 2, -5, -1, -1
    assert heur.diffs == [pytest.approx(11 / 3 + 11 / 6)]
    assert rand.scores == [pytest.approx(-11 / 6)]
    assert rand.diffs == [pytest.approx(-11 / 6 - 11 / 3)]
    assert (heur.rates["ahead"].hits, heur.rates["ahead"].cases) == (3, 3)
    assert (rand.rates["gou"].hits, rand.rates["gou"].cases) == (1, 6)
    assert heur.rating.mu > rand.rating.mu
    assert tally.games == 3 and tally.decisions == 30
    with pytest.raises(ValueError, match="out of order"):
        tally.add(DealResult(5, ()))


def test_results_do_not_depend_on_the_worker_count() -> None:
    setup = _setup("heuristic,random,random", seed=11)
    one = report_json(run_arena(setup, 6, workers=1), "lanzhou")
    two = report_json(run_arena(_setup("heuristic,random,random", seed=11), 6, workers=2),
                      "lanzhou")
    assert one == two
    other = report_json(run_arena(_setup("heuristic,random,random", seed=12), 6), "lanzhou")
    assert other["entrants"] != one["entrants"]


def test_heuristic_beats_random_significantly() -> None:
    data = report_json(run_arena(_setup("heuristic,random,random", seed=5), 30), "lanzhou")
    heur, rand = data["entrants"]
    assert (heur["bot"], heur["seats"], rand["bot"], rand["seats"]) == (
        "heuristic", 1, "random", 2)
    assert heur["diff"]["ci95"][0] > 0 and heur["diff"]["significant95"]
    assert rand["diff"]["mean"] == pytest.approx(-heur["diff"]["mean"])
    assert heur["rating"]["ordinal"] > rand["rating"]["ordinal"]
    assert heur["rates"]["gou"] > rand["rates"]["gou"]
    assert data["games"] == 30 * 3 and len(data["arrangements"]) == 3
    assert len(heur["curve"]["deals"]) == 30 and heur["curve"]["half95"][0] is None
    assert not data["small_sample"]


def test_fewer_than_30_deals_are_never_called_significant() -> None:
    """The normal approximation's interval is too narrow on a handful of deals: a
    researcher's 6-deal run was starred significant."""
    data = report_json(run_arena(_setup("heuristic,random,random", seed=5), 8), "lanzhou")
    heur = data["entrants"][0]
    assert data["small_sample"] and heur["diff"]["ci95"][0] > 0  # it would have been
    assert not heur["diff"]["significant95"] and not heur["diff"]["significant99"]


@pytest.mark.parametrize("players", [4, 5])
def test_four_and_five_seat_tables(players: int) -> None:
    bots = ",".join(["heuristic"] + ["random"] * (players - 1))
    tally = run_arena(_setup(bots, preset="fengxiang", players=players), 2)
    data = report_json(tally, "fengxiang")
    assert data["games"] == 2 * players
    heur = data["entrants"][0]
    # 4–5 seat 凤翔: a seat sits out some deals, so 够牌 applies to fewer seat-deals
    assert tally.entrants[0].rates["gou"].cases < tally.entrants[0].rates["ahead"].cases
    assert math.isfinite(heur["diff"]["mean"])


@pytest.mark.parametrize(("bots", "deals", "message"), [
    ("heuristic,random", 2, "3 seats"),
    ("random,random,random", 2, "one bot only"),
    ("heuristic,random,random", 0, "--deals"),
])
def test_runs_that_cannot_mean_anything_are_refused(bots: str, deals: int,
                                                    message: str) -> None:
    with pytest.raises(ArenaError, match=message):
        run_arena(_setup(bots), deals)


def test_the_search_bot_in_the_arena() -> None:
    data = report_json(run_arena(_setup("search:beginner,heuristic,heuristic", seed=4), 1),
                       "lanzhou")
    assert [e["bot"] for e in data["entrants"]] == ["search:入门", "heuristic"]
    assert data["games"] == 3 and data["bots"] == ["search:beginner", "heuristic",
                                                   "heuristic"]
