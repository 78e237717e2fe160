"""双别杆花牌 units (句 / 坎 / 紮 / 泛, exposed 对 / 招) and their 胡 values.

Everything here scores *one* unit from its actual cards; the calculator's fast path
(:mod:`.calculator`) works per face instead and is checked against these functions.
Sources: seed ``003_3870932547cd1730.txt`` §1 and §3 (``[S]``) and ``rules/zipai.md``
§A3 (``[P]`` proposals, taken as defaults and exposed as :class:`Scoring` fields).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from .cards import (
    FACES,
    FLOWER_FACES,
    JOKER,
    NUM_JOKERS,
    RED_FACES,
    card_name,
    face_name,
    face_of,
    format_cards,
    is_flowered,
    jing_of,
    parse_cards,
)

SENTENCE_TEXT = (
    "上大人", "孔乙己", "可知礼", "化三千", "七十士", "八九子",
    "乙二三", "二三四", "三四五", "四五六", "五六七", "六七八", "七八九", "八九十",
)  # fmt: skip
"""The 14 句 [S]: 6 fixed ones and the 8 runs of three numbers, 乙 standing for 一."""

SENTENCES: tuple[tuple[int, int, int], ...] = tuple(
    (FACES.index(s[0]), FACES.index(s[1]), FACES.index(s[2])) for s in SENTENCE_TEXT
)
YI_ER_SAN = SENTENCES[SENTENCE_TEXT.index("乙二三")]

K_TABLE = (5, 6, 7, 9, 12)
"""精 flower index K(f) for f = 0..4 flowered cards (jokers count as 花) in a 精 unit:
a 精坎 is K(f), a 精紮/招 2·K(f), a 精泛 4·K(f) [S for f ≤ 2; C:R3 for f = 3, 4]."""

MELD_SIZES = {"对": 3, "招": 4, "紮": 4, "泛": 5}
"""Declared melds: 对 (open triple from a discard), 招 (open 4 from a discard),
紮 (統/藏, four declared from the hand) and 泛 (five, grown from a 紮 or 招)."""

UNIT_KINDS = ("句", "坎", "紮", "泛", "对", "招")


@dataclass(frozen=True, slots=True, kw_only=True)
class Scoring:
    """The scoring choices the references leave open; defaults are their PROPOSALs.

    See ``docs/biegan-calculator.md`` for each choice with its source.
    """

    zhujing_reading: Literal["most_cards", "max_hu"] = "most_cards"
    """主精 "所持最多": most cards held, tie → more 胡 (G6 [P]); or simply max 胡 (R3)."""
    tingtou_scores: bool = True
    """听头 cards score 精 / 花乙九 per card as inside a 句 (G4 [P]); False: 听头 is 0 (R2)."""
    dui_value: Literal["peng", "kan"] = "peng"
    """对 worth red 1 / black 0 / 精 K(f)−2 (G3 [P]), or the same as a 坎 ("kan")."""
    black_flower_bonus: bool = True
    """花乙 / 花九 add 1 胡 each inside a 句 or the 听头 (G5 [P])."""
    black_flower_in_sets: bool = False
    """花乙 / 花九 also add 1 each inside same-face units, 黑坎 = 1 + 花数 (G5 flag)."""
    yi_er_san: bool = True
    """乙二三 is a 句 ("乙可通一，如乙二三" [S]); False drops it (the R3 client)."""
    discard_kan_as_dui: bool = True
    """A 坎 completed by the winning discard scores as 对 (A6 [P])."""
    threshold: int = 17
    """胡 needed to win ("至少有17個胡" [S])."""
    desk_jing_not_main: bool = False
    """桌面精不算主精 (R4's room option): 精 in declared melds neither count toward the 主精
    nor are doubled by it; only the concealed cards decide and double."""
    five_jing: bool = False
    """The 5-精 reading: 乙 and 九 are 精 too (乙三五七九, [C:R1] 长阳花牌, R4 jingNum 5)."""
    jokers: int = NUM_JOKERS
    """赖子 in the deck (单别杆: 1): how many copies of 赖 a wait's unseen count starts from."""

    @property
    def jing(self) -> tuple[int, ...]:
        """The 精 faces of this reading."""
        return jing_of(self.five_jing)

    def __post_init__(self) -> None:
        if self.zhujing_reading not in ("most_cards", "max_hu"):
            raise ValueError("zhujing_reading must be 'most_cards' or 'max_hu'")
        if self.dui_value not in ("peng", "kan"):
            raise ValueError("dui_value must be 'peng' or 'kan'")
        if self.threshold < 0:
            raise ValueError("threshold must be >= 0")
        if not 0 <= self.jokers <= NUM_JOKERS:
            raise ValueError(f"jokers must be 0..{NUM_JOKERS}")


DEFAULT_SCORING = Scoring()


def sentences(scoring: Scoring = DEFAULT_SCORING) -> tuple[tuple[int, int, int], ...]:
    """The 句 in force under ``scoring``."""
    if scoring.yi_er_san:
        return SENTENCES
    return tuple(s for s in SENTENCES if s != YI_ER_SAN)


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared meld: ``kind`` 对 / 招 / 紮 / 泛 and its card codes.

    Jokers may only be in a 紮 or 泛 of a 精 face (zipai.md A5, G8 [P]): of 乙 三 五 七 九
    here, the widest reading; :func:`check_meld_jokers` holds a hand to its own reading.
    """

    kind: str
    cards: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))
        size = MELD_SIZES.get(self.kind)
        if size is None:
            raise ValueError(f"unknown meld kind {self.kind!r}; expected one of 对 招 紮 泛")
        if len(self.cards) != size:
            raise ValueError(f"a {self.kind} has {size} cards, got {format_cards(self.cards)}")
        natural = {face_of(c) for c in self.cards if c != JOKER}
        if len(natural) != 1:
            raise ValueError(f"a {self.kind} is one face, got {format_cards(self.cards)}")
        if JOKER in self.cards and (self.kind not in ("紮", "泛")
                                    or self.face not in FLOWER_FACES):
            raise ValueError(f"a 赖子 cannot be in a {self.kind} of {FACES[self.face]}")

    @classmethod
    def of(cls, kind: str, text: str) -> Meld:
        """A meld from notation, e.g. ``Meld.of("紮", "七七七*七*")``."""
        return cls(kind, parse_cards(text))

    @property
    def face(self) -> int:
        return next(face_of(c) for c in self.cards if c != JOKER)

    @property
    def flowers(self) -> int:
        """Flowered cards, jokers included (a 赖子 is always a 花 精)."""
        return sum(1 for c in self.cards if c == JOKER or is_flowered(c))


@dataclass(frozen=True, slots=True)
class Unit:
    """One unit of a decomposed hand with its 胡 (主精 doubling included).

    ``kind`` is 句 / 坎 / 紮 / 泛 / 对 / 招; ``exposed`` is True for declared melds and for
    a 坎 completed by the winning discard (scored as 对). ``jokers_as`` gives, in order,
    the face each 赖子 in ``cards`` stands for.
    """

    kind: str
    cards: tuple[int, ...]
    hu: int
    exposed: bool = False
    jokers_as: tuple[int, ...] = field(default=())

    def faces(self) -> tuple[int, ...]:
        """The face each card plays, jokers resolved."""
        it = iter(self.jokers_as)
        return tuple(next(it) if c == JOKER else face_of(c) for c in self.cards)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind,
            "cards": format_cards(self.cards),
            "hu": self.hu,
            "exposed": self.exposed,
        }
        if self.jokers_as:
            out["jokers_as"] = [face_name(f) for f in self.jokers_as]
        return out

    def __str__(self) -> str:
        return f"{self.kind}[{format_cards(self.cards)}]={self.hu}"


def card_share(code: int, face: int, main: int | None, scoring: Scoring) -> int:
    """What one card adds inside a 句 (or a scoring 听头), 精 doubled when it is 主精.

    素精 1, 花精 / 赖子 2 ("化三千……素精就是1個胡，為花精就是2個胡" [S]); 花乙 / 花九 1
    with ``black_flower_bonus`` (G5 [P]); any other card 0.
    """
    if face in scoring.jing:
        share = 2 if code == JOKER or is_flowered(code) else 1
        return share * 2 if face == main else share
    if scoring.black_flower_bonus and is_flowered(code):
        return 1
    return 0


def sentence_value(
    cards: tuple[int, ...], faces: tuple[int, ...], main: int | None, scoring: Scoring
) -> int:
    """A 句: 1 if all red (上大人, 可知礼) else 0 [S], plus each card's share."""
    base = 1 if all(f in RED_FACES for f in faces) else 0
    return base + sum(card_share(c, f, main, scoring) for c, f in zip(cards, faces, strict=True))


def tingtou_value(
    cards: tuple[int, ...], faces: tuple[int, ...], main: int | None, scoring: Scoring
) -> int:
    """The 听头: per-card shares as in a 句, no red bonus (G4 [P]); 0 if it does not score."""
    if not scoring.tingtou_scores:
        return 0
    return sum(card_share(c, f, main, scoring) for c, f in zip(cards, faces, strict=True))


def set_value(
    kind: str, face: int, size: int, flowers: int, main: int | None, scoring: Scoring
) -> int:
    """A same-face unit (坎 3, 对 3, 紮/招 4, 泛 5) of ``face`` holding ``flowers`` 花.

    精: K(f)·2^(n−3), 对 K(f)−2, doubled as 主精 [S, C:R3]. Red: 坎 2, 紮 4, 泛 8, 对 1;
    black halves them (对 0) [S, G3 P]; 花乙/九 add 花数 with ``black_flower_in_sets``.
    """
    as_dui = kind == "对" and scoring.dui_value == "peng"
    if face in scoring.jing:
        value = K_TABLE[flowers] << (size - 3)
        value = value - 2 if as_dui else value
        return value * 2 if face == main else value
    red = face in RED_FACES
    value = (2 if red else 1) << (size - 3)
    if as_dui:
        value -= 1
    if scoring.black_flower_in_sets and face in FLOWER_FACES:
        value += flowers
    return value


def check_meld_jokers(melds: tuple[Meld, ...] | list[Meld], scoring: Scoring) -> None:
    """A 赖子 only in a meld of one of the reading's 精 faces (ValueError naming the meld)."""
    for meld in melds:
        if JOKER in meld.cards and meld.face not in scoring.jing:
            raise ValueError(f"a 赖子 cannot be in a {meld.kind} of {FACES[meld.face]}: "
                             "not a 精 in this reading")


def meld_value(meld: Meld, main: int | None, scoring: Scoring) -> int:
    """A declared meld's 胡 (招 is worth the same as 紮, zipai.md A3.2 [P])."""
    return set_value(meld.kind, meld.face, len(meld.cards), meld.flowers, main, scoring)


def describe_cards(cards: tuple[int, ...]) -> str:
    """Readable notation of a card tuple (for messages)."""
    return " ".join(card_name(c) for c in cards)
