"""The search bot: determinized flat Monte-Carlo, paired against the heuristic's choice.

Per decision, many times: ``game.resample(state, seat, rng)`` deals a full state (a
*world*) consistent with everything the seat has seen — or, where the family has it and
the bot was not told ``uniform``, ``game.resample_informed(state, seat, rng)``, which
also weighs the other seats' possible hands by what their public moves say; on it the
deal is rolled out to its end by the rollout policy at every seat
(:mod:`huapai.bots.rollout`: the family's cheap policy, else its heuristic bot, else
random) after the seat's root action, and the seat's ``game.worth(state)`` is the reward:
the settlement's delta, or, where the family says a deal is worth more than its money,
more (钵福, whose deals move no money until 得一钵, counts the abacus too).

The heuristic bot's own choice (from the seat's observation) is the *prior*. Every world
is played twice: once with the prior, once with another root action chosen by UCB1 over
the gains so far (each other action once first), so every comparison is paired on the
same deal (common random numbers: most deals give the same result either way, and that
noise cancels). Only the policy's next choices are searched as alternatives (asking it
again without the actions already ranked), one per 8 rollouts of the budget. The prior is
played unless another action's mean gain, less one
(shrunk) standard error, is positive (:func:`best`): a few lucky rollouts do not
overturn a good policy. ``Budget(schedule="halving")`` spends the budget by paired
sequential halving instead (:meth:`Searcher.halving`: every alternative still in on every
world of a round, the better half kept after each round).

It never peeks: the driver hands it the real state (``act_state``, see
:func:`huapai.core.session.decide`), and the bot wraps it at once in an :class:`InfoSet`,
whose only two doors are ``resample`` and ``observe`` for its own seat. The search itself
is handed the InfoSet, never the state.

Why flat UCB and not a full information-set MCTS tree: the budgets a person waits for
are hundreds of rollouts, the branching below the root is wide (every combination a
hand can play, every seat's answer in a claim window), and the heuristic rollout policy
is strong. A tree would spread those few hundred visits over nodes it cannot tell apart
(strategy fusion over the resampled hands), while a flat search spends all of them
comparing the moves actually on offer, with the heuristic playing the rest well.

Budgets are iterations (deterministic for a seed) and optionally seconds (then it stops
at whichever comes first, and is no longer reproducible). :data:`BUDGETS` maps the
levels of :mod:`huapai.bots.levels` to them.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from huapai.core.protocol import Game
from huapai.core.rng import derive_seed
from huapai.core.session import Agent, decide

from .levels import LEVELS, WORLDS, default_worlds, level_name
from .registry import BotFactory, make_bot
from .rollout import FAST, make_policy, prior_bot


@dataclass(frozen=True, slots=True)
class Budget:
    """How long to think per decision: ``iterations`` rollouts, and at most ``seconds``
    of wall time when given (which gives up reproducibility)."""

    iterations: int
    seconds: float | None = None
    exploration: float = 0.7
    schedule: str = "ucb"
    per_alternative: int = 8
    max_width: int = 6

    @property
    def width(self) -> int:
        """How many alternatives to the prior are searched: one per ``per_alternative``
        rollouts, at most ``max_width`` (a bigger budget buys more paired worlds for the
        same candidates, not more candidates: 20 alternatives at 高手 were no better
        than 普通's 6), the prior policy's next choices first."""
        return max(1, min(self.max_width, self.iterations // self.per_alternative))

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError(f"a search budget needs at least 1 iteration, got {self.iterations}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"a search time budget must be positive, got {self.seconds}")


BUDGETS: Mapping[str, Budget] = {
    "入门": Budget(8),
    "普通": Budget(48),
    "高手": Budget(160),
    "大师": Budget(640),
}
assert tuple(BUDGETS) == LEVELS

WAIT_SECONDS: Mapping[str, float] = {"入门": 0.5, "普通": 1.0, "高手": 2.0, "大师": 5.0}
"""How long a search bot takes over every decision where a person waits for it (a room,
``huapai play``), by level: its answer comes this long after it was asked, whether it had
one legal action or many, so the time tells nobody what it holds (:mod:`.pace`). It
searches until :data:`PACE_SLACK` before then, or less when the level's iterations are
reached sooner. The arena, ``simulate`` and review play the iterations alone, so they
are reproducible."""
assert tuple(WAIT_SECONDS) == LEVELS

WINDOW_SECONDS: Mapping[str, float] = {"入门": 0.5, "普通": 1.0, "高手": 2.0, "大师": 2.0}
"""How long a search bot takes over its answer in a claim window (a discard, a card
turned up: the seats answer 胡 / 碰 / 对 … or 过), by level: its :data:`WAIT_SECONDS`,
at most 2 s. A window opens on nearly every discard of 双别杆 and 秀山, so a 大师 seat at
its 5 s made the whole table wait 5 s after every discard, the person's own included;
every window of a level takes the same time, so the time still tells nobody what the
seat holds. A game without claim windows never uses it."""
assert tuple(WINDOW_SECONDS) == LEVELS

PACE_SLACK = 0.25
"""Seconds before its answer is due that a paced search stops: its last rollouts and
the choice fit in them, so that the answer is ready on time."""


def search_time(pace: float) -> float:
    """How long a search answering ``pace`` seconds after it is asked may think: the pace
    less :data:`PACE_SLACK` (never more than half of it)."""
    return pace - min(PACE_SLACK, pace / 2)


def waiting_budget(level: str) -> Budget:
    """The level's budget with the wall-time cap of its pace (:data:`WAIT_SECONDS`,
    :func:`search_time`; ``level`` as :data:`LEVELS`)."""
    return replace(BUDGETS[level], seconds=search_time(WAIT_SECONDS[level]))


class InfoSet:
    """What one seat may learn of a real state: its observation, and full states drawn
    consistently with it. The search is handed this, never the state.

    ``worlds`` (:data:`huapai.bots.levels.WORLDS`) says how: ``informed`` uses the game's
    ``resample_informed`` when it has one, ``uniform`` (or a game without it) its
    ``resample``; None, the family's default (:func:`huapai.bots.levels.default_worlds`)."""

    __slots__ = ("_game", "_sampler", "_state", "seat")

    def __init__(self, game: Game[Any, Any], state: Any, seat: int,
                 worlds: str | None = None) -> None:
        worlds = default_worlds(game) if worlds is None else worlds
        if worlds not in WORLDS:
            raise ValueError(f"unknown world sampler {worlds!r}; known: {', '.join(WORLDS)}")
        self._game, self._state, self.seat = game, state, seat
        informed = getattr(game, "resample_informed", None) if worlds == "informed" else None
        self._sampler = informed or getattr(game, "resample", None)

    @property
    def game(self) -> Game[Any, Any]:
        return self._game

    def observation(self) -> Mapping[str, Any]:
        return self._game.observe(self._state, self.seat)

    def sample(self, rng: random.Random) -> Any:
        """A full state consistent with the seat's observation (``game.resample``)."""
        if self._sampler is None:
            raise NotImplementedError(f"{self._game.name} has no resample")
        try:
            return self._sampler(self._state, self.seat, rng)
        except NotImplementedError:
            raise NotImplementedError(
                f"the search bot needs {self._game.name}'s resample(state, seat, rng), "
                "which it does not implement") from None


@dataclass(slots=True)
class Estimate:
    """One root action's statistics after a search: its rewards, and (for an action
    other than the prior) its differences to the prior on the same worlds."""

    action: int
    visits: int = 0
    total: float = 0.0
    pairs: int = 0
    gain: float = 0.0
    gain_squares: float = 0.0
    peak: float = 0.0  # the largest paired difference seen, in magnitude

    def add(self, reward: float, prior_reward: float | None = None) -> None:
        self.visits += 1
        self.total += reward
        if prior_reward is not None:
            d = reward - prior_reward
            self.pairs += 1
            self.gain += d
            self.gain_squares += d * d
            self.peak = max(self.peak, abs(d))

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else math.nan

    @property
    def mean_gain(self) -> float:
        """Mean reward over the prior's on the same worlds (0 for the prior itself)."""
        return self.gain / self.pairs if self.pairs else 0.0

    def gain_error(self, scale: float) -> float:
        """The standard error of ``mean_gain``, shrunk by one pseudo-difference of size
        ``scale`` (so a few equal rollouts are not taken as certainty)."""
        if not self.pairs:
            return math.inf
        spread = max(0.0, self.gain_squares - self.gain * self.mean_gain) + scale * scale
        return math.sqrt(spread / self.pairs / self.pairs)

    def check_error(self) -> float:
        """The standard error of a re-check's ``mean_gain`` (many paired worlds): shrunk
        by one pseudo-difference as large as the largest difference it saw, not by the
        game's reward scale — a gain that is the same on every world (a wrong 钵福 报 costs
        its 吃包子 whatever the deal does) is certain, however large the rewards."""
        return self.gain_error(self.peak)

    def to_json(self) -> dict[str, Any]:
        mean = None if not self.visits else round(self.mean, 6)
        return {"action": self.action, "visits": self.visits, "mean": mean,
                "gain": round(self.mean_gain, 6) if self.pairs else None}


@dataclass(slots=True)
class Searcher:
    """Paired flat UCB1 over the root actions of one seat's information set."""

    game: Game[Any, Any]
    rules: Any
    budget: Budget
    seed: int
    policy: str = FAST  # who plays the rollouts (huapai.bots.rollout)
    worlds: str | None = None  # how worlds are dealt (levels.WORLDS; None: the family's)
    rng: random.Random = field(init=False)
    rollout: dict[int, Agent] = field(default_factory=dict)
    priors: dict[int, Agent] = field(default_factory=dict)
    scale: float = 1.0  # the largest reward magnitude seen in the last search

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def estimates(self, info: InfoSet, legal: Sequence[int], prior: int) -> list[Estimate]:
        """Every legal action's statistics for ``info.seat``, ``prior`` (the rollout
        policy's own choice) first. Each world (one resample) is played with the prior
        and with one other action chosen by UCB1 over the gains so far, so every
        comparison is paired on the same deal; the budget counts rollouts."""
        stats = [Estimate(a) for a in sorted(legal, key=lambda a: (a != prior, a))]
        base, others = stats[0], stats[1:]
        deadline = None if self.budget.seconds is None else (
            time.perf_counter() + self.budget.seconds)
        self.scale, worlds, used = 1.0, self.rng.getrandbits(63), 0
        while used < self.budget.iterations:
            if deadline is not None and used and time.perf_counter() >= deadline:
                break
            world = info.sample(random.Random(derive_seed(worlds, base.visits)))
            here = self._playout(world, info.seat, prior)
            base.add(here)
            used += 1
            if others and used < self.budget.iterations:
                pick = others[self._choose(others, base.visits)]
                reward = self._playout(world, info.seat, pick.action)
                pick.add(reward, here)
                used += 1
                self.scale = max(self.scale, abs(reward))
            self.scale = max(self.scale, abs(here))
        return stats

    def halving(self, info: InfoSet, candidates: Sequence[int]) -> list[Estimate]:
        """Paired sequential halving over ``candidates`` (the prior first): in each of
        ⌈log2(k + 1)⌉ rounds the budget left is shared evenly, every world is played with
        the prior and with *every* alternative still in (all paired on the same deal),
        and after the round the better half of the alternatives by mean gain stays."""
        stats = [Estimate(a) for a in candidates]
        base, alive = stats[0], stats[1:]
        deadline = None if self.budget.seconds is None else (
            time.perf_counter() + self.budget.seconds)
        self.scale, worlds, used = 1.0, self.rng.getrandbits(63), 0
        total = self.budget.iterations
        rounds = max(1, math.ceil(math.log2(len(alive) + 1)))
        for r in range(rounds):
            width = 1 + len(alive)
            for _ in range(max(1, (total - used) // ((rounds - r) * width))):
                if used + width > total and used:
                    break
                if deadline is not None and used and time.perf_counter() >= deadline:
                    return stats
                world = info.sample(random.Random(derive_seed(worlds, base.visits)))
                here = self._playout(world, info.seat, base.action)
                base.add(here)
                self.scale = max(self.scale, abs(here))
                for s in alive:
                    reward = self._playout(world, info.seat, s.action)
                    s.add(reward, here)
                    self.scale = max(self.scale, abs(reward))
                used += width
            alive = sorted(alive, key=lambda s: (-s.mean_gain, s.action))[:max(1, len(alive) // 2)]
        return stats

    def paired(self, info: InfoSet, first: int, second: int, worlds: int) -> Estimate:
        """``second`` against ``first`` on ``worlds`` fresh worlds, both played on each:
        ``second``'s estimate, its gain over ``first`` paired (a check of a decision with
        more worlds than a search spends, :mod:`huapai.bots.gain`)."""
        out, seeds = Estimate(second), self.rng.getrandbits(63)
        for k in range(worlds):
            world = info.sample(random.Random(derive_seed(seeds, k)))
            out.add(self._playout(world, info.seat, second),
                    self._playout(world, info.seat, first))
        return out

    def panel(self, info: InfoSet, candidates: Sequence[int], worlds: int) -> list[list[float]]:
        """Every candidate after the first against it, all on the same ``worlds`` fresh
        worlds: per alternative, its reward less the first's on each world (a decision's
        whole table of paired differences, for :mod:`huapai.bots.gain`'s ceiling)."""
        seeds, out = self.rng.getrandbits(63), [list[float]() for _ in candidates[1:]]
        for k in range(worlds):
            world = info.sample(random.Random(derive_seed(seeds, k)))
            base = self._playout(world, info.seat, candidates[0])
            for row, action in zip(out, candidates[1:], strict=True):
                row.append(self._playout(world, info.seat, action) - base)
        return out

    def _choose(self, others: list[Estimate], worlds: int) -> int:
        """Each action once (in order), then the highest UCB1 score on the gains."""
        for i, s in enumerate(others):
            if not s.pairs:
                return i
        c = self.budget.exploration * self.scale * math.sqrt(math.log(worlds))
        return max(range(len(others)),
                   key=lambda i: others[i].mean_gain + c / math.sqrt(others[i].pairs))

    def prior(self, info: InfoSet, legal: Sequence[int]) -> int:
        """What the prior policy (the heuristic) would play here, from the seat's
        observation."""
        return self._prior(info.seat).act(info.observation(), legal)

    def ranked(self, info: InfoSet, legal: Sequence[int], count: int) -> list[int]:
        """The prior policy's first ``count`` choices in order: its pick, then its pick
        among the rest, and so on (from the seat's observation)."""
        agent, observation = self._prior(info.seat), info.observation()
        left, out = list(legal), list[int]()
        while left and len(out) < count:
            pick = agent.act(observation, left)
            pick = pick if pick in left else left[0]
            out.append(pick)
            left.remove(pick)
        return out

    def _playout(self, world: Any, seat: int, action: int) -> float:
        game = self.game
        state, _ = game.apply(world, seat, action)
        while not game.is_over(state):
            to_act = game.to_act(state)[0]
            legal = game.legal_actions(state, to_act)
            choice = legal[0] if len(legal) == 1 else decide(self._agent(to_act), game,
                                                              state, to_act, legal)
            state, _ = game.apply(state, to_act, choice)
        return game.worth(state)[seat]

    def _agent(self, seat: int) -> Agent:
        """The rollout policy's agent at ``seat``."""
        agent = self.rollout.get(seat)
        if agent is None:
            seed = derive_seed(self.seed, "rollout", seat)
            agent = self.rollout[seat] = make_policy(self.policy, self.game, self.rules,
                                                     seat, seed)
        return agent

    def _prior(self, seat: int) -> Agent:
        """The prior's agent at ``seat`` (the family's heuristic)."""
        agent = self.priors.get(seat)
        if agent is None:
            seed = derive_seed(self.seed, "rollout", seat)
            agent = self.priors[seat] = make_bot(prior_bot(self.game), self.game,
                                                 self.rules, seat, seed)
        return agent


def best(stats: Sequence[Estimate], prior: int, scale: float = 1.0,
         caution: float = 1.0) -> int:
    """The action to play: ``prior`` unless another action's mean gain over it, less
    ``caution`` standard errors, is positive (then the largest such; the lowest id on a
    tie)."""
    lower = [(s.mean_gain - caution * s.gain_error(scale), -s.action, s.action)
             for s in stats if s.action != prior and s.pairs]
    top = max(lower, default=None)
    return top[2] if top is not None and top[0] > 0 else prior


class SearchBot:
    """An agent that searches; drivers call ``act_state`` (see the module)."""

    def __init__(self, game: Game[Any, Any], rules: Any, seat: int, seed: int,
                 budget: Budget, policy: str = FAST, worlds: str | None = None) -> None:
        self.seat, self.budget = seat, budget
        self.searcher = Searcher(game, rules, budget, seed, policy, worlds)

    def limit(self, seconds: float) -> None:
        """Think at most ``seconds`` of wall time per decision from now on (at least one
        iteration is always played)."""
        self.budget = self.searcher.budget = replace(self.budget, seconds=max(1e-3, seconds))

    def act_within(self, game: Game[Any, Any], state: Any, seat: int, legal: Sequence[int],
                   seconds: float) -> int:
        """:meth:`act_state`, thinking at most ``seconds`` of wall time this once (its
        budget's own cap, where shorter, stands)."""
        saved = self.budget
        self.limit(min(saved.seconds or math.inf, seconds))
        try:
            return self.act_state(game, state, seat, legal)
        finally:
            self.budget = self.searcher.budget = saved

    def act_state(self, game: Game[Any, Any], state: Any, seat: int,
                  legal: Sequence[int]) -> int:
        if not legal:
            raise ValueError("the search bot was asked to act with no legal action")
        if len(legal) == 1:
            return legal[0]
        return self.prior_and_pick(game, state, seat, legal)[1]

    def prior_and_pick(self, game: Game[Any, Any], state: Any, seat: int,
                       legal: Sequence[int]) -> tuple[int, int]:
        """(the prior's choice, the search's) at a decision of more than one action."""
        info = InfoSet(game, state, seat, self.searcher.worlds)
        candidates = self.searcher.ranked(info, legal, 1 + self.budget.width)
        if self.budget.schedule == "halving":
            stats = self.searcher.halving(info, candidates)
        else:
            stats = self.searcher.estimates(info, candidates, candidates[0])
        return candidates[0], best(stats, candidates[0], self.searcher.scale)

    def act(self, observation: Any, legal: Sequence[int]) -> int:
        raise TypeError("the search bot needs the state to resample from: drive it "
                        "through huapai.core.session.decide (act_state)")

    def __repr__(self) -> str:
        return f"SearchBot(seat={self.seat}, budget={self.budget})"


def can_search(game: Game[Any, Any], rules: Any) -> bool:
    """Whether ``game`` resamples (tried once on a fresh deal), so the bot can play it."""
    try:
        InfoSet(game, game.new_game(rules, seed=0), 0).sample(random.Random(0))
    except NotImplementedError:
        return False
    return True


def factory_for_level(level: str, policy: str = FAST, worlds: str | None = None,
                      capped: bool = False) -> BotFactory:
    """The bot factory of a level (``入门`` … ``大师``, or an ASCII alias), its rollouts
    played by ``policy`` (:mod:`huapai.bots.rollout`) on worlds dealt as ``worlds``;
    ``capped``: with the level's wall-time cap (:func:`waiting_budget`)."""
    name = level_name(level)
    budget = waiting_budget(name) if capped else BUDGETS[name]

    def make(game: Game[Any, Any], rules: Any, seat: int, seed: int) -> Agent:
        return SearchBot(game, rules, seat, seed, budget, policy, worlds)

    return make
