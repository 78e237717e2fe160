"""Events the claim families (双别杆, 秀山) share to the letter: a discard every seat sees,
the end of a deal (its reason a stable code), and the rule of a group laid face down —
private while its cards are in the event, the other seats get it with them as None."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from .protocol import Event


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """A card discarded face up: every seat sees it."""

    kind: ClassVar[str] = "discarded"
    card: str


@dataclass(frozen=True, slots=True)
class DealEnded(Event):
    """The deal is over; ``reason`` is the family's stable code (``hu``, ``huang`` …)."""

    kind: ClassVar[str] = "deal_ended"
    reason: str


@dataclass(frozen=True, slots=True)
class FaceDownEvent(Event):
    """A group laid face down when its ``hidden`` field says so: the event is private
    while its cards (the field named by ``secret``) are in it, and the other seats get it
    with that field None. A subclass declares ``hidden`` and the ``secret`` field."""

    # not annotated: an annotated ClassVar would be one of ``__dataclass_fields__``, which
    # Event.to_json writes out
    secret = "cards"

    @property
    def private(self) -> bool:
        # ``hidden`` is each subclass's own field (its place in the constructor is theirs)
        return bool(getattr(self, "hidden")) and getattr(self, self.secret) is not None  # noqa: B009

    def redacted(self) -> Event:
        return replace(self, **{self.secret: None})
