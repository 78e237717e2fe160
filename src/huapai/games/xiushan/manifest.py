"""How 秀山字牌 declares itself to the platform (entry point ``huapai.games``).

Only names and strings: importing this module imports no engine and no front end.
"""

from __future__ import annotations

from huapai.core.manifest import CalcParam, CalculatorSpec, GameManifest, Text

_HAND = CalcParam("hand", Text("暗牌（和的那张进了手也写上），空格随意，例如 \"壹贰叁贰柒拾…\"",
                               "the concealed cards (the winning card too when it went into "
                               "the hand), spaces optional"), metavar="HAND")
_SHORT_HAND = CalcParam("hand", Text("暗牌：差一张就能和的那手，空格随意，例如 \"壹贰叁贰柒…\"",
                                     "the concealed cards of a hand one card short, spaces "
                                     "optional"), metavar="HAND")
_MELD = CalcParam("melds", Text("落地的组 种类:牌，可重复，例如 碰:贰贰贰、哨:三三三",
                                "a laid-down group KIND:CARDS, repeatable, e.g. 碰:贰贰贰"),
                  flags=("--meld", "-m"), multiple=True, metavar="KIND:CARDS")
_PRESET = CalcParam("preset", Text("预设：maquefu 麻雀福、huangliufu 黄六福、"
                                   "shibafu 十八福（默认）、bofu 钵福、sanliufu 三六福",
                                   "preset: maquefu, huangliufu, shibafu (default), bofu, "
                                   "sanliufu"),
                    flags=("--preset", "-p"), metavar="PRESET")
_OPTION = CalcParam("options", Text("规则选项 名=值，可重复（见 docs/xiushan.md）",
                                    "a rule option NAME=VALUE, repeatable (docs/xiushan.md)"),
                    flags=("--option", "-o", "--rule", "-r"), multiple=True,
                    metavar="NAME=VALUE")
_JIANG = CalcParam("jiang", Text("将：这一点的任一张牌，例如 陆", "the 将: a card of its rank"),
                   flags=("--jiang",), metavar="CARD")

_WIN = CalcParam("win", Text("和的那张牌", "the card the hand won on"), flags=("--win",),
                 metavar="CARD")
_SELF = CalcParam("self_drawn", Text("自摸", "won on one's own draw"), flags=("--self-drawn",),
                  type="bool")
_CONTEXT = CalcParam("context", Text("和牌情形：天胡、地胡、海底，可重复",
                                     "how the hand won: tianhu, dihu, haidi, repeatable"),
                     flags=("--context", "-c"), multiple=True, metavar="FLAG")


def _named(name: str, zh: str, en: str) -> CalculatorSpec:
    return CalculatorSpec(command="score", name=name,
                          function=f"huapai.games.xiushan.calcinput:score_{name}",
                          help=Text(zh, en),
                          params=(_HAND, _MELD, _WIN, _SELF, _JIANG, _CONTEXT, _OPTION),
                          display="huapai.cli_support.families.xiushan_calc:show_score")


MANIFEST = GameManifest(
    name="xiushan",
    title=Text("秀山字牌", "Xiushan zipai (秀山字牌)"),
    engine="huapai.games.xiushan.game:GAME",
    preset_titles={
        "maquefu": Text("麻雀福", "麻雀福 (Maquefu)"),
        "huangliufu": Text("黄六福", "黄六福 (Huangliufu)"),
        "shibafu": Text("十八福（黄十八）", "十八福 (Shibafu)"),
        "bofu": Text("钵福", "钵福 (Bofu)"),
        "sanliufu": Text("三六福", "三六福 (Sanliufu)"),
    },
    bots={"heuristic": "huapai.games.xiushan.bot:make_heuristic"},
    house_bot="heuristic",
    zero_sum=True,
    terminal_renderer="huapai.cli_support.families.xiushan:RENDERER",
    calculators=(
        CalculatorSpec(
            command="score",
            function="huapai.games.xiushan.calcinput:score",
            help=Text("算分：完整的一手牌（最佳拆法、油子、豆）",
                      "score a complete hand (best cut, 油子, 豆)"),
            params=(_HAND, _MELD, _PRESET, _WIN, _SELF, _JIANG, _OPTION),
            display="huapai.cli_support.families.xiushan_calc:show_score",
        ),
        _named("bofu", "钵福算分：油子 × 翻，名堂逐条列出",
               "钵福: 油子 × 翻 with each 名堂 and its 翻"),
        _named("sanliufu", "三六福算分：名堂逐条算豆", "三六福: each 名堂 and its 豆"),
        CalculatorSpec(
            command="waits",
            function="huapai.games.xiushan.calcinput:waits",
            help=Text("听牌：差一张的牌，列出能和的牌", "the waits of a hand one card short"),
            params=(_SHORT_HAND, _MELD, _PRESET,
                    CalcParam("seen", Text("已见的牌，可重复", "cards already seen, repeatable"),
                              flags=("--seen",), multiple=True, metavar="CARDS"),
                    _JIANG, _OPTION),
            display="huapai.cli_support.families.xiushan_calc:show_waits",
        ),
    ),
    howto="huapai.games.xiushan:howto.toml",
    web_renderer="js/games/xiushan.js",
)
