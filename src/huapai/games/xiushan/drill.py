"""The 报数 drill of 钵福 and the abacus drawn as beads.

The seed says 钵福 trains 打算盘 and 报数 ("钵福的最大特点是训练打算盘和报数"). The drill
(pure logic; a terminal or browser only shows it): random laid-down groups (seeded) —
碰 / 哨 / 开召 / 鸡 / 龙灯 of a random card, with a random 将 rank or none — the learner says
the 钱 (:func:`.abacus.announce_value`), and the answer goes through the same
:meth:`.abacus.Bo.announce` as in a game: right, it goes on the abacus; wrong, 吃包子.

:func:`beads` is the abacus as a 算盘 draws it (two 上珠 worth 5 above the beam, five
下珠 worth 1 below, one rod per digit): which beads are moved to the beam on each rod, so
that a client draws beads, not a number; :meth:`Beads.text` is a terminal drawing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .abacus import ANNOUNCED_KINDS, Bo, Event, announce_value
from .cards import RANKS, card_name, is_big
from .describe import jiang_name
from .groups import QUAD_KINDS, SAME_CARD_YOUZI, Kind
from .rules import XiushanRules

# --- the drill -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DrillItem:
    """One question: a group and the 将 of the deal; ``answer`` is the 钱 to say."""

    kind: Kind
    card: int
    jiang: int | None
    answer: int

    @property
    def cards(self) -> tuple[int, ...]:
        return (self.card,) * (4 if self.kind in QUAD_KINDS else 3)

    def prompt(self, lang: str = "zh") -> str:
        """The group as a player sees it, e.g. ``碰 贰贰贰（将：陆）`` (English:
        ``碰 贰贰贰 (将: 陆)``, the game's terms kept)."""
        group = f"{self.kind.value} {card_name(self.card) * len(self.cards)}"
        if lang == "en":
            jiang = "no 将 this deal" if self.jiang is None else f"将: {self.jiang_name()}"
            return f"{group} ({jiang})"
        jiang = "这局不设将" if self.jiang is None else f"将：{self.jiang_name()}"
        return f"{group}（{jiang}）"

    def jiang_name(self) -> str | None:
        """The 将 as the table says it (:func:`.describe.jiang_name`), or None."""
        return None if self.jiang is None else jiang_name(self.jiang)

    def reason(self) -> dict[str, Any]:
        """Why the answer is what it is, for a learner who missed it: the kind's row of 钱
        (小, 大, 小将, 大将 — the seed's table) and which of them this group is (a wrong
        answer said only the right number, never why)."""
        kind = Kind.SHAO if self.kind is Kind.KAN else self.kind
        return {"kind": self.kind.value, "row": list(SAME_CARD_YOUZI[kind]),
                "big": is_big(self.card), "jiang": self.is_jiang()}

    def is_jiang(self) -> bool:
        return self.jiang is not None and self.card % RANKS == self.jiang

    def to_json(self, *, with_answer: bool = False) -> dict[str, Any]:
        """The question; the answer only when asked (the drill must not show it)."""
        out: dict[str, Any] = {
            "kind": self.kind.value, "cards": card_name(self.card) * len(self.cards),
            "size": "大" if is_big(self.card) else "小", "jiang": self.jiang_name(),
            "prompt": self.prompt(),
        }  # fmt: skip
        if with_answer:
            out["answer"], out["reason"] = self.answer, self.reason()
        return out


def random_item(rng: random.Random, jiang_share: float = 0.5) -> DrillItem:
    """A random group: kind, card (small or big) and — with probability ``jiang_share``
    of the group's own rank, else another rank or none — the deal's 将."""
    kind = rng.choice(ANNOUNCED_KINDS)
    card = rng.randrange(2 * RANKS)
    if rng.random() < jiang_share:
        jiang: int | None = card % RANKS
    else:
        jiang = rng.choice([None, *(r for r in range(RANKS) if r != card % RANKS)])
    return DrillItem(kind, card, jiang, announce_value(kind, card, jiang))


@dataclass(frozen=True, slots=True)
class DrillStep:
    """An answered question: right or 吃包子, and the abacus before and after."""

    item: DrillItem
    said: int | None
    correct: bool
    event: Event
    beads: Beads

    def to_json(self) -> dict[str, Any]:
        return {"item": self.item.to_json(with_answer=True), "said": self.said,
                "correct": self.correct, "event": self.event.to_json(),
                "beads": self.beads.to_json()}  # fmt: skip


class Drill:
    """A practice run: seeded questions, one learner's abacus (a 1-seat :class:`Bo`)."""

    def __init__(self, rules: XiushanRules, seed: int | None = None, jiang_share: float = 0.5):
        if not 0.0 <= jiang_share <= 1.0:
            raise ValueError(f"jiang_share is a probability, got {jiang_share!r}")
        self.rules = rules
        self.rng = random.Random(seed)
        self.jiang_share = jiang_share
        self.bo = Bo.new(1)
        self.answered = 0  # a question quit before its answer does not count
        self.right = 0

    @property
    def abacus(self) -> int:
        return self.bo.seats[0].abacus

    def question(self) -> DrillItem:
        return random_item(self.rng, self.jiang_share)

    def answer(self, item: DrillItem, said: int | None) -> DrillStep:
        """Check ``said`` (None: not announced, 不报子); the abacus moves as in a game."""
        self.bo, event = self.bo.announce(self.rules, 0, said, item.answer)
        correct = said == item.answer
        self.answered += 1
        self.right += correct
        return DrillStep(item, said, correct, event, beads(self.abacus, hat_at=self.rules.hat_at))


ZH_DIGITS = "零一二三四五六七八九"


def zh_number(n: int) -> str:
    """``n`` in 汉字 as :func:`parse_said` reads it: 二, 十二, 二十; digits outside 1–99."""
    if not 0 < n < 100:
        return str(n)
    tens, ones = divmod(n, 10)
    if not tens:
        return ZH_DIGITS[ones]
    head = "十" if tens == 1 else ZH_DIGITS[tens] + "十"
    return head + (ZH_DIGITS[ones] if ones else "")


_BIG = str.maketrans("壹贰叁肆伍陆柒捌玖拾〇", "一二三四五六七八九十零")
"""The big numerals (大写, as the big cards are written) read as the small ones."""


def parse_said(text: str) -> int:
    """An answer as typed: ``3``, ``3个钱``, ``三``, ``十二个钱``, ``叁拾`` … Raises
    ValueError."""
    t = text.strip().removesuffix("个钱").removesuffix("钱").strip().translate(_BIG)
    if t.isdecimal() and t.isascii():
        return int(t)
    digits = ZH_DIGITS
    if t and all(ch in digits + "十两" for ch in t):
        t = t.replace("两", "二")
        if "十" not in t:
            return int("".join(str(digits.index(ch)) for ch in t))
        tens, _, ones = t.partition("十")
        if "十" in ones or len(tens) > 1 or len(ones) > 1:
            raise ValueError(f"not a number of 钱: {text!r}")
        return (digits.index(tens) if tens else 1) * 10 + (digits.index(ones) if ones else 0)
    raise ValueError(f"not a number of 钱: {text!r}")


# --- the abacus as beads ---------------------------------------------------------------

UPPER = 2
LOWER = 5


@dataclass(frozen=True, slots=True)
class Rod:
    """One rod: its place value and digit; ``upper`` 上珠 (0/1) and ``lower`` 下珠 (0–4)
    moved to the beam."""

    place: int
    digit: int
    upper: int
    lower: int

    def to_json(self) -> dict[str, int]:
        return {"place": self.place, "digit": self.digit, "upper": self.upper,
                "lower": self.lower}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Beads:
    """A value on the 算盘: rods from the highest place down; ``negative`` (a 算盘 has no
    sign: shown beside it) and ``hat`` (戴帽子)."""

    value: int
    negative: bool
    hat: bool
    rods: tuple[Rod, ...]

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "negative": self.negative, "hat": self.hat,
                "rods": [r.to_json() for r in self.rods]}  # fmt: skip

    def text(self, lang: str = "zh") -> str:
        """A drawing: ● beads, │ the rod where beads left a gap, ═ the beam; beside it
        the marks (戴帽子, 负; in English "戴帽子 (hat)", "negative")."""
        cols = [_column(r) for r in self.rods]
        lines = [" ".join(col[i] for col in cols) for i in range(len(cols[0]))]
        beam_at = UPPER + 1
        lines.insert(beam_at, "═" * (2 * len(cols) - 1))
        hat, negative = ("戴帽子 (hat) ", "negative") if lang == "en" else ("戴帽子 ", "负")
        mark = (hat if self.hat else "") + (negative if self.negative else "")
        if mark:
            lines[0] += "   " + mark.strip()
        return "\n".join(lines)


def _column(rod: Rod) -> list[str]:
    # upper: UPPER beads in UPPER + 1 slots; a bead counted sits at the beam
    upper = ["●"] * (UPPER - rod.upper) + ["│"] + ["●"] * rod.upper
    lower = ["●"] * rod.lower + ["│"] + ["●"] * (LOWER - rod.lower)
    return upper + lower


def beads(value: int, rods: int = 4, hat_at: int = 20) -> Beads:
    """``value`` on a 算盘 of at least ``rods`` rods (more when the value needs them)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"an abacus holds a whole number, got {value!r}")
    if rods < 1:
        raise ValueError(f"an abacus has at least one rod, got {rods}")
    digits = str(abs(value)).rjust(rods, "0")
    n = len(digits)
    out = tuple(Rod(10 ** (n - 1 - i), int(d), int(d) // 5, int(d) % 5)
                for i, d in enumerate(digits))  # fmt: skip
    return Beads(value, value < 0, value <= -hat_at, out)


def value_of(b: Beads) -> int:
    """The value the beads show (what a learner reads off the drawing)."""
    v = sum(r.place * (5 * r.upper + r.lower) for r in b.rods)
    return -v if b.negative else v
