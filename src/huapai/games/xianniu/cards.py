"""The 48-card 掀牛 / 花花牌 deck and its notation.

Both renderings of the game use the same fourteen faces, so one model serves both:
ten ordinary kinds × 4 cards, plus 戏 (小戏 ×2 + 大戏 ×2) and 牛 (牛九 ×2 + 牛八 ×2) [S000].
On the poker deck (兰州掀牛, [S002]) the faces are A 2 3 5 6 7 8 9 10 J Q K, colour
mattering only for 5 and 9: a red-black pair of 9s is a 好牛 and of 5s a 喜 (好戏).
Which colour stands for 牛九 / 大戏 is nowhere recorded; we display red 9 as 牛九 and red
5 as 大戏 (PROPOSAL, display only — rules reference §1.2, gap G18).

A card is its face index 0..13; a hand or a play is a count vector over the 14 faces.
Notation: each face has a Chinese name (地眼, 小戏, …, 天) and a poker code (A, 5b, …, K);
the parser takes either (mixed, with or without spaces), the formatter writes the style
of the deck in use.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Literal

from huapai.core.protocol import NotationError

Style = Literal["huapai", "poker"]
Counts = tuple[int, ...]

NUM_FACES = 14
# face index -> (Chinese name, poker code, pip count [S000], kind index)
FACES: tuple[tuple[str, str, int, int], ...] = (
    ("地眼", "A", 2, 0),
    ("小戏", "5b", 3, 1),
    ("大戏", "5r", 6, 1),
    ("板凳", "2", 4, 2),
    ("锤六", "6", 6, 3),
    ("串六", "3", 6, 4),
    ("锤七", "7", 7, 5),
    ("红八", "8", 8, 6),
    ("牛九", "9r", 9, 7),
    ("牛八", "9b", 8, 7),
    ("红十", "J", 10, 8),
    ("梅十", "10", 10, 9),
    ("虎", "Q", 11, 10),
    ("天", "K", 12, 11),
)
DIYAN, XIAO_XI, DA_XI, BANDENG, CHUILIU, CHUANLIU, CHUIQI, HONGBA = range(8)
NIU_JIU, NIU_BA, HONGSHI, MEISHI, HU, TIAN = range(8, 14)

NAMES = tuple(f[0] for f in FACES)
CODES = tuple(f[1] for f in FACES)
PIPS = tuple(f[2] for f in FACES)
KIND_OF = tuple(f[3] for f in FACES)

NUM_KINDS = 12
KIND_NAMES = (
    "地眼", "戏", "板凳", "锤六", "串六", "锤七", "红八", "牛", "红十", "梅十", "虎", "天",
)
KIND_XI, KIND_NIU = 1, 7
FACES_OF_KIND: tuple[tuple[int, ...], ...] = tuple(
    tuple(f for f in range(NUM_FACES) if KIND_OF[f] == k) for k in range(NUM_KINDS)
)
# 鱼 = 地眼 + 板凳 + 串六 (A 2 3); 摆 = 红八 + 梅十 + 天 (8 10 K) [S000][S002]
FISH_KINDS = (0, 2, 4)
BAI_KINDS = (6, 9, 11)

COPIES: Counts = tuple(2 if KIND_OF[f] in (KIND_XI, KIND_NIU) else 4 for f in range(NUM_FACES))
DECK: tuple[int, ...] = tuple(f for f in range(NUM_FACES) for _ in range(COPIES[f]))
EMPTY: Counts = (0,) * NUM_FACES

_ALIASES = {
    "红眼": DIYAN, "猫眼": DIYAN, "娃眼": DIYAN, "眼": DIYAN,
    "小喜": XIAO_XI, "拐三": XIAO_XI, "母喜": XIAO_XI,
    "大喜": DA_XI, "冠六": DA_XI, "公喜": DA_XI,
    "凳": BANDENG, "黑眼": BANDENG,
    "垂六": CHUILIU, "铜锤六": CHUILIU, "锤": CHUILIU,
    "串串": CHUANLIU, "长串": CHUANLIU, "串": CHUANLIU,
    "吆七": CHUIQI, "七": CHUIQI,
    "八": HONGBA,
    "公牛": NIU_JIU, "勾九": NIU_JIU,
    "母牛": NIU_BA, "勾八": NIU_BA,
    "花十": HONGSHI, "红": HONGSHI,
    "黑十": MEISHI, "梅子": MEISHI, "梅": MEISHI,
    "虎头": HU, "老虎": HU,
    # the poker deck's faces as Chinese says them (the how-to's 尖 … 钩、皇后、国王)
    "尖": DIYAN, "钩": HONGSHI, "皇后": HU, "圈": HU, "国王": TIAN, "老K": TIAN,
    # the poker deck's colours as a Chinese player says them (and the browser shows them)
    "红9": NIU_JIU, "红九": NIU_JIU, "黑9": NIU_BA, "黑九": NIU_BA,
    "红5": DA_XI, "红五": DA_XI, "黑5": XIAO_XI, "黑五": XIAO_XI,
}
_CHINESE = {name: f for f, name in enumerate(NAMES)} | _ALIASES
_CHINESE_BY_LENGTH = sorted(_CHINESE, key=len, reverse=True)
_POKER = re.compile(r"(10|[aAtTjJqQkK2356789])([rRbBhHdDsScC♥♦♠♣]?)")
_RED = set("rRhHdD♥♦")
_PLAIN_RANKS = {"A": DIYAN, "2": BANDENG, "3": CHUANLIU, "6": CHUILIU, "7": CHUIQI,
                "8": HONGBA, "10": MEISHI, "T": MEISHI, "J": HONGSHI, "Q": HU, "K": TIAN}
_SEPARATORS = " \t,，、"


def parse_faces(text: str) -> tuple[int, ...]:
    """Faces named in ``text`` (Chinese names or poker codes), in order of appearance."""
    out: list[int] = []
    i = 0
    while i < len(text):
        if text[i] in _SEPARATORS:
            i += 1
            continue
        face, i = _next_face(text, i)
        out.append(face)
    return tuple(out)


def _next_face(text: str, i: int) -> tuple[int, int]:
    for name in _CHINESE_BY_LENGTH:
        if text.startswith(name, i):
            return _CHINESE[name], i + len(name)
    m = _POKER.match(text, i)
    if m is None:
        raise NotationError.of("unknown_card", "第 {pos} 个字符「{char}」不是牌",
                               "unknown card {char!r} at position {pos} in {text!r}",
                               pos=i + 1, char=text[i], text=text)
    rank, suit = m.group(1).upper(), m.group(2)
    if rank in ("5", "9"):
        pair = (DA_XI, XIAO_XI) if rank == "5" else (NIU_JIU, NIU_BA)
        if not suit:  # (in Chinese as a Chinese screen names them: no r / b, a play-test)
            raise NotationError.of("no_colour",
                                   "第 {pos} 个位置的 {rank} 要说是红{rank}还是黑{rank}"
                                   "（{red} / {black}）",
                                   "{rank} at position {pos} needs its colour: {rank}r (red) or "
                                   "{rank}b (black)",
                                   pos=i + 1, rank=rank, red=NAMES[pair[0]], black=NAMES[pair[1]])
        return pair[0] if suit in _RED else pair[1], m.end()
    return _PLAIN_RANKS[rank], m.end()


def parse_counts(text: str) -> Counts:
    """A multiset of faces as a count vector; more copies than the deck has is an error."""
    counts = to_counts(parse_faces(text))
    for face, n in enumerate(counts):
        if n > COPIES[face]:
            raise NotationError.of("too_many", "{name} 写了 {n} 张，一副牌只有 {copies} 张",
                                   "{n} × {name} named, but the deck has {copies}",
                                   name=NAMES[face], n=n, copies=COPIES[face])
    return counts


def to_counts(faces: Iterable[int]) -> Counts:
    counts = [0] * NUM_FACES
    for f in faces:
        counts[f] += 1
    return tuple(counts)


def expand(counts: Sequence[int]) -> tuple[int, ...]:
    return tuple(f for f in range(NUM_FACES) for _ in range(counts[f]))


def face_text(face: int, style: Style) -> str:
    return NAMES[face] if style == "huapai" else CODES[face]


def format_faces(faces: Iterable[int], style: Style) -> str:
    return " ".join(face_text(f, style) for f in faces)


_SAID_ZH = {"9r": "红9", "9b": "黑9", "5r": "红5", "5b": "黑5"}
"""The poker deck's coloured 5 and 9 as Chinese text says them (红心9和黑桃9 [S002]):
the notation's ``r`` / ``b`` are letters, which a Chinese screen does not show."""


def said_zh(notation: str) -> str:
    """Cards in notation (``9r 9b K``) as Chinese text shows them (``红9 黑9 K``); the
    long cards' names and the other poker ranks are as written."""
    return " ".join(_SAID_ZH.get(token, token) for token in notation.split())


def said_counts_zh(counts: Sequence[int], style: Style) -> str:
    return said_zh(format_counts(counts, style))


@lru_cache(maxsize=8192)
def _format_counts(counts: Counts, style: Style) -> str:
    return format_faces(expand(counts), style)


def format_counts(counts: Sequence[int], style: Style) -> str:
    """A multiset of faces in notation (memoised: every view formats every hand)."""
    return _format_counts(tuple(counts), style)
