#!/usr/bin/env bash
# Instruction-count guard: counts, with valgrind's callgrind (instructions, not seconds, so the same on a busy
# machine), what a release passkey-verify spends on a fixed workload, and fails when any workload costs more
# than 5 % over the baseline committed in Benchmarks/instruction-baseline.txt.
#
#   .ci/instruction-guard.sh                  check against the baseline
#   UPDATE_BASELINE=1 .ci/instruction-guard.sh  rewrite the baseline (commit it with the reason for the change)
#
# Workloads (`batch --jobs 1`, so one thread and a deterministic path):
#   es256-assertion-from-json  one ES256 assertion line (the W3C packed-es256 vector), per line
#   packed-x5c-registration    one packed registration with an x5c chain (the W3C packed-es256 vector), per line
#   batch-1000-lines           1 000 ES256 assertion lines of 200 credentials (Benchmarks/batch/make-assertions.py,
#                              deterministic), per run
#   server-sign-in             one sign-in (POST /assertion/options, an ES256 assertion, POST /assertion/result)
#                              through passkey-server's routes in process on SQLite (the release
#                              passkey-sign-in-workload, Server trait without PostgreSQL), per sign-in
# "Per line" (and "per sign-in") is the difference between a run of 2N and one of N, divided by N, so process
# start-up cancels out; "per run" subtracts a one-line run.
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=Benchmarks/instruction-baseline.txt
tolerance_percent=5

if ! command -v valgrind >/dev/null 2>&1 || ! command -v strip >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    apt-get install -y --no-install-recommends valgrind binutils
fi
# One release configuration (the Server trait) for both binaries, so that the core is compiled once.
swift build -c release --traits Server --product passkey-verify 2>&1 | grep -E "error|warning:" || true
binary=.build/release/passkey-verify
swift build -c release --traits Server --product passkey-sign-in-workload 2>&1 | grep -E "error|warning:" || true
workload=.build/release/passkey-sign-in-workload
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The README's quick start (`swift run --traits Server passkey-server`) in the same trait configuration: only the
# server's own module is left to compile, and a file that needs another trait's module fails here.
if ! swift build -c release --traits Server --product passkey-server >"$work/server-build.log" 2>&1; then
    cat "$work/server-build.log"
    echo "passkey-server does not build with the Server trait alone (the README's quick start)" >&2
    exit 1
fi

instructions() {  # total instructions of: passkey-verify batch --jobs 1 FILE
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" batch --jobs 1 "$1" 2>&1 >/dev/null \
        | awk '/Collected :/ {print $NF} /I *refs:/ {gsub(",", "", $NF); print $NF}' | tail -1
}
repeat() {  # FIXTURE COUNT OUT: the fixture as a batch line, COUNT times
    python3 - "$1" "$2" >"$3" <<'PY'
import json, sys
case = json.load(open(sys.argv[1]))
line = json.dumps(case, separators=(",", ":"))
sys.stdout.write((line + "\n") * int(sys.argv[2]))
PY
}
# Valgrind 3.19 (Debian 12) cannot read the DWARF 5 debug information of the C modules the workload links (SQLite,
# NIO) and gives up, so it counts a copy without symbols.
strip -o "$work/passkey-sign-in-workload" "$workload"
sign_ins() {  # total instructions of: passkey-sign-in-workload COUNT
    SWIFT_BACKTRACE=enable=no valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$work/passkey-sign-in-workload" "$1" 2>&1 >/dev/null \
        | awk '/Collected :/ {print $NF} /I *refs:/ {gsub(",", "", $NF); print $NF}' | tail -1
}
per_line() {  # FIXTURE N
    repeat "$1" "$2" "$work/n.jsonl"
    repeat "$1" $(($2 * 2)) "$work/2n.jsonl"
    local n two
    n=$(instructions "$work/n.jsonl")
    two=$(instructions "$work/2n.jsonl")
    echo $(((two - n) / $2))
}

declare -A measured
measured[es256-assertion-from-json]=$(per_line Fixtures/w3c/packed-es256.authentication.json 200)
measured[packed-x5c-registration]=$(per_line Fixtures/w3c/packed-es256.registration.json 50)
python3 Benchmarks/batch/make-assertions.py 1000 200 "$work/batch.jsonl" "$work/triples"
head -1 "$work/batch.jsonl" >"$work/one.jsonl"
measured[batch-1000-lines]=$(($(instructions "$work/batch.jsonl") - $(instructions "$work/one.jsonl")))
server_large=$(sign_ins 40)
server_small=$(sign_ins 20)
if [ -z "$server_large" ] || [ -z "$server_small" ]; then
    echo "valgrind gave no count for passkey-sign-in-workload" >&2
    exit 1
fi
measured[server-sign-in]=$(((server_large - server_small) / 20))

if [ "${UPDATE_BASELINE:-0}" = 1 ]; then
    {
        echo "# Instructions per workload of .ci/instruction-guard.sh (valgrind callgrind, release build)."
        echo "# Rewritten by UPDATE_BASELINE=1 .ci/instruction-guard.sh; commit it with the reason for the change."
        for name in es256-assertion-from-json packed-x5c-registration batch-1000-lines server-sign-in; do
            echo "$name ${measured[$name]}"
        done
    } >"$baseline"
    cat "$baseline"
    exit 0
fi

failed=0
printf '%-28s %15s %15s %8s\n' workload baseline measured change
for name in es256-assertion-from-json packed-x5c-registration batch-1000-lines server-sign-in; do
    expected=$(awk -v name="$name" '$1 == name {print $2}' "$baseline")
    if [ -z "$expected" ]; then
        echo "$name has no baseline in $baseline" >&2
        failed=1
        continue
    fi
    change=$(python3 -c "print('%+.1f%%' % (100.0 * (${measured[$name]} - $expected) / $expected))")
    printf '%-28s %15s %15s %8s\n' "$name" "$expected" "${measured[$name]}" "$change"
    if [ $((measured[$name] * 100)) -gt $((expected * (100 + tolerance_percent))) ]; then
        echo "  more than ${tolerance_percent} % over the baseline" >&2
        failed=1
    fi
done
exit $failed
