"""Rule options of 秀山字牌 that the hand calculator uses, and the part-1 presets.

Sources: [S] seed ``004_1284c002b6627dc7.txt``; ``rules/xiushan.md`` (newer; where it
and ``rules/zipai.md`` Part B differ, it stands). Every choice the sources leave open is
an option here with the recommended default, marked [P] (a reference's PROPOSAL) or
"engine" (this calculator's own choice); ``docs/xiushan.md`` lists them all.

The flow options (drawn card shown or kept, 吃, own draw onto an own 哨, who pays, …)
belong to the engine and are not here yet; the presets' seat counts and deal sizes
appear only as ``hand_size``, the size of a complete hand.

钵福 (``hand_value="fan"``: 油子 × 翻) and 三六福 (``"mingtang"``: 名堂 in 豆) read their
名堂 from a data table (:mod:`.mingtang`, replaceable with ``mingtang_table``); the 算盘 and
钵 options are read by :mod:`.abacus`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from huapai.core.protocol import RulesError
from huapai.core.rules import RulesBase, option

from .cards import RANKS, rank
from .mingtang import MingtangTable, MingtangTableError, builtin_table, load_table

BOFU_ONLY = {"hand_value": ("fan",)}
"""An option of 钵福's 油子 × 翻 and its 算盘 only (``OptionInfo.applies``): a lobby offers
it where ``hand_value`` is ``fan``."""

DOU_ONLY = {"hand_value": ("dou",)}
"""An option of 算豆 only (麻雀福, 黄六福, 十八福): 钵福's 翻 and 三六福's 名堂 count none of
it (a club organizer's 三六福 room offered 自摸加豆, which changed nothing)."""

#: what a player reads for each choice of a rule option: value -> (中文, English)
_CHOICE_LABELS: dict[str, dict[str, tuple[str, str]]] = {
    "jiang": {
        "off": ("不设将", "no 将"),
        "next": ("下一张为将", "the next rank"),
        "same": ("同张为将", "the same rank"),
    },
    "discard_triple": {
        "peng": ("按碰算", "as a 碰"),
        "shao": ("按哨算", "as a 哨"),
    },
    "own_draw_on_shao": {
        "long": ("成龙灯", "a 龙灯"),
        "zhao": ("开召", "a 开召"),
    },
    "hand_value": {
        "dou": ("算豆", "豆"),
        "fan": ("油子×翻", "油子 × 翻"),
        "mingtang": ("名堂算豆", "名堂 豆"),
    },
    "dou_er": {
        "both": ("大贰小二都算", "every 贰 and 二"),
        "big": ("只算大贰", "only the big 贰"),
    },
    "baozi": {
        "hat": ("归零并戴帽子", "to minus the hat"),
        "zero": ("只归零", "to zero"),
    },
    "bo_win_add": {
        "net": ("扣除已报", "less the announced"),  # short: a lobby select cut the longer one
        "full": ("全数上算盘", "all of it"),
    },
}


@dataclass(frozen=True, slots=True, kw_only=True)
class XiushanRules(RulesBase):
    # --- hand shape -------------------------------------------------------------------
    hand_size: int = option(
        21, zh="手牌张数",
        en="hand size",
        source="麻雀福 [S] 庄家摸十四张; 十八福 [P] 庄 21 / 闲 20 (xiushan.md §2.1)",
        doc="Cards in a complete hand without 4-sets (the dealer's deal). Each 4-set after "
            "the first adds one (八块: the first 4-set discards, later ones do not).",
        doc_zh="没有四张组时一手完整的牌有几张（即庄家起手的张数）。第一个四张组之后，"
               "每多一个四张组多一张（八块：第一个四张组要打牌，之后的不打）。",
        source_zh="麻雀福 [S] 庄家摸十四张；十八福 [P] 庄家21张、闲家20张（xiushan.md §2.1）",
        low=2, high=30)
    quads: bool = option(
        True, zh="龙灯开召", source="[S] 麻雀福无龙灯和开召",
        en="4-sets",
        doc="4-sets (开召, 鸡, 龙灯) exist; without them a meld of four is refused.",
        doc_zh="有四张组（开召、鸡、龙灯）；不设时不接受四张一样的组。",
        source_zh="[S] 麻雀福无龙灯和开召")
    jiao: bool = option(
        True, zh="大小组合", source="[S] 十八福; 麻雀福 unstated, [P] allowed (zipai.md B3)",
        en="大小组合 groups",
        doc="两大一小 / 两小一大 of one rank is a group (no 油子).",
        doc_zh="同一点数的两大一小、两小一大可以成一组（无油子）。",
        source_zh="[S] 十八福；麻雀福未说明，[P] 允许（zipai.md B3）")
    # --- 油子 -------------------------------------------------------------------------
    youzi: bool = option(
        True, zh="计油子", source="[S] 麻雀福不计油子",
        en="count 油子",
        doc="Groups carry 油子; without it every group is worth 0.",
        doc_zh="各组计油子；不计时每组都算0胡。",
        source_zh="[S] 麻雀福不计油子")
    hu_threshold: int = option(
        18, zh="起胡", source="[S] 黄六福 六胡油; 十八福 十八胡; 麻雀福 组牌完成即可",
        en="油子 to win",
        doc="油子 needed to win (0: a complete hand wins).",
        doc_zh="和牌至少要有多少胡油子；为0时组牌完成即可和牌。",
        source_zh="[S] 黄六福六胡油；十八福十八胡；麻雀福组牌完成即可",
        low=0, high=200, applies={"youzi": (True,)})
    jiang: Literal["off", "next", "same"] = option(
        "next", zh="翻将", source="[S] 大将/小将 values; xiushan.md §2.2 [P] 翻将 (大冶 Z1)",
        en="将 from the flip",
        doc="将 rank of a hand from the flipped bottom card: the next rank (大伍 → 陆/六), "
            "the same rank, or no 将 (麻雀福 不设置将).",
        doc_zh="按翻起的底牌定这一手的将：取下一点（翻出大伍，则陆、六为将）、"
               "取同一点，或不设将（麻雀福不设置将）。",
        source_zh="[S] 大将、小将的油子；xiushan.md §2.2 [P] 翻将（大冶字牌 Z1）",
        labels=_CHOICE_LABELS["jiang"],
        choices=("off", "next", "same"))
    jiang_wrap: bool = option(
        True, zh="将过拾回壹", source="engine (xiushan.md §8.1: not stated)",
        en="将 after 拾 is 壹",
        doc="With “将 from the flip” the next rank, a flipped 拾/十 makes 壹/一 the 将; "
            "otherwise that hand has no 将.",
        doc_zh="「翻将」为「下一张为将」时，翻出拾/十则壹/一为将；不设此项时，这一手没有将。",
        source_zh="本游戏自定（xiushan.md §8.1：参考资料未说明）", applies={"jiang": ("next",)})
    jiang_lianzi: bool = option(
        False, zh="将联子加倍", source="[P] xiushan.md §2.2: 将 does not affect 联子",
        en="将 联子 score double",
        doc="一二三 / 二七十 holding a 将 card score double.",
        doc_zh="一二三、二七十（大字壹贰叁、贰柒拾也一样）中有将牌时，油子加倍。",
        source_zh="[P] xiushan.md §2.2：将不影响联子", applies={"jiang": ("next", "same")})
    discard_triple: Literal["peng", "shao"] = option(
        "peng", zh="胡牌成坎", source="[P] xiushan.md §2.3 (H1: 胡进来凑成的三张按碰算)",
        en="three alike won on a discard",
        doc="Three alike in the hand completed by the winning discard score as a 碰 (peng) "
            "or as a 哨 (shao); completed by one's own draw they are always a 哨.",
        doc_zh="和的那张是别人打出的、与手里的一对凑成三张一样时，按碰算或按哨算；"
               "自己摸到凑成的，总是按哨算。",
        source_zh="[P] xiushan.md §2.3（H1：胡进来凑成的三张按碰算）",
        labels=_CHOICE_LABELS["discard_triple"],
        choices=("peng", "shao"))
    own_draw_on_shao: Literal["long", "zhao"] = option(
        "long", zh="自摸上哨",
        en="own draw onto a 哨",
        source="[?] xiushan.md §2.4; zipai.md BG14 [P] 龙灯 (跑胡子 偎+摸=提)",
        doc="One's own draw onto one's own 暗哨 makes a 龙灯 (long) or a 开召 (zhao, 大冶).",
        doc_zh="自己摸到第四张，配上自己的暗哨：成龙灯，或算开召（大冶字牌的做法）。",
        source_zh="[?] xiushan.md §2.4；zipai.md BG14 [P] 龙灯（跑胡子 偎+摸=提）",
        labels=_CHOICE_LABELS["own_draw_on_shao"],
        choices=("long", "zhao"))
    # --- hand value ------------------------------------------------------------------
    hand_value: Literal["dou", "fan", "mingtang"] = option(
        "dou", zh="计分",
        en="scoring",
        source="[S] 麻雀福/十八福 算豆, 黄六福 [P] as 麻雀福 (xiushan.md §3.2); "
               "[S] 钵福 按名堂的翻数计算油子; 三六福 名堂算豆数",
        doc="What a win is worth: 豆 (dou, part 1), 油子 × 翻 (fan, 钵福) or the 名堂 豆 of "
            "the table (mingtang, 三六福).",
        doc_zh="和牌怎么算：算豆（麻雀福、黄六福、十八福），油子×翻（钵福），"
               "或按名堂表算名堂的豆数（三六福）。",
        source_zh="[S] 麻雀福、十八福算豆，黄六福 [P] 同麻雀福（xiushan.md §3.2）；"
                  "[S] 钵福按名堂的翻数计算油子；三六福名堂算豆数",
        labels=_CHOICE_LABELS["hand_value"],
        choices=("dou", "fan", "mingtang"))
    dou_er: Literal["both", "big"] = option(
        "both", zh="贰算豆",
        en="贰 that are 豆",
        source="[S] 十八福 不论大贰小二; 麻雀福 有多少个贰 (xiushan.md §3.1 both)",
        doc="Which cards are a 豆 each: every 贰 and 二 (both) or only the big 贰.",
        doc_zh="哪些牌各算1豆：大贰、小二都算，或只算大贰。",
        source_zh="[S] 十八福“不论大贰小二”；麻雀福“有多少个贰”"
                  "（xiushan.md §3.1：大小都算）",
        labels=_CHOICE_LABELS["dou_er"],
        choices=("both", "big"), applies=DOU_ONLY)
    zimo_dou: bool = option(
        True, zh="自摸加豆", source="[S] 十八福 有自摸再加1豆; 麻雀福 silent ([?] xiushan.md §3.1)",
        en="自摸 adds a 豆",
        doc="A self-drawn win (自摸) adds 1 豆.",
        doc_zh="自摸和牌再加1豆。",
        source_zh="[S] 十八福“有自摸再加1豆”；麻雀福没有提（[?] xiushan.md §3.1）",
        applies=DOU_ONLY)
    dou_cap: int = option(
        10, zh="豆封顶", source="[S] 十八福 最多可达10豆 (= 1 + 8 + 1)",
        en="豆 cap",
        doc="Most 豆 a hand is worth (0: no cap).",
        doc_zh="一手牌最多算几豆；为0时不封顶。",
        source_zh="[S] 十八福“最多可达10豆”（= 1 + 8 + 1：和牌、八个贰、自摸）",
        low=0, high=100, applies=DOU_ONLY)

    # --- 名堂 (钵福, 三六福) ---------------------------------------------------------
    mingtang_table: str = option(
        "", zh="名堂表",
        en="名堂 table",
        source="issue 11: a club corrects the table without code (docs/xiushan.md §10)",
        doc="A club's own 名堂 table instead of the built-in one (钵福's, or 三六福's): on "
            "the command line a file's path, in a web room one of the tables the server "
            "offers; empty: the built-in table.",
        doc_zh="名堂表文件，用来替换内置名堂表：「计分」为「油子×翻」时替换钵福的表，"
               "为「名堂算豆」时替换三六福的表。命令行里写文件路径；网页房间里从开服的人"
               "提供的名堂表文件中选；留空则用内置的表。",
        source_zh="第11号议题：牌社不改程序就能修正名堂表（本项目文档 xiushan.md §10）",
        # a path: the server never takes it from a player
        local=True, applies={"hand_value": ("fan", "mingtang")})
    fan_many: int = option(
        3, zh="两个以上名堂翻数", source="[S] 两个以上名堂3翻",
        en="翻 of two or more 名堂",
        doc="翻 of a hand with two or more 名堂 (one 名堂: its own 翻; none: 1).",
        doc_zh="有两个或两个以上名堂时算几翻（只有一个名堂按它自己的翻数，没有名堂为1翻）。",
        source_zh="[S] 两个以上名堂3翻",
        low=1, high=100, applies=BOFU_ONLY)
    fan_cap: int = option(
        3, zh="最高翻数", source="[S] 不论有多少名堂，最高3翻",
        en="翻 cap",
        doc="Most 翻 a hand is worth.",
        doc_zh="一手牌最多算几翻。",
        source_zh="[S] 不论有多少名堂，最高3翻",
        low=1, high=100, applies=BOFU_ONLY)
    kan_split: bool = option(
        True, zh="拆坎",
        en="a 坎 may be split",
        source="[P] xiushan.md §3.5, §7.1.14: 三六福 no split (坎不能拆散与其它牌组合 Z1; "
               "判胡不许拆坎 H1); 黄十八 / 钵福 lay every 哨 down, so nothing to split",
        doc="Three alike held in the hand (before the winning card) may be cut into other "
            "groups; without it they are always one 坎.",
        doc_zh="和牌之前手里的三张一样可以拆开，与别的牌另行组合；不许拆时，"
               "它们总是一个坎。",
        source_zh="[P] xiushan.md §3.5、§7.1.14：三六福不拆坎（Z1：坎不能拆散与其它牌组合；"
                  "H1：判胡不许拆坎）；黄十八、钵福的哨都要扑下去，手里没有可拆的")
    # --- 算盘 and 钵 (钵福) -------------------------------------------------------------
    baozi: Literal["hat", "zero"] = option(
        "hat", zh="吃包子",
        en="吃包子 (a wrong announcement)",
        source="[S] 报错一次油子，吃包子，算盘上的累计数全部归零；并且上20个钱的负数，叫戴帽子; "
               "[P] zipai.md BG10 −20 (hat); xiushan.md §3.4 leaves it open",
        doc="A wrong announcement (吃包子) sets that player's abacus to minus “戴帽子 at” "
            "(hat: 归零 and that many 钱 negative put on, 20 in the seed) or to 0 (zero: 归零 "
            "only, 戴帽子 just the name for standing at that minus or below).",
        doc_zh="报错油子（吃包子）后，这家的算盘变成「戴帽子」数的负数（「归零并戴帽子」："
               "归零，并且上「戴帽子」那么多个钱的负数，原文是20个），或变成0（「只归零」：只归零，"
               "戴帽子只是算盘到了「戴帽子」数的负数或更低时的叫法）。",
        source_zh="[S] 报错一次油子，吃包子，算盘上的累计数全部归零；并且上20个钱的负数，"
                  "叫戴帽子；[P] zipai.md BG10 记为−20（「归零并戴帽子」）；"
                  "xiushan.md §3.4 未定",
        labels=_CHOICE_LABELS["baozi"],
        choices=("hat", "zero"), applies=BOFU_ONLY)
    hat_at: int = option(
        20, zh="戴帽子", source="[S] 上20个钱的负数，叫戴帽子",
        en="戴帽子 at",
        doc="An abacus at minus this many 钱 or below is 戴帽子.",
        doc_zh="算盘到了这个数的负数或更低（默认−20及以下），叫戴帽子。",
        source_zh="[S] 上20个钱的负数，叫戴帽子",
        low=1, high=1000, applies=BOFU_ONLY)
    bo_target: int = option(
        100, zh="一钵", source="[S] 满100胡，叫得一钵; 第二回和牌时…必须达到100胡油以上",
        en="one 钵",
        doc="Abacus total that wins the 钵 (得一钵) and that a second win must reach.",
        doc_zh="算盘累计满多少叫“得一钵”；第二回和牌时，算盘也必须达到这个数。",
        source_zh="[S] 满100胡，叫得一钵；第二回和牌时……必须达到100胡油以上",
        low=1, high=10000, applies=BOFU_ONLY)
    bo_max_wins: int = option(
        2, zh="每钵和牌次数", source="[S] 每个人只能和两回",
        en="wins per 钵",
        doc="Wins a player may have in one 钵; the last of them must reach “one 钵” (the "
            "seed: two, the second reaching 100; the last one for another count is this "
            "engine's reading).",
        doc_zh="一钵里每人最多能和几回；最后一回和牌，算盘必须达到「一钵」的数（原文：只能和两回，"
               "第二回要达到100；改成别的回数时要求最后一回，是本游戏的理解）。",
        source_zh="[S] 每个人只能和两回",
        low=1, high=20, applies=BOFU_ONLY)
    bo_win_add: Literal["net", "full"] = option(
        "net", zh="和牌上算盘",
        en="a win on the abacus",
        source="[S] 按名堂的翻数计算油子的总数，将油子打上算盘; [P] zipai.md BG9 net",
        doc="On a win the abacus gains 油子 × 翻 less what was announced this deal (net: "
            "nothing counted twice) or all of 油子 × 翻 (full).",
        doc_zh="和牌时算盘加上油子×翻减去本局已报上算盘的数（「扣除已报」：不重复计算），"
               "或加上全部油子×翻（「全数上算盘」）。",
        source_zh="[S] 按名堂的翻数计算油子的总数，将油子打上算盘；[P] zipai.md BG9 扣除已报",
        labels=_CHOICE_LABELS["bo_win_add"],
        choices=("net", "full"), applies=BOFU_ONLY)

    def validate(self) -> None:
        if not self.youzi and self.hu_threshold:
            raise RulesError.of("hu_needs_youzi", "起胡（hu_threshold）要计油子（youzi）：不计"
                                "油子的玩法没有胡数可起", "hu_threshold needs youzi: a game "
                                "without 油子 cannot ask for 胡")
        if self.mingtang_table and self.hand_value == "dou":
            raise RulesError.of("table_needs_mingtang", "名堂表（mingtang_table）只用于钵福"
                                "（hand_value fan）或三六福（mingtang）", "mingtang_table needs "
                                "hand_value fan (钵福) or mingtang (三六福)")
        if self.hand_value != "dou":
            self.mingtang()  # a bad table is a RulesError now, not at the first win

    def file_rows(self) -> dict[str, list[dict[str, Any]]]:
        """What each rule file in use holds, as a player reads it (the lobby and a room's
        rules show it under the file's name: a club's friends saw only the name, a
        club-night play-test): ``mingtang_table``'s 名堂, each with its 翻 or 豆 and its
        meaning, after the 豆 for the win itself (三六福)."""
        if not self.mingtang_table or self.hand_value == "dou":
            return {}
        table = self.mingtang()
        unit = ("翻", "翻") if table.unit == "fan" else ("豆", "豆")
        rows = [{"zh": "和", "en": "和 (the win)", "value": table.base, "unit_zh": unit[0],
                 "unit_en": unit[1], "meaning_zh": "", "meaning_en": ""}] if table.base else []
        rows += [{"zh": m.name, "en": m.name, "value": m.value, "unit_zh": unit[0],
                  "unit_en": unit[1], "meaning_zh": m.meaning_zh, "meaning_en": m.meaning_en}
                 for m in table.enabled]
        return {"mingtang_table": rows}

    def mingtang(self) -> MingtangTable:
        """The 名堂 table of these rules (the built-in one unless ``mingtang_table``)."""
        game = "bofu" if self.hand_value == "fan" else "sanliufu"
        if self.hand_value == "dou":
            raise RulesError("hand_value dou has no 名堂")
        try:
            if self.mingtang_table:
                return load_table(self.mingtang_table, game)
            return builtin_table(game)
        except MingtangTableError as exc:
            raise RulesError(str(exc)) from None

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

BOFU = XiushanRules(hand_value="fan", zimo_dou=False, dou_cap=0)
"""钵福 [S]: groups and 油子 as 黄十八 (十八胡 [P], xiushan.md §3.4); 油子 × 翻 of the 13
名堂 (none 1, one its own, two or more 3, at most 3); the 算盘 and the 钵."""
SANLIUFU = XiushanRules(hand_value="mingtang", hu_threshold=36, kan_split=False,
                        zimo_dou=False, dou_cap=0)  # fmt: skip
"""三六福 [S]: 坎 stay in the hand (the engine's flow option) and are never split ([P]);
名堂 in 豆 from the (provisional) data table; 三十六胡
to win ([P] low–medium, xiushan.md §2.5: the naming pattern 黄六福 6, 十八福 18)."""

PRESETS: dict[str, XiushanRules] = {
    "maquefu": MAQUEFU,
    "huangliufu": HUANGLIUFU,
    "shibafu": SHIBAFU,
    "bofu": BOFU,
    "sanliufu": SANLIUFU,
}


def preset(name: str) -> XiushanRules:
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError.of("unknown_preset", "秀山字牌没有玩法 {name!r}；可选：{known}",
                            "unknown 秀山 preset {name!r}; expected one of {known}",
                            name=name, known=", ".join(PRESETS)) from None
