"""The code-quality gates run as part of the test suite: ruff and mypy --strict."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, check=False, env={**os.environ, **(env or {})})


def test_ruff_is_clean() -> None:
    result = _run("ruff", "check", "src", "tests", "bench", "scripts")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean() -> None:
    """The package, benchmarks and scripts, as configured in pyproject.toml."""
    result = _run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def _test_dirs() -> list[str]:
    """Test folders import their sibling helpers by bare name (pytest's rootdir import
    mode), so each folder is checked as its own set of top-level modules."""
    dirs = {p.parent for p in (ROOT / "tests").rglob("*.py")}
    return sorted(str(d.relative_to(ROOT)) for d in dirs if "__pycache__" not in d.parts)


@pytest.mark.parametrize("folder", _test_dirs())
def test_mypy_is_clean_on_tests(folder: str) -> None:
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / folder).glob("*.py"))
    # tests/core/toygame.py is shared by every folder (tests/conftest.py puts it on sys.path)
    result = _run("mypy", *files, env={"MYPYPATH": "tests/core"})
    assert result.returncode == 0, result.stdout + result.stderr
