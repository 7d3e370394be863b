#!/usr/bin/env bash
# Every package trait at once (SQLite, PostgreSQL, Hummingbird, Server): one debug build serves the store tests, the
# routes' and passkey-server's tests, and the passkey-server binary of the end-to-end steps that follow
# (.build/debug/passkey-server); first the store products alone with their traits, so that a dependency only
# Hummingbird's graph brings cannot hide. PostgreSQL is installed and started when missing, with the test role and two
# databases (.ci/postgres.sh): the store tests on one, the route tests on the other, so that neither sees the
# other's rows. A warning in this package fails the run.
# CI=true makes the PostgreSQL tests fail, rather than skip, when the server cannot be reached.
set -euo pipefail
cd "$(dirname "$0")/.."

postgres_url() { echo "postgres://passkey:passkey@127.0.0.1:5432/$1"; }
export CI=true

.ci/postgres.sh passkey_test
.ci/postgres.sh passkey_server_test

echo "== the store products with their own traits only, without Hummingbird (whose modules would hide a missing dependency)"
swift build --traits SQLite,PostgreSQL --target PasskeyVerifierSQLite --target PasskeyVerifierPostgres

echo "== swift build --enable-all-traits (a warning in this package fails the run)"
build_log=$(mktemp)
swift build --build-tests --enable-all-traits 2>&1 | tee "$build_log"
if grep -E ': warning:' "$build_log" | grep -vE '/\.build/|/checkouts/'; then
    echo "the build with every trait produced warnings in this package" >&2
    exit 1
fi
rm -f "$build_log"

echo "== store tests against SQLite and PostgreSQL"
PASSKEY_POSTGRES_URL=$(postgres_url passkey_test) swift test --skip-build --enable-all-traits \
    --filter 'PasskeyVerifierSQLiteTests|PasskeyVerifierPostgresTests|StoreConformanceSuiteTests|StoreInMemoryTests'

echo "== route and passkey-server tests, on SQLite files and on PostgreSQL"
PASSKEY_POSTGRES_URL=$(postgres_url passkey_server_test) swift test --skip-build --enable-all-traits \
    --filter PasskeyHummingbirdTests
