"""The optional compiled core: which engine modules are built with mypyc, and which run.

``scripts/build-compiled.sh`` compiles the modules named in :data:`MODULES` to C
extensions next to their sources (``flow.py`` → ``flow.cpython-311-…so``); Python then
imports the extension instead of the source. The same sources stay the pure-Python
fallback: without the extensions (the default install), or with ``HUAPAI_PURE=1`` in the
environment, every module is imported from its ``.py``.

A build records a hash of every source it compiled (:data:`MANIFEST`). ``import huapai``
checks it: an extension whose source has changed since it was built (or one that no build
recorded) is refused with an ImportError that says how to rebuild or clean, so a tree
never runs old compiled code silently. :func:`status` says, per module, what is loaded.

Nothing here imports the engines; this module itself is never compiled.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import json
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType

#: The modules a compiled build compiles, by family. Chosen by what random self-play and
#: search run (profiled), less two kinds that stay interpreted:
#:
#: * the protocol's doors — ``game.py`` and the modules whose functions take a caller's
#:   raw seat, action, seed, dealer, deal or notation (``flow``; 掀牛's ``cards``, 双别杆's
#:   ``dealing`` and ``actions``, 秀山's ``dealing``; 掀牛's transitions were split from
#:   its ``flow`` into ``transitions``, the dealing of 双别杆 and 秀山 from their ``turn`` and
#:   ``moves`` into ``dealing``, to compile the rest):
#:   mypyc checks and converts argument types at run time (``True`` becomes ``1``, ``None``
#:   a ``TypeError``), so compiled they would refuse ill-typed input differently from the
#:   engine's own clear errors (``tests/compiled/compiled_refusals.py`` compares them);
#:   so do the hand calculators (``calculator``: a library API of its own);
#: * modules that declare dataclasses extending an interpreted class (the
#:   :class:`~huapai.core.protocol.Event` subclasses: each family's ``events.py``) — mypyc
#:   cannot compile them.
MODULES: Mapping[str, tuple[str, ...]] = {
    "xianniu": tuple(f"huapai.games.xianniu.{m}" for m in (
        "ranks", "combos", "state", "transitions")),
    "biegan": tuple(f"huapai.games.biegan.{m}" for m in (
        "cards", "units", "shapes", "winning", "residues", "bestshape", "layout",
        "facevalues", "state", "window", "turn")),
    "xiushan": tuple(f"huapai.games.xiushan.{m}" for m in (
        "cards", "groups", "search", "quick", "state", "moves")),
}

#: Where the build writes what it compiled: ``{"modules": {name: sha256 of the source}}``.
PACKAGE_DIR = Path(__file__).resolve().parent.parent
MANIFEST = PACKAGE_DIR / "_compiled.json"

#: ``HUAPAI_PURE=1``: import every huapai module from source even where extensions exist.
PURE_ENV = "HUAPAI_PURE"

REBUILD_HINT = ("rebuild them with `bash scripts/build-compiled.sh`, remove them with "
                "`bash scripts/build-compiled.sh --clean`, or set HUAPAI_PURE=1")


def all_modules() -> tuple[str, ...]:
    return tuple(m for family in MODULES.values() for m in family)


def source_path(module: str) -> Path:
    """The ``.py`` of a huapai module (``huapai.games.xianniu.flow`` → ``…/flow.py``)."""
    parts = module.split(".")
    if parts[0] != "huapai":
        raise ValueError(f"not a huapai module: {module!r}")
    return PACKAGE_DIR.joinpath(*parts[1:]).with_suffix(".py")


def extension_paths(module: str) -> list[Path]:
    """The compiled extensions present for ``module`` (normally none or one)."""
    src = source_path(module)
    return [src.with_name(src.stem + suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES
            if src.with_name(src.stem + suffix).exists()]


def source_hash(module: str) -> str:
    return hashlib.sha256(source_path(module).read_bytes()).hexdigest()


def built_hashes() -> dict[str, str]:
    """What the last build recorded (empty when no build did)."""
    if not MANIFEST.exists():
        return {}
    data = json.loads(MANIFEST.read_text(encoding="utf-8"))
    modules = data.get("modules", {})
    return {str(k): str(v) for k, v in modules.items()}


def extensions_on_disk() -> list[str]:
    """The huapai modules that have a compiled extension next to their source, in the
    folders a build writes to (every folder of :data:`MODULES`, ``huapai`` and
    ``huapai.core``): listed or not, anything there would be imported."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    folders = {source_path(m).parent for m in all_modules()} | {PACKAGE_DIR,
                                                                PACKAGE_DIR / "core"}
    found: set[str] = set()
    for folder in folders:
        if not folder.is_dir():
            continue
        package = ".".join(("huapai", *folder.relative_to(PACKAGE_DIR).parts))
        found.update(f"{package}.{entry.name.split('.', 1)[0]}" for entry in os.scandir(folder)
                     if entry.name.endswith(suffixes))
    return sorted(found)


def stale_extensions() -> list[str]:
    """Modules with an extension on disk that does not match its source: the source
    changed since the build, or no build recorded it."""
    recorded = built_hashes()
    return [m for m in extensions_on_disk()
            if not source_path(m).exists() or recorded.get(m) != source_hash(m)]


def pure_forced() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def loaded_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from a compiled extension rather than its source."""
    name = getattr(module, "__file__", None) or ""
    return name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def status() -> dict[str, bool]:
    """Every module of :data:`MODULES` imported, and whether it runs compiled."""
    return {m: loaded_compiled(importlib.import_module(m)) for m in all_modules()}


def compiled(family: str | None = None) -> bool:
    """Whether the compiled core runs: every module of ``family`` (of every family when
    None) imported from its extension."""
    names = all_modules() if family is None else MODULES[family]
    return all(loaded_compiled(importlib.import_module(m)) for m in names)


class _SourceOnly(importlib.abc.MetaPathFinder):
    """Finds huapai's modules among their sources and bytecode only (``HUAPAI_PURE``)."""

    _LOADERS = ((importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES),
                (importlib.machinery.SourcelessFileLoader,
                 importlib.machinery.BYTECODE_SUFFIXES))

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("huapai.") or not path:
            return None
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, *self._LOADERS).find_spec(fullname)
            if spec is not None:
                return spec
        return None


def guard() -> None:
    """At ``import huapai``: with ``HUAPAI_PURE`` set, load every module from source;
    otherwise refuse stale extensions (see the module docstring)."""
    if pure_forced():
        if not any(isinstance(f, _SourceOnly) for f in sys.meta_path):
            sys.meta_path.insert(0, _SourceOnly())
        return
    stale = stale_extensions()
    if stale:
        raise ImportError(f"huapai: compiled extensions out of date with their sources "
                          f"({', '.join(stale)}): {REBUILD_HINT}")
