#!/usr/bin/env bash
# test_flash_optiboot.sh B NIMSIM OPTIBOOT_HEX HFUSE DEBIAN_HEX
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
# avrdude is refused with the rate model and let through without it.
set -euo pipefail
B=$1 NIMSIM=$2 OPTI=$3 HFUSE=$4 DEBIAN=$5
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
flash_sim_start "$work/sim.log" --auto-reset --baud-check --erase --bootloader "$OPTI" --hfuse "$HFUSE" \
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

# avrdude reading the signature only, one sync attempt: a quick look at
# whether Optiboot answers. $1: baud; the rest: nimsim's adapter options.
sync_once() {
    local baud=$1
    shift
    flash_sim_start "$work/sim2.log" "$@" --erase --bootloader "$OPTI" --hfuse "$HFUSE" "$B/nim.elf"
    local rc=0
    avrdude -c arduino -p m328p -P "$PTY" -b "$baud" -x attempts=1 >"$work/sync.log" 2>&1 || rc=$?
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
sync_once 57600 --auto-reset || { cat "$work/sync.log"; fail "without --baud-check, 57600 should pass on a pty"; }
grep -q "device signature = 0x1e950f" "$work/sync.log" || { cat "$work/sync.log"; fail "no signature read"; }
pass "without --baud-check the same 57600 reaches Optiboot (signature 0x1e950f): a pty carries any rate"

echo "test-flash-optiboot: $passed checks in $(printf '%.1f' "$(echo "$(date +%s.%N) - $t0" | bc)") s"
echo "1 passed, 0 failed"
