"""双别杆花牌 waits (听牌 / 查听): the cards that complete a hand with enough 胡.

For a hand one card short of complete (25 positions), every face is tried, plain and —
for 乙 三 五 七 九 — flowered, and the 赖子 (read as a flowered 精, so its best value is
the best flowered 三 / 五 / 七). Each winning card is reported with its best 胡 when
self-drawn (``hu``), when claimed from a discard (``hu_discard``, where a 坎 it
completes scores as 对), and the copies the holder has not seen.

The seed's named waits are outcomes of this search, not separate rules (zipai.md A6):
拿撂 (one single card), 推摊 (two pairs of one 句) and 胡两头 / 卡卡 (two partial 句).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Unpack

from .calculator import UNITS_PER_HAND, ScoringOptions, checked_holding, scoring_of
from .cards import (
    FLOWER_FACES,
    JOKER,
    NUM_FACES,
    card,
    copies_of,
    face_name,
)
from .facevalues import assignments, structure
from .search import WaitScorer
from .shapes import POSITION
from .units import Meld, Scoring


@dataclass(frozen=True, slots=True)
class Wait:
    """A card that completes the hand: ``face`` (or :data:`JOKER`), plain or flowered.

    ``remaining`` counts the copies the holder has not seen. A flowered copy is listed
    on its own only when it is worth more than the plain one; then each entry counts its
    own copies, otherwise the plain entry counts them all.
    """

    face: int
    flowered: bool
    hu: int
    remaining: int
    hu_discard: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "face": face_name(self.face),
            "flowered": self.flowered,
            "hu": self.hu,
            "hu_discard": self.hu_discard,
            "remaining": self.remaining,
        }


@dataclass(frozen=True, slots=True)
class Waits:
    """The waits of a hand, as :func:`waits` returns them, with their JSON form."""

    waits: tuple[Wait, ...]

    def to_json(self) -> dict[str, Any]:
        return {"waits": [w.to_json() for w in self.waits]}


def waits(
    concealed: Sequence[int],
    melds: Sequence[Meld] = (),
    visible: Sequence[int] = (),
    *,
    units_needed: int = UNITS_PER_HAND,
    **options: Unpack[ScoringOptions],
) -> tuple[Wait, ...]:
    """Every card that completes ``concealed`` (+ ``melds``) with at least ``threshold`` 胡.

    ``visible`` are other cards the holder has seen (discards, others' melds); they only
    lower ``remaining``. Cards the holder already holds every copy of are not tried.
    Sorted by face, the plain entry before the flowered one, 赖 last. ``options`` are
    :class:`.calculator.ScoringOptions`.
    """
    return find_waits(concealed, melds, visible, scoring_of(**options), units_needed)


def find_waits(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    visible: Sequence[int],
    scoring: Scoring,
    units_needed: int = UNITS_PER_HAND,
) -> tuple[Wait, ...]:
    """:func:`waits` with the options already in a :class:`Scoring`.

    Only faces whose extra card leaves the counts decomposable modulo 3 under some
    reading of the 赖子 (:meth:`.Residues.completing`) are tried; no card of the other
    faces can complete the hand. The others are scored by a :class:`.WaitScorer`.
    """
    holding = checked_holding(concealed, melds, scoring, units_needed, complete=False)
    own = Counter(list(concealed) + [c for m in melds for c in m.cards])
    seen = own + Counter(visible)
    shapes = structure(scoring)
    readings = [sum(1 << (4 * POSITION[face]) for face in assignment)  # each 赖子 reading
                for assignment in assignments(holding.jokers, scoring.jing)]
    classes: frozenset[int] = frozenset()
    for jokers in readings:
        classes |= shapes.residues.completing(holding.packed + jokers)
    out: list[Wait] = []
    best_joker = 0
    scorer = WaitScorer(holding, scoring)
    for face in range(NUM_FACES):
        if shapes.residues.position_class[POSITION[face]] not in classes:
            continue
        # the flowered value is also needed when the holder has every flowered copy
        # (it is what a 赖子 read as this 精 is worth), but then it is not offered
        drawable = own[card(face)] < copies_of(card(face))
        plain, flowered = scorer.values(face, drawable, face in FLOWER_FACES)
        offered = flowered if _can_draw_flowered(face, own) else None
        out += _face_waits(face, plain, offered, seen, scoring.threshold)
        if face in scoring.jing and flowered is not None:
            best_joker = max(best_joker, flowered[0])
    if best_joker >= scoring.threshold and own[JOKER] < scoring.jokers:
        out.append(Wait(JOKER, False, best_joker, scoring.jokers - seen[JOKER], best_joker))
    return tuple(out)


def _can_draw_flowered(face: int, own: Counter[int]) -> bool:
    """Whether a flowered copy of ``face`` exists outside the holder's own cards."""
    return face in FLOWER_FACES and own[card(face, True)] < copies_of(card(face, True))


def _face_waits(
    face: int,
    plain: tuple[int, int] | None,
    flowered: tuple[int, int] | None,
    seen: Counter[int],
    threshold: int,
) -> list[Wait]:
    plain_code = card(face)
    unseen_plain = copies_of(plain_code) - seen[plain_code]
    unseen_flowered = 0
    if face in FLOWER_FACES:
        code = card(face, True)
        unseen_flowered = copies_of(code) - seen[code]
    plain_wins = plain is not None and plain[0] >= threshold
    flower_wins = flowered is not None and flowered[0] >= threshold
    out: list[Wait] = []
    if plain_wins and plain is not None:
        better = flower_wins and flowered is not None and flowered[0] > plain[0]
        extra = 0 if better else unseen_flowered
        out.append(Wait(face, False, plain[0], unseen_plain + extra, plain[1]))
        if not better:
            return out
    if flower_wins and flowered is not None:
        out.append(Wait(face, True, flowered[0], unseen_flowered, flowered[1]))
    return out
