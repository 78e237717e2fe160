"""The 秀山 heuristic bot: keeps 贰, builds toward the threshold, claims as forced, and
avoids feeding what it can see.

It reads only its seat's observation and the legal list:

* **报子** (钵福 报数 training): the right value, or wrong at the rules' ``bot_errors``
  rate so a learner can catch it.
* **胡** is always taken; a forced 碰 / 开召 / 鸡 / 哨 / 龙灯 is the only other choice
  and is made; otherwise 过.
* **Discards.** For each card it could throw, the hand left is checked for waits with
  the engine's calculator (:func:`.waits.waits`: every card that would win, its 豆 and
  the copies it has not seen). The best waiting hand wins; when no discard leaves it
  waiting, it throws the card its hand needs least: 贰 / 二 (each a 豆) are kept, then
  坎 and pairs (a 哨 or a forced 碰 to come), then cards with 联子 partners (一二三 and
  二七十 carry 油子, big ones twice), less a danger term that grows as the stock runs
  down: a card onto another seat's known 哨 feeds it a 开召 (9–18 油子), a card with many
  unseen copies may be what someone waits on, a card another seat threw is safer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .abacus import bot_said
from .bo_play import BAO0, BAO_MAX
from .calculator import HandError
from .cards import ER, NUM_CARDS, RANKS, is_big, parse_card, parse_cards, rank
from .groups import Kind, Meld
from .state import DISCARD0, HU, PASS
from .table_rules import XiushanGameRules
from .waits import waits

BOT_NAME = "heuristic"
_COUNT_VALUE = (0.0, 0.0, 1.5, 4.0, 4.0)
_VALUED = ((0, 1, 2), (1, 6, 9))
"""一二三 and 二七十 (ranks), the 联子 that carry 油子."""


@dataclass(frozen=True, slots=True)
class Params:
    er: float = 2.0  # keeping a 贰 / 二 (one 豆 each)
    partner: float = 0.8  # one 联子 partner in hand
    sequence: float = 2.0  # both partners of a 联子 in hand
    valued: float = 1.5  # extra for 一二三 / 二七十 partners (油子)
    jiao: float = 0.5  # the same rank in the other size (大小组合)
    danger: float = 2.0  # weight of the late-game danger term
    feed: float = 6.0  # a discard onto another seat's known 哨
    shortlist: int = 0
    """Wait analysis only for this many discards (those the keep value and the danger
    rank cheapest to throw); 0 (the heuristic): every one. See :data:`ROLLOUT_PARAMS`."""


DEFAULT_PARAMS = Params()
ROLLOUT_PARAMS = Params(shortlist=3)
"""The search's cheap rollout policy (:mod:`.bot_rollout`): the calculator's waits, most
of the heuristic's time, for the three discards cheapest to throw only."""


@dataclass(slots=True)
class _View:
    hand: list[int]
    melds: tuple[Meld, ...]
    seen: list[int]
    known_shao: set[int]
    thrown: set[int]
    stock: int
    jiang: str | None


class HeuristicBot:
    def __init__(self, rules: XiushanGameRules, seat: int, seed: int,
                 params: Params = DEFAULT_PARAMS) -> None:
        self.rules, self.seat, self.params = rules, seat, params
        self.rng = random.Random(seed)

    def act(self, observation: Any, legal: Sequence[int]) -> int:
        owed = observation.get("my_owed") if isinstance(observation, Mapping) else None
        if owed:
            return self.announce(observation, owed)
        return self.choose(legal, lambda: _read(observation, self.seat))

    def choose(self, legal: Sequence[int], view_of: Callable[[], _View]) -> int:
        """The decision over ``legal`` once no 报子 is owed; ``view_of`` reads what the
        seat knows, only when a discard needs it."""
        if HU in legal:
            return HU
        if not any(a >= DISCARD0 for a in legal):
            claims = [a for a in legal if a != PASS]
            return claims[0] if claims else legal[0]
        view = view_of()
        return max(self._candidates(view, legal),
                   key=lambda a: self._discard_value(view, a - DISCARD0))

    def _candidates(self, view: _View, legal: Sequence[int]) -> Sequence[int]:
        """The discards whose waits are looked at: all, or the shortlist cheapest to
        throw (keep value plus danger, as :meth:`_discard_value` counts them)."""
        keep = self.params.shortlist
        if not 0 < keep < len(legal):
            return legal
        return sorted(legal, key=lambda a: (self._throw_cost(view, a - DISCARD0), a))[:keep]

    def _throw_cost(self, view: _View, card: int) -> float:
        hand = view.hand
        hand[card] -= 1
        try:
            return self.keep_value(hand, card) + self._danger(view, card)
        finally:
            hand[card] += 1

    def announce(self, observation: Mapping[str, Any], owed: Mapping[str, Any]) -> int:
        """报子 (钵福 报数 training): the right value, or with the rules' ``bot_errors``
        rate a plausible wrong one (:func:`.abacus.bot_said`, this bot's seeded rng)."""
        jiang = observation.get("jiang")
        jiang_rank = rank(parse_card(str(jiang)[0])) if jiang else None
        said = bot_said(Kind(owed["group"]), parse_card(owed["card"]), jiang_rank, self.rng,
                        self.rules.bot_errors / 100)  # fmt: skip
        return BAO0 + min(said, BAO_MAX)

    # ------------------------------------------------------------------ discards
    def _discard_value(self, view: _View, card: int) -> float:
        hand = view.hand
        hand[card] -= 1
        try:
            ready = self.waits_value(view, hand)
            keep = self.keep_value(hand, card)
        finally:
            hand[card] += 1
        return 10.0 * ready - keep - self._danger(view, card)

    def waits_value(self, view: _View, hand: Sequence[int]) -> float:
        """Copies not yet seen of every winning card, weighted by its 豆."""
        cards = [c for c in range(NUM_CARDS) for _ in range(hand[c])]
        seen = [c for c in range(NUM_CARDS) for _ in range(view.seen[c])]
        try:
            found = waits(self.rules, cards, view.melds, visible=seen, jiang=view.jiang)
        except (HandError, ValueError):
            return 0.0
        return sum(w.remaining * (1 + (w.score or w.score_self_drawn or 0))
                   for w in found.waits) / 4

    def keep_value(self, hand: Sequence[int], card: int) -> float:
        """How much the hand (the card thrown already taken out) needs ``card``."""
        p, r = self.params, card % RANKS
        n = hand[card] + 1
        value = _COUNT_VALUE[min(n, 4)]
        if card in ER and (is_big(card) or self.rules.dou_er == "both"):
            value += p.er
        base = card - r
        for ranks in (*((a, a + 1, a + 2) for a in range(RANKS - 2)), _VALUED[1]):
            if r not in ranks:
                continue
            partners = sum(1 for x in ranks if x != r and hand[base + x])
            gain = p.sequence if partners == 2 else p.partner * partners
            if ranks in _VALUED and self.rules.youzi:
                gain *= p.valued * (2 if is_big(card) else 1)
            value += gain
        if self.rules.jiao and hand[(card + RANKS) % NUM_CARDS]:
            value += p.jiao
        return value

    def _danger(self, view: _View, card: int) -> float:
        p = self.params
        late = 1.0 - view.stock / 40
        own = sum(m.cards.count(card) for m in view.melds)
        risk = (4 - view.seen[card] - view.hand[card] - own) / 4
        if card in view.thrown:
            risk *= 0.5
        feed = p.feed if card in view.known_shao else 0.0
        return feed + p.danger * late * late * max(risk, 0.0)


def _read(obs: Mapping[str, Any], seat: int) -> _View:
    hand = [0] * NUM_CARDS
    for c in parse_cards(str(obs["hand"]), check_counts=False):
        hand[c] += 1
    melds = tuple(Meld.parse(f"{m['kind']}:{m['cards']}") for m in obs["my_melds"])
    seen = [0] * NUM_CARDS
    known_shao: set[int] = set()
    for p, laid in enumerate(obs["melds"]):
        if p == seat:
            continue
        for m in laid:
            if m["cards"] is None:
                continue
            cards = parse_cards(m["cards"], check_counts=False)
            for c in cards:
                seen[c] += 1
            if m["kind"] == "哨":
                known_shao.add(cards[0])
    thrown: set[int] = set()
    for p, river in enumerate(obs["rivers"]):
        for c in parse_cards(river, check_counts=False):
            seen[c] += 1
            if p != seat:
                thrown.add(c)
    if obs.get("flipped"):
        seen[parse_cards(obs["flipped"], check_counts=False)[0]] += 1
    jiang = obs.get("jiang")
    return _View(hand, melds, seen, known_shao, thrown, int(obs["stock"]),
                 None if not jiang else str(jiang)[0])


# --------------------------------------------------------------------- registry hook
def make_heuristic(game: Any, rules: Any, seat: int, seed: int) -> HeuristicBot:
    """The factory the family's manifest names: ``factory(game, rules, seat, seed)``."""
    if not isinstance(rules, XiushanGameRules):
        raise ValueError(f"{BOT_NAME} plays 秀山字牌 only, got rules {type(rules).__name__}")
    return HeuristicBot(rules, seat, seed)


__all__ = ["BOT_NAME", "DEFAULT_PARAMS", "ROLLOUT_PARAMS", "HeuristicBot", "Params",
           "make_heuristic"]
