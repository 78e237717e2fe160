#!/usr/bin/env bash
# What the browser, PostgreSQL and multi-worker suites need from the system: Debian's
# Chromium, a running PostgreSQL server with a test database and a Redis server of the
# tests' own (on a private port, nothing saved). Installs them when run as root with
# apt-get (CI, a fresh machine); otherwise says which suites will be skipped and why.
# Prints the Redis URL (redis://…) when Redis is up, and the PostgreSQL URL on its last
# line when PostgreSQL is up.
set -uo pipefail

say() { echo "test-services: $*" >&2; }

install_packages() {
  local missing=()
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  command -v pg_ctlcluster >/dev/null 2>&1 || missing+=(postgresql)
  command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    say "missing ${missing[*]}: run 'apt-get install -y ${missing[*]}' as root, or the"
    say "browser / PostgreSQL / multi-worker tests are skipped"
    return 0
  fi
  say "installing ${missing[*]} from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq "${missing[@]}" >/dev/null
}

start_postgres() {
  command -v pg_ctlcluster >/dev/null 2>&1 || return 0
  [ "$(id -u)" = 0 ] || { say "not root: start PostgreSQL yourself and set HUAPAI_TEST_POSTGRES_URL"; return 0; }
  local version
  version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
  pg_lsclusters -h | grep -q "^$version main" || pg_createcluster "$version" main >/dev/null
  pg_ctlcluster "$version" main start 2>/dev/null || true
  for _ in $(seq 1 30); do
    su postgres -c "psql -qtAc 'select 1'" >/dev/null 2>&1 && break
    sleep 1
  done
  su postgres -c "psql -qtAc \"select 1 from pg_roles where rolname='huapai'\"" | grep -q 1 ||
    su postgres -c "psql -qc \"create role huapai login superuser password 'huapai'\"" >/dev/null
  su postgres -c "psql -qtAc \"select 1 from pg_database where datname='huapai_test'\"" | grep -q 1 ||
    su postgres -c "createdb -O huapai huapai_test" >/dev/null
  echo "postgresql+psycopg://huapai:huapai@127.0.0.1:5432/huapai_test"
}

REDIS_PORT="${HUAPAI_TEST_REDIS_PORT:-6399}"

start_redis() {
  command -v redis-server >/dev/null 2>&1 || return 0
  if ! redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then
    redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no \
      --daemonize yes --pidfile "/tmp/huapai-test-redis-$REDIS_PORT.pid" >/dev/null ||
      { say "redis-server did not start: the multi-worker tests are skipped"; return 0; }
    for _ in $(seq 1 30); do
      redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break
      sleep 0.2
    done
  fi
  echo "redis://127.0.0.1:$REDIS_PORT/0"
}

install_packages
start_redis
start_postgres
