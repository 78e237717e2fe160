"""The 秀山 state machine's entry points: who acts, what is legal, apply, explain.

``legal`` is the single source of legality; ``apply`` refuses anything else with
:func:`explain`'s stable code and changes nothing (it works on a copy). The claim
window on a discard is the core one (:mod:`huapai.core.claim`) with :data:`TABLE`:
胡 beats the forced 碰 / 开召; between two seats the discarder's 下家 comes first.
"""

from __future__ import annotations

from huapai.core.claim import Answered, ClaimTable
from huapai.core.present import count_en
from huapai.core.protocol import Event, IllegalAction
from huapai.core.view import bad_seat

from . import bo_play
from .calculator import Result
from .cards import card_name
from .describe import say
from .moves import (
    after_announcing,
    claim_of,
    draw,
    make_group,
    open_others,
    own_group,
    pass_drawn,
    reading,
    take_drawn,
    waiting,
    win,
)
from .state import (
    ACTION_NAMES,
    DISCARD0,
    DRAWN,
    HU,
    JI,
    OVER,
    PASS,
    PENG,
    WINDOW,
    ZHAO,
    Discarded,
    State,
)

_RANKS = {HU: 2, PENG: 1, ZHAO: 1, JI: 1}
TABLES = {True: ClaimTable(_RANKS, pass_action=PASS, forced=(PENG, ZHAO, JI)),
          False: ClaimTable(_RANKS, pass_action=PASS)}
"""The window's priority table by ``forced_claims``: 胡 over 碰 / 开召 / 鸡 (at most one
seat can make one of those: four copies); 鸡 only on a 堂子头 card [S]."""


def table_of(s: State) -> ClaimTable:
    return TABLES[s.rules.forced_claims]


def to_act(s: State) -> tuple[int, ...]:
    return s.waiting


def legal(s: State, seat: int) -> list[int]:
    """The legal action ids of ``seat`` now, sorted; [] if it is not asked."""
    if type(seat) is not int or seat not in s.waiting:
        return []
    cache = s._legal
    if cache is None:
        cache = s._legal = {}
    found = cache.get(seat)
    if found is None:
        found = cache[seat] = _legal(s, seat)
    return found


def _legal(s: State, seat: int) -> list[int]:
    if s.owed:
        return bo_play.bao_actions()
    if s.phase == WINDOW:
        assert s.offer is not None
        _, card, drawn = s.offer
        claims = [] if drawn or not can_hu(s, seat, card, False) else [HU]
        claim = claim_of(s, seat, card, drawn)
        if claim is not None:
            claims.append(claim)
        if not claims:
            return [PASS]  # what the table gives a seat with nothing to claim
        return table_of(s).legal(claims)
    if s.phase == DRAWN:
        assert s.offer is not None
        card = s.offer[1]
        out = [HU] if can_hu(s, seat, card, True) else []
        group = own_group(s, seat, card)
        out.append(PASS if group is None else group)
        return sorted(out)
    out = [DISCARD0 + c for c, n in enumerate(s.hands[seat]) if n]
    if _tianhu_open(s, seat) and can_hu(s, seat, None, False):
        out.insert(0, HU)
    return out


def can_hu(s: State, seat: int, card: int | None, self_drawn: bool) -> bool:
    """Whether ``seat`` wins with ``card`` and may (钵福: the 钵's limits)."""
    full = bo_play.needs_full(s, seat)
    found = reading(s, seat, card, self_drawn, full)
    return bo_play.may_win(s, seat, found, found if isinstance(found, Result) else None)


def _tianhu_open(s: State, seat: int) -> bool:
    return (s.rules.tianhu and seat == s.dealer and not s.opened
            and not any(s.rivers) and s.total(seat) == s.rules.hand_size)


def apply(s: State, seat: int, action: int) -> tuple[State, list[Event]]:
    if type(action) is not int or action not in legal(s, seat):
        raise explain(s, seat, action)
    t = s.copy()
    events: list[Event] = []
    if t.owed:
        bo_play.answer(t, action, events)
        after_announcing(t, events)
    elif t.phase == WINDOW:
        _answer(t, seat, action, events)
    elif t.phase == DRAWN:
        assert t.offer is not None
        card = t.offer[1]
        if action == HU:
            win(t, seat, card, None, True, events)
        elif action == PASS:
            pass_drawn(t, seat, events)
        else:
            make_group(t, seat, action, card, None, events)
    elif action == HU:
        win(t, seat, None, None, False, events)
    else:
        _discard(t, seat, action - DISCARD0, events)
    t.waiting = waiting(t)
    return t, events


def _discard(s: State, seat: int, card: int, events: list[Event]) -> None:
    hand = list(s.hands[seat])
    hand[card] -= 1
    s.hands[seat] = tuple(hand)
    events.append(Discarded(seat, card_name(card)))
    if seat == s.dealer and not s.opened:
        open_others(s, events)
    s.offer, s.phase = (seat, card, False), WINDOW
    s.order, s.answers = s.others(seat), ()


def _answer(s: State, seat: int, action: int, events: list[Event]) -> None:
    s.answers = (*s.answers, (seat, action))
    events.append(Answered(seat, ACTION_NAMES[action]))
    table = table_of(s)
    if not table.closed(s.order, s.answers):
        return
    assert s.offer is not None
    source, card, drawn = s.offer
    kind, seats = table.resolve(s.order, s.answers)
    s.order, s.answers = (), ()
    if kind == HU:
        win(s, seats[0], card, source, False, events)
    elif kind is not None:
        make_group(s, seats[0], kind, card, source, events)
    elif drawn:
        take_drawn(s, source, events)
    else:
        s.rivers[source] = (*s.rivers[source], card)
        s.offer = None
        draw(s, s.next_seat(source), events)


# --------------------------------------------------------------------- why it is illegal
def explain(s: State, seat: object, action: object) -> IllegalAction:
    """The stable code and a human reason for an action ``legal`` does not list."""
    n = s.rules.num_seats
    if s.phase == OVER and not s.owed:
        return IllegalAction("game_over", say("这局已经结束", "the deal is over"))
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        return IllegalAction(bad_seat(seat, n))
    if seat not in s.waiting:
        if s.phase == WINDOW and seat in s.order:
            return IllegalAction("answered", say(f"{seat} 号座已经表过态了",
                                                 f"seat {seat} has already answered"))
        return IllegalAction("not_your_turn", say(
            f"现在不该 {seat} 号座", f"seat {seat} is not to act now"))
    if isinstance(action, bool) or not isinstance(action, int) or \
            not 0 <= action < bo_play.num_actions(s.rules):
        return IllegalAction("unknown_action", say(f"没有编号 {action!r} 的动作",
                                                   f"no action has id {action!r}"))
    if s.owed:
        o = s.owed[0]
        name = card_name(o.card)
        return IllegalAction("must_announce", say(
            f"先报子：你的{o.kind.value} {name} 是几个钱？（报 0 到 报 {bo_play.BAO_MAX}，或不报）",
            f"announce first: how many 钱 is your {o.kind.value} {name}? (报 0 … 报 "
            f"{bo_play.BAO_MAX}, or 不报)"))
    if bo_play.is_bao(action):
        return IllegalAction("nothing_to_announce", say("现在没有要报的子",
                                                        "there is nothing to announce now"))
    if s.phase == WINDOW:
        return _explain_answer(s, seat, action)
    if s.phase == DRAWN:
        return _explain_drawn(s, seat, action)
    return _explain_turn(s, seat, action)


def _explain_answer(s: State, seat: int, action: int) -> IllegalAction:
    assert s.offer is not None
    name = card_name(s.offer[1])
    zh, en = ("摸起的", "drawn") if s.offer[2] else ("打出的", "discarded")
    options = "、".join(ACTION_NAMES[a] for a in legal(s, seat))
    if action >= DISCARD0:
        return IllegalAction("must_answer", say(f"先对{zh} {name} 表态：{options}",
                                                f"answer the {en} {name} first: {options}"))
    if action == PASS:
        return IllegalAction("forced_claim", say(
            f"{name} 必须{options}，不能过", f"{name} must be claimed ({options}); no 过"))
    if action == HU:
        return _cannot_hu(s, name, seat)
    if action == JI:
        return IllegalAction("no_ji_on_discard", say("别人打出来的牌不能鸡，只能开召和碰",
                                                     "a discard cannot be 鸡'd"))
    what = "碰要手里有一对" if action == PENG else "开召要有这张牌的暗哨"
    en = "碰 needs a pair of it in hand" if action == PENG else "开召 needs a 暗哨 of it"
    return IllegalAction("cannot_claim", say(f"{what}{name}", f"{en} ({name})"))


def _explain_drawn(s: State, seat: int, action: int) -> IllegalAction:
    assert s.offer is not None
    name = card_name(s.offer[1])
    options = "、".join(ACTION_NAMES[a] for a in legal(s, seat))
    if action == HU:
        return _cannot_hu(s, name, seat)
    if action == PASS:
        return IllegalAction("forced_group", say(f"摸起的 {name} 必须{options}",
                                                 f"the drawn {name} must make a group: "
                                                 f"{options}"))
    return IllegalAction("must_decide_drawn", say(f"先对摸起的 {name} 表态：{options}",
                                                  f"decide on the drawn {name}: {options}"))


def _explain_turn(s: State, seat: int, action: int) -> IllegalAction:
    if action == HU:
        return _cannot_hu(s, "", seat)
    if action < DISCARD0:
        return IllegalAction("must_discard", say("轮到你打牌", "your turn: discard a card"))
    name = card_name(action - DISCARD0)
    return IllegalAction("not_in_hand", say(f"你手里没有{name}", f"you hold no {name}"))


def _cannot_hu(s: State, name: str, seat: int) -> IllegalAction:
    """Why ``seat`` cannot win on the card ``name`` (or its own hand: ``name`` "")."""
    zh_name, en_name = (name, name) if name else ("你的牌", "your hand")
    if s.bo is not None:
        mine, r = s.bo.seats[seat], s.rules
        if mine.wins >= r.bo_max_wins:
            won = count_en(mine.wins, "time", "times")
            return IllegalAction("bo_wins", say(f"这一钵你已经和了 {mine.wins} 回，不能再和",
                                                f"you have won {won} in this 钵: no more wins"))
        if mine.wins == r.bo_max_wins - 1:
            return IllegalAction("bo_target", say(
                f"{zh_name}和不了：牌不成，或最后一回和牌算盘到不了 {r.bo_target} 胡",
                f"{en_name} does not win: the hand is not complete, or this last win does not "
                f"bring the abacus to {r.bo_target}"))
    t = s.rules.hu_threshold
    need = f"，或不够 {t} 胡" if t else ""
    return IllegalAction("cannot_hu", say(f"{zh_name}和不了：牌理不顺、放子不圆{need}",
                                          f"{en_name} does not win: not every card in a group"
                                          + (f", or under {t} 胡" if t else "")))


__all__ = ["TABLES", "apply", "explain", "legal", "table_of", "to_act"]
