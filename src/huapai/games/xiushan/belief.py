"""``resample_informed``: 秀山 worlds whose hidden hands look like hands the other seats
would really hold, by sampling–importance–resampling over :func:`.sample.resample`.

The uniform :func:`.sample.resample` deals the other seats random hands from the cards
the seat cannot see; real opponents have drawn and thrown with purpose, so their hands
are more structured (fewer loose cards, closer to a win) and a search on uniform worlds
underrates what they threaten (:mod:`.calibration` measures by how much).

By default (:func:`improve`) a uniform world's other hands are *played forward*: per
discard a seat has thrown, ``turns`` pseudo-turns in which it draws a random hidden card
(from the stock or another seat's hand) and throws back the card its hand needs least
(:meth:`.bot.HeuristicBot.keep_value`), as real seats built their hands. Only hidden
cards move among hidden places, so the seat sees the same table.

Optionally (``worlds`` > 1, measured no better and off by default) sampling–importance–
resampling on top: ``worlds`` such worlds, one kept in proportion to the likelihood of
each other seat's latest public discards under a softened heuristic — the last card
``x`` a seat threw came from the hand it holds now plus ``x`` (exact when it has taken
no card since, the usual case), thrown with the softmax probability of minus the keep
values over the distinct cards of that hand at ``temperature``; older discards weighed
the same way against today's hand (an approximation), each ``decay`` times the one
after it, up to ``depth`` of them.

It reads only what the seat may see: the worlds come from ``resample`` (which draws
from a sorted pool of the hidden cards) and the weights from those worlds and the
public rivers; all chance goes through the given rng, so it is deterministic for a seed
and two states the seat cannot tell apart give the same world.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

from .bot import HeuristicBot
from .cards import NUM_CARDS
from .sample import _deal_with_stock, resample
from .state import OVER, State
from .table_rules import XiushanGameRules


@dataclass(frozen=True, slots=True)
class BeliefParams:
    worlds: int = 1
    """Uniform worlds drawn per informed one (the importance sample)."""
    temperature: float = 1.0
    """Of the discard softmax over keep values: lower trusts the heuristic more."""
    depth: int = 2
    """How many of each seat's latest discards are weighed."""
    decay: float = 0.5
    """The weight of a discard relative to the one thrown after it."""
    turns: float | None = None
    """Pseudo-turns per discard a seat has thrown (:func:`improve`); 0: none; None: the
    measured value for the rules' hand size (:func:`turns_for`)."""

    def __post_init__(self) -> None:
        if self.worlds < 1:
            raise ValueError(f"worlds must be at least 1, got {self.worlds}")
        if not self.temperature > 0:
            raise ValueError(f"temperature must be positive, got {self.temperature}")
        if self.depth < 0:
            raise ValueError(f"depth must be 0 or more, got {self.depth}")
        if self.turns is not None and not self.turns >= 0:
            raise ValueError(f"turns must be 0 or more, got {self.turns}")
        if not 0 <= self.decay <= 1:
            raise ValueError(f"decay must be in [0, 1], got {self.decay}")


DEFAULT_BELIEF = BeliefParams()


def turns_for(rules: XiushanGameRules) -> float:
    """Pseudo-turns per discard, as calibrated (:mod:`.calibration`): 8 for the 20-card
    hands (measured on 十八福; 钵福 and 三六福 share the hand size), 3 for the 13-card
    ones (measured on 麻雀福; 黄六福 shares it) — with 8 a 麻雀福 world predicts twice the
    feeds that happen, with 4 a 十八福 world 40 % too few."""
    return 8.0 if rules.hand_size > 16 else 3.0


@lru_cache(maxsize=64)
def _judge(rules: XiushanGameRules) -> HeuristicBot:
    """The heuristic whose keep values the likelihood uses (its seat and seed unused)."""
    return HeuristicBot(rules, 0, 0)


def discard_log_likelihood(rules: XiushanGameRules, hand: list[int], card: int,
                           temperature: float) -> float:
    """log P(the softened heuristic throws ``card`` from ``hand``), ``hand`` holding it:
    a softmax of minus each distinct card's keep value (the hand without that card)."""
    judge = _judge(rules)
    scores: list[float] = []
    mine = 0.0
    for c in range(NUM_CARDS):
        if not hand[c]:
            continue
        hand[c] -= 1
        score = -judge.keep_value(hand, c) / temperature
        hand[c] += 1
        scores.append(score)
        if c == card:
            mine = score
    top = max(scores)
    return mine - top - math.log(sum(math.exp(x - top) for x in scores))


def log_weight(world: State, seat: int, params: BeliefParams = DEFAULT_BELIEF) -> float:
    """How likely the other seats' latest public discards are, given their hands in
    ``world`` (up to a constant shared by every world of the same information set)."""
    rules, total = world.rules, 0.0
    for p in world.active:
        if p == seat or not world.rivers[p]:
            continue
        hand = list(world.hands[p])
        factor = 1.0
        for x in reversed(world.rivers[p][-params.depth:] if params.depth else ()):
            hand[x] += 1
            total += factor * discard_log_likelihood(rules, hand, x, params.temperature)
            hand[x] -= 1
            factor *= params.decay
    return total


def improve(world: State, seat: int, rng: random.Random, turns: float) -> State:
    """``world`` with each other seat's hand played forward ``turns`` pseudo-turns per
    discard it has thrown: it draws a random hidden card (from the stock or another
    seat's hand) and throws back the card it needs least (the heuristic's keep value),
    as real seats built their hands. With 哨 laid (``lay_shao``) a turn that would leave
    three alike in a hand is skipped (the seat would have had to lay them)."""
    others = [p for p in world.active if p != seat]
    todo = {p: round(turns * len(world.rivers[p])) for p in others}
    if not any(todo.values()):
        return world
    judge, hands = _judge(world.rules), {p: list(world.hands[p]) for p in others}
    stock = list(world.deal[world.top:world.stock_end])
    no_triples = world.rules.lay_shao
    while any(todo.values()):
        for p in others:
            if not todo[p]:
                continue
            todo[p] -= 1
            _turn(judge, p, hands, stock, rng, no_triples)
    for p in others:
        world.hands[p] = tuple(hands[p])
    world.deal = _deal_with_stock(world, tuple(stock))
    return world


def _turn(judge: HeuristicBot, p: int, hands: dict[int, list[int]], stock: list[int],
          rng: random.Random, no_triples: bool) -> None:
    """One pseudo-turn of seat ``p`` (:func:`improve`)."""
    sizes = [(q, sum(h)) for q, h in hands.items() if q != p]
    total = len(stock) + sum(n for _, n in sizes)
    if not total:
        return
    at = rng.randrange(total)
    hand = hands[p]
    if at < len(stock):
        card, source = stock[at], None
    else:
        at -= len(stock)
        source = next(q for q, n in sizes if (at := at - n) < 0)
        counts, k = hands[source], at + sum(hands[source])
        card = next(c for c in range(NUM_CARDS) if (k := k - counts[c]) < 0)
    if no_triples and hand[card] >= 2:
        return
    hand[card] += 1
    throw = _least_needed(judge, hand)
    if source is not None and no_triples and throw != card and hands[source][throw] >= 2:
        hand[card] -= 1  # the seat it came from would hold three alike: no turn
        return
    hand[throw] -= 1
    if source is None:
        stock[at] = throw
    else:
        hands[source][card] -= 1
        hands[source][throw] += 1


def _least_needed(judge: HeuristicBot, hand: list[int]) -> int:
    best, low = -1, math.inf
    for c in range(NUM_CARDS):
        if not hand[c]:
            continue
        hand[c] -= 1
        value = judge.keep_value(hand, c)
        hand[c] += 1
        if value < low:
            best, low = c, value
    return best


def resample_informed(s: State, seat: int, rng: random.Random,
                      params: BeliefParams = DEFAULT_BELIEF) -> State:
    """One of ``params.worlds`` uniform worlds, drawn in proportion to
    :func:`log_weight`'s likelihood (a finished deal is returned as is)."""
    if s.phase == OVER:
        return s
    turns = turns_for(s.rules) if params.turns is None else params.turns
    worlds = [improve(resample(s, seat, rng), seat, rng, turns)
              for _ in range(params.worlds)]
    if len(worlds) == 1:
        return worlds[0]
    logs = [log_weight(w, seat, params) for w in worlds]
    top = max(logs)
    weights = [math.exp(x - top) for x in logs]
    pick = rng.random() * sum(weights)
    for world, weight in zip(worlds, weights, strict=True):
        pick -= weight
        if pick < 0:
            return world
    return worlds[-1]


__all__ = ["DEFAULT_BELIEF", "BeliefParams", "discard_log_likelihood", "improve", "log_weight",
           "resample_informed", "turns_for"]
