#!/usr/bin/env bash
# test_flash.sh B NIMSIM BOOTLOADER_HEX
# Proves `make flash` end to end: a simulated ATmega328P holding Debian's
# Arduino bootloader (and a blank application section, as a new chip) gets
# the project's own `make flash` over a pty at 57600 baud; avrdude must write
# and verify; the chip's flash must then equal nim.hex byte for byte; and the
# game the bootloader hands over to must answer the PC link.
set -euo pipefail
B=$1 NIMSIM=$2 BOOT=$3
work=$(mktemp -d)
sim_pid=""
cleanup() {
    [ -n "$sim_pid" ] && kill "$sim_pid" 2>/dev/null && wait "$sim_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "test-flash: FAIL: $*"; exit 1; }

[ -f "$BOOT" ] || fail "bootloader $BOOT missing (make deps installs arduino-core-avr)"

# 1. A chip with the bootloader only, its UART on a pty, paced to real time
#    (the bootloader's timeouts are in real time for avrdude).
#    Its pty is the /dev/pts path simavr prints, not the /tmp/simavr-uart0
#    link it also makes: any other simulator started with --pty (the tests
#    run side by side) moves that link.
"$NIMSIM" --realtime --erase --bootloader "$BOOT" --pty --dump-flash "$work/flash.bin" \
    "$B/nim.elf" >"$work/sim.log" 2>&1 &
sim_pid=$!
PTY=
for _ in $(seq 50); do
    PTY=$(grep -o '/dev/pts/[0-9]*' "$work/sim.log" | head -1) && [ -n "$PTY" ] && break
    sleep 0.1
done
[ -n "$PTY" ] && [ -e "$PTY" ] || { cat "$work/sim.log"; fail "the simulator made no pty"; }

# 2. The project's own make flash, as a user runs it.
if ! make --no-print-directory flash PORT="$PTY" BAUD=57600 >"$work/flash.log" 2>&1; then
    cat "$work/flash.log"; fail "make flash failed"
fi
grep -E "bytes of flash (verified|written)" "$work/flash.log" || true
grep -qE "[0-9]+ bytes of flash verified" "$work/flash.log" \
    || { cat "$work/flash.log"; fail "avrdude did not verify the flash"; }

# 3. The bootloader starts the game: it must answer the PC link.
tests/flash/pty_talk.py "$PTY" VER "OK VER NIM" 20 || { cat "$work/sim.log"; fail "the flashed game does not answer VER"; }

# 4. The chip's flash equals nim.hex (the hex holds flash only).
kill "$sim_pid"; wait "$sim_pid" 2>/dev/null || true; sim_pid=""
avr-objcopy -I ihex -O binary "$B/nim.hex" "$work/hex.bin"
n=$(stat -c %s "$work/hex.bin")
cmp -n "$n" "$work/hex.bin" "$work/flash.bin" || fail "chip flash differs from nim.hex"
# and nothing was written past the image
tail -c +$((n + 1)) "$work/flash.bin" | tr -d '\377' | head -c 1 | grep -q . && fail "bytes written past the image"
echo "test-flash: avrdude wrote and verified $n bytes through the bootloader; chip flash == nim.hex; game answered VER"
echo "1 passed, 0 failed"
