"""An obviously-correct, exhaustive 双别杆 decomposer for small hands (tests only).

It shares nothing with the calculator but the card codes: it partitions the actual
cards one by one into 句 / 坎 / 听头 (every choice of which physical copy goes where),
reads each joker as every 精 face, tries every 主精 candidate and scores each unit from
the 胡 table written out again here (seed 003 §3, zipai.md A3). Exponential, so only for
hands of a few units.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product

FACES = "上大人孔乙己可知礼化三千七十士八九子二四五六"
JOKER = 22
FLOWERED = {23: "乙", 24: "三", 25: "五", 26: "七", 27: "九"}
RED = set("上大人可知礼三五七")
JING = ("三", "五", "七")
FIVE_JING = ("三", "五", "七", "乙", "九")  # the 5-精 reading (乙三五七九)
K = {0: 5, 1: 6, 2: 7, 3: 9, 4: 12}
DOUBLINGS = {3: 1, 4: 2, 5: 4}  # 坎 → 紮 ×2 → 泛 ×2 again
SENTENCES = (
    "上大人", "孔乙己", "可知礼", "化三千", "七十士", "八九子",
    "乙二三", "二三四", "三四五", "四五六", "五六七", "六七八", "七八九", "八九十",
)  # fmt: skip

Card = tuple[str, bool]  # (face 汉字, counts as 花: flowered or joker)


def card_of(code: int, joker_face: str | None = None) -> Card:
    if code == JOKER:
        assert joker_face is not None
        return (joker_face, True)
    if code in FLOWERED:
        return (FLOWERED[code], True)
    return (FACES[code], False)


def sentence_sets(yi_er_san: bool = True) -> list[set[str]]:
    out = [set(s) for s in SENTENCES]
    return out if yi_er_san else [s for s in out if s != set("乙二三")]


def jing(opts: dict[str, object]) -> tuple[str, ...]:
    return FIVE_JING if opts.get("five_jing") else JING


def share(card: Card, main: str | None, opts: dict[str, object]) -> int:
    face, flower = card
    if face in jing(opts):
        value = 2 if flower else 1
        return 2 * value if face == main else value
    if face in ("乙", "九") and flower and bool(opts["black_flower_bonus"]):
        return 1
    return 0


def unit_hu(kind: str, cards: Sequence[Card], main: str | None, opts: dict[str, object]) -> int:
    if kind == "句":
        red = all(face in RED for face, _ in cards)
        return int(red) + sum(share(c, main, opts) for c in cards)
    if kind == "听头":
        return sum(share(c, main, opts) for c in cards) if bool(opts["tingtou_scores"]) else 0
    face = cards[0][0]
    f = sum(1 for _, flower in cards if flower)
    n = len(cards)
    dui = kind == "对" and opts["dui_value"] == "peng"
    if face in jing(opts):
        value = K[f] * DOUBLINGS[n] - (2 if dui else 0)
        return 2 * value if face == main else value
    value = (2 if face in RED else 1) * DOUBLINGS[n] - (1 if dui else 0)
    if opts["black_flower_in_sets"] and face in ("乙", "九"):
        value += f
    return value


def _unit_kind(trio: list[Card], sentences: list[set[str]]) -> str | None:
    """坎 for three of a face, 句 for a sentence's three faces, else None."""
    faces = {c[0] for c in trio}
    if len(faces) == 1:
        return "坎"
    return "句" if faces in sentences and len(faces) == 3 else None


def partitions(
    cards: list[Card], need_tingtou: bool, sentences: list[set[str]]
) -> Iterator[list[tuple[str, list[Card]]]]:
    """Every way to cut ``cards`` into 坎 / 句 (+ one 听头), as (kind, cards) lists."""
    if not cards:
        if not need_tingtou:
            yield []
        return
    first, rest = cards[0], cards[1:]
    for i in range(len(rest)):
        for j in range(i + 1, len(rest)):
            trio = [first, rest[i], rest[j]]
            kind = _unit_kind(trio, sentences)
            if kind is None:
                continue
            left = [c for k, c in enumerate(rest) if k not in (i, j)]
            for tail in partitions(left, need_tingtou, sentences):
                yield [(kind, trio), *tail]
    if need_tingtou:
        for i in range(len(rest)):
            a, b = first[0], rest[i][0]
            if a == b or any({a, b} <= s for s in sentences):
                left = rest[:i] + rest[i + 1 :]
                for tail in partitions(left, False, sentences):
                    yield [("听头", [first, rest[i]]), *tail]


def best_hu(
    concealed: Sequence[int],
    melds: Sequence[tuple[str, Sequence[int]]] = (),
    *,
    won: int | None = None,
    **opts: object,
) -> int | None:
    """Best 胡 over everything, or None when the hand does not decompose."""
    o: dict[str, object] = {
        "zhujing_reading": "most_cards", "tingtou_scores": True, "dui_value": "peng",
        "black_flower_bonus": True, "black_flower_in_sets": False, "yi_er_san": True,
        "discard_kan_as_dui": True, "desk_jing_not_main": False, "five_jing": False,
    }  # fmt: skip
    o.update(opts)
    sentences = sentence_sets(bool(o["yi_er_san"]))
    jokers = [c for c in concealed if c == JOKER]
    others = [card_of(c) for c in concealed if c != JOKER]
    meld_cards = [
        (kind, [card_of(c, _meld_face(cards)) for c in cards]) for kind, cards in melds
    ]
    won_card = None if won is None or won == JOKER else card_of(won)
    best: int | None = None
    for faces in product(jing(o), repeat=len(jokers)):
        hand = sorted(others + [(f, True) for f in faces])
        for parts in partitions(hand, True, sentences):
            value = _score(parts, meld_cards, won_card, o)
            best = value if best is None else max(best, value)
    return best


def _meld_face(cards: Sequence[int]) -> str:
    return next(card_of(c)[0] for c in cards if c != JOKER)


def _score(
    parts: list[tuple[str, list[Card]]],
    melds: list[tuple[str, list[Card]]],
    won: Card | None,
    o: dict[str, object],
) -> int:
    parts = _as_discard_win(parts, won, o)
    everything = parts + melds
    desk = bool(o["desk_jing_not_main"])  # 精 in melds neither count nor double
    held = {j: sum(1 for _, cs in (parts if desk else everything) for f, _ in cs if f == j)
            for j in jing(o)}
    top = max(held.values())
    if top == 0:
        mains: list[str | None] = [None]
    elif o["zhujing_reading"] == "max_hu":
        mains = [j for j in jing(o) if held[j] > 0]
    else:
        mains = [j for j in jing(o) if held[j] == top]
    return max(sum(unit_hu(k, cs, m, o) for k, cs in parts)
               + sum(unit_hu(k, cs, None if desk else m, o) for k, cs in melds) for m in mains)


def _as_discard_win(
    parts: list[tuple[str, list[Card]]], won: Card | None, o: dict[str, object]
) -> list[tuple[str, list[Card]]]:
    """The won discard makes a 对 of a 坎 when every card of its face is in 坎 —
    the winner puts the discard anywhere else if he can (zipai.md A6 [P])."""
    if won is None or not o["discard_kan_as_dui"]:
        return parts
    face = won[0]
    elsewhere = any(k != "坎" and any(f == face for f, _ in cs) for k, cs in parts)
    if elsewhere:
        return parts
    for i, (kind, cs) in enumerate(parts):
        if kind == "坎" and cs[0][0] == face and won in cs:
            return [*parts[:i], ("对", cs), *parts[i + 1 :]]
    return parts
