"""The 双别杆 state machine's entry points: who acts, what is legal, apply, explain.

The phases (:mod:`.state`): ``qingtong`` (请统: 末家, then 二家, may 紮), ``turn`` (a
seat's own turn: 胡 / 紮 / 开泛 / discard; the 庄家's first turn is his 请统 and has no
draw), ``after_dui`` (a seat that just made 对 discards), ``window`` (the other seats
answer a discard, :mod:`.window`), ``over``. ``legal`` is the single source of
legality; ``apply`` rejects anything else with :func:`explain`'s stable code and changes
nothing (it works on a copy).
"""

from __future__ import annotations

from huapai.core.protocol import Event, IllegalAction, unknown_action
from huapai.core.view import bad_seat

from .cards import (
    FACES,
    FLOWER_FACES,
    JOKER,
    card,
    card_name,
    face_of,
    is_flowered,
    said_msg,
)
from .state import (
    AFTER_DUI,
    DISCARD0,
    DUI,
    FAN,
    HU,
    KAIFAN0,
    NUM_ACTIONS,
    OVER,
    PASS,
    QINGTONG,
    WINDOW,
    ZHA0,
    ZHAO,
    State,
    discard_code,
)
from .turn import (
    dui_faces,
    four_faces,
    kaifan,
    kaifan_faces,
    naturals,
    qingtong_legal,
    qingtong_pass,
    turn_legal,
    zha,
)
from .window import answer, asked, can_hu_on, discard, self_draw_win, window_legal


def to_act(s: State) -> tuple[int, ...]:
    return s.waiting


def waiting(s: State) -> tuple[int, ...]:
    """Who must act in ``s`` (kept in ``s.waiting`` after every change)."""
    if s.phase == OVER:
        return ()
    if s.phase == WINDOW:
        return asked(s)
    return (s.turn,)


def legal(s: State, seat: int) -> list[int]:
    """The legal action ids of ``seat`` now, sorted; [] if it is not asked."""
    if type(seat) is not int:
        return []
    cache = s._legal
    if cache is None:
        cache = s._legal = {}
    else:
        found = cache.get(seat)
        if found is not None:
            return found
    if seat not in s.waiting:
        return []
    found = cache[seat] = _legal(s, seat)
    return found


def _legal(s: State, seat: int) -> list[int]:
    if s.phase == WINDOW:
        return window_legal(s, seat)
    if s.phase == QINGTONG:
        return qingtong_legal(s, seat)
    return turn_legal(s, seat)


def _is_seat(seat: object, seats: int) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < seats


def apply(s: State, seat: int, action: int) -> tuple[State, list[Event]]:
    if type(action) is not int or action not in legal(s, seat):
        raise explain(s, seat, action)
    could_hu = s.phase == WINDOW and HU in legal(s, seat)
    t = s.copy()
    events: list[Event] = []
    if t.phase == WINDOW:
        answer(t, seat, action, could_hu, events)
        if t.phase == WINDOW and s._legal:  # the other seat's choices have not changed
            t._legal = {p: found for p, found in s._legal.items() if p in asked(t)}
    elif t.phase == QINGTONG and action == PASS:
        qingtong_pass(t, seat, events)
    elif action == HU:
        self_draw_win(t, seat, events)
    elif action < ZHA0:
        discard(t, seat, discard_code(action), events)
    elif action < KAIFAN0:
        zha(t, seat, action - ZHA0, events)
    else:
        kaifan(t, seat, action - KAIFAN0, events)
    t.waiting = waiting(t)
    return t, events


# --------------------------------------------------------------------- why it is illegal
def explain(s: State, seat: object, action: object) -> IllegalAction:
    """The stable code and a human reason for an action ``legal`` does not list."""
    if s.phase == OVER:
        return IllegalAction.of("game_over", "这局已经结束", "the deal is over")
    if not _is_seat(seat, s.rules.players):
        return IllegalAction(bad_seat(seat, s.rules.players))
    assert isinstance(seat, int)
    if seat not in to_act(s):
        return _not_asked(s, seat)
    if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action < NUM_ACTIONS:
        return IllegalAction(unknown_action(action))
    if s.phase == WINDOW:
        return _explain_window(s, seat, action)
    if s.phase == QINGTONG:
        return _explain_qingtong(action)
    return _explain_turn(s, seat, action)


def _not_asked(s: State, seat: int) -> IllegalAction:
    if s.phase == WINDOW:
        return IllegalAction.of("not_your_turn", "{seat} 号座已经表过态了",
                                "seat {seat} has already answered", seat=seat)
    return IllegalAction.of("not_your_turn", "现在轮到 {turn} 号座，不是 {seat} 号",
                            "it is seat {turn}'s turn, not seat {seat}'s", turn=s.turn, seat=seat)


def _explain_window(s: State, seat: int, action: int) -> IllegalAction:
    assert s.pending is not None
    code = s.pending[1]
    name = card_name(code)
    if action >= DISCARD0:
        answers = " / ".join(_ANSWERS[a] for a in window_legal(s, seat) if a in _ANSWERS)
        return IllegalAction(said_msg("must_answer", "先对桌上的 {name} 表态：{answers}",
                                      "answer the discard {name} first: {answers}", name=name,
                                      answers=answers))
    if action == HU:
        return _cannot_hu(s, seat, f"{name} ")
    if code == JOKER:
        return IllegalAction.of("joker_claim", "打出的赖子只能胡，不能对或招",
                                "a discarded 赖子 can only be claimed for 胡")
    return _explain_claim(s, seat, action, face_of(code))


_ANSWERS = {PASS: "过", HU: "胡", ZHAO: "招", DUI: "对", FAN: "泛"}
"""A window's answers by name, in the order the seat is told them."""


def _cannot_hu(s: State, seat: int, card: str) -> IllegalAction:
    if s.phase == WINDOW and s.rules.guohu and s.guohu >> seat & 1:
        return IllegalAction.of("guohu", "过胡：你放过了一张能胡的牌，自己摸牌之前不能捉铳",
                                "过胡: you let a winning discard go; you may win on a discard "
                                "again after your next draw")
    t = s.rules.hu_threshold
    return IllegalAction(said_msg("cannot_hu", "{card}胡不了：凑不成八句加听头，或不够 {t} 胡",
                                  "{card}does not make 8 units + 听头 with {t} 胡", card=card,
                                  t=t))


def _explain_claim(s: State, seat: int, action: int, face: int) -> IllegalAction:
    have = naturals(s, seat, face)
    name = FACES[face]
    if action == ZHAO:
        return IllegalAction.of("no_kan", "招要手里有一坎（三张{name}），你有 {have} 张",
                                "招 needs a 坎 (three {name}); you hold {have}",
                                name=name, have=have)
    if action == DUI and have < 2:
        return IllegalAction.of("no_pair", "对要手里有两张{name}，你有 {have} 张",
                                "对 needs two {name}; you hold {have}", name=name, have=have)
    if action == DUI:
        limit = s.rules.dui_limit
        return IllegalAction.of("dui_limit", "一局限对 {limit} 次",
                                "对 is limited to {limit} a deal", limit=limit)
    if not s.rules.fan_from_discard:
        return IllegalAction.of("no_fan_rule", "这套规则不能捉泛：开泛要自己摸到第五张",
                                "泛 from a discard is off in these rules")
    return IllegalAction.of("no_zha_meld", "泛要先有{name}的紮或招",
                            "泛 needs a 紮 or 招 of {name}", name=name)


def _explain_qingtong(action: int) -> IllegalAction:
    if ZHA0 <= action < KAIFAN0:
        name = FACES[action - ZHA0]
        return IllegalAction.of("no_four", "紮要手里有四张{name}",
                                "紮 needs four {name} in hand", name=name)
    return IllegalAction.of("qingtong", "请统：紮一手四张，或者过", "请统: 紮 a four, or 过")


def _explain_turn(s: State, seat: int, action: int) -> IllegalAction:
    if action == PASS:
        return IllegalAction.of("must_discard", "轮到你出牌（或胡 / 紮 / 开泛）",
                                "your turn: discard (or 胡 / 紮 / 开泛)")
    if action in (ZHAO, DUI, FAN):
        return IllegalAction.of("no_discard_to_claim", "招 / 对 / 泛 要等别家打牌",
                                "招 / 对 / 泛 claim another seat's discard")
    if s.phase == AFTER_DUI and (action == HU or action >= ZHA0):
        return IllegalAction.of("after_dui", "对了牌要直接出一张", "after 对 you discard")
    if action == HU:
        return _cannot_hu(s, seat, "")
    if action < ZHA0:
        return _not_in_hand(s, seat, discard_code(action))
    if action < KAIFAN0:
        return _explain_zha(s, seat, action - ZHA0)
    name = FACES[action - KAIFAN0]
    return IllegalAction.of("no_kaifan", "开泛要有{name}的紮或招，手里还有一张{name}",
                            "开泛 needs a 紮 or 招 of {name} and one more", name=name)


def _not_in_hand(s: State, seat: int, code: int) -> IllegalAction:
    """A discard of a card not held; where the other copy of its face is (九 asked, 花九
    held: a play-tester typed 九 and was told only 你手里没有九), it is named."""
    name = card_name(code)
    face = face_of(code)
    other = card(face, not is_flowered(code)) if face in FLOWER_FACES else None
    if other is not None and s.hands[seat][other]:
        return IllegalAction(said_msg(
            "not_in_hand", "你手里没有{name}，有{other}：打 {other}",
            "you hold no {name}, but {other}: discard {other}", name=name,
            other=card_name(other)))
    return IllegalAction(said_msg("not_in_hand", "你手里没有{name}", "you hold no {name}",
                                  name=name))


def _explain_zha(s: State, seat: int, face: int) -> IllegalAction:
    name = FACES[face]
    if face in dui_faces(s, seat):
        return IllegalAction.of("dui_frozen", "对过的{name}不能再紮",
                                "a 对'd {name} cannot be 紮'd", name=name)
    if face in four_faces(s, seat):
        return IllegalAction.of("zha_late", "这套规则只能用刚摸到的牌紮",
                                "only the card just drawn may make a 紮 here")
    return IllegalAction.of("no_four", "紮要手里有四张{name}", "紮 needs four {name}", name=name)


__all__ = ["apply", "can_hu_on", "explain", "kaifan_faces", "legal", "to_act",
           "window_legal"]
