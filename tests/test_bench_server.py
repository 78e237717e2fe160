"""The load generator (bench/bench_server.py) works: a few seconds against a real server
with think time, a ramp of two steps, two client processes. No timing is asserted (the
p99 limit is set out of reach): only that every step ran, measured and lost nothing."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

_REPO_ROOT = str(Path(__file__).resolve().parent.parent)
if _REPO_ROOT not in sys.path:  # bench/ is not an installed package
    sys.path.insert(0, _REPO_ROOT)

pytest.importorskip("httpx")

from bench import bench_server  # noqa: E402
from bench.load.ramp import percentile, split  # noqa: E402
from bench.load.servers import Processes, tree  # noqa: E402
from bench.load.think import parse_think  # noqa: E402


def test_a_short_ramp_with_think_time_runs_and_loses_nothing(tmp_path: Path) -> None:
    out = tmp_path / "run.json"
    summary = bench_server.main([
        "--ramp", "2:4:2", "--think", "exp:0.05", "--seconds", "2", "--warmup", "1",
        "--client-procs", "2", "--echo-loops", "4", "--echo-seconds", "1",
        "--p99-ms", "1e9", "--json", str(out)])
    data = json.loads(out.read_text())
    steps = [s for s in data["steps"] if s["name"] == "platform"]
    echo = [s for s in data["steps"] if s["name"] == "echo"]
    assert [s["rooms"] for s in steps] == [2, 4]
    assert len(echo) == 1 and echo[0]["operations"] > 0 and echo[0]["errors"] == 0
    for step in steps:
        assert step["errors"] == 0, step["error_codes"]
        assert step["rooms_held"] == step["rooms"]
        assert step["operations"] > 0 and step["passed"]
        assert step["think"] == "exp:0.05"
        assert step["server_cpu_s"] >= 0 and step["client_cpu_s"] > 0
        assert math.isfinite(step["memory_per_room_kb"])
    assert summary == data["summary"]
    assert summary["rooms_held_at_limit"] == 4 and summary["stopped_at"] is None
    assert summary["cpu_per_action_ms"] is not None and summary["cpu_per_echo_ms"] is not None


def test_a_step_that_fails_ends_the_ramp(tmp_path: Path) -> None:
    """A p99 limit no step can meet: the first step fails and the ramp stops there."""
    out = tmp_path / "run.json"
    summary = bench_server.main([
        "--rooms", "1,2", "--think", "exp:0.05", "--seconds", "1", "--warmup", "0.5",
        "--echo-loops", "0", "--p99-ms", "0", "--json", str(out)])
    steps = json.loads(out.read_text())["steps"]
    assert [s["rooms"] for s in steps] == [1]
    assert steps[0]["operations"] > 0 and steps[0]["passed"] is False
    assert summary["rooms_held_at_limit"] == 0 and summary["stopped_at"] == 1


def test_a_room_whose_match_ends_plays_another(tmp_path: Path) -> None:
    """One-deal matches: each room's owner starts the next match at match_end (no ready
    is sent after a match's last deal), and nothing is refused."""
    out = tmp_path / "run.json"
    bench_server.main([
        "--rooms", "3", "--think", "exp:0.02", "--deals", "1", "--seconds", "3",
        "--warmup", "0.5", "--echo-loops", "0", "--p99-ms", "1e9", "--json", str(out)])
    step = json.loads(out.read_text())["steps"][0]
    assert step["errors"] == 0, step["error_codes"]
    assert step["matches_started"] >= 3 and step["operations"] > 0


@pytest.mark.parametrize(("spec", "mean"), [
    ("exp:3", 3.0), ("lognormal:3", 3.0), ("lognormal:2:1", 2.0), ("uniform:1:2", 1.5),
    ("const:0.5", 0.5)])
def test_think_distributions_have_their_mean(spec: str, mean: float) -> None:
    think = parse_think(spec)
    rng = random.Random(7)
    draws = [think.sample(rng) for _ in range(40000)]
    assert think.mean == mean and not think.zero
    assert min(draws) >= 0
    assert abs(sum(draws) / len(draws) - mean) < 0.05 * mean


def test_no_think_time() -> None:
    think = parse_think("0")
    assert think.zero and think.sample(random.Random(1)) == 0


@pytest.mark.parametrize("spec", ["exp", "exp:0", "exp:-1", "lognormal:x", "uniform:2:1",
                                  "gauss:3", "exp:inf", "const:1:2"])
def test_bad_think_specs_say_what_is_wrong(spec: str) -> None:
    with pytest.raises(ValueError, match="think time"):
        parse_think(spec)


@pytest.mark.parametrize("text", ["0", "5,3", "1:10:0", "x", "1,7000"])
def test_bad_room_steps_are_refused(text: str) -> None:
    with pytest.raises(SystemExit):
        bench_server.main(["--rooms", text])


def test_room_steps_and_split() -> None:
    assert bench_server.rooms_steps("1000:3000:1000") == [1000, 2000, 3000]
    assert bench_server.rooms_steps("5,10") == [5, 10]
    assert split(7, 3) == [3, 2, 2] and sum(split(5000, 4)) == 5000
    assert percentile([0.001 * i for i in range(1, 101)], 0.99) == pytest.approx(100)
    assert math.isnan(percentile([], 0.5))


def test_a_process_tree_counts_its_children() -> None:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        import os

        deadline = time.monotonic() + 10
        while child.pid not in tree(os.getpid()) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert child.pid in tree(os.getpid())
        mine = Processes(os.getpid())
        assert mine.count() >= 2 and mine.memory_mb() > 0 and mine.cpu_s() > 0
        assert math.isnan(Processes(None).cpu_s())
    finally:
        child.kill()
        child.wait()


def test_two_workers_on_postgres_and_redis(tmp_path: Path) -> None:
    """The load generator's several-worker path: `huapai serve --workers 2` on a fresh
    PostgreSQL database (made and dropped by the run) and a private Redis, a short ramp
    with think time, nothing lost. Needs HUAPAI_TEST_POSTGRES_URL and redis-server."""
    import os
    import shutil
    import socket

    url = os.environ.get("HUAPAI_TEST_POSTGRES_URL")
    if not url or shutil.which("redis-server") is None:
        pytest.skip("needs HUAPAI_TEST_POSTGRES_URL and redis-server")
    pytest.importorskip("psycopg")
    pytest.importorskip("redis")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    redis = subprocess.Popen(["redis-server", "--port", str(port), "--save", "",
                              "--appendonly", "no"], stdout=subprocess.DEVNULL)
    try:
        out = tmp_path / "run.json"
        summary = bench_server.main([
            "--rooms", "2,4", "--think", "exp:0.05", "--seconds", "2", "--warmup", "1",
            "--echo-loops", "4", "--echo-seconds", "1", "--client-procs", "2",
            "--workers", "2", "--postgres", url, "--redis-url", f"redis://127.0.0.1:{port}/0",
            "--count-pid", str(redis.pid), "--p99-ms", "1e9", "--json", str(out)])
        steps = [s for s in json.loads(out.read_text())["steps"] if s["name"] == "platform"]
        assert [s["rooms"] for s in steps] == [2, 4]
        for step in steps:
            assert step["errors"] == 0, step["error_codes"]
            assert step["rooms_held"] == step["rooms"] and step["operations"] > 0
            assert step["services_cpu_s"] >= 0
        assert summary["workers"] == 2 and summary["rooms_held_at_limit"] == 4
    finally:
        redis.terminate()
        redis.wait(timeout=30)
