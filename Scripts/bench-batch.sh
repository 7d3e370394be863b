#!/usr/bin/env bash
# `passkey-verify batch` against the raw libcrypto rate over the same signatures, in one run
# (Docs/Performance.md, "batch"):
#
#   Scripts/bench-batch.sh [LINES] [CREDENTIALS] [REPETITIONS]     default 6000 200 3
#
# Generates LINES ES256 assertion cases of CREDENTIALS credentials (Benchmarks/batch/make-assertions.py, needs
# the Python `cryptography` package), builds passkey-verify (release) and the raw C loop
# (Benchmarks/batch/raw-verify.c: keys parsed once, EVP_DigestVerifyInit + EVP_DigestVerify per signature,
# one thread), then alternates REPETITIONS times: raw loop, batch --jobs 1, batch with every core. Prints the
# medians and the ratios to the raw single-thread rate.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
lines=${1:-6000}
credentials=${2:-200}
repetitions=${3:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 "$root/Benchmarks/batch/make-assertions.py" "$lines" "$credentials" "$work/cases.jsonl" "$work/triples"
cc -O2 "$root/Benchmarks/batch/raw-verify.c" -lcrypto -o "$work/raw-verify"
(cd "$root" && swift build -c release --product passkey-verify 2>&1 | grep -E "error|warning:" || true)
binary="$root/.build/release/passkey-verify"
cores=$(nproc)

rate() {  # lines per second of: passkey-verify batch --jobs N
    local start end
    start=$(date +%s.%N)
    "$binary" batch --jobs "$1" "$work/cases.jsonl" >"$work/out.jsonl"
    end=$(date +%s.%N)
    if [ "$(grep -c '"verified":true' "$work/out.jsonl")" != "$lines" ]; then
        echo "not every line verified" >&2
        exit 1
    fi
    python3 -c "print(round($lines / ($end - $start)))"
}

raw=() one=() all=()
for _ in $(seq "$repetitions"); do
    raw+=("$("$work/raw-verify" "$work/triples" 3)")
    one+=("$(rate 1)")
    all+=("$(rate "$cores")")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
raw_median=$(median "${raw[@]}")
one_median=$(median "${one[@]}")
all_median=$(median "${all[@]}")
echo "$lines ES256 assertion lines, $credentials credentials, $cores cores, $repetitions interleaved repetitions (medians)"
echo "| run | lines or verifications / s | ratio to raw single-thread |"
echo "|---|---:|---:|"
echo "| raw libcrypto, 1 thread (DigestVerifyInit + DigestVerify, keys parsed once) | $raw_median | 1.00 |"
python3 - "$raw_median" "$one_median" "$all_median" "$cores" <<'PY'
import sys
raw, one, every, cores = map(float, sys.argv[1:])
print("| passkey-verify batch --jobs 1 | %d | %.2f |" % (one, one / raw))
print("| passkey-verify batch --jobs %d | %d | %.2f |" % (cores, every, every / raw))
PY
