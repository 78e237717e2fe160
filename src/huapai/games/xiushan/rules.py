"""Rule options of 秀山字牌 that the hand calculator uses, and the part-1 presets.

Sources: [S] seed ``004_1284c002b6627dc7.txt``; ``rules/xiushan.md`` (newer; where it
and ``rules/zipai.md`` Part B differ, it stands). Every choice the sources leave open is
an option here with the recommended default, marked [P] (a reference's PROPOSAL) or
"engine" (this calculator's own choice); ``docs/xiushan.md`` lists them all.

The flow options (drawn card shown or kept, 吃, own draw onto an own 哨, who pays, …)
belong to the engine and are not here yet; the presets' seat counts and deal sizes
appear only as ``hand_size``, the size of a complete hand.

钵福 (油子 × 翻) and 三六福 (名堂 in 豆) are the next issue: ``hand_value`` is the
option they extend ("dou" is the only value so far), and the calculator's result keeps
every group with its kind and 油子, which their 名堂 predicates read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from huapai.core.protocol import RulesError
from huapai.core.rules import RulesBase, option

from .cards import RANKS, rank


@dataclass(frozen=True, slots=True, kw_only=True)
class XiushanRules(RulesBase):
    # --- hand shape -------------------------------------------------------------------
    hand_size: int = option(
        21, zh="手牌张数",
        source="麻雀福 [S] 庄家摸十四张; 十八福 [P] 庄 21 / 闲 20 (xiushan.md §2.1)",
        doc="Cards in a complete hand without 4-sets (the dealer's deal). Each 4-set after "
            "the first adds one (八块: the first 4-set discards, later ones do not).",
        low=2, high=30)
    quads: bool = option(
        True, zh="龙灯开召", source="[S] 麻雀福无龙灯和开召",
        doc="4-sets (开召, 鸡, 龙灯) exist; without them a meld of four is refused.")
    jiao: bool = option(
        True, zh="大小组合", source="[S] 十八福; 麻雀福 unstated, [P] allowed (zipai.md B3)",
        doc="两大一小 / 两小一大 of one rank is a group (no 油子).")
    # --- 油子 -------------------------------------------------------------------------
    youzi: bool = option(
        True, zh="计油子", source="[S] 麻雀福不计油子",
        doc="Groups carry 油子; without it every group is worth 0.")
    hu_threshold: int = option(
        18, zh="起胡", source="[S] 黄六福 六胡油; 十八福 十八胡; 麻雀福 组牌完成即可",
        doc="油子 needed to win (0: a complete hand wins).", low=0, high=200)
    jiang: Literal["off", "next", "same"] = option(
        "next", zh="翻将", source="[S] 大将/小将 values; xiushan.md §2.2 [P] 翻将 (大冶 Z1)",
        doc="将 rank of a hand from the flipped bottom card: the next rank (大伍 → 陆/六), "
            "the same rank, or no 将 (麻雀福 不设置将).", choices=("off", "next", "same"))
    jiang_wrap: bool = option(
        True, zh="将过拾回壹", source="engine (xiushan.md §8.1: not stated)",
        doc="With jiang=next, a flipped 拾/十 makes 壹/一 the 将; otherwise that hand has no 将.")
    jiang_lianzi: bool = option(
        False, zh="将联子加倍", source="[P] xiushan.md §2.2: 将 does not affect 联子",
        doc="一二三 / 二七十 holding a 将 card score double.")
    discard_triple: Literal["peng", "shao"] = option(
        "peng", zh="胡牌成坎", source="[P] xiushan.md §2.3 (H1: 胡进来凑成的三张按碰算)",
        doc="Three alike in the hand completed by the winning discard score as a 碰 (peng) "
            "or as a 哨 (shao); completed by one's own draw they are always a 哨.",
        choices=("peng", "shao"))
    own_draw_on_shao: Literal["long", "zhao"] = option(
        "long", zh="自摸上哨",
        source="[?] xiushan.md §2.4; zipai.md BG14 [P] 龙灯 (跑胡子 偎+摸=提)",
        doc="One's own draw onto one's own 暗哨 makes a 龙灯 (long) or a 开召 (zhao, 大冶).",
        choices=("long", "zhao"))
    # --- hand value ------------------------------------------------------------------
    hand_value: Literal["dou"] = option(
        "dou", zh="计分", source="[S] 麻雀福/黄六福/十八福 算豆; 钵福 油子×翻 next issue",
        doc="What a win is worth: 豆 (part 1). 钵福 (油子 × 翻) and 三六福 (名堂 豆) extend "
            "this option.", choices=("dou",))
    dou_er: Literal["both", "big"] = option(
        "both", zh="贰算豆",
        source="[S] 十八福 不论大贰小二; 麻雀福 有多少个贰 (xiushan.md §3.1 both)",
        doc="Which cards are a 豆 each: every 贰 and 二 (both) or only the big 贰.",
        choices=("both", "big"))
    zimo_dou: bool = option(
        True, zh="自摸加豆", source="[S] 十八福 有自摸再加1豆; 麻雀福 silent ([?] xiushan.md §3.1)",
        doc="A self-drawn win (自摸) adds 1 豆.")
    dou_cap: int = option(
        10, zh="豆封顶", source="[S] 十八福 最多可达10豆 (= 1 + 8 + 1)",
        doc="Most 豆 a hand is worth (0: no cap).", low=0, high=100)

    def validate(self) -> None:
        if not self.youzi and self.hu_threshold:
            raise RulesError("hu_threshold needs youzi: a game without 油子 cannot ask for 胡")

    def jiang_of_flip(self, flipped: int) -> int | None:
        """The 将 rank (``0..9``) when ``flipped`` is the card turned up by 翻将."""
        if self.jiang == "off":
            return None
        if self.jiang == "same":
            return rank(flipped)
        nxt = rank(flipped) + 1
        if nxt < RANKS:
            return nxt
        return 0 if self.jiang_wrap else None


MAQUEFU = XiushanRules(hand_size=14, quads=False, youzi=False, hu_threshold=0, jiang="off",
                       zimo_dou=False, dou_cap=0)  # fmt: skip
"""麻雀福 [S]: 4 放子 + 麻雀 (14 cards), no 油子, no 将, no 龙灯/开召; 豆 = 贰 + 1 for 和."""
HUANGLIUFU = XiushanRules(hand_size=14, quads=False, hu_threshold=6, jiang="off",
                          zimo_dou=False, dou_cap=0)  # fmt: skip
"""黄六福 [S]: as 麻雀福 but 六胡油 to win (the 十八福 油子 table without 将, [P])."""
SHIBAFU = XiushanRules()
"""十八福 / 黄十八 [S]: 十八胡, 牌理顺、放子圆; 豆 = 1 + 贰 + 自摸, at most 10."""

PRESETS: dict[str, XiushanRules] = {
    "maquefu": MAQUEFU,
    "huangliufu": HUANGLIUFU,
    "shibafu": SHIBAFU,
}


def preset(name: str) -> XiushanRules:
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError(f"unknown 秀山 preset {name!r}; expected one of "
                         + ", ".join(PRESETS)) from None  # fmt: skip
