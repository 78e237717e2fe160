"""Where the arena's deals run: this process, local worker processes, or a Ray cluster.

Deals are cut into chunks of consecutive indexes; each chunk runs
:func:`~huapai.arena.jobs.run_chunk` wherever it is sent and the results are put back in
index order, so the outcome is the same for any ``workers`` and on Ray. ``tick(n)`` is
called as each chunk of ``n`` deals comes back (a progress bar).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from huapai.cli_support.setup import too_few
from huapai.core.present import SaidError

from .jobs import DealResult, Setup, run_chunk

Tick = Callable[[int], None]


class ArenaError(SaidError):
    """A run that cannot start (bad options, ray missing): ``ArenaError(zh, en)``."""

    code = "arena"


def chunks(deals: int, workers: int) -> list[range]:
    """Consecutive deal ranges, a few per worker so the progress bar moves."""
    size = max(1, min(8, deals // (4 * workers)))
    return [range(i, min(i + size, deals)) for i in range(0, deals, size)]


def run_local(setup: Setup, deals: int, workers: int, tick: Tick) -> list[DealResult]:
    """The deals in this process (``workers == 1``) or in a process pool."""
    if workers < 1:
        raise ArenaError(too_few("--workers", workers))
    parts = chunks(deals, workers)
    if workers == 1:
        return [r for part in parts for r in _ticked(run_chunk(setup, part), tick)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(run_chunk, setup, part): part.start for part in parts}
        done: dict[int, list[DealResult]] = {}
        pending: set[Future[list[DealResult]]] = set(futures)
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                done[futures[future]] = _ticked(future.result(), tick)
    return [r for start in sorted(done) for r in done[start]]


def _ticked(results: list[DealResult], tick: Tick) -> list[DealResult]:
    tick(len(results))
    return results


def run_ray(setup: Setup, deals: int, address: str, tick: Tick) -> list[DealResult]:
    """The same chunks as Ray tasks on the cluster at ``address`` (every node needs
    huapai installed; ``pip install 'huapai[ray]'`` brings ray itself)."""
    ray = import_ray()
    ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    try:
        task = ray.remote(run_chunk)
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        refs = {task.remote(setup, part): part.start for part in chunks(deals, cpus)}
        done: dict[int, list[DealResult]] = {}
        for ref, results in _as_ready(ray, list(refs)):
            done[refs[ref]] = _ticked(results, tick)
    finally:
        ray.shutdown()
    return [r for start in sorted(done) for r in done[start]]


def _as_ready(ray: Any, refs: list[Any]) -> Iterator[tuple[Any, list[DealResult]]]:
    while refs:
        ready, refs = ray.wait(refs, num_returns=1)
        for ref in ready:
            yield ref, ray.get(ref)


def import_ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ArenaError("--ray 要先装 ray：pip install 'huapai[ray]'",
                         "--ray needs the ray package, which is not installed: "
                         "pip install 'huapai[ray]'") from None
