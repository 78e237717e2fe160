"""The 双别杆 heuristic bot: keeps 精, builds toward 17 胡, claims sensibly, plays safe late.

It reads only the observation ``observe(state, seat)`` gives its seat and the legal
list, and decides in a few milliseconds:

* **胡, 紮, 招, 泛, 开泛** are always taken: a win ends the deal, and the others double a
  unit's 胡 (or more) and bring a replacement card at no cost in structure.
* **Discards.** For each card it could throw, the hand left is checked for waits with
  the engine's win test (every card that would complete it with ≥ 17 胡, weighted by
  the copies it has not seen and by the 分 they would bring). The best waiting hand
  wins; when no discard leaves it waiting, it throws the card its hand needs least:
  精 and 赖子 are kept, then 坎 and pairs, then cards with partners in a 句, red
  before black — less a danger term that grows as the stock runs down: faces with many
  unseen copies (an opponent may be waiting on them, or 对 them) and 精 are risky,
  faces an opponent threw away are safer.
* **对.** Taken when the hand is then waiting, or for a 精 (an exposed 精 triple still
  scores 3–5 胡), or for a pair with no 句 partners; never past the 对 limit (包) unless
  it makes the hand wait.

``make_heuristic`` is the factory the bot registry calls (registered in ``game.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import (
    FLOWER_FACES,
    FLOWERED_BASE,
    JOKER,
    NUM_CODES,
    NUM_FACES,
    RED_FACES,
    deck_copies,
    face_of,
    is_flowered,
    jing_of,
    parse_cards,
)
from .rules import BieganRules, fen_of
from .state import DISCARD0, DISCARD_OF, DUI, FAN, HU, NUM_ACTIONS, PASS, ZHA0, ZHAO, discard_code
from .turn import NATURALS, initial_stock
from .units import SENTENCES, Meld
from .winning import Completion, mending_faces, packed_of

BOT_NAME = "heuristic"
GAME_NAME = "biegan"
_PAIR_VALUE = (0.0, 0.0, 1.5, 3.5, 4.0, 4.0, 4.0, 4.0)
_FACE_KEY: tuple[int, ...] = tuple(-1 if c == JOKER else face_of(c) for c in range(NUM_CODES))
"""What one card adds to a hand's packed counts and 赖子, as a key: its face (-1: 赖子)."""
_SENTENCES_OF: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(s for s in SENTENCES if f in s) for f in range(NUM_FACES))
_PARTNERS_OF: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((s[1], s[2]) if s[0] == f else (s[0], s[2]) if s[1] == f else (s[0], s[1])
          for s in _SENTENCES_OF[f])
    for f in range(NUM_FACES))
"""Per face, the other two faces of each 句 it is in (in :data:`_SENTENCES_OF` order)."""


@dataclass(frozen=True, slots=True)
class Params:
    """The knobs of the heuristic."""

    jing: float = 3.0  # keeping a 精 card
    flowered_jing: float = 2.0  # extra for a 花精
    partner: float = 0.8  # one partner of a 句 in hand
    sentence: float = 2.0  # both partners of a 句 in hand
    red: float = 0.3  # a red face
    danger: float = 2.0  # weight of the late-game danger term
    joker: float = 100.0  # never throw a 赖子 while anything else can go
    shortlist: int = 0
    """Wait analysis only for this many discards (those the keep cost ranks cheapest to
    throw) and 对 follow-ups; 0 (the heuristic): every one. See :data:`ROLLOUT_PARAMS`."""


DEFAULT_PARAMS = Params()
ROLLOUT_PARAMS = Params(shortlist=2)
"""The search's cheap rollout policy (:mod:`.bot_rollout`): the heuristic's analysis of
waits, ≈ 85 % of its time, for the two discards the keep cost ranks first only."""


@dataclass(slots=True)
class _View:
    """What the bot knows, parsed from its observation."""

    hand: list[int]
    melds: tuple[Meld, ...]
    seen: list[int]
    opponent_discards: set[int]
    stock: int
    duis: int
    left: list[int]
    """Per code, the copies the seat has not seen (``unseen``), counted once."""
    pending: int | None
    """The discard being answered (a claim window), if any."""

    @classmethod
    def parse(cls, obs: Mapping[str, Any], seat: int, copies: Sequence[int]) -> _View:
        """``copies``: per code, the deck's (:func:`.cards.deck_copies` of the rules' 赖子)."""
        hand = [0] * NUM_CODES
        for code in parse_cards(str(obs["hand"]), check_counts=False):
            hand[code] += 1
        seen = list(hand)
        melds: list[Meld] = []
        for owner, row in enumerate(obs["melds"]):
            for m in row:
                if m["cards"] is None:
                    continue
                cards = parse_cards(str(m["cards"]), check_counts=False)
                for code in cards:
                    seen[code] += 1
                if owner == seat:
                    melds.append(Meld(str(m["kind"]), cards))
        others: set[int] = set()
        for owner, river in enumerate(obs["rivers"]):
            for code in parse_cards(str(river), check_counts=False):
                seen[code] += 1
                if owner != seat:
                    others.add(face_of(code))
        pending, shown = obs.get("pending"), None
        if pending is not None:
            shown = parse_cards(str(pending["card"]), check_counts=False)[0]
            seen[shown] += 1
        left = [max(0, k - n) for k, n in zip(copies, seen, strict=True)]
        return cls(hand, tuple(melds), seen, others, int(obs["stock"]),
                   int(obs["duis"][seat]), left, shown)

    def unseen(self, code: int) -> int:
        return self.left[code]


def wait_weights(rules: BieganRules, hand: list[int], melds: tuple[Meld, ...],
                 codes: Sequence[int]) -> list[tuple[int, int]]:
    """(card code, 1 + 分) for each of ``codes`` (in order) that completes ``hand`` with
    enough 胡; ``hand`` is restored before the return."""
    return [(code, 1 + fen_of(rules, hu)) for code, hu in _wins(rules, hand, melds, codes)]


def has_wait(rules: BieganRules, hand: list[int], melds: tuple[Meld, ...],
             codes: Sequence[int]) -> bool:
    """Whether :func:`wait_weights` would list any code (it stops at the first)."""
    return any(True for _ in _wins(rules, hand, melds, codes))


def _wins(rules: BieganRules, hand: list[int], melds: tuple[Meld, ...],
          codes: Sequence[int]) -> Iterator[tuple[int, int]]:
    """(code, 胡) of each of ``codes`` that completes ``hand`` with enough 胡 (``hand``
    is restored before each yield). Faces that cannot mend the groups out of step
    (:func:`.winning.mending_faces`) or whose residue class no 赖子 reading allows
    (:class:`.winning.Completion`) are not tried."""
    short = tuple(hand)
    packed = packed_of(short)
    mending = mending_faces(packed)
    if mending is not None and not mending:
        return
    completion = Completion(rules, short, melds, packed)
    tried = completion.faces if mending is None else completion.faces & mending
    threshold = rules.hu_threshold
    for code in codes:
        key = _FACE_KEY[code]
        if key < 0:
            if mending is not None:
                continue
            hu = completion.joker_hu()
        elif key not in tried:
            continue
        else:
            hu = completion.hus(key)[code >= FLOWERED_BASE]
        if hu is not None and hu >= threshold:
            yield code, hu


class HeuristicBot:
    """See the module docstring. Deterministic given its seed (ties are broken by it)."""

    def __init__(self, rules: BieganRules, seat: int, seed: int,
                 params: Params = DEFAULT_PARAMS) -> None:
        self.rules, self.seat, self.params = rules, seat, params
        self.rng = random.Random(seed)
        self._stock0 = initial_stock(rules)
        self.copies = deck_copies(rules.jokers)  # 单别杆 has one 赖子
        self._steps = _keep_steps(params, jing_of(rules.five_jing))
        self._partnered = (params.partner * 0, params.partner * 1, params.sentence)
        jing = jing_of(rules.five_jing)
        self._risk = tuple(2.0 if f in jing else 1.0 for f in range(NUM_FACES))

    def act(self, observation: Any, legal: Sequence[int]) -> int:
        return self.choose(legal, lambda: _View.parse(observation, self.seat, self.copies))

    def choose(self, legal: Sequence[int], view_of: Callable[[], _View]) -> int:
        """The decision over ``legal``; ``view_of`` reads what the seat knows, only when
        the decision needs it."""
        if not legal:
            raise ValueError("the bot was asked to act with no legal action")
        if HU in legal:
            return HU
        for action in (ZHAO, FAN):
            if action in legal:
                return action
        gains = [a for a in legal if ZHA0 <= a < NUM_ACTIONS]
        if gains:
            return gains[0]
        view = view_of()
        if DUI in legal and self._wants_dui(view):
            return DUI
        discards = [a for a in legal if DISCARD0 <= a < ZHA0]
        if discards:
            return self._discard(view, [discard_code(a) for a in discards])
        return PASS if PASS in legal else legal[0]

    # ------------------------------------------------------------------ discards
    def _discard(self, view: _View, codes: list[int]) -> int:
        counts = _face_counts(view.hand)
        cost = {c: self.keep(view.hand, c, counts) + self._danger(view, c) for c in codes}
        keep = self.params.shortlist
        if 0 < keep < len(codes):
            codes = sorted(codes, key=lambda c: (cost[c], c))[:keep]
        best = max(codes, key=lambda c: (self._wait_value(view, c), -cost[c],
                                         self.rng.random()))
        return DISCARD_OF[best]

    def _wait_value(self, view: _View, code: int) -> float:
        """How good the hand left after throwing ``code`` is as a waiting hand."""
        hand = list(view.hand)
        hand[code] -= 1
        return self.waits_value(view, hand, view.melds)

    def waits_value(self, view: _View, hand: list[int], melds: tuple[Meld, ...]) -> float:
        """Σ over the cards that complete ``hand`` with enough 胡: unseen × (1 + 分)."""
        left = view.left
        total = 0.0
        for code, weight in wait_weights(self.rules, hand, melds,
                                         [c for c in range(NUM_CODES) if left[c]]):
            total += left[code] * weight
        return total

    def _cost(self, view: _View, code: int) -> float:
        """What throwing ``code`` costs: how much the hand needs it, plus the danger."""
        return self.keep(view.hand, code) + self._danger(view, code)

    def keep(self, hand: Sequence[int], code: int,
             counts: Sequence[int] | None = None) -> float:
        """How much a hand needs one card of ``code`` (higher: keep it); ``counts``: the
        hand's cards per face when the caller has them already."""
        if code == JOKER:
            return self.params.joker
        face = _FACE_KEY[code]
        counts = _face_counts(hand) if counts is None else counts
        value = _PAIR_VALUE[counts[face]]
        for step in self._steps[code]:
            value += step
        partnered = self._partnered
        for a, b in _PARTNERS_OF[face]:
            value += partnered[(counts[a] > 0) + (counts[b] > 0)]
        return value

    def _danger(self, view: _View, code: int) -> float:
        if code == JOKER:
            return 0.0
        face = _FACE_KEY[code]
        late = 1.0 - view.stock / self._stock0
        unseen = sum(map(view.left.__getitem__, NATURALS[face]))
        risk = unseen / 5 * self._risk[face]
        if face in view.opponent_discards:
            risk *= 0.5
        return self.params.danger * late * late * risk

    # ------------------------------------------------------------------ 对
    def _wants_dui(self, view: _View) -> bool:
        code = view.pending
        if code is None:
            raise ValueError("对 is legal but the observation shows no pending discard")
        face = face_of(code)
        if view.duis < self.rules.dui_limit and self._worth_a_dui(view, face):
            return True  # taken whether or not the hand is then waiting
        hand = list(view.hand)
        taken = [code]
        for c in _codes_of(face):
            while hand[c] and len(taken) < 3:
                hand[c] -= 1
                taken.append(c)
        melds = (*view.melds, Meld("对", tuple(taken)))
        return any(self._ready_after(view, hand, melds, c) for c in self._follow_ups(hand))

    def _worth_a_dui(self, view: _View, face: int) -> bool:
        """A 对 of ``face`` for its own sake: a 精, or a pair with no 句 partners."""
        counts = _face_counts(view.hand)
        isolated = all(sum(1 for g in s if g != face and counts[g]) == 0
                       for s in _SENTENCES_OF[face])
        return face in jing_of(self.rules.five_jing) or (counts[face] == 2 and isolated)

    def _follow_ups(self, hand: list[int]) -> list[int]:
        """The discards after a 对 whose waits are looked at (all, or the shortlist the
        keep cost ranks cheapest to throw)."""
        codes = [c for c in range(NUM_CODES) if hand[c]]
        keep = self.params.shortlist
        if 0 < keep < len(codes):
            counts = _face_counts(hand)
            codes = sorted(codes, key=lambda c: (self.keep(hand, c, counts), c))[:keep]
        return codes

    def _ready_after(self, view: _View, hand: list[int], melds: tuple[Meld, ...],
                     code: int) -> bool:
        """Whether ``hand`` less ``code`` waits on a card the seat has not seen all of
        (:meth:`waits_value` > 0)."""
        hand[code] -= 1
        left = view.left
        ready = has_wait(self.rules, hand, melds, [c for c in range(NUM_CODES) if left[c]])
        hand[code] += 1
        return ready


def _keep_steps(p: Params, jing: tuple[int, ...]) -> tuple[tuple[float, ...], ...]:
    """Per card code, what :meth:`HeuristicBot.keep` adds to the pair value before the
    句 terms, one addition each and in its order (a 精 or 花 term, then red)."""
    out = []
    for code in range(NUM_CODES):
        face, steps = face_of(code), []
        if face in jing:
            steps.append(p.jing + (p.flowered_jing if is_flowered(code) else 0.0))
        elif face in FLOWER_FACES and is_flowered(code):
            steps.append(0.5)
        if face in RED_FACES:
            steps.append(p.red)
        out.append(tuple(steps))
    return tuple(out)


def _face_counts(hand: Sequence[int]) -> list[int]:
    out = list(hand[:NUM_FACES])  # plain codes are their faces
    for face, code in _FLOWERED:
        out[face] += hand[code]
    return out


_FLOWERED = tuple((face_of(code), code) for code in range(FLOWERED_BASE, NUM_CODES))


def _codes_of(face: int) -> tuple[int, ...]:
    return NATURALS[face]


# --------------------------------------------------------------------- registry hook
def make_heuristic(game: Any, rules: Any, seat: int, seed: int) -> HeuristicBot:
    """The factory the family's manifest names: ``factory(game, rules, seat, seed)``."""
    if not isinstance(rules, BieganRules):
        raise ValueError(f"{BOT_NAME} plays 双别杆 only, got rules {type(rules).__name__}")
    return HeuristicBot(rules, seat, seed)


__all__ = ["BOT_NAME", "DEFAULT_PARAMS", "ROLLOUT_PARAMS", "HeuristicBot", "Params",
           "make_heuristic"]
