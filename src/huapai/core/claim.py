"""One claim window for every family: several seats answer one offered card.

A card is offered (a discard, a card turned up from the stock …) and a fixed list of
seats is asked, in the order that breaks ties (usually counterclockwise from the seat
after the one who offered it). Each answers once: a claim (胡, 招, 碰, 开召 …) or a pass.
The window is the same mechanism in every family; a family gives only its
:class:`ClaimTable`:

* ``ranks``: claim kind (the family's action id) → rank, higher first. An answer that
  is not in the table (过) claims nothing. Equal ranks are allowed and then seat order
  decides.
* ``multi``: kinds that several seats may win at once (一炮双响): when the best answer
  is of such a kind, every seat that answered that kind wins, in seat order.
* ``forced``: kinds a seat may not decline: a seat that can make one has no pass in its
  legal list (:meth:`ClaimTable.legal`).
* ``pass_action``: the action id of the pass (过).

Answers are private until the window closes: an engine shows each seat its own answer
and tells the others only *that* it answered (:class:`Answered`, redacted). The window
closes early, as soon as no answer still to come can change the result
(:meth:`ClaimTable.closed`). By default a seat still to answer is assumed able to make
any claim of the table, so closing early depends only on the answers in and on the
table, never on what a seat still to answer holds: the moment of closing tells nobody
anything about a hand. An engine may pass ``possible`` (per seat, the answers it could
still give) where those are public (a seat that is asked only when it can claim).

The functions work on plain tuples (``order``: the asked seats in tie-break order;
``answers``: ``(seat, answer)`` pairs in the order given) so an engine can keep them in
its own state at no cost; :class:`ClaimWindow` bundles them for drivers, tests and the
conformance suite (``claim_window(state)``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from .protocol import Event

Answers = tuple[tuple[int, int], ...]


class Resolution(NamedTuple):
    """How a window ended: the winning kind (None: nobody claimed) and its winners in
    seat order (several only for a ``multi`` kind)."""

    kind: int | None
    seats: tuple[int, ...]


class ClaimTable:
    """The priority table of a claim window, as data (see the module docstring)."""

    __slots__ = ("forced", "multi", "pass_action", "ranks", "top")

    def __init__(self, ranks: Mapping[int, int], *, pass_action: int,
                 multi: Iterable[int] = (), forced: Iterable[int] = ()) -> None:
        table = dict(ranks)
        for kind, rank in table.items():
            if not _is_int(kind) or not _is_int(rank) or rank < 1:
                raise ValueError(f"a claim table maps action ids to ranks ≥ 1, got "
                                 f"{kind!r}: {rank!r}")
        if not _is_int(pass_action) or pass_action in table:
            raise ValueError(f"the pass {pass_action!r} must be an action id outside the "
                             "claim table")
        self.ranks: dict[int, int] = table
        self.multi = frozenset(multi)
        self.forced = frozenset(forced)
        self.pass_action = pass_action
        unknown = sorted((self.multi | self.forced) - set(table))
        if unknown:
            raise ValueError(f"multi / forced kinds {unknown} are not in the claim table")
        self.top = max(table.values(), default=0)

    def __repr__(self) -> str:
        return (f"ClaimTable({self.ranks}, pass_action={self.pass_action}, "
                f"multi={sorted(self.multi)}, forced={sorted(self.forced)})")

    def rank(self, answer: int) -> int:
        """The rank of an answer; 0 for a pass (or anything not in the table)."""
        return self.ranks.get(answer, 0)

    # --- a seat's choices ------------------------------------------------------------
    def legal(self, claims: Iterable[int]) -> list[int]:
        """A seat's sorted legal answers from the claims it can make: with a pass,
        unless one of them is forced (a seat with nothing to claim may only pass)."""
        out = sorted(set(claims))
        if not any(c in self.forced for c in out):
            out = sorted((*out, self.pass_action))
        return out

    # --- the window ------------------------------------------------------------------
    @staticmethod
    def asked(order: tuple[int, ...], answers: Answers) -> tuple[int, ...]:
        """The seats still to answer, in ``order``."""
        if not answers:
            return order
        done = {seat for seat, _ in answers}
        return tuple(p for p in order if p not in done)

    def best(self, order: tuple[int, ...], answers: Answers) -> tuple[int, int, int]:
        """The best answer in: (rank, position in ``order``, answer); rank 0 if none."""
        rank, pos, kind = 0, len(order), self.pass_action
        ranks = self.ranks
        for seat, answer in answers:
            r = ranks.get(answer, 0)
            if r and (r > rank or (r == rank and order.index(seat) < pos)):
                rank, pos, kind = r, order.index(seat), answer
        return rank, pos, kind

    def closed(self, order: tuple[int, ...], answers: Answers,
               possible: Mapping[int, Collection[int]] | None = None) -> bool:
        """Whether the window is decided: every seat answered, or no answer still to
        come (by default: any claim of the table, from every seat still asked) can beat
        or join the best answer in."""
        if len(answers) >= len(order):
            return True
        rank, pos, kind = self.best(order, answers)
        if possible is None and rank < self.top:
            return False  # somebody still to answer could claim higher
        for seat in self.asked(order, answers):
            if self._could_change(seat, order, rank, pos, kind, possible):
                return False
        return True

    def _could_change(self, seat: int, order: tuple[int, ...], rank: int, pos: int,
                      kind: int, possible: Mapping[int, Collection[int]] | None) -> bool:
        options: Iterable[int] = self.ranks if possible is None else possible.get(seat, ())
        for answer in options:
            r = self.ranks.get(answer, 0)
            if r > rank or (r == rank > 0 and (order.index(seat) < pos or
                                           (answer == kind and kind in self.multi))):
                return True
        return False

    def resolve(self, order: tuple[int, ...], answers: Answers) -> Resolution:
        """The result of a closed window: the best answer by rank, then by seat order;
        for a ``multi`` kind every seat that gave it."""
        rank, pos, kind = self.best(order, answers)
        if rank == 0:
            return Resolution(None, ())
        if kind in self.multi:
            given = dict(answers)
            return Resolution(kind, tuple(p for p in order if given.get(p) == kind))
        return Resolution(kind, (order[pos],))

    def window(self, order: Iterable[int], answers: Answers = ()) -> ClaimWindow:
        return ClaimWindow(self, tuple(order), answers)


class ClaimWindow(NamedTuple):
    """An open window as one value: its table, the asked seats in tie-break order and
    the answers so far (private: never show ``answers`` to anyone but their seat)."""

    table: ClaimTable
    order: tuple[int, ...]
    answers: Answers = ()

    def asked(self) -> tuple[int, ...]:
        return self.table.asked(self.order, self.answers)

    def answer_of(self, seat: int) -> int | None:
        return next((a for p, a in self.answers if p == seat), None)

    def answer(self, seat: int, answer: int) -> ClaimWindow:
        """The window with ``seat``'s answer in; a seat not asked (or asked already) is
        an error (the engine checks legality first)."""
        if seat not in self.asked():
            raise ValueError(f"seat {seat} is not asked in this window (asked: {self.asked()})")
        return ClaimWindow(self.table, self.order, (*self.answers, (seat, answer)))

    def closed(self, possible: Mapping[int, Collection[int]] | None = None) -> bool:
        return self.table.closed(self.order, self.answers, possible)

    def resolve(self) -> Resolution:
        return self.table.resolve(self.order, self.answers)


def seats_after(seat: int, num_seats: int) -> tuple[int, ...]:
    """The other seats counterclockwise from ``seat``'s 下家: the usual tie-break order
    of a window on ``seat``'s card."""
    return tuple((seat + i) % num_seats for i in range(1, num_seats))


@dataclass(frozen=True, slots=True)
class Answered(Event):
    """A seat's answer in a claim window; the others learn only that it answered."""

    kind: ClassVar[str] = "answered"
    answer: str | None

    @property
    def private(self) -> bool:
        return self.answer is not None

    def redacted(self) -> Event:
        return Answered(self.seat, None)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = ["Answered", "ClaimTable", "ClaimWindow", "Resolution", "seats_after"]
