"""Load generator for ``huapai serve``: real WebSocket clients at a person's pace, or with
no think time at all.

Starts the server (``huapai serve``, ``--workers N`` when N > 1) on a free loopback port
with a throwaway SQLite database — or drives one already running (``--port``, with
``--pid`` for its CPU and memory) — and measures, in one run:

1. the **echo baseline**: the same stack's bare WebSocket echo (``/ws/echo``, enabled by
   ``HUAPAI_BENCH_ECHO=1``), closed loops with a state-sized frame: CPU per echo message;
2. the **platform**: rooms of 3 people (3 WebSockets each, 掀牛 ``lanzhou``) who think
   (``--think``: a distribution, default lognormal with a mean of 3 s per action) and act,
   and say ``ready`` between deals; rooms are added in steps (``--rooms`` cumulative
   counts, or ``--ramp START:STOP:STEP``) until p99 from an action to every seat's update
   passes ``--p99-ms`` or errors appear. Per step: p50 / p99, actions per second, errors,
   server CPU per action (its process tree, ``/proc``), the load generator's own CPU and
   the server's memory per room.

The rooms live in ``--client-procs`` client processes (asyncio, many rooms each) so the
generator is not the bottleneck. Usage::

    python -m bench.bench_server --ramp 1000:6000:1000 --client-procs 2
    python -m bench.bench_server --think 0 --rooms 300 --seconds 20
    python -m bench.bench_server --think 0 --rooms 300 --workers 2
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from bench.load.ramp import Clients, Ramp, Result, echo_step, overhead, report
from bench.load.servers import (
    Processes,
    free_port,
    fresh_database,
    raise_file_limit,
    start_server,
    wait_up,
)
from bench.load.think import parse_think

MAX_ROOMS = 6000  # 3 sockets a room on each side, under the 20 000 descriptors allowed


def rooms_steps(text: str) -> list[int]:
    """``START:STOP:STEP`` (a ramp) or ``A,B,C`` (cumulative rooms per step)."""
    try:
        if ":" in text:
            start, stop, step = (int(x) for x in text.split(":"))
            steps = list(range(start, stop + 1, step)) if step > 0 else []
        else:
            steps = [int(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected A,B,C or START:STOP:STEP") \
            from None
    if not steps or any(b <= a for a, b in itertools.pairwise(steps)) \
            or steps[0] < 1 or steps[-1] > MAX_ROOMS:
        raise argparse.ArgumentTypeError(
            f"{text!r}: steps must rise, from 1 to at most {MAX_ROOMS} rooms")
    return steps


def think_arg(text: str) -> Any:
    try:
        return parse_think(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--rooms", type=rooms_steps, default=None,
                   help="rooms live at each step, cumulative (e.g. 500 or 1000,2000,3000)")
    p.add_argument("--ramp", type=rooms_steps, default=None,
                   help="START:STOP:STEP rooms (the same as --rooms with every step)")
    p.add_argument("--think", type=think_arg, default=parse_think("lognormal:3"),
                   help="think time per action: 0, const:S, exp:MEAN, "
                        "lognormal:MEAN[:SIGMA] (default lognormal:3), uniform:LOW:HIGH")
    p.add_argument("--seconds", type=float, default=20.0, help="seconds measured per step")
    p.add_argument("--warmup", type=float, default=None,
                   help="seconds between adding rooms and measuring (default 2 + 2×mean)")
    p.add_argument("--p99-ms", type=float, default=100.0, help="a step passes at p99 ≤ this")
    p.add_argument("--client-procs", type=int, default=1, help="load-generator processes")
    p.add_argument("--workers", type=int, default=1,
                   help="start the server with `huapai serve --workers N` (N > 1)")
    p.add_argument("--serve-arg", action="append", default=[],
                   help="one more argument for `huapai serve` (repeatable)")
    p.add_argument("--postgres", metavar="ADMIN_URL",
                   help="serve from a fresh PostgreSQL database made (and dropped) through "
                        "this URL, instead of a throwaway SQLite file")
    p.add_argument("--redis-url", help="pass --redis-url to huapai serve (workers > 1)")
    p.add_argument("--server-src", type=Path,
                   help="serve the huapai package in this directory (before/after runs)")
    p.add_argument("--echo-loops", type=int, default=500,
                   help="echo baseline loops (0: none)")
    p.add_argument("--echo-seconds", type=float, default=None,
                   help="echo seconds (default --seconds)")
    p.add_argument("--payload", type=int, default=1500, help="echo frame bytes")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--deals", type=int, default=64,
                   help="deals per match (a room's owner starts the next match at its end)")
    p.add_argument("--port", type=int, help="drive a server already on this port")
    p.add_argument("--pid", type=int, help="that server's pid (its tree is counted)")
    p.add_argument("--count-pid", type=int, action="append", default=[],
                   help="a service the server uses (Redis, PostgreSQL's postmaster: its "
                        "tree): its CPU is reported beside the server's (repeatable)")
    p.add_argument("--json", type=Path, help="write the results here")
    p.add_argument("--server-log", type=Path, help="keep the server's output here")
    p.add_argument("--profile", type=Path,
                   help="run the server under cProfile (CPU time, event-loop thread) for "
                        "each measured window; the last window's profile is written here")
    return p


def check(p: argparse.ArgumentParser, args: argparse.Namespace) -> list[int]:
    steps: list[int] = args.ramp or args.rooms or [500]
    if args.ramp and args.rooms:
        p.error("give --rooms or --ramp, not both")
    if not 1 <= args.seconds <= 600 or not 1 <= args.client_procs <= 16:
        p.error("seconds must be 1..600 and client-procs 1..16")
    if not 1 <= args.workers <= 16 or not 0 <= args.echo_loops <= 5000:
        p.error("workers must be 1..16 and echo-loops 0..5000")
    if not 1 <= args.deals <= 64:
        p.error("deals must be 1..64 (the server's limit)")
    if (args.profile or args.server_src) and args.port:
        p.error("--profile and --server-src start their own server: leave out --port")
    if args.server_src and not (args.server_src / "huapai" / "__init__.py").is_file():
        p.error(f"--server-src {args.server_src}: no huapai package there")
    if args.warmup is not None and not 0 <= args.warmup <= 600:
        p.error("warmup must be 0..600 seconds")
    return steps


def measure(args: argparse.Namespace, steps: Sequence[int], port: int,
            server: Processes, services: Processes) -> list[Result]:
    clients = Clients(args.client_procs, port, args.seed)
    results: list[Result] = []
    try:
        echo = None
        if args.echo_loops:
            echo = echo_step(clients, server, args.echo_loops,
                             args.echo_seconds or args.seconds, args.payload)
            results.append(echo)
            print(report([echo]), flush=True)
        warmup = args.warmup if args.warmup is not None else 2 + 2 * args.think.mean
        ramp = Ramp(clients, server, args.think, args.seconds, warmup, args.p99_ms,
                    args.deals, server.root if args.profile else None, services)
        for rooms in steps:
            try:
                result = ramp.step(rooms)
            except RuntimeError as exc:  # rooms that could not be added: the ramp ends
                print(f"step {rooms}: {exc}", flush=True)
                results.append(_unreached(rooms, args.think.spec))
                break
            results.append(result)
            print(report([result]).splitlines()[-1], flush=True)
            if echo is not None:
                print(overhead(echo, result), flush=True)
            if not result.passed:
                break
    finally:
        clients.close()
    return results


def _unreached(rooms: int, think: str) -> Result:
    """A step whose rooms could not all be added (it fails, measuring nothing)."""
    nan = float("nan")
    return Result("platform", rooms, 0.0, 0, 0.0, nan, nan, 1, nan, nan, nan, nan, think,
                  error_codes={"rooms_not_added": 1}, passed=False)


def summary(results: Sequence[Result], workers: int, client_procs: int) -> dict[str, Any]:
    steps = [r for r in results if r.name == "platform"]
    passing = [r for r in steps if r.passed]
    echo = next((r for r in results if r.name == "echo"), None)
    best = passing[-1] if passing else None
    return {
        "workers": workers, "client_procs": client_procs,
        "rooms_held_at_limit": best.rooms if best else 0,
        "stopped_at": steps[-1].rooms if steps and not steps[-1].passed else None,
        "best_ops_per_s": max((r.ops_per_s for r in steps), default=0.0),
        "cpu_per_action_ms": best.cpu_per_op_ms if best else None,
        "cpu_per_echo_ms": echo.cpu_per_op_ms if echo else None,
        "memory_per_room_kb": best.memory_per_room_kb if best else None,
    }


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    p = parser()
    args = p.parse_args(argv)
    steps = check(p, args)
    raise_file_limit()
    # a terminated run still stops the server it started (the finally in run_all)
    before = signal.signal(signal.SIGTERM, lambda _signum, _frame: sys.exit(143))
    try:
        results = run_all(args, steps)
    finally:
        signal.signal(signal.SIGTERM, before)
    out = summary(results, args.workers, args.client_procs)
    if args.json is not None:
        args.json.write_text(json.dumps({"summary": out, "steps": [asdict(r) for r in results]},
                                        indent=2, ensure_ascii=False))
    print(f"summary: {json.dumps(out, ensure_ascii=False)}", flush=True)
    return out


def run_all(args: argparse.Namespace, steps: Sequence[int]) -> list[Result]:
    """Start the server (unless one is given), measure, stop it."""
    with contextlib.ExitStack() as stack:
        database = None
        if args.postgres:
            database = stack.enter_context(fresh_database(args.postgres))
        return run_server(args, steps, database)
    raise AssertionError("unreachable")


def run_server(args: argparse.Namespace, steps: Sequence[int],
               database: str | None) -> list[Result]:
    extra = [*args.serve_arg, *(["--redis-url", args.redis_url] if args.redis_url else [])]
    with tempfile.TemporaryDirectory(prefix="huapai-bench-") as tmp:
        proc: subprocess.Popen[bytes] | None = None
        port, pid = args.port, args.pid
        if port is None:
            port = free_port()
            proc = start_server(port, Path(tmp), args.workers, extra,
                                args.profile.resolve() if args.profile else None,
                                args.server_src.resolve() if args.server_src else None,
                                database)
            pid = proc.pid
        try:
            wait_up(port, proc)
            time.sleep(0.5)  # every worker up, not only the first to answer
            results = measure(args, steps, port, Processes(pid),
                              Processes(None, args.count_pid))
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(timeout=30)
                if args.server_log is not None:
                    shutil.copyfile(Path(tmp) / "server.log", args.server_log)
    return results


if __name__ == "__main__":
    main()
