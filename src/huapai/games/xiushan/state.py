"""The state of one 秀山字牌 deal, its phases, the fixed action space and the events.

Seats ``0..num_seats-1`` sit counterclockwise: a seat's 下家 is the next active seat.
The deal is a permutation of the 80 cards (:mod:`.cards`): the 庄家's ``hand_size``,
then each other active seat's ``hand_size - 1`` in turn order, the 老爷's two (idle
``laoye``), then the stock from its top (堂子头, drawn from) to its bottom; with 翻将
the bottom card is the flipped one, dead (never drawn). A hand is a count vector over
the 20 cards.

Phases: ``turn`` (a seat discards; the 庄家 may 胡 his dealt hand), ``drawn`` (the
drawer decides on the card he turned up from the 堂子头, shown to all: 胡, the group it
forces — 哨 / 龙灯 / 开召 / 鸡 — or 过), ``window`` (the other seats answer a discard:
胡, forced 碰 / 开召, or 过) and ``over``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from huapai.core.table_events import DealEnded as DealEnded  # the family's events, shared
from huapai.core.table_events import Discarded as Discarded
from huapai.core.view import state_repr

from .abacus import Bo
from .calculator import Result
from .cards import NUM_CARDS
from .events import Bakuai as Bakuai
from .events import Drew as Drew
from .events import Laid as Laid
from .events import Taken as Taken
from .events import Won as Won
from .groups import QUAD_KINDS, Kind, Meld
from .table_rules import XiushanGameRules

Counts = tuple[int, ...]

TURN, DRAWN, WINDOW, OVER = range(4)
PHASE_NAMES = ("turn", "drawn", "window", "over")

PASS, HU, PENG, ZHAO, JI, SHAO, LONG = range(7)
DISCARD0 = 7
NUM_ACTIONS = DISCARD0 + NUM_CARDS
ACTION_NAMES = {PASS: "过", HU: "和", PENG: "碰", ZHAO: "开召", JI: "鸡", SHAO: "哨",
                LONG: "龙灯"}
KIND_OF_ACTION = {PENG: Kind.PENG, ZHAO: Kind.ZHAO, JI: Kind.JI, SHAO: Kind.SHAO,
                  LONG: Kind.LONG}


@dataclass(frozen=True, slots=True)
class Held:
    """A laid-down group: the calculator's :class:`Meld`, whether its card is known to
    everyone (a face-down 哨 / 龙灯 laid from the dealt hand is not; one made with a
    shown 堂子头 card is), and the seat whose card completed it (None: its own)."""

    meld: Meld
    public: bool
    source: int | None = None

    @property
    def face_down(self) -> bool:
        return self.meld.kind in (Kind.SHAO, Kind.LONG)

    @property
    def quad(self) -> bool:
        return self.meld.kind in QUAD_KINDS


@dataclass(frozen=True, slots=True)
class Owed:
    """钵福 报数 training: a group ``seat`` laid and must still announce (报子)."""

    seat: int
    kind: Kind
    card: int
    hidden: bool
    """Laid face down with a card the others never saw: they do not learn its value."""


@dataclass(frozen=True, slots=True)
class Win:
    """The winner, the calculator's reading, the discarder (None: 自摸 or 天胡) and the
    card it won on (None: 天胡)."""

    seat: int
    result: Result
    from_seat: int | None
    card: int | None


class State:
    """A deal in progress, treated as a value: the engine copies before it changes one.

    ``bo`` is the 钵 (钵福 only: every seat's 算盘, carried from deal to deal), ``owed``
    the announcements (报子) still to be made in the 报数 training mode (while any is
    owed its seat answers first, the phase underneath unchanged), ``credits`` what each
    (seat, card) group put on the abacus this deal (a 哨 grown into a 开召 adds only the
    difference), ``debo`` that this deal's win was 得一钵, ``carried`` the 钵 the deal
    started from (its record's ``carry``).

    ``offer`` is the card on the table: (seat, card, drawn) — the drawer's shown
    堂子头 card, or a discard being answered. ``order`` / ``answers`` are the claim
    window (:mod:`huapai.core.claim`); ``opened`` says the other seats have laid their
    dealt 哨 / 龙灯 (after the 庄家's first discard); ``waiting`` the seats asked now.
    """

    __slots__ = (
        "_legal", "active", "answers", "bo", "carried", "credits", "deal", "dealer", "debo",
        "end", "hands", "jiang", "melds", "offer", "opened", "order", "owed", "phase",
        "rivers", "rules", "stock_end", "top", "turn", "waiting", "win",
    )  # fmt: skip

    rules: XiushanGameRules
    deal: tuple[int, ...]
    dealer: int
    active: tuple[int, ...]
    hands: list[Counts]
    melds: list[tuple[Held, ...]]
    rivers: list[tuple[int, ...]]
    top: int
    stock_end: int
    jiang: int | None
    phase: int
    turn: int
    offer: tuple[int, int, bool] | None
    order: tuple[int, ...]
    answers: tuple[tuple[int, int], ...]
    opened: bool
    waiting: tuple[int, ...]
    win: Win | None
    end: str | None
    bo: Bo | None
    carried: Any
    owed: tuple[Owed, ...]
    credits: tuple[tuple[int, int, int], ...]
    debo: bool
    _legal: dict[int, list[int]] | None

    def copy(self) -> State:
        new = State.__new__(State)
        new.rules, new.deal, new.dealer = self.rules, self.deal, self.dealer
        new.active = self.active
        new.hands, new.melds, new.rivers = self.hands[:], self.melds[:], self.rivers[:]
        new.top, new.stock_end, new.jiang = self.top, self.stock_end, self.jiang
        new.phase, new.turn, new.offer = self.phase, self.turn, self.offer
        new.order, new.answers, new.opened = self.order, self.answers, self.opened
        new.waiting, new.win, new.end, new._legal = self.waiting, self.win, self.end, None
        new.bo, new.owed, new.credits, new.debo = self.bo, self.owed, self.credits, self.debo
        new.carried = self.carried
        return new

    def __repr__(self) -> str:
        owed = {"owed": len(self.owed)} if self.owed else {}
        return state_repr("xiushan", PHASE_NAMES[self.phase], self.turn, self.dealer, self.hands,
                          self.end, stock=self.stock, **owed)

    @property
    def stock(self) -> int:
        """Cards left to draw (the flipped 将 card is not one of them)."""
        return self.stock_end - self.top

    def next_seat(self, seat: int) -> int:
        """The 下家: the next active seat counterclockwise."""
        i = self.active.index(seat)
        return self.active[(i + 1) % len(self.active)]

    def others(self, seat: int) -> tuple[int, ...]:
        """The other active seats from ``seat``'s 下家 on (the window's tie order)."""
        return _others(self.active, seat)

    def quads(self, seat: int) -> int:
        n = 0
        for h in self.melds[seat]:
            if h.meld.kind in QUAD_KINDS:
                n += 1
        return n

    def total(self, seat: int) -> int:
        """Cards a seat holds, in hand and laid down."""
        n = sum(self.hands[seat])
        for h in self.melds[seat]:
            n += len(h.meld.cards)
        return n

    def rest_size(self, seat: int) -> int:
        """Cards a seat holds between turns: ``hand_size - 1``, plus one for each 4-set
        after the first (八块)."""
        return self.rules.hand_size - 1 + max(0, self.quads(seat) - 1)

    def meld_of(self, seat: int, card: int) -> int | None:
        """The index of ``seat``'s laid group of ``card``, if any."""
        for i, h in enumerate(self.melds[seat]):
            if h.meld.cards[0] == card:
                return i
        return None


@lru_cache(maxsize=256)
def _others(active: tuple[int, ...], seat: int) -> tuple[int, ...]:
    i = active.index(seat)
    n = len(active)
    return tuple(active[(i + k) % n] for k in range(1, n))
