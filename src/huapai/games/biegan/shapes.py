"""Structure of a concealed hand: every way to cut face counts into 坎 + 句 + 听头.

Value in 双别杆 depends on a decomposition only through, per face, how many 坎 it has
and how many of its cards sit in the 听头 (every other card of the face is in some 句).
So the search here ignores scoring and returns *shapes*: the kan count of each face
plus the 听头, packed in one int. The calculator scores shapes per face.

Faces are visited in a fixed order in which every face is the first member of at most
one 句 (上 大 人 可 知 礼, then the side faces 孔 己 化 千 士 子, then the number chain
乙 二 … 十). At the lowest face still held the search picks its 坎 count and its 听头
use; the rest of that face must then be that one 句, so the branching is tiny. Counts
are packed 4 bits per face into an int (faster to hash and slice than a tuple), and
results are memoised per ``(counts, 听头 still needed)`` in a bounded table shared by all
calls: sub-hands recur across hands, across the joker assignments and across the
candidate cards of a wait search.

Two refinements keep the search small. The counts modulo 3 name the class of faces the
听头 must come from (:mod:`.residues`), so only those 听头 placements are tried and most
non-hands are rejected before any search. And :meth:`Structure.best` runs the same
search as a dynamic programme over a per-face value table — it returns the best total
directly instead of every shape, and :meth:`Structure.trace` recovers the first shape
(in the order :meth:`Structure.shapes` lists them) that reaches it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import FACES, NUM_FACES
from .residues import Residues

ORDER: tuple[int, ...] = tuple(
    FACES.index(ch) for ch in "上大人可知礼孔己化千士子乙二三四五六七八九十"
)
"""Search order of the faces (see the module docstring)."""
POSITION: tuple[int, ...] = tuple(ORDER.index(f) for f in range(NUM_FACES))
"""Search position of each face."""

TT_SHIFT = 2 * NUM_FACES
"""Shape bits: 2 per search position for its kan count, then the 听头 code."""
KAN_MASK = (1 << TT_SHIFT) - 1
Memo = dict[int, int]
Choices = dict[int, tuple[int, int, int, int]]
MEMO_LIMIT = 400_000
NO_VALUE = -(1 << 40)
""":meth:`Structure.best` of counts that have no decomposition (far below any total)."""


def tt_code(p: int, q: int) -> int:
    """听头 code of search positions ``p <= q`` (``p == q`` for a pair); 0 means none."""
    return (1 + p * 32 + q) << TT_SHIFT


def tt_positions(shape: int) -> tuple[int, int] | None:
    """The 听头's two search positions in a shape, or None."""
    code = shape >> TT_SHIFT
    if not code:
        return None
    p, q = divmod(code - 1, 32)
    return p, q


def kans_at(shape: int, p: int) -> int:
    """Kan count of search position ``p`` in a shape."""
    return (shape >> (2 * p)) & 3


def pack(counts: Sequence[int]) -> int:
    """Face counts (indexed by face) packed 4 bits per search position."""
    x = 0
    for face, n in enumerate(counts):
        x |= n << (4 * POSITION[face])
    return x


def _moves(
    options: list[tuple[int, int, int, int, int]],
    step: tuple[int, int, int] | None,
    table: Sequence[int],
) -> list[tuple[int, int, int, int, int, int]]:
    """The feasible moves at one position, in shape order: (value, counts below, mode
    below, 坎 count, 听头 tag, option index) for each option and 坎 count."""
    out = []
    for index, (left, n, t, sub_mode, tag) in enumerate(options):
        for kans in range(n // 3 + 1):
            runs = n - 3 * kans
            below = left
            if runs:
                if step is None:
                    continue
                s2, s3, one_each = step
                if (left >> s2) & 15 < runs or (left >> s3) & 15 < runs:
                    continue
                below = left - runs * one_each
            out.append((table[3 * kans + t], below, sub_mode, kans, tag, index))
    return out


class Structure:
    """The shape search for one set of 句 (with or without 乙二三)."""

    def __init__(self, sentences: Sequence[tuple[int, int, int]]) -> None:
        self.sentences = tuple(sentences)
        self._lead = [self._lead_sentence(p) for p in range(NUM_FACES)]
        self._partners = [self._tingtou_partners(p) for p in range(NUM_FACES)]
        self._memo: dict[int, tuple[int, ...]] = {}
        self._led = tuple(self._find_led(face) for face in range(NUM_FACES))
        self.residues = Residues(self.sentences, ORDER)
        self._pair_class = self.residues.position_class
        self._tt_partners = [self._classed_partners(p) for p in range(NUM_FACES)]
        self._tt_moves = tuple(self._moves_of_class(cls) for cls in range(self.residues.classes))

    def _lead_sentence(self, p: int) -> tuple[int, int, int] | None:
        """(shift of 2nd, shift of 3rd, packed 1-each) of the 句 led by position p."""
        led = [
            sorted(POSITION[f] for f in s)
            for s in self.sentences
            if min(POSITION[f] for f in s) == p
        ]
        if len(led) > 1:
            raise AssertionError(f"{FACES[ORDER[p]]} leads {len(led)} sentences")
        if not led:
            return None
        _, q, r = led[0]
        return 4 * q, 4 * r, (1 << (4 * q)) + (1 << (4 * r))

    def _tingtou_partners(self, p: int) -> tuple[tuple[int, int], ...]:
        """(position, packed 1) of every later face sharing a 句 with position p."""
        later = {
            POSITION[f]
            for s in self.sentences
            if ORDER[p] in s
            for f in s
            if POSITION[f] > p
        }
        return tuple((q, 1 << (4 * q)) for q in sorted(later))

    def _classed_partners(self, p: int) -> tuple[tuple[int, int, int], ...]:
        """(position, packed 1, class of the 句's third face) for each 听头 partner of p."""
        out = []
        for q, one in self._partners[p]:
            pair = {ORDER[p], ORDER[q]}
            third = next(f for s in self.sentences if pair <= set(s) for f in s if f not in pair)
            out.append((q, one, self._pair_class[POSITION[third]]))
        return tuple(out)

    def _moves_of_class(self, cls: int) -> tuple[tuple[int, tuple[tuple[int, int, int], ...]], ...]:
        """Per position, the 听头 moves when it must be of class ``cls``: the pair's shape
        tag (0: not allowed here), and (q, packed 1 at q, shape tag) for each partner q."""
        return tuple(
            (tt_code(p, p) if self._pair_class[p] == cls else 0,
             tuple((q, one, tt_code(p, q)) for q, one, c in self._tt_partners[p] if c == cls))
            for p in range(NUM_FACES)
        )  # fmt: skip

    def _find_led(self, face: int) -> tuple[int, int, int] | None:
        p = POSITION[face]
        for s in self.sentences:
            if min(POSITION[f] for f in s) == p:
                return s
        return None

    def lead_sentence(self, face: int) -> tuple[int, int, int] | None:
        """The 句 a face leads in the search order (in its usual card order), or None."""
        return self._led[face]

    def shapes(self, x: int, need_tingtou: bool) -> tuple[int, ...]:
        """Every shape of the packed counts ``x`` (with one 听头 if asked); () if none."""
        key = (x << 1) | need_tingtou
        found = self._memo.get(key)
        if found is None:
            target = self.residues.target(x) if need_tingtou else -1
            found = () if need_tingtou and target < 0 else self._search(x, need_tingtou, target)
            if len(self._memo) >= MEMO_LIMIT:
                self._memo.clear()
            self._memo[key] = found
        return found

    def _shapes(self, x: int, need: bool, target: int) -> tuple[int, ...]:
        """:meth:`shapes` below the top: in a search for a 听头, every sub-hand keeps the
        residue class of the whole (only whole units were taken away)."""
        key = (x << 1) | need
        found = self._memo.get(key)
        if found is None:
            found = self._search(x, need, target)
            if len(self._memo) >= MEMO_LIMIT:
                self._memo.clear()
            self._memo[key] = found
        return found

    def _search(self, x: int, need: bool, target: int) -> tuple[int, ...]:
        """Shapes of ``x``: branch at its lowest face on 坎 count and 听头 use (only
        听头 placements of the ``target`` class, see :mod:`.residues`)."""
        x = self._forced(x) if not need else x
        if x <= 0:
            return () if need or x < 0 else (0,)
        p = ((x & -x).bit_length() - 1) >> 2
        c = (x >> (4 * p)) & 15
        rest = x - (c << (4 * p))
        options = [(rest, c, need, 0)]
        if need:
            if c >= 2 and self._pair_class[p] == target:
                options.append((rest, c - 2, False, tt_code(p, p)))
            for q, one, cls in self._tt_partners[p]:
                if cls == target and (rest >> (4 * q)) & 15:
                    options.append((rest - one, c - 1, False, tt_code(p, q)))
        lead = self._lead[p]
        memo = self._memo
        out: list[int] = []
        for left, n, still, tag in options:
            for kans in range(n // 3 + 1):
                runs = n - 3 * kans
                below = left
                if runs:
                    if lead is None:
                        continue
                    s2, s3, one_each = lead
                    if (left >> s2) & 15 < runs or (left >> s3) & 15 < runs:
                        continue
                    below = left - runs * one_each
                sub = memo.get((below << 1) | still)
                if sub is None:
                    sub = self._shapes(below, still, target)
                if sub:
                    offset = tag + (kans << (2 * p))
                    out.extend([shape + offset for shape in sub])
        return tuple(out)

    def best(self, x: int, tables: Sequence[Sequence[int]], target: int) -> tuple[int, Choices]:
        """The best total of a per-face value over every shape of ``x`` with a 听头.

        ``tables[p]`` is search position p's value for each (坎 count a, 听头 cards t) at
        index ``3a + t`` (as :func:`.search.face_table`, less its entry 0: a face never
        visited — all its cards in earlier-led 句 — adds nothing). ``target`` is
        ``self.residues.target(x)``. Returns (total, or below ``NO_VALUE // 2`` when
        ``x`` has no shape; the choices :meth:`trace` follows).

        A sub-hand is its packed counts and a mode: 1 while the 听头 is still to place,
        0 once placed, ``2 + q`` while one 听头 card of position q is placed but q not yet
        scored (q's value depends on it). Positions with a single option (fewer than 3
        cards and no 听头 move) are taken in a loop; the others branch, memoised.
        """
        memo: Memo = {}
        choices: Choices = {}
        lead = self._lead
        moves = self._tt_moves[target] if target >= 0 else ()

        def value(x: int, mode: int) -> int:
            start = (x << 5) | mode
            found = memo.get(start)
            if found is not None:
                return found
            gained = 0
            bits = 0
            while True:
                if mode >= 2 and not (x >> (4 * mode - 8)) & 15:
                    gained += tables[mode - 2][1]  # 听头 partner all in earlier 句
                    mode = 0
                if not x:
                    result = gained if mode == 0 else NO_VALUE
                    if bits:
                        choices[start] = (bits, -1, 0, -1)
                    break
                p = ((x & -x).bit_length() - 1) >> 2
                c = (x >> (4 * p)) & 15
                rest = x - (c << (4 * p))
                step = lead[p]
                if mode == 1:
                    pair, partners = moves[p]
                    if c >= 3 or (pair and c >= 2) or partners:
                        options = [(rest, c, 0, 1, 0)]
                        if pair and c >= 2:
                            options.append((rest, c - 2, 2, 0, pair))
                        for q, one, tag in partners:
                            if (rest >> (4 * q)) & 15:
                                options.append((rest - one, c - 1, 1, q + 2, tag))
                    else:
                        options = None
                        t = 0
                elif mode == p + 2:
                    t = 1
                    mode = 0
                    options = [(rest, c, 1, 0, 0)] if c >= 3 else None
                else:
                    t = 0
                    options = [(rest, c, 0, mode, 0)] if c >= 3 else None
                if options is None:  # fewer than 3 cards, no 听头 here: all in its 句
                    if step is None or (rest >> step[0]) & 15 < c or (rest >> step[1]) & 15 < c:
                        result = NO_VALUE
                        break
                    gained += tables[p][t]
                    x = rest - c * step[2]
                    continue
                found_moves = _moves(options, step, tables[p])
                if len(found_moves) == 1:
                    gain, x, mode, kans, tag, _ = found_moves[0]
                    gained += gain
                    bits |= (kans << (2 * p)) | tag
                    continue
                best = NO_VALUE
                pick = None
                for move in found_moves:
                    total = move[0] + value(move[1], move[2])
                    if total > best:
                        best = total
                        pick = move
                if pick is not None:
                    _, below, sub_mode, kans, tag, index = pick
                    choices[start] = (bits | (kans << (2 * p)) | tag, index, kans,
                                      (below << 5) | sub_mode)  # fmt: skip
                result = gained + best
                break
            memo[start] = result
            return result

        if target < 0:
            return NO_VALUE, choices
        return value(x, 1), choices

    @staticmethod
    def trace(x: int, choices: Choices) -> tuple[int, list[tuple[int, int]]]:
        """The first shape reaching :meth:`best`'s total, and the choices leading to it.

        The choices — (option index, 坎 count) at each step with more than one way on —
        order shapes as :meth:`shapes` lists them, so two traces of ``x`` compare by
        their choice lists.
        """
        shape = 0
        path: list[tuple[int, int]] = []
        choice = choices.get((x << 5) | 1)
        while choice is not None:
            bits, index, kans, key = choice
            shape |= bits
            if index >= 0:
                path.append((index, kans))
            choice = choices.get(key)
        return shape, path

    def _forced(self, x: int) -> int:
        """Without a 听头 to place, a face held fewer than 3 times can only open its 句:
        take those 句 until a face with a choice (−1 if the cards cannot be covered)."""
        lead = self._lead
        while x:
            p = ((x & -x).bit_length() - 1) >> 2
            c = (x >> (4 * p)) & 15
            if c >= 3:
                return x
            step = lead[p]
            if step is None:
                return -1
            s2, s3, one_each = step
            if (x >> s2) & 15 < c or (x >> s3) & 15 < c:
                return -1
            x -= (c << (4 * p)) + c * one_each
        return x

    def clear(self) -> None:
        """Forget memoised sub-hands (for cold-cache measurements)."""
        self._memo.clear()
