#!/usr/bin/env bash
# Runs the robustness campaigns in parallel and prints each one's counts;
# exits non-zero if any of them found a violation (its message and the
# UART tail are printed). Usage: run_robust.sh BUILD_DIR quick|long [SEED]
set -u
B=$1; LEVEL=$2; SEED=${3:-1}
RB="$B/robust/rb_sim"; ELF="$B/nim.elf"; FUZZ="$B/fuzz/fuzz_proto"
OUT="$B/robust/out"; rm -rf "$OUT"; mkdir -p "$OUT"
if [ "$LEVEL" = quick ]; then
    BUTTONS=50000; CUTS=1000; HANGS=30; LINES=4000; BROWNOUTS=300
else
    BUTTONS=${FUZZ_BUTTONS:-500000}; CUTS=${FUZZ_CUTS:-10000}; HANGS=${FUZZ_HANGS:-300}
    LINES=${FUZZ_LINES:-200000}; BROWNOUTS=${FUZZ_BROWNOUTS:-3000}
fi
WORK="$B/robust/fuzz-work"; rm -rf "$WORK"; mkdir -p "$WORK"
jobs_=(
  "buttons-a|$RB $ELF buttons $BUTTONS $SEED"
  "buttons-b|$RB $ELF buttons $BUTTONS $((SEED + 1000))"
  "powercut|$RB $ELF powercut $CUTS $SEED"
  "eeprom|$RB $ELF eeprom 1 $SEED"
  "watchdog|$RB $ELF watchdog $HANGS $SEED"
  "brownout|$RB $ELF brownout $BROWNOUTS $SEED"
  "uart|$RB $ELF uart $LINES $SEED"
)
# The long libFuzzer runs are make fuzz's (tests/fuzz/fuzz.mk); quick keeps
# a short one beside the campaigns.
[ "$LEVEL" = quick ] && jobs_+=(
  "fuzz_proto|$FUZZ -runs=40000 -seed=$SEED -print_final_stats=1 -artifact_prefix=$B/robust/ $WORK tests/fuzz/corpus/proto"
)
pids=()
for j in "${jobs_[@]}"; do
    name=${j%%|*}; cmd=${j#*|}
    ( $cmd > "$OUT/$name.out" 2> "$OUT/$name.err"; echo $? > "$OUT/$name.rc" ) &
    pids+=($!)
done
wait "${pids[@]}"
fail=0
for j in "${jobs_[@]}"; do
    name=${j%%|*}
    rc=$(cat "$OUT/$name.rc")
    if [ "$name" = fuzz_proto ]; then
        runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$OUT/$name.err" | grep -o '[0-9]*$')
        echo "robust fuzz_proto (libFuzzer, ASan+UBSan, host build of proto/game/store/ui + engine): ${runs:-?} inputs, $(grep '^fuzz_proto:' "$OUT/$name.err" | sed 's/^fuzz_proto: //')"
    else
        cat "$OUT/$name.out"
    fi
    if [ "$rc" != 0 ]; then
        echo "*** robust $name FAILED (exit $rc):"
        tail -n 60 "$OUT/$name.err"
        fail=1
    fi
done
hw=$(cat "$OUT"/*.out | grep -o 'stack high-water [0-9]*' | grep -o '[0-9]*$' | sort -n | tail -1)
echo "robust: stack high-water over every campaign ${hw:-?} B (budget 384 B)"
exit $fail
