"""AI review (复盘分析): the search bot's estimate of every option one seat had in a game.

For each decision of the seat with more than one legal action, the state before it is
wrapped in an :class:`~huapai.bots.search.InfoSet` (so only what that seat had seen is
used: resample and observe) and searched; the option chosen is tried first. The
recommended option follows :func:`~huapai.bots.search.best` with the chosen one as
prior, so a decision is called a mistake only when an alternative beats it by more than
its noise; its cost is the alternative's mean gain over the chosen option on the same
resampled worlds, and a cost of at least ``threshold`` points is a big mistake.

Each option's expected score (``estimate``) is the chosen option's mean over all its
worlds plus the option's mean gain over it on the worlds both were played on: so the
advised option's estimate is the chosen one's plus the cost, and options compare on the
same deals (their own plain means, over different worlds and few of them, would not: an
option tried once can show a bigger mean than the advice).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from huapai.core.protocol import Game
from huapai.core.record import Replay
from huapai.core.rng import derive_seed

from .search import Budget, Estimate, InfoSet, Searcher, best

BIG_MISTAKE = 1.0
"""Points of expected score lost from which a decision is listed as a big mistake."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One reviewed decision: the options' estimates, the choice, the advice, the cost."""

    deal: int
    index: int
    chosen: int
    advised: int
    options: tuple[Estimate, ...]
    scale: float = 1.0  # the search's reward scale, which shrinks each gain's error

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
    mean gain over the pick, None for the pick; ``error``: that gain's standard error, the
    noise the advice weighs: it is the option whose gain less its error is the largest
    and positive)."""
    def label(action: int) -> dict[str, Any]:
        return game.describe_action(rules, action).label.to_json()

    return {
        "deal": d.deal + 1, "index": d.index, "move": d.index + 1,
        "chosen": game.format_action(rules, d.chosen), "chosen_label": label(d.chosen),
        "chosen_mean": _num(d.estimate(d.chosen)),
        "advised": game.format_action(rules, d.advised), "advised_label": label(d.advised),
        "advised_mean": _num(d.estimate(d.advised)),
        "cost": _num(d.cost), "mistake": d.is_mistake(),
        "options": [{"action": game.format_action(rules, e.action), "label": label(e.action),
                     "visits": e.visits, "pairs": e.pairs, "mean": _num(e.mean),
                     "estimate": _num(d.estimate(e.action)),
                     "gain": _num(e.mean_gain) if e.pairs else None,
                     "error": _num(e.gain_error(d.scale)) if e.pairs else None}
                    for e in d.options],
    }


def summary_json(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """How many decisions, big mistakes, and the points lost in all."""
    return {"decisions": len(rows), "mistakes": sum(r["mistake"] for r in rows),
            "cost": round(math.fsum(r["cost"] or 0.0 for r in rows), 4)}


def decisions_of(replay: Replay, seat: int) -> Iterator[tuple[int, Any, Sequence[int], int]]:
    """(index, state before, legal actions, action chosen) for each real choice of
    ``seat`` in one replayed deal."""
    game, state = replay.game, replay.initial
    for step in replay.steps:
        if step.seat == seat:
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                yield step.index, state, legal, step.action
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
    stats = searcher.estimates(InfoSet(game, state, seat, searcher.worlds), legal, prior=chosen)
    advised = best(stats, prior=chosen, scale=searcher.scale)
    return Decision(deal, index, chosen, advised, tuple(stats), searcher.scale)


def count_decisions(replays: Sequence[Replay], seat: int) -> int:
    return sum(1 for r in replays for _ in decisions_of(r, seat))
