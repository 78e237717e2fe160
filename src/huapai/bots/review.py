"""AI review (复盘分析): the search bot's estimate of every option one seat had in a game.

For each decision of the seat with more than one legal action, the state before it is
wrapped in an :class:`~huapai.bots.search.InfoSet` (so only what that seat had seen is
used: resample and observe) and searched; the option chosen is tried first. The search
proposes an alternative by :func:`~huapai.bots.search.best` with the chosen one as prior.
A proposal — and then, where the pick departs from it, the heuristic bot's own move — is
re-checked against the chosen option on :func:`check_worlds` fresh worlds, both played on
each: the first whose gain there is significant at 99 % (:data:`CONFIDENCE`) is the
advice, and its cost is that re-checked mean gain. (The search's own
figure for the alternative it picked is the best of many noisy ones, so it overstates:
re-checked on 200 fresh worlds, 11 of 12 such "big mistakes" of heuristic play on 黄六福 and
双别杆 公安 came out no better than the pick, or worse.) A cost of at least ``threshold``
points is a big mistake.

Each option's expected score (``estimate``) is the chosen option's mean over all its
worlds plus the option's mean gain over it on the worlds both were played on: so the
advised option's estimate is the chosen one's plus the cost, and options compare on the
same deals (their own plain means, over different worlds and few of them, would not: an
option tried once can show a bigger mean than the advice).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from huapai.core.present import Msg
from huapai.core.protocol import Game
from huapai.core.record import Replay, ReplayStep
from huapai.core.rng import derive_seed

from .search import BUDGETS, Budget, Estimate, InfoSet, Searcher, best

BIG_MISTAKE = 1.0
"""Points of expected score lost from which a decision is listed as a big mistake."""

CONFIDENCE = 2.576
"""Standard errors by which a re-checked alternative's gain over the pick must exceed
zero to be advised: its 99 % interval excludes zero, as the arena's ladder asks."""


def check_worlds(budget: Budget) -> int:
    """Fresh worlds on which a proposed alternative is re-checked against the pick: twice
    the level's rollouts, at least 64 (普通 96, 高手 320)."""
    return max(64, 2 * budget.iterations)


@dataclass(frozen=True, slots=True)
class Decision:
    """One reviewed decision: the options' estimates, the choice, the advice, the cost."""

    deal: int
    index: int
    chosen: int
    advised: int
    options: tuple[Estimate, ...]
    scale: float = 1.0  # the search's reward scale, which shrinks each gain's error
    checked: tuple[int, ...] = ()  # the alternatives re-checked on fresh worlds, in order
    asked: Msg | None = None  # what was asked, where the actions do not say (``Game.asked``)

    def option(self, action: int) -> Estimate:
        return next(o for o in self.options if o.action == action)

    @property
    def cost(self) -> float:
        """The advised option's mean gain over the chosen one, on the same worlds."""
        return self.option(self.advised).mean_gain

    def is_mistake(self, threshold: float = BIG_MISTAKE) -> bool:
        return self.advised != self.chosen and self.cost >= threshold

    def estimate(self, action: int) -> float:
        """The option's expected score on the chosen option's worlds (see the module;
        NaN for an option never played)."""
        base = self.option(self.chosen).mean
        if action == self.chosen:
            return base
        option = self.option(action)
        return base + option.mean_gain if option.pairs else math.nan


def _num(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 4)


def decision_json(game: Game[Any, Any], rules: Any, d: Decision) -> dict[str, Any]:
    """One reviewed decision as data (``huapai review --json`` and the server's review
    jobs): the move, the pick and the advice with their labels and estimates, the cost,
    and every option (``mean``: its own plain mean; ``estimate``: as above; ``gain``: its
    mean gain over the pick, None for the pick; ``error``: that gain's standard error;
    ``checked``: whether these are the figures of its re-check on fresh worlds, as for
    the alternative the search proposed — the advice when that gain less
    :data:`CONFIDENCE` errors is positive); ``checked``: the re-checked option, or None;
    ``asked``: what the seat was asked where the options do not say it (a Msg), or None."""
    def label(action: int) -> dict[str, Any]:
        return game.describe_action(rules, action).label.to_json()

    return {
        "deal": d.deal + 1, "index": d.index, "move": d.index + 1,
        "chosen": game.format_action(rules, d.chosen), "chosen_label": label(d.chosen),
        "chosen_mean": _num(d.estimate(d.chosen)),
        "advised": game.format_action(rules, d.advised), "advised_label": label(d.advised),
        "advised_mean": _num(d.estimate(d.advised)),
        "cost": _num(d.cost), "mistake": d.is_mistake(),
        "checked": _checked(game, rules, d),
        "asked": d.asked.to_json() if d.asked is not None else None,
        "options": [{"action": game.format_action(rules, e.action), "label": label(e.action),
                     "visits": e.visits, "pairs": e.pairs, "mean": _num(e.mean),
                     "estimate": _num(d.estimate(e.action)),
                     "gain": _num(e.mean_gain) if e.pairs else None,
                     "error": _num(_error(d, e)) if e.pairs else None,
                     "checked": e.action in d.checked}
                    for e in d.options],
    }


def _error(d: Decision, e: Estimate) -> float:
    """An option's gain error: a re-check's own (:meth:`Estimate.check_error`), else the
    search's, shrunk by its reward scale."""
    return e.check_error() if e.action in d.checked else e.gain_error(d.scale)


def _checked(game: Game[Any, Any], rules: Any, d: Decision) -> str | None:
    """The re-checked alternative a decision's line names: the advice when it was one,
    else the last one re-checked, or None."""
    if not d.checked:
        return None
    return game.format_action(rules, d.advised if d.advised in d.checked else d.checked[-1])


def summary_json(rows: Sequence[dict[str, Any]], stood_in: int = 0,
                 deadline: int = 0) -> dict[str, Any]:
    """How many decisions, big mistakes, the points lost in all, how many of the seat's
    choices 托管 (or the house) made for it, and how many answers 答话限时 made (its time
    to answer ran out: no 托管) — neither reviewed."""
    return {"decisions": len(rows), "mistakes": sum(r["mistake"] for r in rows),
            "cost": round(math.fsum(r["cost"] or 0.0 for r in rows), 4),
            "stood_in": stood_in, "deadline": deadline}


def review_json(replays: Sequence[Replay], decisions: Sequence[Decision], level: str,
                seat: int) -> dict[str, Any]:
    """A review as data (``huapai review --json`` and the server's review jobs): the
    level and its rollouts, the big-mistake threshold, each decision, the summary, and
    what the figures count in (``worth``: the game's :class:`~huapai.core.present.WorthUnit`
    — 分, 豆, or 钵福's points of worth with a note on what they are made of)."""
    rows = [decision_json(replays[d.deal].game, replays[d.deal].rules, d) for d in decisions]
    first = replays[0]
    return {"level": level, "iterations": BUDGETS[level].iterations,
            "threshold": BIG_MISTAKE, "worth": first.game.worth_unit(first.rules).to_json(),
            "decisions": rows,
            "summary": summary_json(rows, *stood_in(replays, seat))}


def decisions_of(replay: Replay, seat: int) -> Iterator[tuple[int, Any, Sequence[int], int]]:
    """(index, state before, legal actions, action chosen) for each real choice of
    ``seat`` in one replayed deal that its player made: a move 托管 or the house made for
    it (the record's ``by``) is not the player's to be reviewed for."""
    for step, state, legal in _choices(replay, seat):
        if step.by is None:
            yield step.index, state, legal, step.action


def stood_in(replays: Sequence[Replay], seat: int) -> tuple[int, int]:
    """How many of ``seat``'s real choices in the deals were made for it by 托管 or the
    house, and how many answers by the time to answer (the record's ``by``: "deadline")."""
    made = Counter(step.by for replay in replays for step, _, _ in _choices(replay, seat)
                   if step.by is not None)
    return made["tuoguan"] + made["house"], made["deadline"]


def _choices(replay: Replay, seat: int) -> Iterator[tuple[ReplayStep, Any, Sequence[int]]]:
    game, state = replay.game, replay.initial
    for step in replay.steps:
        if step.seat == seat:
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                yield step, state, legal
        state = step.state


def review(replays: Sequence[Replay], seat: int, budget: Budget, seed: int,
           tick: Callable[[], None] | None = None) -> list[Decision]:
    """Every real decision of ``seat`` across the deals, searched (see the module)."""
    out: list[Decision] = []
    for k, replay in enumerate(replays):
        game, rules = replay.game, replay.rules
        for index, state, legal, chosen in decisions_of(replay, seat):
            out.append(_one(game, rules, budget, derive_seed(seed, "review", k, index),
                            (k, index, state, legal, chosen), seat))
            if tick is not None:
                tick()
    return out


def _one(game: Game[Any, Any], rules: Any, budget: Budget, seed: int,
         at: tuple[int, int, Any, Sequence[int], int], seat: int) -> Decision:
    deal, index, state, legal, chosen = at
    searcher = Searcher(game, rules, budget, seed)
    info = InfoSet(game, state, seat, searcher.worlds)
    stats = searcher.estimates(info, legal, prior=chosen)
    proposed = best(stats, prior=chosen, scale=searcher.scale)
    options, advised, checked = tuple(stats), chosen, list[int]()
    for alternative in _candidates(searcher, info, legal, chosen, proposed):
        check = searcher.paired(info, chosen, alternative, check_worlds(budget))
        options = tuple(check if s.action == alternative else s for s in options)
        checked.append(alternative)
        if confirmed(check):
            advised = alternative
            break
    return Decision(deal, index, chosen, advised, options, searcher.scale, tuple(checked),
                    game.asked(state, seat))


def _candidates(searcher: Searcher, info: InfoSet, legal: Sequence[int], chosen: int,
                proposed: int) -> list[int]:
    """The alternatives re-checked against the pick: the search's proposal, then the
    heuristic's own move where the pick departs from it. A search spreads its rollouts
    over every option, so with many of them (钵福's 报 0 … 30, 32 options at 48 rollouts)
    none gets the worlds to show even a sure loss such as a wrong 报 (吃包子); the
    heuristic's move is the one a player most likely missed."""
    out = [proposed] if proposed != chosen else []
    heuristic = searcher.prior(info, legal)
    if heuristic not in (chosen, proposed):
        out.append(heuristic)
    return out


def confirmed(check: Estimate) -> bool:
    """Whether a re-checked alternative's gain over the pick is significant (see
    :data:`CONFIDENCE` and :meth:`Estimate.check_error`)."""
    return check.mean_gain - CONFIDENCE * check.check_error() > 0


def count_decisions(replays: Sequence[Replay], seat: int) -> int:
    return sum(1 for r in replays for _ in decisions_of(r, seat))
