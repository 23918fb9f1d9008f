#!/usr/bin/env bash
# test_flash_optiboot.sh B NIMSIM OPTIBOOT_HEX HFUSE LOCK DEBIAN_HEX
# The handheld's route, end to end: a simulated bare ATmega328P holding the
# Optiboot that make bootloader burns (built from Debian's source), started
# as its high fuse says (BOOTRST, BOOTSZ), gets the project's own
# `make flash` at 115200 baud through a modelled USB-serial adapter: opening
# the port resets the chip (DTR through 100 nF, EXTRF) and bytes cross only
# when both ends run the same rate. avrdude must write and verify, the
# chip's flash must equal nim.hex, and the game Optiboot starts (by a
# watchdog reset) must answer the PC link. Then the model is shown to
# matter: without the auto-reset Optiboot never listens (it waits for a host
# after an external reset only), and at 57600 baud (the old bootloader's)
# avrdude is refused with the rate model and let through without it; and
# the lock bits keep an image that runs into the boot section out of it.
set -euo pipefail
B=$1 NIMSIM=$2 OPTI=$3 HFUSE=$4 LOCK=$5 DEBIAN=$6
. tests/flash/flash_lib.sh
flash_test_begin test-flash-optiboot
passed=0
pass() { echo "  ok   $*"; passed=$((passed + 1)); }
t0=$(date +%s.%N)

# 0. Debian's shipped hex does not fit the chip: the simulated chip's loader
#    refuses it with the reason (why make bootloader builds its own).
if [ -f "$DEBIAN" ]; then
    if "$NIMSIM" --bootloader "$DEBIAN" --hfuse "$HFUSE" --max-cycles 1 "$B/nim.elf" >"$work/deb.log" 2>&1; then
        fail "Debian's $DEBIAN loaded, but it runs past the flash's end"
    fi
    grep -q "beyond the flash's end" "$work/deb.log" || { cat "$work/deb.log"; fail "no reason given for Debian's hex"; }
    pass "Debian's optiboot_atmega328.hex refused: $(grep -o 'data at [^,]*' "$work/deb.log" | head -1) is past 0x7fff"
fi

# 1. The route: Optiboot alone on the chip, the application section blank.
flash_sim_start "$work/sim.log" --auto-reset --baud-check --lock "$LOCK" --erase --bootloader "$OPTI" --hfuse "$HFUSE" \
    --dump-flash "$work/flash.bin" "$B/nim.elf"
if ! make --no-print-directory flash PORT="$PTY" >"$work/flash.log" 2>&1; then
    cat "$work/flash.log"; fail "make flash (Optiboot, 115200) failed"
fi
grep -q -- "-b 115200" "$work/flash.log" || fail "make flash did not default to Optiboot's 115200 baud"
grep -qE "[0-9]+ bytes of flash verified" "$work/flash.log" \
    || { cat "$work/flash.log"; fail "avrdude did not verify the flash"; }
pass "make flash: $(grep -oE '[0-9]+ bytes of flash verified' "$work/flash.log") through Optiboot at 115200 (write, read: $(grep -oE '100% [0-9.]+ ?s' "$work/flash.log" | sed 's/100% //' | tr '\n' ' '))"
tests/flash/pty_talk.py "$PTY" VER "OK VER NIM" 20 115200 >"$work/ver.log" \
    || { cat "$work/ver.log" "$work/sim.log"; fail "the flashed game does not answer VER"; }
pass "the game Optiboot started answers VER: $(grep 'OK VER' "$work/ver.log")"
flash_sim_stop
flash_same_as_hex "$B/nim.hex" "$work/flash.bin"
pass "chip flash == nim.hex ($flash_bytes bytes), nothing past it"

# One avrdude run on a fresh chip (signature read only, unless $avrdude_u
# says what to write), $attempts syncs: one where it must fail (each failed
# sync costs avrdude 6 s), three where it must get through (a sync can be
# lost to the machine's load, as on a bench). $1: baud; the rest: nimsim's
# options (the adapter's, --lock).
avrdude_u=""
attempts=1
sync_once() {
    local baud=$1
    shift
    flash_sim_start "$work/sim2.log" "$@" --erase --bootloader "$OPTI" --hfuse "$HFUSE" "$B/nim.elf"
    local rc=0
    # shellcheck disable=SC2086  # avrdude_u is words
    avrdude -c arduino -p m328p -P "$PTY" -b "$baud" -x attempts="$attempts" $avrdude_u >"$work/sync.log" 2>&1 || rc=$?
    flash_sim_stop
    return $rc
}

# 2. Without the auto-reset, Optiboot never listens: power-on (PORF) and
#    its own watchdog resets start the application (here blank flash, which
#    runs through to the boot section and round again).
if sync_once 115200 --baud-check; then
    fail "avrdude reached Optiboot without an external reset"
fi
grep -q "not in sync\|not responding" "$work/sync.log" || { cat "$work/sync.log"; fail "avrdude failed otherwise"; }
pass "without --auto-reset (no EXTRF): avrdude gets no answer"

# 3. The wrong rate: make flash for the old bootloader (57600) against
#    Optiboot fails as on the bench ...
flash_sim_start "$work/sim3.log" --auto-reset --baud-check --erase --bootloader "$OPTI" --hfuse "$HFUSE" "$B/nim.elf"
if make --no-print-directory flash PORT="$PTY" BOOTLOADER=atmegaboot AVRDUDE="avrdude -x attempts=1" \
    >"$work/flash57.log" 2>&1; then
    fail "make flash at 57600 got through to Optiboot at 115200"
fi
flash_sim_stop
grep -q "not in sync\|not responding" "$work/flash57.log" || { cat "$work/flash57.log"; fail "avrdude failed otherwise"; }
pass "make flash BOOTLOADER=atmegaboot (57600) against Optiboot: $(grep -o 'not in sync[^$]*\|not responding' "$work/flash57.log" | head -1)"
#    ... which a pty alone lets through: the rate model is what catches it.
attempts=3 sync_once 57600 --auto-reset || { cat "$work/sync.log"; fail "without --baud-check, 57600 should pass on a pty"; }
grep -q "device signature = 0x1e950f" "$work/sync.log" || { cat "$work/sync.log"; fail "no signature read"; }
pass "without --baud-check the same 57600 reaches Optiboot (signature 0x1e950f): a pty carries any rate"

# 4. The lock bits make bootloader writes (0x0F) keep SPM out of the boot
#    section: an image that runs into it (two pages, 0x7780 and 0x7800) is
#    refused past 0x77FF and Optiboot is left whole ...
python3 -c 'import sys; sys.stdout.buffer.write(bytes(range(256)))' >"$work/edge.bin"  # none 0xFF at 0x7800
avr-objcopy -I binary -O ihex --change-addresses 0x7780 "$work/edge.bin" "$work/edge.hex"
avrdude_u="-D -U flash:w:$work/edge.hex:i"
if sync_once 115200 --auto-reset --baud-check --lock "$LOCK"; then
    fail "an image into the boot section was written with lock bits $LOCK"
fi
grep -q "device 0xff != input 0x80 at addr 0x7800" "$work/sync.log" \
    || { cat "$work/sync.log"; fail "the refusal is not at the boot section's start"; }
pass "lock $LOCK: writing 0x7780..0x787F verifies up to 0x77FF and is refused from 0x7800 (the boot section)"
#    ... where simavr's own SPM writes anywhere.
NIMSIM_KEEP_BUGS=spm attempts=3 sync_once 115200 --auto-reset --baud-check --lock "$LOCK" \
    || { cat "$work/sync.log"; fail "simavr's SPM refused the boot section too: the model is not what decides"; }
pass "with simavr's SPM (NIMSIM_KEEP_BUGS=spm) the same image goes into the boot section"
avrdude_u=""

# 5. SPM from the application section does nothing on the chip; simavr's
#    writes the page (tests/flash/spm_app.c fills 0x4000 with 34 12).
spm_page() {
    "$NIMSIM" --until-done --max-cycles 1000000 --dump-flash "$work/spm.bin" "$B/tests/flash/spm_app.elf" \
        >"$work/spm.log" 2>&1 || { cat "$work/spm.log"; fail "spm_app did not run to its end"; }
    got=$(od -An -tx1 -j $((0x4000)) -N 4 "$work/spm.bin" | tr -d ' \n')
}
spm_page
[ "$got" = ffffffff ] || fail "SPM from the application section changed the flash (0x4000: $got)"
NIMSIM_KEEP_BUGS=spm spm_page
[ "$got" = 34123412 ] || fail "simavr's SPM from the application section should write 34 12 (0x4000: $got)"
pass "SPM from the application section leaves the page erased (simavr's own writes it: $got)"

echo "test-flash-optiboot: $passed checks in $(printf '%.1f' "$(echo "$(date +%s.%N) - $t0" | bc)") s"
echo "1 passed, 0 failed"
