"""``resample``: a full 掀牛 state consistent with what one seat has seen, for search.

What a seat cannot see is the hands of the other active seats and their face-down 紧牌
discards. Everything else is public (占牌, the trick, 废牌, a big hand shown, hand and
discard counts). Resampling pools the hidden cards and deals them back into the same
places with the same counts, so the seat's view is unchanged and the deck conserved.

One public fact constrains a hidden hand: a seat asked to follow holds a play that beats
the top one (无大不出: seats without one pass automatically), so when another seat is to
follow, the deal is redrawn until it holds one (and, after a few tries, built around a
random beating play of the pool). Earlier automatic passes (a seat that passed held no
beater then) are not used as constraints by ``resample``: the state stays valid and
playable, but such a seat may be given a hand that could have beaten a past trick.

``resample_informed`` (the search's default) uses them: hands only shrink in 掀牛, so a
seat that could not beat a play then cannot beat it now (``State.nobeat``). It redraws
``resample``'s worlds until no other seat can beat a play it passed on, up to
:data:`INFORMED_TRIES` draws, and otherwise keeps the draw with the fewest such plays.
The condition is necessary, not the whole story (the seat's hand *then* also held the
cards it has played since), so worlds are closer to the truth, not exact.
"""

from __future__ import annotations

import random

from .cards import EMPTY, expand, to_counts
from .state import FOLLOW, OVER, State

_TRIES = 8
INFORMED_TRIES = 24


def resample(s: State, seat: int, rng: random.Random) -> State:
    """A copy of ``s`` with the cards ``seat`` cannot see redealt (see the module)."""
    others = [p for p in s.active if p != seat]
    if s.phase == OVER or not others:
        return s.copy()
    # sorted: the draw depends on what the seat knows and on rng, not on where the cards were
    pool = sorted(f for p in others for f in (*expand(s.hands[p]), *expand(s.discards[p])))
    needs_beater = s.phase == FOLLOW and s.turn != seat
    for _ in range(_TRIES):
        rng.shuffle(pool)
        t = _redealt(s, others, pool)
        if not needs_beater or _can_follow(t):
            return t
    return _around_a_beater(s, others, pool, rng)


def resample_informed(s: State, seat: int, rng: random.Random) -> State:
    """:func:`resample`, redrawn until no other seat can beat a play it passed on (see
    the module)."""
    passed = sorted({(p, c) for p, c in s.nobeat if p != seat and p in s.active})
    best, fewest = None, len(passed) + 1
    for _ in range(INFORMED_TRIES if passed and s.phase != OVER else 1):
        t = resample(s, seat, rng)
        broken = sum(1 for p, c in passed if _can_beat(t, p, c))
        if broken < fewest:
            best, fewest = t, broken
            if not broken:
                break
    assert best is not None
    return best


def violations(s: State, seat: int) -> int:
    """How many plays another seat passed on (``State.nobeat``) its hand can now beat:
    0 in every real deal (a test's check of the premise)."""
    return sum(1 for p, c in set(s.nobeat) if p != seat and _can_beat(s, p, c))


def _can_beat(s: State, seat: int, top: int) -> bool:
    return bool(s.cat.follows(s.hands[seat], top))


def _redealt(s: State, others: list[int], pool: list[int], first: int | None = None,
             start: tuple[int, ...] = ()) -> State:
    """``s`` with the other seats' hands and discards filled from ``pool`` in order
    (``first``'s hand begins with ``start``)."""
    t = s.copy()
    i = 0
    for p in others:
        given = start if p == first else ()
        n = sum(s.hands[p]) - len(given)
        t.hands[p] = to_counts((*given, *pool[i:i + n]))
        i += n
        k = sum(s.discards[p])
        t.discards[p] = to_counts(pool[i:i + k]) if k else EMPTY
        i += k
    return t


def _can_follow(t: State) -> bool:
    return bool(t.cat.follows(t.hands[t.turn], t.trick[-1][1]))


def _around_a_beater(s: State, others: list[int], pool: list[int],
                     rng: random.Random) -> State:
    """The seat to follow gets a random beating play that the hidden cards can make."""
    beaters = s.cat.follows(to_counts(pool), s.trick[-1][1])
    combo = s.cat.combos[rng.choice(beaters)]
    given = expand(combo.counts)
    rest = _minus(pool, given)
    rng.shuffle(rest)
    return _redealt(s, others, rest, first=s.turn, start=given)


def _minus(pool: list[int], cards: tuple[int, ...]) -> list[int]:
    rest = list(pool)
    for f in cards:
        rest.remove(f)
    return rest


__all__ = ["resample", "resample_informed", "violations"]
