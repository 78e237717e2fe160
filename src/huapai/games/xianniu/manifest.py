"""How 掀牛 / 花花牌 declares itself to the platform (entry point ``huapai.games``).

Only names and strings: importing this module imports no engine and no front end.
"""

from __future__ import annotations

from huapai.core.manifest import GameManifest, Text

MANIFEST = GameManifest(
    name="xianniu",
    title=Text("掀牛 / 花花牌", "Xianniu (掀牛 / 花花牌)"),
    engine="huapai.games.xianniu.game:GAME",
    preset_titles={
        "lanzhou": Text("兰州掀牛（扑克）", "Lanzhou 掀牛 (poker deck)"),
        "lanzhou-app": Text("兰州掀牛 · 客户端计分", "Lanzhou 掀牛, app scoring"),
        "fengxiang": Text("凤翔花花牌（长牌）", "Fengxiang 花花牌 (long cards)"),
    },
    bots={"heuristic": "huapai.games.xianniu.bot:make_heuristic"},
    house_bot="heuristic",
    zero_sum=True,
    terminal_renderer="huapai.cli_support.families.xianniu:RENDERER",
    howto="huapai.games.xianniu:howto.toml",
    web_renderer="js/games/xianniu.js",
    card_set="xianniu",
)
