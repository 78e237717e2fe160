"""The reserved place for calculators: ``huapai score GAME …`` and ``huapai waits GAME …``.

Nothing is implemented here. A game package wires its calculator in one of two ways:

* by convention: functions ``score`` / ``waits`` in ``huapai.games.<game>.cli`` (for
  双别杆, ``huapai/games/biegan/cli.py``) are found without changing this file;
* explicitly: :func:`register_calculator`, e.g.
  ``register_calculator("score", "biegan", "huapai.games.biegan.cli:score")``.

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
    """Games with an explicitly registered calculator (convention ones are found on use)."""
    return sorted(g for c, g in _HANDLERS if c == command)


def run_calculator(command: Command, game: str, args: Sequence[str], console: Console,
                   lang: Lang) -> int:
    handler = _HANDLERS.get((command, game)) or _by_convention(command, game)
    if handler is None:
        known = ", ".join(calculator_games(command)) or "—"
        raise CliError(tr("no_calculator", lang, game=game, command=command, known=known))
    if isinstance(handler, str):
        module, _, attr = handler.partition(":")
        handler = getattr(importlib.import_module(module), attr)
        assert callable(handler)
    return handler(args, console, lang)


def _by_convention(command: Command, game: str) -> Handler | None:
    """``huapai.games.<game>.cli.<command>``, if that module and function exist."""
    if not game.isidentifier():
        return None
    name = f"huapai.games.{game}.cli"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            return None
        raise
    found = getattr(module, command, None)
    return found if callable(found) else None
