"""秀山字牌 groups (放子) and their 油子 (胡).

Sources: seed ``004_1284c002b6627dc7.txt`` §三(一) (``[S]``: every number below),
``rules/xiushan.md`` §2.2–2.3 and ``rules/zipai.md`` §B3. Where the two references
differ, xiushan.md stands.

Kinds of group:

* concealed (in the hand, found by the calculator): 联子 (three consecutive ranks of one
  size, 一二三 / 壹贰叁 carrying 油子), 二七十 / 贰柒拾 (a 联子 too, [S]), 大小组合
  (绞: two of one size and one of the other, same rank, no 油子), 坎 (three alike still
  in the hand: valued as a 哨, or as a 碰 when the winning discard completes it, see
  :class:`.rules.XiushanRules.discard_triple`) and the 麻雀 (the pair, 0);
* laid down (melds, given to the calculator): 碰 (face up), 哨 (face down, 撲),
  开召 (a 暗哨 and a fourth, face up), 鸡 (面鸡: a 碰 and a fourth from the 堂子头) and
  龙灯 (four alike by one's own draws, face down).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from huapai.core.present import Msg
from huapai.core.protocol import NotationError

from .cards import card_name, format_cards, is_big, parse_cards, rank


class Kind(Enum):
    LIANZI = "联子"
    ERQISHI = "二七十"
    JIAO = "大小组合"
    KAN = "坎"
    PAIR = "麻雀"
    PENG = "碰"
    SHAO = "哨"
    ZHAO = "开召"
    JI = "鸡"
    LONG = "龙灯"

    __hash__ = object.__hash__  # members are singletons; Enum's own hash is slow


MELD_KINDS = (Kind.PENG, Kind.SHAO, Kind.ZHAO, Kind.JI, Kind.LONG)
QUAD_KINDS = frozenset((Kind.ZHAO, Kind.JI, Kind.LONG))
FACE_DOWN = frozenset((Kind.SHAO, Kind.LONG))
"""Laid down face down (撲): 哨 and 龙灯 [S]."""

MELD_NAMES = {
    "碰": Kind.PENG, "哨": Kind.SHAO, "暗哨": Kind.SHAO,
    "召": Kind.ZHAO, "开召": Kind.ZHAO, "鸡": Kind.JI, "面鸡": Kind.JI,
    "龙": Kind.LONG, "龙灯": Kind.LONG,
}  # fmt: skip
MELD_PINYIN = {"peng": Kind.PENG, "shao": Kind.SHAO, "zhao": Kind.ZHAO,
               "kaizhao": Kind.ZHAO, "ji": Kind.JI, "long": Kind.LONG,
               "longdeng": Kind.LONG}
"""The kinds as the English labels' pinyin writes them (``peng:叁叁叁``), as play reads them."""

SAME_CARD_YOUZI: dict[Kind, tuple[int, int, int, int]] = {
    Kind.PENG: (1, 3, 3, 6),
    Kind.SHAO: (3, 6, 6, 12),
    Kind.ZHAO: (6, 9, 12, 18),
    Kind.JI: (6, 9, 12, 18),
    Kind.LONG: (9, 12, 18, 24),
}
"""油子 of the same-card groups as (小, 大, 小将, 大将), the seed's table [S]:
小碰一胡 小将碰三胡 大碰三胡 大将碰六胡; 小哨三胡 … 大将哨十二胡; 大开召九胡 小开召六胡
大将开召十八胡 小将开召十二胡 (鸡的油子算法与召相同); 大龙灯十二胡 小龙灯九胡
大将龙灯二十四胡 小将龙灯十八胡. A 坎 in the hand is valued as a 哨."""

SEQUENCE_YOUZI = (3, 6)
"""一二三 / 二七十 (small) 3 胡, 壹贰叁 / 贰柒拾 (big) 6 胡 [S]; other 联子 0."""


def same_card_youzi(kind: Kind, card: int, jiang: int | None) -> int:
    """油子 of a 碰 / 哨 (or 坎) / 开召 / 鸡 / 龙灯 of ``card`` when ``jiang`` is the 将 rank."""
    table = SAME_CARD_YOUZI[Kind.SHAO if kind is Kind.KAN else kind]
    return table[(2 if rank(card) == jiang else 0) + is_big(card)]


def sequence_youzi(cards: tuple[int, ...]) -> int:
    """油子 of a 联子: 一二三 / 二七十 3, 壹贰叁 / 贰柒拾 6, any other 0."""
    ranks = tuple(sorted(rank(c) for c in cards))
    return SEQUENCE_YOUZI[is_big(cards[0])] if ranks in ((0, 1, 2), (1, 6, 9)) else 0


@dataclass(frozen=True, slots=True)
class Group:
    """One group of a decomposed hand with its 油子; ``laid`` for melds; ``as_peng`` for a
    坎 the winning discard completed, which scores as a 碰 (``discard_triple``: shown as a
    坎 worth a 碰's 油子, it read as a mistake)."""

    kind: Kind
    cards: tuple[int, ...]
    youzi: int
    laid: bool = False
    as_peng: bool = False

    def raised_by_jiang(self) -> bool:
        """Whether the 将 raised this group's 油子 (a same-card group of its rank, or a 联子
        holding one under ``jiang_lianzi``): worth more than the same group without a 将."""
        if self.kind in (Kind.PAIR, Kind.JIAO):
            return False
        if self.kind in (Kind.LIANZI, Kind.ERQISHI):
            return self.youzi > sequence_youzi(self.cards)
        kind = Kind.PENG if self.as_peng else self.kind
        return self.youzi > same_card_youzi(kind, self.cards[0], None)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "cards": format_cards(self.cards),
            "youzi": self.youzi,
            "laid": self.laid,
            "face_down": self.laid and self.kind in FACE_DOWN,
            "as_peng": self.as_peng,
        }


@dataclass(frozen=True, slots=True)
class Meld:
    """A laid-down group: ``kind`` one of :data:`MELD_KINDS`, ``cards`` all one card."""

    kind: Kind
    cards: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))
        if self.kind not in MELD_KINDS:
            raise NotationError(Msg(
                "bad_meld", f"{self.kind.value} 不落地；落地的组是 碰 哨 开召 鸡 龙灯",
                f"{self.kind.value} is not laid down; melds are 碰 哨 开召 鸡 龙灯"))
        size = 4 if self.kind in QUAD_KINDS else 3
        if len(self.cards) != size or len(set(self.cards)) != 1:
            raise NotationError(Msg(
                "bad_meld",
                f"{self.kind.value} 是 {size} 张相同的牌，不是 {format_cards(self.cards)!r}",
                f"a {self.kind.value} is {size} alike, got {format_cards(self.cards)!r}"))

    @property
    def card(self) -> int:
        return self.cards[0]

    @classmethod
    def parse(cls, text: str) -> Meld:
        """A meld from ``KIND:CARDS``, e.g. ``碰:贰贰贰`` or ``龙灯:三三三三``."""
        kind_text, sep, cards_text = text.partition(":")
        if not sep:
            kind_text, sep, cards_text = text.partition("：")
        kind = MELD_NAMES.get(kind_text.strip()) or MELD_PINYIN.get(kind_text.strip().lower())
        if not sep or kind is None:
            names = " ".join(MELD_NAMES)
            raise NotationError(Msg(
                "bad_meld", f"组 {text!r}：要写成 种类:牌，种类是 {names} 之一",
                f"meld {text!r}: expected KIND:CARDS with KIND one of {names} (or "
                f"{' '.join(MELD_PINYIN)})"))
        return cls(kind, parse_cards(cards_text))

    def __str__(self) -> str:
        return f"{self.kind.value}:{format_cards(self.cards)}"

    def describe(self) -> str:
        return f"{self.kind.value} {card_name(self.card)}"
