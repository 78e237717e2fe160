"""Calculator commands built from the families' typed specs: ``huapai score GAME …``.

Each family lists its calculators in its manifest
(:class:`~huapai.core.manifest.CalculatorSpec`: the command word, the engine function,
its typed parameters with help in both languages, and how the result is shown). For
every command word this module builds one typer group with one sub-command per family
that offers it, so ``huapai score biegan --help`` lists exactly that calculator's
parameters. Every calculator command also takes ``--json`` and ``--lang``.

Mistakes on the command line (an unknown option, an option without its value, a single
option given twice) end like every other mistake of the CLI: one line on stderr and
exit status 1. ``score`` and ``waits`` exist even when no family offers them, so the
words stay taken and say which families have one.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

from huapai.core.manifest import CalcParam, CalculatorSpec, GameManifest, ManifestError
from huapai.core.present import said
from huapai.core.protocol import Game, RulesError
from huapai.core.registry import check_target, get_game
from huapai.core.rules import RulesBase, choice_named, option_named

from .i18n import Lang, tr, tr_both
from .runtime import console, guard, parse_lang
from .setup import CliError, game_named, preset_named, refused, resolve_preset
from .usage import BilingualHelp, check_flags, lang_of, usage_error

COMMANDS: tuple[str, ...] = ("score", "waits")
_COMMON = ("json", "lang")
_COMMAND_HELP = {"score": ("算分", "score calculator"), "waits": ("听牌", "waits calculator")}


class _CalcGroup(BilingualHelp, TyperGroup):
    """``huapai score GAME``: an unknown GAME names the families that have one."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            args = self._named(args)
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            lang = lang_of(args)
            known = ", ".join(sorted(self.commands)) or "—"
            key = "no_calculator" if _is_game(args[0]) else "calc_no_game"
            raise usage_error(tr(key, lang, game=args[0], command=self.name, known=known), lang)
        return super().resolve_command(ctx, args)

    def _named(self, args: list[str]) -> list[str]:
        """GAME as the other commands read it: a game's Chinese name (秀山) is the game, a
        preset's name (钵福, 十八福) its game with ``--preset`` (where the calculator takes
        one); anything else is left for the refusal above."""
        word, rest = args[0], args[1:]
        try:
            game, preset = game_named(word), None
            if game is None:
                game, preset = preset_named(word) or (None, None)
        except CliError as exc:
            raise usage_error(said(exc).text(lang_of(args)), lang_of(args)) from None
        if game is None or game not in self.commands:
            return args
        if preset is None:
            return [game, *rest]
        takes = any(p.name == "preset" for p in self.commands[game].params)
        return [game, "--preset", preset, *rest] if takes else args


def _is_game(word: str) -> bool:
    """Whether ``word`` names a game or a preset (mahjong is neither: "mahjong 还没有 score
    计算器" read as if it were one of ours — a researcher's check)."""
    try:
        return game_named(word) is not None or preset_named(word) is not None
    except CliError:
        return False


class _CalcCommand(BilingualHelp, TyperCommand):
    """One family's calculator: the CLI's own one-line errors for a bad command line."""

    def parse_args(self, ctx: Any, args: list[str]) -> Any:
        lang = lang_of(args)
        options = [p for p in self.get_params(ctx) if p.param_type_name == "option"]
        word = ctx.parent.info_name if ctx.parent is not None else self.name
        check_flags(args, options, str(word), lang)
        return super().parse_args(ctx, args)


def add_calculator_commands(app: typer.Typer, manifests: Iterable[GameManifest]) -> None:
    """One group per command word on ``app``, one sub-command per family offering it."""
    families = list(manifests)
    taken = {c.name for c in app.registered_commands if c.name}
    words = sorted({*COMMANDS, *(c.command for m in families for c in m.calculators)})
    for word in words:
        if word in taken:
            owner = next(m.name for m in families if m.calculator(word) is not None)
            raise ManifestError(f"game family {owner!r}: calculator {word!r} is a command "
                                "of huapai already")
        zh, en = _COMMAND_HELP.get(word, (word, word))
        group = typer.Typer(cls=_CalcGroup, help=f"{zh} / {en}", no_args_is_help=True)
        for manifest in families:
            for spec in manifest.calculators_for(word):
                group.command(name=spec.sub_command(manifest.name), cls=_CalcCommand,
                              help=f"{spec.help.zh} / {spec.help.en}")(
                    calculator_command(manifest, spec))
        app.add_typer(group, name=word)


def calculator_command(manifest: GameManifest, spec: CalculatorSpec) -> Callable[..., None]:
    """A function typer reads as the command: one parameter per typed spec, plus the two
    every calculator takes, ``--json`` and ``--lang``."""
    for param in spec.params:
        if param.name in _COMMON or not param.name.isidentifier():
            raise ManifestError(f"game family {manifest.name!r}: calculator "
                                f"{spec.command!r} cannot name a parameter {param.name!r}")

    def command(**values: Any) -> None:
        language = parse_lang(values.pop("lang"))
        as_json = bool(values.pop("json"))
        with guard(language):
            result = run_calculator(manifest, spec, values)
            _show(manifest, spec, result, as_json, language)

    parameters = [_parameter(p) for p in spec.params] + [
        inspect.Parameter("json", inspect.Parameter.KEYWORD_ONLY, annotation=bool,
                          default=typer.Option(False, "--json", help="输出 JSON / print JSON")),
        inspect.Parameter("lang", inspect.Parameter.KEYWORD_ONLY, annotation=str,
                          default=typer.Option("zh", "--lang", help="zh（中文，默认）或 / or en")),
    ]
    command.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in parameters}
    command.__name__ = f"{spec.command}_{spec.sub_command(manifest.name)}"
    return command


_TYPES: dict[str, type] = {"str": str, "int": int, "bool": bool}


def _parameter(param: CalcParam) -> inspect.Parameter:
    """The typer parameter of one typed spec. A single-valued option is read as a list so
    that giving it twice can be refused instead of the last one silently winning."""
    help_text = f"{param.help.zh} / {param.help.en}"
    base = _TYPES[param.type]
    if param.positional:
        default: Any = typer.Argument(None, help=help_text, metavar=param.metavar,
                                      show_default=False)
        annotation: Any = list[str] | None
    elif param.type == "bool":
        default = typer.Option(False, *param.flags, help=help_text)
        annotation = bool
    else:
        default = typer.Option(None, *param.flags, help=help_text, metavar=param.metavar,
                               show_default=False)
        annotation = list[base] | None  # type: ignore[valid-type]
    return inspect.Parameter(param.name, inspect.Parameter.KEYWORD_ONLY,
                             annotation=annotation, default=default)


def run_calculator(manifest: GameManifest, spec: CalculatorSpec,
                   values: Mapping[str, Any]) -> Any:
    """Call the spec's engine function with the parsed values, each checked for its kind."""
    kwargs = {p.name: _value(p, values.get(p.name)) for p in spec.params}
    function = check_target(manifest, f"calculator {spec.command!r}", spec.function)
    return function(**_named_inputs(get_game(manifest.name), kwargs))


def _named_inputs(game: Game[Any, Any], kwargs: Mapping[str, Any]) -> dict[str, Any]:
    """``--preset`` resolved as ``play`` resolves it (钵福, 黄十八), and each ``--option``
    named as ``play``'s ``--rule`` (报数=自己报数 is baoshu=train)."""
    out = dict(kwargs)
    if isinstance(out.get("preset"), str):
        out["preset"] = resolve_preset(game, out["preset"], strict=False)  # (reference)
    if out.get("options"):
        rules = game.presets().get(out.get("preset") or "") or next(iter(game.presets().values()))
        if isinstance(rules, RulesBase):
            out["options"] = tuple(_option_item(type(rules), item) for item in out["options"])
    return out


def _option_item(rules: type[RulesBase], item: str) -> str:
    """``KEY=VALUE`` with the option and its choice by their ids; a key no rule option
    answers to (a calculator's own: biegan's ``threshold``) and a value no choice answers
    to are left for the calculator to read or refuse."""
    key, sep, value = item.partition("=")
    if not sep:
        return item
    try:
        name = option_named(rules, key)
    except RulesError as exc:
        if exc.msg.code == "unknown_option":
            return item
        raise refused("--option", exc) from None
    try:
        return f"{name}={choice_named(rules, name, value.strip())}"
    except RulesError:
        return f"{name}={value}"


def _value(param: CalcParam, raw: Any) -> Any:
    if param.positional or param.multiple:
        return tuple(raw or ())
    if param.type == "bool":
        return bool(raw)
    given = list(raw or ())
    if len(given) > 1:
        raise CliError(tr_both("calc_flag_twice", flag=param.flags[0]))
    return given[0] if given else None


def _show(manifest: GameManifest, spec: CalculatorSpec, result: Any, as_json: bool,
          lang: Lang) -> None:
    out = console()
    if as_json or spec.display is None:
        # one JSON document, written raw (no markup, no wrapping)
        out.out(json.dumps(result.to_json(), ensure_ascii=False, indent=2), highlight=False)
        return
    display = check_target(manifest, f"calculator {spec.command!r} display", spec.display)
    display(result, out, lang)


def check_calculators(manifests: Iterable[GameManifest]) -> None:
    """Every declared calculator function and display imports (start-up check)."""
    for manifest in manifests:
        for spec in manifest.calculators:
            check_target(manifest, f"calculator {spec.command!r}", spec.function)
            if spec.display is not None:
                check_target(manifest, f"calculator {spec.command!r} display", spec.display)
