"""The benchmarks' command lines say their defaults and refuse a count below 1 by name:
``--hands 0`` ended in ``StatisticsError: no median for empty data`` deep in the run, and
``--help`` named no default (a researcher's play-test)."""

from __future__ import annotations

import pytest
from bench import bench_biegan_selfplay, bench_xianniu


@pytest.mark.parametrize(("main", "args", "said"), [
    (bench_xianniu.main, ["--decisions", "-5"], "--decisions: must be at least 1, got -5"),
    (bench_xianniu.main, ["--repeats", "two"], "--repeats: expected a whole number"),
    (bench_biegan_selfplay.main, ["--peer-decisions", "0"], "must be at least 1, got 0"),
])
def test_a_bad_count_is_refused_by_name(main: object, args: list[str], said: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(args)  # type: ignore[operator]
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err, err


def test_help_says_each_default(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bench_xianniu.main(["--help"])
    out = " ".join(capsys.readouterr().out.split())  # as wrapped for any width
    assert "(default: 60000)" in out and "(default: 3)" in out
