"""From command-line options to a game, its rules and the bots at the table.

Every way an option can be wrong ends in :class:`CliError`, whose message names the
option and the value in both languages; the commands print it in the one they speak
(``--lang``) and exit with status 1, never a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from huapai.bots.levels import BadSpec, parse_spec
from huapai.bots.pace import PacedBot, pace_of
from huapai.bots.registry import UnknownBot, house_bot
from huapai.bots.search import SearchBot, can_search
from huapai.core import record
from huapai.core.present import Msg, SaidError, WorthUnit, count_en, said
from huapai.core.protocol import Game, RulesError
from huapai.core.registry import get_game, manifests
from huapai.core.rng import derive_seed
from huapai.core.rules import RulesBase, choice_named, option_named, title_matches
from huapai.core.session import Agent, AgentError

from .i18n import Lang

DEFAULT_GAME = "xianniu"


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


def load_game(name: str) -> Game[Any, Any]:
    """A game by its id, or by a piece of its Chinese name met once (秀山, 掀牛, 双别杆)."""
    try:
        return get_game(game_named(name) or name)
    except RulesError as exc:
        raise CliError(exc.msg) from None


def game_named(name: str) -> str | None:
    """The id of the game ``name`` names (its id, or a piece of its Chinese name met in
    one game only), or None."""
    if name in manifests():
        return name
    matches = title_matches(name, {n: m.title.zh for n, m in manifests().items()})
    return matches[0] if len(matches) == 1 else None


def load_game_preset(name: str, preset: str | None) -> tuple[Game[Any, Any], str | None]:
    """GAME and ``--preset`` as the commands take them: GAME names a game (then
    ``preset``, when given, is resolved in it), or, without ``--preset``, one preset of
    one game (十八福, 黄十八, bofu, 凤翔) and picks both; None: no preset was named."""
    if game_named(name) is None:
        found = preset_named(name)
        if found is not None and preset is not None:
            raise _preset_and_preset(name, found, preset)
        if found is not None:
            return get_game(found[0]), found[1]
    game = load_game(name)
    return game, resolve_preset(game, preset) if preset is not None else None


def preset_named(name: str) -> tuple[str, str] | None:
    """(game, preset) of the one preset ``name`` names among every game's: its id or its
    Chinese name (whole, without its bracketed note, or a piece met once); None if it
    names none. A name several presets answer to is refused, naming each."""
    titles = {(game, p): manifest.preset_title(p).zh for game, manifest in manifests().items()
              for p in get_game(game).presets()}
    found = [key for key in titles if key[1] == name.strip()] or title_matches(name, titles)
    if len(found) > 1:
        zh = "、".join(f"{_full_title(g, p)}（{g} --preset {p}）" for g, p in found)
        en = ", ".join(f"{g} --preset {p} ({titles[g, p]})" for g, p in found)
        raise CliError(f"「{name}」可以是几种玩法：{zh}，请写其中一个",
                       f"{name!r} could be any of these presets: {en}; give one")
    return found[0] if found else None


def _full_title(game: str, preset: str) -> str:
    manifest = manifests()[game]
    return f"{manifest.title.zh} · {manifest.preset_title(preset).zh}"


def _preset_and_preset(name: str, found: tuple[str, str], preset: str) -> CliError:
    """GAME names a preset (十八福) and ``--preset`` another word: which one is meant?"""
    game, named = found
    return CliError(f"「{name}」是{_full_title(game, named)}（{game} --preset {named}），不是游戏；"
                    f"又写了 --preset {preset}：只写其中一个",
                    f"{name!r} is a preset ({game} --preset {named}), not a game, and "
                    f"--preset {preset} names one too: give only one")


def resolve_preset(game: Game[Any, Any], name: str, strict: bool = True) -> str:
    """A preset by its id, or by a piece of its Chinese name met in one preset only
    (凤翔, 黄十八, 单别杆: a play-test typed -p 凤翔); a piece in several (兰州, 公安) is
    refused naming them, any other name listing every preset with its name (``strict``;
    else it is returned for the caller to refuse: a calculator has bases of its own)."""
    manifest = manifests().get(game.name)
    if manifest is None or name in game.presets():
        return name
    titles = {p: manifest.preset_title(p).zh for p in game.presets()}
    matches = title_matches(name, titles)
    if len(matches) > 1:
        listed = "、".join(f"{p}（{titles[p]}）" for p in matches)
        raise CliError(f"「{name}」可以是几种玩法：{listed}，请写其中一个",
                       f"{name!r} could be any of: {', '.join(matches)}; give one")
    if not matches and strict:  # each by id and name (the ids said nothing of 黄六福)
        zh = "、".join(f"{p}（{titles[p]}）" for p in game.presets())
        en = ", ".join(f"{p} = {manifest.preset_title(p).en}" for p in game.presets())
        raise CliError(f"{game.name} 没有玩法「{name}」；可选：{zh}",
                       f"unknown preset {name!r} for {game.name}; known: {en}")
    return matches[0] if matches else name


def default_preset(game: Game[Any, Any]) -> str:
    """The first preset a game lists is its main one (掀牛: lanzhou)."""
    return next(iter(game.presets()))


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


def named_overrides(game: Game[Any, Any], preset: str,
                    overrides: Mapping[str, Any]) -> dict[str, Any]:
    """``--rule`` overrides as the rules name them: an option by its id, English name or
    中文 term, a choice by its label, as ``huapai rules`` and the lobby show them
    (``报数=自己报数`` is ``baoshu=train``); a CliError names what each could be."""
    rules = game.presets().get(preset)
    if not isinstance(rules, RulesBase):  # an unknown preset is refused by the game
        return dict(overrides)
    out: dict[str, Any] = {}
    for key, value in overrides.items():
        try:
            name = option_named(type(rules), key, game.name)
            out[name] = choice_named(type(rules), name, value)
        except RulesError as exc:
            raise CliError(exc.msg) from None
    return out


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


def check_record_path(path: Path) -> None:
    """Refuse a record path that cannot be written, before any game is played."""
    if path.is_dir():
        raise CliError(f"--record {path}：这是一个文件夹", f"--record {path}: is a directory")
    if not path.parent.is_dir():
        raise CliError(f"--record {path}：文件夹 {path.parent} 不存在",
                       f"--record {path}: folder {path.parent} does not exist")


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
