"""What every command shares: its language, its console, and errors turned into one line.

Every mistake a user can make ends in a one-line explanation on stderr, in the command's
language only (``--lang``), and exit status 1; a bug ends in status 70 (``HUAPAI_DEBUG=1``
shows its traceback instead).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

import typer
from rich.console import Console
from rich.text import Text

from huapai.core.manifest import CalculatorError, ManifestError
from huapai.core.present import SaidError, said
from huapai.core.protocol import NotationError, RulesError

from .fold import Folded
from .i18n import Lang, check_lang, colon, tr


def error_line(message: str, lang: Lang) -> None:
    """``错误：…`` / ``error: …`` on stderr; at a terminal folded as the game's Chinese text
    is (the terminal's own wrap cut ``-r idle=laoye`` after ``idl``: a play-test), one line
    where it is read by a program."""
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    line = f"{tr('error', lang)}{colon(lang)}{message}"
    if err.is_terminal and lang == "zh":
        err.print(Folded(line, "bold red"), soft_wrap=False)
        return
    err.print(Text(line, style="bold red"))


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
    except (RulesError, NotationError, SaidError) as exc:
        error_line(said(exc).text(lang), lang)
        raise typer.Exit(1) from None
    except ManifestError as exc:  # a misdeclared family: for its developer, in English
        error_line(str(exc), lang)
        raise typer.Exit(1) from None
    except Exception as exc:
        if os.environ.get("HUAPAI_DEBUG"):
            raise
        err = Console(stderr=True, highlight=False, soft_wrap=True)
        err.print(Text(f"{tr('internal_error', lang)}{colon(lang)}{type(exc).__name__}: {exc}",
                       style="bold red"))
        raise typer.Exit(70) from None


def parse_lang(value: str) -> Lang:
    try:
        return check_lang(value)
    except ValueError as exc:  # which language to speak is not known: say it in both
        Console(stderr=True, soft_wrap=True).print(Text(
            f"错误：--lang {value!r} 不是语言：可选 zh 或 en / error: --lang: {exc}",
            style="bold red"))
        raise typer.Exit(1) from None


def console(force_terminal: bool | None = None) -> Console:
    """The command's console. On a terminal long lines wrap between words (the terminal's
    own wrapping cut them mid-word: "annou" / "nce"); piped, a line stays one line."""
    out = Console(highlight=False, force_terminal=force_terminal)
    out.soft_wrap = not out.is_terminal
    return out
