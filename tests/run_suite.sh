#!/usr/bin/env bash
# run_suite.sh [-j N] TARGET... - runs each test target with make, N at a
# time (default 1), keeps going after a failure, and ends with the tally
# line CI reads.
#
# Side by side is safe only once everything the targets run is built: make
# test builds it first (make test-build), so these makes only run tests.
# Each target writes into a log of its own (build/test-logs/TARGET.log),
# printed whole when the target ends, so the output never interleaves.
# Targets start in the order given, the longest first (make test lists them
# so): the other slot works through the short ones meanwhile.
#
# -l "T..." names light targets (mostly waiting: on a browser, a serial
# pipe at line speed, a terminal): they run one at a time in a lane of
# their own beside the N slots, so their waits hold no slot the CPU-bound
# targets could use.
set -u
jobs=1
light=" "
if [ "${1:-}" = "-j" ]; then jobs=$2; shift 2; fi
if [ "${1:-}" = "-l" ]; then light=" $2 "; shift 2; fi
case $jobs in ''|*[!0-9]*|0) echo "run_suite: -j wants a number of jobs, got '$jobs'" >&2; exit 2;; esac
logs=build/test-logs
mkdir -p "$logs"
pass=0; fail=0; failed=()
declare -A pid_of=() start_of=()
t0=$SECONDS
# Stopped (Ctrl-C, CI's time-out): stop the targets under way too.
trap 'trap - INT TERM; kill 0; exit 130' INT TERM

# ", CPU N s" from the target's .cpu file (user + system), if it is there.
cpu_of() {
    awk 'NF == 2 { printf ", CPU %d s", $1 + $2 + 0.5 }' "$logs/$1.cpu" 2>/dev/null
}

# The target that ended: its log, its time, its verdict.
report() {
    local t=$1 rc=$2
    echo "=== $t"
    cat "$logs/$t.log"
    if [ "$rc" -eq 0 ]; then
        pass=$((pass + 1)); echo "--- $t: passed in $((SECONDS - start_of[$t])) s$(cpu_of "$t")"
    else
        fail=$((fail + 1)); failed+=("$t"); echo "--- $t: FAILED (exit $rc) after $((SECONDS - start_of[$t])) s$(cpu_of "$t")"
    fi
}

# Waits for one running target to end (its .rc file appears) and reports it.
reap() {
    local t
    while :; do
        for t in "${!pid_of[@]}"; do
            if [ -s "$logs/$t.rc" ]; then
                wait "${pid_of[$t]}" 2>/dev/null
                unset "pid_of[$t]"
                report "$t" "$(cat "$logs/$t.rc")"
                return
            fi
        done
        sleep 0.5
    done
}

# Starts target t in the background.
start() {
    local t=$1
    start_of[$t]=$SECONDS
    rm -f "$logs/$t.rc"
    # The CPU time of the target and everything it ran (bash's time
    # keyword: user + system of the waited-for children), the measure of a
    # target's share of the 2 cores that holds on a busy machine too.
    (TIMEFORMAT='%U %S'
     { time make --no-print-directory "$t" </dev/null >"$logs/$t.log" 2>&1; } 2>"$logs/$t.cpu"
     echo $? >"$logs/$t.rc") &
    pid_of[$t]=$!
}

# How many of the running targets hold a slot (the light one does not).
heavy_running() {
    local t n=0
    for t in "${!pid_of[@]}"; do
        case $light in *" $t "*) ;; *) n=$((n + 1)) ;; esac
    done
    echo $n
}

# The light targets' lane: the next one starts when the one before ends.
lane=()
for t in "$@"; do
    case $light in *" $t "*) lane+=("$t") ;; esac
done
lane_next() {
    local t
    for t in "${!pid_of[@]}"; do
        case $light in *" $t "*) return ;; esac
    done
    if [ ${#lane[@]} -gt 0 ]; then
        start "${lane[0]}"
        lane=("${lane[@]:1}")
    fi
}

for t in "$@"; do
    case $light in *" $t "*) continue ;; esac
    lane_next
    while [ "$(heavy_running)" -ge "$jobs" ]; do reap; lane_next; done
    start "$t"
done
while [ ${#pid_of[@]} -gt 0 ] || [ ${#lane[@]} -gt 0 ]; do
    lane_next
    [ ${#pid_of[@]} -gt 0 ] && reap
done

echo
echo "make test: $((SECONDS - t0)) s for the tests, $jobs at a time"
[ $fail -gt 0 ] && echo "failed: ${failed[*]}"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
