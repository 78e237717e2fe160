"""The terminal front ends of the families: table renderers and calculator displays.

An engine package holds no terminal code; its manifest names what lives here by string
(``terminal_renderer="huapai.cli_support.families.xianniu:RENDERER"``), and a family
from another package names its own module the same way.
"""

from __future__ import annotations

from huapai.core.registry import check_games, check_target


def check_front_ends() -> None:
    """Every family loads (engine, bots) with its terminal renderer and calculators;
    the first misdeclared one raises a ManifestError naming it."""
    from huapai.cli_support.calculators import check_calculators

    families = check_games()
    for manifest in families:
        if manifest.terminal_renderer is not None:
            check_target(manifest, "terminal_renderer", manifest.terminal_renderer)
    check_calculators(families)
