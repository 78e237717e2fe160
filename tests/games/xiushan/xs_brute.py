"""An obviously-correct, exhaustive 秀山字牌 decomposer for small hands (tests only).

It shares nothing with the calculator but the card numbering (0..9 small 一…十,
10..19 big 壹…拾): it lists every concealed group there is, partitions the actual cards
into them every possible way (with at most one pair) and scores each group from the
seed's table written out again here. Exponential, so only for hands of a few groups.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

# (small, big, small 将, big 将) per same-card kind, seed 004
TABLE = {"碰": (1, 3, 3, 6), "哨": (3, 6, 6, 12), "开召": (6, 9, 12, 18), "鸡": (6, 9, 12, 18),
         "龙灯": (9, 12, 18, 24)}  # fmt: skip
QUADS = ("开召", "鸡", "龙灯")


def concealed_groups(jiao: bool) -> list[tuple[str, tuple[int, ...]]]:
    out: list[tuple[str, tuple[int, ...]]] = []
    for base in (0, 10):
        for r in range(8):
            out.append(("联子", (base + r, base + r + 1, base + r + 2)))
        out.append(("二七十", (base + 1, base + 6, base + 9)))
        for r in range(10):
            out.append(("坎", (base + r,) * 3))
            out.append(("麻雀", (base + r,) * 2))
    if jiao:
        for r in range(10):
            out.append(("大小组合", (r, r, r + 10)))
            out.append(("大小组合", (r, r + 10, r + 10)))
    return out


def same_card(kind: str, card: int, jiang: int | None) -> int:
    return TABLE[kind][(2 if card % 10 == jiang else 0) + (card >= 10)]


def group_value(kind: str, cards: tuple[int, ...], opts: dict[str, object]) -> int:
    if not opts["youzi"] or kind in ("麻雀", "大小组合"):
        return 0
    jiang = opts["jiang"]
    if kind == "坎":
        win, drawn = opts["win"], opts["self_drawn"]
        as_peng = (cards[0] == win and not drawn and opts["discard_triple"] == "peng"
                   and opts["win_copies"] == 3)  # fmt: skip
        return same_card("碰" if as_peng else "哨", cards[0], jiang)  # type: ignore[arg-type]
    ranks = sorted(c % 10 for c in cards)
    value = 0
    if ranks in ([0, 1, 2], [1, 6, 9]):
        value = 6 if cards[0] >= 10 else 3
        if opts["jiang_lianzi"] and jiang in ranks:
            value *= 2
    return value


def partitions(
    cards: Counter[int], groups: list[tuple[str, tuple[int, ...]]], pair_used: bool
) -> Iterator[list[tuple[str, tuple[int, ...]]]]:
    """Every partition of ``cards`` into ``groups`` with at most one 麻雀."""
    if not +cards:
        yield []
        return
    first = min(c for c, n in cards.items() if n)
    for kind, g in groups:
        if first not in g or (kind == "麻雀" and pair_used):
            continue
        need = Counter(g)
        if any(cards[c] < n for c, n in need.items()):
            continue
        for rest in partitions(cards - need, groups, pair_used or kind == "麻雀"):
            yield [(kind, g), *rest]


def best(
    hand: Sequence[int],
    melds: Sequence[tuple[str, int]],
    opts: dict[str, object],
) -> tuple[int, list[tuple[str, tuple[int, ...]]]] | None:
    """Best 油子 (melds included) and a best partition, or None when none exists."""
    cards = Counter(hand)
    opts = {**opts, "win_copies": cards[opts["win"]] if opts["win"] is not None else 0}  # type: ignore[index]
    jiang = opts["jiang"]
    assert jiang is None or isinstance(jiang, int)
    meld_value = sum(same_card(k, c, jiang) for k, c in melds) if opts["youzi"] else 0
    found: tuple[int, list[tuple[str, tuple[int, ...]]]] | None = None
    for p in partitions(cards, concealed_groups(bool(opts["jiao"])), False):
        value = meld_value + sum(group_value(k, g, opts) for k, g in p)
        if found is None or value > found[0]:
            found = (value, p)
    return found
