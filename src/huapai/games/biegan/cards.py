"""双别杆花牌 (赖子花牌) cards: the 112-card 上大人 deck and its text notation.

Source: seed ``003_3870932547cd1730.txt`` (deck, colours, 花 cards, 赖子) and
``rules/zipai.md`` §A2.

Three kinds of small ints are used:

* a **face** (字) is ``0..21`` in the order of :data:`FACES`; :data:`JOKER` (22) stands
  for the 赖子 where a face-like index is wanted;
* a **card code** says what a card *is* for play and scoring: ``0..21`` a plain (素)
  card of that face, :data:`JOKER` the 赖子, ``23..27`` the flowered (花) 乙 三 五 七 九.
  Hands, melds and notation use card codes;
* a **physical id** ``0..111`` names one physical card of the deck (:data:`DECK` maps
  ids to codes), for dealing and records.

Notation: each card is its 汉字, a flowered card is followed by ``*`` (``三*``), the joker
is ``赖``; spaces are ignored; the variant glyphs 禮 (礼), 土 (士), 丘 (孔) and 賴 (赖)
are accepted on input, and so is a flowered card as a Chinese player says it (``花三``).
``format_cards`` always writes the canonical glyphs. Chinese text says a flowered card
``花三`` (:func:`said_zh`): the ``*`` is the notation's, which a Chinese screen does not show.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from huapai.core.present import Msg
from huapai.core.protocol import NotationError

FACES = "上大人孔乙己可知礼化三千七十士八九子二四五六"
NUM_FACES = 22
JOKER = 22
JOKER_CHAR = "赖"
FLOWER_MARK = "*"
FLOWER_WORD = "花"
"""How Chinese says a flowered card: 花三 for the notation's 三* (the rules' 花三 / 花乙)."""

YI, SAN, WU, QI, JIU = (FACES.index(ch) for ch in "乙三五七九")

RED_FACES = frozenset(FACES.index(ch) for ch in "上大人可知礼三五七")
FLOWER_FACES = (YI, SAN, WU, QI, JIU)
"""Faces with 2 flowered (花) copies among their 5: 乙 三 五 七 九."""
JING_FACES = (SAN, WU, QI)
"""The 精: 三 五 七 (the seed's 3-精 rule; 乙 and 九 are flowered but not 精)."""
FIVE_JING_FACES = (SAN, WU, QI, YI, JIU)
"""The 5-精 reading (乙三五七九, the 长阳花牌 article [C:R1], R4's jingNum 5): the seed's
three first, so that ties between 主精 candidates go the same way in both readings."""


def jing_of(five: bool) -> tuple[int, ...]:
    """The 精 faces of the 3-精 (seed) or the 5-精 reading."""
    return FIVE_JING_FACES if five else JING_FACES

FLOWERED_BASE = 23
NUM_CODES = FLOWERED_BASE + len(FLOWER_FACES)
COPIES_PER_FACE = 5
FLOWERED_PER_FACE = 2
NUM_JOKERS = 2
DECK_SIZE = NUM_FACES * COPIES_PER_FACE + NUM_JOKERS

_VARIANTS = {"禮": "礼", "土": "士", "丘": "孔", "賴": "赖"}


def face_of(code: int) -> int:
    """The face of a card code (:data:`JOKER` for the 赖子)."""
    if code >= FLOWERED_BASE:
        return FLOWER_FACES[code - FLOWERED_BASE]
    return code


def is_flowered(code: int) -> bool:
    """A natural flowered (花) card; the joker is not one (it only *scores* as 花)."""
    return code >= FLOWERED_BASE


def card(face: int, flowered: bool = False) -> int:
    """The card code of a face, plain or flowered (only 乙 三 五 七 九 have 花 copies)."""
    if face == JOKER:
        return JOKER
    if not 0 <= face < NUM_FACES:
        raise ValueError(f"no face {face}")
    if not flowered:
        return face
    if face not in FLOWER_FACES:
        raise ValueError(f"{FACES[face]} has no flowered copies")
    return FLOWERED_BASE + FLOWER_FACES.index(face)


def copies_of(code: int) -> int:
    """How many physical cards of the deck carry this exact card code."""
    if code == JOKER:
        return NUM_JOKERS
    if is_flowered(code):
        return FLOWERED_PER_FACE
    if code in FLOWER_FACES:
        return COPIES_PER_FACE - FLOWERED_PER_FACE
    return COPIES_PER_FACE


def deck_copies(jokers: int = NUM_JOKERS) -> tuple[int, ...]:
    """Per card code, its copies in a deck of ``jokers`` 赖子 (单别杆: 1)."""
    return tuple(jokers if code == JOKER else copies_of(code) for code in range(NUM_CODES))


def _build_deck() -> tuple[int, ...]:
    deck: list[int] = []
    for face in range(NUM_FACES):
        if face in FLOWER_FACES:
            plain = COPIES_PER_FACE - FLOWERED_PER_FACE
            deck += [face] * plain + [card(face, True)] * FLOWERED_PER_FACE
        else:
            deck += [face] * COPIES_PER_FACE
    deck += [JOKER] * NUM_JOKERS
    return tuple(deck)


DECK = _build_deck()
"""Card code of each physical id 0..111: face-major, plain copies first, jokers last."""


def card_name(code: int) -> str:
    """Notation of one card code: ``三``, ``三*`` or ``赖``."""
    if code == JOKER:
        return JOKER_CHAR
    if not 0 <= code < NUM_CODES:
        raise ValueError(f"no card code {code}")
    name = FACES[face_of(code)]
    return name + FLOWER_MARK if is_flowered(code) else name


def face_name(face: int) -> str:
    """The 汉字 of a face, or ``赖`` for :data:`JOKER`."""
    return JOKER_CHAR if face == JOKER else FACES[face]


def format_cards(codes: Iterable[int]) -> str:
    """Card codes in notation, e.g. ``化三*千赖``."""
    return "".join(card_name(c) for c in codes)


_CARD_TOKEN = re.compile(r"[^\s*]\*?")


def card_tokens(notation: str) -> list[str]:
    """The cards of a notation string as written, one token each (``三*`` whole)."""
    return _CARD_TOKEN.findall(notation)


def said_zh(notation: str) -> str:
    """Cards in notation as Chinese text says them: a flowered card ``花三`` where the
    notation writes ``三*`` (the rules say 花三 / 花乙; a ``*`` on a Chinese screen is the
    notation's mark), and a run holding one spaced card by card — ``化 花三 千`` —, as
    ``六花七八`` read as 六花 + 七八 (a play-test). Records, events, params and English keep
    the notation."""
    if FLOWER_MARK not in notation:
        return notation
    return " ".join(FLOWER_WORD + t[0] if t.endswith(FLOWER_MARK) else t
                    for t in card_tokens(notation))


def said_msg(code: str, zh: str, en: str, /, **params: Any) -> Msg:
    """:meth:`Msg.of` for a text naming cards: the words say the params' flowered cards as
    :func:`said_zh` does — the English too, the game's term kept (``discard 花乙``: the
    notation's ``乙*`` read as a stray mark in an English review, a play-test); the params
    keep the notation."""
    said = {k: said_zh(v) if isinstance(v, str) else v for k, v in params.items()}
    return Msg(code, zh.format(**said), en.format(**said), params)


def parse_cards(text: str, *, check_counts: bool = True) -> tuple[int, ...]:
    """Card codes of a notation string; raises :class:`NotationError` naming the culprit.

    With ``check_counts`` (the default) a string holding more copies of a card than the
    deck has (5 of a face, 2 花 or 3 素 of a flowered face, 2 赖) is rejected too.
    """
    codes: list[int] = []
    flower_word: int | None = None  # where a 花 waits for its face
    for index, raw in enumerate(text):
        ch = _VARIANTS.get(raw, raw)
        if flower_word is not None:
            codes.append(_flowered_face(text, flower_word, ch))
            flower_word = None
        elif ch.isspace():
            continue
        elif ch == FLOWER_WORD:
            flower_word = index
        elif ch == FLOWER_MARK:
            codes.append(_flower_previous(codes, text, index))
        elif ch == JOKER_CHAR:
            codes.append(JOKER)
        elif ch in FACES:
            codes.append(FACES.index(ch))
        else:
            raise NotationError(Msg(
                "bad_card", f"第 {index + 1} 个字「{raw}」不是牌",
                f"unknown card {raw!r} at position {index + 1} in {text!r}"))
    if flower_word is not None:
        codes.append(_flowered_face(text, flower_word, None))
    if check_counts:
        check_card_counts(codes)
    return tuple(codes)


def _flowered_face(text: str, index: int, ch: str | None) -> int:
    """The flowered card a 花 at ``index`` names with the character after it (``ch``)."""
    face = FACES.find(ch) if ch else -1
    if face in FLOWER_FACES:
        return card(face, True)
    raise NotationError(Msg(
        "bad_card", f"第 {index + 1} 个字「花」后面要紧跟 乙 三 五 七 九 之一（花三 就是 三*；"
        "牌「化」写作 化）",
        f"'花' at position {index + 1} in {text!r} must be followed directly by 乙 三 五 七 "
        "or 九 (花三 is 三*; the card 化 is written 化)"))


def _flower_previous(codes: list[int], text: str, index: int) -> int:
    """Turn the card just parsed into its flowered copy, for a ``*`` at ``index``."""
    prev = _previous_char(text, index)
    if not codes or prev is None or prev == FLOWER_MARK:
        raise NotationError(Msg("bad_card", f"第 {index + 1} 个字「*」前面没有牌",
                                f"'*' at position {index + 1} in {text!r} follows no card"))
    last = codes.pop()
    if is_flowered(last):
        raise NotationError(Msg(
            "bad_card", f"第 {index + 1} 个字「*」：{said_zh(card_name(last))} 已经是花牌",
            f"'*' at position {index + 1} in {text!r}: {card_name(last)} is flowered already"))
    if last == JOKER or last not in FLOWER_FACES:
        raise NotationError(Msg(
            "bad_card", f"第 {index + 1} 个字「*」：{card_name(last)} 没有花牌",
            f"'*' at position {index + 1} in {text!r}: {card_name(last)} has no flowered "
            "copies"))
    return card(last, True)


def _previous_char(text: str, index: int) -> str | None:
    """The character before ``index``; a '*' must follow its card directly."""
    if index == 0 or text[index - 1].isspace():
        return None
    return _VARIANTS.get(text[index - 1], text[index - 1])


def check_card_counts(codes: Sequence[int]) -> None:
    """Raise :class:`NotationError` if ``codes`` hold more copies of a card than exist."""
    by_code = Counter(codes)
    for code, n in sorted(by_code.items()):
        if not 0 <= code < NUM_CODES:
            raise NotationError(Msg("bad_card", f"没有编号 {code} 的牌", f"no card code {code}"))
        if n > copies_of(code):
            raise NotationError(said_msg(
                "bad_card", "{card} 有 {n} 张，一副牌只有 {have} 张",
                "{n} × {card}: the deck has only {have}", card=card_name(code), n=n,
                have=copies_of(code)))
    by_face = Counter(face_of(c) for c in codes if c != JOKER)
    for face, n in sorted(by_face.items()):
        if n > COPIES_PER_FACE:
            raise NotationError(Msg(
                "bad_card", f"{FACES[face]} 有 {n} 张，一副牌只有 {COPIES_PER_FACE} 张",
                f"{n} × {FACES[face]}: the deck has only {COPIES_PER_FACE}"))
