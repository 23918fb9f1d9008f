#!/usr/bin/env bash
# run_fuzz.sh BUILD_DIR replay|fuzz|merge|cov TARGET... - the libFuzzer
# targets of tests/fuzz (fuzz.mk says what each mode is for).
set -u
B=$1; MODE=$2; shift 2
C=tests/fuzz/corpus
fail=0
case $MODE in
replay)
    for t in "$@"; do
        n=$(ls "$C/$t" | wc -l)
        # -runs=0: read and run every corpus file once, then stop.
        if "$B/fuzz/fuzz_$t" -runs=0 "$C/$t" > "$B/fuzz/replay-$t.log" 2>&1; then
            echo "fuzz $t: $n corpus inputs replayed, no violation (ASan+UBSan)"
        else
            echo "*** fuzz $t: a corpus input fails:"; tail -n 40 "$B/fuzz/replay-$t.log"; fail=1
        fi
    done ;;
fuzz)
    for t in "$@"; do
        W="$B/fuzz/work-$t"; mkdir -p "$W"
        # Inputs no longer than a target needs: an EEPROM image and its
        # flags byte; 60 passes of buttons (up to a minute); a session of
        # PC-link lines.
        case $t in eeprom) len=1025 ;; buttons) len=64 ;; *) len=512 ;; esac
        # FUZZ_RUNS: a count of executions instead of a time limit.
        limit=(-max_total_time="${FUZZ_TIME:-600}")
        [ -n "${FUZZ_RUNS:-}" ] && limit=(-runs="$FUZZ_RUNS")
        # proto: the parser's words (fuzz.mk makes the dictionary).
        dict=(); [ "$t" = proto ] && dict=(-dict="$B/fuzz/proto.dict")
        "$B/fuzz/fuzz_$t" "${limit[@]}" "${dict[@]}" -max_len=$len -print_final_stats=1 \
            -artifact_prefix="$B/fuzz/" "$W" "$C/$t" 2> "$B/fuzz/fuzz-$t.log"
        rc=$?
        runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$B/fuzz/fuzz-$t.log" | grep -o '[0-9]*$')
        secs=$(grep -o 'Done [0-9]* runs in [0-9]* second' "$B/fuzz/fuzz-$t.log" | grep -o '[0-9]* second' | grep -o '[0-9]*')
        echo "fuzz $t: ${runs:-?} executions in ${secs:-?} s, $(ls "$W" | wc -l) inputs kept in $W"
        if [ $rc != 0 ]; then
            echo "*** fuzz $t found a violation (input saved under $B/fuzz/):"; tail -n 40 "$B/fuzz/fuzz-$t.log"; fail=1
        fi
    done ;;
merge)
    for t in "$@"; do
        # From a copy (a fuzzer still running renames its files), into an
        # empty directory: the fewest inputs that reach every edge reached
        # (-use_counters=0: edges, not hit counts, or the corpus grows to
        # thousands of files).
        S="$B/fuzz/snap-$t"; M="$B/fuzz/merge-$t"; rm -rf "$S" "$M"; mkdir -p "$S" "$M"
        cp -r "$C/$t"/. "$S"/ 2>/dev/null; cp -r "$B/fuzz/work-$t"/. "$S"/ 2>/dev/null
        if ! "$B/fuzz/fuzz_$t" -merge=1 -use_counters=0 "$M" "$S" > "$B/fuzz/merge-$t.log" 2>&1 \
                || [ -z "$(ls "$M")" ]; then
            tail "$B/fuzz/merge-$t.log"; fail=1; continue
        fi
        # The inputs kept by name (a fixed finding, tests/fuzz/found)
        # stay as they are: the merge keeps features, not regressions.
        find "$C/$t" -maxdepth 1 -type f ! -regex '.*/[0-9a-f]\{40\}' -exec cp {} "$M"/ \; 2>/dev/null
        before=$(ls "$C/$t" 2>/dev/null | wc -l)
        mkdir -p "$C/$t"; rm -f "$C/$t"/*; cp "$M"/* "$C/$t"/
        echo "fuzz $t: corpus $before -> $(ls "$C/$t" | wc -l) files"
    done ;;
cov)
    P="$B/fuzz-cov"; rm -f "$P"/*.profraw "$P"/*.profdata; objs=()
    for t in "$@"; do
        # -seed=1: libFuzzer shuffles the corpus by its seed, and the
        # order changes what a replay reaches (state left by one input).
        LLVM_PROFILE_FILE="$P/$t.profraw" "$P/fuzz_$t" -runs=0 -seed=1 "$C/$t" > "$P/$t.log" 2>&1 || { tail "$P/$t.log"; fail=1; }
        llvm-profdata merge -o "$P/$t.profdata" "$P/$t.profraw"
        echo "fuzz $t corpus alone, lines of app/ and engine/: $(llvm-cov report "$P/fuzz_$t" \
            -instr-profile="$P/$t.profdata" firmware/app firmware/lib firmware/engine | awk '/^TOTAL/ {print $8 - $9 " of " $8 " (" $10 ")"}')"
        objs+=(-object "$P/fuzz_$t")
    done
    llvm-profdata merge -o "$P/all.profdata" "$P"/*.profraw
    # Every target's runs together, per file (the first -object is the binary).
    llvm-cov report "${objs[@]:1}" -instr-profile="$P/all.profdata" firmware/app firmware/lib firmware/engine \
        | awk '/^Files which/ {skip = 1} /^TOTAL/ {skip = 0} !skip' ;;
esac
exit $fail
