"""The view envelope: the keys of ``observe(state, seat)`` that every driver relies on.

The server, the CLI, the PettingZoo env, the bots and the browser client read a seat's
view through a few keys that mean the same in every family. They are built here, in
core, from the protocol; an engine adds only its table view (:class:`TableView`:
the facts the protocol cannot give — phase, dealer, hand sizes, the seat's own hand,
why the deal ended — and its own keys for the table).

==============  ===========================================================================
key             meaning
==============  ===========================================================================
``game``        the family's registered name
``num_seats``   seats at the table (``game.num_seats(rules)``)
``seat``        whose view this is; None for a spectator
``dealer``      the seat that dealt (庄家 / 揭牌头家)
``phase``       the family's phase name (``"over"`` once the deal is over)
``to_act``      the seats that must answer now (several in a claim window), ``[]`` at the end
``over``        whether the deal is over (``is_over``)
``end``         why it ended, a stable code (None while it runs)
``hand``        the seat's own hand in the family's card notation; None for a spectator
``hand_sizes``  cards in each seat's hand, one entry per seat
``legal``       the seat's legal action ids, sorted (``[]`` when it is not asked)
``legal_text``  the same actions in the family's action notation
``settlement``  ``settlement(state).to_json()`` once over, else None
==============  ===========================================================================

Every other key of a view is the family's own (its table: melds, tricks, the stock …)
and may not reuse an envelope key. The conformance suite checks the envelope of every
game at every step (:func:`check_envelope`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, Protocol

from .claim import ClaimWindow
from .present import Msg

ENVELOPE_KEYS: tuple[str, ...] = (
    "game", "num_seats", "seat", "dealer", "phase", "to_act", "over", "end", "hand",
    "hand_sizes", "legal", "legal_text", "settlement",
)
_KEYS = frozenset(ENVELOPE_KEYS)


class TableView(NamedTuple):
    """What an engine adds to the envelope for one viewer.

    ``hand`` is the viewer's own hand as text (None for a spectator); ``table`` holds the
    family's own keys, already filtered for the viewer (nothing it may not see), and
    ``private`` the viewer's own extras (its drawn card, its answer …), so an engine can
    share one ``table`` between every viewer of a state.
    """

    phase: str
    dealer: int
    hand_sizes: Sequence[int]
    hand: str | None
    end: str | None = None
    table: Mapping[str, Any] = {}
    private: Mapping[str, Any] = {}


class Viewable(Protocol):
    """The part of the game protocol the envelope is built from."""

    name: str

    def rules_of(self, state: Any) -> Any: ...
    def num_seats(self, rules: Any) -> int: ...
    def to_act(self, state: Any) -> tuple[int, ...]: ...
    def legal_actions(self, state: Any, seat: int) -> Sequence[int]: ...
    def is_over(self, state: Any) -> bool: ...
    def format_action(self, rules: Any, action: int) -> str: ...
    def settlement(self, state: Any) -> Any: ...
    def table_view(self, state: Any, seat: int | None) -> TableView: ...
    def claim_window(self, state: Any) -> ClaimWindow | None: ...


def shown_to_act(game: Viewable, state: Any, seat: int | None) -> list[int]:
    """``to_act`` as ``seat`` may see it. A claim window's answers are secret until it
    closes, so every seat the window asked stays listed for the others until then: a seat
    dropped from the list as its hidden answer went in — a 过 made for it at the fixed
    pause — told the table who was still thinking and so could claim (a play-test; the
    server's hub kept the list since then, and every reader of ``observe`` — the terminal,
    replays — now does). The seat's own entry is the truth (it knows whether it has
    answered); outside a window, ``to_act`` itself."""
    real = list(game.to_act(state))
    window = game.claim_window(state)
    if window is None:
        return real
    shown = [s for s in window.order if s in real or s != seat]
    return shown + [s for s in real if s not in shown]


def check_viewer(seat: object, num_seats: int) -> None:
    """A viewer is a seat ``0..num_seats-1`` or None (a spectator); anything else is a
    ValueError naming the seats."""
    if seat is None:
        return
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < num_seats:
        raise ValueError(bad_seat(seat, num_seats))


def bad_seat(seat: object, num_seats: int) -> Msg:
    """What a seat outside ``0..num_seats-1`` is told — by ``observe`` and by every
    family's refusal of a move (they said "0..2", "0–2" and "0 到 2": a researcher)."""
    names = [str(i) for i in range(num_seats)]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return Msg.of("bad_seat", "座位只有 {zh_seats}，没有 {seat!r}",
                  "seats are {en_seats}, got {seat!r}", zh_seats="、".join(names),
                  en_seats=listed, seat=seat)


def check_seat(seat: object, num_seats: int) -> None:
    """A seat ``0..num_seats-1`` (not a spectator); anything else is a ValueError."""
    if seat is None:
        raise ValueError(Msg("seat_needed", "要给一个座位，不是旁观者",
                             "a seat is needed here, not a spectator"))
    check_viewer(seat, num_seats)


def observe(game: Viewable, state: Any, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (None: a spectator): the envelope, then the table view."""
    rules = game.rules_of(state)
    n = game.num_seats(rules)
    check_viewer(seat, n)
    part = game.table_view(state, seat)
    over = game.is_over(state)
    legal = [] if seat is None else list(game.legal_actions(state, seat))
    view: dict[str, Any] = {
        "game": game.name,
        "num_seats": n,
        "seat": seat,
        "dealer": part.dealer,
        "phase": part.phase,
        "to_act": shown_to_act(game, state, seat),
        "over": over,
        "end": part.end,
        "hand": part.hand,
        "hand_sizes": list(part.hand_sizes),
        "legal": legal,
        "legal_text": [game.format_action(rules, a) for a in legal],
        "settlement": game.settlement(state).to_json() if over else None,
    }
    table, private = part.table, part.private
    if not _KEYS.isdisjoint(table) or (private and not _KEYS.isdisjoint(private)):
        clash = sorted(_KEYS.intersection((*table, *private)))
        raise ValueError(f"{game.name}'s table view reuses envelope keys {clash}")
    view.update(table)
    if private:
        view.update(private)
    return view


def check_envelope(game: Viewable, state: Any, seat: int | None,
                   view: Mapping[str, Any]) -> list[str]:
    """The ways ``view`` (``observe(state, seat)``) breaks the envelope; [] if none."""
    missing = [k for k in ENVELOPE_KEYS if k not in view]
    if missing:
        return [f"the view lacks envelope key(s) {missing}"]
    rules = game.rules_of(state)
    n = game.num_seats(rules)
    over = game.is_over(state)
    legal = [] if seat is None else list(game.legal_actions(state, seat))
    expected: dict[str, Any] = {
        "game": game.name, "num_seats": n, "seat": seat, "over": over,
        "to_act": shown_to_act(game, state, seat), "legal": legal,
        "legal_text": [game.format_action(rules, a) for a in legal],
        "settlement": game.settlement(state).to_json() if over else None,
    }
    problems = [f"{k} is {view[k]!r}, the protocol says {v!r}"
                for k, v in expected.items() if view[k] != v]
    problems += _shape_problems(view, seat, n, over)
    return problems


def _shape_problems(view: Mapping[str, Any], seat: int | None, n: int,
                    over: bool) -> list[str]:
    out = []
    dealer, sizes, hand = view["dealer"], view["hand_sizes"], view["hand"]
    if not _is_int(dealer) or not 0 <= dealer < n:
        out.append(f"dealer {dealer!r} is not a seat 0..{n - 1}")
    if not isinstance(view["phase"], str) or not view["phase"]:
        out.append(f"phase {view['phase']!r} is not a name")
    if not isinstance(sizes, list) or len(sizes) != n or \
            not all(_is_int(x) and x >= 0 for x in sizes):
        out.append(f"hand_sizes {sizes!r} is not a count per seat")
    if (hand is None) != (seat is None) or not (hand is None or isinstance(hand, str)):
        out.append(f"hand {hand!r}: a seat's hand is text, a spectator's None")
    end = view["end"]
    if over != (end is not None) or not (end is None or isinstance(end, str)):
        out.append(f"end {end!r}: a stable code once over, None while the deal runs")
    return out


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def state_repr(family: str, phase: str, turn: int, dealer: int, hands: Sequence[Sequence[int]],
               end: str | None, **more: object) -> str:
    """An engine state's ``repr``: its family, phase, whose turn, dealer, the cards in each
    seat's hand and why it ended (and the family's ``more``) — what a researcher printing a
    state in a notebook wants to see first (it read ``<…State object at 0x7f…>``). Counts
    only, no cards: the state itself holds every seat's cards for whoever needs them."""
    facts = [f"phase={phase}", f"turn={turn}", f"dealer={dealer}",
             f"hands={[sum(h) for h in hands]}", *(f"{k}={v}" for k, v in more.items())]
    if end is not None:
        facts.append(f"end={end}")
    return f"<{family} State {' '.join(facts)}>"


__all__ = ["ENVELOPE_KEYS", "TableView", "check_envelope", "check_seat", "check_viewer",
           "observe", "shown_to_act", "state_repr"]
