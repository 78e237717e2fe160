"""The 掀牛 state machine's transitions: big hands at the deal, the legal actions of the
seat to act, declarations, tricks, 紧牌 and the end of a deal (rules reference §3; the
rules in words: :mod:`.flow`).

Split from :mod:`.flow`, which keeps the protocol's doors (``new_state``, ``legal``,
``apply``, ``explain``): these functions are only ever given values ``flow`` has checked,
so a compiled build (``scripts/build-compiled.sh``, mypyc) compiles them without changing
how ill-typed input is refused.
"""

from __future__ import annotations

import operator

from huapai.core.protocol import Event

from .cards import (
    NUM_FACES,
    Counts,
    face_text,
    format_counts,
)
from .combos import Combo
from .events import (
    BigHandShown,
    DealEnded,
    Declined,
    Discarded,
    JinpaiCalled,
    Passed,
    Played,
    TrickWon,
    Xianed,
)
from .state import (
    DECLARE,
    DECLINE,
    DISCARD0,
    FOLLOW,
    JIN,
    JINPAI,
    LEAD,
    OVER,
    PLAY0,
    XIAN,
    State,
)

# ----------------------------------------------------------------------- big hands §2.5
HAND_SIZE = 16


_LONGFENG = (0, 3, 5, 7, 11, 13)  # 地眼 板凳 串六 红八 梅十 天: AA 22 33 88 1010 KK


def big_hand(hand: Counts) -> tuple[str, Counts] | None:
    """八大对 (all 16 cards in pairs of a kind) or 龙凤齐, if ``hand`` holds one."""
    from .cards import FACES_OF_KIND, NUM_KINDS

    pairs = sum(sum(hand[f] for f in FACES_OF_KIND[k]) // 2 for k in range(NUM_KINDS))
    if pairs * 2 == sum(hand) == HAND_SIZE:
        return "八大对", hand
    if all(hand[f] >= 2 for f in _LONGFENG):
        counts = [0] * NUM_FACES
        for f in _LONGFENG:
            counts[f] = 2
        return "龙凤齐", tuple(counts)
    return None


def check_big_hands(s: State, events: list[Event]) -> None:
    for seat in s.active:
        found = big_hand(s.hands[seat])
        if found is None:
            continue
        name, cards = found
        s.big = (seat, name, cards)
        s.hands[seat] = _minus(s.hands[seat], cards)
        s.total = sum(cards)
        events.append(BigHandShown(seat, name, format_counts(cards, s.rules.style)))
        if s.rules.big_hand_ends:
            finish(s, "big_hand", events)
        else:
            _after_trick(s, seat, events)
        return


def legal_actions_of(s: State) -> list[int]:
    hand = s.hands[s.turn]
    if s.phase == FOLLOW:
        return [PLAY0 + c for c in s.cat.follows(hand, s.trick[-1][1])]
    if s.phase == JINPAI:
        return [DISCARD0 + f for f in range(NUM_FACES) if hand[f]]
    if s.phase == DECLARE and s.turn != s.leader:
        return [DECLINE, XIAN]
    out = [DECLINE] if s.phase == DECLARE else []
    if _can_call_jinpai(s):
        out.append(JIN)
    out.extend(PLAY0 + c for c in s.cat.leads(hand, s.rules.table_cap - s.total))
    return out


def _can_call_jinpai(s: State) -> bool:
    r = s.rules
    if not r.jinpai or s.total <= r.jinpai_after:
        return False
    cap = r.table_cap - s.total
    return any(sum(s.hands[p]) > cap for p in s.active)


# ---------------------------------------------------------------------------- transitions
def xian(s: State, events: list[Event]) -> None:
    events.append(Xianed(s.turn, s.leader))
    s.xians += ((s.turn, s.leader),)
    if s.rules.xian_both and not s.round_xian:
        s.round_xian = True
        if ask_next(s, events):
            return
    lead_after_xian(s)


def lead_after_xian(s: State) -> None:
    s.phase, s.turn, s.round_xian = LEAD, s.leader, False


def ask_next(s: State, events: list[Event]) -> bool:
    """Move the turn to the next seat of the round that may still 掀; False if none."""
    order = s.order()
    s.decl += 1
    while s.decl < len(order):
        nxt = order[s.decl]
        if not s.lost_xian >> nxt & 1:
            s.turn = nxt
            return True
        events.append(Declined(nxt, True))
        s.decl += 1
    return False


def play_combo(s: State, combo: Combo, events: list[Event]) -> None:
    seat = s.turn
    lead = s.phase != FOLLOW
    if lead and s.phase == DECLARE and s.rules.count_self_xian:
        s.xians += ((seat, seat),)
    s.hands[seat] = _minus(s.hands[seat], combo.counts)
    s.trick += ((seat, combo.index),)
    events.append(Played(seat, s.cat.text(combo.index, s.rules.style), combo.name, lead))
    s.phase = FOLLOW
    _next_follower(s, events)


def _next_follower(s: State, events: list[Event]) -> None:
    order = s.order()
    last = order.index(s.turn)
    for seat in order[last + 1:]:
        beaters = s.cat.follows(s.hands[seat], s.trick[-1][1])
        if beaters:
            s.turn = seat
            s._legal = tuple(PLAY0 + c for c in beaters)
            return
        events.append(Passed(seat))
        s.nobeat += ((seat, s.trick[-1][1]),)
    _win_trick(s, events)


def _win_trick(s: State, events: list[Event]) -> None:
    winner, top = s.trick[-1]
    combo = s.cat.combos[top]
    for _, c in s.trick[:-1]:
        s.waste = _plus(s.waste, s.cat.combos[c].counts)
    s.table[winner] += (top,)
    s.total += combo.size
    s.trick = ()
    events.append(TrickWon(winner, s.cat.text(top, s.rules.style), combo.name,
                           s.table_count(winner), s.total))
    _after_trick(s, winner, events)


def _after_trick(s: State, winner: int, events: list[Event]) -> None:
    """``winner`` took 占牌 (a trick, or a big hand shown): he leads the next round."""
    s.leader = s.turn = winner
    if s.total >= s.rules.table_cap:
        finish(s, "table_full", events)
    elif not any(s.hands[winner]):
        finish(s, "leader_empty", events)
    else:
        s.phase, s.decl = DECLARE, 0


def call_jinpai(s: State, events: list[Event]) -> None:
    s.jin_cap = s.rules.table_cap - s.total
    s.jin_resume = s.phase
    events.append(JinpaiCalled(s.leader, s.jin_cap))
    s.phase = JINPAI
    _next_discarder(s)


def _next_discarder(s: State) -> None:
    for seat in s.order():
        if sum(s.hands[seat]) > s.jin_cap:
            s.turn = seat
            return
    s.phase, s.turn = s.jin_resume, s.leader


def discard_face(s: State, face: int, events: list[Event]) -> None:
    seat = s.turn
    one = tuple(1 if f == face else 0 for f in range(NUM_FACES))
    s.hands[seat] = _minus(s.hands[seat], one)
    s.discards[seat] = _plus(s.discards[seat], one)
    events.append(Discarded(seat, face_text(face, s.rules.style)))
    _next_discarder(s)


def finish(s: State, reason: str, events: list[Event]) -> None:
    s.phase, s.end, s.turn = OVER, reason, -1
    events.append(DealEnded(None, reason))


def _minus(a: Counts, b: Counts) -> Counts:
    return tuple(map(operator.sub, a, b))


def _plus(a: Counts, b: Counts) -> Counts:
    return tuple(map(operator.add, a, b))


