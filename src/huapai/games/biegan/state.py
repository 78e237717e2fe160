"""The state of one 双别杆 deal, its phases, the fixed action space and the events.

Seats 0..2 sit counterclockwise (G1): a seat's 下家 is ``(seat + 1) % 3``. The deal is a
tuple of card codes (:mod:`.cards`): 庄家's 26, 二家's 25, 末家's 25, then the stock from
its top (牌面, normal draws and the draw after 招) to its bottom (牌底, replacements
after 紮 / 开泛). A hand is a count vector over the 28 card codes.
"""

from __future__ import annotations

from dataclasses import dataclass

from huapai.core.table_events import DealEnded as DealEnded  # the family's events, shared
from huapai.core.table_events import Discarded as Discarded
from huapai.core.view import state_repr

from .calculator import HandResult
from .cards import FLOWER_FACES, JOKER, NUM_CODES, NUM_FACES, card
from .events import Claimed as Claimed
from .events import Drew as Drew
from .events import Kaifan as Kaifan
from .events import QingtongPassed as QingtongPassed
from .events import Won as Won
from .events import Zha as Zha
from .rules import BieganRules
from .units import Meld

Counts = tuple[int, ...]
EMPTY: Counts = (0,) * NUM_CODES

# phases
QINGTONG, TURN, AFTER_DUI, WINDOW, OVER = range(5)
PHASE_NAMES = ("qingtong", "turn", "after_dui", "window", "over")

# the fixed action space
PASS, HU, ZHAO, DUI, FAN = range(5)
DISCARD0 = 5
ZHA0 = DISCARD0 + NUM_CODES
KAIFAN0 = ZHA0 + NUM_FACES
NUM_ACTIONS = KAIFAN0 + NUM_FACES
DISPLAY: tuple[int, ...] = (
    *(c for f in range(NUM_FACES) for c in ((f, card(f, True)) if f in FLOWER_FACES else (f,))),
    JOKER,
)
"""Card codes in display order: by face (上 大 人 … 六), plain before 花, 赖 last. The
discard actions follow it, so a sorted legal list reads like the hand."""
DISCARD_OF: tuple[int, ...] = tuple(DISCARD0 + DISPLAY.index(c) for c in range(NUM_CODES))
"""The discard action of each card code."""
CLAIMS = (HU, ZHAO, DUI, FAN)
"""Window answers, highest priority first after 胡: 胡 > 招 (and 泛) > 对 (G9)."""


def discard_code(action: int) -> int:
    """The card code a discard action throws."""
    return DISPLAY[action - DISCARD0]

def hand_sizes(players: int) -> tuple[int, ...]:
    """Cards dealt to 庄家, 二家 (and 末家) [S: 莊家起26張, the others 25]."""
    return (26,) + (25,) * (players - 1)



@dataclass(frozen=True, slots=True)
class Held:
    """A declared meld of a seat: the calculator's :class:`Meld`, whether others see its
    cards (a 紮 is face down unless ``zha_shown``), and the seat whose discard it took."""

    meld: Meld
    hidden: bool
    source: int | None = None


@dataclass(frozen=True, slots=True)
class Win:
    """One winner: its seat, the calculator's reading, the discarder (None: 自摸)."""

    seat: int
    result: HandResult
    from_seat: int | None
    card: int | None


class State:
    """A deal in progress. Treated as a value: the engine copies before it changes one.

    ``hands`` count card codes per seat; ``packed`` is the same hand's face counts in the
    calculator's packed form (jokers left out), kept in step for the fast win test.
    ``pending`` is the discard a window is about (seat, card); ``answers`` the window
    answers so far; ``guohu`` the seats under 过胡 (bit mask); ``qt`` the 请统 queue;
    ``waiting`` the seats asked to act now (``to_act``), set after every change.
    """

    __slots__ = (
        "_legal",
        "answers",
        "bottom",
        "deal",
        "dealer",
        "drawn",
        "duis",
        "end",
        "guohu",
        "hands",
        "melds",
        "packed",
        "pending",
        "phase",
        "qt",
        "qt_faces",
        "rivers",
        "rules",
        "top",
        "turn",
        "waiting",
        "wins",
    )

    rules: BieganRules
    deal: tuple[int, ...]
    dealer: int
    hands: list[Counts]
    packed: list[int]
    melds: list[tuple[Held, ...]]
    rivers: list[tuple[int, ...]]
    duis: list[int]
    top: int
    bottom: int
    phase: int
    turn: int
    waiting: tuple[int, ...]
    qt: tuple[int, ...]
    qt_faces: int
    pending: tuple[int, int] | None
    answers: tuple[tuple[int, int], ...]
    guohu: int
    drawn: int | None
    wins: tuple[Win, ...]
    end: str | None
    _legal: dict[int, list[int]] | None

    def copy(self) -> State:
        new = State.__new__(State)
        new.rules, new.deal, new.dealer = self.rules, self.deal, self.dealer
        new.hands, new.packed = self.hands[:], self.packed[:]
        new.melds, new.rivers, new.duis = self.melds[:], self.rivers[:], self.duis[:]
        new.top, new.bottom, new.phase, new.turn = self.top, self.bottom, self.phase, self.turn
        new.waiting, new.qt, new.qt_faces = self.waiting, self.qt, self.qt_faces
        new.pending, new.answers, new.guohu = self.pending, self.answers, self.guohu
        new.drawn, new.wins, new.end, new._legal = self.drawn, self.wins, self.end, None
        return new

    def __repr__(self) -> str:
        return state_repr("biegan", PHASE_NAMES[self.phase], self.turn, self.dealer, self.hands,
                          self.end, stock=self.stock)

    @property
    def stock(self) -> int:
        """Cards left in the stock (牌面 to 牌底)."""
        return self.bottom - self.top + 1

    def window(self) -> tuple[int, ...]:
        """The seats that answer a discard, in priority order: its 下家, then the other."""
        assert self.pending is not None
        seat, n = self.pending[0], self.rules.players
        return tuple((seat + i) % n for i in range(1, n))
