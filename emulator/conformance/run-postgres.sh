#!/usr/bin/env bash
# Runs the emulator test suite on a real PostgreSQL server instead of PGlite: starts a throwaway cluster in a
# temp dir on a free localhost port, runs `vitest run emulator` with EMULATOR_TEST_DATABASE=postgres (each test
# emulator gets its own fresh database), then stops the cluster and deletes it.
#
#   emulator/conformance/run-postgres.sh [extra vitest args]
#
# PostgreSQL binaries come from /usr/lib/postgresql/<version>/bin (Debian) or PATH; when missing and running as
# root they are installed with apt-get. Set DATABASE_URL to use an existing server instead of a throwaway one.
set -euo pipefail
cd "$(dirname "$0")/../.."

run_suite() {
  EMULATOR_TEST_DATABASE=postgres DATABASE_URL="$1" node_modules/.bin/vitest run emulator "${@:2}"
}

if [[ -n "${DATABASE_URL:-}" ]]; then
  run_suite "$DATABASE_URL" "$@"
  exit $?
fi

find_bindir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [[ -n "$dir" && -x "$dir/initdb" ]]; then echo "$dir"; return; fi
  if command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then dirname "$(command -v initdb)"; fi
}

BINDIR=$(find_bindir)
if [[ -z "$BINDIR" ]]; then
  if [[ $(id -u) -ne 0 ]]; then
    echo "run-postgres: PostgreSQL is not installed and we are not root; install it (apt-get install -y postgresql) or set DATABASE_URL" >&2
    exit 1
  fi
  echo "run-postgres: installing PostgreSQL (apt-get install -y postgresql)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
  BINDIR=$(find_bindir)
fi

# initdb refuses to run as root: the cluster belongs to the postgres user then.
as_owner() { "$@"; }
WORKDIR=$(mktemp -d /tmp/authworker-pg.XXXXXX)
if [[ $(id -u) -eq 0 ]]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$WORKDIR"
  as_owner() { runuser -u postgres -- "$@"; }
fi

PORT=$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
PGDATA="$WORKDIR/data"

cleanup() {
  as_owner "$BINDIR/pg_ctl" -D "$PGDATA" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$WORKDIR"
}
trap cleanup EXIT

as_owner "$BINDIR/initdb" -D "$PGDATA" -U postgres --auth=trust --encoding=UTF8 --no-locale >"$WORKDIR/initdb.log" 2>&1 \
  || { cat "$WORKDIR/initdb.log" >&2; exit 1; }
# A test server: durability off, sockets only in the temp dir, TCP on localhost only.
as_owner "$BINDIR/pg_ctl" -D "$PGDATA" -l "$WORKDIR/server.log" -w -t 60 start \
  -o "-p $PORT -k $WORKDIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" >/dev/null \
  || { cat "$WORKDIR/server.log" >&2; exit 1; }
echo "run-postgres: PostgreSQL $("$BINDIR/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"

run_suite "postgres://postgres@127.0.0.1:$PORT/postgres" "$@"
