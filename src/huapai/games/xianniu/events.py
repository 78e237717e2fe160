"""The events of a 掀牛 deal (what drivers, logs and clients see).

Kept apart from :mod:`.state` so that a compiled build (``scripts/build-compiled.sh``)
can compile the state machine and leave these dataclasses interpreted: mypyc
compiles no slotted dataclass that extends an interpreted class (:class:`Event`).
"""

from __future__ import annotations

from dataclasses import dataclass

from huapai.core.protocol import Event


@dataclass(frozen=True, slots=True)
class BanPaiDrawn(Event):
    """扳牌定序: a seat's draw deciding the first 头家 (public)."""

    kind = "banpai"
    card: str


@dataclass(frozen=True, slots=True)
class BigHandShown(Event):
    kind = "big_hand"
    name: str
    cards: str


@dataclass(frozen=True, slots=True)
class Declined(Event):
    """不掀 / 扣了; ``auto`` when the seat had lost its 掀 right and could not choose."""

    kind = "declined"
    auto: bool


@dataclass(frozen=True, slots=True)
class Xianed(Event):
    kind = "xian"
    leader: int


@dataclass(frozen=True, slots=True)
class Played(Event):
    kind = "played"
    cards: str
    name: str
    lead: bool


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """A follower with nothing that beats the top play (无大不出)."""

    kind = "passed"


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    kind = "trick_won"
    cards: str
    name: str
    table_count: int
    table_total: int


@dataclass(frozen=True, slots=True)
class JinpaiCalled(Event):
    kind = "jinpai"
    cap: int


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """A 紧牌 discard, face down: others learn only that a card went."""

    kind = "discarded"
    card: str | None

    @property
    def private(self) -> bool:
        return self.card is not None

    def redacted(self) -> Event:
        return Discarded(self.seat, None)


@dataclass(frozen=True, slots=True)
class DealEnded(Event):
    kind = "deal_ended"
    reason: str
