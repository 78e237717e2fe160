"""From command-line options to a game, its rules and the bots at the table.

Every way an option can be wrong ends in :class:`CliError`, whose message names the
option and the value in both languages; the commands print it in the one they speak
(``--lang``) and exit with status 1, never a traceback.
"""

from __future__ import annotations

import functools
import json
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from huapai.bots.levels import BadSpec, parse_spec
from huapai.bots.pace import PacedBot, pace_of
from huapai.bots.registry import UnknownBot, house_bot
from huapai.bots.search import SearchBot, can_search
from huapai.core import naming, record
from huapai.core.present import Msg, SaidError, WorthUnit, count_en, said
from huapai.core.protocol import Game, RulesError
from huapai.core.registry import manifests
from huapai.core.rng import derive_seed
from huapai.core.session import Agent, AgentError

from .i18n import Lang

DEFAULT_GAME = "xianniu"
P = ParamSpec("P")
R = TypeVar("R")


class CliError(SaidError):
    """A user mistake the command explains and refuses (exit status 1):
    ``CliError(zh, en)`` or ``CliError(msg)``; the command prints the language it speaks."""

    code = "cli"


def refused(option: str, exc: BaseException) -> CliError:
    """``exc`` as the error of ``option``: ``--level：…`` / ``--level: …``."""
    return CliError(Msg.plain("option", option).with_detail(said(exc)))


def bot_failure(exc: AgentError, names: Mapping[int, str]) -> CliError:
    """A bot's illegal choice (a bug in the bot), as the error the command reports."""
    name, seat, why = names[exc.seat], exc.seat, exc.error.msg
    return CliError(f"机器人「{name}」（座位{seat}）走了不合法的一步：{why.zh}",
                    f"bot {name!r} at seat {seat} chose an illegal action "
                    f"({exc.error.code}): {why.en}")


@dataclass(frozen=True, slots=True)
class Table:
    """A game with its rules, as chosen on the command line."""

    game: Game[Any, Any]
    rules: Any
    preset: str
    #: the preset was named (``--preset``, or GAME naming one), not the game's default
    named: bool = False

    @property
    def seats(self) -> int:
        return self.game.num_seats(self.rules)

    def title(self, lang: Lang) -> str:
        """``秀山字牌 · 黄六福`` / ``Xiushan zipai (秀山字牌) · 黄六福 (Huangliufu)``."""
        return f"{family_title(self.game, lang)} · {preset_title(self.game, self.preset, lang)}"


def family_title(game: Game[Any, Any], lang: Lang) -> str:
    """The family's name in ``lang`` (its manifest's; a game registered without one: its
    own ``title``)."""
    manifest = manifests().get(game.name)
    return manifest.title.pick(lang) if manifest is not None else game.title


def preset_title(game: Game[Any, Any], preset: str, lang: Lang) -> str:
    """The preset's name in ``lang``; its id when the family names none."""
    manifest = manifests().get(game.name)
    return manifest.preset_title(preset).pick(lang) if manifest is not None else preset


def _as_cli(function: Callable[P, R]) -> Callable[P, R]:
    """``function`` of :mod:`huapai.core.naming`, its RulesError a CliError."""
    @functools.wraps(function)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return function(*args, **kwargs)
        except RulesError as exc:
            raise CliError(exc.msg) from None
    return wrapped


load_game = _as_cli(naming.load_game)
load_game_preset = _as_cli(naming.load_game_preset)
preset_named = _as_cli(naming.preset_named)
resolve_preset = _as_cli(naming.resolve_preset)
named_overrides = _as_cli(naming.named_overrides)
game_named = naming.game_named


default_preset = naming.default_preset


def parse_rule_overrides(items: Sequence[str]) -> dict[str, Any]:
    """``--rule KEY=VALUE`` items as a dict; VALUE is read as JSON, else as text."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise CliError(f"--rule 要写成 KEY=VALUE，不是「{item}」",
                           f"--rule expects KEY=VALUE, got {item!r}")
        out[key.strip()] = _rule_value(raw.strip())
    return out


def _rule_value(raw: str) -> Any:
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        return raw
    return tuple(value) if isinstance(value, list) else value


def load_table(
    game_name: str,
    preset: str | None,
    players: int | None = None,
    rule_items: Sequence[str] = (),
) -> Table:
    """The game and its rules: ``preset`` (default: the game's first, or the one GAME
    names) plus overrides, each named as :func:`named_overrides` reads them."""
    game, named = load_game_preset(game_name, preset)
    chosen = named if named is not None else default_preset(game)
    overrides = named_overrides(game, chosen, parse_rule_overrides(rule_items))
    if players is not None:
        base = _rules(game, chosen, {})
        option = seat_option(game, base)
        _check_sitting_out(game, base, option, players, overrides)
        overrides[option] = players
    return Table(game, _rules(game, chosen, overrides), chosen, named is not None)


def _check_sitting_out(game: Game[Any, Any], rules: Any, option: str, players: int,
                       overrides: Mapping[str, Any]) -> None:
    """One more player than play (秀山: 4 play, a fifth sits out as 老爷 or 巽家) is asked
    with ``--players 4 -r idle=…``: say so rather than only that 5 is above 4."""
    high = type(rules).info(option).high
    if high is None or players != high + 1 or "idle" not in game.rules_to_dict(rules):
        return
    if overrides.get("idle", "none") != "none":
        return
    raise CliError(f"--players {players}：{game.name} 最多 {high} 家打牌；第 {players} 家坐着不打，"
                   f"写 --players {high} -r idle=laoye（老爷）或 -r idle=xun（巽家）",
                   f"--players {players}: at most {high} play {game.name}; a {players}th "
                   f"sits out: --players {high} -r idle=laoye (老爷) or -r idle=xun (巽家)")


def _rules(game: Game[Any, Any], preset: str, overrides: Mapping[str, Any]) -> Any:
    try:
        return game.rules(preset, **overrides)
    except RulesError as exc:
        raise CliError(exc.msg) from None


SEAT_OPTIONS = ("players", "seats")
"""The rule options that count a game's seats (掀牛 and 双别杆: ``players``; 秀山: ``seats``,
the seats that play); ``--players`` sets whichever a game's rules have."""


def seat_option(game: Game[Any, Any], rules: Any) -> str:
    """The option ``--players`` sets in ``game``, or a CliError: its seats are fixed."""
    names = game.rules_to_dict(rules)
    for name in SEAT_OPTIONS:
        if name in names:
            return name
    seats = game.num_seats(rules)
    raise CliError(f"--players：{game.name} 的人数是固定的（{seats} 人），不能改",
                   f"--players: {game.name} has a fixed number of seats ({seats}); "
                   "it cannot be changed")


def default_bot(game: Game[Any, Any]) -> str:
    """The family's house bot (``heuristic`` for 掀牛 and 双别杆)."""
    return house_bot(game.name)


def bot_plan(table: Table, spec: str | None, seats: Sequence[int]) -> dict[int, str]:
    """Which bot plays each of ``seats``: one name for all, or one name per seat."""
    if spec is None:
        return {seat: default_bot(table.game) for seat in seats}
    names = [n.strip() for n in spec.split(",")]
    if any(not n for n in names):
        raise CliError(f"--bots「{spec}」里有一个空的名字",
                       f"--bots has an empty name in {spec!r}")
    if len(names) == 1:
        names = names * len(seats)
    if len(names) != len(seats):
        raise CliError(
            f"--bots 写了 {len(names)} 个机器人，要坐的座位有 {len(seats)} 个："
            f"写一个（都用它），或者正好 {len(seats)} 个",
            f"--bots names {count_en(len(names), 'bot', 'bots')} but "
            f"{count_en(len(seats), 'seat needs', 'seats need')} one: "
            f"give one name for all or exactly {len(seats)}")
    return dict(zip(seats, [_checked_spec(table, name) for name in names], strict=True))


def _checked_spec(table: Table, text: str) -> str:
    """``name`` or ``name:level`` (:func:`huapai.bots.levels.parse_spec`), normalised."""
    try:
        bot = parse_spec(text, table.game, rollouts=True)
    except (UnknownBot, BadSpec) as exc:
        raise CliError(exc.msg) from None
    if bot.level is not None and not can_search(table.game, table.rules):
        raise CliError(f"{bot}：{table.game.name} 的引擎不支持搜索机器人",
                       f"{bot}: {table.game.name} cannot be searched (no resample)")
    return str(bot)


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in a match seeded with ``seed``."""
    return derive_seed(seed, "bot", seat)


def make_bots(table: Table, plan: dict[int, str], seed: int, capped: bool = False,
              paced: bool = False) -> dict[int, Agent]:
    """The bots of ``plan``; ``capped``: search bots with their level's wall-time cap
    (:data:`huapai.bots.search.WAIT_SECONDS`); ``paced``: search bots answering every
    decision at their level's pace (:mod:`huapai.bots.pace`) — both for a person
    waiting on them."""
    try:
        specs = {seat: parse_spec(name, table.game, rollouts=True) for seat, name in plan.items()}
        agents = {seat: spec.make(table.game, table.rules, seat, bot_seed(seed, seat), capped)
                  for seat, spec in specs.items()}
    except (UnknownBot, ValueError) as exc:
        raise CliError(said(exc)) from None
    if paced:
        for seat, agent in agents.items():
            level = specs[seat].level
            if isinstance(agent, SearchBot) and level is not None:
                agents[seat] = PacedBot(agent, pace_of(level),
                                        window=pace_of(level, window=True))
    return agents


def check_seat(table: Table, seat: int) -> None:
    if not 0 <= seat < table.seats:
        raise bad_seat(seat, table.seats)


def bad_seat(seat: int, seats: int) -> CliError:
    """``--seat`` names no seat of a table of ``seats``."""
    return CliError(f"--seat {seat} 不是座位：可选 0..{seats - 1}",
                    f"--seat {seat} is not a seat: choose 0..{seats - 1}")


def check_positive(option: str, value: int) -> None:
    if value < 1:
        raise CliError(too_few(option, value))


SCORES = ("money", "worth")
"""What a seat scores in ``simulate`` and ``arena``: the deal's money (its settlement) or
``game.worth`` (under 钵福 the 算盘's standing besides the money, which moves only at
得一钵)."""


def bad_score(score: str) -> Msg | None:
    """Why ``--score`` cannot be ``score`` (None: it can)."""
    if score in SCORES:
        return None
    return Msg.of("bad_score", "--score 只能是 {zh}，不是「{score}」",
                  "--score is {en}, not {score!r}", zh=" 或 ".join(SCORES),
                  en=" or ".join(SCORES), score=score)


def worth_notes(worth: WorthUnit, score: str, lang: Lang) -> list[str]:
    """What the figures count in, for a game whose money leaves something out (钵福): by
    money (and what ``--score worth`` would count), or by its worth; none where the worth
    is the money (the arena's and ``simulate``'s)."""
    if worth.note is None:
        return []
    zh = lang == "zh"
    if score == "money":
        head = (f"按钱计分，而这种玩法一局的钱不是它的全部；--score worth 按{worth.unit.zh}计："
                if zh else "scored by money, which is not all a deal is worth here; "
                f"--score worth scores {worth.unit.en}:")
    else:  # --score worth: say what the figures are
        head = f"按{worth.unit.zh}计分：" if zh else f"scored in {worth.unit.en}:"
    return [head, worth.note.zh if zh else worth.note.en]

def check_score(score: str) -> None:
    bad = bad_score(score)
    if bad is not None:
        raise CliError(bad)


def too_few(option: str, value: int) -> Msg:
    """``option`` counts something and must be at least 1, not ``value``."""
    return Msg.of("too_few", "{option} 至少要 1，不能是 {value}",
                  "{option} must be at least 1, got {value}", option=option, value=value)


def os_problem(exc: OSError) -> str:
    """Why a file could not be read or written, in Chinese (the system says it in English)."""
    if isinstance(exc, PermissionError):
        return "没有权限"
    return f"系统错误号 {exc.errno}" if exc.errno is not None else "系统错误"


def check_record_path(path: Path, fresh: bool = True, resumable: bool = False) -> None:
    """Refuse a record path that cannot be written, before any game is played; ``fresh``:
    also one that would overwrite a record — the file, or a later match's beside it
    (FILE-2, FILE-3…: a match record silently replaced, a researcher's play-test).
    ``resumable``: the command (``play``) can go on with a stopped match, so the refusal
    says how (simulate and arena said it too, and have no ``--resume``)."""
    if path.is_dir():
        raise CliError(f"--record {path}：这是一个文件夹", f"--record {path}: is a directory")
    if not path.parent.is_dir():
        raise CliError(f"--record {path}：文件夹 {path.parent} 不存在",
                       f"--record {path}: folder {path.parent} does not exist")
    there = _records_at(path) if fresh else []
    if not there:
        return
    if there[0] == path:
        zh, en = "这个文件已经有了", "the file exists"
    else:  # a later match's record, beside it
        zh = f"后面一场要写的 {there[0].name} 已经有了"
        en = f"{there[0].name}, where a later match would go, exists"
    zh_resume = f"；接着打中断的那一场用 --resume {path}" if resumable else ""
    en_resume = f"; to go on with a stopped match, --resume {path}" if resumable else ""
    raise CliError(
        f"--record {path}：{zh}，不覆盖（换个文件名，或先删掉它{zh_resume}）",
        f"--record {path}: {en} and is not overwritten (choose another name or remove it"
        f"{en_resume})")


def match_file(path: Path, number: int) -> Path:
    """The record file of the run's match ``number`` (0: ``path`` itself; then
    ``STEM-2.SUFFIX``, ``STEM-3.SUFFIX``…, as :func:`_records_at` finds them)."""
    return path if number == 0 else path.with_name(f"{path.stem}-{number + 1}{path.suffix}")


def _records_at(path: Path) -> list[Path]:
    """The files a run recording to ``path`` would write that are there already: ``path``
    and its later matches' (:func:`match_file`)."""
    later = re.compile(re.escape(path.stem) + r"-(?:[2-9]|[1-9]\d+)" + re.escape(path.suffix))
    found = [p for p in path.parent.iterdir() if later.fullmatch(p.name)]
    return ([path] if path.exists() else []) + sorted(found)


def save_record(path: Path, lines: Iterable[Mapping[str, Any]]) -> None:
    """Write a record file; the system's refusal is a :class:`CliError` naming the path."""
    try:
        record.write(path, lines)
    except OSError as exc:
        raise CliError(f"--record {path}：写不进去（{os_problem(exc)}）",
                       f"--record {path}: {exc.strerror or exc}") from None


def emit_json(data: Any) -> None:
    """Machine-readable output: one JSON document on stdout, nothing else."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
