#!/usr/bin/env bash
# bench.sh --enforce "BUDGET..."|none - the figures of make bench.
# Needs (bench.mk builds them): build/nim.elf, build/m4/nim.elf, both
# nimsims, build/bench/{R-m1,R-m4,baseline,octal-m1,octal-m4}.txt, R the reply sample
# ($BENCH_REPLY: reply, make bench's 100,000 positions a game, or
# reply_test, make test's smaller one). Measures size,
# stack, latency, power and EEPROM wear here (each a few seconds of
# simulation), prints
# every "bench ..." line, a table and one "bench budget PASS|FAIL" line per
# budget (tests/bench/bench_report.py); exits 1 if an enforced budget fails.
set -uo pipefail
enforce=none
[ "${1:-}" = --enforce ] && enforce=${2:-none}
out=build/bench
sim=build/nimsim
elf=build/nim.elf
mkdir -p "$out"
figs=$out/figures.txt
BOARD_F=$(sed -n 's/^#define BOARD_F_CPU \([0-9]*\)UL.*/\1/p' board/nano.h)   # cycles to ms
: > "$figs"
err=0
say() { echo "$*" >> "$figs"; }

# ---- size ---------------------------------------------------------------
for e in build/nim.elf build/m4/nim.elf; do
    cols=8; [ "$e" = build/m4/nim.elf ] && cols=32
    avr-size -A "$e" | awk -v cols="$cols" '
        $1 == ".text" { t = $2 } $1 == ".data" { d = $2 } $1 == ".bss" { b = $2 }
        $1 == ".noinit" { n = $2 } $1 == ".eeprom" { ee = $2 }
        END { printf "bench size cols=%d flash=%d data=%d bss=%d eeprom=%d\n", cols, t + d, d, b + n, ee }' >> "$figs"
done

# ---- one script run: power/stack/latency reports on stderr ---------------
# run NAME SCRIPT [nimsim options...]; EEPROM blank (a new toy) unless the
# script says "#! eeprom zero|garbage|xxd FILE" (as tests/e2e/run_e2e.sh does).
run() {
    local name=$1 script=$2
    shift 2
    local ee=$out/$name.eeprom
    rm -f "$ee"
    case "$(sed -n 's/^#! eeprom \([a-z]*\).*/\1/p' "$script" | head -1)" in
    zero) python3 -c "import sys; sys.stdout.buffer.write(bytes(1024))" > "$ee" ;;
    garbage) python3 -c "import random, sys; r = random.Random(7); sys.stdout.buffer.write(bytes(r.randrange(256) for _ in range(1024)))" > "$ee" ;;
    xxd) xxd -r -p "$(sed -n 's/^#! eeprom xxd \([^ ]*\).*/\1/p' "$script" | head -1)" > "$ee" ;;
    *) python3 -c "import sys; sys.stdout.buffer.write(b'\xff' * 1024)" > "$ee" ;;
    esac
    if ! "$sim" --script "$script" --eeprom "$ee" --uart-out "$out/$name.uart" "$@" "$elf" \
            > "$out/$name.log" 2>&1; then
        echo "bench: $script failed under the simulator:" >&2
        sed 's/^/    /' "$out/$name.log" >&2
        return 1
    fi
}

# ---- stack high-water: every end-to-end script, the latency game, and the
# robustness campaigns' own figures if they ran (tests/robust) -------------
# On both builds: 32 columns run each script as tests/e2e/cols.awk widens
# it (not those marked "#! cols 8"), and a position of 32 columns on the
# stack is 24 bytes more than one of 8.
deepest=0 where=none n=0
for cols in 8 32; do
    if [ $cols = 32 ]; then sim=build/m4/nimsim elf=build/m4/nim.elf; fi
    for s in tests/e2e/*.nims tests/bench/latency.nims; do
        [ -f "$s" ] || continue
        name=stack-$(basename "$s" .nims)
        # a script for one board only ("#! cols 8", an EEPROM image of it)
        only=$(sed -n 's/^#! cols \([0-9 ]*\).*/\1/p' "$s" | head -1)
        case " ${only:-$cols} " in *" $cols "*) ;; *) continue ;; esac
        if [ $cols = 32 ]; then
            name=$name-32
            awk -v cols=32 -f tests/e2e/cols.awk "$s" > "$out/$name.nims"
            s=$out/$name.nims
        fi
        run "$name" "$s" --stack || { err=1; continue; }
        hw=$(sed -n 's/^stack: high-water \([0-9]*\).*/\1/p' "$out/$name.log")
        n=$((n + 1))
        if [ "${hw:-0}" -gt "$deepest" ]; then deepest=$hw where=$(basename "$s" .nims)@$cols; fi
    done
done
sim=build/nimsim elf=build/nim.elf
# the scripts' own figure: the same in every run of the tree (the robustness
# campaigns' files below are there only if test-robust ran, or finished, first)
say "bench stack_scripts high_water=$deepest runs=$n deepest=$where"
for f in build/robust/out/*.out; do
    [ -f "$f" ] || continue
    hw=$(grep -o 'stack high-water [0-9]*' "$f" | grep -o '[0-9]*$' | sort -n | tail -1)
    [ -n "$hw" ] || continue
    n=$((n + 1))
    if [ "$hw" -gt "$deepest" ]; then deepest=$hw where=robust/$(basename "$f" .out); fi
done
say "bench stack high_water=$deepest runs=$n deepest=$where"

# ---- press-to-frame: the scripted game three times on one EEPROM (a power
# cycle between): the first on a new toy, the last with the save rings of
# firmware/lib/store.c full, as on a toy that has been played with ----------
lat_ok=1
: > "$out/latency.txt"
python3 -c "import sys; sys.stdout.buffer.write(b'\xff' * 1024)" > "$out/latency.eeprom"
presses=0
for round in 1 2 3; do
    if "$sim" --script tests/bench/latency.nims --eeprom "$out/latency.eeprom" \
            --uart-out "$out/latency-$round.uart" --latency "$out/latency-$round.txt" \
            --eeprom-log "$out/latency-$round-ee.txt" "$elf" \
            > "$out/latency-$round.log" 2>&1; then
        # each press line + 1 if an EEPROM write (3.4 ms, EEPE set) was in
        # progress between the press and its frame, else 0
        python3 - "$out/latency-$round.txt" "$out/latency-$round-ee.txt" >> "$out/latency.txt" <<'PY'
import sys
ee = [tuple(map(int, l.split()[:2])) for l in open(sys.argv[2])]
for l in open(sys.argv[1]):
    p, w = map(int, l.split()[:2])
    busy = any(s < w and e > p for s, e in ee)
    print(l.strip(), int(busy))
PY
        p=$(sed -n 's/^latency: \([0-9]*\) presses.*/\1/p' "$out/latency-$round.log")
        presses=$((presses + ${p:-0}))
    else
        echo "bench: tests/bench/latency.nims failed under the simulator (round $round):" >&2
        sed 's/^/    /' "$out/latency-$round.log" >&2
        lat_ok=0
    fi
done
if [ $lat_ok = 1 ]; then
    # "<press cycle> <word cycle> <us> <EEPROM writes> <busy>": nimsim holds
    # each EEPROM write for its 3.4 ms (sim/eeprom_timing.c); latency_eeprom
    # is the worst press answered while a save was being written.
    awk -v presses="$presses" '
        { n++; if ($3 > w) { w = $3; at = $1 } s += $3
          if ($5 > 0) { nb++; if ($3 > hw) { hw = $3; hwat = $1 } } }
        END { printf "bench latency press_to_frame_us=%d presses=%d answered=%d mean_us=%d worst_at_cycle=%d\n", w, presses, n, n ? s / n : 0, at
              printf "bench latency_eeprom press_to_frame_us=%d presses_during_writes=%d at_cycle=%d\n", hw, nb, hwat }' \
        "$out/latency.txt" >> "$figs"
else
    err=1
fi

# ---- power: a window of 20 s in each state, as the difference of two runs
# of the same script, one stopped at the window's start, one at its end ---
# ---- EEPROM: how long saving a move and saving the settings take on the
# chip (3.4 ms a byte, sim/eeprom_timing.c; a byte per main-loop pass):
# from the first byte's write to the end of the last one (the commit) ----
cat > "$out/save.nims" <<'NIMS'
wait 100ms
send SET OPP 1
expect-uart OK SET OPP 1
send GAME NIM
expect-uart OK GAME 0 NIM
wait 2s
send MOVE 0 2
expect-uart OK MOVE
wait 2s
send SET SOUND 0
expect-uart OK SET SOUND 0
wait 2s
NIMS
if run save "$out/save.nims" --eeprom-log "$out/save-eeprom.txt"; then
    # bursts of writes more than 200 ms apart: the new game, the move, the settings
    awk -v f="$BOARD_F" 'function end_burst() { if (n) { b++; ms[b] = (pe - s0) * 1000 / f; w[b] = n } n = 0 }
        { if (n && $1 - pe > f / 5) end_burst(); if (!n) s0 = $1; n++; pe = $2 }
        END { end_burst()
              if (b != 3) { print "bench: save.nims gave " b " bursts of EEPROM writes, not 3" > "/dev/stderr"; exit 1 }
              printf "bench save what=move ms=%.1f bytes_written=%d\n", ms[2], w[2]
              printf "bench save what=settings ms=%.1f bytes_written=%d\n", ms[3], w[3] }' \
        "$out/save-eeprom.txt" >> "$figs" || err=1
else
    err=1
fi

power_of() {  # LOG -> "awake total wakeups"
    sed -n 's/^power: //p' "$1" | tr ',' '\n' | awk '
        /awake/ { a = $2; t += $2 } /wake-ups/ { w = $1 } !/awake/ && !/wake-ups/ { t += $2 }
        END { print a, t, w }'
}
power() {  # STATE SETUP_FILE START_S LENGTH_S EXPECT
    local state=$1 setup=$2 t0=$3 len=$4 expect=$5
    local a=$out/power-$state-a.nims b=$out/power-$state-b.nims
    { cat "$setup"; echo "wait ${t0}s"; } > "$a"
    { cat "$setup"; echo "wait ${t0}s"; echo "$expect"; echo "wait ${len}s"; } > "$b"
    run "power-$state-a" "$a" --power --parts led,usb && run "power-$state-b" "$b" --power --parts led,usb ||
        { err=1; return; }
    read -r a1 t1 w1 <<< "$(power_of "$out/power-$state-a.log")"
    read -r a2 t2 w2 <<< "$(power_of "$out/power-$state-b.log")"
    awk -v s="$state" -v a="$((a2 - a1))" -v t="$((t2 - t1))" -v w="$((w2 - w1))" -v len="$len" \
        'BEGIN { printf "bench power state=%s awake_pct=%.3f wakeups_per_s=%.1f window_s=%d\n", s, 100 * a / t, w / len, len }' >> "$figs"
    # supply current in the window (sim/current.c): charge difference / time
    charges() { sed -n 's/^current: .*(mcu \([0-9.]*\) display \([0-9.]*\) piezo \([0-9.]*\) extras \([0-9.]*\)).*/\1 \2 \3 \4/p' "$1"; }
    read -r m1 d1 p1 e1 <<< "$(charges "$out/power-$state-a.log")"
    read -r m2 d2 p2 e2 <<< "$(charges "$out/power-$state-b.log")"
    awk -v s="$state" -v len="$len" -v m="$m1 $m2" -v d="$d1 $d2" -v p="$p1 $p2" -v e="$e1 $e2" '
        function ma(pair,   x) { split(pair, x, " "); return (x[2] - x[1]) * 3600 / len }
        BEGIN { printf "bench current state=%s mcu_ma=%.4f display_ma=%.4f piezo_ma=%.4f led_usb_ma=%.4f window_s=%d\n",
                       s, ma(m), ma(d), ma(p), ma(e), len }' >> "$figs"
}
# playing: a game of NIM started, then nobody touches it (auto-off is 60 s
# by default: the window ends before it)
printf 'wait 100ms\nsend GAME NIM\nexpect-uart OK GAME 0 NIM\n' > "$out/power-playing.setup"
power playing "$out/power-playing.setup" 5 20 "expect-sleep idle within 100"
# menu: power-on, the title animation, then the menu
printf 'wait 100ms\nsend STATE\nexpect-uart SCR=\n' > "$out/power-menu.setup"
power menu "$out/power-menu.setup" 5 20 "expect-sleep idle within 100"
# off: auto-off after 30 s, then 20 s of power-down
printf 'wait 100ms\nsend SET OFF 0\nexpect-uart OK SET OFF 0\nsend GAME NIM\nexpect-uart OK GAME 0 NIM\n' > "$out/power-off.setup"
power off "$out/power-off.setup" 40 20 "expect-sleep power-down within 100"

# ---- battery life: the batteries of board/bom.md ("battery:" lines) over
# the currents above, for a Nano as sold (power LED + USB-serial chip), a
# Nano with its power LED removed, and a bare ATmega328P board ----------
grep '^battery:' board/bom.md | while IFS='|' read -r _ name mah volts; do
    awk -v name="$(echo $name)" -v mah="$mah" '
        $2 == "current" { for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
                          st = v["state"]; base[st] = v["mcu_ma"] + v["display_ma"] + v["piezo_ma"]; extra = v["led_usb_ma"] }
        END { # extras: led 3 mA + usb 12 mA (sim/current.c)
              split("nano nano_no_led bare", boards, " "); add["nano"] = extra; add["nano_no_led"] = extra - 3; add["bare"] = 0
              for (i = 1; i <= 3; i++) { b = boards[i]
                  printf "bench battery cells=%s mah=%d board=%s play_h=%.1f menu_h=%.1f off_days=%.1f play_ma=%.2f off_ma=%.4f\n",
                         name, mah, b, mah / (base["playing"] + add[b]), mah / (base["menu"] + add[b]),
                         mah / (base["off"] + add[b]) / 24, base["playing"] + add[b], base["off"] + add[b] } }' "$figs"
done >> "$figs.battery"
# the handheld PCB (board/README.md): its RSET, regulator and cells
python3 tools/board/power.py bench "$figs" >> "$figs.battery" || err=1
cat "$figs.battery" >> "$figs"; rm -f "$figs.battery"

# ---- EEPROM wear: two hours of play, DEMO and a host looping SET on each
# build, the writes of every address counted (tests/bench/wear.py) ---------
python3 tests/bench/wear.py "$out" build/nimsim build/nim.elf 8 > "$out/wear-8.txt" &
wear8=$!
python3 tests/bench/wear.py "$out" build/m4/nimsim build/m4/nim.elf 32 > "$out/wear-32.txt" || err=1
wait $wear8 || err=1
cat "$out/wear-8.txt" "$out/wear-32.txt" >> "$figs"

# ---- the on-target figures ----------------------------------------------
reply=${BENCH_REPLY:-reply}
cat "$out/$reply-m1.txt" "$out/$reply-m4.txt" "$out/baseline.txt" "$out/octal-m1.txt" "$out/octal-m4.txt" >> "$figs" || err=1

python3 tests/bench/bench_report.py "$enforce" < "$figs" || err=1
exit $err
