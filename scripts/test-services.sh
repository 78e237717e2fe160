#!/usr/bin/env bash
# What the browser and PostgreSQL suites need from the system: Debian's Chromium and a
# running PostgreSQL server with a test database. Installs them when run as root with
# apt-get (CI, a fresh machine); otherwise says which suites will be skipped and why.
# Prints the PostgreSQL URL on its last line when the server is up.
set -uo pipefail

say() { echo "test-services: $*" >&2; }

install_packages() {
  local missing=()
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  command -v pg_ctlcluster >/dev/null 2>&1 || missing+=(postgresql)
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    say "missing ${missing[*]}: run 'apt-get install -y ${missing[*]}' as root, or the"
    say "browser / PostgreSQL tests are skipped"
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

install_packages
start_postgres
