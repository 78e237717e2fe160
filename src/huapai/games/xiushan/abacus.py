"""钵福's 算盘 (abacus) and 钵 (pot): 报子, 吃包子, 戴帽子, two wins and 得一钵.

Seed ``004_1284c002b6627dc7`` §四 [S]:

* 哨、碰、召、鸡、龙都必须报油子 — every 哨 / 碰 / 开召 / 鸡 / 龙灯 is announced (报子) in
  钱, one 钱 per 胡 of its 油子 ("小牌碰，直接报'1个钱'…大牌碰，直接报'3个钱'"), and the
  巽家 adds it on that player's abacus (:func:`announce_value`);
* 不报子，不上算盘 — what is not announced is not added;
* 报错子吃包子 — a wrong announcement: "算盘上的累计数全部归零；并且上20个钱的负数，叫
  戴帽子". The arithmetic is open (xiushan.md §3.4, §8.5): rules option ``baozi`` — ``hat``
  (default, zipai.md BG10 [P]): the abacus becomes −20; ``zero``: it becomes 0. Either way
  an abacus at −``hat_at`` or below is 戴帽子 (:attr:`Seat.hat`);
* 每个人只能和两回，并且第二回和牌时，算盘上的累加数，必须达到100胡油以上 — at most
  ``bo_max_wins`` wins per 钵, the last of them only if it brings the abacus to
  ``bo_target`` (:meth:`Bo.can_win`);
* 满100胡，叫得一钵，以油子差距计算输赢，然后归零 — reaching ``bo_target`` on a win is
  得一钵: settled by the differences (each other player pays the winner's total less his
  own, [P] zipai.md B5), then every abacus resets and the next 钵 begins.

Open points, as options with their defaults: a win adds 油子 × 翻 less what the winner
announced this deal (``bo_win_add`` ``net``, zipai.md BG9 [P]); a first win reaching the
target also ends the 钵 ([P] zipai.md B5); only a win ends a 钵 (announcements alone never
do — the seed ties 满100胡 to 和牌). :class:`Bo` is a pure value carried from deal to deal
by the engine, with ``to_json`` / ``from_json`` for records and crash recovery.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from .cards import other_size, rank
from .groups import MELD_KINDS, Kind, same_card_youzi
from .rules import XiushanRules

ANNOUNCED_KINDS = MELD_KINDS
"""哨、碰、召、鸡、龙 [S]: the groups that are announced."""

JSON_FORMAT = "huapai-xiushan-bo/1"


class BoError(ValueError):
    """An abacus operation the rules do not allow, or a bad record."""


def announce_value(kind: Kind, card: int, jiang: int | None) -> int:
    """钱 to announce for a laid-down group: its 油子 [S] (1 钱 = 1 胡)."""
    if kind not in ANNOUNCED_KINDS:
        raise BoError(f"{kind.value} is not announced; 报子 is for 哨 碰 开召 鸡 龙灯")
    return same_card_youzi(kind, card, jiang)


NEIGHBOUR = {Kind.PENG: Kind.SHAO, Kind.SHAO: Kind.PENG, Kind.ZHAO: Kind.LONG,
             Kind.JI: Kind.LONG, Kind.LONG: Kind.ZHAO}  # fmt: skip
"""The kind a hurried announcer confuses a group with (碰 ↔ 哨, 召 / 鸡 ↔ 龙灯)."""


def mistakes(kind: Kind, card: int, jiang: int | None) -> tuple[int, ...]:
    """Plausible wrong announcements for a group, for bots that err on purpose (issue 11
    §2: the player should catch them): the other size, 将 forgotten or wrongly added,
    the neighbouring kind, or one 钱 off — every one different from the right value."""
    right = announce_value(kind, card, jiang)
    cands = [
        announce_value(kind, other_size(card), jiang),
        announce_value(kind, card, None if jiang == rank(card) else rank(card)),
        announce_value(NEIGHBOUR[kind], card, jiang),
        right + 1,
        right - 1,
    ]
    return tuple(sorted({v for v in cands if v != right and v >= 0}))


def bot_said(
    kind: Kind, card: int, jiang: int | None, rng: random.Random, error_rate: float = 0.0
) -> int:
    """What a bot announces: the right value, or with probability ``error_rate`` one of
    :func:`mistakes` (seeded by ``rng``, so a replay says the same)."""
    if not 0.0 <= error_rate <= 1.0:
        raise BoError(f"error_rate is a probability, got {error_rate!r}")
    if error_rate and rng.random() < error_rate:
        return rng.choice(mistakes(kind, card, jiang))
    return announce_value(kind, card, jiang)


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's abacus in the current 钵."""

    abacus: int = 0
    wins: int = 0
    announced: int = 0
    """钱 announced (and added) this deal since the last 吃包子: ``net`` subtracts it."""
    baozi: int = 0
    """吃包子 in this 钵."""

    def hat(self, rules: XiushanRules) -> bool:
        """戴帽子: the abacus stands at −``hat_at`` or below."""
        return self.abacus <= -rules.hat_at

    def to_json(self) -> dict[str, int]:
        return {"abacus": self.abacus, "wins": self.wins, "announced": self.announced,
                "baozi": self.baozi}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Event:
    """What one abacus operation did, for logs, the UI and the drill."""

    kind: Literal["announce", "unannounced", "baozi", "win", "debo"]
    seat: int
    before: int
    after: int
    said: int | None = None
    correct: int | None = None
    settlement: tuple[int, ...] = ()
    """得一钵: each seat's gain (the winner's positive), summing to zero."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat, "before": self.before,
                               "after": self.after}  # fmt: skip
        if self.said is not None or self.kind in ("announce", "baozi", "unannounced"):
            out["said"] = self.said
            out["correct"] = self.correct
        if self.settlement:
            out["settlement"] = list(self.settlement)
        return out


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a seat may not win now [S]: it has had its ``max_wins`` wins in this 钵
    (``max_wins``), or this would be its last and the abacus would reach only ``reaches``,
    short of ``target`` (``target``). ``win`` is which win it would be (1 = the first)."""

    code: Literal["max_wins", "target"]
    win: int
    max_wins: int
    target: int
    reaches: int

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "win": self.win, "max_wins": self.max_wins,
                "target": self.target, "reaches": self.reaches}  # fmt: skip


@dataclass(frozen=True, slots=True)
class BoResult:
    """A finished 钵: who won it and what each seat gained."""

    number: int
    winner: int
    totals: tuple[int, ...]
    settlement: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "winner": self.winner, "totals": list(self.totals),
                "settlement": list(self.settlement)}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Bo:
    """The 钵 in play: every seat's abacus, which 钵 it is, and the 钵 already settled."""

    seats: tuple[Seat, ...]
    number: int = 1
    history: tuple[BoResult, ...] = ()

    @classmethod
    def new(cls, players: int) -> Bo:
        if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 8:
            raise BoError(f"a 钵 has 1 to 8 players, got {players!r}")
        return cls(tuple(Seat() for _ in range(players)))

    # --- 报子 ----------------------------------------------------------------------
    def announce(
        self, rules: XiushanRules, seat: int, said: int | None, correct: int, credited: int = 0
    ) -> tuple[Bo, Event]:
        """A player announces ``said`` 钱 for a group worth ``correct``: added when right,
        吃包子 when wrong; ``said`` None is 不报子 (nothing added). ``credited`` is what
        the group's earlier form already put on the abacus (a 哨 grown into a 开召 is
        announced at its new value and adds the difference)."""
        s = self._seat(seat)
        _check_amount(correct, "correct")
        _check_amount(credited, "credited")
        if said is None:
            return self, Event("unannounced", seat, s.abacus, s.abacus, None, correct)
        _check_amount(said, "said")
        if said == correct:
            gain = max(0, said - credited)
            new = replace(s, abacus=s.abacus + gain, announced=s.announced + gain)
            return self._with(seat, new), Event("announce", seat, s.abacus, new.abacus, said,
                                                correct)  # fmt: skip
        after = -rules.hat_at if rules.baozi == "hat" else 0
        new = replace(s, abacus=after, announced=0, baozi=s.baozi + 1)
        return self._with(seat, new), Event("baozi", seat, s.abacus, after, said, correct)

    # --- 和牌 ----------------------------------------------------------------------
    def win_add(self, rules: XiushanRules, seat: int, value: int) -> int:
        """What a win worth ``value`` (油子 × 翻) puts on the abacus (``bo_win_add``)."""
        _check_amount(value, "value")
        if rules.bo_win_add == "full":
            return value
        return max(0, value - self._seat(seat).announced)

    def can_win(self, rules: XiushanRules, seat: int, value: int) -> tuple[bool, str]:
        """Whether ``seat`` may win a hand worth ``value`` now, and why not [S]."""
        refusal = self.refusal(rules, seat, value)
        if refusal is None:
            return True, ""
        if refusal.code == "max_wins":
            return False, f"已和{refusal.win - 1}回: at most {refusal.max_wins} wins in a 钵"
        return False, (f"the last win must reach {refusal.target} on the abacus; "
                       f"this one reaches {refusal.reaches}")  # fmt: skip

    def refusal(self, rules: XiushanRules, seat: int, value: int) -> Refusal | None:
        """Why ``seat`` may not win a hand worth ``value`` now (None: it may). Seed 004 §四
        [S]: "每个人只能和两回，并且第二回和牌时，算盘上的累加数，必须达到100胡油以上，
        否则不能和牌" (``bo_max_wins``, ``bo_target``)."""
        s = self._seat(seat)
        reaches = s.abacus + self.win_add(rules, seat, value)
        refusal = Refusal("max_wins", s.wins + 1, rules.bo_max_wins, rules.bo_target, reaches)
        if s.wins >= rules.bo_max_wins:
            return refusal
        if s.wins == rules.bo_max_wins - 1 and reaches < rules.bo_target:
            return replace(refusal, code="target")
        return None

    def win(self, rules: XiushanRules, seat: int, value: int) -> tuple[Bo, Event]:
        """``seat`` wins a hand worth ``value``; reaching ``bo_target`` is 得一钵 (settled,
        every abacus reset, the next 钵 begins). Raises :class:`BoError` when not allowed."""
        ok, why = self.can_win(rules, seat, value)
        if not ok:
            raise BoError(f"seat {seat} cannot win: {why}")
        s = self._seat(seat)
        new = replace(s, abacus=s.abacus + self.win_add(rules, seat, value), wins=s.wins + 1,
                      announced=0)  # fmt: skip
        bo = self._with(seat, new)
        if new.abacus < rules.bo_target:
            return bo, Event("win", seat, s.abacus, new.abacus, correct=value)
        totals = tuple(x.abacus for x in bo.seats)
        pays = [new.abacus - t for t in totals]
        settlement = tuple(sum(pays) if i == seat else -p for i, p in enumerate(pays))
        done = BoResult(self.number, seat, totals, settlement)
        fresh = Bo(tuple(Seat() for _ in self.seats), self.number + 1, (*self.history, done))
        return fresh, Event("debo", seat, s.abacus, new.abacus, correct=value,
                            settlement=settlement)  # fmt: skip

    def end_deal(self) -> Bo:
        """A deal ended (won or 黄): this deal's announcements are no longer netted."""
        return Bo(tuple(replace(s, announced=0) for s in self.seats), self.number, self.history)

    # --- records -------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"format": JSON_FORMAT, "number": self.number,
                "seats": [s.to_json() for s in self.seats],
                "history": [h.to_json() for h in self.history]}  # fmt: skip

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Bo:
        """A 钵 from :meth:`to_json`; a bad record raises :class:`BoError` naming the field."""
        if not isinstance(data, Mapping):
            raise BoError(f"a 钵 record is an object, got {type(data).__name__}")
        if data.get("format") != JSON_FORMAT:
            raise BoError(f"format: expected {JSON_FORMAT!r}, got {data.get('format')!r}")
        number = _int(data.get("number"), "number", 1)
        seats_data = data.get("seats")
        if not isinstance(seats_data, list) or not 1 <= len(seats_data) <= 8:
            raise BoError("seats: expected a list of 1 to 8 seats")
        seats = tuple(_seat_of(s, f"seats[{i}]") for i, s in enumerate(seats_data))
        hist_data = data.get("history", [])
        if not isinstance(hist_data, list):
            raise BoError("history: expected a list")
        history = tuple(_result_of(h, f"history[{i}]", len(seats))
                        for i, h in enumerate(hist_data))  # fmt: skip
        return cls(seats, number, history)

    # --- helpers -------------------------------------------------------------------
    def _seat(self, seat: int) -> Seat:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise BoError(f"no seat {seat!r} (seats 0..{len(self.seats) - 1})")
        return self.seats[seat]

    def _with(self, seat: int, new: Seat) -> Bo:
        seats = list(self.seats)
        seats[seat] = new
        return Bo(tuple(seats), self.number, self.history)


def _check_amount(value: object, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BoError(f"{what}: a number of 钱 is a whole number ≥ 0, got {value!r}")


def _int(value: object, where: str, low: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BoError(f"{where}: expected a whole number, got {value!r}")
    if low is not None and value < low:
        raise BoError(f"{where}: {value} is below {low}")
    return value


def _seat_of(data: object, where: str) -> Seat:
    if not isinstance(data, Mapping) or set(data) != {"abacus", "wins", "announced", "baozi"}:
        raise BoError(f"{where}: expected {{abacus, wins, announced, baozi}}, got {data!r}")
    return Seat(_int(data["abacus"], f"{where}.abacus"), _int(data["wins"], f"{where}.wins", 0),
                _int(data["announced"], f"{where}.announced", 0),
                _int(data["baozi"], f"{where}.baozi", 0))  # fmt: skip


def _result_of(data: object, where: str, players: int) -> BoResult:
    if not isinstance(data, Mapping):
        raise BoError(f"{where}: expected an object")
    lists = {}
    for key in ("totals", "settlement"):
        value = data.get(key)
        if not isinstance(value, list) or len(value) != players:
            raise BoError(f"{where}.{key}: expected {players} numbers")
        lists[key] = tuple(_int(v, f"{where}.{key}[{i}]") for i, v in enumerate(value))
    if sum(lists["settlement"]) != 0:
        raise BoError(f"{where}.settlement: does not sum to zero")
    winner = _int(data.get("winner"), f"{where}.winner", 0)
    if winner >= players:
        raise BoError(f"{where}.winner: no seat {winner}")
    return BoResult(_int(data.get("number"), f"{where}.number", 1), winner, lists["totals"],
                    lists["settlement"])  # fmt: skip
