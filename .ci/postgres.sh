#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 (installs Debian's postgresql and starts its
# cluster with pg_ctlcluster when missing), that the role `passkey` (password `passkey`) exists, and that each
# database named on the command line exists and belongs to it. Prints nothing else on success.
set -euo pipefail

role=passkey

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
pg_isready -q -h 127.0.0.1 -p 5432

as_postgres() { su postgres -c "$1"; }
if [ "$(as_postgres "psql -tAc \"SELECT 1 FROM pg_roles WHERE rolname = '$role'\"")" != 1 ]; then
    as_postgres "psql -qc \"CREATE ROLE $role LOGIN PASSWORD '$role'\""
fi
for database in "$@"; do
    if [ "$(as_postgres "psql -tAc \"SELECT 1 FROM pg_database WHERE datname = '$database'\"")" != 1 ]; then
        as_postgres "createdb -O $role $database"
    fi
done
