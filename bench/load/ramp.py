"""The run: the echo baseline, then rooms added in steps, each step measured.

Every step adds rooms (split evenly over the client processes) to those already
playing, lets them settle (``warmup`` seconds), then measures a window of ``seconds``:
the latency from an ``act`` to every seat's update (p50 / p99 over all client
processes), actions per second, errors, the server's CPU time over the window (its whole
process tree, from ``/proc``) and so its CPU per action, the client processes' own CPU,
and the server's memory per live room. The ramp stops after the first step whose p99
passes the limit or that saw an error or lost a room; the last step that passed is the
run's capacity.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from . import client
from .client import Window
from .servers import Processes
from .think import Think


@dataclass(slots=True)
class Result:
    """One measured window: the echo baseline or one step of rooms."""

    name: str
    rooms: int
    seconds: float
    operations: int
    ops_per_s: float
    p50_ms: float
    p99_ms: float
    errors: int
    server_cpu_s: float
    client_cpu_s: float
    memory_mb: float
    load_average: float
    think: str = "—"
    memory_per_room_kb: float | None = None
    rooms_held: int | None = None
    error_codes: dict[str, int] = field(default_factory=dict)
    passed: bool | None = None
    matches_started: int = 0
    loop_cpu_s: float = float("nan")  # the servers' event-loop threads alone
    services_cpu_s: float = float("nan")  # Redis, PostgreSQL (--count-pid)

    @property
    def cpu_per_op_ms(self) -> float:
        return 1000 * self.server_cpu_s / max(1, self.operations)

    @property
    def client_cpu_per_op_ms(self) -> float:
        return 1000 * self.client_cpu_s / max(1, self.operations)


def percentile(samples: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``samples`` (seconds) in milliseconds; NaN when empty."""
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


class Clients:
    """The client processes, each serving commands (client.py) over a pipe."""

    def __init__(self, procs: int, port: int, seed: int) -> None:
        context = multiprocessing.get_context("spawn")
        self.pipes: list[Connection] = []
        self.procs: list[Any] = []
        for i in range(procs):
            mine, theirs = context.Pipe()
            proc = context.Process(target=client.main, args=(theirs, port, seed + i * 10**7),
                                   name=f"huapai-load-{i}", daemon=True)
            proc.start()
            self.pipes.append(mine)
            self.procs.append(proc)

    def __len__(self) -> int:
        return len(self.pipes)

    def call(self, commands: Sequence[tuple[Any, ...]]) -> list[Any]:
        """Send each process its command (all first, then wait): their answers."""
        for pipe, command in zip(self.pipes, commands, strict=True):
            pipe.send(command)
        answers = [pipe.recv() for pipe in self.pipes]
        for answer in answers:
            if isinstance(answer, Exception):
                raise RuntimeError(f"a client process failed: {answer!r}") from answer
        return answers

    def all(self, *command: Any) -> list[Any]:
        return self.call([command] * len(self))

    def close(self) -> None:
        for pipe, proc in zip(self.pipes, self.procs, strict=True):
            if proc.is_alive():
                try:
                    pipe.send(("stop",))
                    pipe.recv()
                except (EOFError, OSError):
                    pass
            proc.join(timeout=30)
            if proc.is_alive():
                proc.terminate()


def split(total: int, parts: int) -> list[int]:
    """``total`` as ``parts`` near-equal whole numbers."""
    return [total // parts + (1 if i < total % parts else 0) for i in range(parts)]


def echo_step(clients: Clients, server: Processes, loops: int, seconds: float,
              payload: int) -> Result:
    cpu0, mine0, t0 = server.cpu_s(), time.process_time(), time.monotonic()
    parts: list[Window] = clients.call(
        [("echo", n, seconds, payload) for n in split(loops, len(clients))])
    elapsed, cpu = time.monotonic() - t0, server.cpu_s() - cpu0
    samples = [s for w in parts for s in w.samples]
    ops = sum(w.operations for w in parts)
    return Result("echo", loops, elapsed, ops, ops / elapsed, percentile(samples, 0.5),
                  percentile(samples, 0.99), sum(w.errors for w in parts), cpu,
                  sum(w.cpu_s for w in parts) + time.process_time() - mine0,
                  server.memory_mb(), os.getloadavg()[0])


@dataclass(slots=True)
class Ramp:
    clients: Clients
    server: Processes
    think: Think
    seconds: float
    warmup: float
    p99_limit_ms: float
    deals: int = 64
    profiled: int | None = None  # a server pid under bench.load.profiled
    services: Processes | None = None  # Redis, PostgreSQL: their CPU reported apart
    live: int = 0
    errors_before: int = 0
    memory_before: float = float("nan")

    def step(self, rooms: int) -> Result:
        """Grow to ``rooms`` live rooms, settle, measure one window."""
        if self.live == 0:
            self.memory_before = self.server.memory_mb()
        adds = split(rooms - self.live, len(self.clients))
        firsts = [self.live + sum(adds[:i]) for i in range(len(adds))]
        self.clients.call([("add", f, n, self.think.spec, self.deals)
                           for f, n in zip(firsts, adds, strict=True)])
        self.live = rooms
        time.sleep(self.warmup)
        self.clients.all("reset")
        self._signal(signal.SIGUSR1)  # the profile (if any) covers this window only
        cpu0, loop0 = self.server.cpu_s(), self.server.loop_cpu_s()
        services0 = self._services_cpu()
        mine0, t0 = time.process_time(), time.monotonic()
        time.sleep(self.seconds)
        cpu, elapsed = self.server.cpu_s() - cpu0, time.monotonic() - t0
        loop = self.server.loop_cpu_s() - loop0
        services = self._services_cpu() - services0
        self._signal(signal.SIGUSR2)
        mine = time.process_time() - mine0
        parts: list[Window] = self.clients.all("collect")
        result = self._result(rooms, parts, elapsed, cpu, mine)
        result.loop_cpu_s, result.services_cpu_s = loop, services
        result.matches_started = sum(w.matches_started for w in parts)
        return result

    def _services_cpu(self) -> float:
        return float("nan") if self.services is None else self.services.cpu_s()

    def _signal(self, signum: int) -> None:
        if self.profiled is not None:
            os.kill(self.profiled, signum)

    def _result(self, rooms: int, parts: list[Window], elapsed: float, cpu: float,
                mine: float) -> Result:
        samples = [s for w in parts for s in w.samples]
        ops = sum(w.operations for w in parts)
        errors_total = sum(w.errors for w in parts)
        codes: dict[str, int] = {}
        for w in parts:
            for code, n in w.error_codes.items():
                codes[code] = codes.get(code, 0) + n
        memory = self.server.memory_mb()
        held = sum(w.rooms_held for w in parts)
        errors, self.errors_before = errors_total - self.errors_before, errors_total
        p99 = percentile(samples, 0.99)
        passed = errors == 0 and held == rooms and ops > 0 and p99 <= self.p99_limit_ms
        return Result("platform", rooms, elapsed, ops, ops / elapsed,
                      percentile(samples, 0.5), p99, errors, cpu,
                      sum(w.cpu_s for w in parts) + mine, memory, os.getloadavg()[0],
                      self.think.spec, (memory - self.memory_before) * 1024 / rooms, held,
                      codes, passed)


def report(results: Sequence[Result]) -> str:
    rows = ["| phase | rooms | think | ops/s | p50 ms | p99 ms | errors | server CPU s | "
            "server CPU ms/op | of which loop | client CPU s | memory MB | KB/room | held | "
            "load avg | pass |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        per_room = "—" if r.memory_per_room_kb is None else f"{r.memory_per_room_kb:.0f}"
        held = "—" if r.rooms_held is None else f"{r.rooms_held}/{r.rooms}"
        passed = "—" if r.passed is None else "yes" if r.passed else "NO"
        rows.append(f"| {r.name} | {r.rooms} | {r.think} | {r.ops_per_s:.0f} | "
                    f"{r.p50_ms:.1f} | {r.p99_ms:.1f} | {r.errors} | {r.server_cpu_s:.1f} | "
                    f"{r.cpu_per_op_ms:.3f} | {_share(r.loop_cpu_s, r.server_cpu_s)} | "
                    f"{r.client_cpu_s:.1f} | {r.memory_mb:.0f} | "
                    f"{per_room} | {held} | {r.load_average:.2f} | {passed} |")
    return "\n".join(rows)


def _share(part: float, whole: float) -> str:
    return "—" if part != part or whole <= 0 else f"{100 * part / whole:.0f} %"


def overhead(echo: Result, game: Result) -> str:
    return (f"at {game.rooms} rooms: server CPU per action {game.cpu_per_op_ms:.3f} ms vs "
            f"{echo.cpu_per_op_ms:.3f} ms per echo message "
            f"({game.cpu_per_op_ms / max(1e-9, echo.cpu_per_op_ms):.1f}×); "
            f"load generator {game.client_cpu_per_op_ms:.3f} ms per action"
            + ("" if game.services_cpu_s != game.services_cpu_s else
               f"; services (--count-pid) "
               f"{1000 * game.services_cpu_s / max(1, game.operations):.3f} ms per action"))
