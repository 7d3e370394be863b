#!/usr/bin/env bash
# Runs the libFuzzer targets of Fuzz/ (see Docs/Robustness.md).
#
#   Scripts/fuzz.sh TARGET SECONDS [libFuzzer flags...]   one target for SECONDS (0: no time limit)
#   Scripts/fuzz.sh all SECONDS [libFuzzer flags...]      every target in turn, SECONDS each
#   Scripts/fuzz.sh list                                  the target names
#
# Examples: Scripts/fuzz.sh cbor-strict 60
#           Scripts/fuzz.sh assertion 0 -runs=10000000
#
# Builds Fuzz/ optimised (-c release: as a host runs it; Swift's overflow and bounds checks stay on;
# FUZZ_CONFIGURATION=debug builds it unoptimised instead, several times faster to build and slower to run: what
# .ci/fuzz-smoke.sh uses, since it runs each target for seconds) with
# -sanitize=fuzzer,address and -enable-testing (server-requests reads PasskeyHummingbird's internal body readers
# through @testable import; set FUZZ_NO_BUILD=1 to skip the build), seeds Fuzz/corpora/TARGET from the
# fixtures (each target writes its own seeds: PASSKEY_FUZZ_WRITE_SEEDS) plus Fuzz/seeds/TARGET, runs libFuzzer in
# one process on that corpus, and prints a one-line summary from libFuzzer's final statistics. Crashes go to
# Fuzz/artifacts/, logs to Fuzz/logs/; corpora, artifacts and logs are not committed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
fuzz="$root/Fuzz"

declare -A modules=(
    [cbor-strict]=FuzzCBORStrict
    [cbor-lenient]=FuzzCBORLenient
    [authenticator-data]=FuzzAuthenticatorData
    [cose-key]=FuzzCOSEKey
    [client-data]=FuzzClientData
    [registration]=FuzzRegistration
    [assertion]=FuzzAssertion
    [registration-json]=FuzzRegistrationJSON
    [authentication-json]=FuzzAuthenticationJSON
    [ml-dsa-signature]=FuzzMLDSASignature
    [apple-identity-token]=FuzzAppleIdentityToken
    [metadata-blob]=FuzzMetadataBLOB
    [server-requests]=FuzzServerRequests
    [account-service]=FuzzAccountService
)
declare -A max_lengths=(
    [cbor-strict]=4096 [cbor-lenient]=4096 [authenticator-data]=4096 [cose-key]=4096 [client-data]=4096
    [registration]=8192 [assertion]=8192 [registration-json]=16384 [authentication-json]=16384
    [ml-dsa-signature]=8192 [apple-identity-token]=8192 [metadata-blob]=16384 [server-requests]=16384
    [account-service]=16384
)
order=(cbor-strict cbor-lenient authenticator-data cose-key client-data registration assertion registration-json
    authentication-json ml-dsa-signature apple-identity-token metadata-blob server-requests account-service)

usage() {
    echo "usage: $0 TARGET|all SECONDS [libFuzzer flags...]; targets: ${order[*]}" >&2
    exit 2
}

[ "${1:-}" = list ] && { printf '%s\n' "${order[@]}"; exit 0; }
[ $# -ge 2 ] || usage
target=$1
seconds=$2
shift 2

configuration=${FUZZ_CONFIGURATION:-release}
case "$configuration" in
    release | debug) ;;
    *) echo "FUZZ_CONFIGURATION must be release or debug" >&2; exit 2 ;;
esac
if [ "${FUZZ_NO_BUILD:-0}" != 1 ]; then
    build_start=$(date +%s)
    (cd "$fuzz" && swift build -c "$configuration" -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library \
        -Xswiftc -enable-testing 2>&1 \
        | grep -v "Cannot export local symbol" | grep -E "error|warning:|Compiling|Build complete" || true)
    echo "== build of Fuzz/: $(($(date +%s) - build_start)) s"
fi
bin=$(cd "$fuzz" && swift build -c "$configuration" --show-bin-path)

run_one() {
    local name=$1
    shift
    local module=${modules[$name]:-}
    [ -n "$module" ] || usage
    local corpus="$fuzz/corpora/$name"
    mkdir -p "$corpus" "$fuzz/artifacts" "$fuzz/logs"
    if [ -z "$(ls -A "$corpus")" ]; then
        PASSKEY_FUZZ_WRITE_SEEDS="$corpus" "$bin/$module" >/dev/null
        if [ -d "$fuzz/seeds/$name" ]; then
            cp "$fuzz/seeds/$name"/* "$corpus"/ 2>/dev/null || true
        fi
    fi
    local log
    log="$fuzz/logs/$name-$(date -u +%Y%m%dT%H%M%SZ).log"
    local limit=()
    [ "$seconds" != 0 ] && limit=(-max_total_time="$seconds")
    echo "== $name: $module on $corpus ($(ls "$corpus" | wc -l) inputs), log $log"
    set +e
    SWIFT_BACKTRACE=enable=no "$bin/$module" "$corpus" "${limit[@]}" -max_len="${max_lengths[$name]}" -timeout=10 \
        -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$fuzz/artifacts/$name-" "$@" >"$log" 2>&1
    local status=$?
    set -e
    local done_line
    done_line=$(grep -E '^#[0-9]+' "$log" | tail -1)
    local runs rate
    runs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}')
    rate=$(grep -E '^stat::average_exec_per_sec' "$log" | awk '{print $2}')
    echo "   exit $status; executions ${runs:-?}; exec/s ${rate:-?}; last: $done_line"
    if [ $status -ne 0 ]; then
        grep -E "ERROR|Fatal error|fuzz invariant|Test unit written" "$log" | head -5
    fi
    return $status
}

if [ "$target" = all ]; then
    failed=0
    for name in "${order[@]}"; do
        run_one "$name" "$@" || failed=1
    done
    exit $failed
fi
run_one "$target" "$@"
