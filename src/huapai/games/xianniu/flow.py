"""The 掀牛 state machine: deal, declarations, one-round tricks, 紧牌, end of deal.

Rules reference §3: after the deal the leader (头家) either leads at once or declines
(不掀 / 扣了); then the others, counterclockwise, may each 掀 (ask the leader to lead) or
decline; the first 掀 makes the leader lead, and if nobody does the deal ends (首轮无掀).
A trick is one round (单轮出牌并不循环往复 [S000]): each other active seat gets one chance
to beat the current top play, and must if it can (有大必大、无大不出). The top play stays
on the table as its owner's 占牌 and its owner leads the next declaration round.

This module is the protocol's door (``new_state``, ``legal``, ``apply``, ``explain``: a
caller's raw seat, action, seed, dealer and deal are checked here); the transitions they
lead to are in :mod:`.transitions`, which only ever gets checked values.
"""

from __future__ import annotations

from collections.abc import Sequence

from huapai.core.present import count_en
from huapai.core.protocol import Event, IllegalAction, Msg, NotationError, unknown_action
from huapai.core.rng import checked_seed, shuffled
from huapai.core.view import bad_seat

from .cards import (
    COPIES,
    DECK,
    EMPTY,
    NUM_FACES,
    Style,
    face_text,
    format_faces,
    said_zh,
    to_counts,
)
from .combos import Combo, catalogue
from .events import Declined
from .rules import XianniuRules
from .state import (
    DECLARE,
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
from .transitions import (
    ask_next,
    call_jinpai,
    check_big_hands,
    discard_face,
    finish,
    lead_after_xian,
    legal_actions_of,
    play_combo,
    xian,
)


def active_seats(players: int, dealer: int) -> tuple[int, ...]:
    """The three seats that play a deal: the 头家 and the next two counterclockwise."""
    return tuple((dealer + i) % players for i in range(3))


def new_state(
    rules: XianniuRules, *, seed: int | None, deal: Sequence[int] | None, dealer: int
) -> tuple[State, list[Event]]:
    if not 0 <= dealer < rules.players:
        raise IllegalAction.of("bad_dealer", "庄家要是 0–{last} 号座",
                               "dealer must be a seat 0..{last}", last=rules.players - 1)
    cards = (_checked_deal(deal, rules.style) if deal is not None
             else shuffled(DECK, checked_seed(seed)))
    s = State.__new__(State)
    s.rules, s.cat, s.deal, s.dealer = rules, catalogue(rules.catalogue_key), cards, dealer
    s.active = active_seats(rules.players, dealer)
    s.hands = [EMPTY] * rules.players
    for i, seat in enumerate(s.active):
        s.hands[seat] = to_counts(cards[i::3])
    s.table, s.discards = [()] * rules.players, [EMPTY] * rules.players
    s.total, s.leader, s.turn, s.decl, s.phase = 0, dealer, dealer, 0, DECLARE
    s.trick, s.xians, s.lost_xian, s.jin_cap, s.jin_resume = (), (), 0, 0, DECLARE
    s.round_xian, s.nobeat = False, ()
    s.waste, s.big, s.end, s._legal, s._view = EMPTY, None, None, None, None
    s._settlement = None
    events: list[Event] = []
    if rules.big_hands:
        check_big_hands(s, events)
    return s, events


def _checked_deal(deal: Sequence[int], style: Style) -> tuple[int, ...]:
    """``deal`` as the deck allows it; a card is named as ``style`` writes it (A, not 地眼)."""
    cards = tuple(deal)
    if len(cards) != len(DECK):
        raise NotationError.of("deal_size", "一副牌应有 {want} 张，这里有 {got} 张",
                               "a deal has {want} cards, got {got}", want=len(DECK), got=len(cards))
    if any(not isinstance(c, int) or not 0 <= c < NUM_FACES for c in cards):
        raise NotationError.of("bad_code", "牌的编码是 0..13", "a deal holds face indexes 0..13")
    counts = to_counts(cards)
    for face, n in enumerate(counts):
        if n != COPIES[face]:
            raise NotationError.of("deal_counts", "这副牌有 {n} 张{name}，应该是 {want} 张",
                                   "the deal has {n} × {name}, the deck has {want}",
                                   n=n, name=face_text(face, style), want=COPIES[face])
    return cards


# ----------------------------------------------------------------------------- legality
def legal(s: State, seat: int) -> tuple[int, ...]:
    """The legal actions of ``seat`` (empty when it is not to act), memoised per state."""
    if s.phase == OVER or seat != s.turn:
        return ()
    cached = s._legal
    if cached is None:
        cached = s._legal = tuple(legal_actions_of(s))
    return cached


def apply(s: State, seat: int, action: int) -> tuple[State, list[Event]]:
    if action not in legal(s, seat):
        raise explain(s, seat, action)
    t = s.copy()
    events: list[Event] = []
    if action >= PLAY0:
        play_combo(t, t.cat.combos[action - PLAY0], events)
    elif action >= DISCARD0:
        discard_face(t, action - DISCARD0, events)
    elif action == JIN:
        call_jinpai(t, events)
    elif action == XIAN:
        xian(t, events)
    else:
        _decline(t, seat, events, auto=False)
    return t, events


def _decline(s: State, seat: int, events: list[Event], *, auto: bool) -> None:
    events.append(Declined(seat, auto))
    if s.round_xian:  # xian_both: not joining a 掀 already made is no 扣了
        if not ask_next(s, events):
            lead_after_xian(s)
        return
    r = s.rules
    if r.fold_forfeits_xian and (seat != s.leader or r.leader_fold_forfeits_xian):
        s.lost_xian |= 1 << seat
    if not ask_next(s, events):
        finish(s, "all_declined", events)


# ----------------------------------------------------------------------------- invariants
def check_invariants(s: State) -> None:
    """Every card is in exactly one place; the table count and the turn are coherent."""
    where = [*s.hands, *s.discards, s.waste]
    where += [s.cat.combos[c].counts for seat in s.table for c in seat]
    where += [s.cat.combos[c].counts for _, c in s.trick]
    if s.big is not None:
        where.append(s.big[2])
    total = [sum(part[f] for part in where) for f in range(NUM_FACES)]
    assert tuple(total) == COPIES, f"cards not conserved: {total}"
    assert s.total == sum(s.table_count(p) for p in s.active), "table total out of step"
    assert s.total <= s.rules.table_cap, "the table is over its cap"
    assert all(not any(s.hands[p]) for p in range(s.rules.players) if p not in s.active)
    assert (s.phase == OVER) == (s.turn == -1), "turn and phase disagree"
    assert s.phase == OVER or s.turn in s.active, "a seat outside the deal is to act"


# --------------------------------------------------------------------- why it is illegal
def explain(s: State, seat: object, action: object) -> IllegalAction:
    """The stable code and a human reason for an action that ``legal`` does not list (a
    seat or an action of the wrong kind said as the other families say it: a researcher
    got ``not_your_turn`` for seat 99 and a TypeError for ``"x"``)."""
    if s.phase == OVER:
        return IllegalAction.of("game_over", "这局已经结束", "the deal is over")
    players = s.rules.players
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        return IllegalAction(bad_seat(seat, players))
    if not isinstance(action, int) or isinstance(action, bool):
        return IllegalAction(unknown_action(action))
    if seat != s.turn:
        return IllegalAction.of("not_your_turn", "现在轮到 {turn} 号座，不是 {seat} 号",
                                "it is seat {turn}'s turn, not seat {seat}'s",
                                turn=s.turn, seat=seat)
    if not 0 <= action < PLAY0 + len(s.cat.combos):
        return IllegalAction.of("unknown_action", "没有编号 {action} 的动作",
                                "no action has id {action}", action=action)
    if action >= PLAY0:
        return _explain_play(s, s.cat.combos[action - PLAY0])
    return _explain_word(s, action)


def _explain_play(s: State, combo: Combo) -> IllegalAction:
    hand = s.hands[s.turn]
    if s.phase == JINPAI:
        return IllegalAction.of("must_discard", "紧牌：一次弃一张（弃 …）",
                                "紧牌: discard one card at a time (弃 …)")
    if s.phase == DECLARE and s.turn != s.leader:
        # 兰州's words are 掀牌 / 扣了 [S002]; 凤翔's are 掀 / 不掀 [S000]
        words = ("掀或不掀", "掀 or decline (不掀)") if s.rules.deck == "huapai" else (
            "掀牌或扣了", "掀 or fold (扣了)")
        return IllegalAction(Msg("not_leader", f"现在只有出牌方出牌，你可以{words[0]}",
                                 f"only the leader plays now; you may {words[1]}"))
    if not s.cat.fits(combo, hand):
        short = [f for f, n in combo.items for _ in range(n - min(n, hand[f]))]
        missing = format_faces(short, s.rules.style)
        return IllegalAction(Msg("not_in_hand", f"你手里没有这些牌：缺 {said_zh(missing)}",
                                 f"you do not hold those cards: {missing} missing",
                                 {"missing": missing}))
    if s.phase == FOLLOW:
        return _does_not_beat(s, combo, s.cat.combos[s.trick[-1][1]])
    cap = s.rules.table_cap - s.total
    return IllegalAction.of("over_table_cap", "桌面已有 {total} 张，出牌最多 {cap} 张",
                            "the table holds {total}; a lead may have at most "
                            + count_en(cap, "card", "cards"),
                            total=s.total, cap=cap)


def _does_not_beat(s: State, combo: Combo, top: Combo) -> IllegalAction:
    """Named by their cards, and why: "单张压不住单张" did not say that the two were
    equal (红八 on a 牛八, a terminal play-test)."""
    mine, theirs = _cards_of(s, combo), _cards_of(s, top)
    same = combo.name == top.name
    zh_why = "同样牌型要更大，一样大的压不住" if same else "必须出同样牌型、更大的牌"
    en_why = "the same type must be bigger; equal does not beat" if same else (
        "a follower must play the same type, bigger")
    return IllegalAction(Msg("does_not_beat",
                             f"{said_zh(mine)}（{combo.name}）压不住 {said_zh(theirs)}"
                             f"（{top.name}）：{zh_why}",
                             f"{mine} ({combo.name}) does not beat {theirs} ({top.name}): "
                             f"{en_why}", {"combo": combo.name, "top": top.name,
                                           "cards": mine, "top_cards": theirs}))


def _cards_of(s: State, combo: Combo) -> str:
    return format_faces((f for f, n in combo.items for _ in range(n)), s.rules.style)


def _explain_word(s: State, action: int) -> IllegalAction:
    if (action == JIN or action >= DISCARD0) and not s.rules.jinpai:  # 凤翔: no 紧牌 at all
        return IllegalAction.of("no_jinpai", "这套规则不打紧牌", "紧牌 is not played here")
    if s.phase == FOLLOW:
        return IllegalAction.of("must_beat", "有大必大：你有压得住的牌，必须出",
                                "you hold a play that beats it and must play")
    if s.phase == JINPAI and action >= DISCARD0:
        name = face_text(action - DISCARD0, s.rules.style)
        return IllegalAction(Msg("not_in_hand", f"你没有 {said_zh(name)} 可弃",
                                 f"you hold no {name} to discard", {"name": name}))
    if s.phase == JINPAI:
        return IllegalAction.of("must_discard", "紧牌：先弃到限额",
                                "紧牌: discard down to the limit first")
    if action == JIN and s.turn != s.leader:
        return IllegalAction.of("not_leader", "只有出牌方可以要求紧牌",
                                "only the leader may call 紧牌")
    if action == JIN:
        after = s.rules.jinpai_after
        return IllegalAction.of("no_jinpai", "紧牌要有此规则、桌面超过 {after} 张且有人手牌超限",
                                "紧牌 needs the rule, a table over {after} cards and a hand "
                                "over the limit",
                                after=after)
    if action >= DISCARD0:
        return IllegalAction.of("no_discard", "只有紧牌时才弃牌", "discards are only for 紧牌")
    if s.phase == LEAD:
        return IllegalAction.of("must_lead", "你被掀了，必须出牌", "you were 掀ed: you must lead")
    if action == XIAN:
        return IllegalAction.of("cannot_xian", "出牌方只能出牌或不掀，不能掀",
                                "the leader plays or declines; he does not 掀")
    return IllegalAction.of("illegal_action", "现在不能这样做", "that action is not legal now")
