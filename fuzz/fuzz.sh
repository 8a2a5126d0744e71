#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs the libFuzzer targets of a fuzz build (cmake --preset fuzz) on copies of their committed corpora and fails
# on any crash, leak, timeout or sanitizer report. Prints executions, seconds and exec/s per target. Runs as many
# targets at once as there are cores (RP_FUZZ_JOBS).
#   fuzz/fuzz.sh BUILD_DIR --time SECONDS [TARGET...]    CI: each target for a bounded time
#   fuzz/fuzz.sh BUILD_DIR --runs N [TARGET...]          long local runs (the closing note's figures), best on the
#                                                       fuzz-volume preset (no ASan: about 3x the executions/s)
#   fuzz/fuzz.sh BUILD_DIR --replay DIR [TARGET...]      every input in DIR/<target>/ (a long run's grown corpus, kept
#                                                       with RP_FUZZ_WORK=DIR) once through BUILD_DIR's targets:
#                                                       the ASan+UBSan fuzz build re-checks what a fast run found
# The committed corpus is never written to: new inputs go to a scratch directory (RP_FUZZ_WORK, default a temp dir),
# crash inputs to RP_FUZZ_ARTIFACTS (default fuzz-artifacts/ in BUILD_DIR), where a failure names them.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
usage() {
    echo "usage: $0 BUILD_DIR --time SECONDS|--runs N [TARGET...]" >&2
    exit 2
}
[ $# -ge 3 ] || usage
build="$(cd "$1" && pwd)" || usage
replay=
case $2 in
--time) limit=(-max_total_time="$3") ;;
--runs) limit=(-runs="$3") ;;
--replay)
    replay="$(cd "$3" && pwd)" || usage
    limit=(-runs=0)
    ;;
*) usage ;;
esac
[ -n "$replay" ] || [[ $3 =~ ^[0-9]+$ ]] || usage
shift 3

# target -> corpus directory (relative to fuzz/); the detect target sees every parser family's inputs.
declare -A corpus=(
    [fuzz_gids]=corpus/gids [fuzz_rdma]=corpus/rdma [fuzz_ip]=corpus/ip [fuzz_dcb]=corpus/dcb
    [fuzz_detect]=corpus [fuzz_fragments]=corpus/fragments [fuzz_applog]=corpus/applog [fuzz_probe_protocol]=probe_corpus
    [fuzz_profile]=profile_corpus [fuzz_inventory]=inventory_corpus [fuzz_apply]=apply_corpus
    [fuzz_agent_protocol]=agent_corpus [fuzz_agent_pinglist]=agent_pinglist_corpus [fuzz_fabric_run]=fabricrun_corpus
    [fuzz_metrics_request]=metrics_corpus [fuzz_prom_answer]=prom_corpus
)
order=(fuzz_gids fuzz_rdma fuzz_ip fuzz_dcb fuzz_detect fuzz_fragments fuzz_applog fuzz_probe_protocol fuzz_profile
    fuzz_inventory fuzz_apply fuzz_agent_protocol fuzz_agent_pinglist fuzz_fabric_run fuzz_metrics_request
    fuzz_prom_answer)
if [ $# -gt 0 ]; then
    order=("$@")
fi

work="${RP_FUZZ_WORK:-$(mktemp -d /tmp/rp-fuzz.XXXXXX)}"
artifacts="${RP_FUZZ_ARTIFACTS:-$build/fuzz-artifacts}"
mkdir -p "$work" "$artifacts"
[ -n "${RP_FUZZ_WORK:-}" ] || trap 'rm -rf "$work"' EXIT
# One target: its summary line in $work/TARGET.summary, its failure (what to print) in $work/TARGET.failed.
run_target() {
    local target=$1 bin="$build/fuzz/$1" seeds="${corpus[$1]:-}" scratch log start rc secs execs rate
    if [ -z "$seeds" ] || [ ! -x "$bin" ]; then
        echo "fuzz/fuzz.sh: no target '$target' in $build/fuzz (build it with: cmake --build --preset fuzz)" \
            >"$work/$target.failed"
        return
    fi
    # libFuzzer writes new inputs to the first corpus directory only and reads the others (recursively: the detect
    # target's seeds are every family's directory).
    scratch="$work/$target"
    mkdir -p "$scratch"
    log="$work/$target.log"
    start=$SECONDS
    # -timeout: one input taking 10 s is a hang, reported as a failure like a crash.
    if [ -n "$replay" ]; then
        # -runs=0: every input of the directories once, nothing mutated; the replayed corpus is left as it is.
        [ -d "$replay/$target" ] || { echo "fuzz/fuzz.sh: no $replay/$target to replay" >"$work/$target.failed"; return; }
        "$bin" -runs=0 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
            -artifact_prefix="$artifacts/$target-" "$scratch" "$replay/$target" >"$log" 2>&1
    else
        "$bin" "${limit[@]}" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
            -artifact_prefix="$artifacts/$target-" "$scratch" "$here/$seeds" >"$log" 2>&1
    fi
    rc=$?
    secs=$((SECONDS - start))
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    if [ $rc -ne 0 ]; then
        {
            echo "FAIL: $target exited $rc after ${secs}s; the end of its log ($log):"
            tail -40 "$log"
            ls -1 "$artifacts"/"$target"-* 2>/dev/null | sed 's/^/  input: /'
        } >"$work/$target.failed"
    fi
    printf '%-22s %12s execs %6d s %8s exec/s %5d corpus  %s\n' "$target" "${execs:-?}" "$secs" "${rate:-?}" \
        "$(($(find "$scratch" -type f | wc -l) + $(find "$here/$seeds" -type f | wc -l)))" \
        "$([ $rc -eq 0 ] && echo ok || echo CRASH)" >"$work/$target.summary"
}

# As many targets at once as there are cores (RP_FUZZ_JOBS): each is one single-threaded process, and CI's fuzz
# stage is otherwise one core's time on a two-core machine.
jobs_max=${RP_FUZZ_JOBS:-$(nproc)}
running=0
for target in "${order[@]}"; do
    rm -f "$work/$target.summary" "$work/$target.failed"
    if ((running >= jobs_max)); then
        wait -n
        running=$((running - 1))
    fi
    run_target "$target" &
    running=$((running + 1))
done
wait
failed=0
summary=()
for target in "${order[@]}"; do
    if [ -f "$work/$target.failed" ]; then
        failed=1
        cat "$work/$target.failed" >&2
    fi
    [ -f "$work/$target.summary" ] && summary+=("$(cat "$work/$target.summary")")
done
echo "== fuzz summary:"
printf '   %s\n' "${summary[@]}"
exit $failed
