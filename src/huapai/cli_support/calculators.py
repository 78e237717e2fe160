"""The reserved place for calculators: ``huapai score GAME …`` and ``huapai waits GAME …``.

Nothing is implemented here. A game package wires its calculator by calling
:func:`register_calculator` (or by adding a line to ``_BUILTIN``), e.g. for 双别杆::

    register_calculator("score", "biegan", "huapai.games.biegan.cli:score")
    register_calculator("waits", "biegan", "huapai.games.biegan.cli:waits")

A handler is called as ``handler(args, console, lang)`` with the words that follow the
game name, prints its result on ``console`` and returns the exit status; it raises
:class:`~huapai.cli_support.setup.CliError` (or ``NotationError``) for bad input.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Literal

from rich.console import Console

from .i18n import Lang, tr
from .setup import CliError

Command = Literal["score", "waits"]
COMMANDS: tuple[Command, ...] = ("score", "waits")
Handler = Callable[[Sequence[str], Console, Lang], int]

_BUILTIN: dict[tuple[str, str], Handler | str] = {}
_HANDLERS: dict[tuple[str, str], Handler | str] = dict(_BUILTIN)


def register_calculator(command: Command, game: str, handler: Handler | str) -> None:
    """Serve ``huapai COMMAND GAME …`` with ``handler`` (or a lazy ``"module:attr"``)."""
    if command not in COMMANDS:
        raise ValueError(f"calculator commands are {', '.join(COMMANDS)}, got {command!r}")
    if isinstance(handler, str) and ":" not in handler:
        raise ValueError(f"a lazy handler is 'module:attr', got {handler!r}")
    _HANDLERS[(command, game)] = handler


def unregister_calculator(command: Command, game: str) -> None:
    _HANDLERS.pop((command, game), None)


def calculator_games(command: Command) -> list[str]:
    return sorted(g for c, g in _HANDLERS if c == command)


def run_calculator(command: Command, game: str, args: Sequence[str], console: Console,
                   lang: Lang) -> int:
    handler = _HANDLERS.get((command, game))
    if handler is None:
        known = ", ".join(calculator_games(command)) or "—"
        raise CliError(tr("no_calculator", lang, game=game, command=command, known=known))
    if isinstance(handler, str):
        module, _, attr = handler.partition(":")
        handler = getattr(importlib.import_module(module), attr)
        assert callable(handler)
    return handler(args, console, lang)
