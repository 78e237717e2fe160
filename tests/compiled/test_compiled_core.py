"""The compiled core's machinery, with or without a build (huapai.native, the build
script's clean step): ``HUAPAI_PURE`` loads sources, a stale extension is refused at
``import huapai``, ``--clean`` leaves a pure tree. The extensions used here are fake
files in a temporary tree: a loader that picked one would fail to load it."""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import huapai
from huapai import native

ROOT = Path(__file__).resolve().parents[2]
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
MODULE = "huapai.games.xianniu.cards"  # one module of native.MODULES, faked below


def _run(code: str, pythonpath: Path | None = None,
         pure: bool = False) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != native.PURE_ENV}
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    if pure:
        env[native.PURE_ENV] = "1"
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=120, check=False)


def _fake_tree(tmp: Path) -> Path:
    """A huapai package holding the real guard and one module with a fake extension."""
    package = tmp / "huapai"
    shutil.copytree(Path(huapai.__file__).parent / "native", package / "native",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(Path(huapai.__file__), package / "__init__.py")
    folder = package / "games" / "xianniu"
    folder.mkdir(parents=True)
    (package / "games" / "__init__.py").write_text("")
    (folder / "__init__.py").write_text("")
    (folder / "cards.py").write_text("WHERE = 'source'\n")
    (folder / f"cards{SUFFIX}").write_bytes(b"not a shared object")
    return package


def _record(package: Path) -> None:
    digest = hashlib.sha256((package / "games/xianniu/cards.py").read_bytes()).hexdigest()
    (package / "_compiled.json").write_text(json.dumps({"modules": {MODULE: digest}}))


def test_pure_mode_loads_every_engine_module_from_source() -> None:
    done = _run("from huapai import native\n"
                "import importlib\n"
                "files = [importlib.import_module(m).__file__ for m in native.all_modules()]\n"
                "print(all(f.endswith('.py') for f in files), native.compiled())", pure=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "False"]


def test_an_unrecorded_extension_is_refused_at_import(tmp_path: Path) -> None:
    _fake_tree(tmp_path)
    done = _run("import huapai", pythonpath=tmp_path)
    assert done.returncode != 0
    assert "ImportError" in done.stderr and MODULE in done.stderr
    assert "build-compiled.sh" in done.stderr


def test_a_recorded_extension_passes_until_its_source_changes(tmp_path: Path) -> None:
    package = _fake_tree(tmp_path)
    _record(package)
    assert _run("import huapai", pythonpath=tmp_path).returncode == 0
    (package / "games/xianniu/cards.py").write_text("WHERE = 'edited source'\n")
    done = _run("import huapai", pythonpath=tmp_path)
    assert done.returncode != 0 and MODULE in done.stderr


def test_pure_mode_ignores_extensions_even_stale_ones(tmp_path: Path) -> None:
    _fake_tree(tmp_path)  # unrecorded: refused without HUAPAI_PURE (test above)
    done = _run("import huapai.games.xianniu.cards as c; print(c.WHERE, c.__file__)",
                pythonpath=tmp_path, pure=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == "source" and done.stdout.strip().endswith("cards.py")


def test_without_pure_mode_the_extension_is_what_python_picks(tmp_path: Path) -> None:
    package = _fake_tree(tmp_path)
    _record(package)  # the guard passes; the fake extension is then the one loaded
    done = _run("import huapai.games.xianniu.cards", pythonpath=tmp_path)
    assert done.returncode != 0 and "cards" + SUFFIX in done.stderr


def _build_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_compiled",
                                                  ROOT / "scripts" / "build_compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_clean_removes_every_extension_and_the_manifest(tmp_path: Path) -> None:
    package = _fake_tree(tmp_path)
    _record(package)
    (tmp_path / f"0123abcd__mypyc{SUFFIX}").write_bytes(b"group library")
    removed = _build_script().clean(tmp_path)
    assert {p.name for p in removed} == {f"cards{SUFFIX}", f"0123abcd__mypyc{SUFFIX}",
                                         "_compiled.json"}
    assert (package / "games/xianniu/cards.py").exists()
    assert _run("import huapai", pythonpath=tmp_path).returncode == 0


def test_every_listed_module_has_its_source_and_no_events() -> None:
    for module in native.all_modules():
        path = native.source_path(module)
        assert path.exists(), module
        # mypyc compiles no dataclass extending the interpreted Event: events stay apart
        assert "(Event)" not in path.read_text(encoding="utf-8"), module
    assert set(native.MODULES) == {"xianniu", "biegan", "xiushan"}


def test_a_stray_extension_of_an_unlisted_module_is_refused_too(tmp_path: Path) -> None:
    package = _fake_tree(tmp_path)
    _record(package)  # cards is fine; a hand-built bot extension is not recorded
    (package / "games/xianniu/bot.py").write_text("WHERE = 'source'\n")
    (package / f"games/xianniu/bot{SUFFIX}").write_bytes(b"not a shared object")
    done = _run("import huapai", pythonpath=tmp_path)
    assert done.returncode != 0 and "huapai.games.xianniu.bot" in done.stderr
    assert MODULE not in done.stderr.split("sources (")[-1].split(")")[0]
