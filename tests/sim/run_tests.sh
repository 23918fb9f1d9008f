#!/usr/bin/env bash
# Harness self-tests of nimsim: run_tests.sh NIMSIM DIR MODULES
# DIR holds fw_board.elf, fw_uart.elf, fw_udre.elf, fw_txbuf.elf, fw_eehalt.elf and test_max7219 (tests/sim/sim.mk).
# Each check prints ok/FAIL; the last line is the tally. A check that tests
# a simavr 1.6 workaround also runs with NIMSIM_KEEP_BUGS=<name> and must
# then see the bug, so the workaround is shown to matter.
set -u
NIMSIM=$1 DIR=$2 MODULES=${3:-1}
FW=$DIR/fw_board.elf FWU=$DIR/fw_uart.elf S=tests/sim/scripts
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0

ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; [ -s "$T/err" ] && sed 's/^/     | /' "$T/err" | head -20; }
# check NAME EXPECTED_RC CMD...: runs CMD (stdout in $T/out, stderr in $T/err)
check() {
    local name=$1 want=$2; shift 2
    "$@" >"$T/out" 2>"$T/err"
    local rc=$?
    if [ "$rc" -eq "$want" ]; then ok "$name"; else echo "     rc=$rc, wanted $want"; bad "$name"; fi
}

# --- the MAX7219 model (host unit tests) -----------------------------------
if "$DIR/test_max7219" >"$T/out" 2>"$T/err"; then ok "max7219 model: $(tail -1 "$T/out")"
else cat "$T/out" "$T/err"; bad "max7219 model"; fi

# --- on-target test program shape: UART at 1 Mbaud, markers, cli+sleep ------
check "until-done: 1 Mbaud UART program ends, exit 0" 0 \
    "$NIMSIM" --fast --until-done --max-cycles 100000000 --uart-out "$T/u" --marks "$T/m" "$FWU"
python3 - "$T/u" <<'PY' && ok "1 Mbaud UART: all 4000 bytes captured in order" || bad "1 Mbaud UART capture"
import sys
got = open(sys.argv[1], 'rb').read()
want = bytes(32 + i % 95 for i in range(4000))
sys.exit(0 if got == want else 1)
PY
if [ "$(cut -d' ' -f2 "$T/m" | tr '\n' ' ')" = "1 2 2 3 " ] && sort -n -c "$T/m" 2>/dev/null; then
    ok "marks: every GPIOR1 write recorded (the same value twice too), cycles rising"
else cat "$T/m"; bad "marks"; fi
check "--max-cycles before the end: exit 3" 3 "$NIMSIM" --until-done --max-cycles 1000 "$FWU"

# --- clock from board.h (the ELF has no .mmcu) -----------------------------
txc_cycles() {
    printf 'expect-uart ready\nsend txc\nwait 20ms\n' > "$T/txc.nims"
    NIMSIM_KEEP_BUGS=${1:-} "$NIMSIM" --script "$T/txc.nims" --marks "$T/mt" "$FW" >/dev/null 2>&1
    awk '$2==1{a=$1} $2==2{b=$1} END{print b-a}' "$T/mt"
}
# One 8N1 frame is 10 bits (datasheet 20.4) at 117647 baud (U2X, UBRR0 16:
# 136 cycles a bit) = 85 us = 1360 cycles at 16 MHz; simavr counts a parity
# bit that 8N1 has not (11 bits, 1496 cycles): the uart fix.
c=$(txc_cycles)
if [ "$c" -ge 1360 ] && [ "$c" -le 1400 ]; then ok "F_CPU 16 MHz: one 8N1 UART frame takes $c cycles (10 bits)"
else bad "F_CPU / UART: one frame took '$c' cycles, wanted 1360..1400 (10 bits)"; fi
c=$(txc_cycles uart)
if [ "$c" -ge 1496 ] && [ "$c" -le 1536 ]; then ok "without the UART fix a frame takes 11 bit times ($c cycles)"
else bad "bug uart not reproduced ($c cycles, wanted 1496..1536)"; fi
# TXEN0 off and on again (the firmware's watchdog restart): UDRE0 must be
# set, the buffer being empty; simavr 1.6 leaves it clear (the udre fix).
udre_mark() {
    NIMSIM_KEEP_BUGS=${1:-} "$NIMSIM" --fast --until-done --max-cycles 20000000 --marks "$T/mu" \
        "$DIR/fw_udre.elf" >/dev/null 2>&1
    cut -d' ' -f2 "$T/mu"
}
if [ "$(udre_mark)" = 1 ]; then ok "UDRE0 set after TXEN0 goes off and on again"
else bad "UDRE0 after TXEN0 off and on: mark '$(udre_mark)', wanted 1"; fi
if [ "$(udre_mark udre)" = 2 ]; then ok "without the udre fix UDRE0 stays clear for good"
else bad "bug udre not reproduced"; fi
# The transmit buffer (datasheet 20.6.3): after a byte written to an idle
# transmitter UDRE0 is set again at once, the second byte waits a frame
# (1,360 cycles) and TXC0 comes after two; simavr 1.6 clears UDRE0 for a
# whole frame after each byte (the txbuf fix), so its replies ran a frame
# late (webdiff's octal_misere drifted 21,932 cycles from avr8js).
txbuf_gaps() {
    NIMSIM_KEEP_BUGS=${1:-} "$NIMSIM" --fast --until-done --max-cycles 20000000 --marks "$T/mb" \
        "$DIR/fw_txbuf.elf" >/dev/null 2>&1
    awk '{ t[$2] = $1 } END { print t[2] - t[1], t[4] - t[1], t[5] - t[1] }' "$T/mb"
}
read -r a b c <<< "$(txbuf_gaps)"
if [ "${a:-9999}" -le 20 ] && [ "${b:-0}" -ge 1360 ] && [ "$b" -le 1400 ] && [ "${c:-0}" -ge 2720 ] && [ "$c" -le 2760 ]; then
    ok "UART buffer: UDRE0 again $a cycles after a byte to an idle transmitter, a frame ($b) for the next, TXC0 after two ($c)"
else bad "UART buffer: UDRE0 after $a cycles, next after $b, TXC0 after $c (wanted <= 20, 1360..1400, 2720..2760)"; fi
read -r a b c <<< "$(txbuf_gaps txbuf)"
if [ "${a:-0}" -ge 1360 ]; then ok "without the txbuf fix UDRE0 stays clear a frame after each byte ($a cycles)"
else bad "bug txbuf not reproduced ($a cycles)"; fi
# simavr converts cycles to time with its own clock (1 MHz without .mmcu):
# the VCD time of the first marker must be its cycle at BOARD_F_CPU.
vcd_check() {
    NIMSIM_KEEP_BUGS=${1:-} "$NIMSIM" --script "$S/frame.nims" --vcd "$T/f.vcd" --marks "$T/mv" "$FW" >/dev/null 2>&1
    python3 - "$T/f.vcd" "$T/mv" <<'PY'
import sys, re
v = open(sys.argv[1]).read()
unit = {"1ns": 1, "10ns": 10, "100ns": 100, "1us": 1000, "1ps": 0.001}[re.search(r"\$timescale\s*(\S+)\s*\$end", v).group(1)]
mid = re.search(r"\$var wire 8 (\S+) MARK", v).group(1)
t = None
for line in v.splitlines():
    if line.startswith("#"): t = int(line[1:])
    elif line.endswith(" " + mid) and not line.startswith("bx"): break
cycle = int(open(sys.argv[2]).readline().split()[0])
ratio = t * unit / (cycle * 1e9 / 16e6)
print(f"{ratio:.3f}")
PY
}
r=$(vcd_check)
[ "$r" = 1.000 ] && ok "VCD time = cycles at 16 MHz (ratio $r)" || bad "VCD time ratio $r"
r=$(vcd_check freq)
[ "$r" = 16.000 ] && ok "without the F_CPU fix simavr's time runs 16x slow (ratio $r)" || bad "bug freq not reproduced ($r)"

# --- MAX7219 through the real SPI and CS pins --------------------------------
if [ "$MODULES" = 1 ]; then FR=$S/frame.nims
else
    # The same known frame for a wider chain, from fw_board's frame_col.
    python3 - "$MODULES" "$T" <<'PY'
import sys
n, t = int(sys.argv[1]), sys.argv[2]
cols = [((1 << ((c * 5 + 1) % 8)) | (1 << (c % 8)) | (0x80 if c == 0 else 0)) & 0xFF for c in range(8 * n)]
pic = "\n".join("".join("#" if cols[c] >> r & 1 else "." for c in range(8 * n)) for r in range(7, -1, -1))
open(f"{t}/frame.nims", "w").write(f"expect-uart fw_board ready\nsend frame\nexpect-uart drawn\nexpect-frame within 5\n{pic}\n")
PY
    FR=$T/frame.nims
fi
check "SPI words of the known frame decode to its picture" 0 "$NIMSIM" --script "$FR" --marks "$T/mf" "$FW"
c=$(awk '$2==32{a=$1} $2==33{b=$1} END{print b-a}' "$T/mf")
bytes=$((16 * MODULES))
if [ "$c" -lt $((bytes * 400)) ]; then ok "SPI at fosc/2: $bytes bytes drawn in $c cycles"
else bad "SPI timing: $bytes bytes took $c cycles"; fi
NIMSIM_KEEP_BUGS=spi "$NIMSIM" --script "$FR" --marks "$T/mf" "$FW" >/dev/null 2>&1
c=$(awk '$2==32{a=$1} $2==33{b=$1} END{print b-a}' "$T/mf")
if [ "$c" -gt $((bytes * 1500)) ]; then ok "without the SPI fix each byte takes 100 us ($c cycles)"
else bad "bug spi not reproduced ($c cycles)"; fi
check "CS made an output while low still frames the first word" 0 \
    "$NIMSIM" --script "$FR" "$DIR/fw_board_cs0.elf"
# The same script with the bottom-right lamp of the picture flipped.
awk '{ l[NR] = $0 } END { s = l[NR]; c = substr(s, length(s), 1) == "#" ? "." : "#";
       l[NR] = substr(s, 1, length(s) - 1) c; for (i = 1; i <= NR; i++) print l[i] }' "$FR" > "$T/fail_frame.nims"
check "a wrong picture fails with exit 1" 1 "$NIMSIM" --script "$T/fail_frame.nims" "$FW"
line=$(grep -n '^expect-frame' "$T/fail_frame.nims" | cut -d: -f1)
grep -q "fail_frame.nims:$line: FAILED: expect-frame" "$T/err" && ok "the failure names the script line" \
    || bad "failure message"

# --- buttons ------------------------------------------------------------------
check "a bounced press (9 edges) is counted once by the debounce" 0 "$NIMSIM" --script "$S/bounce.nims" "$FW"
check "two buttons bouncing at once both settle pressed" 0 "$NIMSIM" --script "$S/bounce2.nims" "$FW"
check "held button stays pressed through PORTD writes (pull-up fix)" 0 "$NIMSIM" --script "$S/pullup.nims" "$FW"
NIMSIM_KEEP_BUGS=pullup check "without the pull-up fix the held button releases" 1 \
    "$NIMSIM" --script "$S/pullup.nims" "$FW"
check "after a reset the buttons read released and the first tap counts" 0 "$NIMSIM" --script "$S/reset.nims" "$FW"
NIMSIM_KEEP_BUGS=resetpins check "without the reset fix the pins read pressed after a reset" 1 \
    "$NIMSIM" --script "$S/reset.nims" "$FW"

# --- piezo, sleep, power ------------------------------------------------------
check "tones read from Timer1: 440 Hz, 1000 Hz" 0 "$NIMSIM" --script "$S/tone.nims" "$FW"
printf 'expect-uart ready\nsend tone 440 100\nexpect-tone 880 within 200\n' > "$T/t.nims"
check "a tone that was not played fails" 1 "$NIMSIM" --script "$T/t.nims" "$FW"
check "sleep modes from SMCR: idle, power-down, button wake-up" 0 \
    "$NIMSIM" --script "$S/sleep.nims" --power "$FW"
# 500 ms in power-down = 8,000,000 cycles at least; the SLEEP step is split.
pd=$(sed -n 's/.*power-down \([0-9]*\).*/\1/p' "$T/err")
if [ -n "$pd" ] && [ "$pd" -ge 8000000 ] && grep -Eq 'idle [0-9]+' "$T/err" && grep -Eq '[1-9][0-9]* wake-ups' "$T/err"; then
    ok "--power: $(grep '^power' "$T/err")"
else bad "--power report"; fi

# --- EEPROM file and power cycles ---------------------------------------------
check "EEPROM kept over a script reset" 0 "$NIMSIM" --script "$S/eeprom.nims" "$FW"
printf 'expect-uart ready\nsend boot\nexpect-uart boots %s\nwait 5ms\n' 0 > "$T/b0.nims"
printf 'expect-uart ready\nsend boot\nexpect-uart boots %s\n' 1 > "$T/b1.nims"
"$NIMSIM" --script "$T/b0.nims" --eeprom "$T/ee.bin" "$FW" >/dev/null 2>&1
check "EEPROM file: a second run is a power cycle of the same toy" 0 \
    "$NIMSIM" --script "$T/b1.nims" --eeprom "$T/ee.bin" "$FW"
head -c 100 /dev/zero > "$T/short.bin"
check "an EEPROM file of the wrong size is refused (exit 2)" 2 \
    "$NIMSIM" --script "$T/b0.nims" --eeprom "$T/short.bin" "$FW"
grep -q 'exactly 1024 bytes' "$T/err" && ok "  ... with a clear message" || bad "eeprom size message"

# --- EEPROM write time (sim/eeprom_timing.c) -------------------------------------
# The chip holds EEPE for 3.4 ms (datasheet table 8-1) and ignores a write,
# a read and EEAR while it is set; simavr 1.6 writes at once.
eew() {
    printf 'expect-uart ready\nsend eew\nexpect-uart eew\nwait 10ms\n' > "$T/eew.nims"
    NIMSIM_KEEP_BUGS=${1:-} "$NIMSIM" --script "$T/eew.nims" --uart-out "$T/eew.u" --marks "$T/me" "$FW" >/dev/null 2>&1
    echo "$(awk '$2==64{a=$1} $2==65{b=$1} END{print b-a}' "$T/me") $(grep -o 'eew .*' "$T/eew.u")"
}
read -r c rest <<< "$(eew)"
if [ "${c:-0}" -ge 53000 ] && [ "${c:-0}" -le 55500 ] && [ "$rest" = "eew 90 255 refused" ]; then
    ok "EEPROM: EEPE set for $c cycles (3.4 ms), a second write in the window refused ($rest)"
else bad "EEPROM timing: '$c' cycles, '$rest'"; fi
read -r c rest <<< "$(eew eeprom)"
if [ "${c:-99999}" -lt 1000 ] && [ "$rest" = "eew 90 165 written" ]; then
    ok "without the EEPROM model the write ends in $c cycles and the second one lands ($rest)"
else bad "bug eeprom not reproduced ('$c', '$rest')"; fi
# The CPU halts 4 cycles after an EEPROM read and 2 after a write start
# (datasheet 8.6.3); simavr 1.6 halts it for neither (a boot reading the
# settings ring ran ~5,300 cycles ahead of avr8js on 32 columns).
eehalt() {
    NIMSIM_KEEP_BUGS=${1:-} "$NIMSIM" --fast --until-done --max-cycles 20000000 --marks "$T/mh" \
        "$DIR/fw_eehalt.elf" >/dev/null 2>&1
    awk '{ t[$2] = $1 } END { print (t[2] - t[1]) - (t[4] - t[3]), (t[6] - t[5]) - (t[8] - t[7]) }' "$T/mh"
}
read -r r w <<< "$(eehalt)"
if [ "$r" = 400 ] && [ "$w" = 2 ]; then ok "EEPROM: 100 reads halt the CPU $r cycles, a write start $w"
else bad "EEPROM halts: 100 reads $r cycles (wanted 400), a write start $w (wanted 2)"; fi
read -r r w <<< "$(eehalt eeprom)"
if [ "$r" = 0 ] && [ "$w" = 0 ]; then ok "without the EEPROM model neither halts ($r, $w)"
else bad "bug eeprom halts not reproduced ($r, $w)"; fi

# --- watchdog escalation (sim/watchdog.c) ------------------------------------------
# Interrupt-and-reset mode: a time-out while WDIF is still set (interrupts
# off: the ISR cannot run) resets the chip (datasheet 10.9.2); simavr 1.6
# keeps raising the interrupt and never resets.
printf 'expect-uart ready\nsend wdt cli\nexpect-uart hang\nexpect-uart watchdog reset within 400\n' > "$T/wc.nims"
check "watchdog: a hang with interrupts off resets the chip (WDRF) after two time-outs" 0 \
    "$NIMSIM" --script "$T/wc.nims" "$FW"
NIMSIM_KEEP_BUGS=wdt check "without the watchdog model the hang with interrupts off never ends" 1 \
    "$NIMSIM" --script "$T/wc.nims" "$FW"
printf 'expect-uart ready\nsend wdt sei\nexpect-uart hang\nexpect-uart wdt irq 3 within 500\nwait 300ms\n' > "$T/ws.nims"
if "$NIMSIM" --script "$T/ws.nims" --uart-out "$T/ws.u" "$FW" >/dev/null 2>"$T/err" && ! grep -q 'watchdog reset' "$T/ws.u"; then
    ok "watchdog: with interrupts on each time-out runs the ISR (re-armed), no reset"
else bad "watchdog with interrupts on"; fi

# The Nano's old bootloader (Debian's ATmegaBOOT_168_atmega328.hex, built
# without WATCHDOG_MODS) never turns off the watchdog that a watchdog reset
# leaves on at 16 ms, and waits ~1 s for avrdude: it resets itself for
# ever, until the power is cycled (the known reset loop; docs/build.md#the-old-bootloader-and-the-watchdog).
BL=/usr/share/arduino/hardware/arduino/avr/bootloaders/atmega/ATmegaBOOT_168_atmega328.hex
if [ -f "$BL" ]; then
    printf 'expect-uart ready within 3000\nsend wdt cli\nexpect-uart hang\nwait 3s\n' > "$T/wb.nims"
    "$NIMSIM" --script "$T/wb.nims" --bootloader "$BL" --uart-out "$T/wb.u" "$FW" >/dev/null 2>"$T/err"
    n=$(sed -n 's/^watchdog: \([0-9]*\) resets.*/\1/p' "$T/err")
    if [ "${n:-0}" -ge 100 ] && ! grep -q 'watchdog reset' "$T/wb.u"; then
        ok "old bootloader: a watchdog reset becomes a reset loop ($n resets in 3 s, the application never runs)"
    else bad "old bootloader reset loop not shown ('$n' resets)"; fi
fi

# --- supply voltage and brown-out (sim/supply.c) --------------------------------------
# BODLEVEL from board/nano.h's extended fuse (2.7 V): below V_BOT - 25 mV the
# chip is held in reset, 65 ms after VCC is back above V_BOT + 25 mV it
# starts with BORF; simavr 1.6 has no supply at all.
printf 'expect-uart ready\nvcc 2.6 over 20ms\nwait 50ms\nvcc 5.0 over 5ms\nexpect-uart brown-out reset within 300\n' > "$T/bo.nims"
check "brown-out: a sag to 2.6 V holds the chip in reset, it restarts with BORF" 0 \
    "$NIMSIM" --script "$T/bo.nims" --power "$FW"
grep -q 'supply: .*1 brown-out reset' "$T/err" && ok "  ... --power reports it: $(grep '^supply' "$T/err")" || bad "supply report"
NIMSIM_KEEP_BUGS=bod check "without the BOD model the sag passes unnoticed" 1 "$NIMSIM" --script "$T/bo.nims" "$FW"
printf 'expect-uart ready\nvcc 2.69 over 20ms\nwait 50ms\nvcc 5.0\nsend boot\nexpect-uart boots\nwait 100ms\n' > "$T/bo2.nims"
if "$NIMSIM" --script "$T/bo2.nims" --uart-out "$T/bo2.u" "$FW" >/dev/null 2>"$T/err" && ! grep -q 'brown-out' "$T/bo2.u" \
    && [ "$(grep -c ready "$T/bo2.u")" = 1 ]; then ok "a sag to 2.69 V (above V_BOT-) does not reset"
else bad "sag above V_BOT-"; fi
printf 'expect-uart ready\nvcc 2.0\nwait 10ms\nsend boot\nwait 100ms\n' > "$T/bo3.nims"
"$NIMSIM" --script "$T/bo3.nims" --uart-out "$T/bo3.u" "$FW" >/dev/null 2>&1
grep -q boots "$T/bo3.u" && bad "a chip held in reset answered" || ok "held in reset at 2.0 V: nothing runs"
# BODS: asleep in power-down with the BOD off, a sag goes unnoticed until
# the wake-up turns the BOD back on (datasheet 10.11.2).
printf 'expect-uart ready\nsend downbod\nexpect-uart sleeping\nwait 10ms\nvcc 2.5\nwait 200ms\ntap A\nvcc 5.0\nexpect-uart brown-out reset within 300\n' > "$T/bods.nims"
"$NIMSIM" --script "$T/bods.nims" --power "$FW" >/dev/null 2>"$T/err"; rc=$?
held=$(sed -n 's/.*held in reset \([0-9]*\).*/\1/p' "$T/err")
if [ $rc = 0 ] && grep -q '1 sleeps with the BOD off' "$T/err" && [ "${held:-999}" -lt 200 ]; then
    ok "BOD off while asleep (BODS): the sag resets only at the wake-up (held ${held} ms; with the BOD on all along ~380 ms)"
else bad "BODS sleep (rc $rc, held '$held' ms)"; fi
check "--vcc 3.3 starts a running chip; --vcc 7 is refused (exit 2)" 0 \
    "$NIMSIM" --vcc 3.3 --script "$S/eeprom.nims" "$FW"
check "  ... --vcc 7: exit 2" 2 "$NIMSIM" --vcc 7 --script "$S/eeprom.nims" "$FW"
printf 'vcc 9\n' > "$T/bo4.nims"
check "  ... script 'vcc 9': exit 2" 2 "$NIMSIM" --script "$T/bo4.nims" "$FW"

# --- supply current (sim/current.c) -------------------------------------------------
# Display test: every MAX7219 at 8 mA + 64 lamps x 31/32 duty / 8 digits x
# the segment current of RSET 10 kohm (40 mA x 11.8 / 10); then display
# shutdown (150 uA each) and the MCU in power-down (0.3 uA + BOD 20 uA).
printf 'expect-uart ready\nsend test 1\nwait 1s\nsend test 0\nsend off\nwait 10ms\nsend down\nexpect-uart sleeping\nwait 1s\n' > "$T/cur.nims"
"$NIMSIM" --script "$T/cur.nims" --power --power-log "$T/cur.log" "$FW" >/dev/null 2>"$T/err"
python3 - "$T/cur.log" "$MODULES" <<'PY' && ok "current: $(sed -n 's/^current: //p' "$T/err" | cut -c1-60)... display test, shutdown, power-down as the datasheets say" || bad "current model figures"
import sys
rows = [list(map(float, l.split())) for l in open(sys.argv[1])]
n = int(sys.argv[2])
test = [r for r in rows if 300 <= r[0] <= 900]
off = [r for r in rows if r[0] >= rows[-1][0] - 500]
want_test = n * (8 + 40 * 11.8 / 10 * 31 / 32 * 64 / 8)
ok = test and all(abs(r[3] - want_test) < 0.01 * want_test for r in test)
ok = ok and off and all(abs(r[3] - 0.150 * n) < 1e-6 and r[2] < 0.021 for r in off)
print("display test", test[0][3] if test else None, "want", want_test, "off", off[-1][1:4] if off else None)
sys.exit(0 if ok else 1)
PY
check "--parts bogus is refused (exit 2)" 2 "$NIMSIM" --power --parts bogus "$FW"

# --- stack painting -------------------------------------------------------------
stack_hw() {   # recurse N deep; the firmware answers 1+..+N
    printf 'expect-uart ready\nsend stack %s\nexpect-uart %s\n' "$1" $(($1 * ($1 + 1) / 2)) > "$T/st.nims"
    "$NIMSIM" --script "$T/st.nims" --stack "$FW" 2>&1 >/dev/null | sed -n 's/^stack: high-water \([0-9]*\).*/\1/p'
}
h5=$(stack_hw 5) h40=$(stack_hw 40)
if [ -n "$h5" ] && [ -n "$h40" ] && [ $((h40 - h5)) -ge $((35 * 10)) ]; then
    ok "--stack: 5 frames $h5 bytes, 40 frames $h40 bytes"
else bad "--stack ($h5, $h40)"; fi

# --- crashes, ends and usage ------------------------------------------------------
printf 'expect-uart ready\nsend crash\nwait 10ms\n' > "$T/c.nims"
check "a crash exits 4" 4 "$NIMSIM" --script "$T/c.nims" "$FW"
check "unknown option: exit 2" 2 "$NIMSIM" --frobnicate "$FW"
check "--modules that does not match the build: exit 2" 2 "$NIMSIM" --modules 3 "$FW"
check "missing ELF: exit 2" 2 "$NIMSIM" "$T/nothing.elf"
echo "not an elf" > "$T/bad.elf"
check "not an ELF: exit 2" 2 "$NIMSIM" --until-done --max-cycles 1000 "$T/bad.elf"
printf 'wait 1ms\njump UP\n' > "$T/bad.nims"
check "unknown script command: exit 2" 2 "$NIMSIM" --script "$T/bad.nims" "$FW"
grep -q 'bad.nims:2: unknown command' "$T/err" && ok "  ... naming the line" || bad "script error message"
printf 'wait 10 parsecs\n' > "$T/bad2.nims"
check "bad time unit: exit 2" 2 "$NIMSIM" --script "$T/bad2.nims" "$FW"
printf 'press START\n' > "$T/bad3.nims"
check "unknown button: exit 2" 2 "$NIMSIM" --script "$T/bad3.nims" "$FW"

# --- UART to stdout, input file, VCD, PNG -------------------------------------------
printf 'hello file\ndone\n' > "$T/in"
check "--uart-in feeds the receiver; UART to stdout" 0 \
    "$NIMSIM" --until-done --max-cycles 50000000 --uart-in "$T/in" "$FW"
if [ "$(cat "$T/out")" = "$(printf 'fw_board ready\necho: hello file\nbye')" ]; then
    ok "stdout holds exactly the UART text (no simavr echo)"
else od -c "$T/out" | head; bad "stdout UART text"; fi
NIMSIM_KEEP_BUGS=stdio "$NIMSIM" --until-done --max-cycles 50000000 --uart-in "$T/in" "$FW" >"$T/out" 2>&1
if grep -q $'\033' "$T/out"; then ok "without the stdio fix simavr echoes UART lines in colour"
else bad "bug stdio not reproduced"; fi
check "--vcd and --png" 0 "$NIMSIM" --script "$FR" --vcd "$T/t.vcd" --png "$T/b.png" "$FW"
if grep -q 'MARK' "$T/t.vcd" && grep -q 'CS' "$T/t.vcd" && [ "$(head -c 8 "$T/b.png" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ]; then
    ok "VCD has the signals; PNG has a PNG signature"
else bad "vcd/png content"; fi

# --- time: fast mode does not sleep ---------------------------------------------------
printf 'wait 60s\n' > "$T/w.nims"
start=$(date +%s%N)
check "60 s of an idling firmware simulated in fast mode" 0 timeout 30 "$NIMSIM" --script "$T/w.nims" "$FW"
ms=$((($(date +%s%N) - start) / 1000000))
[ "$ms" -lt 15000 ] && ok "  ... in $ms ms of wall time" || bad "fast mode took $ms ms"

# --- pty: a PC program talks to the firmware -----------------------------------------------
printf 'wait 4s\n' > "$T/p.nims"
"$NIMSIM" --pty --realtime --script "$T/p.nims" "$FW" >"$T/pty.out" 2>&1 &
pid=$!
# the /dev/pts path simavr prints (its /tmp/simavr-uart0 link is moved by
# any other simulator started with --pty, and the tests run side by side)
PTY_LOG="$T/pty.out" python3 - <<'PY' && ok "pty: a PC program gets its line echoed" || bad "pty echo"
import os, re, sys, time, termios, tty
path = None
for _ in range(100):
    m = re.search(r"/dev/pts/\d+", open(os.environ["PTY_LOG"]).read())
    if m:
        path = m.group(0)
        break
    time.sleep(0.02)
fd = os.open(path, os.O_RDWR | os.O_NOCTTY)
tty.setraw(fd)
time.sleep(0.3)
os.write(fd, b"hello pty\n")
got, end = b"", time.time() + 3
while time.time() < end and b"echo: hello pty" not in got:
    import select
    r, _, _ = select.select([fd], [], [], 0.1)
    if r: got += os.read(fd, 256)
print("   pty read:", got)
sys.exit(0 if b"echo: hello pty" in got else 1)
PY
wait "$pid"

# --- make play without a terminal: reads a script, prints frames, ends ------------
check "make play < script (no terminal) plays and ends" 0 timeout 60 \
    make --no-print-directory play MODULES="$MODULES" PLAY_ELF="$FW" PLAY_EEPROM="$T/play.bin" < "$S/play.nims"
if grep -q '^> tap A' "$T/out" && grep -q '^uart: press A 1' "$T/out" && grep -q '^frame at' "$T/out" \
    && [ "$(grep -c '^[#.]\{'$((8 * MODULES))'\}$' "$T/out")" -ge 16 ]; then
    ok "  ... echoing commands, UART lines and frames as text"
else head -30 "$T/out"; bad "make play output"; fi

echo "test-sim: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
