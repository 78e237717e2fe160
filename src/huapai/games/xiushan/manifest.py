"""How 秀山字牌 declares itself to the platform (entry point ``huapai.games``).

Only names and strings: importing this module imports no engine and no front end.
"""

from __future__ import annotations

from huapai.core.manifest import GameManifest, Text

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
    web_renderer="js/games/xiushan.js",
)
