"""The calculator's search machinery on full-size hands, against plain references.

The brute-force tests (``test_biegan_bruteforce.py``) prove the 胡 on small hands; these
check the fast machinery on 8-unit hands against slow, obviously-correct re-statements
written here: every shape listed in the same order (the 听头 classes only prune), the
best-shape search choosing exactly the first best listed shape (so the laid-out units
do not depend on the search used), the fast paths agreeing with :func:`best_hand`, and
the wait scorer agreeing with :func:`best_hand` of each completed hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement
from typing import Any

import pytest

from huapai.games.biegan.calculator import (
    HandError,
    best_hand,
    can_win,
    hand_value,
    scoring_of,
    value_of_counts,
)
from huapai.games.biegan.cards import (
    DECK,
    FACES,
    JING_FACES,
    JOKER,
    NUM_CODES,
    NUM_FACES,
    copies_of,
    face_of,
    parse_cards,
)
from huapai.games.biegan.facevalues import FACE_KIND, dui_penalty, face_table, structure
from huapai.games.biegan.residues import Residues, null_space_mod3
from huapai.games.biegan.search import holding_of, search
from huapai.games.biegan.shapes import ORDER, POSITION, TT_SHIFT
from huapai.games.biegan.units import SENTENCES, YI_ER_SAN, Meld, Scoring, meld_value
from huapai.games.biegan.waits import waits

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"zhujing_reading": "max_hu", "tingtou_scores": False},
    {"dui_value": "kan", "black_flower_in_sets": True, "yi_er_san": False},
    {"black_flower_bonus": False, "discard_kan_as_dui": False, "zhujing_reading": "max_hu"},
]


def composed(rng: random.Random, melds: int = 0) -> tuple[list[int], list[Meld]]:
    """8 random units — ``melds`` of them a declared 紮 — and a 听头, from one deck; a 精
    now and then replaced by a 赖子."""
    while True:
        pool: dict[int, list[int]] = {}
        for code in rng.sample(DECK, len(DECK)):
            pool.setdefault(face_of(code), []).append(code)
        declared = []
        for _ in range(melds):
            face = rng.randrange(22)
            if len(pool[face]) >= 4:
                declared.append(Meld("紮", tuple(pool[face].pop() for _ in range(4))))
        faces: list[int] = []
        for _ in range(8 - len(declared)):
            faces += [rng.randrange(22)] * 3 if rng.random() < 0.35 else list(
                rng.choice(SENTENCES))  # fmt: skip
        faces += [rng.randrange(22)] * 2 if rng.random() < 0.4 else rng.sample(
            rng.choice(SENTENCES), 2)  # fmt: skip
        if all(len(pool.get(f, [])) >= faces.count(f) for f in set(faces)):
            hand = [pool[f].pop() for f in faces]
            jing = [i for i, c in enumerate(hand) if face_of(c) in JING_FACES]
            for i in rng.sample(jing, min(len(jing), rng.choice([0, 0, 1, 2]))):
                hand[i] = JOKER
            return hand, declared


# --- the 听头 classes ------------------------------------------------------------------


def test_face_classes_modulo_the_sentences() -> None:
    """Faces whose unit vectors agree modulo the 句: the number chain by 3s, 士 and 子
    with it (七十士, 八九子), each face of 上大人 可知礼 孔己 化千 alone."""
    def classes(sentences: Sequence[tuple[int, int, int]]) -> set[str]:
        residues = Residues(sentences, ORDER)
        groups: dict[int, str] = {}
        for face in range(NUM_FACES):
            cls = residues.position_class[POSITION[face]]
            groups[cls] = groups.get(cls, "") + FACES[face]
        return {"".join(sorted(g)) for g in groups.values()}

    alone = {"上", "大", "人", "孔", "己", "可", "知", "礼", "化", "千"}
    chain = {"".join(sorted(g)) for g in ("乙四七十士子", "三六九", "二五八")}
    assert classes(SENTENCES) == alone | chain
    without = [s for s in SENTENCES if s != YI_ER_SAN]
    assert classes(without) == alone | {"乙", "".join(sorted("四七十士子"))} | chain - {
        "".join(sorted("乙四七十士子"))}  # fmt: skip


def test_null_space_vanishes_on_every_sentence() -> None:
    rows = [[s.count(face) for face in range(NUM_FACES)] for s in SENTENCES]
    basis = null_space_mod3(rows, NUM_FACES)
    assert len(basis) == NUM_FACES - 14  # the 14 句 are independent modulo 3
    for vector in basis:
        assert any(vector)
        for row in rows:
            assert sum(a * b for a, b in zip(vector, row, strict=True)) % 3 == 0


# --- a reference shape lister (no 听头 classes, no memo tricks) ---------------------


def _reference_tables(sentences: Sequence[tuple[int, int, int]]) -> tuple[
    list[tuple[int, int, int] | None], list[list[int]]
]:  # fmt: skip
    """Per search position: the positions of the 句 it leads (itself first), and the
    later positions it shares a 句 with — derived again from the 句 list."""
    lead: list[tuple[int, int, int] | None] = [None] * NUM_FACES
    partners: list[list[int]] = [[] for _ in range(NUM_FACES)]
    for s in sentences:
        ps = sorted(POSITION[f] for f in s)
        lead[ps[0]] = (ps[0], ps[1], ps[2])
        for p in ps:
            partners[p] += [q for q in ps if q > p and q not in partners[p]]
    return lead, [sorted(q) for q in partners]


def _tt(p: int, q: int) -> int:
    return (1 + p * 32 + q) << TT_SHIFT


def reference_shapes(x: int, yi_er_san: bool) -> tuple[int, ...]:
    """Every shape of packed counts ``x`` with a 听头, in the calculator's order: at the
    lowest position, no 听头 / pair / each partner, each with 0, 1, … 坎."""
    return _ref(x, True, yi_er_san)


@cache
def _ref(x: int, need: bool, yi_er_san: bool) -> tuple[int, ...]:
    if not x:
        return () if need else (0,)
    lead, partners = _REF_TABLES[yi_er_san]
    p = ((x & -x).bit_length() - 1) // 4
    c = (x >> (4 * p)) & 15
    rest = x - (c << (4 * p))
    options = [(rest, c, need, 0)]
    if need:
        if c >= 2:
            options.append((rest, c - 2, False, _tt(p, p)))
        options += [(rest - (1 << (4 * q)), c - 1, False, _tt(p, q))
                    for q in partners[p] if (rest >> (4 * q)) & 15]  # fmt: skip
    out: list[int] = []
    for left, n, still, tag in options:
        for kans in range(n // 3 + 1):
            runs = n - 3 * kans
            below = left
            if runs:
                step = lead[p]
                if step is None or any((left >> (4 * q)) & 15 < runs for q in step[1:]):
                    continue
                below = left - runs * sum(1 << (4 * q) for q in step[1:])
            out += [s + tag + (kans << (2 * p)) for s in _ref(below, still, yi_er_san)]
    return tuple(out)


_REF_TABLES = {
    True: _reference_tables(SENTENCES),
    False: _reference_tables([s for s in SENTENCES if s != YI_ER_SAN]),
}


def _pack(counts: Sequence[int]) -> int:
    return sum(n << (4 * POSITION[f]) for f, n in enumerate(counts))


def _face_counts(hand: Sequence[int]) -> tuple[list[int], list[int], int]:
    counts, flowers = [0] * NUM_FACES, [0] * NUM_FACES
    for code in hand:
        if code != JOKER:
            counts[face_of(code)] += 1
            flowers[face_of(code)] += code >= NUM_FACES + 1
    return counts, flowers, hand.count(JOKER)


@pytest.mark.parametrize("yi_er_san", [True, False])
def test_listed_shapes_are_every_shape_in_order(yi_er_san: bool) -> None:
    """:meth:`.Structure.shapes` (the engine's decomposition test, the wait search)
    lists exactly the reference's shapes, in its order, or none for non-hands."""
    rng = random.Random(11)
    lister = structure(scoring_of(yi_er_san=yi_er_san))
    decomposed = 0
    for i in range(300):
        hand = composed(rng)[0] if i % 3 else rng.sample(DECK, 26)
        counts, _, jokers = _face_counts(hand)
        for faces in combinations_with_replacement(JING_FACES, jokers):
            x = _pack(counts) + sum(1 << (4 * POSITION[f]) for f in faces)
            expected = reference_shapes(x, yi_er_san)
            assert lister.shapes(x, True) == expected
            decomposed += bool(expected)
    assert decomposed > 100


# --- the reference reading: every listed shape scored, as the first calculator did --


def reference_reading(
    hand: Sequence[int], melds: Sequence[Meld], scoring: Scoring, won: int | None
) -> tuple[int, tuple[int, ...], int, int | None] | None:
    """(胡, joker faces, shape, 主精) of the first best (joker reading, shape, 主精), in
    that order, every shape scored face by face with :func:`.face_table`."""
    counts0, flowers0, jokers = _face_counts(hand)
    won_face = None if won is None or won == JOKER else face_of(won)
    lost = dui_penalty(won_face, scoring) if won_face is not None else 0
    base = sum(meld_value(m, None, scoring) for m in melds if m.face not in JING_FACES)
    meld_jing = [sum(meld_value(m, None, scoring) for m in melds if m.face == f)
                 for f in JING_FACES]  # fmt: skip
    best = None
    for faces in combinations_with_replacement(JING_FACES, jokers):
        counts, flowers = list(counts0), list(flowers0)
        for f in faces:
            counts[f] += 1
            flowers[f] += 1
        shapes = reference_shapes(_pack(counts), scoring.yi_er_san)
        mains = _main_candidates(counts, melds, scoring)
        found = _best_listed(shapes, counts, flowers, meld_jing, base, mains, won_face,
                             lost, scoring)
        if found is not None and (best is None or found[0] > best[0]):
            best = (found[0], faces, found[1], found[2])
    return best


def _main_candidates(counts: Sequence[int], melds: Sequence[Meld],
                     scoring: Scoring) -> list[int | None]:
    """The 主精 candidates of a reading: the 精 held most (or, under max_hu, any held)."""
    held = [counts[f] + sum(len(m.cards) for m in melds if m.face == f) for f in JING_FACES]
    if max(held) == 0:
        return [None]
    if scoring.zhujing_reading == "max_hu":
        return [f for f, h in zip(JING_FACES, held, strict=True) if h]
    return [f for f, h in zip(JING_FACES, held, strict=True) if h == max(held)]


def _best_listed(shapes: Sequence[int], counts: Sequence[int], flowers: Sequence[int],
                 meld_jing: Sequence[int], base: int, mains: Sequence[int | None],
                 won_face: int | None, lost: int,
                 scoring: Scoring) -> tuple[int, int, int | None] | None:
    """(胡, shape, 主精) of the first best listed shape of one joker reading."""
    found = None
    for shape in shapes:
        total, jing, tt = _shape_total(shape, counts, flowers, meld_jing, base, scoring)
        all_kans = (won_face is not None and counts[won_face] and not tt.count(won_face)
                    and 3 * ((shape >> (2 * POSITION[won_face])) & 3) == counts[won_face])
        for main in mains:
            hu = total + (jing[JING_FACES.index(main)] if main is not None else 0)
            if all_kans:
                hu -= lost * (2 if main == won_face else 1)
            if found is None or hu > found[0]:
                found = (hu, shape, main)
    return found


def _shape_total(shape: int, counts: Sequence[int], flowers: Sequence[int],
                 meld_jing: Sequence[int], base: int,
                 scoring: Scoring) -> tuple[int, list[int], list[int]]:
    """A shape's total before 主精, each 精's share of it, and its 听头 faces."""
    jing = list(meld_jing)
    total = base + sum(meld_jing)
    code = shape >> TT_SHIFT
    tt = [] if not code else [ORDER[(code - 1) // 32], ORDER[(code - 1) % 32]]
    for f in range(NUM_FACES):
        if not counts[f]:
            continue
        kans = (shape >> (2 * POSITION[f])) & 3
        value = face_table(FACE_KIND[f], counts[f], flowers[f], scoring)[
            3 * kans + tt.count(f)]  # fmt: skip
        total += value
        if f in JING_FACES:
            jing[JING_FACES.index(f)] += value
    return total, jing, tt


@pytest.mark.parametrize("options", OPTION_SETS)
def test_search_is_the_first_best_listed_shape(options: dict[str, Any]) -> None:
    """The best-shape search (and its shortcuts: one search for 主精 candidates that
    score alike, the inlined single-candidate path) picks the very reading the
    reference picks — 胡, joker faces, shape and 主精 — self-drawn and on a discard."""
    rng = random.Random(23)
    scoring = scoring_of(**options)
    for i in range(150):
        hand, melds = composed(rng, melds=i % 3)
        won = rng.choice([None, rng.choice(hand)])
        won_face = None if won is None or won == JOKER else face_of(won)
        choice = search(holding_of(hand, melds), scoring, won_face)
        expected = reference_reading(hand, melds, scoring, won)
        got = None if choice is None else (choice.hu, choice.assignment, choice.shape,
                                           choice.main)  # fmt: skip
        assert got == expected, (hand, melds, won)


# --- the fast paths ------------------------------------------------------------------


def test_hand_value_and_can_win_agree_with_best_hand() -> None:
    rng = random.Random(5)
    for i in range(300):
        hand = composed(rng)[0] if i % 4 else rng.sample(DECK, 26)
        won = rng.choice([None, rng.choice(hand)])
        scoring = scoring_of(**OPTION_SETS[i % len(OPTION_SETS)])
        full = best_hand(hand, won_discard=won, **OPTION_SETS[i % len(OPTION_SETS)])
        value = hand_value(hand, (), scoring, won)
        assert value == (full.hu if full.complete else None)
        assert can_win(hand, (), scoring, won) == full.wins
        counts = [0] * NUM_CODES
        for code in hand:
            counts[code] += 1
        assert value_of_counts(counts, (), scoring, won) == value


_WORKED = list(parse_cards("上大人可知礼化三*千五五五*孔孔孔八九十四五六二二"))
_ZHA = Meld.of("紮", "七七七*七*")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: hand_value([0, 1, 2]), "26 concealed cards"),
        (lambda: hand_value([99] * 26), "unknown card code"),
        (lambda: can_win([0] * 26), "26 × 上"),
        (lambda: value_of_counts([1, 2, 3]), "card counts must be 28 numbers"),
        (lambda: value_of_counts([-1] + [0] * 27), "card counts must be 28 numbers"),
        (lambda: hand_value(_WORKED, (_ZHA,), None, 17), "won discard 子 is not in the hand"),
    ],
)
def test_fast_paths_reject_bad_input(call: Any, message: str) -> None:
    with pytest.raises(HandError, match=message):
        call()



# --- the wait scorer -----------------------------------------------------------------


@pytest.mark.parametrize("options", OPTION_SETS[:3])
def test_waits_agree_with_best_hand_of_each_completion(options: dict[str, Any]) -> None:
    """Each listed wait's 胡 (self-drawn and on the discard) is :func:`best_hand` of the
    completed hand, and every drawable card that completes a winning hand is listed (or
    covered by its face's plain entry), the 赖子 included."""
    rng = random.Random(31)
    for _ in range(40):
        hand, _ = composed(rng)
        hand.pop(rng.randrange(len(hand)))
        listed = {(w.face, w.flowered): w for w in waits(hand, **options)}
        own = Counter(hand)
        for code in range(NUM_CODES):
            if own[code] >= copies_of(code):
                assert code == JOKER or (face_of(code), code != face_of(code)) not in listed
                continue
            drawn = best_hand([*hand, code], **options)
            face = JOKER if code == JOKER else face_of(code)
            if not drawn.wins:
                assert (face, code not in (face, JOKER)) not in listed
                continue
            entry = listed.get((face, code not in (face, JOKER))) or listed[(face, False)]
            if code == JOKER:  # a 赖子 is its best flowered 精, never a 对 on a discard
                assert (entry.hu, entry.hu_discard) == (drawn.hu, drawn.hu)
            elif entry.flowered == (code != face):
                on_discard = best_hand([*hand, code], won_discard=code, **options)
                assert (entry.hu, entry.hu_discard) == (drawn.hu, on_discard.hu)
            else:  # a flowered copy worth no more than a plain one: the plain entry
                assert entry.hu == drawn.hu
