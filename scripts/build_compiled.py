"""Build (or remove) the optional compiled engine core with mypyc.

    bash scripts/build-compiled.sh                 # every family in huapai.native.MODULES
    bash scripts/build-compiled.sh --games xianniu # one family (its modules only)
    bash scripts/build-compiled.sh --clean         # remove every extension: pure Python

Every build starts by removing every extension left in ``src/`` (and the manifest), so
no old extension survives a build; then ``python -m mypyc`` compiles the modules in
place, and the manifest records a hash of each compiled source (``import huapai`` refuses
an extension whose source has changed since: see :mod:`huapai.native`). Check what runs
with ``.venv/bin/python -m huapai.native``.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"


def clean(src: Path = SRC) -> list[Path]:
    """Remove every compiled extension under ``src`` and the build manifest."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    gone = [p for p in src.rglob("*") if p.is_file() and p.name.endswith(suffixes)]
    gone += [p for p in (src / "huapai" / "_compiled.json",) if p.exists()]
    for path in gone:
        path.unlink()
    return gone


def build(games: Sequence[str] | None) -> int:
    # imported only now: with the old extensions gone, `import huapai` cannot refuse them
    from huapai import native

    families = list(native.MODULES) if not games else list(games)
    unknown = sorted(set(families) - set(native.MODULES))
    if unknown:
        print(f"unknown families {unknown}; known: {sorted(native.MODULES)}", file=sys.stderr)
        return 2
    modules = [m for f in families for m in native.MODULES[f]]
    paths = [str(native.source_path(m).relative_to(ROOT)) for m in modules]
    start = time.perf_counter()
    env = {**os.environ, "MYPYC_OPT_LEVEL": os.environ.get("MYPYC_OPT_LEVEL", "3")}
    done = subprocess.run([sys.executable, "-m", "mypyc", *paths], cwd=ROOT, env=env,
                          check=False, capture_output=True, text=True)
    if done.returncode != 0:
        print(done.stdout[-4000:], done.stderr[-4000:], sep="\n", file=sys.stderr)
        clean()
        print("mypyc failed: the tree is left pure Python", file=sys.stderr)
        return done.returncode
    hashes = {m: native.source_hash(m) for m in modules}
    native.MANIFEST.write_text(json.dumps({"modules": hashes}, indent=1) + "\n",
                               encoding="utf-8")
    print(f"compiled {len(modules)} modules of {', '.join(families)} "
          f"in {time.perf_counter() - start:.0f} s")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="only remove the extensions")
    parser.add_argument("--games", type=lambda s: [g for g in s.split(",") if g],
                        default=None, help="families to compile (comma-separated)")
    args = parser.parse_args(argv)
    removed = clean()
    if removed:
        print(f"removed {len(removed)} old extension file(s)")
    return 0 if args.clean else build(args.games)


if __name__ == "__main__":
    raise SystemExit(main())
