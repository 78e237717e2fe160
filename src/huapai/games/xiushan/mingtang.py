"""名堂 tables of 钵福 and 三六福: the file format, its loader and the conditions.

A table is a TOML file (``data/bofu_mingtang.toml`` and ``data/sanliufu_mingtang.toml``
are the built-in ones; a club replaces them with the rules option ``mingtang_table``).
Each 名堂 names its condition in a small vocabulary of **features** of a winning hand,
so that a corrected condition or value needs no code::

    format = "huapai-xiushan-mingtang/1"
    game = "bofu"            # bofu (名堂 in 翻) or sanliufu (名堂 in 豆)

    [[mingtang]]
    id = "wufu"              # ascii, unique
    name = "乌福"
    fan = 3                  # bofu: 翻; sanliufu: dou = N
    enabled = true           # false: listed, never scored (七星剑, unknown conditions)
    confidence = "high"      # high | medium | low | very low | unknown | fixed
    source = "xiushan.md §4: R = 0 (全黑 Z1; 黑胡 H3 H4 H5)"
    when = { red = { max = 0 } }

``when`` maps a feature to ``{ min = N, max = N }`` (either bound may be left out), a
context flag (``tianhu``, ``dihu``, ``self_drawn``, ``haidi``) to ``true`` / ``false``, and
``any = [ {…}, {…} ]`` to alternatives (one must hold); all entries must hold.
``excludes = ["id", …]`` drops those 名堂 when this one holds (tiers of one kind).
A disabled 名堂 may have no ``when``. A bad file raises :class:`MingtangTableError`
naming the file and the line (TOML syntax) or the entry and field.

Features (see :data:`FEATURES`): card counts over all the winner's cards (concealed,
melds and the winning card), the total 油子, and counts over the groups of the chosen
cut — these **depend on the cut**, so the calculator maximises the hand's value over
cuts (:mod:`.mingtang_search`).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

FORMAT = "huapai-xiushan-mingtang/1"

CARD_FEATURES: dict[str, str] = {
    "red": "红牌张数: 二七十 / 贰柒拾 among all the winner's cards",
    "black": "黑牌张数: the other cards",
    "small": "小字张数: 一…十",
    "big": "大字张数: 壹…拾",
    "er": "贰 / 二 张数",
}
VALUE_FEATURES: dict[str, str] = {
    "youzi": "the hand's total 油子 (melds included)",
}
CUT_FEATURES: dict[str, str] = {
    "groups": "放子 (groups; the 麻雀 not counted)",
    "plain_groups": "groups with no 油子 (plain 联子, 大小组合; the 麻雀 not counted)",
    "same_groups": "groups of one card: 坎 碰 哨 开召 鸡 龙灯",
    "sequence_groups": "联子, 二七十 and 大小组合",
    "shao": "哨 laid down plus 坎 kept in the hand",
    "black_units": "groups and the 麻雀 holding no red card",
    "red_units": "groups and the 麻雀 holding a red card",
    "all_red_units": "groups and the 麻雀 all of red cards",
    "red_outside": "red cards outside the all-red groups and 麻雀",
}
CONTEXT_FLAGS: dict[str, str] = {
    "tianhu": "天胡: the dealer wins on his dealt hand (an input to score: the engine knows)",
    "dihu": "地胡: a non-dealer wins on the dealer's first discard (an input to score)",
    "self_drawn": "自摸: the winning card is one's own draw (score's self_drawn)",
    "haidi": "海底: the win is on the last card of the stock (an input to score)",
}
FEATURES: dict[str, str] = {**CARD_FEATURES, **VALUE_FEATURES, **CUT_FEATURES}
CONFIDENCE = ("fixed", "high", "medium", "low–medium", "low", "very low", "unknown")
GAMES: dict[str, Literal["fan", "dou"]] = {"bofu": "fan", "sanliufu": "dou"}

Unit = Literal["fan", "dou"]


class MingtangTableError(ValueError):
    """A 名堂 table that cannot be used; the message names the file and line or field."""


@dataclass(frozen=True, slots=True)
class Bound:
    """``low <= feature <= high`` (None: unbounded)."""

    feature: str
    low: int | None
    high: int | None

    def holds(self, value: int) -> bool:
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)


@dataclass(frozen=True, slots=True)
class Condition:
    """Every bound and flag holds, and at least one of ``any`` (when given)."""

    bounds: tuple[Bound, ...] = ()
    flags: tuple[tuple[str, bool], ...] = ()
    any: tuple[Condition, ...] = ()

    def holds(self, feats: Mapping[str, int], context: frozenset[str]) -> bool:
        if not all(b.holds(feats[b.feature]) for b in self.bounds):
            return False
        if not all((name in context) is want for name, want in self.flags):
            return False
        return not self.any or any(c.holds(feats, context) for c in self.any)

    def features(self) -> set[str]:
        out = {b.feature for b in self.bounds}
        for c in self.any:
            out |= c.features()
        return out

    def cut_caps(self) -> dict[str, int]:
        """Per cut feature, a count past which its value no longer matters here."""
        caps: dict[str, int] = {}
        for b in self.bounds:
            if b.feature in CUT_FEATURES:
                top = max(x for x in (b.low, b.high) if x is not None) + 1
                caps[b.feature] = max(caps.get(b.feature, 0), top)
        for c in self.any:
            for name, cap in c.cut_caps().items():
                caps[name] = max(caps.get(name, 0), cap)
        return caps

    def youzi_bounds(self) -> set[int]:
        """The 油子 values where this condition can change (for the search's key)."""
        out: set[int] = set()
        for b in self.bounds:
            if b.feature == "youzi":
                out |= {b.low} if b.low is not None else set()
                out |= {b.high + 1} if b.high is not None else set()
        for c in self.any:
            out |= c.youzi_bounds()
        return out


@dataclass(frozen=True, slots=True)
class Mingtang:
    id: str
    name: str
    value: int
    """翻 (bofu) or 豆 (sanliufu)."""
    enabled: bool
    confidence: str
    source: str
    system: str = ""
    """三六福's 系 (红黑系, 大小系, 油子系, 巧牌系; 七柱 and 荤 ``""``)."""
    when: Condition | None = None
    excludes: tuple[str, ...] = ()
    note: str = ""
    meaning_zh: str = ""
    """What the 名堂 is, for a player reading the settlement (``每组都有油子``)."""
    meaning_en: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "name": self.name, "value": self.value, "system": self.system,
            "enabled": self.enabled, "confidence": self.confidence, "source": self.source,
        }  # fmt: skip


@dataclass(frozen=True, slots=True)
class MingtangTable:
    game: str
    unit: Unit
    entries: tuple[Mingtang, ...]
    origin: str
    base: int = 0
    """三六福: 豆 for the win itself (``hu_dou``), before any 名堂."""
    enabled: tuple[Mingtang, ...] = field(init=False, repr=False, compare=False)
    """The entries that are scored (``enabled = true``), in table order."""
    _caps: tuple[tuple[str, int], ...] = field(init=False, repr=False, compare=False)
    _bounds: frozenset[int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Read on every hand the scorer values: worked out once (the table is frozen).
        enabled = tuple(m for m in self.entries if m.enabled)
        caps: dict[str, int] = {}
        bounds: set[int] = set()
        for m in enabled:
            if m.when is not None:
                for name, cap in m.when.cut_caps().items():
                    caps[name] = max(caps.get(name, 0), cap)
                bounds |= m.when.youzi_bounds()
        object.__setattr__(self, "enabled", enabled)
        object.__setattr__(self, "_caps", tuple(sorted(caps.items())))
        object.__setattr__(self, "_bounds", frozenset(bounds))

    def holding(self, feats: Mapping[str, int], context: frozenset[str]) -> tuple[Mingtang, ...]:
        """The enabled 名堂 a hand with these features has, exclusions applied."""
        hits = [m for m in self.enabled if m.when is not None and m.when.holds(feats, context)]
        dropped = {x for m in hits for x in m.excludes}
        return tuple(m for m in hits if m.id not in dropped)

    def cut_caps(self) -> dict[str, int]:
        """Per cut feature some condition reads, the count past which no condition tells
        values apart."""
        return dict(self._caps)

    def youzi_bounds(self) -> set[int]:
        """The 油子 totals where some condition can change."""
        return set(self._bounds)


BUILTIN = {"bofu": "bofu_mingtang.toml", "sanliufu": "sanliufu_mingtang.toml"}


def builtin_table(game: str) -> MingtangTable:
    """The table shipped for ``game`` (``bofu`` or ``sanliufu``)."""
    if game not in BUILTIN:
        raise MingtangTableError(f"no built-in 名堂 table for {game!r}")
    return _builtin(game)


@lru_cache(maxsize=4)
def _builtin(game: str) -> MingtangTable:
    ref = resources.files("huapai.games.xiushan").joinpath("data", BUILTIN[game])
    return parse_table(ref.read_text(encoding="utf-8"), f"data/{BUILTIN[game]}", game)


def load_table(path: str | Path, game: str | None = None) -> MingtangTable:
    """A table from a file; ``game`` (when given) must match the file's ``game``. Parsed
    once per version of the file (its modification time and size)."""
    p = Path(path)
    try:
        st = p.stat()
    except OSError as exc:
        raise MingtangTableError(f"名堂 table {p}: cannot read it ({exc.strerror})") from None
    return _load(str(p), st.st_mtime_ns, st.st_size, game)


@lru_cache(maxsize=32)
def _load(path: str, _mtime: int, _size: int, game: str | None) -> MingtangTable:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise MingtangTableError(f"名堂 table {p}: cannot read it ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise MingtangTableError(f"名堂 table {p}: not UTF-8 text ({exc.reason})") from None
    return parse_table(text, str(p), game)


def parse_table(text: str, origin: str, game: str | None = None) -> MingtangTable:
    """Parse and check a table's text; ``origin`` names it in errors."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise MingtangTableError(f"名堂 table {origin}: TOML syntax: {exc}") from None
    return _Reader(origin).table(data, game)


class _Reader:
    def __init__(self, origin: str) -> None:
        self.origin = origin

    def fail(self, where: str, why: str) -> MingtangTableError:
        return MingtangTableError(f"名堂 table {self.origin}: {where}: {why}")

    def table(self, data: dict[str, Any], game: str | None) -> MingtangTable:
        self.keys(data, "the top level", {"format", "game", "mingtang", "hu_dou"})
        if data.get("format") != FORMAT:
            raise self.fail("format", f"expected {FORMAT!r}, got {data.get('format')!r}")
        got = data.get("game")
        if got not in GAMES:
            raise self.fail("game", f"expected one of {', '.join(GAMES)}, got {got!r}")
        if game is not None and got != game:
            raise self.fail("game", f"this table is for {got}, the rules need {game}")
        unit = GAMES[got]
        base = data.get("hu_dou", 0)
        if unit == "fan" and "hu_dou" in data:
            raise self.fail("hu_dou", "only a 三六福 (sanliufu) table has 豆 for the win")
        self.int_field(base, "hu_dou", 0)
        rows = data.get("mingtang")
        if not isinstance(rows, list) or not rows:
            raise self.fail("mingtang", "expected [[mingtang]] entries")
        entries = tuple(self.entry(row, i, unit) for i, row in enumerate(rows))
        ids = [m.id for m in entries]
        names = [m.name for m in entries]
        for i, m in enumerate(entries):
            if m.id in ids[:i]:
                raise self.fail(f"mingtang[{i}] ({m.name}).id", f"{m.id!r} is used twice")
            if m.name in names[:i]:  # two 乌 in one settlement: players cannot tell them apart
                raise self.fail(f"mingtang[{i}] ({m.name}).name", f"{m.name!r} is used twice")
        for i, m in enumerate(entries):
            for x in m.excludes:
                if x not in ids:
                    raise self.fail(f"mingtang[{i}] ({m.name}).excludes", f"no 名堂 {x!r}")
        return MingtangTable(got, unit, entries, self.origin, base)

    def entry(self, row: object, i: int, unit: Unit) -> Mingtang:
        where = f"mingtang[{i}]"
        if not isinstance(row, dict):
            raise self.fail(where, "expected a table")
        name = row.get("name")
        if not isinstance(name, str) or not name:
            raise self.fail(f"{where}.name", f"expected the 名堂's name, got {name!r}")
        where = f"{where} ({name})"
        allowed = {"id", "name", unit, "enabled", "confidence", "source", "system", "when",
                   "excludes", "note", "meaning_zh", "meaning_en"}  # fmt: skip
        self.keys(row, where, allowed)
        mid = row.get("id")
        if not isinstance(mid, str) or not mid.isascii() or not mid.isidentifier():
            raise self.fail(f"{where}.id", f"expected an ascii identifier, got {mid!r}")
        if unit not in row:
            word = "翻" if unit == "fan" else "豆"
            raise self.fail(f"{where}.{unit}", f"missing (the 名堂's {word})")
        value = self.int_field(row[unit], f"{where}.{unit}", 0)
        enabled = row.get("enabled", True)
        if not isinstance(enabled, bool):
            raise self.fail(f"{where}.enabled", f"expected true or false, got {enabled!r}")
        conf, texts = self.provenance(row, where)
        when = None
        if "when" in row:
            when = self.condition(row["when"], f"{where}.when")
        elif enabled:
            raise self.fail(f"{where}.when", "an enabled 名堂 needs a condition")
        excludes = row.get("excludes", [])
        if not isinstance(excludes, list) or not all(isinstance(x, str) for x in excludes):
            raise self.fail(f"{where}.excludes", f"expected a list of ids, got {excludes!r}")
        return Mingtang(mid, name, value, enabled, conf, texts["source"], texts["system"],
                        when, tuple(excludes), texts["note"], texts["meaning_zh"],
                        texts["meaning_en"])  # fmt: skip

    def provenance(self, row: dict[str, Any], where: str) -> tuple[str, dict[str, str]]:
        """The entry's confidence and its texts (source, required; system; note; its
        meaning for players, in Chinese and English)."""
        conf = row.get("confidence")
        if not isinstance(conf, str) or conf not in CONFIDENCE:
            raise self.fail(f"{where}.confidence", f"expected one of {', '.join(CONFIDENCE)}, "
                            f"got {conf!r}")  # fmt: skip
        texts = {k: row.get(k, "") for k in ("source", "system", "note", "meaning_zh",
                                             "meaning_en")}
        for k, v in texts.items():
            if not isinstance(v, str):
                raise self.fail(f"{where}.{k}", f"expected text, got {v!r}")
        if not texts["source"]:
            raise self.fail(f"{where}.source", "every 名堂 names its source")
        if bool(texts["meaning_zh"]) != bool(texts["meaning_en"]):
            raise self.fail(f"{where}.meaning_zh", "give meaning_zh and meaning_en together "
                            "(a player reads the settlement in either language)")
        return conf, texts

    def condition(self, data: object, where: str) -> Condition:
        if not isinstance(data, dict) or not data:
            raise self.fail(where, f"expected a table of conditions, got {data!r}")
        bounds: list[Bound] = []
        flags: list[tuple[str, bool]] = []
        alts: list[Condition] = []
        for key, value in data.items():
            at = f"{where}.{key}"
            if key == "any":
                if not isinstance(value, list) or len(value) < 2:
                    raise self.fail(at, "expected a list of two or more conditions")
                alts += [self.condition(v, f"{at}[{j}]") for j, v in enumerate(value)]
            elif key in CONTEXT_FLAGS:
                if not isinstance(value, bool):
                    raise self.fail(at, f"a context flag is true or false, got {value!r}")
                flags.append((key, value))
            elif key in FEATURES:
                bounds.append(self.bound(key, value, at))
            else:
                known = ", ".join([*FEATURES, *CONTEXT_FLAGS, "any"])
                raise self.fail(at, f"unknown feature {key!r}; known: {known}")
        return Condition(tuple(bounds), tuple(flags), tuple(alts))

    def bound(self, feature: str, value: object, at: str) -> Bound:
        if not isinstance(value, dict) or not value or set(value) - {"min", "max"}:
            raise self.fail(at, f"expected {{ min = N, max = N }}, got {value!r}")
        low = self.int_field(value["min"], f"{at}.min", 0) if "min" in value else None
        high = self.int_field(value["max"], f"{at}.max", 0) if "max" in value else None
        if low is not None and high is not None and low > high:
            raise self.fail(at, f"min {low} is above max {high}")
        return Bound(feature, low, high)

    def int_field(self, value: object, at: str, low: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(at, f"expected a whole number, got {value!r}")
        if value < low:
            raise self.fail(at, f"{value} is below {low}")
        return value

    def keys(self, data: Mapping[str, Any], where: str, allowed: set[str]) -> None:
        unknown = sorted(set(data) - allowed)
        if unknown:
            raise self.fail(where, f"unknown field(s) {', '.join(unknown)}; "
                            f"allowed: {', '.join(sorted(allowed))}")  # fmt: skip


def describe_features() -> Sequence[tuple[str, str]]:
    """(name, meaning) of every feature and context flag, for docs and ``--help``."""
    return [*FEATURES.items(), *CONTEXT_FLAGS.items()]
