"""The game protocol, seeded dealing, records, matches and the conformance suite."""

from .base import GameBase
from .protocol import (
    Event,
    Game,
    IllegalAction,
    NotationError,
    Payment,
    RulesError,
    Settlement,
)
from .registry import game_names, get_game

__all__ = [
    "Event",
    "Game",
    "GameBase",
    "IllegalAction",
    "NotationError",
    "Payment",
    "RulesError",
    "Settlement",
    "game_names",
    "get_game",
]
