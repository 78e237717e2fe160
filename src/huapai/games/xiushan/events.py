"""The events of a 秀山 deal (what drivers, logs and clients see), re-exported by
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
    """A card drawn from the 堂子头: turned up for everyone [S] (``shown``), or kept
    (``drawn_card="keep"``: the others learn only that one was drawn)."""

    kind: ClassVar[str] = "drew"
    card: str | None
    shown: bool = True

    @property
    def private(self) -> bool:
        return not self.shown and self.card is not None

    def redacted(self) -> Event:
        return Drew(self.seat, None, self.shown)


@dataclass(frozen=True, slots=True)
class Laid(FaceDownEvent):
    """哨 / 龙灯 laid face down (撲), or 开召 / 鸡 / 碰 face up; ``card`` is None for the
    others when the group is face down and its card was never shown."""

    kind: ClassVar[str] = "laid"
    secret = "card"  # the field FaceDownEvent hides
    group: str
    card: str | None
    size: int
    hidden: bool
    from_seat: int | None = None


@dataclass(frozen=True, slots=True)
class Taken(Event):
    """The shown 堂子头 card goes into the drawer's hand (nobody claimed it)."""

    kind: ClassVar[str] = "taken"
    card: str


@dataclass(frozen=True, slots=True)
class Bakuai(Event):
    """八块: a 4-set after the first; the seat does not discard, its 下家 draws [S]."""

    kind: ClassVar[str] = "bakuai"


@dataclass(frozen=True, slots=True)
class Won(Event):
    """胡: 自摸 / 天胡 (``from_seat`` None) or on a discard; the hand is shown."""

    kind: ClassVar[str] = "won"
    from_seat: int | None
    card: str | None
    youzi: int
    dou: int
    hand: str
    groups: str

