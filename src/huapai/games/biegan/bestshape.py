"""The calculator's inner search: the best shape of a hand under per-face values.

A *shape* (see :mod:`.shapes`) says how many 坎 each face has and where the 听头 is; the
rest of every face is in 句. Given a value table per face — its 胡 for each (坎 count,
听头 cards), less its value with all its cards in 句 — the total of a shape is the sum
over faces, so the best shape is found by one depth-first pass over the faces in search
order, branching only where a face really has a choice: several feasible 坎 counts, or
a 听头 placement of the class the counts allow (:mod:`.residues`). Faces with fewer than
3 cards and no 听头 move have none and are taken in a loop, in place.

Counts are a plain list indexed by search position (cheaper to read and update than the
packed int of :mod:`.shapes`); a branch copies it. Sub-hands are not memoised: on real
hands two branches almost never meet again, and the number of branches is small.
Equal totals keep the shape that :meth:`.Structure.shapes` would list first, and the
choices made at each branching step come back as a *path* so that the results of two
searches of the same counts (different 主精) can be ordered the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import NUM_FACES
from .shapes import NO_VALUE, Structure

Path = tuple[object, ...]
"""``((option index, 坎 count), rest of the path)`` per branching step; ``()`` at the end.
Two paths of the same counts compare like the shapes they lead to."""
Result = tuple[int, int, Path]
"""(total, or below ``NO_VALUE // 2`` when there is no shape; shape bits; path)."""
_Move = tuple[int, int, int, int, int, int, int]
"""(value, 句 to open, 听头 partner position or −1, mode below, 坎 count, shape tag,
option index)."""

_END = NUM_FACES
"""Counts carry a sentinel 1 at this index, so the scan for the next face stops."""


class BestShape:
    """The search for one 句 set (a :class:`.Structure`'s tables, read as positions)."""

    def __init__(self, structure: Structure) -> None:
        self.structure = structure
        self._lead = tuple(structure.lead_positions(p) for p in range(NUM_FACES))
        self._moves = tuple(
            tuple(None if not pair and not partners else (pair, partners)
                  for pair, partners in structure.tingtou_moves(cls))
            for cls in range(structure.residues.classes)
        )  # fmt: skip

    def best(self, counts: list[int], tables: Sequence[Sequence[int]], target: int) -> Result:
        """The best shape of ``counts`` (per search position, with the sentinel; it is
        used up) whose 听头 is of class ``target`` (``residues.target`` of the counts)."""
        if target < 0:
            return NO_VALUE, 0, ()
        return _Search(self._lead, self._moves[target], tables).run(counts, 0, 1)


_DEAD: Result = (NO_VALUE, 0, ())


class _Search:
    """One search: the 句 each position leads, the 听头 moves of the target class and the
    value tables of this hand."""

    __slots__ = ("lead", "moves", "tables")

    def __init__(self, lead: Sequence[tuple[int, int] | None],
                 moves: Sequence[tuple[int, tuple[tuple[int, int], ...]] | None],
                 tables: Sequence[Sequence[int]]) -> None:
        self.lead = lead
        self.moves = moves
        self.tables = tables

    def run(self, cnt: list[int], p: int, mode: int) -> Result:
        """From position p on; mode 1: 听头 to place, 0: placed, 2 + q: one 听头 card
        is at position q, which has not been scored yet."""
        tables, moves = self.tables, self.moves
        gained = 0
        bits = 0
        while True:
            if mode > 1 and not cnt[mode - 2]:
                gained += tables[mode - 2][1]  # 听头 partner's others all in 句
                mode = 0
            while not cnt[p]:
                p += 1
            if p == _END:
                return (gained if mode == 0 else NO_VALUE), bits, ()
            c = cnt[p]
            t = 0
            here = moves[p] if mode == 1 else None
            if here is not None and (here[1] or (here[0] and c >= 2)):
                found = _tingtou_moves(cnt, p, c, self.lead[p], here[0], here[1], tables[p])
                if len(found) != 1:
                    value, more, path = self.branch(cnt, p, found)
                    return gained + value, bits | more, path
                gain, runs, q, mode, kans, tag, _ = found[0]
                _apply(cnt, self.lead[p], runs, q)
                gained += gain
                bits |= (kans << (2 * p)) | tag
                p += 1
                continue
            if mode == p + 2:
                t = 1
                mode = 0
            if c < 3:  # no choice: each of its cards opens its 句 (the common case)
                step = self.lead[p]
                if step is None or cnt[step[0]] < c or cnt[step[1]] < c:
                    return _DEAD
                cnt[step[0]] -= c
                cnt[step[1]] -= c
                if t:
                    gained += tables[p][1]
                p += 1
                continue
            gain, more, final = self.kans(cnt, p, c, t, mode)
            if final is not None:
                return gained + final[0], bits | final[1], final[2]
            gained += gain
            bits |= more
            p += 1

    def kans(self, cnt: list[int], p: int, c: int, t: int,
             mode: int) -> tuple[int, int, Result | None]:
        """The ``c`` ≥ 3 cards at p in 坎 and in the 句 they lead (``t``: with the 听头
        card there): (value, 坎 bits, None) for the one way, else the final result (the
        best of several ways, or no shape)."""
        step = self.lead[p]
        # k 坎 and c − 3k in 句, for k from the fewest the partners allow (they must
        # hold c − 3k each) up to c // 3
        kmax = c // 3
        runs = c - 3 * kmax
        room = 0 if step is None else min(cnt[step[0]], cnt[step[1]])
        if runs > room:
            return 0, 0, _DEAD
        kmin = max(0, -((room - c) // 3))
        table = self.tables[p]
        if kmin < kmax:
            found = [(table[3 * k + t], c - 3 * k, -1, mode, k, 0, 0)
                     for k in range(kmin, kmax + 1)]  # fmt: skip
            return 0, 0, self.branch(cnt, p, found)
        if runs:
            cnt[step[0]] -= runs  # type: ignore[index]
            cnt[step[1]] -= runs  # type: ignore[index]
        return table[3 * kmax + t], kmax << (2 * p), None

    def branch(self, cnt: list[int], p: int, found: list[_Move]) -> Result:
        """The first best of several moves at position p."""
        best: Result = _DEAD
        lead = self.lead[p]
        for move in found:
            child = cnt.copy()
            _apply(child, lead, move[1], move[2])
            value, bits, path = self.run(child, p + 1, move[3])
            value += move[0]
            if value > best[0]:
                best = (value, bits | (move[4] << (2 * p)) | move[5],
                        ((move[6], move[4]), path))  # fmt: skip
        return best


def _apply(cnt: list[int], step: tuple[int, int] | None, runs: int, partner: int) -> None:
    """Take a 听头 partner card and open ``runs`` 句 at the current position."""
    if partner >= 0:
        cnt[partner] -= 1
    if runs:
        cnt[step[0]] -= runs  # type: ignore[index]
        cnt[step[1]] -= runs  # type: ignore[index]


def _tingtou_moves(
    cnt: list[int],
    p: int,
    c: int,
    step: tuple[int, int] | None,
    pair: int,
    partners: tuple[tuple[int, int], ...],
    table: Sequence[int],
) -> list[_Move]:
    """Every feasible move at position p while the 听头 is still to place, in shape order:
    no 听头 here, a pair here, then each partner; each with every feasible 坎 count."""
    options = [(c, 0, -1, 1, 0)]
    if pair and c >= 2:
        options.append((c - 2, 2, -1, 0, pair))
    for q, tag in partners:
        if cnt[q]:
            options.append((c - 1, 1, q, q + 2, tag))
    out: list[_Move] = []
    for index, (n, t, q, sub_mode, tag) in enumerate(options):
        for kans in range(n // 3 + 1):
            runs = n - 3 * kans
            if runs:
                if step is None:
                    continue
                q2, q3 = step
                if cnt[q2] - (q == q2) < runs or cnt[q3] - (q == q3) < runs:
                    continue
            out.append((table[3 * kans + t], runs, q, sub_mode, kans, tag, index))
    return out
