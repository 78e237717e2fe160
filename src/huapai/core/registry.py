"""Games by name. Engines register lazily so nothing heavy happens at import time."""

from __future__ import annotations

import importlib
from typing import Any

from .protocol import Game, RulesError

_GAMES: dict[str, str] = {
    "biegan": "huapai.games.biegan.game:GAME",
    "xianniu": "huapai.games.xianniu.game:GAME",
    "xiushan": "huapai.games.xiushan.game:GAME",
}


def register_game(name: str, target: str) -> None:
    """Make ``"module:attribute"`` the engine called ``name`` (imported on first use)."""
    module, sep, attr = target.partition(":")
    if not name or not sep or not module or not attr:
        raise RulesError(f"register_game needs a name and 'module:attribute', got {target!r}")
    _GAMES[name] = target


def game_names() -> list[str]:
    return sorted(_GAMES)


def get_game(name: str) -> Game[Any, Any]:
    """The engine registered as ``name``; a clear error names the known games."""
    target = _GAMES.get(name)
    if target is None:
        raise RulesError(f"unknown game {name!r}; known: {', '.join(game_names())}")
    module, attr = target.split(":")
    game: Game[Any, Any] = getattr(importlib.import_module(module), attr)
    return game
