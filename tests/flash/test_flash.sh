#!/usr/bin/env bash
# test_flash.sh B NIMSIM BOOTLOADER_HEX
# Proves `make flash` end to end: a simulated ATmega328P holding Debian's
# Arduino bootloader (and a blank application section, as a new chip) gets
# the project's own `make flash` over a pty at 57600 baud; avrdude must write
# and verify; the chip's flash must then equal nim.hex byte for byte; and the
# game the bootloader hands over to must answer the PC link.
set -euo pipefail
B=$1 NIMSIM=$2 BOOT=$3
. tests/flash/flash_lib.sh
flash_test_begin test-flash

[ -f "$BOOT" ] || fail "bootloader $BOOT missing (make deps installs arduino-core-avr)"

# 1. A chip with the bootloader only, its UART on a pty.
flash_sim_start "$work/sim.log" --erase --bootloader "$BOOT" --dump-flash "$work/flash.bin" "$B/nim.elf"

# 2. The project's own make flash, as a user runs it.
if ! make --no-print-directory flash PORT="$PTY" BOOTLOADER=atmegaboot >"$work/flash.log" 2>&1; then
    cat "$work/flash.log"; fail "make flash failed"
fi
grep -E "bytes of flash (verified|written)" "$work/flash.log" || true
grep -qE "[0-9]+ bytes of flash verified" "$work/flash.log" \
    || { cat "$work/flash.log"; fail "avrdude did not verify the flash"; }

# 3. The bootloader starts the game: it must answer the PC link.
tests/flash/pty_talk.py "$PTY" VER "OK VER NIM" 20 || { cat "$work/sim.log"; fail "the flashed game does not answer VER"; }

# 4. The chip's flash equals nim.hex (the hex holds flash only).
flash_sim_stop
flash_same_as_hex "$B/nim.hex" "$work/flash.bin"
n=$flash_bytes
echo "test-flash: avrdude wrote and verified $n bytes through the bootloader; chip flash == nim.hex; game answered VER"
echo "1 passed, 0 failed"
