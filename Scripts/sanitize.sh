#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer (with LeakSanitizer) and ThreadSanitizer
# (Docs/Robustness.md). Separate scratch paths keep the instrumented builds apart from .build.
#
#   Scripts/sanitize.sh [address|thread|all]
#
# XCTest is disabled (the suite is Swift Testing; XCTest's own runner leaks a few objects when it runs no
# tests). One LeakSanitizer suppression remains: swift-corelibs-foundation's Process.run() leaves weak-reference
# side tables behind (32 bytes per launched process, in the CLI tests that run passkey-verify).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
suppressions=$(mktemp /tmp/passkey-lsan.XXXXXX)
trap 'rm -f "$suppressions"' EXIT
echo 'leak:Foundation7ProcessC3runyyKF' >"$suppressions"

run() {
    local sanitizer=$1
    local log="/tmp/passkey-sanitize-$sanitizer.log"
    echo "== swift test --sanitize=$sanitizer (full output in $log)"
    local status=0
    LSAN_OPTIONS="suppressions=$suppressions:print_suppressions=0" \
        swift test --sanitize="$sanitizer" --scratch-path ".build-${sanitizer:0:1}san" --disable-xctest \
        >"$log" 2>&1 || status=$?
    grep -E "Test run with|ERROR: |WARNING: ThreadSanitizer|SUMMARY: |^✘" "$log" || true
    echo "exit status $status"
    return $status
}

case "${1:-all}" in
    address) run address ;;
    thread) run thread ;;
    all) run address && run thread ;;
    *) echo "usage: $0 [address|thread|all]" >&2; exit 2 ;;
esac
