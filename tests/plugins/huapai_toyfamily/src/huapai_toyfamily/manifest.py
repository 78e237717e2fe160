"""The toy family's manifest: names and strings only (no engine import here)."""

from __future__ import annotations

from huapai.core.manifest import GameManifest, Text

MANIFEST = GameManifest(
    name="toyfamily",
    title=Text("比大（测试用）", "Beat it (a test family)"),
    engine="huapai_toyfamily.game:GAME",
    preset_titles={"duo": Text("两人", "two seats"), "trio": Text("三人", "three seats")},
    zero_sum=True,
)
