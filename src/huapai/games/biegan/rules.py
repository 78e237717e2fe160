"""Rule options and presets of 双别杆花牌 (赖子花牌).

Sources: [S] seed ``003_3870932547cd1730.txt``; the consolidated reference
``shared/rules/zipai.md`` Part A (§ numbers and gaps G1–G16 below refer to it), whose
[C:Rn] sources are the commercial 公安/湖北花牌 client (R3 algorithm, R4 room options)
and a 公安花牌 web game (R5). Every PROPOSAL ([P]) of the reference is an option here,
default off where the seed speaks (听头计胡, 对的胡数, 黑花, 捉铳成对 follow the seed's
words: the project's contract for a preset named after a seed) and otherwise with the
reference's default; choices the reference does not settle at all are options too, marked
"engine" (see ``docs/biegan.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from huapai.core.rules import RulesBase, option

from .units import Scoring

#: what a player reads for each choice of a rule option: value -> (中文, English)
_CHOICE_LABELS: dict[str, dict[str, tuple[str, str]]] = {
    "dui_value": {
        "peng": ("低于坎（按软件）", "below a 坎 (apps)"),
        "kan": ("同坎", "as a 坎"),
    },
    "zhujing_reading": {
        "most_cards": ("张数最多", "most cards"),
        "max_hu": ("胡数最多", "most 胡"),
    },
    "fen_mode": {
        "po": ("按坡（17胡1分逢5进1）", "by slope"),
        "per_hu": ("一胡一分", "one per 胡"),
        "ceil5": ("逢1就包", "up to a multiple of 5"),
        "round5": ("2舍3入", "nearest multiple of 5"),
    },
    "dianpao_pay": {
        "both": ("包两家", "pays both shares"),
        "one": ("包一家", "pays his own share"),
    },
    "dui_over_limit": {
        "bao": ("可对但承包", "allowed, liable"),
        "forbid": ("不许再对", "not allowed"),
    },
    "bao_on_discard": {
        "offender": ("包家全付", "the liable seat pays"),
        "discarder": ("放铳者照付", "the discarder pays"),
    },
    "huang_dealer": {
        "stay": ("连庄", "same dealer"),
        "next": ("下家坐庄", "next seat deals"),
    },
    "ask": {
        "always": ("每家都问", "every seat"),
        "eligible": ("只问能要的", "only seats that can claim"),
    },
}


@dataclass(frozen=True, slots=True, kw_only=True)
class BieganRules(RulesBase):
    players: int = option(
        3, zh="人数", source="[S] 三人玩牌 (3); [C:R4] room option 2 / 3 players (2)",
        en="players",
        doc="Seats: 3 (the seed) or 2 — the 庄家 takes 26 and the 二家 25, the rest (61 with "
            "2 赖子) stay in the stock; the one other seat answers each discard and pays the "
            "winner's whole 2 × 分 × 倍数, self-drawn too (engine choices: the sources give no "
            "two-player rules).",
        doc_zh="几个人玩：3人（原文）或2人。两人时庄家起26张、二家起25张，"
               "其余留在牌堆（两张赖子时61张）；别家每打一张牌只问另一家，"
               "胡家应收的 2 × 分 × 倍数 全由另一家一人付清，自摸也是这样"
               "（这几条由本游戏自定：各份资料都没有两人玩法的规则）。",
        source_zh="[S] 三人玩牌（3人）；[C:R4] 房间选项 2人 / 3人（2人）",
        low=2, high=3)
    # --- deck -----------------------------------------------------------------------
    jokers: int = option(
        2, zh="赖子（别杠）数", source="[S] 賴子2張; [C:R4] bieGangNum 0/1/2 (单别杠 111 张)",
        en="jokers",
        doc="赖子 in the deck: 2 (双别杆, 112 cards), 1 (单别杆, 111) or 0 (110).",
        doc_zh="牌里有几张赖子：2张（双别杆，共112张牌）、1张（单别杆，111张）或0张（110张）。",
        source_zh="[S] 賴子2張；[C:R4] 房间选项“别杠数” 0/1/2（单别杠 111 张）",
        low=0, high=2)
    five_jing: bool = option(
        False, zh="五精",
        en="five 精",
        source="[S] 花牌限定以“三、五、七”三個字為精 (off); [C:R1] 长阳花牌 乙三五七九, "
               "[C:R4] room option jingNum 3/5",
        doc="The 5-精 reading: 乙 and 九 are 精 too (their 坎 / 紮 / 泛 use the 精 table, each "
            "adds 1 (素) or 2 (花) in a 句, either may be 主精, and a 赖子 may stand for them).",
        doc_zh="五精玩法：乙、九也算精（它们的坎、紮、泛按精的胡数表算；在句中素的加1胡、"
               "花的加2胡；都可以当主精；赖子也可以代它们）。",
        source_zh="[S] 花牌限定以“三、五、七”三個字為精（关）；[C:R1] 长阳花牌以乙三五七九为精；"
                  "[C:R4] 房间选项“精数” 3/5")
    # --- hand value (handed to the calculator) --------------------------------------
    yi_er_san: bool = option(
        True, zh="乙二三成句", source="[S] 乙可通一，如乙二三; [C:R3] drops it",
        en="乙二三 is a 句",
        doc="乙二三 is a 句 (乙 standing for 一).",
        doc_zh="乙二三算一句（乙当“一”用）。",
        source_zh="[S] 乙可通一，如乙二三；[C:R3] 不算这一句")
    tingtou_scores: bool = option(
        False, zh="听头计胡",
        en="听头 scores 胡",
        source="[S] §3 gives 胡 to 句 / 坎 / 紮 / 泛 and 精 \"放在句中\" only, §4 the 听头 none "
               "(off); G4 [P] apps R3, R5 score it (gongan-app); R2: no",
        doc="精 and 花乙/花九 in the two 听头 cards score per card as inside a 句 (the apps); "
            "off: the 听头 scores nothing, as the seed lists no 胡 for it.",
        doc_zh="听头两张牌里的精和花乙、花九，像在句中一样逐张计胡（客户端的算法）；"
               "关：听头不计胡，因为原文没给听头算胡。",
        source_zh="[S] 原文第3条（計胡規則）只给句、坎、紮、泛和“放在句中”的精算胡，"
                  "第4条（胡牌規則）没给听头算胡（关）；G4 [P] 客户端 R3、R5 给听头计胡"
                  "（“公安双别杆 · 客户端计分”预设）；R2 不计")
    dui_value: Literal["peng", "kan"] = option(
        "kan", zh="对的胡数",
        en="胡 of a 对",
        source="[S] §1 相同三字作一句 = 坎, §3 prices only the 坎 (kan); G3 [P] apps R3, R5: "
               "red 1 / black 0 / 精 K(f)−2 (peng, gongan-app)",
        doc="An exposed 对 is worth the same as a 坎 (kan, the literal seed reading: the seed "
            "prices three of a face and no 对 apart), or less (peng, the apps).",
        doc_zh="亮出的对和坎算一样多的胡（“同坎”，照原文字面：原文只给三张相同的字定胡数，"
               "没有另给对定胡数），或者比坎少（“低于坎”，客户端的算法）。",
        source_zh="[S] 原文第1条“相同三字作一句”即坎，第3条只给坎定胡数（同坎）；"
                  "G3 [P] 客户端 R3、R5：红字对1胡、黑字对0胡、精对比同样花数的精坎少2胡"
                  "（低于坎，“公安双别杆 · 客户端计分”预设）",
        labels=_CHOICE_LABELS["dui_value"],
        choices=("peng", "kan"))
    black_flower_bonus: bool = option(
        False, zh="黑花(花乙花九)",
        en="black flowers",
        source="[S] 黑字1個胡也沒有，隻能湊句 (off); G5 [P] R3 (app), R6 (荆州花牌 rules page) "
               "各算1胡 (gongan-app)",
        doc="A 花乙 / 花九 adds 1 胡 inside a 句 or the 听头 (the seed gives a black 句 nothing).",
        doc_zh="花乙、花九在句中或听头里每张加1胡（原文里黑字的句不算胡）。",
        source_zh="[S] 黑字1個胡也沒有，隻能湊句（关）；G5 [P] R3（客户端）、"
                  "R6（荆州花牌玩法说明）各算1胡（“公安双别杆 · 客户端计分”预设）")
    black_flower_in_sets: bool = option(
        False, zh="黑花进坎", source="G5 flag (R5: 黑坎 = 1 + 花数)",
        en="black flowers in sets",
        doc="花乙 / 花九 also add 1 each inside same-face units.",
        doc_zh="花乙、花九在同字组成的牌组（坎、紮、泛等）里也每张加1胡。",
        source_zh="G5 的可选项（R5：黑坎 = 1 + 花数）")
    zhujing_reading: Literal["most_cards", "max_hu"] = option(
        "most_cards", zh="主精", source="[S] 所持最多者為主精; G6 [P] tie → more 胡; R3 max 胡 [?]",
        en="主精",
        doc="主精 is the 精 face held most (ties: the one giving more 胡), or simply the one "
            "giving the most 胡.",
        doc_zh="主精是手里张数最多的那个精字（张数一样时取胡多的那个），"
               "或者干脆取让胡数最多的那个精字。",
        source_zh="[S] 所持最多者為主精；G6 [P] 张数相同取胡多的；R3 取胡最多的 [?]",
        labels=_CHOICE_LABELS["zhujing_reading"],
        choices=("most_cards", "max_hu"))
    discard_kan_as_dui: bool = option(
        False, zh="捉铳成对",
        en="a 坎 won on a discard: 对",
        source="[S] 自摸或別人放銃（吃胡）均可胡牌 (a 坎 is a 坎: off); A6 [P] apps R3 getAchv, R5",
        doc="A 坎 completed by the winning discard scores as an exposed 对 (the apps); off: it "
            "still counts as a 坎, as the seed makes no difference between 自摸 and 吃胡.",
        doc_zh="靠别人打出的那张胡牌凑成的坎，按亮出的对算胡（客户端的算法）；"
               "关：仍算坎，因为原文对自摸和吃胡一视同仁。",
        source_zh="[S] 自摸或別人放銃（吃胡）均可胡牌（坎就是坎：关）；"
                  "A6 [P] 客户端 R3（算分函数）、R5")
    desk_jing_not_main: bool = option(
        False, zh="桌面精不算主精",
        en="精 on the table not 主精",
        source="[C:R4] room option 桌面精不算主精 (zipai.md A3.5, A8 deskJingNotMain); the seed "
               "(所持最多者為主精) counts every card held: off",
        doc="精 in declared melds (对 / 招 / 紮 / 泛, on the table) neither count toward the 主精 "
            "nor are doubled by it: only the concealed hand decides and doubles. (R4 as "
            "zipai.md A3.5 tells it leaves them out of the count; not doubling them either "
            "is this engine's reading of the option's name.)",
        doc_zh="已经亮出或宣布的牌组（对、招、紮、泛，都算在桌面上）里的精，既不算进主精的张数，"
               "也不因主精翻倍：主精只看手里的暗牌来定，也只翻暗牌里的胡。（那个客户端的选项"
               "只说不算进张数；也不翻倍，是本游戏按选项名字的理解。）",
        source_zh="[C:R4] 房间选项“桌面精不算主精”（zipai.md A3.5、A8）；"
                  "原文（所持最多者為主精）把所持的每张牌都算上：关")
    hu_threshold: int = option(
        17, zh="起胡", source="[S] 至少有17個胡", doc="胡 needed to win.",
        en="胡 to win",
        doc_zh="胡牌至少要凑够多少胡。", source_zh="[S] 至少有17個胡",
        low=1, high=200)
    # --- settlement -----------------------------------------------------------------
    fen_mode: Literal["po", "per_hu", "ceil5", "round5"] = option(
        "po", zh="计分方式", source="[S] 17胡1分逢5進1 (按坡); [C:R3,R4] jiHuType 1–3",
        en="胡 into 分",
        doc="分 from 胡 (17 below is “胡 to win”): by slope (po) ⌊(胡−17)/5⌋+1; one per 胡 "
            "(per_hu) 一胡一分; up to a multiple of 5 (ceil5) 逢1就包; to the nearest multiple "
            "of 5 (round5) 2舍3入, at least 20.",
        doc_zh="胡数怎么折成分（下面的17即「起胡」）：按坡，分 = ⌊(胡−17)/5⌋+1（17胡1分，逢5进1）；"
               "一胡一分；"
               "逢1就包（胡数往上凑成5的倍数）；2舍3入（胡数取最近的5的倍数，最少20）。",
        source_zh="[S] 17胡1分逢5進1（按坡）；[C:R3,R4] 客户端的计胡方式 1–3",
        labels=_CHOICE_LABELS["fen_mode"],
        choices=("po", "per_hu", "ceil5", "round5"))
    multiplier: int = option(
        1, zh="倍数(房间)", source="[S] 10倍房間胡17胡收入20分",
        en="multiplier (倍数)",
        doc="Room multiplier: the winner collects 2 × 分 × 倍数.",
        doc_zh="房间倍数：胡家收 2 × 分 × 倍数。",
        source_zh="[S] 10倍房間胡17胡收入20分",
        low=1, high=10_000)
    dianpao_pay: Literal["both", "one"] = option(
        "both", zh="点炮", source="[S] 放衝者輸20分 (包两家); [C:R4] 包一家 option",
        en="the discarder pays",
        doc="A discard win: the discarder pays both shares (包两家, the seed) or only his "
            "own share (包一家).",
        doc_zh="捉铳胡牌时：放铳者付两家的份（包两家，原文的规则），或者只付自己那一份（包一家）。",
        source_zh="[S] 放衝者輸20分（包两家）；[C:R4] 房间选项“包一家”",
        labels=_CHOICE_LABELS["dianpao_pay"],
        choices=("both", "one"))
    # --- claims -----------------------------------------------------------------------
    dui_limit: int = option(
        2, zh="限对", source="[S] 一局內限“對”2對", doc="对 a seat may make before 包.",
        en="对 limit",
        doc_zh="一家一局里可以对几次，再多就要承包。", source_zh="[S] 一局內限“對”2對",
        low=0, high=8)
    dui_over_limit: Literal["bao", "forbid"] = option(
        "bao", zh="超对", source="[S] 對了3次以上…由此人承包",
        en="over the 对 limit",
        doc="Past the limit a 对 is allowed and makes the seat liable (包) if another wins, "
            "or it is not allowed at all.",
        doc_zh="对的次数超过「限对」以后：还可以对，但别人胡牌时由这一家承包（“可对但承包”）；"
               "或者干脆不许再对（“不许再对”）。",
        source_zh="[S] 對了3次以上…由此人承包",
        labels=_CHOICE_LABELS["dui_over_limit"],
        choices=("bao", "forbid"))
    bao_on_discard: Literal["offender", "discarder"] = option(
        "offender", zh="包与放铳", source="G11 [P]",
        en="包 and the discarder",
        doc="When a third seat discards the winning card: the liable seat still pays all "
            "(offender), or the discarder pays as usual (discarder).",
        doc_zh="有人该承包、而胡的那张牌是第三家打出的时候：仍由承包的那家全付（“包家全付”），"
               "或者照常由放铳者付（“放铳者照付”）。",
        source_zh="G11 [P]（参考资料的提议）",
        labels=_CHOICE_LABELS["bao_on_discard"],
        choices=("offender", "discarder"))
    multi_hu: bool = option(
        True, zh="一炮双响", source="G10 [P] (R1-S4)",
        en="two winners on one discard",
        doc="Both other seats may win on one discard, each paid separately; otherwise only "
            "the first in turn order from the discarder's 下家.",
        doc_zh="一张牌另外两家都能胡时，两家都可以胡，各自分开结算；关：只有从放铳者的下家"
               "按座次数起最先的那一家能胡。",
        source_zh="G10 [P]（参考资料的提议，R1-S4）")
    guohu: bool = option(
        True, zh="过胡", source="G15 [P] (R5 过牌机制)",
        en="过胡 (a passed win waits a draw)",
        doc="A seat that lets a winning discard go may not win on a discard again until "
            "its own next draw (self-draw stays allowed).",
        doc_zh="放过一张能胡的牌的人，在自己下一次摸牌以前，不能再胡别人打出的牌"
               "（自摸照样可以胡）。",
        source_zh="G15 [P]（参考资料的提议；R5 过牌机制）")
    fan_from_discard: bool = option(
        False, zh="捉泛", source="G14: seed 自己起到 only; [C:R3,R5] allow it",
        en="泛 from a discard",
        doc="A seat holding a 紮 or 招 may claim the fifth card from a discard (泛).",
        doc_zh="手里有紮或招过的人，可以要别人打出的第五张同字成泛。",
        source_zh="G14：原文只说“自己起到”；[C:R3,R5] 允许")
    # --- 紮 / 请统 ----------------------------------------------------------------------
    jokers_in_zha: bool = option(
        True, zh="赖子入紮", source="G8 [P] (R5)",
        en="赖子 in a 紮",
        doc="A 赖子 may complete a 紮 of 三/五/七 and be the fifth card of a 开泛 on a 紮.",
        doc_zh="赖子可以补成三、五、七的紮，也可以当紮上开泛的第五张。",
        source_zh="G8 [P]（参考资料的提议，R5）")
    late_zha: bool = option(
        True, zh="后紮", source="G12 [P]",
        en="紮 later in the deal",
        doc="Four of a face not declared at 请统 may be 紮'd later on one's own turn.",
        doc_zh="请统时没有紮的四张同字，以后轮到自己时还可以再紮。",
        source_zh="G12 [P]（参考资料的提议）")
    chain_qingtong: bool = option(
        True, zh="连紮", source="A4 [P]",
        en="chained 紮 at 请统",
        doc="At 请统 a replacement card that makes another four may be 紮'd in the same pass.",
        doc_zh="请统时，紮后从牌底补起的牌如果又凑成四张同字，可以在同一轮里接着紮。",
        source_zh="A4 [P]（参考资料的提议）")
    zha_shown: bool = option(
        False, zh="紮牌亮开", source="engine: [S] 紮 類似麻將的暗杠 → face down",
        en="紮 face up",
        doc="A 紮 (and a 泛 grown from it) is laid face up; by default only its owner sees "
            "which face it is.",
        doc_zh="紮（以及由紮长成的泛）亮开摆放；默认是扣着的，只有自己看得到是什么字。",
        source_zh="本游戏自定：[S] 紮 類似麻將的暗杠，所以默认扣着")
    # --- flow -------------------------------------------------------------------------
    tianhu: bool = option(
        True, zh="天胡", source="engine (the seed is silent)",
        en="天胡 (dealt win)",
        doc="The dealer may win on the 26 cards dealt, before his first discard (自摸).",
        doc_zh="庄家起手的26张牌如果已经能胡，可以在打第一张牌之前直接胡（算自摸）。",
        source_zh="本游戏自定（原文没有说）")
    huang_dealer: Literal["stay", "next"] = option(
        "stay", zh="黄庄", source="G2 [P] (R1: 黄 same dealer)",
        en="dealer after 黄庄",
        doc="After a drawn deal (黄庄) the same dealer deals again, or the next seat.",
        doc_zh="黄庄（牌摸完了没人胡）以后，还是原来的庄家坐庄（“连庄”），"
               "或者由下家坐庄（“下家坐庄”）。",
        source_zh="G2 [P]（参考资料的提议；R1：黄庄后原庄家连庄）",
        labels=_CHOICE_LABELS["huang_dealer"],
        choices=("stay", "next"))
    ask: Literal["always", "eligible"] = option(
        "always", zh="询问", source="engine: hidden information",
        en="who is asked",
        doc="At 请统 and after each discard every other seat answers (always: nobody learns "
            "who could claim), or only seats holding a claim are asked, like the apps "
            "(eligible: faster, but who is asked shows what they hold).",
        doc_zh="请统时和每打出一张牌后，其他每家都要表态（“每家都问”：谁也看不出谁能要），"
               "或者像客户端那样只问能要的人（“只问能要的”：快些，但问了谁就等于亮了谁手里"
               "有什么）。",
        source_zh="本游戏自定：不能泄露别人看不到的牌",
        labels=_CHOICE_LABELS["ask"],
        choices=("always", "eligible"))

GONGAN = BieganRules()
DANBIEGAN = BieganRules(jokers=1)
GONGAN_APP = BieganRules(zhujing_reading="max_hu", fan_from_discard=True, fen_mode="per_hu",
                         black_flower_bonus=True, discard_kan_as_dui=True,
                         tingtou_scores=True, dui_value="peng")

PRESETS: dict[str, BieganRules] = {
    "gongan": GONGAN,
    "danbiegan": DANBIEGAN,
    "gongan-app": GONGAN_APP,
}


@lru_cache(maxsize=64)
def scoring_of(rules: BieganRules) -> Scoring:
    """The calculator's scoring options for these rules."""
    return Scoring(
        zhujing_reading=rules.zhujing_reading,
        tingtou_scores=rules.tingtou_scores,
        dui_value=rules.dui_value,
        black_flower_bonus=rules.black_flower_bonus,
        black_flower_in_sets=rules.black_flower_in_sets,
        yi_er_san=rules.yi_er_san,
        discard_kan_as_dui=rules.discard_kan_as_dui,
        threshold=rules.hu_threshold,
        desk_jing_not_main=rules.desk_jing_not_main,
        five_jing=rules.five_jing,
        jokers=rules.jokers,
    )


def fen_of(rules: BieganRules, hu: int) -> int:
    """分 of a winning hand of ``hu`` 胡 under ``rules.fen_mode``."""
    return fen_in(rules.fen_mode, hu, rules.hu_threshold)


def fen_in(mode: str, hu: int, threshold: int) -> int:
    """分 of a winning hand of ``hu`` 胡 by ``mode`` (a ``fen_mode``), 起胡 ``threshold``."""
    if mode == "per_hu":
        return hu
    if mode == "ceil5":
        return -(-hu // 5) * 5
    if mode == "round5":
        rest = hu % 5
        return max(20, hu - rest if rest <= 2 else hu + 5 - rest)
    return (hu - threshold) // 5 + 1
