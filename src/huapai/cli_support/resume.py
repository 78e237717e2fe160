"""``huapai play --resume FILE``: a match stopped midway (Ctrl-C, ``q``) picked up from its
record — every deal replayed and checked as ``huapai replay`` checks it, the settled ones
finished, the unfinished one taken up at its last action, everyone seated as before (the
match header's ``players``: ``"you"`` and the bots' names). A terminal player could only
start the match again (a 秀山 play-test)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from huapai.core.match import Match
from huapai.core.registry import get_game

from .i18n import Lang
from .replay import read_record, replay_all
from .setup import CliError, Table, bot_plan, check_record_path, check_seat, default_preset

#: the person at the terminal, in a match header's ``players``
YOU = "you"


@dataclass(frozen=True, slots=True)
class Resumed:
    """What a record says of the match to go on with."""

    table: Table
    #: the match as the record leaves it (its unfinished deal current, if any; its seed
    #: and deals the header's)
    match: Match
    #: the seat and the bots as they sat (None: the record does not say; the options do)
    seat: int | None
    bots: dict[int, str] | None


def load_resumed(path: Path, lang: Lang) -> Resumed:
    """The match ``path`` holds, checked to be one that can go on (a CliError says why not)."""
    replays, deals, header, problem = replay_all(read_record(path), lang)
    if problem is not None:
        raise CliError(f"--resume {path}：接不上（{problem.message}）",
                       f"--resume {path}: cannot go on ({problem.message})")
    if header is None:
        raise CliError(f"--resume {path}：没有对局头，不是 huapai play --record 写的整场记录",
                       f"--resume {path}: no match header; not a whole match written by "
                       "huapai play --record")
    seed, planned = header.get("seed"), header.get("deals")
    if not isinstance(seed, int) or not isinstance(planned, int) or planned < 1:
        raise CliError(f"--resume {path}：对局头缺少种子或局数",
                       f"--resume {path}: the match header lacks its seed or its deals")
    game = get_game(str(header.get("game")))
    preset = header.get("preset")
    table = Table(game, replays[-1].rules,
                  preset if isinstance(preset, str) and preset in game.presets()
                  else default_preset(game), named=True)
    seat, bots = _players(header.get("players"), table.seats)
    match = Match.resume(game, table.rules, planned, seed, deals, preset=table.preset)
    if match.finished:
        raise CliError(f"--resume {path}：这一场已经打完了（{len(match.settlements)} 局），"
                       "用 huapai replay 看",
                       f"--resume {path}: this match is over ({len(match.settlements)} "
                       "deals); see it with huapai replay")
    return Resumed(table, match, seat, bots)


def _players(value: Any, seats: int) -> tuple[int | None, dict[int, str] | None]:
    """The seat marked ``you`` and the others' bots, from a header's ``players``; (None,
    None) where it is missing or does not fit the table (a record from elsewhere)."""
    if not _fits(value, seats):
        return None, None
    names: Sequence[str] = value
    me = names.index(YOU)
    return me, {s: name for s, name in enumerate(names) if s != me}


def _fits(value: Any, seats: int) -> bool:
    return (isinstance(value, list) and len(value) == seats
            and all(isinstance(v, str) and v for v in value) and value.count(YOU) == 1)


def players_of(me: int, bots: dict[int, str], seats: int) -> list[str]:
    """A match header's ``players`` for this table."""
    return [YOU if s == me else bots.get(s, "") for s in range(seats)]


@dataclass(frozen=True, slots=True)
class PlayPlan:
    """A ``huapai play``'s table, seats, seed, deals and record file, new or resumed."""

    table: Table
    seat: int
    bots: dict[int, str]
    seed: int
    deals: int
    record: Path | None
    resumed: Match | None = None


def given_option(ctx: typer.Context, name: str) -> bool:
    """Whether the command line named ``name`` (not its default)."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name == "COMMANDLINE"


def resumed_play(path: Path, lang: Lang, given: Sequence[str], seat: int,
                 bots: str | None) -> PlayPlan:
    """``--resume FILE``'s plan: everything from the file, which is written on. Options
    the file settles are refused by name (``--seat`` and ``--bots`` only where it says
    who sat where); a file without ``players`` takes them from the options."""
    resumed = load_resumed(path, lang)
    told = [n for n in given if n not in ("seat", "bots") or resumed.seat is not None]
    if told:
        names = " ".join("GAME" if n == "game" else f"--{n}" for n in told)
        raise CliError(f"--resume 的游戏、规则、种子、局数和座位都从记录来，接着写回这个文件；"
                       f"不能再给 {names}",
                       f"--resume takes the game, rules, seed, deals and seats from the "
                       f"record and writes on into it; drop {names}")
    table, match = resumed.table, resumed.match
    me = resumed.seat if resumed.seat is not None else seat
    check_seat(table, me)
    plan = resumed.bots if resumed.bots is not None else bots_around(table, bots, me)
    check_record_path(path, fresh=False)  # written on: it is the record being resumed
    return PlayPlan(table, me, plan, match.seed, match.deals, path, match)


def bots_around(table: Table, bots: str | None, me: int) -> dict[int, str]:
    """The bots of every seat but ``me``'s (``--bots``: one name for all, or one per seat)."""
    return bot_plan(table, bots, [s for s in range(table.seats) if s != me])
