"""The concealed-hand search: the best 油子 over every cut of the hand into groups.

A forward dynamic programme over the ten ranks, small and big together (so that 大小组合
of one rank is seen), in the manner of the per-rank 跑胡子 split tables (zipai.md B8).
The state after a rank holds the 联子 still open (started one or two ranks back, per
size), the 二七十 / 贰柒拾 started at rank 2 and still owed a 七 and a 十, and whether
the one 麻雀 is used. Every group of a concealed hand has its lowest card at the rank
where it is chosen: 联子, 二七十, 大小组合, 坎 and the pair. The moves at a rank depend
only on the cards left there once the open groups took theirs, so they live in one small
table shared by every hand (:func:`_moves`), and a call costs a few dictionary updates
per rank; no state is kept that the next two ranks cannot feed.

The pair is taken exactly when the card count requires it: groups are three cards, so a
hand of ``3k + 2`` cards holds one 麻雀 and a hand of ``3k`` none (``3k + 1`` never cuts).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import product

from .cards import RANKS, card_of
from .groups import SEQUENCE_YOUZI, Kind, same_card_youzi

Option = tuple[int, int, int, int, int, int, int, int, int, int]
"""(二七十 small, big, 联子 small, big, 坎 small, big, pair small, big, 两小一大, 两大一小)."""

CutGroups = tuple[tuple[Kind, tuple[int, ...]], ...]
Move = tuple[int, int, CutGroups]
"""(state delta, 油子 gained, the groups the move makes at its rank)."""

_PAIR_BIT = 1 << 18
_OPEN_MASK = _PAIR_BIT - 1


def _shapes(avail_s: int, avail_b: int) -> tuple[tuple[int, ...], ...]:
    """Ways to use all of one rank's ``avail_s`` small and ``avail_b`` big cards as new
    联子 (started here), 坎, a pair, 两小一大 and 两大一小: (x_s, x_b, ts, tb, ps, pb, j1, j2)."""
    out = []
    for ts, tb, pair, j1, j2 in product((0, 1), (0, 1), (0, 1, 2), range(3), range(3)):
        ps, pb = pair == 1, pair == 2
        x_s = avail_s - 3 * ts - 2 * ps - 2 * j1 - j2
        x_b = avail_b - 3 * tb - 2 * pb - j1 - 2 * j2
        if x_s >= 0 and x_b >= 0:
            out.append((x_s, x_b, ts, tb, int(ps), int(pb), j1, j2))
    return tuple(out)


_SHAPES = tuple(tuple(_shapes(s, b) for b in range(5)) for s in range(5))

RankValues = tuple[int, int, int, int, int, int, bool]
"""Per rank: 联子 from here small / big, 坎 small / big, 二七十 small / big, 大小组合 allowed."""

_E_BITS = 0o770000  # the open 二七十 counts (bits 12–17)


def _moves(
    st: int, r: int, cs: int, cb: int, vid: int, lim: int = 24
) -> tuple[int, tuple[Move, ...]]:
    """The ways to finish rank ``r`` from state ``st`` holding ``cs`` small and ``cb``
    big cards of that rank, as (base, moves): each move's next state is ``base + delta``.

    The moves depend only on the cards left once the open 联子 and 二七十 took theirs and
    on whether the 麻雀 is used, so the table (:func:`_relative`) stays small and is
    shared by every hand; the base carries the open 联子 and 二七十 forward. At rank 2
    ``lim`` (``5·small + big``) bounds the 二七十 started by the 七 and 十 there are
    (:func:`_lim`), so that no state is carried that must die at rank 7.
    """
    p1s, p1b = st & 7, (st >> 6) & 7
    a_s, a_b = cs - p1s - ((st >> 3) & 7), cb - p1b - ((st >> 9) & 7)
    e_bits = st & _E_BITS
    if r == 6 or r == 9:
        a_s, a_b = a_s - ((st >> 12) & 7), a_b - ((st >> 15) & 7)
        if r == 9:
            e_bits = 0
    if a_s < 0 or a_b < 0:
        return 0, ()
    pair = st & _PAIR_BIT
    if r != 1:
        lim = 0
    key = ((((vid * RANKS + r) * 25 + lim) * 5 + a_s) * 5 + a_b) * 2 + (1 if pair else 0)
    # (:func:`_step` computes the same key inline)
    moves = _RELATIVE.get(key)
    if moves is None:
        rv = _RANK_VALUES[vid]
        moves = _RELATIVE[key] = _relative(r, a_s, a_b, bool(pair), rv, divmod(lim, 5))
    return p1s << 3 | p1b << 9 | e_bits | pair, moves


_RELATIVE: dict[int, tuple[Move, ...]] = {}


def _lim(counts: Sequence[int], slack: int = 0) -> int:
    """The bound on new 二七十 (small, big) at rank 2: the 七 and 十 held (plus ``slack``)."""
    small = min(counts[6], counts[9], 4 - slack) + slack
    big = min(counts[16], counts[19], 4 - slack) + slack
    return small * 5 + big


def _relative(
    r: int, a_s: int, a_b: int, pair: bool, rv: RankValues, lim: tuple[int, int]
) -> tuple[Move, ...]:
    """(state delta, 油子 gained, option) for :func:`_moves`; the best option per delta."""
    seq_s, seq_b, tri_s, tri_b, e_s, e_b, jiao = rv
    rclass = 1 if r == 1 else 2 if r >= RANKS - 2 else 0
    best: dict[int, tuple[int, Option]] = {}
    for opt in _options(a_s, a_b, pair, rclass, jiao):
        ne_s, ne_b, x_s, x_b, ts, tb, ps, pb, _, _ = opt
        if ne_s > lim[0] or ne_b > lim[1]:
            continue
        gain = x_s * seq_s + x_b * seq_b + ts * tri_s + tb * tri_b + ne_s * e_s + ne_b * e_b
        delta = x_s | x_b << 6 | ne_s << 12 | ne_b << 15 | (_PAIR_BIT if ps or pb else 0)
        old = best.get(delta)
        if old is None or gain > old[0]:
            best[delta] = (gain, opt)
    return tuple((delta, gain, _groups_of(r, opt)) for delta, (gain, opt) in best.items())


@cache
def _options(a_s: int, a_b: int, pair: bool, rclass: int, jiao: bool) -> tuple[Option, ...]:
    """Every way to use ``a_s`` small and ``a_b`` big cards of one rank (after the open
    联子 took theirs): rclass 1 is rank 2 (二七十 may start), 2 the ranks 9 and 10 (no
    联子 can start)."""
    out = []
    starts = product(range(a_s + 1), range(a_b + 1)) if rclass == 1 else ((0, 0),)
    for ne_s, ne_b in starts:
        for x_s, x_b, ts, tb, ps, pb, j1, j2 in _SHAPES[a_s - ne_s][a_b - ne_b]:
            if ((ps or pb) and pair) or (rclass == 2 and (x_s or x_b)):
                continue
            if (j1 or j2) and not jiao:
                continue
            out.append((ne_s, ne_b, x_s, x_b, ts, tb, ps, pb, j1, j2))
    return tuple(out)


def _ahead(counts: Sequence[int], slack: int = 0) -> list[tuple[int, int, int, int]]:
    """Per rank, the cards of the next two ranks (small, small, big, big) plus ``slack``
    (4 past the last rank: nothing to check there)."""
    n = [c + slack for c in counts] if slack else list(counts)
    small, big = [*n[:RANKS], 4, 4], [*n[RANKS:], 4, 4]
    return list(zip(small[1:], small[2:], big[1:], big[2:], strict=False))


def best_value(counts: Sequence[int], values: Values) -> int | None:
    """The best 油子 of a concealed hand (20 counts), or None when it does not cut."""
    return finish({0: 0}, 0, counts, values)


def prefix_layers(counts: Sequence[int], values: Values) -> list[dict[int, int]]:
    """The search's layer (state → best 油子 so far) entering each rank, for hands that
    differ from ``counts`` only from that rank on (the waits of a hand share them); an
    empty layer means nothing from there on can cut."""
    layers = [{0: 0}]
    lim = _lim(counts, slack=1)  # a candidate card may start one more 二七十 or 联子
    ahead = _ahead(counts, slack=1)
    for r in range(RANKS - 1):
        layers.append(
            _step(layers[-1], r, counts[r], counts[r + RANKS], values[r], lim, ahead[r]))
    return layers


def finish(layer: dict[int, int], r0: int, counts: Sequence[int], values: Values) -> int | None:
    """The best 油子 from ``layer`` entering rank ``r0`` to the end of the hand."""
    lim, ahead = _lim(counts), _ahead(counts)
    for r in range(r0, RANKS):
        layer = _step(layer, r, counts[r], counts[r + RANKS], values[r], lim, ahead[r])
        if not layer:
            return None
    done = [v for st, v in layer.items() if not st & _OPEN_MASK]
    return max(done) if done else None


class Suffix:
    """The best 油子 from any state entering a rank to the end of a hand (memoised), so
    that hands differing from ``counts`` at one rank need one step and a join."""

    def __init__(self, counts: Sequence[int], values: Values) -> None:
        self.counts, self.values = counts, values
        self.lim, self.ahead = _lim(counts), _ahead(counts)
        self.memo: dict[int, int | None] = {}

    def best(self, r: int, st: int) -> int | None:
        if r == RANKS:
            return None if st & _OPEN_MASK else 0
        key = r << 20 | st
        if key in self.memo:
            return self.memo[key]
        best = None
        counts = self.counts
        base, moves = _moves(st, r, counts[r], counts[r + RANKS], self.values[r], self.lim)
        for delta, gain, _ in moves:
            rest = self.best(r + 1, base + delta)
            if rest is not None and (best is None or gain + rest > best):
                best = gain + rest
        self.memo[key] = best
        return best


def join(layer: dict[int, int], r: int, cs: int, cb: int, vid: int, suffix: Suffix) -> int | None:
    """The best 油子 of a hand whose ranks below ``r`` gave ``layer``, holding ``cs`` /
    ``cb`` cards at rank ``r`` (values ``vid``) and ``suffix.counts`` above it."""
    best = None
    for st, v in _step(layer, r, cs, cb, vid, suffix.lim, suffix.ahead[r]).items():
        rest = suffix.best(r + 1, st)
        if rest is not None and (best is None or v + rest > best):
            best = v + rest
    return best


def _step(
    layer: dict[int, int],
    r: int,
    cs: int,
    cb: int,
    vid: int,
    lim: int,
    ahead: tuple[int, int, int, int],
    came: dict[int, tuple[int, CutGroups]] | None = None,
) -> dict[int, int]:
    """The layer after rank ``r``: :func:`_moves` from every state, inlined (the hot
    loop); ``came`` records, per state reached, where from and by which option.

    ``ahead`` holds the small cards of ranks r+1 and r+2 and the big ones: a 联子
    started here needs one of each, so a state they cannot feed is not kept."""
    nxt: dict[int, int] = {}
    n1s, n2s, n1b, n2b = ahead
    sub_e, clear_e = r == 6 or r == 9, r == 9
    vkey = (vid * RANKS + r) * 25 + (lim if r == 1 else 0)
    for st, v in layer.items():
        p1s, p1b = st & 7, (st >> 6) & 7
        a_s, a_b = cs - p1s - ((st >> 3) & 7), cb - p1b - ((st >> 9) & 7)
        e_bits = st & _E_BITS
        if sub_e:
            a_s, a_b = a_s - ((st >> 12) & 7), a_b - ((st >> 15) & 7)
            if clear_e:
                e_bits = 0
        if a_s < 0 or a_b < 0 or p1s > n1s or p1b > n1b:
            continue
        pair = st & _PAIR_BIT
        moves = _RELATIVE.get(((vkey * 5 + a_s) * 5 + a_b) * 2 + (1 if pair else 0))
        if moves is None:
            _, moves = _moves(st, r, cs, cb, vid, lim)
        base = p1s << 3 | p1b << 9 | e_bits | pair
        for delta, gain, made in moves:
            if delta & 0o707:  # new 联子: the next two ranks must hold their cards
                x_s, x_b = delta & 7, (delta >> 6) & 7
                if x_s + p1s > n1s or x_s > n2s or x_b + p1b > n1b or x_b > n2b:
                    continue
            nst = base + delta
            if nst not in nxt or v + gain > nxt[nst]:
                nxt[nst] = v + gain
                if came is not None:
                    came[nst] = (st, made)
    return nxt


def best_cut(
    counts: Sequence[int], values: Values
) -> tuple[int, list[tuple[Kind, tuple[int, ...]]]] | None:
    """:func:`best_value` and the groups of one best cut, as (kind, cards)."""
    layer = {0: 0}
    back: list[dict[int, tuple[int, CutGroups]]] = []
    lim, ahead = _lim(counts), _ahead(counts)
    for r, vid in enumerate(values):
        came: dict[int, tuple[int, CutGroups]] = {}
        layer = _step(layer, r, counts[r], counts[r + RANKS], vid, lim, ahead[r], came)
        if not layer:
            return None
        back.append(came)
    done = [(v, st) for st, v in layer.items() if not st & _OPEN_MASK]
    if not done:
        return None
    value, st = max(done)
    groups: list[tuple[Kind, tuple[int, ...]]] = []
    for came in reversed(back):
        st, made = came[st]
        if made:
            groups[:0] = made
    return value, groups


def _groups_of(r: int, opt: Option) -> CutGroups:
    ne_s, ne_b, x_s, x_b, ts, tb, ps, pb, j1, j2 = opt
    out: list[tuple[Kind, tuple[int, ...]]] = []
    for big, n_e, n_x, n_t, n_p in ((False, ne_s, x_s, ts, ps), (True, ne_b, x_b, tb, pb)):
        c = card_of(r, big)
        out += [(Kind.KAN, (c, c, c))] * n_t
        out += [(Kind.PAIR, (c, c))] * n_p
        out += [(Kind.LIANZI, (c, c + 1, c + 2))] * n_x
        out += [(Kind.ERQISHI, (c, c + 5, c + 8))] * n_e
    lo, hi = card_of(r, False), card_of(r, True)
    out += [(Kind.JIAO, (lo, lo, hi))] * j1
    out += [(Kind.JIAO, (lo, hi, hi))] * j2
    return tuple(out)


Values = tuple[int, ...]
"""Per rank, the id of its :data:`RankValues` (interned, so the move table keys are ints)."""

_RANK_VALUES: list[RankValues] = []
_RANK_VALUE_IDS: dict[RankValues, int] = {}


def _intern(rv: RankValues) -> int:
    vid = _RANK_VALUE_IDS.get(rv)
    if vid is None:
        vid = _RANK_VALUE_IDS[rv] = len(_RANK_VALUES)
        _RANK_VALUES.append(rv)
    return vid


@lru_cache(maxsize=1024)
def rank_values(
    youzi: bool, jiao: bool, jiang: int | None, jiang_lianzi: bool, peng_card: int | None
) -> Values:
    """Per-rank values for the search; ``peng_card`` is a card whose 坎 scores as a 碰
    (completed by the winning discard)."""
    out = []
    for r in range(RANKS):
        if not youzi:
            out.append(_intern((0, 0, 0, 0, 0, 0, jiao)))
            continue
        tri = [
            same_card_youzi(Kind.PENG if c == peng_card else Kind.KAN, c, jiang)
            for c in (card_of(r, False), card_of(r, True))
        ]
        seq = list(SEQUENCE_YOUZI) if r == 0 else [0, 0]  # 一二三 / 壹贰叁
        e27 = list(SEQUENCE_YOUZI) if r == 1 else [0, 0]  # 二七十 / 贰柒拾
        if jiang_lianzi and jiang is not None:
            seq = [2 * v for v in seq] if jiang in (0, 1, 2) else seq
            e27 = [2 * v for v in e27] if jiang in (1, 6, 9) else e27
        out.append(_intern((seq[0], seq[1], tri[0], tri[1], e27[0], e27[1], jiao)))
    return tuple(out)
