#!/usr/bin/env bash
# PasskeyVerifier against py_webauthn (PyPI `webauthn`, pinned) on the same ceremonies, one core each, in one run
# (Docs/Performance.md, "Against a peer"):
#
#   Scripts/peer-bench.sh [SECONDS] [REPETITIONS]      default 1 3
#
# Creates a virtual environment under .build/peer-venv with webauthn==3.0.1, builds passkey-verify (release)
# and runs Benchmarks/peers/compare.py.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/.build/peer-venv"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "webauthn==3.0.1"
fi
(cd "$root" && swift build -c release --product passkey-verify 2>&1 | grep -E "error|warning:" || true)
taskset_prefix=()
command -v taskset >/dev/null 2>&1 && taskset_prefix=(taskset -c 0)
"${taskset_prefix[@]}" "$venv/bin/python" "$root/Benchmarks/peers/compare.py" "$root/.build/release/passkey-verify" \
    "${1:-1}" "${2:-3}"
