#!/usr/bin/env bash
# The README's one-command server as a new user meets it: a cold build of passkey-server with the Server package's
# default traits (SQLite, no PostgreSQL driver) in a scratch directory of its own, dependencies fetched included,
# timed and reported with its build steps; then that binary starts on a temporary SQLite file and answers
# /health/ready, stops with exit 0 on SIGTERM, and refuses a postgres:// database at start (exit 1, naming the
# trait). Python 3 and curl.
set -euo pipefail
cd "$(dirname "$0")/../Server"

scratch=$(mktemp -d)
work=$(mktemp -d)
server_pid=
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
    rm -rf "$scratch" "$work"
}
trap cleanup EXIT

start=$(date +%s)
swift build --product passkey-server --scratch-path "$scratch" >"$work/build.log" 2>&1 || {
    tail -n 40 "$work/build.log"
    exit 1
}
seconds=$(($(date +%s) - start))
steps=$(grep -oE '^\[[0-9]+/[0-9]+\]' "$work/build.log" | tail -n 1 | tr -d '[]' | cut -d/ -f2)
echo "cold build of passkey-server without PostgreSQL: ${seconds} s, ${steps:-?} build steps, $(nproc) cores"
if [ -d "$scratch/debug/PostgresNIO.build" ]; then
    echo "the quick-start build compiled PostgresNIO" >&2
    exit 1
fi

binary="$scratch/debug/passkey-server"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$binary" serve --host 127.0.0.1 --port "$port" --rp-id localhost --origin "http://localhost:$port" \
    --database "$work/passkeys.sqlite" >"$work/server.log" 2>&1 &
server_pid=$!
python3 ../.ci/wait_for_server.py "http://127.0.0.1:$port/health/live" "$server_pid"
ready=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/health/ready")
if [ "$ready" != 200 ]; then
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
echo "the SQLite-only passkey-server answered /health/ready and stopped with exit 0"

status=0
"$binary" serve --rp-id localhost --origin http://localhost:8080 \
    --database "postgres://passkey:passkey@127.0.0.1:1/passkey" >"$work/postgres.log" 2>&1 || status=$?
if [ "$status" -ne 1 ] || ! grep -q "PostgreSQL trait" "$work/postgres.log"; then
    cat "$work/postgres.log" >&2
    echo "a postgres:// database without the trait should stop the start with exit 1 naming the trait (got $status)" >&2
    exit 1
fi
echo "without the trait a postgres:// database is refused at start, naming the trait"
