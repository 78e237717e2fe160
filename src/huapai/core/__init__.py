"""The game protocol, seeded dealing, records, matches and the conformance suite."""

from .base import GameBase
from .present import ActionInfo, Msg, SettlementItem
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
    "ActionInfo",
    "Event",
    "Game",
    "GameBase",
    "IllegalAction",
    "Msg",
    "NotationError",
    "Payment",
    "RulesError",
    "Settlement",
    "SettlementItem",
    "game_names",
    "get_game",
]
