#!/usr/bin/env bash
# Reproduces Docs/Performance.md.
#
#   Scripts/bench.sh            the benchmark (Benchmarks/, release) and the 100 000-case batch memory run
#   Scripts/bench.sh bench ...  only the benchmark; further arguments go to passkey-bench
#   Scripts/bench.sh batch [N]  only the batch run (N cases, default 100000)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

bench() {
    (cd "$root/Benchmarks" && swift build -c release 2>&1 | grep -E "error|warning:" || true)
    "$root/Benchmarks/.build/release/passkey-bench" "$@"
}

batch() {
    local count=${1:-100000}
    local file
    file=$(mktemp /tmp/passkey-batch.XXXXXX.jsonl)
    # Every recorded ceremony of Fixtures/ (the batch fields plus metadata, which batch ignores), one per line,
    # repeated in order until there are `count` lines.
    python3 - "$root/Fixtures" "$count" >"$file" <<'PY'
import json, pathlib, sys
root, count = pathlib.Path(sys.argv[1]), int(sys.argv[2])
lines = [json.dumps(json.loads(p.read_text()), separators=(",", ":")) for p in sorted(root.rglob("*.json"))]
for i in range(count):
    print(lines[i % len(lines)])
PY
    (cd "$root" && swift build -c release --product passkey-verify 2>&1 | grep -E "error|warning:" || true)
    local binary="$root/.build/release/passkey-verify"
    echo "== passkey-verify batch: $count cases ($(du -h "$file" | cut -f1)) from $(ls "$root"/Fixtures/*/*.json | wc -l) fixtures"
    /usr/bin/time -v "$binary" batch "$file" 2>/tmp/passkey-batch-time.txt >/tmp/passkey-batch-out.jsonl
    grep -E "Maximum resident set size|Elapsed \(wall clock\)|User time|System time" /tmp/passkey-batch-time.txt
    echo "result lines: $(wc -l </tmp/passkey-batch-out.jsonl), verified: $(grep -c '"verified":true' /tmp/passkey-batch-out.jsonl)"
    rm -f "$file"
}

case "${1:-all}" in
    bench) shift; bench "$@" ;;
    batch) shift; batch "$@" ;;
    all) bench; batch ;;
    *) echo "usage: $0 [bench [passkey-bench arguments] | batch [N]]" >&2; exit 2 ;;
esac
