#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster:
#   packages/server/scripts/with-pg.sh pnpm vitest run --project api
# initdb's a temp cluster on a free loopback port, exports TEST_DATABASE_URL (and DATABASE_URL_TEST_ADMIN),
# runs the command, and always tears the cluster down. As root (CI) the server runs as the
# `postgres` user (created when missing), since initdb refuses root.
set -euo pipefail

if [ $# -eq 0 ]; then echo "usage: $0 <command> [args...]" >&2; exit 2; fi

PGBIN="${PGBIN:-}"
if [ -z "$PGBIN" ]; then
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do PGBIN="$d"; break; done
fi
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  if command -v initdb >/dev/null 2>&1; then PGBIN="$(dirname "$(command -v initdb)")"; else echo "with-pg: no PostgreSQL server binaries (initdb) found; set PGBIN" >&2; exit 1; fi
fi

tmp="$(mktemp -d /tmp/pv-pg.XXXXXX)"
port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"

run_pg() {
  if [ "$(id -u)" = "0" ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

if [ "$(id -u)" = "0" ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin postgres
  chown postgres "$tmp"
fi
chmod 700 "$tmp"

cleanup() {
  run_pg "$PGBIN/pg_ctl" -D "$tmp/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

run_pg "$PGBIN/initdb" -D "$tmp/data" -U pv --auth=trust -E UTF8 --locale=C.UTF-8 >"$tmp/initdb.log" 2>&1 || { cat "$tmp/initdb.log" >&2; exit 1; }
# durability off: a test cluster, thrown away afterwards; PG_OPTS adds server settings (the bench: memory)
run_pg "$PGBIN/pg_ctl" -D "$tmp/data" -l "$tmp/server.log" -w -t 60 \
  -o "-p $port -k $tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100 ${PG_OPTS:-}" \
  start >/dev/null || { cat "$tmp/server.log" >&2; exit 1; }

export TEST_DATABASE_URL="postgres://pv@127.0.0.1:$port/postgres"
echo "with-pg: PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on port $port" >&2
set +e
"$@"
status=$?
set -e
exit $status
