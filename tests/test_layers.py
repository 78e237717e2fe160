"""The layers hold: core ← games ← bots / env / cli_support / server / cli.

An engine is pure: importing every module of ``huapai.core`` and ``huapai.games`` (and
every installed family's engine) in a fresh interpreter loads no terminal, web or
database library. And no module of a lower layer imports one of a higher layer, read
from the source with ``ast`` (imports inside functions included), so a lazy import
cannot hide a dependency.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "huapai"
HEAVY = ("rich", "typer", "click", "fastapi", "starlette", "sqlalchemy", "alembic", "uvicorn")
LAYER = {"core": 0, "games": 1, "bots": 2, "env": 2, "cli_support": 2, "server": 2, "cli": 2,
         "arena": 2}

_PROBE = """
import importlib, json, pkgutil, sys
import huapai.core, huapai.games
for package in (huapai.core, huapai.games):
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(info.name)
from huapai.core.registry import game_names, get_game
for name in game_names():
    get_game(name)
heavy = sorted({m.split(".")[0] for m in sys.modules} & set(json.loads(sys.argv[1])))
print(json.dumps({"heavy": heavy, "games": game_names()}))
"""


def test_engines_load_no_front_end_library() -> None:
    done = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(HEAVY)],
                          capture_output=True, text=True, check=True)
    found = json.loads(done.stdout)
    assert found["heavy"] == [], f"importing the engines loaded {found['heavy']}"
    assert {"xianniu", "biegan"} <= set(found["games"])


def _layer(module: str) -> int | None:
    parts = module.split(".")
    if parts[0] != "huapai" or len(parts) < 2:
        return None
    return LAYER.get(parts[1])


def _module_name(path: Path) -> str:
    rel = path.relative_to(SRC.parent).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def _imports(path: Path, module: str) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            out.append(_absolute(node, package))
    return out


def _absolute(node: ast.ImportFrom, package: str) -> str:
    if not node.level:
        return node.module or ""
    base = package.split(".")
    base = base[:len(base) - node.level + 1]
    return ".".join([*base, node.module] if node.module else base)


def _sources() -> list[Path]:
    return sorted(p for p in SRC.rglob("*.py") if "__pycache__" not in p.parts)


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(SRC)))
def test_no_lower_layer_imports_a_higher_one(path: Path) -> None:
    module = _module_name(path)
    own = _layer(module)
    if own is None:
        return
    upward = [name for name in _imports(path, module)
              if (_layer(name) or 0) > own]
    assert not upward, f"{module} (layer {own}) imports {upward}"


def test_the_layer_check_sees_relative_and_lazy_imports(tmp_path: Path) -> None:
    """The parser above is what decides: it must read ``from ..x import`` and imports in
    function bodies, or the test above could not fail."""
    source = tmp_path / "demo.py"
    source.write_text("def f():\n    from ..server import app\n"
                      "    import huapai.cli_support.render\n", encoding="utf-8")
    found = _imports(source, "huapai.games.demo")
    assert sorted(found) == ["huapai.cli_support.render", "huapai.server"]
    assert [_layer(n) for n in sorted(found)] == [2, 2] and _layer("huapai.games.demo") == 1
