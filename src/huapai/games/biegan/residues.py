"""Where the 听头 can be, read off the face counts modulo 3 (a necessary condition).

Every 坎 adds 3 cards of one face and every 句 one card of each of its three faces, so
the count vector of 8 units lies, modulo 3, in the span of the 句 vectors. A linear
functional that vanishes on every 句 (there are 8 independent ones with 乙二三, 9
without) therefore vanishes on any set of units, and its value on a whole hand is its
value on the 听头 alone. The 听头 is a pair ``2·e(f)`` or two cards of a 句 ``abc``,
``e(a) + e(b) ≡ −e(c) ≡ 2·e(c)``: either way twice the unit vector of one face ``g`` —
the pair's face or the 句's missing one. Faces whose unit vectors agree modulo the 句
fall in one *class* (for example 乙 四 七 十 士 子), and the hand's counts name the
class ``g`` must be in, or show that no 听头 can complete it.

The search uses this to try only 听头 placements of that class, and to reject most
non-hands (and most cards that cannot complete a waiting hand) before searching.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import NUM_FACES

_FIELD = 6
"""Bits per functional in a packed syndrome (sums stay below 64, see :meth:`target`)."""
_CHUNK = 12
"""Bits of packed counts (three search positions) per lookup table."""


def null_space_mod3(rows: Sequence[Sequence[int]], width: int) -> list[list[int]]:
    """A basis of ``{v : row·v ≡ 0 (mod 3) for every row}`` (Gauss–Jordan over GF(3))."""
    matrix = [[value % 3 for value in row] for row in rows]
    pivots: list[int] = []
    for col in range(width):
        r = len(pivots)
        pivot = next((i for i in range(r, len(matrix)) if matrix[i][col]), None)
        if pivot is None:
            continue
        matrix[r], matrix[pivot] = matrix[pivot], matrix[r]
        inverse = matrix[r][col]  # 1·1 ≡ 2·2 ≡ 1: each nonzero element is its own inverse
        matrix[r] = [(v * inverse) % 3 for v in matrix[r]]
        for i, row in enumerate(matrix):
            if i != r and row[col]:
                factor = row[col]
                matrix[i] = [(a - factor * b) % 3 for a, b in zip(row, matrix[r], strict=True)]
        pivots.append(col)
    basis = []
    for free in (c for c in range(width) if c not in pivots):
        vector = [0] * width
        vector[free] = 1
        for i, col in enumerate(pivots):
            vector[col] = -matrix[i][free] % 3
        basis.append(vector)
    return basis


class Residues:
    """Face classes modulo the 句 and the syndrome of packed counts, for one 句 set.

    ``positions`` maps a search position to its face (the packed-count layout of
    :mod:`.shapes`: 4 bits per position).
    """

    def __init__(
        self, sentences: Sequence[tuple[int, int, int]], positions: Sequence[int]
    ) -> None:
        rows = [[sum(1 for f in s if f == face) for face in range(NUM_FACES)] for s in sentences]
        basis = null_space_mod3(rows, NUM_FACES)
        self.size = len(basis)
        vectors = [tuple(b[face] for b in basis) for face in positions]
        distinct = sorted(set(vectors))
        self.position_class: tuple[int, ...] = tuple(distinct.index(v) for v in vectors)
        """Class of each search position's face."""
        self.classes = len(distinct)
        packed = [self._pack(v) for v in vectors]
        self._tables = tuple(self._chunk_table(packed, lo) for lo in range(0, 4 * len(positions),
                                                                           _CHUNK))  # fmt: skip
        ones = sum(1 << (_FIELD * i) for i in range(self.size))
        self._low2 = 3 * ones
        self._low1 = ones
        self._target = {self._pack(tuple(2 * x % 3 for x in v)): distinct.index(v)
                        for v in distinct}  # fmt: skip
        self._vectors = distinct
        self._completing: dict[int, frozenset[int]] = {}

    @staticmethod
    def _pack(vector: Sequence[int]) -> int:
        return sum(x << (_FIELD * i) for i, x in enumerate(vector))

    def _chunk_table(self, packed: Sequence[int], lo: int) -> tuple[int, ...]:
        """Syndrome fields (each reduced mod 3 per position, so ≤ 6) of every value of
        count bits ``lo .. lo + 11``."""
        per_position = []
        for k in range(_CHUNK // 4):
            p = lo // 4 + k
            vector = packed[p] if p < len(packed) else 0
            fields = [(vector >> (_FIELD * i)) & 3 for i in range(self.size)]
            per_position.append([self._pack([c * f % 3 for f in fields]) for c in range(16)])
        a, b, c = per_position
        return tuple(a[v & 15] + b[(v >> 4) & 15] + c[v >> 8] for v in range(1 << _CHUNK))

    def syndrome(self, x: int) -> int:
        """The functionals' values on packed counts ``x``, mod 3, packed 6 bits each."""
        s = 0
        for table in self._tables:
            s += table[x & 4095]
            x >>= _CHUNK
        # Each field is now ≤ 6·8 = 48 < 64; reduce it mod 3 as the sum of its base-4
        # digits (three rounds bring it to 0..3, and 3 ≡ 0).
        m = self._low2
        s = (s & m) + ((s >> 2) & m) + ((s >> 4) & m)
        s = (s & m) + ((s >> 2) & m)
        s = (s & m) + ((s >> 2) & m)
        return s - 3 * (s & (s >> 1) & self._low1)

    def target(self, x: int) -> int:
        """The class the 听头's face ``g`` must be in for packed counts ``x``, or −1 when
        no 听头 can make ``x`` a set of units (then ``x`` has no decomposition)."""
        return self._target.get(self.syndrome(x), -1)

    def completing(self, x: int) -> frozenset[int]:
        """The classes of the faces one more card of which could complete ``x`` (those
        for which :meth:`target` of ``x`` plus that card is not −1)."""
        s = self.syndrome(x)
        found = self._completing.get(s)
        if found is None:
            digits = [(s >> (_FIELD * i)) & 3 for i in range(self.size)]
            found = frozenset(
                cls for cls, vector in enumerate(self._vectors)
                if self._pack([(d + v) % 3 for d, v in zip(digits, vector, strict=True)])
                in self._target
            )  # fmt: skip
            self._completing[s] = found
        return found
