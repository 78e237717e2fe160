"""The engine's rule options of 秀山字牌 (seats, laying 哨, who pays …) and its presets.

:class:`XiushanGameRules` is :class:`.rules.XiushanRules` (every option of the
calculator) plus the options of the flow. Each open point of ``rules/xiushan.md``
§2.4 / §8 is an option with its source; the default is the seed where it speaks and
xiushan.md's recommendation where it does not ([S] seed, [P] a reference's PROPOSAL,
"engine" this engine's own choice). ``docs/xiushan.md`` §7 lists them all.

Fixed by the seed, so not options: 鸡 only on a 堂子头 card ("别人打出来的牌不能鸡"); the
first 4-set is followed by a discard, later ones say 八块 and the 下家 draws; 哨 and 龙灯
are laid face down; the 庄家 lays his 龙灯 before his first discard, the others after it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from huapai.core.protocol import RulesError
from huapai.core.rules import option

from .cards import DECK_SIZE
from .rules import BOFU, BOFU_ONLY, HUANGLIUFU, MAQUEFU, SANLIUFU, SHIBAFU, XiushanRules

MIN_HAND = 5
"""The smallest deal the engine plays (the calculator alone takes smaller hands)."""


#: what a player reads for each choice of a rule option: value -> (中文, English)
_CHOICE_LABELS: dict[str, dict[str, tuple[str, str]]] = {
    "idle": {
        "none": ("无", "none"),
        "laoye": ("老爷", "laoye"),
        "xun": ("巽家", "xun"),
    },
    "drawn_card": {
        "show": ("亮给大家", "shown to all"),
        "keep": ("自己看", "kept by the drawer"),
    },
    "pay_discard": {
        "all": ("放炮包赔", "the discarder pays all"),
        "each": ("各付各的", "each pays his own"),
        "discarder": ("放炮付一份", "the discarder pays one share"),
    },
    "huang_dealer": {
        "stay": ("连庄", "same dealer"),
        "next": ("下家坐庄", "next seat deals"),
    },
    "baoshu": {
        "auto": ("自动报数", "automatic"),
        "train": ("自己报数（练习）", "say it yourself (training)"),
    },
}


@dataclass(frozen=True, slots=True, kw_only=True)
class XiushanGameRules(XiushanRules):
    seats: int = option(
        3, zh="打牌人数",
        en="players",
        source="麻雀福 [S] 四家人习玩; 十八福 [P] 3 (xiushan.md §2.1: every relative)",
        doc="Seats that play (庄 gets “hand size” cards, the others one fewer).",
        doc_zh="几家人打牌（庄家起手摸「手牌张数」张，闲家各少一张）。",
        source_zh="麻雀福 [S] 四家人习玩；十八福 [P] 三家（xiushan.md §2.1：同类字牌都是三家打）",
        low=2, high=4)
    idle: Literal["none", "laoye", "xun"] = option(
        "none", zh="闲坐一家",
        en="a seat sitting out",
        source="[S] 麻雀福 五家人玩则由一人摸两张牌，称为老爷 (role unknown, xiushan.md §8.8); "
               "巽家 keeps the 算盘 [S] (钵福), cf. 跑胡子 数醒; its seat (the 庄家's 上家) "
               "[P], where 常德跑胡子's 醒 sits opposite the 庄家 (xiushan.md §2)",
        doc="One more seat that does not play: laoye (老爷, dealt two dead cards) or xun "
            "(巽家 / 醒, dealt nothing). It is the 庄家's 上家 and moves with the deal.",
        doc_zh="在打牌的几家之外，另有一家闲坐不打牌：「老爷」（摸两张牌，这两张牌就不再用了）"
               "或「巽家」（跑胡子叫“醒”，不摸牌）。这一家总是庄家的上家，换庄时跟着换人。",
        source_zh="[S] 麻雀福：若五家人玩，则由一人摸两张牌，称为老爷（老爷做什么不清楚，"
                  "xiushan.md §8.8）；[S] 钵福由巽家打算盘；参照跑胡子的数醒；坐庄家的上家是"
                  "本游戏自定 [P]，常德跑胡子的醒坐庄家对面（xiushan.md §2）",
        labels=_CHOICE_LABELS["idle"],
        choices=("none", "laoye", "xun"))
    lay_shao: bool = option(
        True, zh="撲哨",
        en="撲哨 (哨 face down)",
        source="[S] 十八福 哨必须放到桌子上撲起; 麻雀福 碰或者坎 (kept in hand) [P]",
        doc="Three alike, dealt or drawn, are laid face down as a 哨; otherwise they stay in "
            "the hand as a 坎. (Four alike are laid as a 龙灯 with “4-sets” on either way.)",
        doc_zh="三张一样的牌，不论是起手的还是后来摸到的，都作为哨撲到桌上；不撲哨时，三张一样的"
               "留在手里，叫坎。（四张一样的，只要设了「龙灯开召」，不论撲不撲哨都作为龙灯撲下。）",
        source_zh="[S] 十八福“哨必须放到桌子上撲起”；麻雀福“碰或者坎”（坎留在手里）[P]")
    drawn_card: Literal["show", "keep"] = option(
        "show", zh="堂子头起牌",
        en="the drawn card",
        source="[?] xiushan.md §2.4 / §8.2; [S] 堂子头起相同的牌…必须碰 presupposes a shown "
               "card; [P] show (跑胡子 示众, 大冶 明示)",
        doc="The drawn card is turned up for everyone (show: others may 碰 / 开召 / 鸡 it, "
            "and must with “forced 碰 / 开召 / 鸡” on) or kept hidden by the drawer (keep: only "
            "he may use it).",
        doc_zh="从堂子头起的牌翻开给大家看（「亮给大家」：别家可以碰、开召或鸡，"
               "设了「必须碰召鸡」就必须要），或只有起牌的人自己看（「自己看」：只有他能用这张牌）。",
        source_zh="[?] xiushan.md §2.4、§8.2；[S] “堂子头起相同的牌……必须碰牌”"
                  "说明起的牌是亮出来的；[P] 亮给大家（跑胡子“示众”，大冶字牌“明示”）",
        labels=_CHOICE_LABELS["drawn_card"],
        choices=("show", "keep"))
    forced_claims: bool = option(
        True, zh="必须碰召鸡",
        en="forced 碰 / 开召 / 鸡",
        source="[S] 十八福 必须碰牌 / 必须开召 / 必须鸡牌; 麻雀福 silent ([?] xiushan.md §3.1)",
        doc="A seat that can 碰 / 开召 / 鸡 another seat's discard or 堂子头 card must; "
            "otherwise it may pass, and every other seat is asked about each 堂子头 card too. "
            "One's own draw always makes what it can: its 鸡, and the 哨 / 龙灯 or 开召 that "
            "撲哨 and 自摸上哨 lay.",
        doc_zh="别家打出的牌或别家从堂子头起的牌，能碰、开召、鸡的，必须碰、开召、鸡；"
               "不设此项时可以过，而且堂子头起的每张牌也要挨家问别家要不要。"
               "自己起的牌总是要成：能鸡就鸡，按「撲哨」「自摸上哨」该成哨、龙灯或开召的就成。",
        source_zh="[S] 十八福“必须碰牌”“必须开召”“必须鸡牌”；麻雀福没有提（[?] xiushan.md §3.1）")
    tianhu: bool = option(
        True, zh="天胡", source="engine (跑胡子 relatives: 庄家起手胡牌 [H3])",
        en="天胡 (dealt win)",
        doc="The 庄家 may win on his dealt hand before his first discard (paid as 自摸, "
            "without the 自摸 豆).",
        doc_zh="庄家起手的牌就能和时，可以在打第一张牌之前和牌（按自摸结算，但不加自摸的1豆）。",
        source_zh="本游戏自定（跑胡子一类玩法：庄家起手胡牌 [H3]）")
    pay_discard: Literal["all", "each", "discarder"] = option(
        "all", zh="放炮",
        en="放炮 pays",
        source="[?] not in the seed; [P] relatives: 放炮 pays for all (xiushan.md §3.3, H1)",
        doc="A win on a discard: the discarder pays every loser's share (all), every loser "
            "pays his own (each), or the discarder pays one share (discarder). A 自摸 is "
            "paid by every other player.",
        doc_zh="和别家打出的牌（放炮）时：放炮的人替每个输家付（「放炮包赔」），每个输家付"
               "自己的一份（「各付各的」），或放炮的人只付一份（「放炮付一份」）。"
               "自摸由其他每家付。",
        source_zh="[?] 原文没有说；[P] 同类玩法：放炮的人包赔（xiushan.md §3.3，H1）",
        labels=_CHOICE_LABELS["pay_discard"],
        choices=("all", "each", "discarder"))
    huang_dealer: Literal["stay", "next"] = option(
        "stay", zh="黄庄坐庄",
        en="dealer after 黄庄",
        source="engine: xiushan.md §2.4 names 黄庄 and the winner dealing next, not who deals "
               "after 黄庄 ([?])",
        doc="After 黄庄 the same 庄家 deals again, or the next seat.",
        doc_zh="黄庄后由原庄家再坐庄（「连庄」），或由庄家的下家坐庄（「下家坐庄」）。",
        source_zh="本游戏自定：xiushan.md §2.4 只说有黄庄、谁和牌谁坐庄，没说黄庄后谁坐庄（[?]）",
        labels=_CHOICE_LABELS["huang_dealer"],
        choices=("stay", "next"))

    baoshu: Literal["auto", "train"] = option(
        "auto", zh="报数",
        en="报数 (announcing)",
        source="[S] 钵福的最大特点是训练打算盘和报数; issue 11 §2 (the 报数 training mode)",
        doc="钵福: the engine announces (报子) every 哨 / 碰 / 开召 / 鸡 / 龙灯 correctly for "
            "its player (auto), or every seat must say the value itself (train: a number "
            "from 0 to 30, or 不报; a wrong one is 吃包子).",
        doc_zh="钵福：每个哨、碰、开召、鸡、龙灯都要报子。「自动报数」：替每家自动报出油子，"
               "总是报对；「自己报数（练习）」：每家都要自己报（报0到30中的一个数，或不报），"
               "报错就吃包子。",
        source_zh="[S] 钵福的最大特点是训练打算盘和报数；第11号议题 §2（报数练习模式）",
        labels=_CHOICE_LABELS["baoshu"],
        choices=("auto", "train"), applies=BOFU_ONLY)
    bot_errors: int = option(
        0, zh="机器人报错率",
        en="bots' announcement errors",
        source="issue 11 §2: bots err at a set rate so the player can catch them",
        doc="钵福 报数 training: the percentage of announcements a bot gets wrong on "
            "purpose (0: bots always announce correctly).",
        doc_zh="钵福报数练习：机器人故意报错的百分比（为0时机器人总是报对）。",
        source_zh="第11号议题 §2：机器人按设定的比率报错，让玩家来抓错",
        low=0, high=100, applies=BOFU_ONLY)

    def validate(self) -> None:
        XiushanRules.validate(self)
        if self.hand_value != "fan" and (self.baoshu != "auto" or self.bot_errors):
            raise RulesError.of(
                "bofu_only", "报数（baoshu）和机器人报错率（bot_errors）是钵福的规则：只有钵福把"
                "报子打上算盘", "baoshu and bot_errors are 钵福's (hand_value fan): only it "
                "announces groups onto the 算盘")
        if self.bot_errors and self.baoshu != "train":
            raise RulesError.of(
                "bot_errors_need_train", "机器人报错率（bot_errors）要配「自己报数（练习）」"
                "（baoshu=train）：自动报数时引擎替每家报，总是报对", "bot_errors needs "
                "baoshu=train: with auto the engine announces for every seat")
        if self.hand_size < MIN_HAND:
            raise RulesError.of("hand_size", "手牌张数（hand_size）{n}：至少发 {least} 张",
                                "hand_size {n}: the engine deals at least {least}",
                                n=self.hand_size, least=MIN_HAND)
        if self.used_cards() >= DECK_SIZE:
            raise RulesError.of(
                # the 庄家 is dealt hand_size, the others one fewer (it said 每家 21 张: a
                # play-test counted 20)
                "too_many_seats", "{seats} 家打牌（庄家 {hand} 张，其余每家 {rest} 张），起手就要 "
                "{used} 张牌，这副牌只有 {deck} 张", "{seats} seats (the 庄家 {hand} cards, the "
                "others {rest}) need {used} cards before the stock; the deck has {deck}",
                seats=self.seats, hand=self.hand_size, rest=self.hand_size - 1,
                used=self.used_cards(), deck=DECK_SIZE)

    @property
    def num_seats(self) -> int:
        return self.seats + (self.idle != "none")

    @property
    def flips(self) -> bool:
        """Whether a bottom card is turned for 翻将."""
        return self.jiang != "off"

    def used_cards(self) -> int:
        """Cards dealt to the hands (and the 老爷) plus the flipped 将 card."""
        return (self.hand_size + (self.seats - 1) * (self.hand_size - 1)
                + 2 * (self.idle == "laoye") + self.flips)


def _game(base: XiushanRules, **flow: object) -> XiushanGameRules:
    return XiushanGameRules.from_dict({**base.to_dict(), **flow})


PRESETS: dict[str, XiushanGameRules] = {
    "maquefu": _game(MAQUEFU, seats=4, lay_shao=False),
    "huangliufu": _game(HUANGLIUFU, seats=4, lay_shao=False),
    "shibafu": _game(SHIBAFU),
    "bofu": _game(BOFU),
    "sanliufu": _game(SANLIUFU, lay_shao=False),
}
"""麻雀福 / 黄六福: 4 players, 庄 14 / 闲 13 [S], 坎 in hand; 十八福: 3 players, 庄 21 /
闲 20 [P], 哨 laid. ``idle="laoye"`` seats the seed's 5th player of 麻雀福, ``idle="xun"``
the optional 4th of 十八福 (and 钵福's 巽家, who keeps the 算盘). 钵福: 3 players, 哨 laid
as 黄十八 [S]; 三六福: 3 players [P], 坎 kept in the hand [S] (lay_shao off), never
split, 36 胡 (hu_threshold 18 or 36, xiushan.md §2.5)."""
