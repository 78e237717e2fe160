"""Rank orders of every table (reference §2.3) and the catalogue of plays per preset.

Orders are written high → low as in the sources, ``>`` for “beats” and ``=`` for “equal,
neither beats”; :func:`_check_chain` checks every pair of plays in a chain, not only
neighbours, so a single wrong level anywhere fails. Sources: [S002] 砍牛腿 “基本牌型和大小”
(兰州, explicit), [SB] 陕北, [JS] client, and the reference's PROPOSAL pip order (凤翔).
"""

from __future__ import annotations

import pytest
from xn_support import GAME, beats_text, combo, rules

from huapai.games.xianniu.combos import catalogue
from huapai.games.xianniu.rules import XianniuRules

L = rules("lanzhou")
F = rules("fengxiang")


def _groups(chain: str) -> list[list[str]]:
    """“K > Q > J = 10” → [["K"], ["Q"], ["J", "10"]]; “天×3” is short for “天 天 天”."""
    return [[_expand(p) for p in level.split("=")] for level in chain.split(">")]


def _expand(play: str) -> str:
    words = []
    for word in play.split():
        name, _, times = word.partition("×")
        words.extend([name] * int(times or 1))
    return " ".join(words)


def _check_chain(r: XianniuRules, chain: str) -> None:
    groups = _groups(chain)
    for i, higher in enumerate(groups):
        for a in higher:
            for b in higher:
                assert not beats_text(r, a, b), f"{a} and {b} are equal"
            for lower in groups[i + 1:]:
                for b in lower:
                    assert beats_text(r, a, b), f"{a} should beat {b}"
                    assert not beats_text(r, b, a), f"{b} should not beat {a}"


# --------------------------------------------------------------- 兰州掀牛 [S002], explicit
LANZHOU_CHAINS = {
    "single": "K > Q > J = 10 > 9r = 9b > 8 > 7 > 6 > 5r = 5b > 3 > 2 > A",
    "pair": "K K = 9r 9b > Q Q > J J = 10 10 > 9r 9r = 9b 9b > 8 8 > 7 7 > 6 6 = 3 3 "
            "> 5r 5r = 5b 5b > 2 2 > A A",
    "triple": "K K K = 9r 9r 9b = 9r 9b 9b > Q Q Q > J J J = 10 10 10 > 8 8 8 > 7 7 7 "
              "> 6 6 6 = 3 3 3 > 2 2 2 > A A A",
    "quad": "K K K K > Q Q Q Q > J J J J = 10 10 10 10 > 9r 9r 9b 9b > 8 8 8 8 > 7 7 7 7 "
            "> 6 6 6 6 = 3 3 3 3 > 5r 5r 5b 5b > 2 2 2 2 > A A A A",
}


@pytest.mark.parametrize("group", list(LANZHOU_CHAINS))
def test_s002_lanzhou_rank_order(group: str) -> None:
    """[S002] (3)–(6): 单张 / 两张 / 三张 / 四张牌型的大小依次…; quads PROPOSAL by analogy."""
    _check_chain(L, LANZHOU_CHAINS[group])


def test_s002_single_six_beats_three_but_pairs_equal() -> None:
    """[S002] “单张的6可以压3,但多张的6和3同等大不能互压”."""
    assert beats_text(L, "6", "3")
    assert not beats_text(L, "6 6", "3 3") and not beats_text(L, "3 3", "6 6")
    assert not beats_text(L, "6 6 6", "3 3 3")


def test_s002_j_and_10_never_beat_each_other() -> None:
    """[S002] “J和10在任何时候都同等大,单张和多张的J与10均不能互压”."""
    for n in (1, 2, 3, 4):
        j, ten = " ".join(["J"] * n), " ".join(["10"] * n)
        assert not beats_text(L, j, ten) and not beats_text(L, ten, j)


@pytest.mark.parametrize("r", [L, F], ids=["lanzhou", "fengxiang"])
def test_xi_pair_and_triple_are_incomparable(r: XianniuRules) -> None:
    """[S002] “红黑搭配的对5不能与其他任何牌比较大小…555依然属于特殊牌型”; [SB][GZ] 好戏."""
    every = catalogue(r.catalogue_key).combos
    for text in ("5r 5b", "5r 5r 5b", "5r 5b 5b"):
        xi = combo(r, text)
        assert xi.level is None
        assert not any(beats_text(r, text, _t(r, c.counts)) for c in every)
        assert not any(beats_text(r, _t(r, c.counts), text) for c in every)


def _t(r: XianniuRules, counts: tuple[int, ...]) -> str:
    from huapai.games.xianniu.cards import format_counts

    return format_counts(counts, r.style)


def test_s002_niu_equals_tian_and_beats_the_rest() -> None:
    """[S002] “KK和搭配的99最大,且等级相同,不能互压”; “牛牌可以吃除了天和喜以外的任何牌”."""
    assert not beats_text(L, "9r 9b", "K K") and not beats_text(L, "K K", "9r 9b")
    assert beats_text(L, "9r 9b", "Q Q") and beats_text(L, "9r 9b 9b", "Q Q Q")
    assert not beats_text(L, "9r 9b", "5r 5b")


def test_s002_bai_beats_fish_only() -> None:
    """[S002] “K+10+8可以压住A+2+3,除此之外这两个牌型不能压住任何牌型”; (7) 六张牌型."""
    assert beats_text(L, "K 10 8", "A 2 3") and not beats_text(L, "A 2 3", "K 10 8")
    for triple in ("A A A", "K K K", "2 2 2"):
        for fb in ("K 10 8", "A 2 3"):
            assert not beats_text(L, fb, triple) and not beats_text(L, triple, fb)
    assert beats_text(L, "K K K K 10 8", "A A A A 2 3")
    assert beats_text(L, "K K 10 10 8 8", "A A 2 2 3 3")
    assert not beats_text(L, "K K 10 10 8 8", "A A A A 2 3")


def test_s002_xi_bao_liang_only_against_same_size() -> None:
    """[S002] “喜包亮只能被喜包亮吃”; §2.4 PROPOSAL: by the 亮子, only the same card count."""
    assert beats_text(L, "Q Q Q Q 5r 5b", "8 8 8 8 5r 5b")
    assert not beats_text(L, "8 8 8 8 5r 5b", "Q Q Q Q 5r 5b")
    assert beats_text(L, "Q Q Q Q 5r 5r 5b", "8 8 8 8 5r 5b 5b")
    assert not beats_text(L, "Q Q Q Q 5r 5r 5b", "8 8 8 8 5r 5b")
    assert not beats_text(L, "Q Q Q Q 5r 5b", "8 8 8 8")
    assert not beats_text(L, "K K K K", "8 8 8 8 5r 5b")


# ------------------------------------------------------------ 凤翔 pip order (PROPOSAL)
FENGXIANG_CHAINS = {
    "single": "天 > 虎 > 红十 = 梅十 > 牛九 > 红八 = 牛八 > 锤七 > 锤六 = 串六 = 大戏 "
              "> 板凳 > 小戏 > 地眼",
    "pair": "天×2 = 牛九 牛八 > 虎×2 > 红十×2 = 梅十×2 > 牛九×2 > 红八×2 = 牛八×2 > 锤七×2 "
            "> 锤六×2 = 串六×2 = 大戏×2 > 板凳×2 > 小戏×2 > 地眼×2",
    "triple": "天×3 = 牛九×2 牛八 = 牛九 牛八×2 > 虎×3 > 红十×3 = 梅十×3 > 红八×3 > 锤七×3 "
              "> 锤六×3 = 串六×3 > 板凳×3 > 地眼×3",
    "quad": "天×4 = 牛九×2 牛八×2 > 虎×4 > 梅十×4 = 红十×4 > 红八×4 > 锤七×4 "
            "> 串六×4 = 锤六×4 > 板凳×4 > 地眼×4",
}


@pytest.mark.parametrize("group", list(FENGXIANG_CHAINS))
def test_proposal_fengxiang_pip_order(group: str) -> None:
    """Reference §2.3 PROPOSAL pip order [S000 牌点数]; 好牛 = 天 pair, 三牛 = 三天, 牛亮子 top."""
    _check_chain(F, FENGXIANG_CHAINS[group])


def test_proposal_fengxiang_xi_liangzi_incomparable_and_ha_pairs_ordinary() -> None:
    """§2.3 / G13 [GZ] “四戏…和其他牌互不吃”; 哈牛 / 哈戏 are ordinary pairs [GZ]."""
    assert combo(F, "小戏 小戏 大戏 大戏").level is None
    assert not beats_text(F, "天 天 天 天", "小戏 小戏 大戏 大戏")
    assert combo(F, "牛九 牛九").name == "哈牛" and combo(F, "小戏 小戏").name == "哈戏"
    assert combo(F, "牛九 牛八").name == "好牛" and combo(F, "小戏 大戏").name == "好戏"


def test_proposal_liang_bao_liang_by_highest_liangzi() -> None:
    """§2.4 PROPOSAL G12: 亮子保亮子 meets only the same number of 亮子, by its highest one."""
    low, high = "锤七 " * 4 + "红八 " * 4, "地眼 " * 4 + "虎 " * 4
    assert beats_text(F, high, low) and not beats_text(F, low, high)
    niu = "牛九 牛九 牛八 牛八 " + "地眼 " * 4
    assert beats_text(F, niu, high)
    assert not beats_text(F, "天 " * 4 + "地眼 " * 4, niu)
    assert not beats_text(F, "锤七 " * 4 + "红八 " * 4 + "虎 " * 4, high)
    assert combo(F, "小戏 小戏 大戏 大戏 " + "天 " * 4).level is None


def test_proposal_bai_structure_beats_fish_structure_of_same_shape() -> None:
    """§2.4: 摆儿亮 > 鱼儿亮 whatever kind is the 亮子 (PROPOSAL), 三副摆 > 三副鱼, shapes apart."""
    assert beats_text(F, "红八 梅十 梅十 梅十 梅十 天", "地眼 地眼 地眼 地眼 板凳 串六")
    assert beats_text(F, _expand("红八×3 梅十×3 天×3"), _expand("地眼×3 板凳×3 串六×3"))
    assert not beats_text(F, "红八 红八 梅十 梅十 天 天", "地眼 地眼 地眼 地眼 板凳 串六")
    assert not beats_text(F, "地眼 " * 4 + "板凳 串六", "地眼 板凳 板凳 板凳 板凳 串六")


# ----------------------------------------------------------------- other rank tables
@pytest.mark.parametrize(("table", "chain"), [
    ("shaanbei", "天 > 虎 > 红十 = 梅十 > 牛九 = 牛八 > 红八 > 锤七 > 锤六 = 串六 "
                 "> 小戏 = 大戏 > 板凳 > 地眼"),
    ("js", "天 > 虎 > 红十 = 梅十 > 牛九 > 牛八 = 红八 > 锤七 > 锤六 = 大戏 "
           "> 小戏 = 串六 > 板凳 > 地眼"),
])
def test_regional_single_orders(table: str, chain: str) -> None:
    """§2.3 regional single orders: [SB] “3分和6分一样大，10分和11分谁也不吃谁”; [JS] code."""
    _check_chain(rules("fengxiang", rank_table=table), chain)


def test_js_niu_pair_beats_tian_pair() -> None:
    """§2.3 [JS]: “对牛/三牛/四牛 beat any ordinary play of the same size”."""
    r = rules("fengxiang", rank_table="js")
    assert beats_text(r, "牛九 牛八", "天 天") and beats_text(r, "牛九 牛九 牛八", "天 天 天")


def test_niu_liangzi_ordinary_option() -> None:
    """G13: ``niu_liangzi="ordinary"`` ranks four 牛 as 9s ([S002] “9999在这里并不比QQQQ大”)."""
    r = rules("fengxiang", niu_liangzi="ordinary")
    assert beats_text(r, "虎 虎 虎 虎", "牛九 牛九 牛八 牛八")
    assert beats_text(F, "牛九 牛九 牛八 牛八", "虎 虎 虎 虎")


# ------------------------------------------------------------------ catalogue sizes
def test_catalogue_size_lanzhou() -> None:
    """兰州: 14 singles; 16 pairs (10 kinds + 3 each for 5s, 9s: rr bb rb); 14 鞍 (10 + 2 + 2);
    12 亮子; 6 鱼/摆 (鱼, 摆, 双鱼, 双摆, AAAA+2+3, KKKK+10+8 [S002]); 喜包亮 44 (11 亮子
    kinds × 55, 5r5r5b, 5r5b5b, 5555 — “两张以上的5如果有黑红两色，则被称为喜”) = 106 plays,
    17 + 106 = 123 action ids."""
    for preset in ("lanzhou", "lanzhou-app"):
        r = rules(preset)
        assert len(catalogue(r.catalogue_key).combos) == 106
        assert GAME.num_actions(r) == 123


def test_catalogue_size_fengxiang() -> None:
    """凤翔: 14 + 16 + 14 + 12 set plays; 鱼/摆 44 = 2 × (鱼 1, 双鱼 1, 鱼儿亮 3,
    双鱼儿亮 3, 鱼儿双亮 3, 三副鱼 1, 双鱼双亮 3, 三鱼儿亮 3, 三鱼双亮 3, 四副鱼 1);
    亮子保亮子 C(12,2) + C(12,3) + C(12,4) − 2 (the all-鱼 / all-摆 triples are
    四副鱼 / 四副摆) = 779; total 879."""
    r = rules("fengxiang")
    cat = catalogue(r.catalogue_key)
    assert len(cat.combos) == 879 and GAME.num_actions(r) == 896
    by_group: dict[str, int] = {}
    for c in cat.combos:
        by_group[c.group] = by_group.get(c.group, 0) + 1
    assert by_group == {"single": 14, "pair": 16, "triple": 14, "quad": 12, "fb": 44, "lbl": 779}


def test_catalogue_size_follows_options() -> None:
    """Options shape the catalogue: 喜包亮 off −44; 鱼儿亮 / 摆儿亮 of any kind +4."""
    assert len(catalogue(rules("lanzhou", xi_bao_liang=False).catalogue_key).combos) == 62
    assert len(catalogue(rules("lanzhou", fish_liang_forms="any").catalogue_key).combos) == 110
