#!/usr/bin/env bash
# run_target.sh BUILD_DIR MODULES BUDGET NIMSIM
# Runs the engine's test vectors on the simulated ATmega328P and on the host,
# requires the two outputs (a digest of each game's lines, target_util.h)
# to be equal byte for byte (a game that differs is run again in full on
# both sides, to show the first line that differs), then turns the cycle
# markers into a per-game table (worst and mean cycles of engine_reply with
# mistake 0 and with mistakes, and of the hint for information) and fails
# when any game's worst reply, either kind, exceeds BUDGET cycles.
# Marker protocol: see tests/target/vectors.c. Writes BUILD_DIR/target-cycles-mMODULES.txt.
set -u
dir=$1 modules=$2 budget=$3 sim=$4
t=$dir/tests/target
# Files of this run only (the build dir is shared: two runs at once must
# not write into each other's outputs); the last run's are kept.
run=$(mktemp -d "$t/run.XXXXXX") || exit 1
trap 'rm -rf "$run"' EXIT
host_out=$run/vectors-host.out     # every line (the cycle table reads it)
host_dig=$run/vectors-host.digest  # each game's output as a digest line
avr_out=$run/vectors-avr.out       # the same from the AVR
marks=$run/vectors.marks
table=$dir/target-cycles-m$modules.txt
max_cycles=60000000000
keep() { cp "$host_out" "$host_dig" "$avr_out" "$marks" "$t/" 2>/dev/null; }

fail() { keep; echo "test-target (MODULES=$modules): FAIL: $*" >&2; exit 1; }

# avr_run OUT [GAME]: the vectors on the simulated chip; with GAME, that
# game's lines in full (EEPROM byte 0; erased: digests only).
avr_run() {
    local eeprom=$run/full.eeprom
    rm -f "$eeprom"
    [ $# -gt 1 ] && { printf "\\x$(printf %02x "$2")"; head -c 1023 /dev/zero | tr '\0' '\377'; } > "$eeprom"
    "$sim" --fast --until-done --max-cycles $max_cycles --modules "$modules" \
        --uart-out "$1" --marks "$marks" ${2:+--eeprom "$eeprom"} "$t/vectors.elf"
}

[ -x "$sim" ] || fail "no simulator at $sim"
"$t/vectors-host" > "$host_dig" || fail "host vectors program failed"
TARGET_FULL=all "$t/vectors-host" > "$host_out" || fail "host vectors program failed (every line)"
avr_run "$avr_out"
rc=$?
[ $rc -eq 0 ] || fail "nimsim exit $rc (3: did not finish in $max_cycles cycles, 4: crash)"

if ! cmp -s "$host_dig" "$avr_out"; then
    line=$(cmp "$host_dig" "$avr_out" 2>&1 | sed -n 's/.* line \([0-9]*\).*/\1/p')
    echo "first difference at line ${line:-?} of the digests (host, then AVR):" >&2
    [ -n "$line" ] && { sed -n "${line}p" "$host_dig"; sed -n "${line}p" "$avr_out"; } >&2
    # the game whose digest differs, run again with its lines in full
    g=$(sed -n "${line:-0}p" "$host_dig" | sed -n 's/^= \([0-9a-f][0-9a-f]\) .*/\1/p')
    if [ -n "$g" ]; then
        TARGET_FULL=$((16#$g)) "$t/vectors-host" > "$run/game-host.out"
        avr_run "$run/game-avr.out" $((16#$g))
        l=$(cmp "$run/game-host.out" "$run/game-avr.out" 2>&1 | sed -n 's/.* line \([0-9]*\).*/\1/p')
        echo "game $g in full: first difference at line ${l:-?} (host, then AVR):" >&2
        [ -n "$l" ] && { sed -n "${l}p" "$run/game-host.out"; sed -n "${l}p" "$run/game-avr.out"; } >&2
        cp "$run/game-host.out" "$run/game-avr.out" "$t/" 2>/dev/null
    fi
    fail "the AVR's answers differ from the host's ($t/vectors-host.digest, $t/vectors-avr.out)"
fi
games=$(grep -c '^# ' "$host_out")
lines=$(wc -l < "$host_out")
grep -q "^end $games games$" "$avr_out" || fail "the vector program did not finish all games"

# Per game: reply (1..2), hint (3..4), reply with mistakes (5..6); the cost of
# an empty marker pair (after 0xF0) is taken off every figure.
awk -v budget="$budget" -v modules="$modules" -v hostout="$host_out" '
    function hex(s,   i, v) { v = 0; for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v }
    BEGIN {
        g = -1; cal = 0; over = -1
        while ((getline l < hostout) > 0) {
            split(l, f, " ")
            if (l ~ /^# /) { i = hex(f[2]); sub(/^# [0-9a-f]+ /, "", l); name[i] = l }
            else if (f[2] == "0") vectors[i]++     # a position the engine answered
        }
    }
    function add(kind, c,   k) {
        k = g SUBSEP kind
        n[k]++; sum[k] += c
        if (c > worst[k]) { worst[k] = c; at[k] = n[k] }
    }
    {
        c = $1; v = $2
        if (v == 240) { cal = 1; next }
        if (v >= 128 && v < 240) { g = v - 128; cal = 0; if (g + 1 > ng) ng = g + 1; next }
        if (v == 1 || v == 3 || v == 5) { start = c; open = v; next }
        if (v != open + 1) { print "unpaired marker " v " at cycle " c > "/dev/stderr"; bad = 1; next }
        d = c - start
        if (cal) { if (over < 0 || d < over) over = d; next }
        add(v, d)
    }
    END {
        if (over < 0) { print "no calibration pairs" > "/dev/stderr"; exit 1 }
        printf "engine_reply cycles on %d columns (ATmega328P, simavr; marker pair overhead %d cycles taken off)\n", 8 * modules, over
        printf "%-32s %7s %8s %8s | %8s %8s | %9s %9s\n", "game", "replies", "worst", "mean", "hint wc", "mean", "mistake wc", "mean"
        for (i = 0; i < ng; i++) {
            k = i SUBSEP 2; h = i SUBSEP 4; m = i SUBSEP 6
            if (n[k] != vectors[i]) {
                printf "%s: %d replies measured for %d vectors\n", name[i], n[k], vectors[i] > "/dev/stderr"
                bad = 1
                if (!n[k]) continue
            }
            w = worst[k] - over; mean = sum[k] / n[k] - over
            wm = n[m] ? worst[m] - over : 0
            flag = (w > budget || wm > budget) ? "  OVER BUDGET" : ""
            if (w > budget || wm > budget) bad = 1
            if (w > all_worst) { all_worst = w; all_name = name[i] }
            if (wm > all_mistake) { all_mistake = wm; mistake_name = name[i] }
            printf "%-32s %7d %8d %8.0f | %8d %8.0f | %9d %9.0f%s\n", name[i], n[k], w, mean,
                worst[h] - over, n[h] ? sum[h] / n[h] - over : 0,
                worst[m] - over, n[m] ? sum[m] / n[m] - over : 0, flag
            worst_at[i] = at[k]
        }
        printf "worst reply of all: %d cycles (%s), with mistakes %d (%s); budget %d cycles: %s\n", all_worst, all_name, all_mistake, mistake_name, budget, bad ? "FAILED" : "met"
        # where each game'\''s worst reply happened: the n-th measured vector
        for (i = 0; i < ng; i++) printf "worst-at %d %d\n", i, worst_at[i] > "/dev/stderr"
        exit bad ? 2 : 0
    }' "$marks" > "$run/table" 2> "$run/where"
verdict=$?
cat "$run/table"
grep -v '^worst-at' "$run/where" >&2
# The vector line of each game's worst reply (a measured vector is a line
# whose check_pos field is 0).
awk 'function hex(s,   i, v) { v = 0; for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v }
     FNR == NR { if ($1 == "worst-at") want[$2] = $3; next }
     /^# / { g = hex($2); k = 0; next }
     $2 == "0" { k++; if (k == want[g]) printf "  worst %s: %s\n", g, $0 }' \
    "$run/where" "$host_out" >> "$run/table"
echo "vectors: $lines lines, $games games, AVR output = host output (as $(grep -c '^= ' "$host_dig") game digests; $(wc -c < "$host_out") bytes as text)" | tee -a "$run/table"
mv "$run/table" "$table"
keep
if [ $verdict -ne 0 ]; then
    fail "a reply over the budget of $budget cycles, or a marker fault"
fi
echo "test-target (MODULES=$modules): passed"
