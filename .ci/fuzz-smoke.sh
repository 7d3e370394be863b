#!/usr/bin/env bash
# A short smoke run of every libFuzzer target (Fuzz/, AddressSanitizer): a harness that no longer builds, or a
# crash on the seed corpus (every fixture) within a few seconds of fuzzing, fails CI. The long campaigns are
# Scripts/fuzz.sh's job (Docs/Robustness.md), optimised; the smoke builds Fuzz/ unoptimised
# (FUZZ_CONFIGURATION=debug), which shows the same build and seed failures in about half the build time of the
# release build with swift-nio and Hummingbird (server-requests). The fuzzing itself stays SECONDS per target.
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
FUZZ_CONFIGURATION=debug Scripts/fuzz.sh all "$seconds"
