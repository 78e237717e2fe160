"""What one seat can work out from its own view: its waits, what each discard would leave
it waiting on, and the value of a 胡 on offer.

Everything here reads only ``observe(state, seat)`` — the seat's hand, its own melds and
what every seat has shown (discards, open melds, the discard being answered) — so nothing
the seat may not see goes in: another seat's face-down 紮 is not counted as seen, and the
copies "unseen" are those this seat cannot account for. The values are the calculator's
under the deal's own rules (the same :func:`.calculator.score_hand` the engine settles
with), so an offered 胡 is worth exactly what the settlement will say.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .calculator import HandResult, score_hand
from .cards import parse_cards
from .rules import BieganRules, fen_of, scoring_of
from .state import DISCARD_OF, HU
from .units import Meld
from .waits import Wait, find_waits

WAITING = 25
"""Positions of a hand one card short (a declared meld counts 3, like its unit)."""
COMPLETE = WAITING + 1


@dataclass(frozen=True, slots=True)
class Known:
    """A seat's own cards and the other cards it has seen, as card codes."""

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    seen: tuple[int, ...]

    @property
    def positions(self) -> int:
        return len(self.concealed) + 3 * len(self.melds)


@dataclass(frozen=True, slots=True)
class Offer:
    """A 胡 the seat may declare now: the hand's best reading and its 分."""

    result: HandResult
    fen: int
    on_discard: bool


@dataclass(frozen=True, slots=True)
class DiscardWaits:
    """What discarding ``card`` (a card code) would leave the seat waiting on."""

    card: int
    waits: tuple[Wait, ...]

    @property
    def unseen(self) -> int:
        return sum(w.remaining for w in self.waits)


def known(view: Mapping[str, Any]) -> Known | None:
    """The seat's cards and what it has seen, from its view (None: a spectator's view)."""
    if view.get("hand") is None or view.get("seat") is None:
        return None
    me = int(view["seat"])
    concealed = parse_cards(str(view["hand"]), check_counts=False)
    melds = tuple(Meld(m["kind"], parse_cards(str(m["cards"]), check_counts=False))
                  for m in view["melds"][me])
    seen: list[int] = []
    for river in view["rivers"]:
        seen += parse_cards(str(river), check_counts=False)
    for seat, laid in enumerate(view["melds"]):
        if seat != me:
            for m in laid:
                if m.get("cards"):
                    seen += parse_cards(str(m["cards"]), check_counts=False)
    pending = view.get("pending")
    if pending:
        seen += parse_cards(str(pending["card"]), check_counts=False)
    return Known(concealed, melds, tuple(seen))


def offered_win(rules: BieganRules, view: Mapping[str, Any]) -> Offer | None:
    """The 胡 on offer (``胡`` among the legal actions), scored as the engine will score it:
    on the discard being answered in a claim window, else self-drawn."""
    mine = known(view)
    if mine is None or HU not in view.get("legal", ()):
        return None
    pending = view.get("pending")
    won: int | None = None
    concealed = mine.concealed
    if view.get("phase") == "window" and pending:
        won = parse_cards(str(pending["card"]), check_counts=False)[0]
        concealed = (*concealed, won)
    result = score_hand(concealed, mine.melds, scoring_of(rules), won)
    return Offer(result, fen_of(rules, result.hu), won is not None)


def waits_now(rules: BieganRules, view: Mapping[str, Any]) -> tuple[Wait, ...] | None:
    """The seat's waits when its hand is one card short (None: it is not)."""
    mine = known(view)
    if mine is None or mine.positions != WAITING:
        return None
    return find_waits(mine.concealed, mine.melds, mine.seen, scoring_of(rules))


def discard_waits(rules: BieganRules, view: Mapping[str, Any]) -> list[DiscardWaits]:
    """For each card the seat may discard now, the waits it would leave (only discards
    that leave some), most unseen winning copies first."""
    mine = known(view)
    legal = set(view.get("legal", ()))
    if mine is None or mine.positions != COMPLETE:
        return []
    out: list[DiscardWaits] = []
    for code in sorted(Counter(mine.concealed)):
        if DISCARD_OF[code] not in legal:
            continue
        rest = list(mine.concealed)
        rest.remove(code)
        found = find_waits(rest, mine.melds, (*mine.seen, code), scoring_of(rules))
        if found:
            out.append(DiscardWaits(code, found))
    return sorted(out, key=lambda d: (-d.unseen, -max(w.hu for w in d.waits)))
