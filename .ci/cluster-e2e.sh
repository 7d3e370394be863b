#!/usr/bin/env bash
# Many passkey-server instances on one PostgreSQL (Tests/EndToEnd/cluster_test.py): three instances of the
# all-traits build over one database; the same assertion posted to all three at once succeeds exactly once, two
# registrations of one credential ID race and one wins, a ceremony started on one instance finishes on another.
# Then a short load run (Tests/EndToEnd/load_test.py, 2 s per configuration) shows that the load test works;
# the measured run is in Docs/Performance.md. Last, a short flood (Tests/EndToEnd/flood_test.py, 3 000 requests
# from one address, 40 half-sent requests): the rate limit bounds the challenge rows, other clients keep signing
# in, slow clients are cut off; the measured 100 000-request run is in Docs/Robustness.md. Then the faults under
# load (Tests/EndToEnd/fault_test.py, 4 s faults): on a throwaway PostgreSQL cluster of its own, and on a small
# tmpfs for SQLite when mounting is allowed, and the server killed 8 times during ceremonies on SQLite and on
# PostgreSQL (no credential without an account, no session of a deleted passkey, no challenge honoured twice); the
# measured 10 s run is in Docs/Robustness.md too.
#
# Starts PostgreSQL with .ci/postgres.sh, and creates a role that may create databases: each test run
# and each load configuration works in a database of its own, dropped at its end. The server binary is the
# debug build of the all-traits step of .ci/run; PASSKEY_SERVER names another one.
set -euo pipefail
cd "$(dirname "$0")/.."

role=passkey_cluster
export PASSKEY_CLUSTER_POSTGRES_URL="postgres://$role:$role@127.0.0.1:5432/postgres"

.ci/postgres.sh
if ! python3 -c "import cryptography" 2>/dev/null; then
    echo "== installing Python's cryptography"
    python3 -m pip install --quiet cryptography || python3 -m pip install --quiet --break-system-packages cryptography
fi
if [ "$(su postgres -c "psql -tAc \"SELECT 1 FROM pg_roles WHERE rolname = '$role'\"")" != 1 ]; then
    su postgres -c "psql -qc \"CREATE ROLE $role LOGIN CREATEDB PASSWORD '$role'\""
fi

server=${PASSKEY_SERVER:-.build/debug/passkey-server}
if [ ! -x "$server" ]; then
    echo "no passkey-server at $server: build it first (swift build --traits Server,PostgreSQL)" >&2
    exit 1
fi

echo "== three passkey-server instances on one PostgreSQL database ($server)"
python3 Tests/EndToEnd/cluster_test.py --server "$server"

echo "== a short load run: SQLite and PostgreSQL, 1 and 2 instances, 2 s each"
python3 Tests/EndToEnd/load_test.py --server "$server" --seconds 2 --warmup 0.5 --concurrency 8

echo "== a short flood from one address, other clients signing in meanwhile, and slow clients (SQLite)"
python3 Tests/EndToEnd/flood_test.py --server "$server" --requests 3000 --slow-clients 40

echo "== faults under load, short: PostgreSQL restarted and stopped, an instance killed and one stopped, a locked"
echo "   table, three instances started at once, SQLite on a full and a read-only disk, damaged databases, and the"
echo "   server killed during registrations, sign-ins and deletions on SQLite and PostgreSQL"
python3 Tests/EndToEnd/fault_test.py --server "$server" --fault-seconds 4 --before-seconds 1 --after-seconds 2 \
    --time-limit 300
