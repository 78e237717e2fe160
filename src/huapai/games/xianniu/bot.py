"""The 掀牛 / 花花牌 heuristic bot: plays like a careful table player, from its own view only.

It reads nothing but the observation ``observe(state, seat)`` gives its seat, the rules
and the legal action list, and decides in well under a millisecond:

* **Card counting.** The cards it cannot see (``unseen``) are the deck minus its hand,
  the 废牌, every 占牌 on the table, the current trick and its own 紧牌 discards. Each
  opponent holds a random subset of them of known size, so the chance that an opponent
  holds a given play is a product of hypergeometric tails. A play with no beater among
  the unseen cards is *sure* (摆, 好牛, 喜 — incomparable, so always safe — the top single …).
* **Hand plan.** The hand is split greedily into the plays most likely to survive a
  lead (sure ones first); walking that plan, with the chance of keeping the lead
  shrinking play by play, gives the expected 占牌 and points the hand can still take as
  leader (``Plan.cards`` / ``Plan.points``).
* **Declaring.** The leader plays on when its plan reaches 够牌 (or it is already a
  winner and still holds sure points); otherwise it declines (扣了 / 不掀). Another seat
  掀s only when a discounted plan (it must first win a trick to get the lead) reaches
  够牌, since a failed 掀 costs it the 掀 fee; a seat facing a winner's bill is bolder.
* **Leading.** Every legal lead is scored as: chance it survives × (its 占牌 and points +
  the plan of what is left) + chance it is beaten × (a discounted plan − what the lead
  hands the opponent). Sure point plays (牛 / 喜 / 亮子) go first; without a sure play it
  leads what costs least to lose.
* **Following.** 有大必大: among the beaters it must choose from, the same formula picks the
  cheapest one that wins, or a big one when that secures the trick and its points.
* **紧牌 / discards.** It calls 紧牌 when no one is ahead of it (its plan already fits
  the room left), and throws away the card whose loss hurts its plan least.

``register()`` makes it available as bot ``"heuristic"`` for game ``"xianniu"``;
``python -m huapai.games.xianniu.bot`` measures it against the random bot.
"""

from __future__ import annotations

import math
import operator
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .cards import CODES, COPIES, NAMES, NUM_FACES, PIPS, Counts, parse_faces, to_counts
from .combos import Catalogue, Combo, catalogue
from .ranks import TABLES
from .rules import XianniuRules
from .scoring import liang_count, niu_xi_points, xingzi
from .state import DECLINE, DISCARD0, JIN, PLAY0, XIAN

BOT_NAME = "heuristic"
GAME_NAME = "xianniu"


# ------------------------------------------------------------------------------ tuning
@dataclass(frozen=True, slots=True)
class Params:
    """The knobs of the heuristic (defaults tuned against the random bot and itself)."""

    point_weight: float = 1.0  # one point in the 占牌 is worth this many 占牌
    entry: float = 1.0  # scale on (chance to win a trick) × plan for a non-leader
    lost_lead: float = 0.5  # share of the plan still reachable after losing the lead
    feed: float = 0.15  # cost of handing a beaten lead to an opponent, per 占牌
    lead_margin: float = 0.0  # leader plays on when plan ≥ need − margin
    xian_margin: float = 0.0  # non-leader 掀s when entry × plan ≥ need + margin
    pressure: float = 0.5  # extra slack when a winner would bill us if the deal ended
    sure: float = 0.97  # a play at least this safe counts as sure
    jinpai: bool = True  # call 紧牌 when ahead


DEFAULT_PARAMS = Params()


# ------------------------------------------------------------------------ observation
_TOKENS: dict[str, int] = {name: f for f, name in enumerate(NAMES)} | {
    code: f for f, code in enumerate(CODES)
}


def parse_cards(text: str) -> Counts:
    """Count vector of a card text as the engine formats it (fast path), or any notation."""
    counts = [0] * NUM_FACES
    for token in text.split():
        face = _TOKENS.get(token)
        if face is None:
            return to_counts(parse_faces(text))
        counts[face] += 1
    return tuple(counts)


@dataclass(slots=True)
class View:
    """What the bot knows, parsed from one observation."""

    seat: int
    phase: str
    leader: int
    order: tuple[int, ...]
    hand: Counts
    unseen: tuple[int, ...]
    sizes: tuple[int, ...]
    tables: tuple[int, ...]
    total: int
    room: int


def read_view(obs: Mapping[str, Any], rules: XianniuRules) -> View:
    """Parse ``obs``; a malformed one raises ValueError naming the missing or bad field."""
    try:
        return _read_view(obs, rules)
    except (KeyError, TypeError, IndexError, AttributeError, ValueError) as exc:
        raise ValueError(f"heuristic bot: malformed 掀牛 observation ({exc!r})") from exc


def _read_view(obs: Mapping[str, Any], rules: XianniuRules) -> View:
    seat, leader = int(obs["seat"]), int(obs["leader"])
    active = tuple(int(p) for p in obs["active"])
    i = active.index(leader)
    hand = parse_cards(obs["hand"])
    trick = [parse_cards(t["cards"]) for t in obs["trick"]]
    seen = [hand, parse_cards(obs["waste"]), parse_cards(obs.get("my_discards", "")), *trick]
    for plays in obs["table"]:
        seen.extend(parse_cards(p["cards"]) for p in plays)
    total = int(obs["table_total"])
    return View(
        seat=seat,
        phase=str(obs["phase"]),
        leader=leader,
        order=active[i:] + active[:i],
        hand=hand,
        unseen=_unseen(seen),
        sizes=tuple(int(n) for n in obs["hand_sizes"]),
        tables=tuple(int(n) for n in obs["table_counts"]),
        total=total,
        room=rules.table_cap - total,
    )


def _unseen(seen: Iterable[Counts]) -> tuple[int, ...]:
    left: Iterable[int] = COPIES
    for counts in seen:
        left = map(operator.sub, left, counts)
    out = tuple(left)
    if min(out) < 0:
        raise ValueError("heuristic bot: the observation shows more cards than the deck has")
    return out


# ------------------------------------------------------------------------------- odds
@lru_cache(maxsize=65536)
def tail(pool: int, hand: int, copies: int, need: int) -> float:
    """P(a hand of ``hand`` cards drawn from ``pool`` holds ≥ ``need`` of ``copies``)."""
    if need > copies or need > hand or hand <= 0 or pool <= 0:
        return 0.0
    if hand >= pool:
        return 1.0
    total = math.comb(pool, hand)
    ways = sum(
        math.comb(copies, x) * math.comb(pool - copies, hand - x)
        for x in range(need, min(copies, hand) + 1)
    )
    return ways / total


class Odds:
    """Chances that the opponents still to act can beat a play, memoised per decision."""

    __slots__ = ("_cache", "cat", "pool", "unseen")

    def __init__(self, cat: Catalogue, unseen: tuple[int, ...]) -> None:
        self.cat = cat
        self.unseen = unseen
        self.pool = sum(unseen)
        self._cache: dict[tuple[int, tuple[int, ...]], float] = {}

    def holds(self, hand: int, combo: Combo) -> float:
        p = 1.0
        for f, n in combo.items:
            p *= tail(self.pool, hand, self.unseen[f], n)
            if p == 0.0:
                break
        return p

    def beats(self, hand: int, index: int) -> float:
        """P(an opponent holding ``hand`` unseen cards can beat play ``index``)."""
        miss = 1.0
        for b in self.cat.beaters[index]:
            miss *= 1.0 - self.holds(hand, b)
            if miss < 1e-4:
                return 1.0
        return 1.0 - miss

    def survives(self, index: int, opponents: tuple[int, ...]) -> float:
        """P(no opponent, each given by its hand size, beats play ``index``)."""
        key = (index, opponents)
        hit = self._cache.get(key)
        if hit is None:
            hit = 1.0
            for hand in opponents:
                hit *= 1.0 - self.beats(hand, index)
            self._cache[key] = hit
        return hit


# ------------------------------------------------------------------------------ plans
@dataclass(slots=True)
class Plan:
    """Expected 占牌 and points a hand takes by leading its plays in order of safety."""

    cards: float = 0.0
    points: float = 0.0
    sure_cards: int = 0
    sure_points: int = 0
    plays: list[int] = field(default_factory=list)


Candidate = tuple[int, float, int, int]  # (play index, survival, size, points)


class Planner:
    """Hand plans for one decision: candidates sorted once, sub-hands planned fast."""

    def __init__(self, bot: HeuristicBot, view: View, odds: Odds) -> None:
        self.bot = bot
        self.view = view
        self.odds = odds
        self.opponents = tuple(view.sizes[p] for p in view.order if p != view.seat)
        self.cands = self._candidates(view.hand)
        self._memo: dict[Counts, Plan] = {}

    def _candidates(self, hand: Counts) -> list[Candidate]:
        out: list[Candidate] = []
        for i in self.bot.cat.leads(hand, 16):
            combo = self.bot.cat.combos[i]
            s = self.odds.survives(i, self.opponents)
            out.append((i, s, combo.size, self.bot.points[i]))
        w = self.bot.params.point_weight
        out.sort(key=lambda c: (-round(c[1], 3), -(c[2] + w * c[3]), c[0]))
        return out

    def plan(self, hand: Counts) -> Plan:
        hit = self._memo.get(hand)
        if hit is None:
            hit = self._plan(hand)
            self._memo[hand] = hit
        return hit

    def _plan(self, hand: Counts) -> Plan:
        left = list(hand)
        room = self.view.room
        keep = 1.0
        out = Plan()
        sure = self.bot.params.sure
        combos = self.bot.cat.combos
        for i, s, size, pts in self.cands:
            if size > room or keep < 0.02:
                continue
            items = combos[i].items
            if any(left[f] < n for f, n in items):
                continue
            for f, n in items:
                left[f] -= n
            room -= size
            keep *= s
            out.cards += keep * size
            out.points += keep * pts
            out.plays.append(i)
            if s >= sure and keep >= sure:
                out.sure_cards += size
                out.sure_points += pts
        return out

    def value(self, hand: Counts) -> float:
        p = self.plan(hand)
        return p.cards + self.bot.params.point_weight * p.points


def _minus(hand: Counts, combo: Combo) -> Counts:
    left = list(hand)
    for f, n in combo.items:
        left[f] -= n
    return tuple(left)


def _without(hand: Counts, face: int) -> Counts:
    left = list(hand)
    left[face] -= 1
    return tuple(left)


# -------------------------------------------------------------------------------- bot
class HeuristicBot:
    """A sensible 掀牛 player that sees only its observation (see the module notes)."""

    def __init__(
        self, rules: XianniuRules, seat: int, seed: int, params: Params = DEFAULT_PARAMS
    ) -> None:
        if not isinstance(rules, XianniuRules):
            kind = type(rules).__name__
            raise TypeError(f"the 掀牛 heuristic bot needs XianniuRules, got {kind}")
        self.rules = rules
        self.seat = seat
        self.seed = seed
        self.params = params
        self.cat = catalogue(rules.catalogue_key)
        self.points = [_play_points(rules, c) for c in self.cat.combos]
        self.sets = {n: [c for c in self.cat.combos if c.cls == ("set", n)] for n in (1, 2)}
        self._rng = random.Random(seed)
        self._odds: Odds | None = None

    def __repr__(self) -> str:
        return f"HeuristicBot(seat={self.seat}, seed={self.seed})"

    # --- the Agent protocol -------------------------------------------------------------
    def act(self, observation: Any, legal: Sequence[int]) -> int:
        if not legal:
            raise ValueError("heuristic bot was asked to act with no legal action")
        if not isinstance(observation, Mapping):
            kind = type(observation).__name__
            raise ValueError(f"heuristic bot: the observation must be a mapping, got {kind}")
        if len(legal) == 1:
            return legal[0]
        view = read_view(observation, self.rules)
        choice = self.decide(view, legal)
        return choice if choice in legal else legal[0]

    def decide(self, view: View, legal: Sequence[int]) -> int:
        planner = Planner(self, view, self._odds_for(view.unseen))
        if view.phase == "jinpai":
            return self._discard(planner, legal)
        if view.phase == "follow":
            return self._follow(planner, view, legal)
        if XIAN in legal:
            return XIAN if self._wants_xian(planner, view) else DECLINE
        if JIN in legal and self._wants_jinpai(view):
            return JIN
        plays = [a for a in legal if a >= PLAY0]
        if DECLINE in legal and (not plays or not self._plays_on(planner, view)):
            return DECLINE
        return self._lead(planner, plays) if plays else legal[0]

    def _odds_for(self, unseen: tuple[int, ...]) -> Odds:
        """The odds for these unseen cards: the last decision's when they are the same
        (a seat discarding at 紧牌 sees nothing new between its discards), so what it
        worked out then is not worked out again."""
        odds = self._odds
        if odds is None or odds.unseen != unseen:
            odds = self._odds = Odds(self.cat, unseen)
        return odds

    # --- declaring ----------------------------------------------------------------------
    def _need(self, view: View) -> int:
        return max(self.rules.gou - view.tables[view.seat], 0)

    def _pressure(self, view: View) -> float:
        """Slack when the deal ending now would leave us below 够牌 facing a winner."""
        if self._need(view) == 0:
            return 0.0
        winners = any(view.tables[p] >= self.rules.gou for p in view.order if p != view.seat)
        return self.params.pressure if winners else 0.0

    def _plays_on(self, planner: Planner, view: View) -> bool:
        plan = planner.plan(view.hand)
        need = self._need(view)
        if need == 0:
            return plan.sure_cards > 0 and (plan.sure_points > 0 or self._ci_in_reach(view, plan))
        slack = self.params.lead_margin + self._pressure(view)
        return plan.cards >= need - slack

    def _ci_in_reach(self, view: View, plan: Plan) -> bool:
        return view.tables[view.seat] + plan.sure_cards >= self.rules.ci

    def _wants_xian(self, planner: Planner, view: View) -> bool:
        plan = planner.plan(view.hand)
        need = self._need(view)
        if need == 0:
            return plan.sure_points > 0 and plan.sure_cards >= 2
        reach = self.params.entry * self._entry(view) * plan.cards
        slack = self._pressure(view) - self.params.xian_margin
        return reach >= need - slack

    def _entry(self, view: View) -> float:
        """Chance of beating the leader's lead: a lead drawn from the unseen singles and
        pairs (weighted by how many ways each can be held), against our beaters."""
        hits = 0.0
        for size, share in ((1, 0.5), (2, 0.5)):
            hits += share * self._beatable_share(view, size)
        return hits

    def _beatable_share(self, view: View, size: int) -> float:
        ways = beat = 0
        for combo in self.sets[size]:
            w = 1
            for f, n in combo.items:
                w *= math.comb(view.unseen[f], n)
            if w and self.cat.follows(view.hand, combo.index):
                beat += w
            ways += w
        return beat / ways if ways else 0.0

    # --- leading and following ----------------------------------------------------------
    def _lead(self, planner: Planner, plays: Sequence[int]) -> int:
        opponents = planner.opponents
        return self._best(plays, lambda a: self._score(planner, a - PLAY0, opponents))

    def _follow(self, planner: Planner, view: View, legal: Sequence[int]) -> int:
        after = view.order[view.order.index(view.seat) + 1 :]
        opponents = tuple(view.sizes[p] for p in after)
        plays = [a for a in legal if a >= PLAY0]
        if not plays:
            return legal[0]
        return self._best(plays, lambda a: self._score(planner, a - PLAY0, opponents))

    def _score(self, planner: Planner, index: int, opponents: tuple[int, ...]) -> float:
        """Expected value of putting play ``index`` on the trick now."""
        p = self.params
        combo = self.cat.combos[index]
        s = planner.odds.survives(index, opponents)
        gain = combo.size + p.point_weight * self.points[index]
        rest = planner.value(_minus(planner.view.hand, combo))
        return s * (gain + rest) + (1.0 - s) * (p.lost_lead * rest - p.feed * gain)

    def _best(self, actions: Sequence[int], score: Callable[[int], float]) -> int:
        scored = [(score(a), a) for a in actions]
        top = max(v for v, _ in scored)
        best = [a for v, a in scored if v >= top - 1e-9]
        return best[0] if len(best) == 1 else best[self._rng.randrange(len(best))]

    # --- 紧牌 ---------------------------------------------------------------------------
    def _wants_jinpai(self, view: View) -> bool:
        """紧牌 when no one is ahead of us. The plan already fits in the room left, so
        cutting hands to it costs us nothing, while the others lose beaters."""
        if not self.params.jinpai:
            return False
        mine = view.tables[view.seat]
        return all(view.tables[p] <= mine for p in view.order)

    def _discard(self, planner: Planner, legal: Sequence[int]) -> int:
        face = self._worst_face(planner, planner.view.hand)
        action = DISCARD0 + face
        return action if action in legal else legal[0]

    def _worst_face(self, planner: Planner, hand: Counts) -> int:
        """The card whose loss costs the plan least (lowest single first on a tie)."""
        single = TABLES[self.rules.rank_table].single
        faces = [f for f in range(NUM_FACES) if hand[f]]
        return max(faces, key=lambda f: (planner.value(_without(hand, f)), -single[f], -PIPS[f]))


def _play_points(rules: XianniuRules, combo: Combo) -> int:
    """What a play is worth in a winner's 占牌 under the rules' scoring scheme."""
    if rules.scoring == "xingzi":
        return xingzi(rules, combo)
    return niu_xi_points(combo) + rules.liang_points * liang_count(combo)


# --------------------------------------------------------------------- the bot factory
def make_heuristic(game: Any, rules: Any, seat: int, seed: int) -> HeuristicBot:
    """The factory the family's manifest names: ``factory(game, rules, seat, seed)``."""
    return HeuristicBot(rules, seat, seed)


# ------------------------------------------------------------------- strength vs random
@dataclass(frozen=True, slots=True)
class Strength:
    """Mean score per deal of seat 0 as this bot and as the random bot, on the same deals
    against the same random opponents, with the 95% interval of the paired difference."""

    preset: str
    players: int
    deals: int
    seed: int
    heuristic: float
    random: float
    diff: float
    half_width: float
    seconds: float

    def text(self) -> str:
        low, high = self.diff - self.half_width, self.diff + self.half_width
        return (
            f"{self.preset} {self.players}人/players, {self.deals}局/deals, seed {self.seed}: "
            f"启发式/heuristic {self.heuristic:+.3f}, 随机/random {self.random:+.3f}, "
            f"差/diff {self.diff:+.3f} ± {self.half_width:.3f} (95% [{low:+.3f}, {high:+.3f}]), "
            f"{self.seconds:.1f}s"
        )


def measure(
    preset: str = "lanzhou", players: int = 3, deals: int = 2000, seed: int = 1
) -> Strength:
    """Play ``deals`` deals (a ``Match``: 扳牌 first dealer, then rotation) twice: seat 0
    is this bot, then the random bot; every other seat is a random bot both times."""
    import statistics
    import time

    from .game import GAME

    rules = GAME.rules(preset, players=players)
    start = time.perf_counter()
    mine = _seat0_scores(rules, deals, seed, heuristic=True)
    base = _seat0_scores(rules, deals, seed, heuristic=False)
    diffs = [a - b for a, b in zip(mine, base, strict=True)]
    half = 1.96 * statistics.pstdev(diffs) / math.sqrt(len(diffs))
    return Strength(
        preset=preset,
        players=players,
        deals=deals,
        seed=seed,
        heuristic=statistics.fmean(mine),
        random=statistics.fmean(base),
        diff=statistics.fmean(diffs),
        half_width=half,
        seconds=time.perf_counter() - start,
    )


def _seat0_scores(rules: XianniuRules, deals: int, seed: int, *, heuristic: bool) -> list[int]:
    from huapai.core.match import Match
    from huapai.core.random_bot import RandomBot
    from huapai.core.rng import derive_seed
    from huapai.core.session import Agent

    from .game import GAME

    agents: list[Agent] = [RandomBot(derive_seed(seed, "random", p)) for p in range(rules.players)]
    if heuristic:
        agents[0] = HeuristicBot(rules, 0, derive_seed(seed, "heuristic"))
    scores: list[int] = []
    Match(GAME, rules, deals, seed).play(
        agents, on_deal_end=lambda _deal, settled: scores.append(settled.deltas[0])
    )
    return scores


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m huapai.games.xianniu.bot``: measure the bot against the random bot."""
    import argparse
    import sys

    from huapai.core.protocol import RulesError

    parser = argparse.ArgumentParser(
        prog="python -m huapai.games.xianniu.bot",
        description="掀牛启发式机器人对随机机器人的强度 / heuristic bot strength vs random",
    )
    parser.add_argument("--preset", default="lanzhou", help="规则预设 / rules preset")
    parser.add_argument("--players", type=int, default=3, help="人数 / players (3–5)")
    parser.add_argument("--deals", type=int, default=2000, help="局数 / deals")
    parser.add_argument("--seed", type=int, default=1, help="种子 / match seed")
    args = parser.parse_args(argv)
    if args.deals < 1:
        print("局数至少为 1 / --deals must be at least 1", file=sys.stderr)
        return 2
    try:
        result = measure(args.preset, args.players, args.deals, args.seed)
    except RulesError as exc:
        print(f"规则错误 / bad rules: {exc}", file=sys.stderr)
        return 2
    print(result.text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
