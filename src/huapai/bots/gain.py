"""What the search's departures from its prior are worth, checked with more worlds.

    .venv/bin/python -m huapai.bots.gain [--tables all | game/preset,...] [--level 普通]
                                         [--versus 普通 | --ceiling] [--caution 1]
                                         [--decisions 40] [--check 300] [--seed 1] [--json]

The arena (:mod:`huapai.arena`) judges a bot by whole deals, whose scores vary so much on
the rummy families that a small gain needs hundreds of deals to show. This looks at the
decisions instead. Along deals the heuristic bot plays at every seat (the arena's
opponents), at each of seat 0's real decisions (more than one legal action) the search
bot at ``--level`` is asked what it would play — from seat 0's information only, as
always. Where its pick is not its prior's (the heuristic's choice), the two are played
on ``--check`` fresh worlds each, paired (:meth:`~huapai.bots.search.Searcher.paired`):
the mean gain of the pick over the prior there, by the search's own evaluator (its
rollouts on its worlds). The deals go on with the heuristic's move, so every table sees
the same decisions whatever the search picks. With ``--versus LEVEL`` the pick is
checked against the search's at that level instead (``--level 高手 --versus 普通``: the
ladder's last step, decision by decision).

With ``--ceiling`` no search is asked: at each decision the prior and the level's
alternatives (its next choices, as many as the level searches) are all played on
``--check`` fresh worlds, paired; an alternative is picked on the first half of the
worlds (the best mean gain over the prior, if it is above zero by ``--caution`` standard
errors) and its gain is measured on the other half, so the pick's luck does not count.
That is what a search with that many worlds per alternative would gain by its own model —
a ceiling for bigger budgets of the same search, and a way to see whether there is
anything there to find.

Per table: how often the search departs, the checked gain per departure (mean and 99 %
interval over the departures), the share of departures the check finds worse than the
prior, and the gain per deal it implies (gain per decision × seat 0's real decisions per
deal). That last is what an arena run of ``search`` against the heuristic would show if
the evaluator were right about the real opponents — which is the part this cannot check.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from huapai.core.protocol import Game
from huapai.core.registry import game_names, get_game
from huapai.core.session import decide

from .levels import BadSpec, level_name
from .registry import make_bot
from .search import BUDGETS, InfoSet, SearchBot, can_search

Z99 = 2.576
RIVAL = 1_000_003  # the ``versus`` search's seed offset (its own worlds, not the checked bot's)


@dataclass(frozen=True, slots=True)
class Gain:
    """One table's figures (see the module)."""

    table: str
    level: str
    versus: str
    """What the pick is checked against: ``heuristic`` (the prior) or a level's pick."""
    decisions: int
    departures: int
    check_worlds: int
    mean_gain: float | None
    """Checked gain of the pick over the prior, averaged over the departures."""
    half_width: float | None
    """The 99 % half-width of ``mean_gain`` (from each departure's own spread)."""
    worse: int
    """Departures whose checked gain is below zero."""
    decisions_per_deal: float
    picker: str = "search"
    """Who picks: ``search`` (the bot at ``level``) or ``ceiling`` (see the module)."""

    @property
    def per_deal(self) -> float | None:
        """The gain per deal it implies: per decision × decisions per deal."""
        if self.mean_gain is None or not self.decisions:
            return None
        return self.mean_gain * self.departures / self.decisions * self.decisions_per_deal

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "per_deal": self.per_deal}


def check_ceiling(ceiling: bool, versus: str | None, check: int, caution: float) -> None:
    """Refuse, by option name, a ceiling run that cannot be made (ValueError)."""
    if ceiling and versus is not None:
        raise ValueError("--ceiling checks against the prior: give no --versus")
    if ceiling and check < 2:
        raise ValueError(f"--ceiling needs --check of at least 2 worlds, got {check}")
    if not math.isfinite(caution) or caution < 0:
        raise ValueError(f"--caution must be a number of at least 0, got {caution}")


def measure(game: Game[Any, Any], preset: str, level: str, decisions: int, check: int,
            seed: int, versus: str | None = None, ceiling: bool = False,
            caution: float = 1.0, progress: Callable[[int], None] | None = None) -> Gain:
    """:class:`Gain` of the search at ``level`` on ``decisions`` of seat 0's decisions,
    against its prior or (``versus``) the search at another level; ``ceiling``: of the
    pick made on half of ``check`` worlds and measured on the other half (see the
    module); ``progress`` is told the count of decisions measured after each."""
    check_ceiling(ceiling, versus, check, caution)
    rules = game.rules(preset)
    gains: list[tuple[float, float]] = []  # per departure: mean gain, its variance
    seen, per_deal, deal = 0, list[int](), seed
    while seen < decisions:
        searcher = SearchBot(game, rules, 0, deal, BUDGETS[level])
        rival = None if versus is None else SearchBot(game, rules, 0, deal + RIVAL,
                                                      BUDGETS[versus])
        bots = [make_bot("heuristic", game, rules, s, deal + s)
                for s in range(game.num_seats(rules))]
        state, here = game.new_game(rules, seed=deal), 0
        while not game.is_over(state):  # the last deal is played out, to count its decisions
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            if seat == 0 and len(legal) > 1:
                here += 1
                if seen < decisions:
                    seen += 1
                    gains.extend(_ceiling(searcher, game, state, legal, check, caution)
                                 if ceiling else
                                 _checked(searcher, rival, game, state, legal, check))
                    if progress is not None:
                        progress(seen)
            state, _ = game.apply(state, seat, decide(bots[seat], game, state, seat, legal))
        per_deal.append(here)
        deal += 1
    return _summary(f"{game.name}/{preset}", level, versus or "heuristic", seen, check, gains,
                    per_deal, "ceiling" if ceiling else "search")


def _checked(bot: SearchBot, rival: SearchBot | None, game: Game[Any, Any], state: Any,
             legal: Sequence[int], check: int) -> list[tuple[float, float]]:
    """[] where the search picks what its baseline (its prior, or ``rival``'s pick)
    does, else the checked (mean gain, variance) of its pick over the baseline's."""
    prior, pick = bot.prior_and_pick(game, state, 0, legal)
    base = prior if rival is None else rival.prior_and_pick(game, state, 0, legal)[1]
    if pick == base:
        return []
    est = bot.searcher.paired(InfoSet(game, state, 0, bot.searcher.worlds), base, pick, check)
    spread = max(0.0, est.gain_squares / est.pairs - est.mean_gain ** 2)
    return [(est.mean_gain, spread / est.pairs)]


def _ceiling(bot: SearchBot, game: Game[Any, Any], state: Any, legal: Sequence[int],
             worlds: int, caution: float) -> list[tuple[float, float]]:
    """The ceiling at one decision: [] where no alternative is picked on the first half
    of the worlds, else the (mean gain, its variance) of the picked one on the second."""
    searcher = bot.searcher
    info = InfoSet(game, state, 0, searcher.worlds)
    candidates = searcher.ranked(info, legal, 1 + bot.budget.width)
    rows, half = searcher.panel(info, candidates, worlds), worlds // 2
    picks = [(m - caution * math.sqrt(v), i)
             for i, (m, v) in enumerate(_mean_variance(r[:half]) for r in rows)]
    top = max(picks, default=None)
    return [] if top is None or top[0] <= 0 else [_mean_variance(rows[top[1]][half:])]


def _mean_variance(xs: Sequence[float]) -> tuple[float, float]:
    """The mean of ``xs`` and the variance of that mean (from the sample variance)."""
    n = len(xs)
    mean = sum(xs) / n
    return mean, sum((x - mean) ** 2 for x in xs) / max(1, n - 1) / n


def _summary(table: str, level: str, versus: str, seen: int, check: int,
             gains: list[tuple[float, float]], per_deal: list[int],
             picker: str = "search") -> Gain:
    mean = half = None
    if gains:
        mean = sum(g for g, _ in gains) / len(gains)
        half = Z99 * math.sqrt(sum(v for _, v in gains)) / len(gains)
    per = sum(per_deal) / len(per_deal)
    return Gain(table, level, versus, seen, len(gains), check, mean, half,
                sum(g < 0 for g, _ in gains), per, picker)


def tables(text: str) -> list[tuple[str, str]]:
    """``all`` (every preset of every installed family the search can play) or
    ``game/preset,...``; a bad name is refused by name."""
    if text == "all":
        return [(g, p) for g in game_names() for p in get_game(g).presets()
                if can_search(get_game(g), get_game(g).rules(p))]
    out = []
    for item in text.split(","):
        name, _, preset = item.strip().partition("/")
        if name not in game_names():
            raise SystemExit(f"--tables: no game {name!r}; known: {', '.join(game_names())}")
        preset = preset or next(iter(get_game(name).presets()))  # a bare game: its first
        if preset not in get_game(name).presets():
            raise SystemExit(f"--tables: {name} has no preset {preset!r}; known: "
                             f"{', '.join(get_game(name).presets())}")
        out.append((name, preset))
    return out


def _row(g: Gain) -> str:
    def num(x: float | None, fmt: str) -> str:
        return "—" if x is None else format(x, fmt)

    gain = ("—" if g.mean_gain is None
            else f"{g.mean_gain:+.3f} ± {g.half_width:.3f}")
    against = "ceiling" if g.picker == "ceiling" else g.versus
    return (f"{g.table:<22} {g.level:<4} {against:<9} {g.departures:>4}/{g.decisions:<4} "
            f"{gain:>17} {g.worse:>6} {g.decisions_per_deal:>7.1f} "
            f"{num(g.per_deal, '+.3f'):>9}")


def _progress(table: str, decisions: int) -> Callable[[int], None] | None:
    """On a terminal, a line on stderr that counts a table's decisions (the table's row
    prints when it is done: minutes at the default budgets); none when piped."""
    if not sys.stderr.isatty():
        return None

    def say(seen: int) -> None:
        line = "" if seen == decisions else f"{table}: {seen}/{decisions} decisions"
        print(f"\r\033[K{line}", end="", file=sys.stderr, flush=True)  # gone when done

    return say


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--tables", default="xianniu/lanzhou,biegan/gongan,xiushan/shibafu",
                        help="game/preset pairs, comma-separated")
    parser.add_argument("--level", default="普通", help="the search level measured")
    parser.add_argument("--versus", default=None,
                        help="check the pick against this level's pick, not the prior's")
    parser.add_argument("--ceiling", action="store_true",
                        help="pick on half of the check worlds, measure on the other half")
    parser.add_argument("--caution", type=float, default=1.0,
                        help="with --ceiling: standard errors a pick must clear")
    parser.add_argument("--decisions", type=int, default=40,
                        help="decisions measured per table (from seeded deals)")
    parser.add_argument("--check", type=int, default=300,
                        help="fresh worlds each decision's pick is checked on")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    args = parser.parse_args(argv)
    try:
        level = level_name(args.level)
        versus = None if args.versus is None else level_name(args.versus)
    except BadSpec as exc:
        raise SystemExit(f"--level / --versus: {exc}") from None
    for option in ("decisions", "check"):
        if getattr(args, option) < 1:
            raise SystemExit(f"--{option} must be at least 1, got {getattr(args, option)}")
    try:
        check_ceiling(args.ceiling, versus, args.check, args.caution)
    except ValueError as exc:
        raise SystemExit(str(exc)) from None
    picked = tables(args.tables)
    if not args.json:
        print("table                  level  versus     departed  gain (99 %)       worse  "
              "dec/deal  per deal")
    results = []
    for name, preset in picked:
        g = measure(get_game(name), preset, level, args.decisions, args.check, args.seed,
                    versus, args.ceiling, args.caution,
                    _progress(f"{name}/{preset}", args.decisions))
        results.append(g)
        if not args.json:
            print(_row(g), flush=True)
    if args.json:
        print(json.dumps([g.to_json() for g in results], ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
