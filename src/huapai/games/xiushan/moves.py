"""The mechanics of a 秀山 deal: dealing, laying groups, drawing, claiming, winning.

Sources ([S] the seed, xiushan.md §2.4): draws come from the 堂子头 and are shown to
all; a pair in hand and a shown or discarded card of it must be 碰'd; a 暗哨 and such a
card must be 开召'd; a 碰 and a 堂子头 card must be 鸡'd (never a discard); three alike
drawn are a 哨, four a 龙灯, both laid face down; the first 4-set is followed by a
discard, later ones say 八块 and the 下家 draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from huapai.core.protocol import Event

from . import bo_play
from .calculator import Hand, Result, complete_size, score_checked, youzi_of
from .cards import COPIES, NUM_CARDS, card_name, format_cards
from .groups import QUAD_KINDS, Kind, Meld
from .quick import may_cut, may_cut_with
from .state import (
    DRAWN,
    JI,
    KIND_OF_ACTION,
    LONG,
    OVER,
    PENG,
    SHAO,
    TURN,
    WINDOW,
    ZHAO,
    Bakuai,
    Counts,
    DealEnded,
    Drew,
    Held,
    Laid,
    State,
    Taken,
    Win,
    Won,
)
from .table_rules import XiushanGameRules


# ----------------------------------------------------------------------------- dealing
def seats_of(rules: XiushanGameRules, dealer: int) -> tuple[tuple[int, ...], int | None]:
    """The active seats in turn order from the 庄家, and the idle seat (his 上家)."""
    n = rules.num_seats
    if rules.idle == "none":
        return tuple((dealer + i) % n for i in range(n)), None
    idle = (dealer - 1) % n
    return tuple((dealer + i) % n for i in range(n - 1)), idle


def dealt_sizes(rules: XiushanGameRules) -> list[int]:
    """Cards dealt, in deal order: 庄家, the other active seats, then the 老爷."""
    sizes = [rules.hand_size] + [rules.hand_size - 1] * (rules.seats - 1)
    return sizes + ([2] if rules.idle == "laoye" else [])


def counts_of(cards: Sequence[int]) -> Counts:
    counts = [0] * NUM_CARDS
    for c in cards:
        counts[c] += 1
    return tuple(counts)


def hand_text(hand: Counts) -> str:
    return format_cards(c for c in range(NUM_CARDS) for _ in range(hand[c]))


def waiting(s: State) -> tuple[int, ...]:
    if s.owed:
        return (s.owed[0].seat,)
    if s.phase == OVER:
        return ()
    if s.order:
        if not s.answers:
            return s.order
        done = {p for p, _ in s.answers}
        return tuple(p for p in s.order if p not in done)
    return (s.turn,)


# ----------------------------------------------------------------------------- groups
def add(s: State, seat: int, card: int, n: int) -> None:
    hand = list(s.hands[seat])
    hand[card] += n
    s.hands[seat] = tuple(hand)


def lay_dealt(s: State, seat: int, events: list[Event]) -> None:
    """A seat lays the 哨 (three alike) and 龙灯 (four) of its dealt hand face down."""
    groups = dealt_groups(s.rules, s.hands[seat])
    for kind, c, size in groups:
        add(s, seat, c, -size)
        s.melds[seat] = (*s.melds[seat], Held(Meld(kind, (c,) * size), False))
        events.append(Laid(seat, kind.value, card_name(c), size, True))
    bo_play.laid_dealt(s, seat, [(kind, c) for kind, c, _ in groups], events)


def dealt_groups(r: XiushanGameRules, hand: Counts) -> list[tuple[Kind, int, int]]:
    """The groups a dealt hand lays face down, as (kind, card, size): every 龙灯 first,
    then every 哨 (so the order says nothing about the cards), each while something is
    left in the hand to play (the last cards stay, a 坎)."""
    left = sum(hand)
    out: list[tuple[Kind, int, int]] = []
    longs = [c for c in range(NUM_CARDS) if hand[c] == COPIES and r.quads]
    shaos = [c for c in range(NUM_CARDS)
             if hand[c] >= 3 and r.lay_shao and c not in longs]
    for kind, size, cards in ((Kind.LONG, 4, longs), (Kind.SHAO, 3, shaos)):
        for c in cards:
            if left == size:
                continue
            left -= size
            out.append((kind, c, size))
    return out


def open_others(s: State, events: list[Event]) -> None:
    """闲家等庄家打第一张牌后再亮龙 [S]: the other seats lay their dealt groups."""
    s.opened = True
    for seat in s.active[1:]:
        lay_dealt(s, seat, events)


def owes_discard(s: State, seat: int) -> bool:
    return s.total(seat) > s.rest_size(seat)


def _leaves_a_card(s: State, seat: int, from_hand: int, quad: bool) -> bool:
    """Whether a group taking ``from_hand`` cards still leaves a card to discard when one
    is owed (an engine guard: a group may not leave a seat unable to play)."""
    left = sum(s.hands[seat]) - from_hand
    quads = s.quads(seat) + quad
    owed = s.total(seat) + 1 > s.rules.hand_size - 1 + max(0, quads - 1)
    return left > 0 or not owed


def own_group(s: State, seat: int, card: int) -> int | None:
    """The group the drawer must make with the card he turned up, if any."""
    r, i = s.rules, s.meld_of(seat, card)
    n = s.hands[seat][card]
    if i is not None:
        kind = s.melds[seat][i].meld.kind
        if r.quads and kind is Kind.SHAO and _leaves_a_card(s, seat, 0, True):
            return LONG if r.own_draw_on_shao == "long" else ZHAO
        if r.quads and kind is Kind.PENG and _leaves_a_card(s, seat, 0, True):
            return JI
        return None
    if n == 3 and r.quads and _leaves_a_card(s, seat, 3, True):
        return LONG
    if n == 2 and r.lay_shao and _leaves_a_card(s, seat, 2, False):
        return SHAO
    return None


def claim_of(s: State, seat: int, card: int, drawn: bool) -> int | None:
    """The group another seat must make with a shown or discarded card, if any."""
    r, i = s.rules, s.meld_of(seat, card)
    if i is not None:
        kind = s.melds[seat][i].meld.kind
        if r.quads and kind is Kind.SHAO and _leaves_a_card(s, seat, 0, True):
            return ZHAO
        if r.quads and drawn and kind is Kind.PENG and _leaves_a_card(s, seat, 0, True):
            return JI
        return None
    n = s.hands[seat][card]
    if n == 3 and r.quads and _leaves_a_card(s, seat, 3, True):
        return ZHAO
    if n >= 2 and _leaves_a_card(s, seat, 2, False):
        return PENG
    return None


def make_group(s: State, seat: int, action: int, card: int, source: int | None,
               events: list[Event]) -> None:
    """Lay the group ``action`` with ``card`` (the shown or discarded one), then the
    seat discards, or says 八块 and its 下家 draws."""
    kind = KIND_OF_ACTION[action]
    i = s.meld_of(seat, card)
    melds = list(s.melds[seat])
    size = 4 if action in (ZHAO, JI, LONG) else 3
    if i is not None:
        melds[i] = Held(Meld(kind, (card,) * size), True, source)
    else:
        add(s, seat, card, -(size - 1))
        melds.append(Held(Meld(kind, (card,) * size), True, source))
    s.melds[seat] = tuple(melds)
    s.offer = None
    events.append(Laid(seat, kind.value, card_name(card), size, False, source))
    bo_play.laid(s, seat, kind, card, False, events)
    after_taking(s, seat, events)


def after_taking(s: State, seat: int, events: list[Event]) -> None:
    """After a seat took a card: it discards if it holds one too many, else 八块."""
    s.offer = None
    if owes_discard(s, seat):
        s.phase, s.turn = TURN, seat
        return
    events.append(Bakuai(seat))
    if seat == s.dealer and not s.opened:
        open_others(s, events)
    if s.owed:  # 钵福's 报数 training: every 报子 owed comes before the 下家's draw
        s.phase, s.turn = TURN, seat
        return
    draw(s, s.next_seat(seat), events)


def after_announcing(s: State, events: list[Event]) -> None:
    """The last owed 报子 made: a 八块 that waited for it goes on with its 下家's draw (the
    seat whose turn it is owes no discard; one that owes one discards as before)."""
    if s.phase == TURN and not s.owed and not owes_discard(s, s.turn):
        draw(s, s.next_seat(s.turn), events)


def draw(s: State, seat: int, events: list[Event]) -> None:
    """``seat`` turns up the 堂子头 card, shown to all; an empty stock is 黄庄."""
    if s.top >= s.stock_end:
        finish(s, "huang", events)
        return
    card = s.deal[s.top]
    s.top += 1
    s.offer, s.phase, s.turn = (seat, card, True), DRAWN, seat
    events.append(Drew(seat, card_name(card), s.rules.drawn_card == "show"))


def pass_drawn(s: State, seat: int, events: list[Event]) -> None:
    """The drawer lets his shown card go: a seat forced to 碰 / 开召 / 鸡 it takes it,
    otherwise it goes into his hand. Without ``forced_claims`` every other seat is asked
    (a claim window on the shown card)."""
    assert s.offer is not None
    card = s.offer[1]
    if s.rules.drawn_card == "keep":
        take_drawn(s, seat, events)
        return
    if not s.rules.forced_claims:
        s.phase, s.order, s.answers = WINDOW, s.others(seat), ()
        return
    for other in s.others(seat):
        claim = claim_of(s, other, card, True)
        if claim is not None:
            make_group(s, other, claim, card, seat, events)
            return
    take_drawn(s, seat, events)


def take_drawn(s: State, seat: int, events: list[Event]) -> None:
    """The shown card nobody took goes into the drawer's hand."""
    assert s.offer is not None
    card = s.offer[1]
    add(s, seat, card, 1)
    events.append(Taken(seat, card_name(card)))
    after_taking(s, seat, events)


def finish(s: State, reason: str, events: list[Event]) -> None:
    s.phase, s.end, s.order, s.answers = OVER, reason, (), ()
    events.append(DealEnded(None, reason))


# ----------------------------------------------------------------------------- winning
def reading(s: State, seat: int, card: int | None, self_drawn: bool,
            full: bool) -> Result | int | None:
    """The best winning reading of ``seat``'s hand with ``card`` (None: the hand as it is,
    天胡): into the hand, or onto its 哨 / 碰 of that card (开召 / 龙灯 / 鸡). With ``full``
    the calculator's :class:`Result`, else only its 油子; None when it does not win."""
    best: tuple[int, int] | None = None
    found: Result | int | None = None
    r = s.rules
    for hand, melds in _ways(s, seat, card, self_drawn):
        h = Hand(hand, melds, card, self_drawn, s.jiang)
        youzi = youzi_of(r, h)
        if youzi is None or youzi < r.hu_threshold:
            continue
        if not full:
            return youzi
        result = score_checked(r, h, bo_play.win_context(s, seat, card, self_drawn))
        worth = result.value if result.value is not None else result.dou or 0
        key = (worth, result.youzi)
        if best is None or key > best:
            best, found = key, result
    return found


def _ways(s: State, seat: int, card: int | None,
          self_drawn: bool) -> list[tuple[Counts, tuple[Meld, ...]]]:
    """The ways ``card`` completes the hand (None: the hand as it is) whose concealed
    cards might cut (:func:`.quick.may_cut`): (concealed counts, laid groups)."""
    r, hand, held = s.rules, s.hands[seat], s.melds[seat]
    total, quads, at = sum(hand), 0, None
    for i, h in enumerate(held):
        m = h.meld
        total += len(m.cards)
        quads += m.kind in QUAD_KINDS
        if at is None and m.cards[0] == card:
            at = i
    complete = r.hand_size + (quads - 1 if quads > 1 else 0)
    if card is None:
        if total != complete or not may_cut(hand, r.jiao):
            return []
        return [(hand, tuple(h.meld for h in held))]
    ways = []
    if total + 1 == complete and may_cut_with(hand, card, r.jiao):
        grown_hand = (*hand[:card], hand[card] + 1, *hand[card + 1:])
        ways.append((grown_hand, tuple(h.meld for h in held)))
    if r.quads and at is not None and may_cut(hand, r.jiao):
        melds = tuple(h.meld for h in held)
        kind = melds[at].kind
        onto = {Kind.SHAO: Kind.LONG if self_drawn and r.own_draw_on_shao == "long"
                else Kind.ZHAO, Kind.PENG: Kind.JI if self_drawn else None}.get(kind)
        if onto is not None:
            grown = (*melds[:at], Meld(onto, (card,) * 4), *melds[at + 1:])
            if total + 1 == complete_size(r, grown):
                ways.append((hand, grown))
    return ways


def win(s: State, seat: int, card: int | None, from_seat: int | None, self_drawn: bool,
        events: list[Event]) -> None:
    result = reading(s, seat, card, self_drawn, True)
    assert isinstance(result, Result)
    result = table_names(s.rules, result, card, self_drawn)
    s.win = Win(seat, result, from_seat, card)
    groups = " ".join(f"{g.kind.value}:{format_cards(g.cards)}" for g in result.groups)
    events.append(Won(seat, from_seat, None if card is None else card_name(card), result.youzi,
                      result.dou or 0, hand_text(s.hands[seat]), groups))
    bo_play.on_win(s, events)
    finish(s, "hu", events)


def table_names(r: XiushanGameRules, result: Result, card: int | None,
                self_drawn: bool) -> Result:
    """The winning hand's groups under the names of its game. Where three alike are laid
    down (``lay_shao``: 黄十八, 钵福) the calculator's 坎 — the only one there is the winning
    card's — is a 哨 [S] ("哨牌在三六福中叫坎，在黄十八和钵福中叫哨", seed 004 §三 4; "摸牌时
    三个相同的牌形成一组，叫哨"), or a 碰 when a discard completed it and it scores as one
    (``discard_triple`` peng: a discard of one's pair is a 碰 [S]). Values are unchanged;
    麻雀福 / 黄六福 (碰或者坎 [S]) and 三六福 keep 坎."""
    if not r.lay_shao:
        return result
    peng = card is not None and not self_drawn and r.discard_triple == "peng"
    groups = tuple(
        g if g.kind is not Kind.KAN else replace(  # named 碰: no "counted as a 碰" note
            g, kind=Kind.PENG if peng and g.cards[0] == card else Kind.SHAO, as_peng=False)
        for g in result.groups)  # fmt: skip
    return replace(result, groups=groups)
