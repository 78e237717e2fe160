"""The engine's win test: cheap enough to ask on every draw and every discard.

A hand wins when it decomposes into 8 units + 听头 *and* the best reading reaches the
threshold. The decomposition test is the calculator's memoised shape search on the
packed face counts the state keeps in step (a few µs, and most hands fail it at their
first faces); only a hand that decomposes is scored in full by
:func:`.calculator.score_hand`, and that result is cached per hand. Everything here
that touches the calculator's internals (the shape search, the packed form) is in this
one module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement
from operator import mul

from .calculator import HandResult, score_hand
from .cards import FACES, FLOWER_FACES, JOKER, NUM_CODES, NUM_FACES, face_of, jing_of
from .facevalues import structure
from .rules import BieganRules, scoring_of
from .search import WaitScorer, holding_of_codes
from .shapes import POSITION, Structure
from .state import Counts
from .units import Meld

FACE_OF: tuple[int, ...] = tuple(face_of(c) for c in range(NUM_CODES))
"""The face of each card code (the joker's is :data:`JOKER`)."""
SHIFT: tuple[int, ...] = tuple(4 * POSITION[f] for f in range(NUM_FACES))
"""Bit offset of each face's 4-bit count in the packed form."""
ONE: tuple[int, ...] = tuple(1 << SHIFT[face_of(c)] if c != JOKER else 0
                             for c in range(NUM_CODES))
"""What one card of each code adds to the packed face counts (a 赖子 adds nothing)."""

_JOKER_DELTAS: dict[bool, tuple[tuple[int, ...], ...]] = {
    five: tuple(tuple(sum(1 << (4 * POSITION[f]) for f in faces)
                      for faces in combinations_with_replacement(jing_of(five), n))
                for n in range(3))
    for five in (False, True)
}
"""What each reading of 0–2 赖子 adds to the packed counts, per 精 reading (3 or 5)."""
_CACHE_LIMIT = 50_000
_results: dict[tuple[Counts, tuple[Meld, ...], int | None, BieganRules], HandResult] = {}


def packed_of(hand: Counts) -> int:
    """The packed face counts of a hand (jokers left out)."""
    return sum(map(mul, hand, ONE))


_SHAPES: dict[BieganRules, Callable[[int, bool], tuple[int, ...]]] = {}
_CLOSED = tuple(tuple(SHIFT[FACES.index(ch)] for ch in faces)
                for faces in ("上大人", "可知礼", "孔己", "化千"))


def _out_of_step(counts: Sequence[int]) -> bool:
    return len({n % 3 for n in counts}) > 1


def _group_table(shifts: tuple[int, ...]) -> tuple[int, int, tuple[bool, ...]] | None:
    """(shift, mask, out-of-step per value) when the group's counts are adjacent in the
    packed form (they are in the calculator's search order), else None."""
    low = min(shifts)
    if sorted(shifts) != list(range(low, low + 4 * len(shifts), 4)):
        return None
    bits = 4 * len(shifts)
    table = tuple(_out_of_step([(v >> (4 * i)) & 15 for i in range(len(shifts))])
                  for v in range(1 << bits))
    return low, (1 << bits) - 1, table


_TABLES = tuple(_group_table(g) for g in _CLOSED)


def _generic_defects(packed: int) -> int:
    return sum(_out_of_step([(packed >> shift) & 15 for shift in group]) for group in _CLOSED)


def _make_defects() -> Callable[[int], int]:
    tables = [t for t in _TABLES if t is not None]
    if len(tables) != len(_CLOSED):
        return _generic_defects
    (s1, m1, t1), (s2, m2, t2), (s3, m3, t3), (s4, m4, t4) = tables

    def fast(packed: int) -> int:
        return (t1[(packed >> s1) & m1] + t2[(packed >> s2) & m2]
                + t3[(packed >> s3) & m3] + t4[(packed >> s4) & m4])

    return fast


defects = _make_defects()
"""How many of 上大人 / 可知礼 / 孔·己 / 化·千 are out of step in packed counts.

Those faces are each in exactly one 句, so in a complete hand every one of them has as
many cards outside its 坎 as that 句 has copies — equal counts modulo 3 — unless the
听头 holds some of them. The 听头 is a pair or two cards of one 句, so it can mend at
most one of these four groups: a hand with two defects cannot be complete, and one card
more or less changes at most one group. (Table lookups when the groups' counts are
adjacent in the packed form, as they are in the calculator's search order.)"""


_CLOSED_FACES = tuple(frozenset(FACES.index(ch) for ch in faces)
                      for faces in ("上大人", "可知礼", "孔己", "化千"))


def mending_faces(packed: int) -> frozenset[int] | None:
    """The faces one more card of which can make ``packed`` (a hand one card short)
    decompose, as far as :data:`defects` tells: None (any face) with at most one group
    out of step, none with three or more, and with two only the faces of those two —
    one card changes one group, and a complete hand has at most one out of step. A
    赖子 adds nothing to the packed counts, so it never mends."""
    found = defects(packed)
    if found <= 1:
        return None
    if found > 2:
        return frozenset()
    out: set[int] = set()
    for group, faces in zip(_CLOSED, _CLOSED_FACES, strict=True):
        if _out_of_step([(packed >> shift) & 15 for shift in group]):
            out |= faces
    return frozenset(out)


def decomposes(rules: BieganRules, packed: int, jokers: int) -> bool:
    """Whether the concealed cards cut into 坎 / 句 + one 听头 for some joker reading."""
    if defects(packed) > 1:
        return False
    shapes = _SHAPES.get(rules)
    if shapes is None:
        shapes = _SHAPES[rules] = structure(scoring_of(rules)).shapes
    if not jokers:
        return bool(shapes(packed, True))
    return any(shapes(packed + delta, True) for delta in _JOKER_DELTAS[rules.five_jing][jokers])


class Completion:
    """A hand one card short, asked which cards complete it and for how many 胡.

    :meth:`completes` is :func:`decomposes` of the hand plus one card of a face, with
    the residue test (:meth:`.Residues.completing`) of each 赖子 reading done once: a
    reading whose counts one card of the face's class cannot complete has no shape, so
    the shape search is asked only for the others, and told the 听头's class.
    :meth:`hus` scores the hand plus a card with a :class:`.WaitScorer` (built on first
    use), which scores the shapes just listed instead of searching again, and
    :meth:`joker_hu` the hand plus a 赖子 from those."""

    __slots__ = ("_class", "_deltas", "_hand", "_hus", "_melds", "_open", "_scorer",
                 "_scoring", "_shapes", "faces", "packed")

    def __init__(self, rules: BieganRules, hand: Counts, melds: tuple[Meld, ...],
                 packed: int) -> None:
        """``packed``: :func:`packed_of` the hand."""
        self._scoring = scoring_of(rules)
        found = structure(self._scoring)
        jokers = hand[JOKER]
        self._hand, self._melds, self.packed = hand, melds, packed
        self._shapes = found.shapes_of_class
        self._class = found.residues.position_class
        self._deltas = _JOKER_DELTAS[rules.five_jing][jokers]
        self._open, self.faces = _openings(found, self.packed, jokers, rules.five_jing)
        """The natural faces a card of which some reading's residues allow (the others
        never :meth:`complete <completes>`)."""
        self._scorer: WaitScorer | None = None
        self._hus: dict[int, tuple[int | None, int | None]] = {}

    def completes(self, face: int) -> bool:
        """``decomposes(rules, packed + one card of face, jokers)`` (a natural face)."""
        x = self.packed + (1 << SHIFT[face])
        if defects(x) > 1:
            return False
        cls = self._class[POSITION[face]]
        shapes = self._shapes
        for delta, targets in zip(self._deltas, self._open, strict=True):
            target = targets.get(cls)
            if target is not None and shapes(x + delta, target):
                return True
        return False

    def hus(self, face: int) -> tuple[int | None, int | None]:
        """``reading(...).hu`` of the hand plus one plain / one flowered card of
        ``face``, self-drawn (None where it does not decompose, and for the flowered one
        of a face without 花 copies); memoised per face."""
        found = self._hus.get(face)
        if found is None:
            found = self._hus[face] = self._score(face) if self.completes(face) else (None, None)
        return found

    def joker_hu(self) -> int | None:
        """The same for the hand plus a 赖子: the best over the 精 faces of the hand
        plus a flowered card of that face (a 赖子 reads as a flowered 精, so the readings
        of one more 赖子 are those of the others plus each 精)."""
        return max((hu for hu in (self.hus(face)[1] for face in self._scoring.jing
                                  if face in self.faces) if hu is not None), default=None)

    def _score(self, face: int) -> tuple[int | None, int | None]:
        scorer = self._scorer
        if scorer is None:
            holding = holding_of_codes(self._hand, self._melds)
            scorer = self._scorer = WaitScorer(holding, self._scoring)
        plain, flowered = scorer.values(face, True, face in FLOWER_FACES, discard=False)
        return (None if plain is None else plain[0], None if flowered is None else flowered[0])


_Openings = tuple[tuple[dict[int, int], ...], frozenset[int]]
_OPENINGS: dict[tuple[Structure, int, int, bool], _Openings] = {}


def _openings(found: Structure, packed: int, jokers: int, five: bool) -> _Openings:
    """Per 赖子 reading (in :data:`_JOKER_DELTAS` order), for each residue class one
    more card of which could complete ``packed`` so read, the class the 听头 must then be
    of (:meth:`.Residues.target`); and the natural faces of all those classes. The
    syndrome is linear modulo 3, so these depend on ``packed`` only through its
    syndrome: they are memoised per syndrome (at most 3⁹ of them)."""
    residues = found.residues
    key = (found, residues.syndrome(packed), jokers, five)
    opened = _OPENINGS.get(key)
    if opened is None:
        faces = _class_faces(found)
        targets = tuple(
            {c: residues.target(packed + delta + (1 << SHIFT[min(faces[c])]))
             for c in residues.completing(packed + delta)}
            for delta in _JOKER_DELTAS[five][jokers])
        opened = _OPENINGS[key] = (targets, frozenset().union(
            *(faces[c] for allowed in targets for c in allowed)))
    return opened


_CLASS_FACES: dict[Structure, dict[int, frozenset[int]]] = {}


def _class_faces(found: Structure) -> dict[int, frozenset[int]]:
    """The natural faces of each residue class of a 句 set."""
    faces = _CLASS_FACES.get(found)
    if faces is None:
        classes = found.residues.position_class
        faces = _CLASS_FACES[found] = {
            c: frozenset(f for f in range(NUM_FACES) if classes[POSITION[f]] == c)
            for c in set(classes)}
    return faces


def expand(hand: Counts) -> list[int]:
    """The card codes of a hand, one per card, in code order."""
    return [c for c in range(NUM_CODES) for _ in range(hand[c])]


def reading(rules: BieganRules, hand: Counts, melds: Sequence[Meld],
            won: int | None) -> HandResult:
    """The calculator's best reading of a complete hand (cached); ``won`` the claimed
    discard (in ``hand``) or None for a self-drawn hand."""
    key = (hand, tuple(melds), won, rules)
    found = _results.get(key)
    if found is None:
        found = score_hand(expand(hand), key[1], scoring_of(rules), won)
        if len(_results) >= _CACHE_LIMIT:
            _results.clear()
        _results[key] = found
    return found


def wins(rules: BieganRules, hand: Counts, packed: int, melds: Sequence[Meld],
         won: int | None) -> bool:
    """Whether the complete hand wins (≥ the 胡 threshold); cheap when it does not
    even decompose."""
    if not decomposes(rules, packed, hand[JOKER]):
        return False
    return reading(rules, hand, melds, won).wins


def faces_held(hand: Counts) -> list[int]:
    """Natural cards per face (jokers not counted)."""
    out = [0] * NUM_FACES
    for c, n in enumerate(hand):
        if n and c != JOKER:
            out[face_of(c)] += n
    return out
