"""The 名堂 scorer against brute force on small positions (钵福 油子 × 翻, 三六福 豆).

Every partition of the concealed cards (``xs_brute.partitions``) is valued here from
scratch — group 油子 from the seed's table (``xs_brute``), the features and every
名堂 condition written out again as Python — and the best value over the partitions
that reach the threshold must be the calculator's. Tables: the built-in ones, and test
tables whose 名堂 depend on the cut and on 油子 bands (so a cut with fewer 油子 can be
the best one). Seeded and bounded.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import xs_brute as brute
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from xs_positions import random_melds, size_of

from huapai.games.xiushan.calculator import score
from huapai.games.xiushan.groups import Kind, Meld
from huapai.games.xiushan.rules import BOFU, SANLIUFU, XiushanRules

SETTINGS = settings(max_examples=250, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
RED = {1, 6, 9}
Unit = tuple[str, tuple[int, ...], int]  # kind, cards, 油子
Feats = dict[str, int]
Pred = Callable[[Feats, set[str]], bool]

# The built-in 钵福 conditions (xiushan.md §4), written again
BOFU_PREDS: list[tuple[str, int, Pred]] = [
    ("天福", 3, lambda f, c: "tianhu" in c),
    ("地福", 2, lambda f, c: "dihu" in c),
    ("清福", 3, lambda f, c: f["same"] >= 7 or f["plain"] == 0),
    ("乌福", 3, lambda f, c: f["red"] == 0),
    ("一颗珠", 2, lambda f, c: f["red"] == 1),
    ("红福", 2, lambda f, c: f["red"] >= 10),
    ("太保红", 3, lambda f, c: f["red"] >= 13),
    ("飘福", 2, lambda f, c: f["shao"] == 0),
    ("18细", 3, lambda f, c: f["small"] >= 18),
    ("18大", 2, lambda f, c: f["big"] >= 18),
    ("台福", 2, lambda f, c: 24 <= f["youzi"] <= 27),
    ("甲福", 3, lambda f, c: f["youzi"] >= 28),
]
# A test table: 名堂 on the cut and on 油子 bands that a small hand reaches
SPLIT_TOML = """
format = "huapai-xiushan-mingtang/1"
game = "GAME"
HU_DOU
[[mingtang]]
id = "piao"
name = "飘"
UNIT = 3
confidence = "low"
source = "test"
when = { shao = { max = 0 } }
[[mingtang]]
id = "hun"
name = "荤"
UNIT = 2
confidence = "low"
source = "test"
when = { plain_groups = { max = 0 } }
[[mingtang]]
id = "band"
name = "带"
UNIT = 3
confidence = "low"
source = "test"
when = { youzi = { min = 6, max = 9 } }
[[mingtang]]
id = "high"
name = "高"
UNIT = 2
confidence = "low"
source = "test"
when = { youzi = { min = 10 } }
[[mingtang]]
id = "bian"
name = "匾"
UNIT = 2
confidence = "low"
source = "test"
when = { all_red_units = { min = 1 }, red_outside = { max = 0 } }
[[mingtang]]
id = "hua"
name = "花"
UNIT = 3
confidence = "low"
source = "test"
when = { black_units = { max = 0 } }
[[mingtang]]
id = "zhu"
name = "柱"
UNIT = 1
confidence = "low"
source = "test"
when = { any = [ { same_groups = { min = 2 } }, { sequence_groups = { min = 3 } } ] }
excludes = ["hun"]
"""
SPLIT_PREDS: list[tuple[str, int, Pred]] = [
    ("飘", 3, lambda f, c: f["shao"] == 0),
    ("荤", 2, lambda f, c: f["plain"] == 0),
    ("带", 3, lambda f, c: 6 <= f["youzi"] <= 9),
    ("高", 2, lambda f, c: f["youzi"] >= 10),
    ("匾", 2, lambda f, c: f["all_red"] >= 1 and f["red_outside"] == 0),
    ("花", 3, lambda f, c: f["black_units"] == 0),
    ("柱", 1, lambda f, c: f["same"] >= 2 or f["seq"] >= 3),
]


@pytest.fixture(scope="module")
def split_tables(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = {}
    d = tmp_path_factory.mktemp("mingtang")
    for game, unit, hu in (("bofu", "fan", ""), ("sanliufu", "dou", "hu_dou = 1")):
        p = d / f"{game}.toml"
        p.write_text(SPLIT_TOML.replace("GAME", game).replace("UNIT", unit)
                     .replace("HU_DOU", hu), encoding="utf-8")  # fmt: skip
        out[game] = p
    return out


def _units(
    p: list[tuple[str, tuple[int, ...]]], melds: list[Meld], opts: dict[str, Any]
) -> list[Unit]:
    out: list[Unit] = []
    for m in melds:
        out.append((m.kind.value, m.cards, brute.same_card(m.kind.value, m.card, opts["jiang"])))
    for kind, cards in p:
        out.append((kind, cards, brute.group_value(kind, cards, opts)))
    return out


def _features(units: list[Unit], all_cards: list[int], opts: dict[str, Any]) -> Feats:
    def as_peng(kind: str, cards: tuple[int, ...]) -> bool:
        return (kind == "坎" and cards[0] == opts["win"] and not opts["self_drawn"]
                and opts["discard_triple"] == "peng" and opts["win_copies"] == 3)  # fmt: skip

    def reds(cards: tuple[int, ...]) -> int:
        return sum(c % 10 in RED for c in cards)

    red = sum(c % 10 in RED for c in all_cards)
    small = sum(c < 10 for c in all_cards)
    groups = [u for u in units if u[0] != "麻雀"]
    return {
        "red": red, "small": small, "big": len(all_cards) - small,
        "youzi": sum(u[2] for u in units),
        "plain": sum(u[2] == 0 for u in groups),
        "same": sum(u[0] in ("坎", "碰", "哨", "开召", "鸡", "龙灯") for u in units),
        "seq": sum(u[0] in ("联子", "二七十", "大小组合") for u in units),
        "shao": sum(u[0] == "哨" or (u[0] == "坎" and not as_peng(u[0], u[1])) for u in units),
        "black_units": sum(reds(u[1]) == 0 for u in units),
        "all_red": sum(reds(u[1]) == len(u[1]) for u in units),
        "red_outside": sum(reds(u[1]) for u in units if reds(u[1]) < len(u[1])),
    }  # fmt: skip


def _brute_value(
    rules: XiushanRules, hand: list[int], melds: list[Meld], opts: dict[str, Any],
    preds: list[tuple[str, int, Pred]], context: set[str], unit: str,
    excludes: dict[str, str] | None = None,
) -> int | None:
    cards = Counter(hand)
    opts = {**opts, "win_copies": cards[opts["win"]] if opts["win"] is not None else 0}
    all_cards = hand + [c for m in melds for c in m.cards]
    best: int | None = None
    for p in _partitions(rules, cards, melds, opts):
        f = _features(_units(p, melds, opts), all_cards, opts)
        if f["youzi"] < rules.hu_threshold:
            continue
        hits = [(n, v) for n, v, pred in preds if pred(f, context)]
        for a, b in (excludes or {}).items():
            if any(n == a for n, _ in hits):
                hits = [(n, v) for n, v in hits if n != b]
        if unit == "fan":
            fan = 1 if not hits else hits[0][1] if len(hits) == 1 else 3
            value = f["youzi"] * min(fan, 3)
        else:
            value = 1 + sum(v for _, v in hits)
        best = value if best is None or value > best else best
    return best


def _partitions(
    rules: XiushanRules, cards: Counter[int], melds: list[Meld], opts: dict[str, Any]
) -> list[list[tuple[str, tuple[int, ...]]]]:
    """Every partition; with ``kan_split`` off only those keeping each three alike held
    before the winning card as a 坎 (xiushan.md §3.5)."""
    out = list(brute.partitions(cards, brute.concealed_groups(True), False))
    if rules.kan_split:
        return out
    meld_cards = {m.card for m in melds}
    held = [c for c, n in cards.items()
            if n - (c == opts["win"] and c not in meld_cards) >= 3]  # fmt: skip
    return [p for p in out if all(("坎", (c, c, c)) in p for c in held)]


MELD_KINDS = (Kind.PENG, Kind.SHAO, Kind.ZHAO, Kind.JI, Kind.LONG)
VALUED = [("联子", (0, 1, 2)), ("联子", (10, 11, 12)), ("二七十", (1, 6, 9)),
          ("二七十", (11, 16, 19))]  # fmt: skip


def _group(rng: random.Random) -> list[int]:
    pool = brute.concealed_groups(True)
    kind, g = rng.choice(VALUED) if rng.random() < 0.3 else rng.choice(pool)
    return list(g) if kind != "麻雀" else [*g, g[0]]


def _position(rng: random.Random) -> tuple[list[int], list[Meld], int]:
    """(concealed cards, melds, hand_size) of a complete small hand, often cutting
    more than one way (坎 next to 联子, 二七十 with 坎 of its ranks)."""
    while True:
        melds, groups, pair = random_melds(rng)
        if rng.random() < 0.3 and groups == 3:
            r = rng.randrange(8)
            base = rng.choice((0, 10))
            hand = [base + r + i for i in range(3) for _ in range(3)]  # 三个坎 = 三个联子
        else:
            hand = [c for _ in range(groups) for c in _group(rng)]
        if pair:
            hand += [rng.randrange(20)] * 2
        held = hand + [c for m in melds for c in m.cards]
        if hand and all(n <= 4 for n in Counter(held).values()):
            return hand, melds, size_of(hand, melds)


def _case(seed: int, base: XiushanRules, table: str, threshold: int) -> tuple[
        XiushanRules, list[int], list[Meld], dict[str, Any], set[str]]:
    rng = random.Random(seed)
    hand, melds, size = _position(rng)
    rules = dataclasses.replace(base, hand_size=size, hu_threshold=threshold,
                                mingtang_table=table,
                                discard_triple=rng.choice(["peng", "shao"]))  # fmt: skip
    win = rng.choice(hand + [c for m in melds for c in m.cards])
    jiang = rng.choice([None, rng.randrange(10)])
    opts = {"youzi": True, "jiang": jiang, "jiang_lianzi": False, "win": win,
            "self_drawn": rng.random() < 0.4, "discard_triple": rules.discard_triple}  # fmt: skip
    context = {f for f in ("tianhu", "dihu") if rng.random() < 0.2}
    return rules, hand, melds, opts, context


def _check(rules: XiushanRules, hand: list[int], melds: list[Meld], opts: dict[str, Any],
           context: set[str], preds: list[tuple[str, int, Pred]], unit: str,
           excludes: dict[str, str] | None = None) -> None:  # fmt: skip
    r = score(rules, hand, melds, win_card=opts["win"], self_drawn=opts["self_drawn"],
              jiang=opts["jiang"], context=context)  # fmt: skip
    want = _brute_value(rules, hand, melds, opts, preds, context | (
        {"self_drawn"} if opts["self_drawn"] else set()), unit, excludes)  # fmt: skip
    assert r.value == want
    assert r.wins == (want is not None)
    if r.wins:
        assert sum(g.youzi for g in r.groups) == r.youzi
        if unit == "fan":
            assert r.value == r.youzi * (r.fan or 0)
        else:
            assert r.dou == r.value == sum(i.dou for i in r.dou_items)


@SETTINGS
@given(seed=st.integers(0, 2**32), threshold=st.sampled_from([0, 3, 6]))
def test_bofu_builtin_table_agrees_with_brute_force(seed: int, threshold: int) -> None:
    rules, hand, melds, opts, context = _case(seed, BOFU, "", threshold)
    _check(rules, hand, melds, opts, context, BOFU_PREDS, "fan")


@SETTINGS
@given(seed=st.integers(0, 2**32), threshold=st.sampled_from([0, 3, 6]))
def test_bofu_split_table_agrees_with_brute_force(
    seed: int, threshold: int, split_tables: dict[str, Path]
) -> None:
    rules, hand, melds, opts, context = _case(seed, BOFU, str(split_tables["bofu"]), threshold)
    _check(rules, hand, melds, opts, context, SPLIT_PREDS, "fan", {"柱": "荤"})


@SETTINGS
@given(seed=st.integers(0, 2**32), threshold=st.sampled_from([0, 3, 6]))
def test_sanliufu_split_table_agrees_with_brute_force(
    seed: int, threshold: int, split_tables: dict[str, Path]
) -> None:
    rules, hand, melds, opts, context = _case(
        seed, SANLIUFU, str(split_tables["sanliufu"]), threshold)
    _check(rules, hand, melds, opts, context, SPLIT_PREDS, "dou", {"柱": "荤"})


def test_the_best_cut_can_have_fewer_youzi(tmp_path: Path) -> None:
    """三三三四四四五五五 cuts as three 坎 (9 胡; a 坎 is a 哨, so no 飘) or three 联子
    (0 胡, 飘 3 翻): with 6 胡 of 碰, 15 × 1 loses to 6 × 3."""
    p = tmp_path / "piao.toml"
    p.write_text(SPLIT_TOML.split("[[mingtang]]")[0].replace("GAME", "bofu")
                 .replace("HU_DOU", "") + "[[mingtang]]" + SPLIT_TOML.split("[[mingtang]]")[1]
                 .replace("UNIT", "fan"), encoding="utf-8")  # fmt: skip
    rules = dataclasses.replace(BOFU, hand_size=15, hu_threshold=0, mingtang_table=str(p))
    r = score(rules, "三三三四四四五五五", ["碰:叁叁叁", "碰:肆肆肆"])
    assert (r.youzi, r.fan, r.value) == (6, 3, 18)
    assert [g.kind for g in r.groups if not g.laid] == [Kind.LIANZI] * 3
    assert [m.name for m in r.mingtang] == ["飘"]
    shibafu = score(dataclasses.replace(rules, hand_value="dou", mingtang_table=""),
                    "三三三四四四五五五", ["碰:叁叁叁", "碰:肆肆肆"])  # fmt: skip
    assert shibafu.youzi == 15  # the 豆 presets keep the cut with the most 油子


@SETTINGS
@given(seed=st.integers(0, 2**32), threshold=st.sampled_from([0, 3, 6]))
def test_waits_under_bofu_are_the_scorer_on_each_completion(seed: int, threshold: int) -> None:
    from huapai.games.xiushan.waits import waits

    rules, hand, melds, opts, _ = _case(seed, BOFU, "", threshold)
    short = hand[1:]
    got = {w.card: w for w in waits(rules, short, melds, jiang=opts["jiang"]).waits}
    for c in range(20):
        if Counter(short + [x for m in melds for x in m.cards])[c] >= 4:
            continue
        best: dict[bool, tuple[int, int] | None] = {}
        for drawn in (False, True):
            r = score(rules, [*short, c], melds, win_card=c, self_drawn=drawn, jiang=opts["jiang"])
            best[drawn] = (r.value, r.youzi) if r.wins and r.value is not None else None
        onto_meld = any(m.card == c and m.kind in (Kind.PENG, Kind.SHAO) for m in melds)
        w = got.get(c)
        if w is None:
            assert best[False] is None and best[True] is None
            continue
        ways = ((False, (w.score, w.youzi)), (True, (w.score_self_drawn, w.youzi_self_drawn)))
        for drawn, (value, youzi) in ways:
            concealed = best[drawn]
            if onto_meld:
                assert concealed is None or (value is not None and value >= concealed[0])
            else:
                assert (value, youzi) == (concealed or (None, None))


@SETTINGS
@given(seed=st.integers(0, 2**32), threshold=st.sampled_from([0, 3, 6]))
def test_kan_not_split_agrees_with_brute_force_on_the_dou_path(seed: int, threshold: int) -> None:
    from huapai.games.xiushan.rules import SHIBAFU

    rules, hand, melds, opts, _ = _case(seed, SHIBAFU, "", threshold)
    rules = dataclasses.replace(rules, kan_split=False)
    r = score(rules, hand, melds, win_card=opts["win"], self_drawn=opts["self_drawn"],
              jiang=opts["jiang"])  # fmt: skip
    cards = Counter(hand)
    o = {**opts, "win_copies": cards[opts["win"]]}
    meld_youzi = sum(brute.same_card(m.kind.value, m.card, opts["jiang"]) for m in melds)
    values = [meld_youzi + sum(brute.group_value(k, g, o) for k, g in p)
              for p in _partitions(rules, cards, melds, opts)]  # fmt: skip
    assert r.complete == bool(values)
    assert r.youzi == (max(values) if values else 0)
    assert r.wins == (bool(values) and max(values) >= threshold)


def test_sanliufu_does_not_split_a_kan(split_tables: dict[str, Path]) -> None:
    """三三三四四四五五五 held: under 三六福 (kan_split off) three 坎, never three 联子 —
    even where the test table's 飘 (no 坎) would make the 联子 cut worth more."""
    hand, melds = "三三三四四四五五五", ["碰:叁叁叁", "碰:肆肆肆"]
    rules = dataclasses.replace(SANLIUFU, hand_size=15, hu_threshold=0,
                                mingtang_table=str(split_tables["sanliufu"]))  # fmt: skip
    r = score(rules, hand, melds)
    assert [g.kind for g in r.groups if not g.laid] == [Kind.KAN] * 3 and r.youzi == 15
    assert "飘" not in [m.name for m in r.mingtang]
    split = score(dataclasses.replace(rules, kan_split=True), hand, melds)
    assert [g.kind for g in split.groups if not g.laid] == [Kind.LIANZI] * 3
    assert "飘" in [m.name for m in split.mingtang] and (split.dou or 0) > (r.dou or 0)
