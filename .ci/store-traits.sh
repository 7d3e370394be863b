#!/usr/bin/env bash
# The database stores behind their package traits: installs and starts PostgreSQL when missing, creates the
# test role and database, then builds with --traits SQLite,PostgreSQL (a warning in this package fails the run)
# and runs the store tests: the conformance suite against a temporary SQLite file and against the server.
# CI=true makes the PostgreSQL tests fail, rather than skip, when the server cannot be reached.
set -euo pipefail
cd "$(dirname "$0")/.."

role=passkey
database=passkey_test
export PASSKEY_POSTGRES_URL="postgres://$role:$role@127.0.0.1:5432/$database"
export CI=true

if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
    echo "== installing PostgreSQL"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    apt-get install -y --no-install-recommends postgresql
fi
version=$(ls /etc/postgresql | sort -V | tail -1)
if ! pg_ctlcluster "$version" main status >/dev/null 2>&1; then
    echo "== starting PostgreSQL $version"
    pg_ctlcluster "$version" main start
fi
for _ in $(seq 1 30); do
    pg_isready -q -h 127.0.0.1 -p 5432 && break
    sleep 1
done
pg_isready -h 127.0.0.1 -p 5432

as_postgres() { su postgres -c "$1"; }
if [ "$(as_postgres "psql -tAc \"SELECT 1 FROM pg_roles WHERE rolname = '$role'\"")" != 1 ]; then
    as_postgres "psql -qc \"CREATE ROLE $role LOGIN PASSWORD '$role'\""
fi
if [ "$(as_postgres "psql -tAc \"SELECT 1 FROM pg_database WHERE datname = '$database'\"")" != 1 ]; then
    as_postgres "createdb -O $role $database"
fi

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
