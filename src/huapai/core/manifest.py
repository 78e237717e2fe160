"""What a game family declares about itself: the manifest every front end reads.

A family ships one :class:`GameManifest` and names it in the Python entry-point group
``huapai.games`` (see :mod:`huapai.core.registry`). Everything outside the family — the
lobby, the CLI, the bots, the env, the conformance suite, the browser — reads this value
and nothing else, so adding a family changes nothing outside its own package.

Every code reference is a string ``"module:attr"``, imported only when it is used: a
manifest module imports nothing heavy, and an engine never imports its front ends.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

Lang = Literal["zh", "en"]


@dataclass(frozen=True, slots=True)
class Text:
    """Words for people in both languages; every front end picks its own."""

    zh: str
    en: str

    def pick(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en

    def format(self, **values: object) -> Text:
        """Both strings filled in; a :class:`Text` value fills each with its own language."""
        return Text(self.zh.format(**_in(values, "zh")), self.en.format(**_in(values, "en")))

    def to_json(self) -> dict[str, str]:
        return {"zh": self.zh, "en": self.en}


def _in(values: Mapping[str, object], lang: str) -> dict[str, object]:
    return {k: v.pick(lang) if isinstance(v, Text) else v for k, v in values.items()}


class ManifestError(ValueError):
    """A family that is misdeclared; the message names the family and what is wrong."""


class CalculatorError(ValueError):
    """Bad input to a calculator: ``text`` says what was wrong, in both languages."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.en)
        self.text = text


ParamType = Literal["str", "int", "bool"]


@dataclass(frozen=True, slots=True)
class CalcParam:
    """One typed parameter of a calculator command.

    ``flags`` are its option names (``("--meld", "-m")``); none makes it the command's
    positional words (a list of strings). ``multiple`` options may be repeated and arrive
    as a tuple; a single option given twice is refused. A ``bool`` is a flag.
    """

    name: str
    help: Text
    flags: tuple[str, ...] = ()
    type: ParamType = "str"
    multiple: bool = False
    metavar: str | None = None

    @property
    def positional(self) -> bool:
        return not self.flags


@dataclass(frozen=True, slots=True)
class CalculatorSpec:
    """A calculator command such as ``huapai score GAME …``.

    ``function`` (``"module:attr"``, in the engine) is called with one keyword argument
    per parameter and returns a result with ``to_json()``; it raises
    :class:`CalculatorError` for bad input. ``display`` (``"module:attr"`` in a front
    end, called as ``display(result, console, lang)``) shows the result; None shows its
    JSON. Every calculator command also takes ``--json`` and ``--lang``.
    """

    command: str
    function: str
    help: Text
    params: tuple[CalcParam, ...] = ()
    display: str | None = None
    name: str = ""
    """The sub-command (``huapai score NAME``); empty: the family's name. A family may
    offer one command word under several names (秀山's ``bofu`` and ``sanliufu``)."""

    def sub_command(self, family: str) -> str:
        return self.name or family

    def load(self) -> Any:
        return load_target(self.function)


@dataclass(frozen=True, slots=True)
class GameManifest:
    """A family as the platform sees it (the fields are described in
    ``docs/architecture-manifest.md``).

    ``bots`` maps each bot name the family offers to its factory ``"module:attr"``
    (``random`` is offered to every family without being listed); ``house_bot`` plays
    托管 and vacant seats and is the CLI's default opponent.
    """

    name: str
    title: Text
    engine: str
    preset_titles: Mapping[str, Text] = field(default_factory=dict)
    bots: Mapping[str, str] = field(default_factory=dict)
    house_bot: str = "random"
    zero_sum: bool = True
    terminal_renderer: str | None = None
    calculators: tuple[CalculatorSpec, ...] = ()
    web_renderer: str | None = None
    card_set: str = "text"
    web_assets: str | None = None
    """``"package:folder"``: a folder of browser files inside an installed package, served
    at ``families/<name>/`` (so a family from another package can name
    ``web_renderer="families/<name>/renderer.js"``); None: the client's own files only."""
    howto: str | None = None
    """``"package:file.toml"``: the family's 玩法说明 (:mod:`huapai.core.howto`); None: none."""
    room_multiplier: str | None = None
    """The rule option that is the room's 倍数 where the family's own settlement multiplies
    by it (双别杆's ``multiplier``: the winner collects 2 × 分 × 倍数): the lobby offers it in
    place of the platform's multiplier, which a room of this family keeps at 1 (two would
    multiply twice). None: the platform's multiplier scales the room's points."""

    def load_engine(self) -> Any:
        return load_target(self.engine)

    def bot_names(self) -> list[str]:
        return sorted({"random", *self.bots})

    def calculator(self, command: str) -> CalculatorSpec | None:
        return next((c for c in self.calculators if c.command == command), None)

    def calculators_for(self, command: str) -> tuple[CalculatorSpec, ...]:
        """Every calculator of ``command`` (the family's own first, then named ones)."""
        return tuple(c for c in self.calculators if c.command == command)

    def preset_title(self, preset: str) -> Text:
        return self.preset_titles.get(preset, Text(preset, preset))

    def to_json(self) -> dict[str, Any]:
        """The fields a client reads (code references stay on the server)."""
        return {
            "name": self.name,
            "titles": self.title.to_json(),
            "preset_titles": {k: v.to_json() for k, v in self.preset_titles.items()},
            "bots": self.bot_names(),
            "house_bot": self.house_bot,
            "zero_sum": self.zero_sum,
            "calculators": list(dict.fromkeys(c.command for c in self.calculators)),
            "web_renderer": self.web_renderer,
            "card_set": self.card_set,
            "howto": self.howto is not None,
            "room_multiplier": self.room_multiplier,
        }


def split_target(target: str) -> tuple[str, str]:
    """``"module:attr"`` (or ``"package:folder"``) as its two parts; a ManifestError for
    anything else."""
    module, sep, attr = target.partition(":")
    if not sep or not module or not attr or ":" in attr:
        raise ManifestError(f"expected 'module:attr', got {target!r}")
    return module, attr


def load_target(target: str) -> Any:
    """Import the object ``"module:attr"`` names."""
    module, attr = split_target(target)
    obj: Any = importlib.import_module(module)
    for part in attr.split("."):
        obj = getattr(obj, part)
    return obj


def check_manifest(manifest: GameManifest) -> None:
    """The checks that need no import; a ManifestError names what is wrong."""
    problems = list(_problems(manifest))
    if problems:
        raise ManifestError(f"game family {manifest.name!r}: {'; '.join(problems)}")


def _problems(m: GameManifest) -> list[str]:
    out: list[str] = []
    if not m.name or not m.name.replace("_", "").isalnum() or not m.name.isascii():
        out.append("name must be a non-empty ASCII identifier")
    if not isinstance(m.title, Text) or not m.title.zh or not m.title.en:
        out.append("title needs both zh and en")
    out += _target_problems("engine", m.engine)
    for name, factory in m.bots.items():
        if not name.isidentifier():
            out.append(f"bot name {name!r} is not an identifier")
        out += _target_problems(f"bot {name!r}", factory)
    if m.house_bot not in m.bot_names():
        out.append(f"house bot {m.house_bot!r} is not one of its bots "
                   f"({', '.join(m.bot_names())})")
    if m.terminal_renderer is not None:
        out += _target_problems("terminal_renderer", m.terminal_renderer)
    out += _calculator_problems(m.calculators)
    if m.web_assets is not None:
        out += _target_problems("web_assets", m.web_assets)
    if m.howto is not None:
        out += _target_problems("howto", m.howto)
    if m.room_multiplier is not None and not (isinstance(m.room_multiplier, str)
                                              and m.room_multiplier.isidentifier()):
        out.append(f"room_multiplier must name a rule option, got {m.room_multiplier!r}")
    return out


def _target_problems(what: str, target: object) -> list[str]:
    if not isinstance(target, str):
        return [f"{what} must be 'module:attr', got {target!r}"]
    try:
        split_target(target)
    except ManifestError as exc:
        return [f"{what}: {exc}"]
    return []


def _calculator_problems(specs: tuple[CalculatorSpec, ...]) -> list[str]:
    out: list[str] = []
    commands = [c.command if not c.name else f"{c.command} {c.name}" for c in specs]
    out += [f"calculator {c!r} is declared twice" for c in sorted(set(commands))
            if commands.count(c) > 1]
    for spec in specs:
        out += _target_problems(f"calculator {spec.command!r}", spec.function)
        if spec.display is not None:
            out += _target_problems(f"calculator {spec.command!r} display", spec.display)
        if sum(p.positional for p in spec.params) > 1:
            out.append(f"calculator {spec.command!r} has more than one positional parameter")
    return out
