"""Mistakes in the command line itself, said in the command's language.

typer would refuse an unknown command, an unknown option, an option without its value, a
number that is not one, or a missing or extra positional word before any of huapai's code
runs, in an English box; these
checks run first (the words are read raw: parsing has not happened yet) and end like
every other mistake of the CLI: one ``错误：…`` / ``error: …`` line and exit status 1.
What they do not catch, typer still refuses in its own words.
"""

from __future__ import annotations

import inspect
import math
import types
import typing
from collections.abc import Sequence
from typing import Any

import typer
from rich.text import Text
from typer.core import TyperCommand, TyperGroup

from .i18n import LANGS, Lang, tr, tr_or
from .runtime import error_line

HELP_TEXT = "显示本帮助 / show this help"
USAGE_PREFIX = "用法 / Usage: "
PANEL_TITLES = {"ARGUMENTS_PANEL_TITLE": "参数 / Arguments",
                "OPTIONS_PANEL_TITLE": "选项 / Options",
                "COMMANDS_PANEL_TITLE": "命令 / Commands"}


class BilingualHelp:
    """A command's help page in both languages, as every line on it is (中文 / English):
    typer's panel titles, the usage line and ``--help``; and a flag (``--json``) shows no
    ``<bool>`` after it, since it takes no value."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        # typer's help renderer (imported only when a help page is drawn, not at every
        # start) reads its panel titles from these module constants as it draws
        from typer import rich_utils

        for name, title in PANEL_TITLES.items():
            setattr(rich_utils, name, title)
        make = getattr(rich_utils, "_make_rich_text", None)
        if make is not None and not hasattr(make, "__wrapped__"):
            rich_utils._make_rich_text = _folding(make)
        super().format_help(ctx, formatter)  # type: ignore[misc]

    def get_params(self, ctx: Any) -> Any:
        params = super().get_params(ctx)  # type: ignore[misc]
        for param in params:
            if getattr(param, "is_flag", False) and param.metavar is None:
                param.metavar = ""
        return params

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = HELP_TEXT
        return option

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=USAGE_PREFIX)


def _folding(make: Any) -> Any:
    """typer's help texts, folded rather than cut: rich cuts a wrapped line that mixes
    汉字 and English one cell short with “…” in its table cells (“数据目录 / where the
    SQLit…” at 80 columns); folding (the rich maintainers' advice for CJK) keeps every
    word."""

    def made(*args: Any, **kwargs: Any) -> Any:
        text = make(*args, **kwargs)
        if isinstance(text, Text):
            text.overflow = "fold"
        return text

    made.__wrapped__ = make  # type: ignore[attr-defined]
    return made


Said = Lang | None
"""The language a command line's errors are said in; None for both (a command without
``--lang``, ``serve``: its own errors are one line in both languages)."""


def _tr(key: str, lang: Said, **values: object) -> str:
    if lang is not None:
        return tr(key, lang, **values)
    return f"{tr(key, 'zh', **values)} / {tr(key, 'en', **values)}"


def usage_error(message: str, lang: Said) -> typer.Exit:
    """A malformed command line: one ``错误：…`` line, then status 1."""
    error_line(message, lang or "en")
    return typer.Exit(1)


def lang_of(args: Sequence[str]) -> Lang:
    """The ``--lang`` among raw words (parsing has not happened yet), default Chinese."""
    words = list(args)
    for i, word in enumerate(words):
        value = words[i + 1] if word == "--lang" and i + 1 < len(words) else (
            word.partition("=")[2] if word.startswith("--lang=") else None)
        if value in LANGS:
            return value
    return "zh"


def check_flags(args: Sequence[str], options: Sequence[Any], command: str,
                lang: Said) -> None:
    """Every word that looks like an option is one this command takes (a flag without
    ``=``), and an option that needs a value has one (not another option)."""
    names = {name for opt in options for name in (*opt.opts, *opt.secondary_opts)}
    flags = {name for opt in options if opt.is_flag
             for name in (*opt.opts, *opt.secondary_opts)}
    shown = " ".join(opt.opts[0] for opt in options if opt.opts[0] != "--help")
    words = list(args)
    for i, word in enumerate(words):
        if word == "--":
            return
        name, eq, _value = word.partition("=")
        if not word.startswith("-") or word == "-" or _is_number(word):
            continue
        if not word.startswith("--") and word[:2] in names - flags and len(word) > 2:
            continue  # a short option with its value attached: -planzhou
        if name not in names or (eq and name in flags):
            raise usage_error(_tr("calc_unknown_flag", lang, cmd=command, flag=word,
                                 known=shown), lang)
        following = words[i + 1].partition("=")[0] if i + 1 < len(words) else None
        if not eq and name not in flags and (following is None or following in names):
            raise usage_error(_tr("calc_flag_value", lang, flag=name), lang)


def check_numbers(args: Sequence[str], options: Sequence[Any], integers: set[str],
                  lang: Said) -> None:
    """The value of each option named in ``integers`` (by parameter name) is a whole
    number: ``--seat abc`` is refused naming the option and the word."""
    wanted = {name: opt for opt in options if opt.name in integers for name in opt.opts}
    words = list(args)
    for i, word in enumerate(words):
        if word == "--":
            return
        name, eq, value = word.partition("=")
        if not word.startswith("--") and word[:2] in wanted and len(word) > 2:
            name, eq, value = word[:2], "=", word[2:]  # -n5
        if name not in wanted:
            continue
        if not eq:
            value = words[i + 1] if i + 1 < len(words) else ""
        if not _is_number(value):
            raise usage_error(_tr("not_a_number", lang, flag=name, value=value), lang)
        bounds = _bounds(wanted[name])
        if bounds and not bounds[0] <= int(value) <= bounds[1]:
            # typer said it in English in a box, status 2 (--workers 0: a play-test)
            low, high = bounds
            key = ("too_small" if high == math.inf else "too_big" if low == -math.inf
                   else "out_of_range")
            raise usage_error(_tr(key, lang, flag=name, value=value, low=low, high=high), lang)


def _bounds(option: Any) -> tuple[float, float] | None:
    """An integer option's inclusive bounds (its ``min=`` / ``max=``), or None."""
    low, high = getattr(option, "min", None), getattr(option, "max", None)
    if low is None and high is None:
        return None
    return -math.inf if low is None else low, math.inf if high is None else high


def check_positionals(args: Sequence[str], params: Sequence[Any], command: str,
                      lang: Said) -> None:
    """As many positional words as the command has arguments: a required one missing, or
    a word left over, is refused naming it."""
    arguments = [p for p in params if p.param_type_name == "argument"]
    if any(p.nargs != 1 for p in arguments) or "--help" in args:
        return
    words = _positionals(args, [p for p in params if p.param_type_name == "option"])
    required = [p for p in arguments if p.required]
    if len(words) < len(required):
        missing = required[len(words)].name
        raise usage_error(_tr("missing_argument", lang, cmd=command,
                             what=tr_or(f"arg_{missing}", lang or "en", missing)), lang)
    if len(words) > len(arguments):
        extra = " ".join(words[len(arguments):])
        raise usage_error(_tr("extra_words", lang, cmd=command, words=extra), lang)


def check_required(args: Sequence[str], options: Sequence[Any], command: str,
                   lang: Said) -> None:
    """Every required option is given (``review`` without ``--seat``): refused naming it,
    in the command's language, not in typer's English box."""
    if "--help" in args:
        return
    given = {word.partition("=")[0] for word in args}
    given |= {word[:2] for word in args if not word.startswith("--") and len(word) > 2}
    for opt in options:
        if opt.required and not given & {*opt.opts, *opt.secondary_opts}:
            raise usage_error(_tr("missing_option", lang, cmd=command, flag=opt.opts[0]), lang)


def _positionals(args: Sequence[str], options: Sequence[Any]) -> list[str]:
    """The words of ``args`` that are neither an option nor an option's value."""
    takes_value = {name for opt in options if not opt.is_flag for name in opt.opts}
    words: list[str] = []
    skip = False
    for i, word in enumerate(args):
        if skip:
            skip = False
        elif word == "--":
            return [*words, *args[i + 1:]]
        elif word.startswith("-") and word != "-" and not _is_number(word):
            skip = word in takes_value  # its value follows (not "--x=v", not "-n2")
        else:
            words.append(word)
    return words


def _is_number(word: str) -> bool:
    try:
        int(word)
    except ValueError:
        return False
    return True


def integer_params(callback: Any) -> set[str]:
    """The names of ``callback``'s parameters typed ``int`` (or ``int | None``)."""
    if callback is None:
        return set()
    hints = typing.get_type_hints(callback, include_extras=False)
    return {name for name in inspect.signature(callback).parameters
            if _is_int(hints.get(name))}


def _is_int(hint: Any) -> bool:
    if hint is int:
        return True
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    return typing.get_origin(hint) in (typing.Union, types.UnionType) and args == [int]


class LocalGroup(BilingualHelp, TyperGroup):
    """``huapai WORD``: an unknown WORD is refused naming the commands there are."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and not args[0].startswith("-") and self.get_command(ctx, args[0]) is None:
            lang = lang_of(args)
            known = ", ".join(self.list_commands(ctx))
            raise usage_error(_tr("no_command", lang, prog=ctx.command_path, word=args[0],
                                 known=known), lang)
        return super().resolve_command(ctx, args)


class LocalCommand(BilingualHelp, TyperCommand):
    """A command whose unknown options, missing values, non-numbers, missing or extra
    positional words and missing required options are refused in the command's
    language."""

    def parse_args(self, ctx: Any, args: list[str]) -> Any:
        params = self.get_params(ctx)
        options = [p for p in params if p.param_type_name == "option"]
        lang: Said = lang_of(args) if any("--lang" in o.opts for o in options) else None
        check_flags(args, options, ctx.command_path, lang)
        check_numbers(args, options, integer_params(self.callback), lang)
        check_positionals(args, params, ctx.command_path, lang)
        check_required(args, options, ctx.command_path, lang)
        return super().parse_args(ctx, args)
