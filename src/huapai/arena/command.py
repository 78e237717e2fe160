"""``huapai arena``: the duplicate arena on the command line."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.progress import TimeRemainingColumn as Remaining

from huapai.bots.levels import BadSpec
from huapai.bots.registry import UnknownBot
from huapai.cli_support.i18n import Lang
from huapai.cli_support.setup import (
    CliError,
    check_record_path,
    emit_json,
    load_table,
    refused,
    save_record,
)
from huapai.core.present import count_en

from . import ArenaError, Setup, Tally, check, run_arena
from .plot import write_svg
from .report import report_json, report_table, table_title

BotsOpt = Annotated[str, typer.Option(
    "--bots", help="每个座位一个机器人 name[:level]，逗号分隔 / one bot spec per seat, "
                   "comma-separated, e.g. search:高手,heuristic,heuristic")]
DealsOpt = Annotated[int, typer.Option("--deals", "-n", help="副牌数 / deals (each played "
                                       "in every seat arrangement)")]
WorkersOpt = Annotated[int, typer.Option("--workers", "-j", help="本机进程数 / local "
                                         "worker processes")]
RayOpt = Annotated[str | None, typer.Option("--ray", help="Ray 集群地址 / run on the Ray "
                                            "cluster at ADDRESS (needs the ray extra)")]
ScoreOpt = Annotated[str, typer.Option(
    "--score", help="按什么计分 / what a seat scores: money (the deal's settlement) or worth "
                    "(the search's reward: under 钵福 the 算盘's standing besides the money, "
                    "which moves only at 得一钵)")]
PlotOpt = Annotated[Path | None, typer.Option("--plot", help="把累计差值曲线写成 SVG / "
                                              "write the running difference as SVG")]
RecordOpt = Annotated[Path | None, typer.Option(
    "--record", help="把每副牌每种座次的记录写到文件（可以 replay / review）/ write every "
                     "deal in every arrangement as a record (for replay / review)")]


def build_setup(game: str, preset: str | None, players: int | None, rules: list[str],
                bots: str, seed: int, score: str = "money",
                record: Path | None = None) -> tuple[Setup, str]:
    """The run the options describe, checked (CliError names the bad option)."""
    table = load_table(game, preset, players, rules)
    if record is not None:
        check_record_path(record)
    specs = tuple(s.strip() for s in bots.split(","))
    setup = Setup(table.game.name, table.game.rules_to_dict(table.rules), specs, seed, score,
                  record is not None)
    try:
        setup.bots  # noqa: B018 - parse every spec now, before any deal
    except (BadSpec, UnknownBot) as exc:
        raise refused("--bots", exc) from None
    return setup, table.preset


def run(setup: Setup, preset: str, *, deals: int, workers: int, ray: str | None,
        as_json: bool, plot: Path | None, lang: Lang, console: Console,
        record: Path | None = None) -> None:
    """Run the arena and print its result (JSON on stdout, or a table); ``record``: the
    file the deals' records go to."""
    try:
        check(setup, deals, workers, ray)
        if plot is not None and not plot.parent.is_dir():
            raise ArenaError(f"--plot {plot}：文件夹 {plot.parent} 不存在",
                             f"--plot {plot}: folder {plot.parent} does not exist")
        start = time.perf_counter()
        tally = _with_progress(setup, deals, workers, ray, lang, quiet=as_json)
    except ArenaError as exc:
        raise CliError(exc.msg) from None
    if record is not None:  # each deal names its preset, as play's records do
        save_record(record, ({**line, "preset": preset} if line.get("type") == "deal"
                             else line for line in tally.records))
    if plot is not None:
        table = table_title(tally, preset, lang)
        write_svg(plot, tally.entrants, f"{table}：累计差值，95% 区间" if lang == "zh" else
                  f"{table}: running diff, 95% interval", lang)
    if as_json:
        emit_json(report_json(tally, preset))
        return
    report_table(tally, preset, lang, console)
    seconds = time.perf_counter() - start
    console.print(f"共 {tally.games} 局，{seconds:.1f} 秒" if lang == "zh" else
                  f"{count_en(tally.games, 'game', 'games')} in {seconds:.1f} s")


def _with_progress(setup: Setup, deals: int, workers: int, ray: str | None, lang: Lang,
                   quiet: bool) -> Tally:
    """Run with a progress bar on stderr when stderr is a terminal (``quiet``, for
    ``--json``, only when it is not: the JSON on stdout stays clean either way, and a
    long run sent to a file still shows how far it is)."""
    label = "复式对战" if lang == "zh" else "arena"
    console = Console(stderr=True)
    progress = Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), Remaining(), console=console,
                        transient=True, disable=quiet and not console.is_terminal)
    with progress:
        task = progress.add_task(label, total=deals)
        return run_arena(setup, deals, workers=workers, ray=ray,
                         tick=lambda n: progress.advance(task, n))
