#!/usr/bin/env bash
# run_e2e.sh [--modules N] NIMSIM ELF OUTDIR SCRIPT... - runs each
# end-to-end script on the real firmware under the simulator, with its own
# EEPROM image, and prints one line per script and the tally. The scripts
# are written for 8 columns; a build of N modules (8N columns) runs each as
# cols.awk turns it, from OUTDIR. A script may start with
#   #! eeprom blank|zero|garbage   prepare the EEPROM image before the run
#   #! eeprom xxd FILE             or take it from FILE (xxd -p text)
# (garbage is deterministic: the same bytes every run), and
#   #! clicks N HZ                 the piezo pin (a VCD) must show N tones
#                                  of HZ, all of one length (clicks.py).
#   #! walk N                      the trace (nimsim --trace) must show N
#                                  board-test walks, every frame in order
#                                  and on time, no EEPROM write inside the
#                                  test, and each check refusing a planted
#                                  fault (walk.py --mutants).
#   #! cols 8                      only a build of these columns runs it
set -u
modules=1
if [ "${1:-}" = --modules ]; then modules=$2; shift 2; fi
cols=$((8 * modules))
sim=$1 elf=$2 out=$3
shift 3
mkdir -p "$out"
pass=0 fail=0 skip=0
# The script as this build runs it: itself on 8 columns, else widened.
script_for() {
    local s=$1
    if [ "$cols" -eq 8 ]; then echo "$s"; return; fi
    awk -v cols="$cols" -f tests/e2e/cols.awk "$s" > "$out/$(basename "$s")"
    echo "$out/$(basename "$s")"
}
for s in "$@"; do
    name=$(basename "$s" .nims)
    only=$(sed -n 's/^#! cols \([0-9 ]*\).*/\1/p' "$s" | head -1)
    if [ -n "$only" ] && ! grep -qw "$cols" <<<"$only"; then
        echo "e2e SKIP $name (for $only columns, not $cols)"
        skip=$((skip + 1))
        continue
    fi
    ee=$out/$name.eeprom
    rm -f "$ee"
    prep=$(sed -n 's/^#! eeprom \([a-z]*\).*/\1/p' "$s" | head -1)
    prep_file=$(sed -n 's/^#! eeprom xxd \([^ ]*\).*/\1/p' "$s" | head -1)
    case "$prep" in
    blank) python3 -c "import sys; sys.stdout.buffer.write(b'\xff' * 1024)" > "$ee" ;;
    zero) python3 -c "import sys; sys.stdout.buffer.write(bytes(1024))" > "$ee" ;;
    xxd) xxd -r -p "$prep_file" > "$ee" ;;
    garbage) python3 -c "import random, sys; r = random.Random(7); sys.stdout.buffer.write(bytes(r.randrange(256) for _ in range(1024)))" > "$ee" ;;
    esac
    clicks=$(sed -n 's/^#! clicks \([0-9]* [0-9]*\).*/\1/p' "$s" | head -1)
    recs=()
    [ -n "$clicks" ] && recs=(--vcd "$out/$name.vcd")
    walks=$(sed -n 's/^#! walk \([0-9]*\).*/\1/p' "$s" | head -1)
    [ -n "$walks" ] && recs+=(--trace "$out/$name.trace")
    if "$sim" --script "$(script_for "$s")" --eeprom "$ee" --uart-out "$out/$name.uart" "${recs[@]}" "$elf" > "$out/$name.log" 2>&1 \
       && { [ -z "$clicks" ] || tests/e2e/clicks.py "$out/$name.vcd" $clicks >> "$out/$name.log" 2>&1; } \
       && { [ -z "$walks" ] || tests/e2e/walk.py --mutants "$out/$name.trace" "$walks" >> "$out/$name.log" 2>&1; }; then
        echo "e2e PASS $name"
        pass=$((pass + 1))
    else
        echo "e2e FAIL $name"
        grep -v UNSUPPORTED "$out/$name.log" | sed 's/^/    /'
        echo "    UART output ($out/$name.uart):"
        tail -n 15 "$out/$name.uart" | sed 's/^/    | /'
        fail=$((fail + 1))
    fi
done
# make play itself, as CI has it (no terminal): the whole game against the
# perfect machine, read from standard input, printed as text, to its end.
rm -f "$out/play.eeprom"
if timeout 120 make --no-print-directory play MODULES="$modules" PLAY_ELF="$elf" PLAY_EEPROM="$out/play.eeprom" \
        < "$(script_for tests/e2e/nim_machine.nims)" > "$out/play.log" 2>&1 \
   && grep -q "LOG END H" "$out/play.log" && grep -q "LOG END M" "$out/play.log"; then
    echo "e2e PASS make play < nim_machine.nims (whole games to LOG END)"
    pass=$((pass + 1))
else
    echo "e2e FAIL make play < nim_machine.nims"
    tail -n 20 "$out/play.log" | sed 's/^/    | /'
    fail=$((fail + 1))
fi
skipped=''
[ "$skip" -gt 0 ] && skipped=", $skip skipped"
echo "e2e: $pass passed, $fail failed ($((pass + fail)) scripts, $cols columns$skipped)"
[ "$fail" -eq 0 ]
