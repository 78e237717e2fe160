"""``resample``: a full 双别杆 state consistent with what one seat has seen, for search.

What a seat cannot see: the other two hands, the stock (its cards and their order), the
other seats' face-down 紮 / 泛 (only their size shows), the card another seat just drew,
the other seats' window answers and their 过胡. Everything else is public: every
discard (弃牌), the card being answered, shown melds (对, 招, 紮 under ``zha_shown``),
hand sizes, the stock count, the 对 counts.

Resampling pools the hidden cards (the other hands, the stock, the other seats'
face-down melds), gives each face-down meld a random face the pool can make (four of a
face, or with a 赖子 for a 精 when ``jokers_in_zha``; five for a 泛), and deals the rest
back into the other hands and the stock with the same counts. Then what depended on the
hidden cards is made to agree with the new ones: the card another seat just drew is one
of its cards, its 请统 fours are its own, its window answer is 过 and its 过胡 is off
(nobody else could tell either). A finished deal is returned as it is.

Not used as constraints (the state stays valid and playable): that a seat skipped
under ``ask="eligible"`` had no claim on a discard or no four at 请统, and that a seat
under 过胡 held a winning hand.
"""

from __future__ import annotations

import random

from .cards import JOKER, NUM_CODES, NUM_FACES, jing_of
from .state import OVER, PASS, QINGTONG, TURN, WINDOW, Held, State
from .turn import NATURALS, four_faces
from .units import Meld
from .winning import packed_of

_TRIES = 20


def resample(s: State, seat: int, rng: random.Random) -> State:
    """A copy of ``s`` with what ``seat`` cannot see redealt (see the module)."""
    t = s.copy()
    if s.phase == OVER:
        return t
    others = [p for p in range(s.rules.players) if p != seat]
    counts = _hidden_counts(s, others)
    melds = _melds(s, others, counts, rng)
    pool = [c for c in range(NUM_CODES) for _ in range(counts[c])]
    rng.shuffle(pool)
    i = 0
    for p in others:
        n = sum(s.hands[p])
        t.hands[p] = _counts(pool[i:i + n])
        t.packed[p] = packed_of(t.hands[p])
        t.melds[p] = melds[p]
        i += n
    t.deal = deal_with_stock(s, pool[i:])
    agree(t, seat, others, rng)
    return t


def _hidden_counts(s: State, others: list[int]) -> list[int]:
    """The multiset of hidden cards: the other hands, the stock, face-down melds."""
    counts = [0] * NUM_CODES
    for p in others:
        for c, n in enumerate(s.hands[p]):
            counts[c] += n
        for held in s.melds[p]:
            if held.hidden:
                for c in held.meld.cards:
                    counts[c] += 1
    for c in s.deal[s.top:s.bottom + 1]:
        counts[c] += 1
    return counts


def _melds(s: State, others: list[int], counts: list[int],
           rng: random.Random) -> dict[int, tuple[Held, ...]]:
    """New faces for the other seats' face-down melds, their cards taken out of
    ``counts``; the old faces if no random choice works out (they always fit)."""
    hidden = [(p, h) for p in others for h in s.melds[p] if h.hidden]
    if not hidden:
        return {p: s.melds[p] for p in others}
    for attempt in range(_TRIES + 1):
        trial = list(counts)
        chosen = _choose(s, [h for _, h in hidden], trial, rng, keep=attempt == _TRIES)
        if chosen is not None:
            counts[:] = trial
            new = iter(chosen)
            return {p: tuple(next(new) if h.hidden else h for h in s.melds[p]) for p in others}
    raise AssertionError("the face-down melds' own faces always fit")


def _choose(s: State, hidden: list[Held], counts: list[int], rng: random.Random,
            keep: bool) -> list[Held] | None:
    out = []
    for held in hidden:
        meld = _face_meld(s, held, counts, rng, keep)
        if meld is None:
            return None
        out.append(meld)
    return out


def _face_meld(s: State, held: Held, counts: list[int], rng: random.Random,
               keep: bool) -> Held | None:
    size, kind = len(held.meld.cards), held.meld.kind
    faces = [held.meld.face] if keep else _feasible(s, size, counts)
    if not faces:
        return None
    face = rng.choice(faces)
    cards = _take(s, face, size, counts)
    if cards is None:
        return None
    return Held(Meld(kind, tuple(cards)), True, held.source)


def _feasible(s: State, size: int, counts: list[int]) -> list[int]:
    jokers = counts[JOKER] if s.rules.jokers_in_zha else 0
    jing = jing_of(s.rules.five_jing)
    out = []
    for face in range(NUM_FACES):
        n = sum(counts[c] for c in NATURALS[face])
        if n >= size or (jokers and face in jing and n >= 2 and n + jokers >= size):
            out.append(face)
    return out


def _take(s: State, face: int, size: int, counts: list[int]) -> list[int] | None:
    """``size`` cards of ``face`` out of ``counts``: 花 first, then plain, then 赖子 for a
    精 (as the engine takes them)."""
    jokers = s.rules.jokers_in_zha and face in jing_of(s.rules.five_jing)
    out: list[int] = []
    for code in (*NATURALS[face], *((JOKER,) if jokers else ())):
        k = min(counts[code], size - len(out))
        counts[code] -= k
        out += [code] * k
    if len(out) < size:
        return None
    return out


def _counts(cards: list[int]) -> tuple[int, ...]:
    out = [0] * NUM_CODES
    for c in cards:
        out[c] += 1
    return tuple(out)


def deal_with_stock(s: State, stock: list[int]) -> tuple[int, ...]:
    """A deal (a permutation of the deck) whose stock part is ``stock``; the places
    already dealt or drawn keep their cards where the multiset allows."""
    deal = s.deal
    spare = [0] * NUM_CODES
    for c in deal[s.top:s.bottom + 1]:
        spare[c] += 1
    for c in stock:
        spare[c] -= 1  # > 0: went from the stock to a hand; < 0: came from a hand
    out = list(deal)
    out[s.top:s.bottom + 1] = stock
    if any(spare):
        _swap_outside(out, s.top, s.bottom, spare)
    return tuple(out)


def _swap_outside(out: list[int], top: int, bottom: int, spare: list[int]) -> None:
    """Outside the stock, replace the cards that moved into it by those that left it."""
    gone = [c for c in range(NUM_CODES) for _ in range(max(0, spare[c]))]
    for i in (*range(top), *range(bottom + 1, len(out))):
        if spare[out[i]] < 0:
            spare[out[i]] += 1
            out[i] = gone.pop()


def agree(t: State, seat: int, others: list[int], rng: random.Random) -> None:
    """What depended on the other seats' hidden cards, made to fit the new ones."""
    if t.turn in others and t.phase == TURN and t.drawn is not None:
        hand = t.hands[t.turn]
        t.drawn = rng.choice([c for c in range(NUM_CODES) for _ in range(hand[c])])
    if t.phase == QINGTONG and t.turn in others:
        t.qt_faces = sum(1 << f for f in four_faces(t, t.turn))
    if t.phase == WINDOW:
        t.answers = tuple((p, a if p == seat else PASS) for p, a in t.answers)
    t.guohu &= 1 << seat
