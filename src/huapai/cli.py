"""The ``huapai`` command line: play, simulate, replay and rules for every game.

The commands are thin: options are checked in ``cli_support.setup``, the work is done in
``cli_support.play`` / ``simulate`` / ``replay`` / ``rules_view``, and any game draws its
table through the renderer its manifest names (``cli_support.render``); the calculator
commands (``huapai score GAME …``) are built from the manifests' typed specs
(``cli_support.calculators``). Every mistake a user can
make ends in a one-line explanation and exit status 1 (2 for a malformed command line,
from typer itself); never a traceback. Set ``HUAPAI_DEBUG=1`` to see one for a bug.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from huapai.core.manifest import ManifestError
from huapai.core.registry import manifests
from huapai.core.session import Agent

from .arena import command as arena_cmd
from .cli_support.calculators import add_calculator_commands
from .cli_support.drill import run_drill
from .cli_support.families import check_front_ends
from .cli_support.howto_view import run_howto
from .cli_support.i18n import tr
from .cli_support.play import run_play
from .cli_support.replay import run_replay
from .cli_support.resume import PlayPlan, bots_around, given_option, resumed_play
from .cli_support.review import run_review
from .cli_support.rules_view import run_rules
from .cli_support.runtime import console as _console
from .cli_support.runtime import guard as _guard
from .cli_support.runtime import parse_lang as _lang
from .cli_support.setup import (
    DEFAULT_GAME,
    bot_plan,
    check_positive,
    check_record_path,
    check_score,
    check_seat,
    emit_json,
    load_table,
    make_bots,
)
from .cli_support.simulate import Simulation, report_json, report_table
from .cli_support.usage import LocalCommand, LocalGroup

app = typer.Typer(
    name="huapai",
    cls=LocalGroup,
    help="花牌 / 字牌：对局、模拟、复盘、查规则（只计分，不涉钱）。 / play, simulate, replay, "
         "read the rules (points only, never money).",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)

GameArg = Annotated[str, typer.Argument(help="游戏，如 xianniu 或 掀牛 / game, e.g. xianniu")]
PresetOpt = Annotated[str | None, typer.Option(
    "--preset", "-p", help="预设规则，如 fengxiang 或 凤翔，默认该游戏的第一个 / rule preset, "
    "default the game's first")]
PlayersOpt = Annotated[int | None, typer.Option("--players", help="人数 / seats, e.g. 4 or 5 "
                                                "for xianniu --preset fengxiang")]
RuleOpt = Annotated[list[str] | None, typer.Option("--rule", "-r",
                                                   help="改一个规则选项 / override an option: "
                                                   "KEY=VALUE")]
LangOpt = Annotated[str, typer.Option("--lang", help="zh（中文，默认）或 / or en")]
JsonOpt = Annotated[bool, typer.Option("--json", help="输出 JSON / print one JSON object")]
SeedOpt = Annotated[int, typer.Option("--seed", help="种子 / seed of the whole run")]


@app.command(cls=LocalCommand)
def play(
    ctx: typer.Context,
    game: GameArg = DEFAULT_GAME,
    preset: PresetOpt = None,
    seat: Annotated[int, typer.Option("--seat", help="你的座位 / your seat")] = 0,
    seed: Annotated[int | None, typer.Option("--seed", help="种子，默认随机并显示 / match "
                                             "seed, default a fresh one, shown")] = None,
    deals: Annotated[int | None, typer.Option("--deals", help="局数，默认与人数相同（钵福："
                                              "打到得一钵）/ deals, default as many as "
                                              "seats (钵福: until 得一钵)")] = None,
    bots: Annotated[str | None, typer.Option("--bots", help="其他座位的机器人，逗号分隔或一个 "
                                             "/ bots for the other seats, comma-separated or "
                                             "one for all (default heuristic, else "
                                             "random); search:入门|普通|高手|大师 picks "
                                             "the search bot's level")] = None,
    lang: LangOpt = "zh",
    record: Annotated[Path | None, typer.Option(
        "--record", help="把对局记录写到文件（再来一场写到 FILE-2…）/ write the match record "
        "(JSON lines; another match to FILE-2…)")] = None,
    players: PlayersOpt = None,
    rule: RuleOpt = None,
    full_budget: Annotated[bool, typer.Option(
        "--full-budget",
        help="搜索机器人想完整个预算，不限时（同一种子走法相同；想得比本级用时久的一步会晚到）/"
        " search bots use their whole iteration budget, without the level's "
        "time cap (the same moves for the same --seed; a decision that takes longer than "
        "the level's pace answers late)")] = False,
    resume: Annotated[Path | None, typer.Option(
        "--resume", help="接着打一场中断的对局：--record 写的文件（游戏、规则、种子、座位都从"
        "文件来，接着写回这个文件）/ go on with a match stopped midway: a file written by "
        "--record (game, rules, seed and seats come from it; it is written on)")] = None,
) -> None:
    """和机器人打一整场；只写 huapai play 就是掀牛兰州。 / Play a match against bots."""
    language = _lang(lang)
    with _guard(language):
        if resume is not None:
            given = [name for name in ("game", "preset", "seed", "deals", "players", "rule",
                                       "record", "seat", "bots") if given_option(ctx, name)]
            chosen = resumed_play(resume, language, given, seat, bots)
        else:
            table = load_table(game, preset, players, rule or ())
            check_seat(table, seat)
            n_deals = deals if deals is not None else (
                table.game.default_deals(table.rules) or table.seats)  # 钵福: until 得一钵
            check_positive("--deals", n_deals)
            if record is not None:
                check_record_path(record, resumable=True)
            match_seed = secrets.randbelow(1_000_000) if seed is None else seed
            chosen = PlayPlan(table, seat, bots_around(table, bots, seat), match_seed, n_deals,
                              record)
        plan, table = chosen.bots, chosen.table
        def agents(for_seed: int) -> dict[int, Agent]:
            return make_bots(table, plan, for_seed, capped=not full_budget, paced=True)

        code = run_play(table, me=chosen.seat, bots=plan, make_agents=agents, seed=chosen.seed,
                        deals=chosen.deals, lang=language, console=_console(),
                        record_path=chosen.record, resumed=chosen.resumed)
    raise typer.Exit(code)


@app.command(cls=LocalCommand)
def simulate(
    game: GameArg = DEFAULT_GAME,
    preset: PresetOpt = None,
    games: Annotated[int, typer.Option("--games", "--deals", "-n",
                                       help="局数 / deals to play")] = 100,
    bots: Annotated[str | None, typer.Option("--bots", help="每个座位一个机器人，逗号分隔 / "
                                             "one bot per seat, or one for all")] = None,
    seed: SeedOpt = 0,
    as_json: JsonOpt = False,
    players: PlayersOpt = None,
    rule: RuleOpt = None,
    lang: LangOpt = "zh",
    record: Annotated[Path | None, typer.Option(
        "--record", help="把对局记录写到文件（钵福的下一场写到 FILE-2…）/ write the match "
        "record (JSON lines; a later 钵福 match to FILE-2…)")] = None,
    score: arena_cmd.ScoreOpt = "money",
) -> None:
    """机器人打 N 局，报告各座位平均分等 / Bots play N deals; per-seat results."""
    language = _lang(lang)
    with _guard(language):
        table = load_table(game, preset, players, rule or ())
        check_positive("--games", games)
        if record is not None:
            check_record_path(record)
        check_score(score)
        plan = bot_plan(table, bots, list(range(table.seats)))
        sim = Simulation(table, plan, make_bots(table, plan, seed), games, seed, record, score)
        if as_json:
            emit_json(report_json(sim, sim.run()))
            return
        console = _console()
        progress = Progress(TextColumn(tr("progress", language)), BarColumn(),
                            MofNCompleteColumn(), TimeElapsedColumn(),
                            console=Console(stderr=True), transient=True)
        with progress:
            task = progress.add_task("sim", total=games)
            tally = sim.run(lambda: progress.advance(task))
        report_table(sim, tally, language, console)


@app.command(cls=LocalCommand)
def replay(
    file: Annotated[Path, typer.Argument(help="记录文件 / a record file (JSON lines)")],
    as_json: JsonOpt = False,
    lang: LangOpt = "zh",
) -> None:
    """复盘：逐步检查记录并显示过程和结算 / Check and show a record."""
    language = _lang(lang)
    with _guard(language):
        code = run_replay(file, as_json=as_json, lang=language, console=_console())
    raise typer.Exit(code)


@app.command(cls=LocalCommand)
def drill(
    count: Annotated[int, typer.Option("--count", "-n", help="题数 / questions")] = 20,
    seed: Annotated[int | None, typer.Option("--seed", help="种子 / seed")] = None,
    lang: LangOpt = "zh",
) -> None:
    """钵福报数练习：说出一组牌是几个钱，看算盘怎么动 / 钵福 报数 practice."""
    language = _lang(lang)
    with _guard(language):
        check_positive("--count", count)
        code = run_drill(_console(), language, seed, count)
    raise typer.Exit(code)


@app.command(cls=LocalCommand)
def rules(
    game: GameArg = DEFAULT_GAME,
    preset: PresetOpt = None,
    players: PlayersOpt = None,
    rule: RuleOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = "zh",
) -> None:
    """列出全部规则选项及出处 / List every rule option with its source."""
    language = _lang(lang)
    with _guard(language):
        table = load_table(game, preset, players, rule or ())
        run_rules(table, as_json=as_json, lang=language, console=_console())


@app.command(cls=LocalCommand)
def howto(
    game: GameArg = DEFAULT_GAME,
    preset: PresetOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = "zh",
) -> None:
    """玩法说明：牌、一手怎么打、怎么赢、算分，和各玩法的不同 / How to play."""
    language = _lang(lang)
    with _guard(language):
        run_howto(game, preset, as_json=as_json, lang=language, console=_console())


@app.command(cls=LocalCommand)
def serve(
    host: Annotated[str, typer.Option("--host", help="监听地址 / address to listen on")] = (
        "127.0.0.1"),
    port: Annotated[int, typer.Option("--port", min=1, max=65535,
                                      help="端口 / port")] = 8000,
    database_url: Annotated[str | None, typer.Option(
        "--database-url", envvar="HUAPAI_DATABASE_URL",
        help="数据库，默认内置 SQLite / database URL, default embedded SQLite "
             "(postgresql://… for PostgreSQL)")] = None,
    data_dir: Annotated[Path | None, typer.Option(
        "--data-dir", help="数据目录 / where the SQLite file lives (default: the user data "
                           "directory)")] = None,
    workers: Annotated[int, typer.Option(
        "--workers", min=1, help="工作进程数 / worker processes on this port (more than 1 "
                                 "needs --redis-url and PostgreSQL; docs/deploy.md)")] = 1,
    redis_url: Annotated[str | None, typer.Option(
        "--redis-url", envvar="HUAPAI_REDIS_URL",
        help="Redis：多个工作进程之间传消息 / Redis between several workers "
             "(redis://host:6379/0)")] = None,
    lease_ttl: Annotated[float, typer.Option(
        "--lease-ttl", help="房间租约秒数 / seconds a room's ownership lease lasts "
                            "unless renewed (the take-over time after a crash)")] = 5.0,
    rule_files: Annotated[Path | None, typer.Option(
        "--rule-files", envvar="HUAPAI_RULE_FILES",
        help="规则文件夹：房间可选其中的文件，如牌社改过的名堂表 / a folder whose files "
             "rooms may name in a rule option that names a file (a club's 名堂 table)")] = None,
) -> None:
    """开服：大厅、房间、浏览器对局、复盘 / Serve the platform: lobby, rooms, browser play."""
    from huapai.server.serve import serve as run_server

    with _guard("zh"):
        run_server(host, port, database_url, str(data_dir) if data_dir is not None else None,
                   workers=workers, redis_url=redis_url, lease_ttl=lease_ttl,
                   rule_files=str(rule_files) if rule_files is not None else None)


@app.command(cls=LocalCommand)
def verify(
    record: Annotated[Path, typer.Argument(help="对局记录 / a game record from the server")],
    lang: LangOpt = "zh",
) -> None:
    """验证洗牌公平：种子与开局承诺一致且发出同样的牌（退出码：0 通过，1 失败，3 没有承诺可验）/
    Check a record's fair shuffle (exit 0 verified, 1 failed, 3 no commitment to check)."""
    from .cli_support.verify import run_verify

    language = _lang(lang)
    with _guard(language):
        code = run_verify(record, language, _console())
    raise typer.Exit(code)


def _start_up() -> ManifestError | None:
    """The calculator commands of every family; a misdeclared family is kept to report."""
    try:
        add_calculator_commands(app, manifests().values())
    except ManifestError as exc:
        return exc
    return None


_STARTUP_ERROR = _start_up()


@app.callback()
def _check_families() -> None:
    """Every family's manifest, engine, bots, renderer and calculators load, or the command
    stops here naming the family and what is wrong."""
    with _guard("zh"):
        if _STARTUP_ERROR is not None:
            raise _STARTUP_ERROR
        check_front_ends()


@app.command(cls=LocalCommand)
def arena(
    bots: arena_cmd.BotsOpt,
    game: GameArg = DEFAULT_GAME,
    preset: PresetOpt = None,
    deals: arena_cmd.DealsOpt = 20,
    seed: SeedOpt = 0,
    workers: arena_cmd.WorkersOpt = 1,
    ray: arena_cmd.RayOpt = None,
    plot: arena_cmd.PlotOpt = None,
    score: arena_cmd.ScoreOpt = "money",
    as_json: JsonOpt = False,
    players: PlayersOpt = None,
    rule: RuleOpt = None,
    record: arena_cmd.RecordOpt = None,
    lang: LangOpt = "zh",
) -> None:
    """复式对战：同样的牌按每种座次各打一遍，比较机器人 / Duplicate arena for bots."""
    language = _lang(lang)
    with _guard(language):
        setup, chosen = arena_cmd.build_setup(game, preset, players, rule or [], bots, seed,
                                              score, record)
        arena_cmd.run(setup, chosen, deals=deals, workers=workers, ray=ray, as_json=as_json,
                      plot=plot, lang=language, console=_console(), record=record)


@app.command(cls=LocalCommand)
def review(
    record: Annotated[Path, typer.Argument(help="对局记录 / a game record (JSON lines)")],
    seat: Annotated[int, typer.Option("--seat", help="复盘哪个座位 / the seat to review")],
    level: Annotated[str, typer.Option("--level", help="搜索强度 / search level: 入门 普通 "
                                       "高手 大师 (beginner normal expert master)")] = "普通",
    seed: Annotated[int, typer.Option("--seed", help="搜索种子 / search seed")] = 0,
    as_json: JsonOpt = False,
    lang: LangOpt = "zh",
) -> None:
    """复盘分析：搜索机器人只用该座位的信息评估每一步 / AI review of one seat's moves."""
    language = _lang(lang)
    with _guard(language):
        run_review(record, seat=seat, level=level, seed=seed, as_json=as_json, lang=language,
                   console=_console())


def main() -> None:
    """Entry point of the ``huapai`` script."""
    app()


if __name__ == "__main__":
    main()
