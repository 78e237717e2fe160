"""What a seat may know of a 掀牛 deal, as a JSON-able view and as numbers for learning.

Public: every seat's 占牌, hand sizes, the current trick, 掀 log, who may no longer 掀,
the beaten cards (废牌, played face up), how many cards each threw away at 紧牌. Private:
a seat's own hand and its own 紧牌 discards. Nothing else leaves the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from huapai.core.view import TableView

from .cards import NUM_FACES, expand, format_counts
from .rules import XianniuRules
from .state import OVER, PHASE_NAMES, State

if TYPE_CHECKING:
    from .game import XianniuGame


def _plays(s: State, seat: int) -> list[dict[str, Any]]:
    style = s.rules.style
    out = [{"cards": format_counts(s.cat.combos[c].counts, style),
            "name": s.cat.combos[c].name} for c in s.table[seat]]
    if s.big is not None and s.big[0] == seat:
        out.insert(0, {"cards": format_counts(s.big[2], style), "name": s.big[1]})
    return out


def _public(s: State) -> dict[str, Any]:
    n = s.rules.players
    style = s.rules.style
    return {
        "deck": style,
        "active": list(s.active),
        "leader": s.leader,
        "table": [_plays(s, p) for p in range(n)],
        "table_counts": [s.table_count(p) for p in range(n)],
        "table_total": s.total,
        "trick": [{"seat": p, "cards": format_counts(s.cat.combos[c].counts, style),
                   "name": s.cat.combos[c].name} for p, c in s.trick],
        "xians": [list(x) for x in s.xians],
        "xian_counts": [sum(1 for x, _ in s.xians if x == p) for p in range(n)],
        "lost_xian": [p for p in range(n) if s.lost_xian >> p & 1],
        "waste": format_counts(s.waste, style),
        "discard_counts": [sum(d) for d in s.discards],
        "jinpai_cap": s.jin_cap if s.phase != OVER and s.jin_cap else None,
    }


def _shared_public(s: State) -> dict[str, Any]:
    """The public table (with the phase name and hand sizes), computed once per state
    and shared by every seat's view (views are read-only: drivers serialise them, they
    do not change them)."""
    if s._view is None:
        s._view = {"phase": PHASE_NAMES[s.phase], "sizes": [sum(h) for h in s.hands],
                   "table": _public(s)}
    return s._view


def table_view(s: State, seat: int | None) -> TableView:
    """The family's part of ``seat``'s view (None: a spectator); the core envelope
    (:mod:`huapai.core.view`) adds to_act, legal, the settlement …"""
    table = _shared_public(s)
    if seat is None:
        return TableView(table["phase"], s.dealer, table["sizes"], None, s.end, table["table"])
    style = s.rules.style
    return TableView(table["phase"], s.dealer, table["sizes"],
                     format_counts(s.hands[seat], style), s.end, table["table"],
                     {"my_discards": format_counts(s.discards[seat], style)})


def omniscient(s: State, game: XianniuGame) -> dict[str, Any]:
    """Everything, for analysis, training and tests — never sent to a player: the
    spectator's view with every hand and 紧牌 discard open."""
    view = dict(game.observe(s, None))
    style = s.rules.style
    view["hands"] = [format_counts(h, style) for h in s.hands]
    view["discards"] = [format_counts(d, style) for d in s.discards]
    view["deal"] = list(s.deal)
    view["turn"] = s.turn
    view["decl"] = s.decl
    return view


# ---------------------------------------------------------------------------- encoding
_PER_SEAT = NUM_FACES + 6
_PHASES = len(PHASE_NAMES)


def observation_size(rules: XianniuRules) -> int:
    return NUM_FACES + rules.players * _PER_SEAT + NUM_FACES + 1 + _PHASES + NUM_FACES + 1


def encode(s: State, seat: int) -> list[float]:
    """Numbers for a learner, from ``seat``'s point of view (seats relative to it)."""
    n = s.rules.players
    out = [c / 4 for c in s.hands[seat]]
    for i in range(n):
        p = (seat + i) % n
        table = [0] * NUM_FACES
        for c in s.table[p]:
            for f in expand(s.cat.combos[c].counts):
                table[f] += 1
        out.extend(c / 4 for c in table)
        out.extend((
            sum(s.hands[p]) / 16,
            sum(1 for x, _ in s.xians if x == p) / 4,
            float(s.lost_xian >> p & 1),
            float(s.leader == p),
            float(s.turn == p),
            float(p in s.active),
        ))
    top = s.cat.combos[s.trick[-1][1]].counts if s.trick else (0,) * NUM_FACES
    out.extend(c / 4 for c in top)
    out.append(len(s.trick) / 3)
    out.extend(float(s.phase == i) for i in range(_PHASES))
    out.extend(c / 4 for c in s.waste)
    out.append(s.total / 16)
    return out
