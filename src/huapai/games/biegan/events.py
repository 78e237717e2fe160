"""The events of a 双别杆 deal (what drivers, logs and clients see), re-exported by
:mod:`.state`.

Kept apart from :mod:`.state` so that a compiled build (``scripts/build-compiled.sh``)
can compile the state machine and leave these dataclasses interpreted: mypyc
compiles no slotted dataclass that extends an interpreted class (:class:`Event`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from huapai.core.protocol import Event
from huapai.core.table_events import FaceDownEvent


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """A card drawn from 牌面 (``top``) or 牌底; others learn only that one was drawn."""

    kind: ClassVar[str] = "drew"
    card: str | None
    source: str

    @property
    def private(self) -> bool:
        return self.card is not None

    def redacted(self) -> Event:
        return Drew(self.seat, None, self.source)


@dataclass(frozen=True, slots=True)
class QingtongPassed(Event):
    """A seat's 请统 turn ended (it will 紮 nothing more now)."""

    kind: ClassVar[str] = "qingtong_passed"


@dataclass(frozen=True, slots=True)
class Zha(FaceDownEvent):
    """紮 (統 / 藏): four of a face declared; face down unless the rules show it."""

    kind: ClassVar[str] = "zha"
    cards: str | None
    hidden: bool
    qingtong: bool


@dataclass(frozen=True, slots=True)
class Kaifan(FaceDownEvent):
    """开泛: a 紮 or 招 grows to five with a card from the hand."""

    kind: ClassVar[str] = "kaifan"
    cards: str | None
    hidden: bool


@dataclass(frozen=True, slots=True)
class Claimed(Event):
    """对 / 招 / 泛 of a discard, laid face up."""

    kind: ClassVar[str] = "claimed"
    claim: str
    card: str
    from_seat: int
    cards: str


@dataclass(frozen=True, slots=True)
class Won(Event):
    """胡: by 自摸 (``from_seat`` None) or on a discard; the hand is shown."""

    kind: ClassVar[str] = "won"
    from_seat: int | None
    hu: int
    fen: int
    hand: str
    units: str

