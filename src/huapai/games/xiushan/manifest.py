"""How 秀山字牌 declares itself to the platform (entry point ``huapai.games``).

Only names and strings: importing this module imports no engine and no front end.
"""

from __future__ import annotations

from huapai.core.manifest import CalcParam, CalculatorSpec, GameManifest, Text

_HAND = CalcParam("hand", Text("暗牌（胡的那张进了手也写上），空格随意，例如 \"壹贰叁贰柒拾…\"",
                               "the concealed cards (the winning card too when it went into "
                               "the hand), spaces optional"), metavar="HAND")
_MELD = CalcParam("melds", Text("落地的组 种类:牌，可重复，例如 碰:贰贰贰、哨:三三三",
                                "a laid-down group KIND:CARDS, repeatable, e.g. 碰:贰贰贰"),
                  flags=("--meld", "-m"), multiple=True, metavar="KIND:CARDS")
_PRESET = CalcParam("preset", Text("预设：maquefu 麻雀福、huangliufu 黄六福、"
                                   "shibafu 十八福（默认）",
                                   "preset: maquefu, huangliufu, shibafu (default)"),
                    flags=("--preset", "-p"), metavar="PRESET")
_OPTION = CalcParam("options", Text("规则选项 名=值，可重复（见 docs/xiushan.md）",
                                    "a rule option NAME=VALUE, repeatable (docs/xiushan.md)"),
                    flags=("--option", "-o", "--rule", "-r"), multiple=True,
                    metavar="NAME=VALUE")
_JIANG = CalcParam("jiang", Text("将：这一点的任一张牌，例如 陆", "the 将: a card of its rank"),
                   flags=("--jiang",), metavar="CARD")

MANIFEST = GameManifest(
    name="xiushan",
    title=Text("秀山字牌", "Xiushan zipai (秀山字牌)"),
    engine="huapai.games.xiushan.game:GAME",
    preset_titles={
        "maquefu": Text("麻雀福", "麻雀福 (Maquefu)"),
        "huangliufu": Text("黄六福", "黄六福 (Huangliufu)"),
        "shibafu": Text("十八福（黄十八）", "十八福 (Shibafu)"),
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
            params=(_HAND, _MELD, _PRESET,
                    CalcParam("win", Text("和的那张牌", "the card the hand won on"),
                              flags=("--win",), metavar="CARD"),
                    CalcParam("self_drawn", Text("自摸", "won on one's own draw"),
                              flags=("--self-drawn",), type="bool"),
                    _JIANG, _OPTION),
            display="huapai.cli_support.families.xiushan_calc:show_score",
        ),
        CalculatorSpec(
            command="waits",
            function="huapai.games.xiushan.calcinput:waits",
            help=Text("听牌：差一张的牌，列出能和的牌", "the waits of a hand one card short"),
            params=(_HAND, _MELD, _PRESET,
                    CalcParam("seen", Text("已见的牌，可重复", "cards already seen, repeatable"),
                              flags=("--seen",), multiple=True, metavar="CARDS"),
                    _JIANG, _OPTION),
            display="huapai.cli_support.families.xiushan_calc:show_waits",
        ),
    ),
    web_renderer="js/games/xiushan.js",
)
