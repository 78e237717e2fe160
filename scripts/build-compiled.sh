#!/usr/bin/env bash
# Build the optional compiled engine core (mypyc, from the dev extra) into src/, or remove
# it with --clean. See docs/compiled.md; check what runs: .venv/bin/python -m huapai.native
set -euo pipefail
cd "$(dirname "$0")/.."
exec .venv/bin/python scripts/build_compiled.py "$@"
