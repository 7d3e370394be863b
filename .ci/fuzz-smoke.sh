#!/usr/bin/env bash
# A short smoke run of every libFuzzer target (Fuzz/, AddressSanitizer): a harness that no longer builds, or a
# crash on the seed corpus (every fixture) within a few seconds of fuzzing, fails CI. The long campaigns are
# Scripts/fuzz.sh's job (Docs/Robustness.md). server-requests brings swift-nio and Hummingbird into the (release,
# AddressSanitizer) build: about four times the CPU time of the cold build without them (Docs/Robustness.md); the
# fuzzing itself stays SECONDS per target.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SMOKE_SECONDS:-5}

# Every executable target under Fuzz/Sources must be one Scripts/fuzz.sh runs, so a new target cannot be
# forgotten here.
listed=$(sed -n '/declare -A modules=(/,/^)/p' Scripts/fuzz.sh | grep -oE '=Fuzz[A-Za-z0-9]+' | tr -d '=' | sort)
present=$(cd Fuzz/Sources && ls -d Fuzz* | grep -v '^FuzzSupport$' | sort)
if [ "$listed" != "$present" ]; then
    echo "Fuzz/Sources targets and Scripts/fuzz.sh's list differ:" >&2
    diff <(echo "$listed") <(echo "$present") >&2 || true
    exit 1
fi

# A fresh corpus each run: the seeds, not what earlier runs found.
rm -rf Fuzz/corpora
Scripts/fuzz.sh all "$seconds"
