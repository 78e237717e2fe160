"""How 双别杆花牌 / 赖子花牌 declares itself to the platform (entry point ``huapai.games``).

Only names and strings: importing this module imports no engine and no front end. The
calculators' parameters are typed here; ``huapai score biegan …`` and ``huapai waits
biegan …`` are built from them (``huapai.cli_support.calculators``).
"""

from __future__ import annotations

from huapai.core.manifest import CalcParam, CalculatorSpec, GameManifest, Text

_HAND = CalcParam("hand", Text("手牌（暗牌），空格随意，例如 \"上大人可知礼…\"",
                               "the concealed hand, spaces optional, e.g. \"上大人可知礼…\""),
                  metavar="HAND")
_MELD = CalcParam("melds", Text("副露 种类:牌，可重复，例如 对:孔孔孔、紮:七七七*七*",
                                "a declared meld KIND:CARDS, repeatable, e.g. 对:孔孔孔"),
                  flags=("--meld", "-m"), multiple=True, metavar="KIND:CARDS")
_OPTION = CalcParam("options", Text("规则选项 名=值，可重复（见 docs/biegan-calculator.md）",
                                    "a rule option NAME=VALUE, repeatable "
                                    "(see docs/biegan-calculator.md)"),
                    flags=("--option", "-o", "--rule", "-r"), multiple=True,
                    metavar="NAME=VALUE")
_SEEN = CalcParam("seen", Text("已见的牌（别人的副露、弃牌），可重复",
                               "cards already seen (others' melds, discards), repeatable"),
                  flags=("--seen",), multiple=True, metavar="CARDS")
_PRESET = CalcParam("preset", Text("按哪个预设的读法算：gongan（默认，种子）、danbiegan、"
                                   "gongan-app、reference（整理稿的提议）；--option 再逐项改",
                                   "whose readings: gongan (default, the seed), danbiegan, "
                                   "gongan-app, reference (the reference's proposals); "
                                   "--option changes single ones"),
                    flags=("--preset", "-p"), metavar="PRESET")
_DISCARD = CalcParam("discard", Text("捉铳：胡的是别人打的这张牌（在暗牌里）",
                                     "won on this discard (a card of the hand)"),
                     flags=("--discard",), metavar="CARD")

MANIFEST = GameManifest(
    name="biegan",
    title=Text("双别杆花牌 / 赖子花牌", "Biegan (双别杆花牌 / 赖子花牌)"),
    engine="huapai.games.biegan.game:GAME",
    preset_titles={
        "gongan": Text("公安双别杆（两张赖子）", "Gong'an 双别杆 (two jokers)"),
        "danbiegan": Text("单别杆（一张赖子）", "Single-joker 单别杆 (Danbiegan)"),
        "gongan-app": Text("公安双别杆 · 客户端计分", "Gong'an 双别杆, app scoring"),
    },
    bots={"heuristic": "huapai.games.biegan.bot:make_heuristic"},
    house_bot="heuristic",
    zero_sum=True,
    terminal_renderer="huapai.cli_support.families.biegan:RENDERER",
    room_multiplier="multiplier",  # [S] 10倍房間: the rules' 倍数 is the room's
    calculators=(
        CalculatorSpec(
            command="score",
            function="huapai.games.biegan.calcinput:score",
            help=Text("算分：26 张的完整牌（25 张则列出听牌）",
                      "score a complete hand of 26 (25: list its waits)"),
            params=(_HAND, _MELD, _OPTION, _DISCARD, _SEEN, _PRESET),
            display="huapai.cli_support.families.biegan_calc:show_score",
        ),
        CalculatorSpec(
            command="waits",
            function="huapai.games.biegan.calcinput:waits",
            help=Text("听牌：25 张差一张的牌，列出能胡的牌", "the waits of a hand of 25"),
            params=(_HAND, _MELD, _OPTION, _SEEN, _PRESET),
            display="huapai.cli_support.families.biegan_calc:show_waits",
        ),
    ),
    howto="huapai.games.biegan:howto.toml",
    web_renderer="js/games/biegan.js",
    card_set="shangdaren",
)
