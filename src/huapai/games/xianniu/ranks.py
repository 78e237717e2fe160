"""Rank tables: which single, pair, 鞍 and 亮子 beats which (rules reference §2.3).

Higher levels beat lower ones; equal levels never beat each other; ``None`` is
incomparable (neither beats nor is beaten: 好戏 / 喜, 三戏, and per option 戏亮子).
Four tables are switchable by the ``rank_table`` rule option:

* ``pip``      — PROPOSAL default for 凤翔花花牌: compare by pip count [S000].
* ``shaanbei`` — 陕北 order [SB] (3分 = 6分, 10分 = 11分, 喜 at 5).
* ``js``       — the order of a Cocos/JS 花花牌 client [JS] (对牛 above 对天).
* ``lanzhou``  — 兰州掀牛 / 砍牛腿, explicit in [S002].
"""

from __future__ import annotations

from dataclasses import dataclass

Level = int | None


@dataclass(frozen=True, slots=True)
class RankTable:
    """Levels per face (singles) and per kind (sets), with the 牛 / 戏 exceptions.

    ``pair`` / ``triple`` / ``quad`` are indexed by kind (the 戏 and 牛 entries there are
    the 三 / 亮子 levels of those kinds); ``pair_ha`` maps a 牛 / 戏 face to the level of
    a same-face (哈) pair; ``niu_pair`` is the 好牛 pair; ``niu_quad_top`` is the 牛亮子
    when ``niu_liangzi = "top"``.
    """

    single: tuple[int, ...]
    pair: tuple[Level, ...]
    pair_ha: dict[int, int]
    niu_pair: int
    triple: tuple[Level, ...]
    quad: tuple[Level, ...]
    niu_quad_top: int


# kinds: 地眼 戏 板凳 锤六 串六 锤七 红八 牛 红十 梅十 虎 天
# faces: 地眼 小戏 大戏 板凳 锤六 串六 锤七 红八 牛九 牛八 红十 梅十 虎 天
_PIP_SETS: tuple[Level, ...] = (2, None, 4, 6, 6, 7, 8, 12, 10, 10, 11, 12)

TABLES: dict[str, RankTable] = {
    "pip": RankTable(
        single=(2, 3, 6, 4, 6, 6, 7, 8, 9, 8, 10, 10, 11, 12),
        pair=_PIP_SETS,
        pair_ha={1: 3, 2: 6, 8: 9, 9: 8},
        niu_pair=12,
        triple=_PIP_SETS,
        quad=(2, 5, 4, 6, 6, 7, 8, 9, 10, 10, 11, 12),
        niu_quad_top=12,
    ),
    "shaanbei": RankTable(
        single=(2, 5, 5, 4, 6, 6, 7, 8, 9, 9, 10, 10, 11, 12),
        pair=_PIP_SETS,
        pair_ha={1: 5, 2: 5, 8: 9, 9: 9},
        niu_pair=12,
        triple=_PIP_SETS,
        quad=(2, 5, 4, 6, 6, 7, 8, 9, 10, 10, 11, 12),
        niu_quad_top=12,
    ),
    "js": RankTable(
        single=(1, 3, 4, 2, 4, 3, 5, 6, 7, 6, 8, 8, 9, 10),
        pair=(1, None, 2, 4, 3, 5, 6, 11, 8, 8, 9, 10),
        pair_ha={1: 3, 2: 4, 8: 7, 9: 6},
        niu_pair=11,
        triple=(1, None, 2, 4, 3, 5, 6, 11, 8, 8, 9, 10),
        quad=(1, 4, 2, 4, 3, 5, 6, 7, 8, 8, 9, 10),
        niu_quad_top=11,
    ),
    "lanzhou": RankTable(
        single=(1, 4, 4, 2, 5, 3, 6, 7, 8, 8, 9, 9, 10, 11),
        pair=(1, None, 2, 4, 4, 5, 6, 10, 8, 8, 9, 10),
        pair_ha={1: 3, 2: 3, 8: 7, 9: 7},
        niu_pair=10,
        triple=(1, None, 2, 3, 3, 4, 5, 8, 6, 6, 7, 8),
        quad=(1, 3, 2, 4, 4, 5, 6, 7, 8, 8, 9, 10),
        niu_quad_top=10,
    ),
}
