"""What a seat may know of a 秀山 deal, as a JSON-able view and as numbers for learning.

Public: every seat's laid groups (a face-down 哨 / 龙灯 whose card was never shown is a
back of its size to the others), each seat's discards, hand sizes, the card on the table
(the shown 堂子头 card or the discard being answered), the stock count, the flipped 将
card and the 将 rank, at the end the winner's groups and the settlement. Private: the
seat's own hand and its own window answer. The stock order and the other hands never
leave the engine.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from huapai.core.view import TableView

from . import bo_play
from .calculator import HandError
from .cards import NUM_CARDS, RANKS, card_name, format_cards
from .describe import jiang_name
from .groups import Meld
from .moves import hand_text
from .rules import XiushanRules
from .state import ACTION_NAMES, OVER, PHASE_NAMES, WINDOW, Counts, Held, State
from .waits import Wait, waits


def meld_view(held: Held, shown: bool) -> dict[str, Any]:
    m = held.meld
    open_ = shown or held.public or not held.face_down
    return {"kind": m.kind.value, "cards": format_cards(m.cards) if open_ else None,
            "size": len(m.cards), "face_down": held.face_down, "from": held.source}


def hidden_offer(s: State) -> bool:
    """Whether the card on the table is a drawn card kept hidden (``drawn_card="keep"``)."""
    return s.offer is not None and s.offer[2] and s.rules.drawn_card == "keep"


def table_view(s: State, seat: int | None) -> TableView:
    hand = None if seat is None else hand_text(s.hands[seat])
    private: dict[str, Any] = {}
    if seat is not None:
        answer = dict(s.answers).get(seat)
        private["my_answer"] = None if answer is None else ACTION_NAMES[answer]
        private["my_melds"] = [meld_view(h, True) for h in s.melds[seat]]
        mine = hidden_offer(s) and s.offer is not None and s.offer[0] == seat
        private["my_drawn"] = card_name(s.offer[1]) if mine and s.offer else None
        private["my_waits"] = my_waits(s, seat)
        if s.bo is not None:
            private["my_owed"] = bo_play.owed_view(s, seat)
    # an owed 报子 is made first, even after the last card (the deal is not over yet)
    phase, end = ("announce", None) if s.owed else (PHASE_NAMES[s.phase], s.end)
    return TableView(phase, s.dealer, [sum(h) for h in s.hands], hand, end, _table(s), private)


def my_waits(s: State, seat: int) -> list[dict[str, Any]]:
    """The calculator's waits of ``seat``'s hand while it is one card short (between its
    turns), each with the copies it has not seen; [] otherwise (and once the deal is
    over). Only the seat's own cards and what is open on the table go in: its hand and
    groups, the discards, the others' face-up or shown groups, the flipped card and the
    card on the table. In 钵福 each says too whether the 钵 lets it win now
    (:func:`.bo_play.wait_refusals`)."""
    if s.phase == OVER or seat not in s.active or s.total(seat) != s.rest_size(seat):
        return []
    seen = [0] * NUM_CARDS
    for c in _visible(s, seat):
        seen[c] += 1
    melds = tuple(h.meld for h in s.melds[seat])
    out = [{**w.to_json(), "remaining": max(0, w.remaining - seen[w.card])}
           for w in _waits_of(s.rules, s.hands[seat], melds, s.jiang)]
    if s.bo is not None:  # 钵福: the waits the 钵 does not let it win on yet, and why
        out = [{**w, **bo_play.wait_refusals(s, seat, w)} for w in out]
    return out


def _visible(s: State, seat: int) -> list[int]:
    """Cards ``seat`` sees outside its own hand and groups: the discards, the other
    seats' groups that are face up or were shown, the flipped card, the card on the
    table."""
    out = [c for river in s.rivers for c in river]
    for p in range(s.rules.num_seats):
        if p != seat:
            out.extend(c for h in s.melds[p] if h.public or not h.face_down
                       for c in h.meld.cards)
    if s.rules.flips:
        out.append(s.deal[-1])
    if s.offer is not None and (not hidden_offer(s) or s.offer[0] == seat):
        out.append(s.offer[1])
    return out


@lru_cache(maxsize=4096)
def _waits_of(rules: XiushanRules, hand: Counts, melds: tuple[Meld, ...],
              jiang: int | None) -> tuple[Wait, ...]:
    """The waits with nothing seen elsewhere (memoised: a hand is looked at once per
    viewer and message while it does not change)."""
    cards = [c for c in range(NUM_CARDS) for _ in range(hand[c])]
    try:
        return waits(rules, cards, list(melds), jiang=jiang).waits
    except HandError:
        return ()


def _table(s: State) -> dict[str, Any]:
    r = s.rules
    view: dict[str, Any] = {
        "turn": s.turn if s.phase not in (WINDOW, OVER) else None,
        "active": list(s.active),
        "idle": r.idle,  # who sits out, if anyone: the 老爷 was shown only as 不打 (a play-test)
        "stock": s.stock,
        "flipped": card_name(s.deal[-1]) if r.flips else None,
        "jiang": None if s.jiang is None else jiang_name(s.jiang),
        "melds": [[meld_view(h, False) for h in s.melds[p]] for p in range(r.num_seats)],
        "rivers": [format_cards(river) for river in s.rivers],
        "offer": None if s.offer is None else {
            "seat": s.offer[0], "card": None if hidden_offer(s) else card_name(s.offer[1]),
            "drawn": s.offer[2]},
        "threshold": r.hu_threshold,
        "youzi": r.youzi,
        # a 碰 / 开召 / 鸡 of a turned-up card is taken for the seat (必须碰): the log says so
        "forced_claims": r.forced_claims,
    }
    if s.bo is not None:
        view["bo"] = bo_view(s)
    if s.phase == OVER and s.win is not None:
        w = s.win
        view["win"] = {**w.result.to_json(), "seat": w.seat, "from_seat": w.from_seat,
                       "card": None if w.card is None else card_name(w.card),
                       "hand": hand_text(s.hands[w.seat])}
    return view


def bo_view(s: State) -> dict[str, Any]:
    """钵福's 钵, public: every seat's 算盘 (钱), wins, 吃包子 and 戴帽子, the seat that
    owes an announcement, the 钵's number and rules, and (``taken``) the 钵 a deal just
    won, as it ended."""
    bo, r = s.bo, s.rules
    assert bo is not None
    return {
        "number": bo.number,
        "target": r.bo_target,
        "max_wins": r.bo_max_wins,
        "training": r.baoshu == "train",
        "seats": [{"abacus": x.abacus, "wins": x.wins, "baozi": x.baozi, "hat": x.hat(r)}
                  for x in bo.seats],
        "owed_seat": s.owed[0].seat if s.owed else None,
        "history": [h.to_json() for h in bo.history],
        # the 钵 this deal's win took (its abaci as it ended): the table after 得一钵 showed
        # only the next 钵, every abacus at 0 — 第 2 钵 after a match of one 钵 (a play-test)
        "taken": bo.history[-1].to_json() if s.phase == OVER and s.debo else None,
    }


def omniscient(s: State, spectator: dict[str, Any]) -> dict[str, Any]:
    """Everything (never sent to a player): the spectator's view with the hands, every
    group, the answers and the stock open."""
    view = dict(spectator)
    view["melds"] = [[meld_view(h, True) for h in s.melds[p]] for p in range(len(s.melds))]
    view["hands"] = [hand_text(h) for h in s.hands]
    view["stock_cards"] = format_cards(s.deal[s.top:s.stock_end])
    view["deal"] = list(s.deal)
    view["answers"] = [list(a) for a in s.answers]
    return view


# ---------------------------------------------------------------------------- encoding
_PER_SEAT = 2 * NUM_CARDS + 4


def observation_size(num_seats: int) -> int:
    return NUM_CARDS + num_seats * _PER_SEAT + (NUM_CARDS + 2) + len(PHASE_NAMES) + 1 \
        + (RANKS + 1) + 1


def encode(s: State, seat: int) -> list[float]:
    """Numbers for a learner from ``seat``'s point of view (seats relative to it)."""
    n = s.rules.num_seats
    out = [c / 4 for c in s.hands[seat]]
    for i in range(n):
        out.extend(_seat_features(s, seat, (seat + i) % n))
    offer = [0.0] * (NUM_CARDS + 2)
    if s.offer is None:
        offer[NUM_CARDS] = 1.0
    elif not hidden_offer(s) or s.offer[0] == seat:
        offer[s.offer[1]] = 1.0
        offer[NUM_CARDS + 1] = float(s.offer[2])
    out.extend(offer)
    out.extend(float(s.phase == i) for i in range(len(PHASE_NAMES)))
    out.append(s.stock / 80)
    jiang = [0.0] * (RANKS + 1)
    jiang[RANKS if s.jiang is None else s.jiang] = 1.0
    out.extend(jiang)
    out.append(float(seat in dict(s.answers)))
    return out


def _seat_features(s: State, viewer: int, p: int) -> list[float]:
    shown = [0.0] * NUM_CARDS
    hidden = 0
    for h in s.melds[p]:
        if p != viewer and h.face_down and not h.public:
            hidden += len(h.meld.cards)
            continue
        for c in h.meld.cards:
            shown[c] += 0.25
    river = [0.0] * NUM_CARDS
    for c in s.rivers[p]:
        river[c] += 0.25
    return [*shown, *river, hidden / 8, sum(s.hands[p]) / 21, float(s.dealer == p),
            float(p in s.active)]
