# Step timing for .ci/run (sourced, not run). `step NAME TITLE COMMAND [ARGUMENT...]` prints "== TITLE", runs the
# command in this shell (so `set -euo pipefail` stops the run at its first failure, as before) and records how many
# seconds it took under NAME. On exit, whatever the cause, a trap prints the table of steps and seconds, the failing
# step last and marked FAILED, and the total. A run that passes but took more than CI_TIME_LIMIT_SECONDS (3600 by
# default) fails at the end, naming its three slowest steps.
#
# The trap replaces any EXIT trap of the sourcing script; steps that need clean-up do it in their own scripts.

step_names=()
step_seconds=()
step_current=
step_current_started=0
step_all_done=0
CI_TIME_LIMIT_SECONDS=${CI_TIME_LIMIT_SECONDS:-3600}

step_now() {  # milliseconds since the epoch
    local now=${EPOCHREALTIME/[.,]/}
    echo $((now / 1000))
}
step_run_started=$(step_now)

step() {
    local name=$1 title=$2
    shift 2
    echo "== $title"
    step_current=$name
    step_current_started=$(step_now)
    "$@"
    step_names+=("$name")
    step_seconds+=($((($(step_now) - step_current_started + 500) / 1000)))
    step_current=
}

# Call after the last step: only then does a run without a failed step count as complete.
steps_done() {
    step_all_done=1
}

step_report() {
    local status=$? index total slowest
    trap - EXIT
    set +e
    total=$((($(step_now) - step_run_started + 500) / 1000))
    echo
    echo "== seconds per step"
    for index in "${!step_names[@]}"; do
        printf '%6d s  %s\n' "${step_seconds[$index]}" "${step_names[$index]}"
    done
    if [ -n "$step_current" ]; then
        printf '%6d s  %s  FAILED (exit %d)\n' "$((($(step_now) - step_current_started + 500) / 1000))" "$step_current" "$status"
    elif [ "$status" -ne 0 ]; then
        printf '%8s  (failed outside a step, exit %d)\n' '' "$status"
    elif [ "$step_all_done" -ne 1 ]; then
        printf '%8s  (stopped before the last step)\n' ''
        status=1
    fi
    printf '%6d s  total (%d min %02d s)\n' "$total" $((total / 60)) $((total % 60))
    if [ "$status" -eq 0 ] && [ "$total" -gt "$CI_TIME_LIMIT_SECONDS" ]; then
        slowest=$(for index in "${!step_names[@]}"; do
            printf '%s\t%s\n' "${step_seconds[$index]}" "${step_names[$index]}"
        done | sort -t "$(printf '\t')" -k1,1nr | head -n 3 | awk -F '\t' '{printf "%s%s (%s s)", (NR > 1 ? ", " : ""), $2, $1}')
        echo "FAILED: the run took $total s, more than the limit of $CI_TIME_LIMIT_SECONDS s; slowest steps: $slowest" >&2
        status=1
    fi
    exit "$status"
}
trap step_report EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
