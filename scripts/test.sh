#!/usr/bin/env bash
# Set up huapai with everything the tests need and run the whole suite (pytest, which
# also runs ruff and mypy; the bench extra is installed so the benchmark peers are
# smoke-tested, and the ray extra so the arena's --ray is run on a local Ray cluster; the packages under tests/plugins/ are installed for the run). As root on Debian
# it installs Chromium, PostgreSQL and Redis for the browser, database and multi-worker
# suites (scripts/test-services.sh). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
EXTRAS=dev,server,web,bench,ray bash scripts/setup.sh
# every test-only plug-in package (a game family installed through its entry point), for
# the run only: they leave ./.venv again when it ends (passed, failed or interrupted), so
# the platform served from it (scripts/run.sh) never lists a test family in its lobby
plugins=()
uninstall_plugins() {
  if [ ${#plugins[@]} -gt 0 ]; then
    .venv/bin/python -m pip uninstall -q -y --disable-pip-version-check "${plugins[@]}" \
      >/dev/null 2>&1 || true
  fi
}
trap uninstall_plugins EXIT
for plugin in tests/plugins/*/; do
  if [ -f "${plugin}pyproject.toml" ]; then
    plugins+=("$(.venv/bin/python -c 'import sys, tomllib
print(tomllib.load(open(sys.argv[1], "rb"))["project"]["name"])' "${plugin}pyproject.toml")")
    .venv/bin/python -m pip install -q --disable-pip-version-check -e "$plugin"
  fi
done
services=$(bash scripts/test-services.sh)
postgres_url=$(printf '%s\n' "$services" | grep '^postgresql' | tail -n 1 || true)
redis_url=$(printf '%s\n' "$services" | grep '^redis://' | tail -n 1 || true)
if [ -z "${HUAPAI_TEST_POSTGRES_URL:-}" ] && [ -n "$postgres_url" ]; then
  export HUAPAI_TEST_POSTGRES_URL="$postgres_url"
fi
if [ -z "${HUAPAI_TEST_REDIS_URL:-}" ] && [ -n "$redis_url" ]; then
  export HUAPAI_TEST_REDIS_URL="$redis_url"
fi
# -n auto: one pytest-xdist worker per core (at most 8); each worker has a PostgreSQL
# database and a Redis database of its own (tests/server/server_helpers.py,
# workers_helpers.py). `-n 0` runs the suite in one process.
.venv/bin/python -m pytest -n auto --maxprocesses 8 "$@"
