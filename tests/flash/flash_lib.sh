# flash_lib.sh - sourced by the flash tests: a simulated chip on a pty.
# Needs NIMSIM; flash_test_begin makes work (a scratch directory); the
# chip's functions set sim_pid and PTY.

# flash_test_begin NAME: scratch directory, the chip stopped and the
# directory gone at exit, fail's messages named NAME.
flash_test_begin() {
    flash_test=$1
    work=$(mktemp -d)
    sim_pid=""
    trap flash_test_end EXIT
}
flash_test_end() {
    flash_sim_stop
    rm -rf "$work"
}
fail() {
    echo "$flash_test: FAIL: $*"
    exit 1
}

# flash_sim_start LOG NIMSIM-ARGS...: starts the chip, paced to real time
# (a bootloader's time-outs are real time for avrdude), its UART on a pty.
# The pty is the /dev/pts path nimsim prints once the port is watched
# (--auto-reset sees opens from then on), not the /tmp/simavr-uart0 link
# simavr also makes: any other simulator started with --pty (the tests run
# side by side) moves that link.
flash_sim_start() {
    local log=$1
    shift
    "$NIMSIM" --realtime --pty "$@" >"$log" 2>&1 &
    sim_pid=$!
    PTY=
    for _ in $(seq 50); do
        PTY=$(sed -n 's|^nimsim: pty ready: \(/dev/pts/[0-9]*\)$|\1|p' "$log" | head -1) && [ -n "$PTY" ] && break
        sleep 0.1
    done
    [ -n "$PTY" ] && [ -e "$PTY" ] || { cat "$log"; fail "the simulator made no pty"; }
}

# flash_sim_stop: ends the chip (its --dump-flash is written at exit).
flash_sim_stop() {
    if [ -n "${sim_pid:-}" ]; then
        kill "$sim_pid" 2>/dev/null || true
        wait "$sim_pid" 2>/dev/null || true
        sim_pid=""
    fi
}

# flash_same_as_hex HEX FLASH_BIN: the chip's application flash equals the
# hex byte for byte, and nothing was written past the image.
flash_same_as_hex() {
    avr-objcopy -I ihex -O binary "$1" "$work/hex.bin"
    local n
    n=$(stat -c %s "$work/hex.bin")
    cmp -n "$n" "$work/hex.bin" "$2" || fail "chip flash differs from $1"
    if tail -c +$((n + 1)) "$2" | tr -d '\377' | head -c 1 | grep -q .; then
        fail "bytes written past the image"
    fi
    flash_bytes=$n
}
