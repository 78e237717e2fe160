"""The duplicate arena: bots compared on the same deals in every seat arrangement.

``huapai arena GAME --bots A,B,C --deals N`` (:mod:`.command`); in Python::

    from huapai.arena import Setup, run_arena
    tally = run_arena(Setup("xianniu", rules_dict, ("heuristic", "random", "random"), 1), 50)

:mod:`.jobs` plays one deal in every arrangement, :mod:`.execute` runs the deals here, in
worker processes or on Ray, :mod:`.tally` gathers the paired differences, rates and
OpenSkill ratings, :mod:`.report` and :mod:`.plot` show them.
"""

from __future__ import annotations

from huapai.bots.search import can_search
from huapai.cli_support.setup import SCORES, bad_score, too_few
from huapai.core.present import count_en

from .execute import ArenaError, Tick, import_ray, run_local, run_ray
from .jobs import Setup
from .tally import Tally


def run_arena(setup: Setup, deals: int, *, workers: int = 1, ray: str | None = None,
              tick: Tick | None = None) -> Tally:
    """Play ``deals`` deals in every arrangement and gather them (same result for any
    ``workers``, or on Ray at address ``ray``)."""
    check(setup, deals, workers, ray)
    step: Tick = tick if tick is not None else (lambda n: None)
    results = (run_local(setup, deals, workers, step) if ray is None
               else run_ray(setup, deals, ray, step))
    tally = Tally(setup)
    for result in results:
        tally.add(result)
    return tally


def check(setup: Setup, deals: int, workers: int = 1, ray: str | None = None) -> None:
    """Refuse a run that cannot mean anything or cannot start, before any deal is played
    (and before the progress bar: refused inside it, ``--workers 0`` printed a blank line
    first)."""
    if deals < 1:
        raise ArenaError(too_few("--deals", deals))
    if workers < 1:
        raise ArenaError(too_few("--workers", workers))
    if ray is not None:
        import_ray()  # refused, naming the extra, when ray is not installed
    score = bad_score(setup.score)
    if score is not None:
        raise ArenaError(score)
    seats = setup.game.num_seats(setup.parsed_rules)
    if len(setup.bots) != seats:
        raise ArenaError(f"--bots 写了 {len(setup.bots)} 个机器人，这桌有 {seats} 个座位："
                         "每个座位写一个",
                         f"--bots names {count_en(len(setup.bots), 'bot', 'bots')} but the "
                         f"table has {seats} seats: name one bot per seat")
    if len(setup.entrants) < 2:
        raise ArenaError("--bots 只写了一种机器人：复式对战至少要比较两种",
                         "--bots names one bot only: the arena compares at least two")
    if any(b.name == "search" for b in setup.bots) and not can_search(setup.game,
                                                                      setup.parsed_rules):
        raise ArenaError(f"search 机器人不能打 {setup.game_name}：它的引擎不支持搜索",
                         f"the search bot cannot play {setup.game_name}: its engine has no "
                         "resample(state, seat, rng)")


__all__ = ["SCORES", "ArenaError", "Setup", "Tally", "check", "run_arena"]
