"""钵福 at the table: 报子 onto each seat's 算盘, the 报数 training actions, who may 胡,
and the 钵 carried from deal to deal (:mod:`.abacus` is the arithmetic).

* Every 哨 / 碰 / 开召 / 鸡 / 龙灯 a seat lays is announced [S] ("哨、碰、召、鸡、龙都必须
  报油子"). With ``baoshu="auto"`` the engine announces it correctly at once; with
  ``baoshu="train"`` the seat owes the announcement (:class:`.state.Owed`) and must make
  it before anything else happens: the actions ``报 0`` … ``报 30`` (every number of the
  range is legal, so the legal list never gives the right one away) or ``不报`` (不报子，
  不上算盘: nothing added). A wrong number is 吃包子.
* A group that grows (哨 → 开召 / 龙灯, 碰 → 鸡) is announced at its new value and adds
  the difference from what its earlier form put on the abacus this deal (engine choice:
  nothing counted twice; docs/xiushan.md §11).
* A seat may 胡 only as :meth:`.abacus.Bo.can_win` allows (at most ``bo_max_wins`` wins,
  the last reaching ``bo_target``); the win puts 油子 × 翻 on the abacus (less what was
  announced this deal, ``bo_win_add``); reaching the target is 得一钵, settled by the
  differences, and ends the match (:func:`match_over`).
* ``carry`` is the 钵 as JSON (:meth:`.abacus.Bo.to_json`); the next deal starts from it,
  and each deal's record header keeps it, so a deal replays from its own record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from huapai.core.present import Msg
from huapai.core.protocol import Event, NotationError

from .abacus import Bo, BoError, announce_value
from .calculator import Result
from .cards import NUM_CARDS, card_name
from .describe import say
from .groups import Kind
from .state import NUM_ACTIONS, Owed, State
from .table_rules import XiushanGameRules

BAO_MAX = 30
"""The largest number one may announce (the largest group, 大将龙灯, is 24 [S])."""
BAO0 = NUM_ACTIONS
"""``报 0``; ``报 N`` is ``BAO0 + N``."""
NO_BAO = BAO0 + BAO_MAX + 1
"""``不报``: 不报子，不上算盘."""
BO_NUM_ACTIONS = NO_BAO + 1


def num_actions(rules: XiushanGameRules) -> int:
    return BO_NUM_ACTIONS if rules.hand_value == "fan" else NUM_ACTIONS


def is_bao(action: int) -> bool:
    return BAO0 <= action <= NO_BAO


def bao_actions() -> list[int]:
    return list(range(BAO0, NO_BAO + 1))


def said_of(action: int) -> int | None:
    return None if action == NO_BAO else action - BAO0


# ----------------------------------------------------------------------------- events
@dataclass(frozen=True, slots=True)
class Announced(Event):
    """报子: ``said`` 钱 (None: 不报) for a group; ``outcome`` ``announce`` (right, added),
    ``baozi`` (wrong: 吃包子) or ``unannounced``. For a face-down group whose card the
    others never saw, they get neither the card nor the right value."""

    kind: ClassVar[str] = "announced"
    group: str
    card: str | None
    said: int | None
    correct: int | None
    outcome: str
    before: int
    after: int
    hidden: bool = False

    @property
    def private(self) -> bool:
        return self.hidden and self.card is not None

    def redacted(self) -> Event:
        return Announced(self.seat, self.group, None, self.said, None, self.outcome,
                         self.before, self.after, self.hidden)  # fmt: skip


@dataclass(frozen=True, slots=True)
class AbacusWin(Event):
    """A win goes onto the 算盘: ``value`` (油子 × 翻) adds ``after - before``, that is
    ``value`` less ``earlier``, what this deal's 报子 already put on (``bo_win_add`` net;
    0 under full, public as the 报子 are); ``debo`` (得一钵) with each seat's gain in
    ``settlement``."""

    kind: ClassVar[str] = "abacus_win"
    value: int
    before: int
    after: int
    debo: bool
    settlement: tuple[int, ...] = ()
    earlier: int = 0


# ----------------------------------------------------------------------------- the 钵
def start_bo(rules: XiushanGameRules, carry: Any) -> Bo | None:
    """The 钵 a deal starts from: the carried one, or a fresh one (first deal)."""
    if rules.hand_value != "fan":
        if carry is not None:
            raise NotationError(say("只有钵福的牌局带算盘", "only 钵福 deals carry a 算盘"))
        return None
    if carry is None:
        return Bo.new(rules.num_seats)
    if not isinstance(carry, Mapping):
        raise NotationError(say("算盘记录要是一个对象", "the carried 钵 is an object"))
    try:
        bo = Bo.from_json(carry)
    except BoError as exc:
        raise NotationError(say(f"算盘记录有误：{exc}", f"bad carried 钵: {exc}")) from None
    if len(bo.seats) != rules.num_seats:
        raise NotationError(say(f"算盘记录有 {len(bo.seats)} 家，这桌是 {rules.num_seats} 家",
                                f"the carried 钵 has {len(bo.seats)} seats, the table "
                                f"{rules.num_seats}"))
    return bo


def carry(s: State) -> Any:
    """What a finished deal hands on: the 钵 with this deal's announcements closed."""
    if s.bo is None:
        return None
    return s.bo.end_deal().to_json()


def match_over(s: State) -> bool:
    """得一钵 ends the match (one 钵 per match)."""
    return s.debo


# ----------------------------------------------------------------------------- 报子
def laid(s: State, seat: int, kind: Kind, card: int, hidden: bool,
         events: list[Event]) -> None:
    """``seat`` laid a group: announce it now (auto), or owe the announcement (train)."""
    if s.bo is None:
        return
    owed = Owed(seat, kind, card, hidden)
    if s.rules.baoshu == "train":
        s.owed = (*s.owed, owed)
        return
    _announce(s, owed, announce_value(kind, card, s.jiang), events)


def laid_dealt(s: State, seat: int, groups: Sequence[tuple[Kind, int]],
               events: list[Event]) -> None:
    """The face-down groups of a dealt hand, announced after they are all laid and in
    the order of their values (so the order of the announcements says nothing more than
    the values themselves; :func:`dealt_values` is that public fact)."""
    if s.bo is None:
        return
    for kind, card in sorted(groups, key=lambda g: (announce_value(g[0], g[1], s.jiang),
                                                   g[0].value)):
        laid(s, seat, kind, card, True, events)


def dealt_values(kinds_cards: Sequence[tuple[Kind, int]], jiang: int | None) -> tuple[int, ...]:
    """What the 报子 of a dealt hand's face-down groups tells everyone: their values."""
    return tuple(sorted(announce_value(k, c, jiang) for k, c in kinds_cards))


def answer(s: State, action: int, events: list[Event]) -> None:
    """The first owed announcement, made with ``action`` (``报 N`` or ``不报``)."""
    owed, s.owed = s.owed[0], s.owed[1:]
    _announce(s, owed, said_of(action), events)


def _announce(s: State, owed: Owed, said: int | None, events: list[Event]) -> None:
    assert s.bo is not None
    correct = announce_value(owed.kind, owed.card, s.jiang)
    key = (owed.seat, owed.card)
    credited = next((v for p, c, v in s.credits if (p, c) == key), 0)
    before = s.bo.seats[owed.seat].abacus
    s.bo, ev = s.bo.announce(s.rules, owed.seat, said, correct, credited)
    if ev.kind == "announce":
        s.credits = (*(t for t in s.credits if t[:2] != key), (*key, correct))
    elif ev.kind == "baozi":
        s.credits = tuple(t for t in s.credits if t[0] != owed.seat)
    events.append(Announced(owed.seat, owed.kind.value, card_name(owed.card), said, correct,
                            ev.kind, before, ev.after, owed.hidden))  # fmt: skip


def owed_view(s: State, seat: int | None) -> dict[str, Any] | None:
    """The group ``seat`` must announce now (never its value), for its own view."""
    if not s.owed or seat != s.owed[0].seat:
        return None
    o = s.owed[0]
    size = 4 if o.kind in (Kind.ZHAO, Kind.JI, Kind.LONG) else 3
    return {"group": o.kind.value, "card": card_name(o.card), "size": size}


def asked(s: State, seat: int) -> Msg | None:
    """The group ``seat``'s 报 is for (``报 3`` alone does not say it), for the AI review."""
    owed = owed_view(s, seat)
    if owed is None:
        return None
    return Msg.of("asked_bao", "{group} {cards}", "{group} of {card}",
                  group=owed["group"], card=owed["card"], cards=owed["card"] * owed["size"])


# ----------------------------------------------------------------------------- 胡
def may_win(s: State, seat: int, found: Result | int | None,
            full: Result | None = None) -> bool:
    """Whether a winning reading lets ``seat`` 胡 under the 钵's rules."""
    if found is None:
        return False
    if s.bo is None:
        return True
    mine = s.bo.seats[seat]
    r = s.rules
    if mine.wins >= r.bo_max_wins:
        return False
    if mine.wins < r.bo_max_wins - 1:
        return True
    assert full is not None
    return s.bo.can_win(r, seat, full.value or 0)[0]


def needs_full(s: State, seat: int) -> bool:
    """Whether :func:`may_win` needs the hand's value (the last win must reach the 钵)."""
    return s.bo is not None and s.bo.seats[seat].wins == s.rules.bo_max_wins - 1


def on_win(s: State, events: list[Event]) -> None:
    """The win goes onto the abacus; reaching the target is 得一钵."""
    if s.bo is None or s.win is None:
        return
    w = s.win
    value = w.result.value or 0
    before = s.bo.seats[w.seat].abacus
    earlier = value - s.bo.win_add(s.rules, w.seat, value)
    s.bo, ev = s.bo.win(s.rules, w.seat, value)
    s.debo = ev.kind == "debo"
    events.append(AbacusWin(w.seat, value, before, ev.after, s.debo, ev.settlement, earlier))


def wait_refusals(s: State, seat: int, wait: Mapping[str, Any]) -> dict[str, Any]:
    """钵福: why ``seat`` could not win on a wait of :func:`.observe.my_waits` now, on a
    discard (``refused``) and self-drawn (``refused_self_drawn``): a
    :meth:`.abacus.Bo.refusal` as JSON, or None (it may, or that way does not win).
    Seed 004 §四 [S]: "每个人只能和两回，并且第二回和牌时，算盘上的累加数，必须达到100胡油
    以上，否则不能和牌". The value is the wait's (no 天福 / 地福 / 海底, which only the
    win itself knows, :func:`win_context`)."""
    assert s.bo is not None
    out: dict[str, Any] = {}
    for key, score in (("refused", "score"), ("refused_self_drawn", "score_self_drawn")):
        value = wait.get(score)
        refusal = None if value is None else s.bo.refusal(s.rules, seat, value)
        out[key] = None if refusal is None else refusal.to_json()
    return out


def win_context(s: State, seat: int, card: int | None, self_drawn: bool) -> frozenset[str]:
    """The flags of a win only the engine knows (天胡, 地胡, 海底) for the 名堂 table."""
    if s.rules.hand_value == "dou":
        return frozenset()
    flags = set()
    if card is None:
        flags.add("tianhu")
    elif (not self_drawn and seat != s.dealer and s.offer is not None
          and s.offer[0] == s.dealer and not s.offer[2] and not any(s.rivers)
          and not any(h.source is not None for m in s.melds for h in m)):
        flags.add("dihu")
    if card is not None and s.top >= s.stock_end and self_drawn:
        flags.add("haidi")
    return frozenset(flags)


# ----------------------------------------------------------------------------- learning
_OWED_KINDS = (Kind.PENG, Kind.SHAO, Kind.ZHAO, Kind.JI, Kind.LONG)


def features_size(rules: XiushanGameRules) -> int:
    """Numbers :func:`features` adds to a 钵福 observation (0 for the other presets)."""
    if rules.hand_value != "fan":
        return 0
    return 3 * rules.num_seats + 1 + len(_OWED_KINDS) + NUM_CARDS


def features(s: State, seat: int) -> list[float]:
    """钵福 for a learner, from ``seat``'s point of view: each seat's abacus (/ target),
    wins (/ max) and 戴帽子, seats relative to it; whether it owes an announcement and of
    which of its own groups (kind, card) — never the value."""
    if s.bo is None:
        return []
    r, n = s.rules, s.rules.num_seats
    out: list[float] = []
    for i in range(n):
        x = s.bo.seats[(seat + i) % n]
        out += [x.abacus / r.bo_target, x.wins / r.bo_max_wins, float(x.hat(r))]
    owed = s.owed[0] if s.owed and s.owed[0].seat == seat else None
    out.append(float(owed is not None))
    out += [float(owed is not None and owed.kind is k) for k in _OWED_KINDS]
    out += [float(owed is not None and owed.card == c) for c in range(NUM_CARDS)]
    return out
