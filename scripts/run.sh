#!/usr/bin/env bash
# Set up huapai in ./.venv (once) and run the main job: the platform on its embedded
# defaults (SQLite in the user data directory) at http://127.0.0.1:8000/.
# With arguments, runs `huapai ARGS…` instead (e.g. `bash scripts/run.sh play`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if [ $# -eq 0 ]; then
  set -- serve
fi
exec .venv/bin/huapai "$@"
