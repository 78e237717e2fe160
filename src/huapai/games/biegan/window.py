"""The claim window after a discard: 胡, 招, 对 (and 泛 by option) or 过.

Both other seats are asked at once (``ask="always"``: every discard, so being asked
tells nobody anything) or only the seats holding a claim (``ask="eligible"``). Answers
are private until the window is resolved by one rule (G9), the core claim window
(:mod:`huapai.core.claim`) with the table :data:`TABLES`:

    胡 beats 招, which beats 泛, which beats 对; between two seats wanting the same
    thing, the discarder's 下家 comes first (the seed: the other seat may 对 only after
    the 下家 said 不对). With ``multi_hu`` both may 胡 (一炮双响, G10).

So the window closes as soon as the 下家 answers 胡 (without ``multi_hu``), or when
every asked seat has answered (the core window's early close, with every seat still to
answer assumed able to 胡). A seat that lets a winning discard go is under 过胡 (G15)
until its next draw.
"""

from __future__ import annotations

from huapai.core.claim import Answered, ClaimTable
from huapai.core.protocol import Event

from .cards import JOKER, face_of, format_cards
from .observe import hand_text
from .rules import fen_of
from .state import (
    AFTER_DUI,
    DUI,
    FAN,
    HU,
    PASS,
    WINDOW,
    ZHAO,
    Claimed,
    Discarded,
    Held,
    State,
    Win,
    Won,
)
from .turn import CARD_NAMES, add, draw_top, finish, melds_of, replace_from_bottom, take
from .units import Meld
from .winning import FACE_OF, ONE, SHIFT, decomposes, defects, reading

ANSWER_NAMES = {PASS: "过", HU: "胡", ZHAO: "招", DUI: "对", FAN: "泛"}
RANKS = {HU: 4, ZHAO: 3, FAN: 2, DUI: 1}
"""The window's priority table (G9): 胡 > 招 > 泛 > 对; 过 claims nothing."""
TABLES = {False: ClaimTable(RANKS, pass_action=PASS),
          True: ClaimTable(RANKS, pass_action=PASS, multi=(HU,))}
"""The table by ``multi_hu``: with it, both seats may 胡 one discard (一炮双响, G10)."""


def table_of(s: State) -> ClaimTable:
    return TABLES[s.rules.multi_hu]


def discard(s: State, seat: int, code: int, events: list[Event]) -> None:
    """``seat`` discards ``code``: the window opens (or, if nobody is asked, closes)."""
    add(s, seat, code, -1)
    events.append(Discarded(seat, CARD_NAMES[code]))
    s.pending, s.answers, s.phase, s.drawn = (seat, code), (), WINDOW, None
    if s.rules.ask == "eligible":
        found = {p: window_legal(s, p) for p in s.window()}
        s.answers = tuple((p, PASS) for p, legal in found.items() if legal == [PASS])
        if not _decided(s):
            s._legal = {p: legal for p, legal in found.items() if legal != [PASS]}
            return
    if _decided(s):
        _resolve(s, events)


def asked(s: State) -> tuple[int, ...]:
    """The seats still to answer, the discarder's 下家 first."""
    return ClaimTable.asked(s.window(), s.answers)


def window_legal(s: State, seat: int) -> list[int]:
    assert s.pending is not None
    code = s.pending[1]
    out = [PASS]
    if can_hu_on(s, seat, code):
        out.append(HU)
    if code == JOKER:
        return out  # a 赖子 can only be claimed for 胡 [P]
    face = FACE_OF[code]
    n = (s.packed[seat] >> SHIFT[face]) & 15  # naturals of that face in hand
    if n >= 3:
        out.append(ZHAO)
    if n >= 2 and (s.rules.dui_over_limit == "bao" or s.duis[seat] < s.rules.dui_limit):
        out.append(DUI)
    if s.rules.fan_from_discard and _fan_meld(s, seat, face) is not None:
        out.append(FAN)
    return out


def can_hu_on(s: State, seat: int, code: int) -> bool:
    if s.rules.guohu and s.guohu >> seat & 1:
        return False
    packed = s.packed[seat] + ONE[code]
    if defects(packed) > 1:  # the cheap test first (it is inside decomposes too)
        return False
    jokers = s.hands[seat][JOKER] + (code == JOKER)
    if not decomposes(s.rules, packed, jokers):
        return False
    hand = list(s.hands[seat])
    hand[code] += 1
    return reading(s.rules, tuple(hand), melds_of(s, seat), code).wins


def _fan_meld(s: State, seat: int, face: int) -> int | None:
    for i, held in enumerate(s.melds[seat]):
        if held.meld.face == face and held.meld.kind in ("紮", "招"):
            return i
    return None


def answer(s: State, seat: int, action: int, could_hu: bool, events: list[Event]) -> None:
    s.answers = (*s.answers, (seat, action))
    events.append(Answered(seat, ANSWER_NAMES[action]))
    if s.rules.guohu and could_hu and action != HU:
        s.guohu |= 1 << seat
    if _decided(s):
        _resolve(s, events)


def _decided(s: State) -> bool:
    return table_of(s).closed(s.window(), s.answers)


def _resolve(s: State, events: list[Event]) -> None:
    assert s.pending is not None
    kind, seats = table_of(s).resolve(s.window(), s.answers)
    if kind == HU:
        _win_on_discard(s, list(seats), events)
        return
    if kind is not None:
        _claim(s, seats[0], kind, events)
        return
    seat, code = s.pending
    s.rivers[seat] = (*s.rivers[seat], code)
    s.pending, s.answers = None, ()
    draw_top(s, (seat + 1) % s.rules.players, events)


def _win_on_discard(s: State, winners: list[int], events: list[Event]) -> None:
    assert s.pending is not None
    seat, code = s.pending
    found = []
    for p in winners:
        hand = list(s.hands[p])
        hand[code] += 1
        result = reading(s.rules, tuple(hand), melds_of(s, p), code)
        found.append(Win(p, result, seat, code))
        events.append(_won_event(s, p, found[-1]))
    s.wins = tuple(found)
    finish(s, "hu", events)  # the discard stays on the table (one card, maybe two winners)


def _won_event(s: State, seat: int, win: Win) -> Won:
    hand = list(s.hands[seat])
    if win.card is not None:
        hand[win.card] += 1
    text = hand_text(tuple(hand))
    units = " ".join(str(u) for u in win.result.units)
    return Won(seat, win.from_seat, win.result.hu, fen_of(s.rules, win.result.hu), text, units)


def self_draw_win(s: State, seat: int, events: list[Event]) -> None:
    result = reading(s.rules, s.hands[seat], melds_of(s, seat), None)
    win = Win(seat, result, None, None)
    s.wins = (win,)
    events.append(_won_event(s, seat, win))
    finish(s, "hu", events)


def _claim(s: State, seat: int, claim: int, events: list[Event]) -> None:
    assert s.pending is not None
    source, code = s.pending
    face = face_of(code)
    s.pending, s.answers = None, ()
    if claim == FAN:
        index = _fan_meld(s, seat, face)
        assert index is not None
        held = s.melds[seat][index]
        meld = Held(Meld("泛", (*held.meld.cards, code)), False, source)
        melds = list(s.melds[seat])
        melds[index] = meld
        s.melds[seat] = tuple(melds)
    else:
        size = 3 if claim == ZHAO else 2
        cards = (*take(s, seat, face, size, False), code)
        meld = Held(Meld("招" if claim == ZHAO else "对", cards), False, source)
        s.melds[seat] = (*s.melds[seat], meld)
    events.append(Claimed(seat, ANSWER_NAMES[claim], CARD_NAMES[code], source,
                          format_cards(meld.meld.cards)))
    if claim == DUI:
        s.duis[seat] += 1
        s.phase, s.turn, s.drawn = AFTER_DUI, seat, None
    elif claim == ZHAO:
        draw_top(s, seat, events)  # 招 draws from 牌面 [S]
    else:
        replace_from_bottom(s, seat, events)
