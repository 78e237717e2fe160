"""The state of one 掀牛 deal, its phases and action ids (its events: :mod:`.events`)."""

from __future__ import annotations

from typing import Any

from huapai.core.protocol import Settlement
from huapai.core.view import state_repr

from .cards import NUM_FACES, Counts
from .combos import Catalogue
from .rules import XianniuRules

# phases
DECLARE, LEAD, FOLLOW, JINPAI, OVER = range(5)
PHASE_NAMES = ("declare", "lead", "follow", "jinpai", "over")

# the fixed action space: 0 decline, 1 掀, 2 紧牌, 3..16 discard a face, then every play
DECLINE, XIAN, JIN = 0, 1, 2
DISCARD0 = 3
PLAY0 = DISCARD0 + NUM_FACES


class State:
    """A deal in progress. Treated as a value: the engine copies before it changes one.

    ``active`` are the three seats that play this deal in 揭牌 order (头家, 二家, 底家);
    ``table`` holds each seat's 占牌 as play indexes; ``xians`` every 掀 as (掀er, leader);
    ``lost_xian`` the seats that may no longer 掀 (bit mask); ``round_xian`` whether
    somebody has 掀ed in this declaration round (``xian_both``); ``big`` a big hand shown at
    the deal (seat, name, counts). ``discards`` (紧牌) are face down: only their owner saw
    them. ``nobeat`` is every (seat, play) that seat could not beat when it was the top of
    a trick (it passed: 无大不出), in order — public, and never read by play itself (the
    search's informed resample uses it: hands only shrink, so the seat still cannot).
    """

    __slots__ = (
        "_legal",
        "_settlement",
        "_view",
        "active",
        "big",
        "cat",
        "deal",
        "dealer",
        "decl",
        "discards",
        "end",
        "hands",
        "jin_cap",
        "jin_resume",
        "leader",
        "lost_xian",
        "nobeat",
        "phase",
        "round_xian",
        "rules",
        "table",
        "total",
        "trick",
        "turn",
        "waste",
        "xians",
    )

    rules: XianniuRules
    cat: Catalogue
    deal: tuple[int, ...]
    dealer: int
    active: tuple[int, ...]
    hands: list[Counts]
    table: list[tuple[int, ...]]
    total: int
    phase: int
    leader: int
    turn: int
    decl: int
    trick: tuple[tuple[int, int], ...]
    xians: tuple[tuple[int, int], ...]
    lost_xian: int
    nobeat: tuple[tuple[int, int], ...]
    round_xian: bool
    jin_cap: int
    jin_resume: int
    discards: list[Counts]
    waste: Counts
    big: tuple[int, str, Counts] | None
    end: str | None
    _legal: tuple[int, ...] | None
    _view: dict[str, Any] | None
    _settlement: Settlement | None

    def copy(self) -> State:
        new = State.__new__(State)
        new.rules, new.cat, new.deal, new.dealer = self.rules, self.cat, self.deal, self.dealer
        new.active, new.hands, new.table = self.active, list(self.hands), list(self.table)
        new.total, new.phase, new.leader, new.turn = self.total, self.phase, self.leader, self.turn
        new.decl, new.trick, new.xians, new.lost_xian = self.decl, self.trick, self.xians, \
            self.lost_xian
        new.jin_cap, new.jin_resume, new.discards = self.jin_cap, self.jin_resume, \
            list(self.discards)
        new.waste, new.big, new.end, new._legal = self.waste, self.big, self.end, None
        new.round_xian, new._view, new._settlement = self.round_xian, None, None
        new.nobeat = self.nobeat
        return new

    def __repr__(self) -> str:
        return state_repr("xianniu", PHASE_NAMES[self.phase], self.turn, self.dealer, self.hands,
                          self.end, leader=self.leader, table=[len(t) for t in self.table])

    def order(self) -> tuple[int, ...]:
        """The active seats counterclockwise from the current leader (出牌顺序)."""
        i = self.active.index(self.leader)
        return self.active[i:] + self.active[:i]

    def table_count(self, seat: int) -> int:
        n = sum(self.cat.combos[c].size for c in self.table[seat])
        if self.big is not None and self.big[0] == seat:
            n += sum(self.big[2])
        return n
