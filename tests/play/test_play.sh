#!/usr/bin/env bash
# test_play.sh ELF MODULES: make play as a newcomer meets it.
#  - in a real pty at 80x24 (each key a tap) and at 120x40 (a terminal that
#    speaks the kitty keyboard protocol): tests/play/pty_play.py;
#  - with no terminal and no script (make play < /dev/null): the title and a
#    whole game the machine plays against itself, as text frames, one line
#    on how to play, and the EEPROM file left as it was;
#  - with a one-line script (echo 'tap A' | make play): more than one frame.
set -u
ELF=$1 MODULES=$2
pass=0 fail=0
ok() { echo "  ok   $*"; pass=$((pass + 1)); }
bad() { echo "  FAIL $*"; fail=$((fail + 1)); }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
M="make --no-print-directory play MODULES=$MODULES PLAY_ELF=$ELF"

for run in "80x24 legacy" "120x40 kitty"; do
    set -- $run
    echo "make play in a pty, $1, $2 keys:"
    if timeout 90 tests/play/pty_play.py "$1" "$2" MODULES="$MODULES" PLAY_ELF="$ELF" \
            PLAY_EEPROM="$T/pty-$2.bin" > "$T/pty.out" 2>&1; then
        sed 's/^/  /' "$T/pty.out"; ok "make play at $1 ($2 keys)"
    else
        sed 's/^/  /' "$T/pty.out"; bad "make play at $1 ($2 keys)"
    fi
done

echo "make play without a terminal:"
timeout 60 $M PLAY_EEPROM="$T/demo.bin" < /dev/null > "$T/demo.out" 2>&1; rc=$?
frames=$(grep -c '^frame at' "$T/demo.out")
if [ $rc -eq 0 ] && [ "$frames" -ge 20 ] && grep -q '^uart: LOG NEW [0-9]* M1' "$T/demo.out" \
        && [ "$(grep -c '^uart: LOG MOVE M[12] ' "$T/demo.out")" -ge 2 ] && grep -q '^uart: LOG END M' "$T/demo.out" \
        && grep -q 'run make play in a terminal' "$T/demo.out"; then
    ok "make play < /dev/null: the title and a whole machine-against-machine game ($frames frames, $(grep -c '^uart: LOG MOVE' "$T/demo.out") moves), and how to play"
else tail -20 "$T/demo.out"; bad "make play < /dev/null (rc $rc, $frames frames)"; fi
# the title (rising columns, the scrolling name) before the demo starts
title=$(sed -n '1,/^> send SET OPP 2/p' "$T/demo.out" | grep -c '^frame at')
[ "$title" -ge 5 ] && ok "  ... the title comes first ($title frames)" || bad "only $title title frames before the demo"
[ ! -e "$T/demo.bin" ] && ok "  ... and the demo keeps no settings (EEPROM file not written)" \
    || bad "the demo wrote the EEPROM file"
# a terminal on stdin but not on stdout: the demo too, never waiting for typing
if command -v script > /dev/null; then
    timeout 60 script -qec "$M PLAY_EEPROM=$T/demo2.bin > $T/demo2.out 2>&1" /dev/null < /dev/null > /dev/null 2>&1
    grep -q '^uart: LOG END M' "$T/demo2.out" && ok "make play > file (stdin a terminal): the demo, no wait for typing" \
        || { tail -5 "$T/demo2.out"; bad "make play > file from a terminal"; }
fi
echo 'tap A' | timeout 60 $M PLAY_EEPROM="$T/tap.bin" > "$T/tap.out" 2>&1; rc=$?
frames=$(grep -c '^frame at' "$T/tap.out")
[ $rc -eq 0 ] && [ "$frames" -ge 2 ] && grep -q '^> tap A' "$T/tap.out" && grep -q 'run make play in a terminal' "$T/tap.out" \
    && ok "echo 'tap A' | make play: $frames frames" || { cat "$T/tap.out" | head -30; bad "echo 'tap A' | make play (rc $rc, $frames frames)"; }

echo "test-play: $pass passed, $fail failed"
[ $fail -eq 0 ]
