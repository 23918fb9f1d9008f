#!/usr/bin/env bash
# run_e2e.sh NIMSIM ELF OUTDIR SCRIPT... - runs each end-to-end script on
# the real firmware under the simulator, with its own EEPROM image, and
# prints one line per script and the tally. A script may start with
#   #! eeprom blank|zero|garbage   prepare the EEPROM image before the run
#   #! eeprom xxd FILE             or take it from FILE (xxd -p text)
# (garbage is deterministic: the same bytes every run), and
#   #! clicks N HZ                 the piezo pin (a VCD) must show N tones
#                                  of HZ, all of one length (clicks.py).
set -u
sim=$1 elf=$2 out=$3
shift 3
mkdir -p "$out"
pass=0 fail=0
for s in "$@"; do
    name=$(basename "$s" .nims)
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
    vcd=()
    [ -n "$clicks" ] && vcd=(--vcd "$out/$name.vcd")
    if "$sim" --script "$s" --eeprom "$ee" --uart-out "$out/$name.uart" "${vcd[@]}" "$elf" > "$out/$name.log" 2>&1 \
       && { [ -z "$clicks" ] || tests/e2e/clicks.py "$out/$name.vcd" $clicks >> "$out/$name.log" 2>&1; }; then
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
if timeout 120 make --no-print-directory play PLAY_ELF="$elf" PLAY_EEPROM="$out/play.eeprom" \
        < tests/e2e/nim_machine.nims > "$out/play.log" 2>&1 \
   && grep -q "LOG END H" "$out/play.log" && grep -q "LOG END M" "$out/play.log"; then
    echo "e2e PASS make play < nim_machine.nims (whole games to LOG END)"
    pass=$((pass + 1))
else
    echo "e2e FAIL make play < nim_machine.nims"
    tail -n 20 "$out/play.log" | sed 's/^/    | /'
    fail=$((fail + 1))
fi
echo "e2e: $pass passed, $fail failed ($((pass + fail)) scripts)"
[ "$fail" -eq 0 ]
