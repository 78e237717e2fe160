#!/usr/bin/env bash
# Set up huapai with everything the tests need and run the whole suite
# (pytest, which also runs ruff and mypy). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
EXTRAS=dev bash scripts/setup.sh
exec .venv/bin/python -m pytest "$@"
