#!/usr/bin/env bash
# Create ./.venv with huapai installed (editable). EXTRAS selects optional extras.
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${EXTRAS:-}"
if [ ! -x .venv/bin/python ]; then
  if ! python3 -m venv .venv; then
    echo "python3 cannot make a virtual environment; install it first:" >&2
    echo "  apt-get install -y python3-venv    (Debian/Ubuntu)" >&2
    exit 1
  fi
fi
spec="."
[ -n "$extras" ] && spec=".[$extras]"
.venv/bin/python -m pip install -q --disable-pip-version-check -e "$spec"
