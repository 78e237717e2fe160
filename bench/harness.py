"""A small harness for same-run speed comparisons against a peer engine.

Speed is always reported as a ratio ``ours / peer`` measured in the same run on
the same machine, never as an absolute threshold.  The pieces:

* :class:`PeerResult` -- one timed self-play run (decisions, games, seconds).
* :func:`measure` -- repeat a run and keep the best (or median) one
  (:func:`repeat` + :func:`pick_run`; :func:`spread` summarises all runs).
* :func:`ratio_report` -- a one-paragraph text comparison of two results.
* :func:`run_isolated` -- run ``module:function`` in a fresh interpreter pinned
  to one CPU core (when ``os.sched_setaffinity`` exists), results back as JSON.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

Pick = Literal["best", "median"]

__all__ = [
    "PeerResult",
    "can_pin",
    "measure",
    "pick_run",
    "ratio_report",
    "repeat",
    "run_isolated",
    "run_isolated_runs",
    "spread",
]

#: The repository root (parent of ``bench/``), put on the child's ``sys.path``.
REPO_ROOT = Path(__file__).resolve().parent.parent

#: Environment for child processes: keep numeric libraries single-threaded so
#: that "one core" also holds for BLAS/OpenMP thread pools.
_SINGLE_THREAD_ENV = {
    "OMP_NUM_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
    "NUMEXPR_NUM_THREADS": "1",
}


@dataclass(frozen=True)
class PeerResult:
    """One timed self-play run: ``decisions`` decisions over ``seconds`` wall time.

    ``games`` counts games that *finished* inside the timed region.
    ``decisions_per_s`` and ``games_per_s`` are derived from the other fields.
    """

    name: str
    decisions: int
    games: int
    seconds: float
    decisions_per_s: float = field(init=False)
    games_per_s: float = field(init=False)

    def __post_init__(self) -> None:
        secs = self.seconds if self.seconds > 0 else float("nan")
        object.__setattr__(self, "decisions_per_s", self.decisions / secs)
        object.__setattr__(self, "games_per_s", self.games / secs)

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PeerResult:
        return cls(
            name=str(data["name"]),
            decisions=int(data["decisions"]),
            games=int(data["games"]),
            seconds=float(data["seconds"]),
        )

    @classmethod
    def from_json(cls, text: str) -> PeerResult:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError(f"expected a JSON object, got {type(data).__name__}")
        return cls.from_dict(data)

    def summary(self) -> str:
        return (
            f"{self.name}: {self.decisions_per_s:,.0f} decisions/s, "
            f"{self.games_per_s:,.1f} games/s "
            f"({self.decisions:,} decisions, {self.games:,} games, {self.seconds:.3f} s)"
        )


def repeat(fn: Callable[[], PeerResult], *, repeats: int = 3, warmup: int = 0) -> list[PeerResult]:
    """Call ``fn`` ``warmup`` times untimed-and-discarded, then ``repeats`` times; return those."""
    if repeats < 1:
        raise ValueError("repeats must be >= 1")
    for _ in range(warmup):
        fn()
    return [fn() for _ in range(repeats)]


def pick_run(runs: Sequence[PeerResult], pick: Pick = "best") -> PeerResult:
    """The fastest run (``"best"``) or the median run by decisions/s (``"median"``).

    "best" is the usual choice for micro-benchmarks: noise only ever slows a run
    down.  For an even number of runs "median" returns the slower middle run, so
    the result is always a real run rather than an average.
    """
    if not runs:
        raise ValueError("no runs to pick from")
    ordered = sorted(runs, key=lambda r: r.decisions_per_s)
    if pick == "best":
        return ordered[-1]
    if pick == "median":
        return ordered[(len(ordered) - 1) // 2]
    raise ValueError(f"unknown pick {pick!r}")


def measure(
    fn: Callable[[], PeerResult],
    *,
    repeats: int = 3,
    pick: Pick = "best",
    warmup: int = 0,
) -> PeerResult:
    """Run ``fn`` ``repeats`` times (after ``warmup`` discarded runs) and keep the best/median."""
    return pick_run(repeat(fn, repeats=repeats, warmup=warmup), pick)


def spread(runs: Sequence[PeerResult]) -> str:
    """Min / median / max decisions/s of several runs, as text."""
    rates = [r.decisions_per_s for r in runs]
    return (
        f"min {min(rates):,.0f} / median {statistics.median(rates):,.0f} / "
        f"max {max(rates):,.0f} decisions/s over {len(rates)} runs"
    )


def ratio_report(ours: PeerResult, peer: PeerResult) -> str:
    """Human-readable comparison: both results and the ``ours / peer`` ratios."""
    dec_ratio = ours.decisions_per_s / peer.decisions_per_s
    lines = [
        f"ours  {ours.summary()}",
        f"peer  {peer.summary()}",
        f"ratio {dec_ratio:.2f}x decisions/s",
    ]
    if ours.games > 0 and peer.games > 0:
        lines[-1] += f", {ours.games_per_s / peer.games_per_s:.2f}x games/s"
    return "\n".join(lines)


def can_pin() -> bool:
    """True when this platform can pin a process to a CPU (Linux)."""
    return hasattr(os, "sched_setaffinity")


def _target_spec(target: str | Callable[..., PeerResult]) -> str:
    if isinstance(target, str):
        if ":" not in target:
            raise ValueError(f"target must look like 'package.module:function', got {target!r}")
        return target
    module = getattr(target, "__module__", None)
    qualname = getattr(target, "__qualname__", "")
    if module == "__main__":
        # Started as ``python -m package.module``: the child can import it by that name.
        spec = getattr(sys.modules["__main__"], "__spec__", None)
        module = spec.name if spec is not None else None
    if not module or "<" in qualname:
        raise ValueError("target must be a module-level function importable by a child process")
    return f"{module}:{qualname}"


def run_isolated_runs(
    target: str | Callable[..., PeerResult],
    kwargs: Mapping[str, Any] | None = None,
    *,
    cpu: int | None = 0,
    repeats: int = 1,
    warmup: int = 0,
    timeout: float | None = None,
    env: Mapping[str, str] | None = None,
) -> list[PeerResult]:
    """Run ``target(**kwargs)`` ``repeats`` times in one fresh Python process.

    ``target`` is a module-level function returning :class:`PeerResult`, or its
    ``"module:function"`` name; ``kwargs`` must be JSON-serialisable.  With
    ``cpu`` set and ``os.sched_setaffinity`` available, the child pins itself to
    that core *before* importing the target, so any thread pools it starts stay
    on that core too (and they are capped at one thread through the usual
    ``*_NUM_THREADS`` variables).  All repeats share the child process; ``env``
    adds variables to its environment (``HUAPAI_PURE``: the pure or compiled engine).
    """
    request = {
        "target": _target_spec(target),
        "kwargs": dict(kwargs or {}),
        "cpu": cpu,
        "repeats": repeats,
        "warmup": warmup,
    }
    child_env = dict(os.environ)
    child_env.update(_SINGLE_THREAD_ENV)
    child_env.update(env or {})
    child_env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(REPO_ROOT), child_env.get("PYTHONPATH", "")) if p)
    proc = subprocess.run(
        [sys.executable, "-m", "bench.harness", "--child", json.dumps(request)],
        capture_output=True,
        text=True,
        env=child_env,
        cwd=REPO_ROOT,
        timeout=timeout,
        check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError(
            f"isolated run of {request['target']} failed (exit {proc.returncode}):\n"
            f"{proc.stderr.strip()}"
        )
    lines = [ln for ln in proc.stdout.splitlines() if ln.strip()]
    if not lines:
        raise RuntimeError(f"isolated run of {request['target']} printed no result")
    data = json.loads(lines[-1])
    if not isinstance(data, list):
        raise RuntimeError(f"isolated run of {request['target']} printed {lines[-1]!r}")
    return [PeerResult.from_dict(item) for item in data]


def run_isolated(
    target: str | Callable[..., PeerResult],
    kwargs: Mapping[str, Any] | None = None,
    *,
    cpu: int | None = 0,
    repeats: int = 1,
    pick: Pick = "best",
    warmup: int = 0,
    timeout: float | None = None,
) -> PeerResult:
    """Like :func:`run_isolated_runs`, keeping the best (or median) of the repeats."""
    runs = run_isolated_runs(
        target, kwargs, cpu=cpu, repeats=repeats, warmup=warmup, timeout=timeout
    )
    return pick_run(runs, pick)


def _child(request_json: str) -> int:
    request = json.loads(request_json)
    cpu = request.get("cpu")
    if cpu is not None and can_pin():
        os.sched_setaffinity(0, {int(cpu)})
    module_name, _, qualname = str(request["target"]).partition(":")
    obj: Any = importlib.import_module(module_name)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    fn: Callable[..., PeerResult] = obj
    kwargs: dict[str, Any] = request.get("kwargs", {})
    runs = repeat(
        lambda: fn(**kwargs),
        repeats=int(request.get("repeats", 1)),
        warmup=int(request.get("warmup", 0)),
    )
    # The results are the last line of stdout; anything the target printed comes before.
    sys.stdout.write("\n" + json.dumps([asdict(r) for r in runs]) + "\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--child", metavar="JSON", help="internal: run one isolated request")
    args = parser.parse_args(argv)
    if args.child is not None:
        return _child(args.child)
    parser.print_help()
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
