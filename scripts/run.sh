#!/usr/bin/env bash
# Set up huapai in ./.venv (once) and run the main job. Extra arguments go to `huapai`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/huapai "$@"
