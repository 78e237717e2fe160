"""Dealing, 请统 and a seat's own turn: draws, 紮, 开泛 and the end of a deal.

Rules reference zipai.md §A4–A5 and seed 003. After the deal the 末家 and then the 二家
may 紮 (请统, each taking a replacement from 牌底); the 庄家's 请统 is his first turn,
on which he may 紮 too and then discards without drawing. A turn is: draw from 牌面 (not
on the dealer's first turn, nor after a 对), then any number of 紮 / 开泛 (each with a
replacement from 牌底), then 胡 (自摸) or a discard. A draw that finds the stock empty
ends the deal as 黄庄 (G16).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from operator import itemgetter

from huapai.core.protocol import Event, NotationError
from huapai.core.rng import shuffled

from .cards import (
    DECK,
    FLOWER_FACES,
    JOKER,
    NUM_CODES,
    NUM_FACES,
    card,
    card_name,
    face_of,
    format_cards,
    jing_of,
)
from .rules import BieganRules
from .state import (
    DISCARD0,
    DISPLAY,
    HU,
    KAIFAN0,
    OVER,
    PASS,
    QINGTONG,
    TURN,
    ZHA0,
    Counts,
    DealEnded,
    Drew,
    Held,
    Kaifan,
    QingtongPassed,
    State,
    Zha,
    hand_sizes,
)
from .units import Meld
from .winning import ONE, SHIFT, decomposes, reading

_DISCARD_IDS = tuple(range(DISCARD0, DISCARD0 + len(DISPLAY)))
_IN_DISPLAY_ORDER = itemgetter(*DISPLAY)
"""A hand's counts in display order, which is the order of the discard actions."""
FOURS = sum(4 << shift for shift in SHIFT)
"""Packed counts hold ≤ 5 naturals a face, so a face has four or more iff its 4-bit is set."""

CARD_NAMES: tuple[str, ...] = tuple(card_name(c) for c in range(NUM_CODES))
NATURALS: tuple[tuple[int, ...], ...] = tuple(
    (card(f, True), f) if f in FLOWER_FACES else (f,) for f in range(NUM_FACES)
)
"""The card codes of each face, flowered first (a meld takes its 花 first: K is convex)."""


def deck(rules: BieganRules) -> tuple[int, ...]:
    """The deck under ``rules``: 110 cards and 0–2 赖子."""
    return DECK[: len(DECK) - 2 + rules.jokers]


def initial_stock(rules: BieganRules) -> int:
    """Cards in the stock after the deal: 36 for three seats and two 赖子, 61 for two."""
    return len(deck(rules)) - sum(hand_sizes(rules.players))


# ----------------------------------------------------------------------------- dealing
def build_deal(rules: BieganRules, hands: Sequence[Sequence[int]], *,
               top: Sequence[int] = (), bottom: Sequence[int] = (),
               seed: int = 0) -> tuple[int, ...]:
    """A full deal from partial hands (庄家, 二家, 末家), the first cards of 牌面 and the
    last of 牌底 (``bottom[0]`` is the first replacement); the cards not named, shuffled
    with ``seed``, fill the hands and then the middle of the stock. For tests, puzzles
    and teaching positions."""
    rest = list(shuffled(deck(rules), seed))
    for card_ in (*(c for h in hands for c in h), *top, *bottom):
        if card_ not in rest:
            raise NotationError(f"build_deal: no {card_name(card_)} left in the deck")
        rest.remove(card_)
    sizes = hand_sizes(rules.players)
    if len(hands) != len(sizes) or any(len(h) > n for h, n in zip(hands, sizes, strict=True)):
        raise NotationError(f"build_deal takes {len(sizes)} hands of at most {sizes} cards")
    out: list[int] = []
    for hand, size in zip(hands, sizes, strict=True):
        fill = size - len(hand)
        out += [*hand, *rest[:fill]]
        del rest[:fill]
    return (*out, *top, *rest, *reversed(bottom))


def counts_of(cards: Sequence[int]) -> Counts:
    out = [0] * NUM_CODES
    for c in cards:
        out[c] += 1
    return tuple(out)


# ----------------------------------------------------------------------------- helpers
def add(s: State, seat: int, code: int, n: int = 1) -> None:
    """Put ``n`` cards of ``code`` into (or, negative, out of) a seat's hand."""
    hand = list(s.hands[seat])
    hand[code] += n
    s.hands[seat] = tuple(hand)
    s.packed[seat] += n * ONE[code]


def naturals(s: State, seat: int, face: int) -> int:
    """Natural (non-赖子) cards of ``face`` in a seat's hand."""
    return (s.packed[seat] >> SHIFT[face]) & 15


def take(s: State, seat: int, face: int, n: int, jokers: bool) -> list[int]:
    """Take ``n`` cards of ``face`` out of a hand, 花 first, then 赖子 if allowed."""
    out: list[int] = []
    for code in (*NATURALS[face], *((JOKER,) if jokers else ())):
        k = min(s.hands[seat][code], n - len(out))
        if k:
            add(s, seat, code, -k)
            out.extend([code] * k)
    return out


def melds_of(s: State, seat: int) -> tuple[Meld, ...]:
    return tuple(h.meld for h in s.melds[seat])


def self_drawn_wins(s: State, seat: int) -> bool:
    if s.phase != TURN or (s.drawn is None and not s.rules.tianhu):
        return False
    hand = s.hands[seat]
    if not decomposes(s.rules, s.packed[seat], hand[JOKER]):
        return False
    return reading(s.rules, hand, melds_of(s, seat), None).wins


# ------------------------------------------------------------------------- 紮 and 开泛
def joker_ok(rules: BieganRules, face: int) -> bool:
    return rules.jokers_in_zha and face in jing_of(rules.five_jing)


def zha_faces(s: State, seat: int) -> list[int]:
    """Faces this seat may 紮 now: four in hand (a 赖子 may be the 4th of a 精, G8)."""
    out = four_faces(s, seat)
    if s.phase == QINGTONG and not s.rules.chain_qingtong:
        out = [f for f in out if s.qt_faces >> f & 1]
    elif s.phase == TURN and not s.rules.late_zha and s.drawn is not None:
        drawn = s.drawn  # only the card just drawn may make the four [S]
        out = [f for f in out if face_of(drawn) == f or drawn == JOKER]
    return out


def four_faces(s: State, seat: int) -> list[int]:
    """Faces of which a seat holds four, counting a 赖子 for a 精 when allowed, except a
    face it has 对'd (G13)."""
    packed, jokers = s.packed[seat], s.hands[seat][JOKER]
    use_jokers = jokers and s.rules.jokers_in_zha
    if not packed & FOURS and not use_jokers:
        return []
    out = []
    for face in range(NUM_FACES):
        n = (packed >> SHIFT[face]) & 15
        if n >= 4 or (use_jokers and joker_ok(s.rules, face) and n >= 2 and n + jokers >= 4):
            out.append(face)
    if out and s.melds[seat]:
        frozen = dui_faces(s, seat)  # two naturals and two 赖子 after a 对 of the face
        out = [f for f in out if f not in frozen]
    return out


def dui_faces(s: State, seat: int) -> frozenset[int]:
    """Faces this seat has 对'd: never 招'd [S], 紮'd or 开泛'd again (G13)."""
    return frozenset(h.meld.face for h in s.melds[seat] if h.meld.kind == "对")


def kaifan_faces(s: State, seat: int) -> list[int]:
    """Faces of a 紮 / 招 this seat may grow to 泛 with a card in hand."""
    hand = s.hands[seat]
    out = []
    for held in s.melds[seat]:
        m = held.meld
        if m.kind not in ("紮", "招"):
            continue
        if naturals(s, seat, m.face) or (m.kind == "紮" and hand[JOKER]
                                         and joker_ok(s.rules, m.face)):
            out.append(m.face)
    return sorted(out)


def zha(s: State, seat: int, face: int, events: list[Event]) -> None:
    qingtong = s.phase == QINGTONG
    cards = take(s, seat, face, 4, joker_ok(s.rules, face))
    held = Held(Meld("紮", tuple(cards)), hidden=not s.rules.zha_shown)
    s.melds[seat] = (*s.melds[seat], held)
    events.append(Zha(seat, format_cards(cards), held.hidden, qingtong))
    replace_from_bottom(s, seat, events)


def kaifan(s: State, seat: int, face: int, events: list[Event]) -> None:
    index = next(i for i, h in enumerate(s.melds[seat])
                 if h.meld.face == face and h.meld.kind in ("紮", "招"))
    held = s.melds[seat][index]
    extra = take(s, seat, face, 1, held.meld.kind == "紮" and joker_ok(s.rules, face))
    grown = Held(Meld("泛", (*held.meld.cards, *extra)), held.hidden, held.source)
    melds = list(s.melds[seat])
    melds[index] = grown
    s.melds[seat] = tuple(melds)
    events.append(Kaifan(seat, format_cards(grown.meld.cards), grown.hidden))
    replace_from_bottom(s, seat, events)


# ------------------------------------------------------------------------------ draws
def draw_top(s: State, seat: int, events: list[Event]) -> None:
    """A draw from 牌面 starts ``seat``'s turn; an empty stock is 黄庄."""
    if s.top > s.bottom:
        finish(s, "huang", events)
        return
    code = s.deal[s.top]
    s.top += 1
    _drawn(s, seat, code, "top", events)


def replace_from_bottom(s: State, seat: int, events: list[Event]) -> None:
    """The replacement after 紮 / 开泛 comes from 牌底 [S]; an empty stock is 黄 (G16)."""
    if s.top > s.bottom:
        finish(s, "huang", events)
        return
    code = s.deal[s.bottom]
    s.bottom -= 1
    phase = s.phase
    _drawn(s, seat, code, "bottom", events)
    if phase == QINGTONG:
        s.phase, s.drawn = QINGTONG, None


def _drawn(s: State, seat: int, code: int, source: str, events: list[Event]) -> None:
    add(s, seat, code)
    s.guohu &= ~(1 << seat)
    s.drawn, s.phase, s.turn = code, TURN, seat
    events.append(Drew(seat, CARD_NAMES[code], source))


# ----------------------------------------------------------------------------- 请统
def _next_qingtong(s: State, events: list[Event]) -> None:
    """Ask the next seat of the 请统 queue (末家, 二家); then the 庄家's first turn."""
    while s.qt:
        seat, s.qt = s.qt[0], s.qt[1:]
        s.turn = seat
        s.qt_faces = _bits(four_faces(s, seat))
        if s.rules.ask == "always" or s.qt_faces:
            return
    s.phase, s.turn, s.drawn = TURN, s.dealer, None


def qingtong_pass(s: State, seat: int, events: list[Event]) -> None:
    events.append(QingtongPassed(seat))
    _next_qingtong(s, events)


def _bits(faces: list[int]) -> int:
    out = 0
    for f in faces:
        out |= 1 << f
    return out


# ------------------------------------------------------------------------------- end
def finish(s: State, reason: str, events: list[Event]) -> None:
    """The deal ends (a won discard stays ``pending``: it is on the table)."""
    s.phase, s.end, s.turn, s.answers = OVER, reason, -1, ()
    events.append(DealEnded(None, reason))


# -------------------------------------------------------------------------- legality
def turn_legal(s: State, seat: int) -> list[int]:
    """Own turn: 胡 (自摸), discards, 紮, 开泛 — in action-id order."""
    out = [HU] if self_drawn_wins(s, seat) else []
    hand = s.hands[seat]
    out += compress(_DISCARD_IDS, _IN_DISPLAY_ORDER(hand))
    if s.phase == TURN:
        out += [ZHA0 + f for f in zha_faces(s, seat)]
        if s.melds[seat]:
            out += [KAIFAN0 + f for f in kaifan_faces(s, seat)]
    return out


def qingtong_legal(s: State, seat: int) -> list[int]:
    return [PASS, *(ZHA0 + f for f in zha_faces(s, seat))]


