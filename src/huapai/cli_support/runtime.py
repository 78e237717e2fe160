"""What every command shares: its language, its console, and errors turned into one line.

Every mistake a user can make ends in a one-line explanation on stderr and exit status 1;
a bug ends in status 70 (``HUAPAI_DEBUG=1`` shows its traceback instead).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

import typer
from rich.console import Console
from rich.text import Text

from huapai.bots.registry import UnknownBot
from huapai.core.manifest import CalculatorError, ManifestError
from huapai.core.protocol import NotationError, RulesError

from .i18n import Lang, check_lang, tr
from .setup import CliError


def error_line(message: str, lang: Lang) -> None:
    """``错误: …`` / ``error: …`` on stderr."""
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    err.print(Text(f"{tr('error', lang)}: {message}", style="bold red"))


@contextmanager
def guard(lang: Lang) -> Iterator[None]:
    """Turn every error into a message on stderr and an exit status."""
    try:
        yield
    except typer.Exit:
        raise
    except CalculatorError as exc:
        error_line(exc.text.pick(lang), lang)
        raise typer.Exit(1) from None
    except (CliError, RulesError, NotationError, UnknownBot, ManifestError) as exc:
        error_line(str(exc), lang)
        raise typer.Exit(1) from None
    except Exception as exc:
        if os.environ.get("HUAPAI_DEBUG"):
            raise
        err = Console(stderr=True, highlight=False, soft_wrap=True)
        err.print(Text(f"{tr('internal_error', lang)}: {type(exc).__name__}: {exc}",
                       style="bold red"))
        raise typer.Exit(70) from None


def parse_lang(value: str) -> Lang:
    try:
        return check_lang(value)
    except ValueError as exc:
        Console(stderr=True, soft_wrap=True).print(Text(f"error: --lang: {exc}", style="bold red"))
        raise typer.Exit(1) from None


def console() -> Console:
    return Console(highlight=False, soft_wrap=True)
