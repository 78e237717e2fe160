"""Bots: each sees only what ``observe()`` gives its seat, and acts through the protocol."""

from huapai.core.random_bot import RandomBot

from .registry import BotFactory, UnknownBot, bot_names, make_bot, register_bot, unregister_bot

__all__ = [
    "BotFactory",
    "RandomBot",
    "UnknownBot",
    "bot_names",
    "make_bot",
    "register_bot",
    "unregister_bot",
]
