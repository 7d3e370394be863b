#!/usr/bin/env bash
# The README's one-command server, started as a new user starts it, with the passkey-server binary CI has built
# already (no second build): on a temporary SQLite file it answers /health/ready, and it stops with exit 0 on
# SIGTERM. The binary is the all-traits step's debug build (.build/debug/passkey-server, with the PostgreSQL
# trait) unless PASSKEY_SERVER names another one. Python 3 and curl.
#
#   .ci/quick-start.sh                   the checks above
#   .ci/quick-start.sh --no-postgres     also: the binary was built without the PostgreSQL trait, so a postgres://
#                                        database stops its start with exit 1, naming the trait
#
# The cold build of the quick start, timed, is Scripts/measure-quick-start.sh's job (Docs/Performance.md): it
# builds without the trait in a scratch directory and then runs this script with --no-postgres on that binary.
set -euo pipefail
cd "$(dirname "$0")/.."

without_postgres=0
case "${1:-}" in
    "") ;;
    --no-postgres) without_postgres=1 ;;
    *) echo "usage: $0 [--no-postgres]" >&2; exit 2 ;;
esac

binary=${PASSKEY_SERVER:-.build/debug/passkey-server}
if [ ! -x "$binary" ]; then
    echo "no passkey-server at $binary: build it first (swift build --traits Server,PostgreSQL), or set PASSKEY_SERVER" >&2
    exit 1
fi

work=$(mktemp -d)
server_pid=
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$binary" serve --host 127.0.0.1 --port "$port" --rp-id localhost --origin "http://localhost:$port" \
    --database "$work/passkeys.sqlite" >"$work/server.log" 2>&1 &
server_pid=$!
python3 .ci/wait_for_server.py "http://127.0.0.1:$port/health/live" "$server_pid"
ready=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/health/ready")
if [ "$ready" != 200 ]; then
    cat "$work/server.log" >&2
    echo "/health/ready answered $ready" >&2
    exit 1
fi
kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=
if [ "$status" -ne 0 ]; then
    cat "$work/server.log" >&2
    echo "passkey-server exited $status on SIGTERM" >&2
    exit 1
fi
echo "passkey-server ($binary) on a new SQLite file answered /health/ready and stopped with exit 0 on SIGTERM"

if [ "$without_postgres" = 1 ]; then
    status=0
    "$binary" serve --rp-id localhost --origin http://localhost:8080 \
        --database "postgres://passkey:passkey@127.0.0.1:1/passkey" >"$work/postgres.log" 2>&1 || status=$?
    if [ "$status" -ne 1 ] || ! grep -q "PostgreSQL trait" "$work/postgres.log"; then
        cat "$work/postgres.log" >&2
        echo "a postgres:// database without the trait should stop the start with exit 1 naming the trait (got $status)" >&2
        exit 1
    fi
    echo "without the trait a postgres:// database is refused at start, naming the trait"
fi
