#!/usr/bin/env bash
# Starts a throw-away PostgreSQL cluster on loopback for the test suite and prints its URL.
# Usage: eval "$(bash scripts/test-postgres.sh start)"   ...   bash scripts/test-postgres.sh stop
# (restart: the running cluster stopped and started again with its data; PGTEST_PORT and PGTEST_DIR pick another cluster)
set -euo pipefail
# runuser lives in /usr/sbin, which a non-login PATH may lack.
export PATH="$PATH:/usr/sbin:/sbin"
PORT="${PGTEST_PORT:-54329}"
DIR="${PGTEST_DIR:-/tmp/postdeck-test-pg}"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -x "$BIN/initdb" ] || { echo "test-postgres: PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }

as_owner() {
  # initdb and postgres refuse to run as root.
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-start}" in
  start)
    if ! as_owner "$BIN/pg_ctl" -D "$DIR" status >/dev/null 2>&1; then
      rm -rf "$DIR"
      mkdir -p "$DIR"
      [ "$(id -u)" = 0 ] && chown postgres "$DIR"
      as_owner "$BIN/initdb" -D "$DIR" -U postdeck --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
      as_owner "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w \
        -o "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$DIR -c fsync=off -c max_connections=200" \
        start >/dev/null
    fi
    echo "export TEST_DATABASE_URL=postgres://postdeck@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    as_owner "$BIN/pg_ctl" -D "$DIR" -m fast stop >/dev/null 2>&1 || true
    ;;
  restart)
    # The same cluster, its data kept (the fault tests: a database restarted under the workers).
    as_owner "$BIN/pg_ctl" -D "$DIR" -m fast -w restart >/dev/null
    ;;
esac
