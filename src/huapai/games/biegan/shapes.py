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

The counts modulo 3 name the class of faces the 听头 must come from (:mod:`.residues`),
so only those 听头 placements are tried and most non-hands are rejected before any
search. The calculator itself does not list shapes: :mod:`.bestshape` runs the same
search maximising a per-face value, and returns the first best shape in this order.
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
MEMO_LIMIT = 400_000
NO_VALUE = -(1 << 40)
"""The best total of counts that have no decomposition (far below any total)."""


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

    def shapes_of_class(self, x: int, target: int) -> tuple[int, ...]:
        """``shapes(x, True)`` when the caller knows ``residues.target(x)`` (≥ 0)."""
        return self._shapes(x, True, target)

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
        options = self._options(x - (c << (4 * p)), p, c, need, target)
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

    def _options(self, rest: int, p: int, c: int, need: bool,
                 target: int) -> list[tuple[int, int, bool, int]]:
        """The ways to go on at position p holding ``c``: (what is left, cards there for
        坎 and 句, 听头 still to place, shape tag); with a 听头 to place, also a pair at p
        or p with each partner of the ``target`` class."""
        options = [(rest, c, need, 0)]
        if need:
            if c >= 2 and self._pair_class[p] == target:
                options.append((rest, c - 2, False, tt_code(p, p)))
            for q, one, cls in self._tt_partners[p]:
                if cls == target and (rest >> (4 * q)) & 15:
                    options.append((rest - one, c - 1, False, tt_code(p, q)))
        return options

    def lead_positions(self, p: int) -> tuple[int, int] | None:
        """The positions of the other two faces of the 句 position p leads, or None."""
        step = self._lead[p]
        return None if step is None else (step[0] // 4, step[1] // 4)

    def tingtou_moves(self, cls: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
        """Per position, when the 听头 must be of class ``cls``: the shape tag of a pair
        there (0: not allowed) and (partner position q, shape tag) of each partner."""
        return tuple((pair, tuple((q, tag) for q, _, tag in partners))
                     for pair, partners in self._tt_moves[cls])  # fmt: skip

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
