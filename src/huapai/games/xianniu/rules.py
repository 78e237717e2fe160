"""Rule options and presets of 掀牛 / 花花牌.

Sources: [S000] seed 000 (凤翔花花牌, 张海兵《花花牌》), [S002] seed 002 (兰州掀牛 app text and
the 砍牛腿 entry), and the consolidated reference ``shared/rules/xianniu.md`` (§ numbers and
gaps G1–G21 below refer to it). Every PROPOSAL of the reference is an option here, with the
reference's default unless the seed speaks (大牌型终局 follows seed 002's words: off).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from huapai.core.protocol import RulesError
from huapai.core.rules import RulesBase, option

from .combos import CatalogueKey

#: what a player reads for each choice of a rule option: value -> (中文, English)
_CHOICE_LABELS: dict[str, dict[str, tuple[str, str]]] = {
    "deck": {
        "huapai": ("花花牌", "long cards"),
        "poker": ("扑克", "poker"),
    },
    "rank_table": {
        "pip": ("按点数", "by pips"),
        "shaanbei": ("陕北", "Shaanbei"),
        "js": ("花花牌客户端", "the JS client"),
        "lanzhou": ("兰州", "Lanzhou"),
    },
    "niu_liangzi": {
        "top": ("同天亮子", "ranks as 天"),
        "ordinary": ("普通九", "an ordinary 9"),
    },
    "xi_liangzi": {
        "incomparable": ("互不相吃", "incomparable"),
        "ordinary": ("普通五", "an ordinary 5"),
    },
    "fish_liang_forms": {
        "any": ("任一种", "any kind"),
        "end": ("只限地眼/天", "only A / K"),
    },
    "scoring": {
        "kanniutui": ("砍牛腿", "kanniutui points"),
        "app": ("兰州掀牛软件", "the Lanzhou app"),
        "xingzi": ("凤翔行子", "Fengxiang xingzi"),
    },
    "xingzi_by": {
        "play": ("每手分算", "per play"),
        "aggregate": ("合起来算", "all 占牌 together"),
    },
    "dealer_rule": {
        "banpai": ("扳牌定序后轮庄", "banpai, then rotation"),
        "lot": ("抽签后轮庄", "by lot, then rotation"),
        "random": ("每局随机", "by lot every deal"),
    },
    "wujiabao_share": {
        "half": ("担一半", "half"),
        "mirror": ("同输同赢", "mirror"),
    },
}


@dataclass(frozen=True, slots=True, kw_only=True)
class XianniuRules(RulesBase):
    deck: Literal["huapai", "poker"] = option(
        "poker", zh="牌具", source="[S000] 花花牌 48 张; [S002] 扑克去大小王和4",
        en="card deck",
        doc="Card rendering: the 花花牌 long cards or the 48-card poker deck (same 14 faces).",
        doc_zh="用什么牌：花花牌长牌，或48张扑克牌（两者同为14种牌面）。",
        source_zh="[S000] 花花牌一副48张；[S002] 扑克牌去掉大小王和4",
        labels=_CHOICE_LABELS["deck"],
        choices=("huapai", "poker"))
    players: int = option(
        3, zh="人数", source="[S000] 三至五人; [HY] 歇家 / 五家抱",
        en="players",
        doc="Seats at the table. Three play each deal; with 4 one sits out (歇家), with 5 "
            "two sit out and back the 头家 and 底家 (五家抱).",
        doc_zh="桌上的人数。每局都是三人打牌：四人时轮流一人歇着（歇家）；五人时两人歇着，"
               "分别随头家和底家共担输赢（五家抱）。",
        source_zh="[S000] 一般三至五人；[HY] 歇家、五家抱",
        low=3, high=5)
    rank_table: Literal["pip", "shaanbei", "js", "lanzhou"] = option(
        "lanzhou", zh="大小顺序", source="§2.3; [S002] explicit; F default PROPOSAL pip order",
        en="rank order",
        doc="Which rank table decides singles, pairs, 鞍 and 亮子.",
        doc_zh="单张、对子、鞍和亮子按哪一套大小顺序比大小。",
        source_zh="§2.3；[S002] 有明文；凤翔默认用参考资料的提议：按点数排大小",
        labels=_CHOICE_LABELS["rank_table"],
        choices=("pip", "shaanbei", "js", "lanzhou"))
    niu_liangzi: Literal["top", "ordinary"] = option(
        "ordinary", zh="牛亮子", source="§2.3, G13; [S002] 9999 ordinary; F PROPOSAL top",
        en="牛亮子",
        doc="A 牛 亮子 ranks with the top 亮子 (天) or as an ordinary 9.",
        doc_zh="牛亮子（四张牛）是和天亮子并列最大，还是只当普通的九论大小。",
        source_zh="§2.3、G13；[S002] 9999 按普通的9算；凤翔用参考资料的提议：同天亮子最大",
        labels=_CHOICE_LABELS["niu_liangzi"],
        choices=("top", "ordinary"))
    xi_liangzi: Literal["incomparable", "ordinary"] = option(
        "ordinary", zh="戏亮子", source="§2.3, G13; [S002] 5555 ordinary; [GZ] 四戏互不吃",
        en="戏亮子",
        doc="A 戏 亮子 is incomparable (F) or an ordinary 5 (L).",
        doc_zh="戏亮子（四张戏）是和别的牌互不相吃（凤翔），还是只当普通的五论大小（兰州）。",
        source_zh="§2.3、G13；[S002] 5555 按普通的5算；[GZ] 四戏互不吃",
        labels=_CHOICE_LABELS["xi_liangzi"],
        choices=("incomparable", "ordinary"))
    multi_liang: bool = option(
        False, zh="八张以上牌型", source="[S000] 出牌方法表 rows 6–11; §2.2, G1",
        en="plays of 8 cards or more",
        doc="The 8–16-card plays: 亮子保亮子, 双鱼儿亮 … 四副鱼 and the 摆 twins.",
        doc_zh="可出八到十六张的牌型：亮子保亮子、双鱼儿亮……四副鱼，以及与之对应的各种摆"
               "（双摆儿亮……四副摆）。",
        source_zh="[S000] 出牌方法表第6至11行；§2.2、G1")
    fish_liang_forms: Literal["any", "end"] = option(
        "end", zh="鱼儿亮/摆儿亮", source="[S000] any kind as 亮子; [S002] AAAA+2+3, KKKK+10+8",
        en="亮子 of a 鱼儿亮 / 摆儿亮",
        doc="Which kind may be the 亮子 of a 鱼儿亮 / 摆儿亮: any, or only 地眼 / 天 (A / K).",
        doc_zh="鱼儿亮、摆儿亮里的亮子能用哪种牌：三种牌任一种都行，还是鱼儿亮只限地眼（A）、"
               "摆儿亮只限天（K）。",
        source_zh="[S000] 任一种牌都可成亮子；[S002] 只列了 AAAA+2+3 和 KKKK+10+8",
        labels=_CHOICE_LABELS["fish_liang_forms"],
        choices=("any", "end"))
    xi_bao_liang: bool = option(
        True, zh="喜包亮", source="[S002] 喜包亮只能被喜包亮吃; §2.4 PROPOSAL compare the 亮子",
        en="喜包亮",
        doc="A 亮子 with a red-black 55, 555 or 5555 played together, beaten only by 喜包亮.",
        doc_zh="喜包亮：亮子带上红黑搭配的55、555或5555一起出，只能被喜包亮吃。",
        source_zh="[S002] 喜包亮只能被喜包亮吃；§2.4 参考资料的提议：比其中亮子的大小")
    big_hands: bool = option(
        True, zh="龙凤齐 / 八大对", source="[S002] §2.5; PROPOSAL instant 刺, deal ends (G14)",
        en="龙凤齐 / 八大对",
        doc="龙凤齐 (KK 1010 88 AA 22 33) or 八大对 (8 pairs) is shown at once and counts as "
            "the holder's 12 / 16 占牌 (a 刺); whether the deal then ends is “a big hand ends "
            "the deal”.",
        doc_zh="龙凤齐（KK+1010+88+AA+22+33）或八大对（八个对子）一发完牌就亮出，"
               "算持有者占牌12张或16张（成刺）；之后本局是否结束，看「大牌型终局」。",
        source_zh="[S002]，见§2.5；参考资料的提议：立即成刺，本局结束（G14）")
    big_hand_ends: bool = option(
        False, zh="大牌型终局", source="[S002] 必须最先出掉 (no end named); G14 PROPOSAL ends",
        en="a big hand ends the deal",
        doc="With “龙凤齐 / 八大对” on: the shown 龙凤齐 / 八大对 ends the deal at once (the "
            "reference's PROPOSAL); off (the seed's words): it is the holder's first 占牌 "
            "and the deal goes on under the usual end rules, the holder leading next.",
        doc_zh="开启「龙凤齐 / 八大对」时：亮出的龙凤齐或八大对立即结束本局（参考资料的提议）；"
               "关闭时（按原文）：它算持有者的第一手占牌，牌局照常按终局规则继续，"
               "由持有者接着出牌。",
        source_zh="[S002] 必须最先出掉（没说本局结束）；G14 参考资料的提议：本局结束")
    xian_both: bool = option(
        False, zh="两家同掀", source="[S002] 其他两家…可以要求庄家出牌; §3.3: the first 掀 ends",
        en="two seats may 掀",
        doc="After one seat 掀s the leader, the next seat may 掀 him too in the same round "
            "(both 掀 count); off: the first 掀 ends the round. Not 掀ing then costs no right.",
        doc_zh="一家掀了庄家（头家）之后，同一轮表态里下一家还可以再掀他（两次掀都算）；"
               "关闭时第一个掀就结束这一轮表态。这时不跟着掀不算扣了，不丢掀牌资格。",
        source_zh="[S002] 其他两家……可以要求庄家出牌；§3.3：第一个掀就结束表态")
    fold_forfeits_xian: bool = option(
        True, zh="扣了失掀", source="[S002] 只要选择过‘扣了’，就失去了‘掀牌’的资格; G7",
        en="a 扣 forfeits 掀",
        doc="A player who declined (扣了) once may never 掀 again this deal.",
        doc_zh="只要选过一次“扣了”，本局就再也不能掀牌。",
        source_zh="[S002] 只要选择过‘扣了’，就失去了‘掀牌’的资格；G7")
    leader_fold_forfeits_xian: bool = option(
        True, zh="庄扣失掀", source="[S002] text: yes; [CPP]: no (G7)",
        en="the leader's 扣 forfeits 掀",
        doc="With “a 扣 forfeits 掀” on: whether the leader's own 扣 also costs the right.",
        doc_zh="开启「扣了失掀」时：庄家（头家）自己扣了，是否也失去掀牌资格。",
        source_zh="[S002] 原文：是；[CPP]：否（G7）")
    count_self_xian: bool = option(
        False, zh="头家自掀计数", source="G4 PROPOSAL",
        en="the 头家's own 掀 counts",
        doc="花花牌: whether the 头家's own 掀 (leading without being asked) counts as a 掀.",
        doc_zh="花花牌：头家自己叫掀（没人掀他，自己出牌）是否也算一次掀。",
        source_zh="G4 参考资料的提议")
    gou: int = option(6, zh="够牌", source="[S002] 占够6张; G5, G11 (≥ 6)",
                      en="够牌",
                      doc="占牌 needed not to lose.",
                      doc_zh="占牌要达到几张才不算输（够牌）。",
                      source_zh="[S002] 占够6张；G5、G11（6张及以上）",
                      low=1, high=16)
    ci: int = option(11, zh="刺牌", source="[S002] 11 张或以上; G5",
                     en="刺牌",
                     doc="占牌 that make a 刺 (nobody else can reach 够牌).",
                     doc_zh="占牌达到几张算刺牌（别家都不可能再够牌）。",
                     source_zh="[S002] 11张或以上；G5",
                     low=1, high=16)
    table_cap: int = option(16, zh="桌面上限", source="[S002] 桌面上留下的牌数不能超过16张; G15",
                            en="table limit",
                            doc="The deal ends when the table holds this many 占牌; a lead "
                                "that would pass it is illegal.",
                            doc_zh="桌面上的占牌一共达到这个张数，本局就结束；"
                                   "出了会使桌面超过这个数的牌不许出。",
                            source_zh="[S002] 桌面上留下的牌数不能超过16张；G15",
                            low=1, high=16)
    jinpai: bool = option(
        True, zh="紧牌", source="[S002] 桌面上留下的牌超过8张时，出牌方可以要求紧牌; F off",
        en="紧牌",
        doc="The leader may call 紧牌 when the table holds more than “紧牌 threshold” cards.",
        doc_zh="桌面上的牌超过「紧牌门槛」的张数时，出牌方可以要求紧牌。",
        source_zh="[S002] 桌面上留下的牌超过8张时，出牌方可以要求紧牌；凤翔不用")
    jinpai_after: int = option(8, zh="紧牌门槛", source="[S002] 超过8张",
                               en="紧牌 threshold",
                               doc="紧牌 may be called once the table holds more than this.",
                               doc_zh="桌面上的牌超过这个张数，才可以要求紧牌。",
                               source_zh="[S002] 超过8张",
                               low=0, high=15)
    scoring: Literal["kanniutui", "app", "xingzi"] = option(
        "kanniutui", zh="计分", source="§4.1 砍牛腿 points; L-app formula; §4.3–4.4 行子",
        en="scoring",
        doc="砍牛腿 points, the 兰州掀牛 app formula, or 凤翔 行子.",
        doc_zh="怎么计分：砍牛腿的点数、兰州掀牛软件的计分公式，或凤翔的行子。",
        source_zh="§4.1 砍牛腿点数；兰州掀牛软件的公式；§4.3–4.4 行子",
        labels=_CHOICE_LABELS["scoring"],
        choices=("kanniutui", "app", "xingzi"))
    xian_points: int = option(2, zh="掀点", source="[S002] 掀一次计两点; F PROPOSAL 1 行子 (G4)",
                              en="points per 掀",
                              doc="What one 掀 costs a 掀er who ends below 够牌.",
                              doc_zh="掀牌的一家最后没够牌时，每掀一次要付多少点"
                                     "（按行子计分时是几个行子）。",
                              source_zh="[S002] 掀一次计两点；凤翔用参考资料的提议："
                                        "1个行子（G4）",
                              low=0)
    liang_points: int = option(2, zh="亮子点", source="[S002] 每一付计2点",
                               en="points per 亮子",
                               doc="砍牛腿: points per 亮子 in a winner's 占牌.",
                               doc_zh="砍牛腿计分：赢家占牌里每副亮子计几点。",
                               source_zh="[S002] 每一付计2点",
                               low=0)
    xingzi_by: Literal["play", "aggregate"] = option(
        "play", zh="行子算法", source="[S000] 不论赢家最终牌型如何组成; §4.4 PROPOSAL per play",
        en="行子 counted by",
        doc="行子 summed over the plays in a winner's 占牌, or read from all his 占牌 cards "
            "together (the best split of them into the 行子 table's 牌型).",
        doc_zh="行子是把赢家占牌里的每一手牌分别算了再相加，还是把他的占牌合在一起算"
               "（按行子表里的牌型取最有利的拆法）。",
        source_zh="[S000] 不论赢家最终牌型如何组成；§4.4 参考资料的提议：每手分算",
        labels=_CHOICE_LABELS["xingzi_by"],
        choices=("play", "aggregate"))
    xingzi_liangzi: Literal[4, 2] = option(
        4, zh="亮子行子", source="[S000] 一副亮子算作四行（有些地区也算两行）",
        en="行子 of a 亮子",
        doc="行子 of one 亮子.",
        doc_zh="一副亮子算几个行子。",
        source_zh="[S000] 一副亮子算作四行（有些地区也算两行）",
        choices=(4, 2))
    xingzi_xi_liangzi: Literal[5, 4] = option(
        5, zh="戏亮子行子", source="[S000] 四张戏 5 行（有些地区 4 行）", doc="行子 of four 戏.",
        en="行子 of four 戏",
        doc_zh="四张戏（戏亮子）算几个行子。",
        source_zh="[S000] 四张戏五行（有些地区四行）",
        choices=(5, 4))
    xingzi_niu_liangzi: Literal[8, 5, 4] = option(
        8, zh="牛亮子行子", source="[S000] 四张牛 8 行或 5 行（有些地区 4 行）",
        en="行子 of four 牛",
        doc="行子 of four 牛.",
        doc_zh="四张牛（牛亮子）算几个行子。",
        source_zh="[S000] 四张牛八行或五行（有些地区四行）",
        choices=(8, 5, 4))
    xingzi_fish_liang: Literal[5, 4] = option(
        5, zh="鱼儿亮行子", source="[S000] 鱼儿亮或摆儿亮 5 行（有些地区也算四行）",
        en="行子 of a 鱼儿亮",
        doc="行子 of a 鱼儿亮 / 摆儿亮.",
        doc_zh="一副鱼儿亮或摆儿亮算几个行子。",
        source_zh="[S000] 鱼儿亮或摆儿亮五行（有些地区也算四行）",
        choices=(5, 4))
    dealer_rule: Literal["banpai", "lot", "random"] = option(
        "banpai", zh="定庄", source="[S000] 扳牌定序, 逆时钟轮转; [S002 砍牛腿] 按随机方式决定庄家",
        en="first 头家",
        doc="The first 头家 by 扳牌定序 and then in rotation (banpai), the first by lot and "
            "then in rotation (lot), or by lot for every deal (random).",
        doc_zh="怎么定头家：第一局扳牌定序、以后依次轮庄（扳牌定序后轮庄）；第一局抽签、"
               "以后依次轮庄（抽签后轮庄）；或每局都抽签（每局随机）。",
        source_zh="[S000] 扳牌定序，逆时钟轮转；[S002]（砍牛腿）按随机方式决定庄家",
        labels=_CHOICE_LABELS["dealer_rule"],
        choices=("banpai", "lot", "random"))
    wujiabao_share: Literal["half", "mirror"] = option(
        "half", zh="五家抱分账", source="[HY] 共担风险; §3.2 PROPOSAL half",
        en="五家抱 share",
        doc="五家抱: a backer takes half its partner's result (the partner bears an odd "
            "point), or mirrors it and the 挨家 pays / is paid by both.",
        doc_zh="五家抱：歇家分担所随一家输赢的一半（除不尽的那一点由所随的一家自己担），"
               "或与之同输同赢，挨家要向两人都付、或从两人都收。",
        source_zh="[HY] 共担风险；§3.2 参考资料的提议：担一半",
        labels=_CHOICE_LABELS["wujiabao_share"],
        choices=("half", "mirror"))

    def validate(self) -> None:
        if self.ci <= self.gou:
            raise RulesError.of("bad_option", "刺牌（{ci} 张）要多于够牌（{gou} 张）",
                                "rule option ci ({ci}) must be above gou ({gou})",
                                ci=self.ci, gou=self.gou)
        if self.jinpai_after >= self.table_cap:
            raise RulesError.of("bad_option", "紧牌门槛（{after}）要小于桌面上限（{cap}）",
                                "rule option jinpai_after ({after}) must be below table_cap "
                                "({cap})", after=self.jinpai_after, cap=self.table_cap)
        if self.players != 3 and self.scoring == "app":
            raise RulesError.of("bad_option", "客户端计分只适用于三人",
                                "the app formula is defined for three players only")

    @property
    def style(self) -> Literal["huapai", "poker"]:
        return self.deck

    @property
    def catalogue_key(self) -> CatalogueKey:
        return CatalogueKey(self.rank_table, self.niu_liangzi, self.xi_liangzi,
                            self.multi_liang, self.fish_liang_forms, self.xi_bao_liang)


LANZHOU = XianniuRules()
LANZHOU_APP = XianniuRules(scoring="app")
FENGXIANG = XianniuRules(
    deck="huapai", rank_table="pip", niu_liangzi="top", xi_liangzi="incomparable",
    multi_liang=True, fish_liang_forms="any", xi_bao_liang=False, big_hands=False,
    fold_forfeits_xian=False, leader_fold_forfeits_xian=False, jinpai=False,
    scoring="xingzi", xian_points=1,
)

PRESETS: dict[str, XianniuRules] = {
    "lanzhou": LANZHOU,
    "lanzhou-app": LANZHOU_APP,
    "fengxiang": FENGXIANG,
}
