"""Play types (牌型) of 掀牛 / 花花牌 and how they compare (rules reference §2).

Every legal play is one entry of a fixed catalogue built from the rule options: a
multiset of faces with its type name, its comparison class and its level. A follower
may answer only with a play of the same class (same type and card count) and a strictly
higher level ("牌型相同、有大必大、无大不出" [S000]); a ``None`` level is incomparable.

Classes:
* ``("set", n)`` — 单张, 对子, 鞍, 亮子 (n = 1..4), levels from the rank table;
* ``("fb", shape)`` — the 鱼 / 摆 family by shape, e.g. (1,1,1) 鱼/摆, (4,1,1) 鱼儿亮/摆儿亮,
  (2,2,2) 双鱼子/双摆子 …; a 摆 structure beats the 鱼 structure of the same shape, two of
  one family are equal (PROPOSAL §2.4 extends [S000]/[S002]'s 摆 > 鱼 to every shape);
* ``("lbl", k)`` — 亮子保亮子 with k 亮子, compared by the highest 亮子 (PROPOSAL G12);
* ``("xbl", n)`` — 喜包亮 (亮子 + red-black 55, 555 or 5555), only against 喜包亮 of n cards
  [S002] (“两张以上的5如果有黑红两色，则被称为喜”: the four 5s are a 喜 too).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, product

from .cards import (
    BAI_KINDS,
    DA_XI,
    FACES_OF_KIND,
    FISH_KINDS,
    KIND_NAMES,
    KIND_NIU,
    KIND_OF,
    KIND_XI,
    NUM_FACES,
    NUM_KINDS,
    XIAO_XI,
    Counts,
    Style,
    format_counts,
)
from .ranks import TABLES, Level, RankTable

ComboClass = tuple[str, int | tuple[int, ...]]

_FB_NAMES: dict[tuple[int, ...], tuple[str, str]] = {
    (1, 1, 1): ("鱼", "摆"),
    (4, 1, 1): ("鱼儿亮", "摆儿亮"),
    (2, 2, 2): ("双鱼子", "双摆子"),
    (4, 2, 2): ("双鱼儿亮", "双摆儿亮"),
    (4, 4, 1): ("鱼儿双亮", "摆儿双亮"),
    (3, 3, 3): ("三副鱼", "三副摆"),
    (4, 4, 2): ("双鱼双亮", "双摆双亮"),
    (4, 3, 3): ("三鱼儿亮", "三摆儿亮"),
    (4, 4, 3): ("三鱼双亮", "三摆双亮"),
    (4, 4, 4): ("四副鱼", "四副摆"),
}
_BASIC_FB_SHAPES = {(1, 1, 1), (2, 2, 2), (4, 1, 1)}


@dataclass(frozen=True, slots=True)
class CatalogueKey:
    """The rule options that decide which plays exist and how they rank."""

    rank_table: str
    niu_liangzi: str
    xi_liangzi: str
    multi_liang: bool
    fish_liang_forms: str
    xi_bao_liang: bool


@dataclass(frozen=True, slots=True)
class Combo:
    """One play type instance: a multiset of faces with its name, class and level.

    ``group`` is the scoring family (``single pair triple quad fb lbl xbl``), ``family``
    is ``fish`` / ``bai`` for the 鱼 / 摆 structures, ``quads`` the kinds held four-fold.
    """

    index: int
    counts: Counts
    items: tuple[tuple[int, int], ...]
    size: int
    name: str
    group: str
    cls: ComboClass
    level: Level
    family: str | None = None
    shape: tuple[int, ...] = ()
    quads: tuple[int, ...] = ()


@dataclass(slots=True)
class Catalogue:
    """All plays for one set of options, with the indexes move generation needs."""

    key: CatalogueKey
    combos: list[Combo] = field(default_factory=list)
    by_counts: dict[Counts, int] = field(default_factory=dict)
    beaters: list[tuple[Combo, ...]] = field(default_factory=list)
    _by_kind: dict[int, list[Combo]] = field(default_factory=dict)
    _fb: dict[str, list[Combo]] = field(default_factory=dict)
    _multi: list[Combo] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    _parts: dict[object, tuple[int, ...]] = field(default_factory=dict)
    _texts: dict[tuple[int, Style], str] = field(default_factory=dict)

    def __reduce__(self) -> tuple[object, ...]:
        # a state sent to a search process names its catalogue, built there once
        return (catalogue, (self.key,))

    def fits(self, combo: Combo, hand: Counts) -> bool:
        return all(hand[f] >= n for f, n in combo.items)

    def text(self, index: int, style: Style) -> str:
        """A play in notation (memoised: events name plays on every move)."""
        key = (index, style)
        hit = self._texts.get(key)
        if hit is None:
            hit = self._texts[key] = format_counts(self.combos[index].counts, style)
        return hit

    def leads(self, hand: Counts, cap: int) -> list[int]:
        """Indexes of every play ``hand`` can lead with at most ``cap`` cards, sorted."""
        out: list[int] = []
        parts = self._parts
        for kind, pair in enumerate(_KIND_PAIRS):
            sub = (hand[pair[0]], hand[pair[1]]) if pair else hand[_ONE_FACE[kind]]
            if sub and sub != (0, 0):
                key = (kind, sub)
                hit = parts.get(key)
                if hit is None:
                    hit = self._part(key, self._by_kind[kind], hand)
                out.extend(hit)
        for family, faces in (("fish", _FISH_FACES), ("bai", _BAI_FACES)):
            sub3 = (hand[faces[0]], hand[faces[1]], hand[faces[2]])
            if all(sub3):
                out.extend(self._part((family, sub3), self._fb[family], hand))
        if self._multi:
            full = tuple(k for k in range(NUM_KINDS) if _full(hand, k))
            if full:
                key3 = ("m", full, hand[XIAO_XI], hand[DA_XI])
                out.extend(self._part(key3, self._multi, hand))
        if cap < 16:
            sizes = self.sizes
            out = [i for i in out if sizes[i] <= cap]
        out.sort()
        return out

    def _part(self, key: object, pool: list[Combo], hand: Counts) -> tuple[int, ...]:
        hit = self._parts.get(key)
        if hit is None:
            hit = tuple(c.index for c in pool if self.fits(c, hand))
            self._parts[key] = hit
        return hit

    def follows(self, hand: Counts, top: int) -> list[int]:
        """Indexes of the plays in ``hand`` that beat play ``top`` (sorted)."""
        return [c.index for c in self.beaters[top] if all(hand[f] >= n for f, n in c.items)]


_KIND_PAIRS = tuple(faces if len(faces) == 2 else () for faces in FACES_OF_KIND)
_ONE_FACE = tuple(faces[0] for faces in FACES_OF_KIND)
_FISH_FACES = tuple(FACES_OF_KIND[k][0] for k in FISH_KINDS)
_BAI_FACES = tuple(FACES_OF_KIND[k][0] for k in BAI_KINDS)


def _full(hand: Counts, kind: int) -> bool:
    pair = _KIND_PAIRS[kind]
    return (hand[pair[0]] + hand[pair[1]] if pair else hand[_ONE_FACE[kind]]) == 4


def beats(a: Combo, b: Combo) -> bool:
    """Whether play ``a`` beats play ``b``: same class, both comparable, ``a`` higher."""
    return a.cls == b.cls and a.level is not None and b.level is not None and a.level > b.level


@cache
def catalogue(key: CatalogueKey) -> Catalogue:
    table = TABLES[key.rank_table]
    cat = Catalogue(key)
    specs = sorted(_all_specs(key, table), key=_sort_key)
    for spec in specs:
        combo = Combo(index=len(cat.combos), **spec)  # type: ignore[arg-type]
        cat.combos.append(combo)
        cat.by_counts[combo.counts] = combo.index
    cat.beaters = [tuple(c for c in cat.combos if beats(c, b)) for b in cat.combos]
    cat.sizes = [c.size for c in cat.combos]
    cat._by_kind = {k: [] for k in range(NUM_KINDS)}
    cat._fb = {"fish": [], "bai": []}
    for combo in cat.combos:
        _index(cat, combo)
    return cat


def _index(cat: Catalogue, combo: Combo) -> None:
    if combo.group in _SET_GROUPS.values():
        cat._by_kind[KIND_OF[combo.items[0][0]]].append(combo)
    elif combo.group == "fb" and combo.family is not None:
        cat._fb[combo.family].append(combo)
    else:
        cat._multi.append(combo)


def _sort_key(spec: dict[str, object]) -> tuple[object, ...]:
    counts = spec["counts"]
    assert isinstance(counts, tuple)
    return (spec["size"], str(spec["cls"]), tuple(-c for c in counts))


Spec = dict[str, object]


def _all_specs(key: CatalogueKey, table: RankTable) -> Iterator[Spec]:
    for kind in range(NUM_KINDS):
        yield from _set_specs(key, table, kind)
    yield from _fb_specs(key)
    if key.multi_liang:
        yield from _lbl_specs(key, table)
    if key.xi_bao_liang:
        yield from _xbl_specs(key, table)


def _spec(counts: list[int], name: str, group: str, cls: ComboClass, level: Level,
          **extra: object) -> Spec:
    items = tuple((f, n) for f, n in enumerate(counts) if n)
    return {"counts": tuple(counts), "items": items, "size": sum(counts), "name": name,
            "group": group, "cls": cls, "level": level, **extra}


_SET_GROUPS = {1: "single", 2: "pair", 3: "triple", 4: "quad"}


def _set_specs(key: CatalogueKey, table: RankTable, kind: int) -> Iterator[Spec]:
    faces = FACES_OF_KIND[kind]
    for split in product(range(3 if len(faces) == 2 else 5), repeat=len(faces)):
        n = sum(split)
        if not 1 <= n <= 4 or (len(faces) == 2 and max(split) > 2):
            continue
        counts = [0] * NUM_FACES
        for f, c in zip(faces, split, strict=True):
            counts[f] = c
        name, level = _set_name_level(key, table, kind, split)
        quads = (kind,) if n == 4 else ()
        yield _spec(counts, name, _SET_GROUPS[n], ("set", n), level, quads=quads)


def _set_name_level(
    key: CatalogueKey, table: RankTable, kind: int, split: tuple[int, ...]
) -> tuple[str, Level]:
    n = sum(split)
    faces = FACES_OF_KIND[kind]
    if n == 1:
        face = faces[split.index(1)]
        return "单张", table.single[face]
    special = kind in (KIND_NIU, KIND_XI)
    word = KIND_NAMES[kind]
    if n == 2 and special:
        if 2 in split:
            return f"哈{word}", table.pair_ha[faces[split.index(2)]]
        return (f"好{word}", table.niu_pair if kind == KIND_NIU else None)
    if n == 2:
        return "对子", table.pair[kind]
    if n == 3:  # “三张牛或三张戏，无论如何组合都称为好牛或好戏” [S000]: 三张好牛, so that
        # it is not read as the two-card 好牛 (2 行子, a play-test read 好牛 3 行子 as wrong)
        return (f"三张好{word}" if special else "鞍", table.triple[kind])
    return f"{word}亮子" if special else "亮子", _quad_level(key, table, kind)


def _quad_level(key: CatalogueKey, table: RankTable, kind: int) -> Level:
    if kind == KIND_NIU and key.niu_liangzi == "top":
        return table.niu_quad_top
    if kind == KIND_XI and key.xi_liangzi == "incomparable":
        return None
    return table.quad[kind]


def _fb_specs(key: CatalogueKey) -> Iterator[Spec]:
    for family, kinds in (("fish", FISH_KINDS), ("bai", BAI_KINDS)):
        for counts3 in product(range(1, 5), repeat=3):
            shape = tuple(sorted(counts3, reverse=True))
            if shape not in _FB_NAMES or not _fb_allowed(key, family, kinds, counts3, shape):
                continue
            counts = [0] * NUM_FACES
            for k, c in zip(kinds, counts3, strict=True):
                counts[FACES_OF_KIND[k][0]] = c
            name = _FB_NAMES[shape][family == "bai"]
            quads = tuple(k for k, c in zip(kinds, counts3, strict=True) if c == 4)
            level = 1 if family == "bai" else 0
            yield _spec(counts, name, "fb", ("fb", shape), level,
                        family=family, shape=shape, quads=quads)


def _fb_allowed(
    key: CatalogueKey, family: str, kinds: tuple[int, ...], counts3: tuple[int, ...],
    shape: tuple[int, ...],
) -> bool:
    if shape not in _BASIC_FB_SHAPES:
        return key.multi_liang
    if shape == (4, 1, 1) and key.fish_liang_forms == "end":
        # 四地拉鱼 AAAA+2+3 and KKKK+10+8 only [S002]
        end_kind = 0 if family == "fish" else 11
        return counts3[kinds.index(end_kind)] == 4
    return True


def _lbl_specs(key: CatalogueKey, table: RankTable) -> Iterator[Spec]:
    for k in (2, 3, 4):
        for kinds in combinations(range(NUM_KINDS), k):
            if kinds in (FISH_KINDS, BAI_KINDS):
                continue  # {4,4,4} of the 鱼 / 摆 kinds is 四副鱼 / 四副摆
            counts = [0] * NUM_FACES
            for kind in kinds:
                for f in FACES_OF_KIND[kind]:
                    counts[f] = 4 // len(FACES_OF_KIND[kind])
            levels = [_quad_level(key, table, kind) for kind in kinds]
            level = None if None in levels else max(lv for lv in levels if lv is not None)
            yield _spec(counts, "亮子保亮子", "lbl", ("lbl", k), level, quads=kinds)


def _xbl_specs(key: CatalogueKey, table: RankTable) -> Iterator[Spec]:
    for kind in range(NUM_KINDS):
        if kind == KIND_XI:
            continue
        for xi in ((1, 1), (2, 1), (1, 2), (2, 2)):  # 喜: 两张以上的5…黑红两色 [S002]
            counts = [0] * NUM_FACES
            for f in FACES_OF_KIND[kind]:
                counts[f] = 4 // len(FACES_OF_KIND[kind])
            counts[XIAO_XI], counts[DA_XI] = xi
            n = 4 + sum(xi)
            yield _spec(counts, "喜包亮", "xbl", ("xbl", n), _quad_level(key, table, kind),
                        quads=(kind,))
