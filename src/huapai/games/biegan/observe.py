"""What a seat may know of a 双别杆 deal, as a JSON-able view and as numbers for learning.

Public: the 精 faces of the deal's reading (``jing``: 三五七, with 五精 乙 and 九 too, so a
client marks them from data), every seat's melds (a face-down 紮 / 泛 shows only its size
to others), each seat's discards (弃牌) and hand size, the discard being answered, the
stock count, the 对 counts (and who is liable to 包), and at the end the winners' hands
and the settlement. Private: the seat's own hand, the card it just drew, its own window answer
and 过胡. Nothing else leaves the engine: the stock order and the other hands never do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from huapai.core.view import TableView

from .actions import format_action
from .cards import NUM_CODES, card_name, face_name, format_cards, jing_of
from .rules import fen_of
from .state import DISPLAY, OVER, PHASE_NAMES, WINDOW, Held, State
from .turn import initial_stock

if TYPE_CHECKING:
    from .game import BieganGame

def hand_text(hand: tuple[int, ...]) -> str:
    return format_cards(c for c in DISPLAY for _ in range(hand[c]))


def meld_view(held: Held, viewer: int | None, owner: int, revealed: bool = False) -> dict[str, Any]:
    """A laid group as ``viewer`` sees it: a face-down 紮 / 泛 only by its owner, or by all
    once ``revealed`` (a winner's, when the deal is over: his whole hand is laid out, and
    the table kept showing 泛[?????] above a settlement listing 泛 礼礼礼礼礼)."""
    m = held.meld
    shown = revealed or not held.hidden or viewer == owner
    return {
        "kind": m.kind,
        "cards": format_cards(m.cards) if shown else None,
        "size": len(m.cards),
        "hidden": held.hidden,
        "from": held.source,
    }


def table_view(s: State, seat: int | None) -> TableView:
    """The family's part of ``seat``'s view (None: a spectator); the core envelope
    (:mod:`huapai.core.view`) adds to_act, legal, the settlement …"""
    hand = None if seat is None else hand_text(s.hands[seat])
    return TableView(PHASE_NAMES[s.phase], s.dealer, [sum(h) for h in s.hands], hand, s.end,
                     _table(s, seat))


def _table(s: State, seat: int | None) -> dict[str, Any]:
    r = s.rules
    winners = {w.seat for w in s.wins} if s.phase == OVER else set()
    view: dict[str, Any] = {
        "turn": s.turn if s.phase not in (WINDOW, OVER) else None,
        "stock": s.stock,
        "melds": [[meld_view(h, seat, p, p in winners) for h in s.melds[p]]
                  for p in range(r.players)],
        "rivers": [format_cards(river) for river in s.rivers],
        "pending": None if s.pending is None else {"seat": s.pending[0],
                                                   "card": card_name(s.pending[1])},
        "duis": list(s.duis),
        "dui_limit": r.dui_limit,
        "multiplier": r.multiplier,
        "jing": [face_name(f) for f in jing_of(r.five_jing)],
    }
    if s.phase == OVER:
        view["wins"] = [_win_view(s, w.seat) for w in s.wins]
    if seat is None:
        view.update(drawn=None, guohu=False, my_answer=None, dui_warn=False)
        return view
    mine = s.phase != OVER and s.turn == seat and s.drawn is not None
    view["drawn"] = card_name(s.drawn) if mine and s.drawn is not None else None
    view["guohu"] = bool(s.guohu >> seat & 1)
    # at the 对 limit where one more 对 makes the seat liable (包) if another wins
    view["dui_warn"] = r.dui_over_limit == "bao" and s.duis[seat] == r.dui_limit
    answer = dict(s.answers).get(seat)
    view["my_answer"] = None if answer is None else format_action(answer)
    return view


def _win_view(s: State, seat: int) -> dict[str, Any]:
    win = next(w for w in s.wins if w.seat == seat)
    out = dict(win.result.to_json())
    hand = list(s.hands[seat])
    if win.card is not None:
        hand[win.card] += 1
    out.update(seat=seat, from_seat=win.from_seat, hand=hand_text(tuple(hand)),
               fen=fen_of(s.rules, win.result.hu),  # the rules' 分, as the settlement pays
               card=None if win.card is None else card_name(win.card))
    return out


def omniscient(s: State, game: BieganGame) -> dict[str, Any]:
    """Everything, for analysis, training and tests — never sent to a player: the
    spectator's view with every hand, meld, answer and the stock open."""
    view = dict(game.observe(s, None))
    del view["my_answer"]
    view["melds"] = [[meld_view(h, p, p) for h in s.melds[p]] for p in range(s.rules.players)]
    view["hands"] = [hand_text(h) for h in s.hands]
    view["stock_cards"] = format_cards(s.deal[s.top:s.bottom + 1])
    view["deal"] = list(s.deal)
    view["answers"] = [list(a) for a in s.answers]
    view["guohu"] = [bool(s.guohu >> p & 1) for p in range(s.rules.players)]
    view["drawn"] = None if s.drawn is None else card_name(s.drawn)
    return view


# ---------------------------------------------------------------------------- encoding
_PER_SEAT = 2 * NUM_CODES + 6
_PHASES = len(PHASE_NAMES)


def observation_size() -> int:
    return NUM_CODES + 3 * _PER_SEAT + (NUM_CODES + 1) + 3 + _PHASES + 3


def encode(s: State, seat: int) -> list[float]:
    """Numbers for a learner, from ``seat``'s point of view (seats relative to it; with
    two seats the third seat's features are 0, so the size does not depend on the room)."""
    seats = s.rules.players
    out = [n / 5 for n in s.hands[seat]]
    for i in range(3):
        out.extend(_seat_features(s, seat, (seat + i) % seats) if i < seats
                   else [0.0] * _PER_SEAT)
    pending = [0.0] * (NUM_CODES + 1)
    origin = [0.0] * 3
    if s.pending is None:
        pending[NUM_CODES] = 1.0
    else:
        pending[s.pending[1]] = 1.0
        origin[(s.pending[0] - seat) % seats] = 1.0
    out.extend(pending)
    out.extend(origin)
    out.extend(float(s.phase == i) for i in range(_PHASES))
    out.append(s.stock / initial_stock(s.rules))
    out.append(float(s.guohu >> seat & 1))
    out.append(float(seat in dict(s.answers)))
    return out


def _seat_features(s: State, viewer: int, p: int) -> list[float]:
    shown = [0.0] * NUM_CODES
    hidden = 0
    for held in s.melds[p]:
        if held.hidden and p != viewer:
            hidden += len(held.meld.cards)
            continue
        for c in held.meld.cards:
            shown[c] += 0.2
    river = [0.0] * NUM_CODES
    for c in s.rivers[p]:
        river[c] += 0.2
    return [
        *shown,
        *river,
        hidden / 10,
        sum(s.hands[p]) / 30,
        s.duis[p] / 4,
        float(s.dealer == p),
        float(s.phase != OVER and s.phase != WINDOW and s.turn == p),
        float(any(w.seat == p for w in s.wins)),
    ]
