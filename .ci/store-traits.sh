#!/usr/bin/env bash
# The database stores behind their package traits: PostgreSQL installed and started when missing, with the
# test role and database (.ci/postgres.sh), then a build with --traits SQLite,PostgreSQL (a warning in this
# package fails the run) and the store tests: the conformance suite against a temporary SQLite file and
# against the server.
# CI=true makes the PostgreSQL tests fail, rather than skip, when the server cannot be reached.
set -euo pipefail
cd "$(dirname "$0")/.."

role=passkey
database=passkey_test
export PASSKEY_POSTGRES_URL="postgres://$role:$role@127.0.0.1:5432/$database"
export CI=true

.ci/postgres.sh "$database"

echo "== swift build --traits SQLite,PostgreSQL (a warning in this package fails the run)"
build_log=$(mktemp)
swift build --build-tests --traits SQLite,PostgreSQL 2>&1 | tee "$build_log"
if grep -E ': warning:' "$build_log" | grep -vE '/\.build/|/checkouts/'; then
    echo "the build with the store traits produced warnings in this package" >&2
    exit 1
fi
rm -f "$build_log"

echo "== store tests against SQLite and PostgreSQL"
swift test --skip-build --traits SQLite,PostgreSQL \
    --filter 'SQLite|Postgres|StoreConformanceSuiteTests|StoreInMemoryTests'
