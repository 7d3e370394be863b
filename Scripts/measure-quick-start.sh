#!/usr/bin/env bash
# The quick start's cold build, measured for Docs/Performance.md ("Cold build of passkey-server"): the README's
# `swift run --traits Server passkey-server` as a new user meets it, that is a build of passkey-server with the
# Server trait (SQLite and Hummingbird, no PostgreSQL driver) in an empty scratch directory, the dependencies fetched included,
# timed and reported with its build steps and the machine's cores. It fails if PostgresNIO was compiled. Then
# .ci/quick-start.sh --no-postgres runs that binary: it starts on a temporary SQLite file, answers /health/ready,
# stops with exit 0 on SIGTERM, and refuses a postgres:// database at start (exit 1, naming the trait).
#
#   Scripts/measure-quick-start.sh
#
# CI does not run it (a second cold build of the server took 191-207 s of a 2-core run); run it on an idle machine,
# since the wall-clock time is the figure.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=$(mktemp -d)
work=$(mktemp -d)
trap 'rm -rf "$scratch" "$work"' EXIT

echo "== cold build of passkey-server with the Server trait into $scratch (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
start=$(date +%s)
swift build --traits Server --product passkey-server --scratch-path "$scratch" >"$work/build.log" 2>&1 || {
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

echo "== the quick start's checks on that binary"
PASSKEY_SERVER="$scratch/debug/passkey-server" .ci/quick-start.sh --no-postgres
