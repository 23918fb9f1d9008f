#!/usr/bin/env bash
# add_game.sh NIMSIM OUT - adding a game, proven, as a contributor does it
# (docs/architecture.md, "Adding a game"): a copy of the tree gets ONE new
# line in the middle of rules.h's RULES() (TAKE 2 OR 5, the subtraction
# set {2, 5}, octal 0.03003: not in the toy), and nothing else is edited
# by hand. On the copy:
#   1. the generator derives and proves its tables, normal and misere
#      (build/grundy at every build; its sequence and misere quotient);
#   2. both AVR images (8 and 32 columns) build within the flash and RAM
#      budgets (test-size);
#   3. the new game plays over the link (GAME, POS, MOVE, AI, in columns,
#      one heap and misere) and is reached in the menu;
#   4. VER's GAMES grows by the new game's forms, and the documents'
#      count follows from that one source: make test-docs fails on the
#      copy while the count is stale, make docs-count writes it, and then
#      make test-docs passes on the copy (the course checker included);
#   5. a settings record saved by the unmodified build, with scores on
#      several games and a chosen game, loads on the new build with every
#      score on the same game (and no LOG RECORDS OLD: the same version),
#      asked by name and by the game's number on the link (SCORES <i>);
#   6. every number the unmodified build's GAME <i> answers (0 to 255)
#      names the same game on the new build, or is refused the same way:
#      only numbers no game had before now name the new rule's games;
#   7. a game in progress saved by the unmodified build (one whose rule's
#      engine index the new line shifts, a SUM of such columns, your own
#      game) resumes on the new build on the same game and position: the
#      game record says which rules its indices are among (game_records.h),
#      and the load turns them into the new build's.
# Then the check of 5 is shown to have teeth: a copy where the new line
# takes the place of the rules after it (their numbers shifted, as a
# position would be) moves old scores, and check 5 fails on it.
# Uses the unmodified build/nim.elf (made by make) for the record before.
set -eu
root=$(pwd)
sim=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
rm -rf "$2"
mkdir -p "$2"
out=$(cd "$2" && pwd)
fail() { echo "add-game: FAIL $*"; exit 1; }

LINE='    X(34, S25,      "TAKE 2 OR 5", KIND_OCTAL,   "0.03003",   FORM_HEAP)  \'
NAME="TAKE 2 OR 5"

# A copy of the tracked tree (and the work on it) with the line inserted
# after KAYLES: a heap rule among the pin rules, before others.
copy_with() {   # DIR LINE [renumber]
    local dir=$1 line=$2
    mkdir -p "$dir"
    git ls-files -z | (cd "$root" && xargs -0 tar cf -) | tar xf - -C "$dir"
    grep -q "^ *X(.*\"0.03003\"" "$dir/firmware/engine/rules.h" && fail "0.03003 is already a rule"
    awk -v line="$line" '{ print } /^ *X\(28, KAYLES,/ { print line }' "$root/firmware/engine/rules.h" \
        > "$dir/firmware/engine/rules.h"
    [ "$(diff "$root/firmware/engine/rules.h" "$dir/firmware/engine/rules.h" | grep -c '^[<>]')" = 1 ] \
        || fail "the copy's rules.h differs by more than the one line"
}

# The uart of a nimsim script run on ELF with EEPROM file EE.
run() {     # NAME ELF EE SCRIPT-TEXT
    printf '%s\n' "$4" > "$out/$1.nims"
    "$sim" --script "$out/$1.nims" --eeprom "$3" --uart-out "$out/$1.uart" "$2" > "$out/$1.log" 2>&1 \
        || { tail -5 "$out/$1.log"; fail "$1: the script failed ($out/$1.log)"; }
}

# ---- 5 (before): the unmodified build saves scores on several games ----
GAMES_SCORED=("NIM" "KAYLES MISERE" "DAWSON KAYLES" "NO ADJACENT MISERE" "MOCK TURTLES" "TWINS MISERE"
    "EMPTY AND DIVIDE MISERE" "AT MOST HALF ONE MISERE" "TAKE 2 OR 3 ONE" "TAKE 1 2 5 OR 8 MISERE"
    "TAKE 1-3 ONE" "SUM NIM + KAYLES")
find_script="SET OPP 1"$'\n'"expect-uart OK SET"
for g in "${GAMES_SCORED[@]}"; do
    find_script+=$'\n'"send GAME $g"$'\n'"expect-uart OK GAME"
done
python3 -c "import sys; sys.stdout.buffer.write(b'\xff' * 1024)" > "$out/before.eeprom"
run find build/nim.elf "$out/before.eeprom" "wait 100ms"$'\n'"send $find_script"$'\n'"wait 500ms"
mapfile -t idx < <(sed -n 's/^OK GAME \([0-9]*\) .*/\1/p' "$out/find.uart")
[ "${#idx[@]}" = "${#GAMES_SCORED[@]}" ] || fail "the unmodified build named ${#idx[@]} of ${#GAMES_SCORED[@]} games"
score_script="wait 100ms"
for i in "${!idx[@]}"; do
    score_script+=$'\n'"send SCORES ${idx[$i]} $((11 + i)) $((31 + i))"$'\n'"expect-uart OK SCORES ${idx[$i]} W $((11 + i))"
done
score_script+=$'\n'"send GAME DAWSON KAYLES MISERE"$'\n'"expect-uart OK GAME"$'\n'"send SAVE"$'\n'"wait 2s"
score_script+=$'\n'"send STATE"$'\n'"expect-uart SAVE=0"
run before build/nim.elf "$out/before.eeprom" "$score_script"
before_games=$(printf 'send VER\nexpect-uart RX\n' > "$out/ver.nims"; "$sim" --script "$out/ver.nims" --uart-out "$out/ver0.uart" build/nim.elf >/dev/null 2>&1; sed -n 's/.*GAMES \([0-9]*\).*/\1/p' "$out/ver0.uart")

# The scores of the saved record, read on ELF: every game by name.
check_scores() {    # ELF LABEL
    local s="wait 100ms"$'\n'"send GAME"$'\n'"expect-uart OK GAME"
    cp "$out/before.eeprom" "$out/$2.eeprom"
    for g in "${GAMES_SCORED[@]}"; do
        s+=$'\n'"send GAME $g"$'\n'"expect-uart OK GAME"$'\n'"send SCORES"$'\n'"expect-uart OK SCORES"
    done
    s+=$'\n'"send GAME $NAME"$'\n'"expect-uart OK GAME"$'\n'"send SCORES"$'\n'"expect-uart OK SCORES"
    # the same scores by the unmodified build's numbers (SCORES <i>)
    for i in "${!idx[@]}"; do
        s+=$'\n'"send SCORES ${idx[$i]}"$'\n'"expect-uart SCORES"
    done
    run "$2" "$1" "$out/$2.eeprom" "$s"$'\n'"wait 500ms"
    grep -q "LOG RECORDS OLD" "$out/$2.uart" && { echo "add-game: $2: the record of before refused"; return 1; }
    local bad=0 chosen
    chosen=$(grep -m1 '^OK GAME' "$out/$2.uart")
    [ "${chosen#OK GAME * }" = "DAWSON KAYLES MISERE" ] || { echo "add-game: $2: the chosen game: $chosen"; bad=1; }
    mapfile -t got < <(sed -n 's/^OK SCORES [0-9]* W \([0-9]*\) L \([0-9]*\)$/\1 \2/p' "$out/$2.uart")
    for i in "${!GAMES_SCORED[@]}"; do
        if [ "${got[$i]:-}" != "$((11 + i)) $((31 + i))" ]; then
            echo "add-game: $2: ${GAMES_SCORED[$i]}: W L ${got[$i]:-none}, saved $((11 + i)) $((31 + i))"
            bad=1
        fi
    done
    [ "${got[${#GAMES_SCORED[@]}]:-}" = "0 0" ] || { echo "add-game: $2: the new game has a score: ${got[${#GAMES_SCORED[@]}]:-none}"; bad=1; }
    mapfile -t byn < <(grep '^\(OK\|ERR\) SCORES' "$out/$2.uart" | tail -n "${#idx[@]}")
    for i in "${!idx[@]}"; do
        if [ "${byn[$i]:-}" != "OK SCORES ${idx[$i]} W $((11 + i)) L $((31 + i))" ]; then
            echo "add-game: $2: SCORES ${idx[$i]} (${GAMES_SCORED[$i]}): ${byn[$i]:-none}, saved W $((11 + i)) L $((31 + i))"
            bad=1
        fi
    done
    return $bad
}

# Every game number's reply on ELF, a line each: "<i> <GAME <i>'s reply>".
numbers_of() {      # ELF LABEL
    local s="wait 100ms"$'\n'"send SET OFF 4"$'\n'"expect-uart OK SET"
    for i in $(seq 0 255); do
        s+=$'\n'"send GAME $i"$'\n'"expect-uart GAME "
    done
    python3 -c "import sys; sys.stdout.buffer.write(b'\xff' * 1024)" > "$out/$2.eeprom"
    run "$2" "$1" "$out/$2.eeprom" "$s"$'\n'"wait 200ms"
    grep '^\(OK\|ERR\) GAME' "$out/$2.uart" | awk '{ print NR - 1, $0 }' > "$out/$2.numbers"
    [ "$(wc -l < "$out/$2.numbers")" = 256 ] || fail "$2: $(wc -l < "$out/$2.numbers") replies to GAME 0 .. 255"
}
numbers_of build/nim.elf numbers0

# ---- the copy: one line, then everything from it -----------------------
copy_with "$out/tree" "$LINE"
echo "add-game: the copy's only change: $(diff "$root/firmware/engine/rules.h" "$out/tree/firmware/engine/rules.h" | grep '^>')"
( cd "$out/tree" && make -s -j2 NO_DEPS=1 build/grundy build/nim.elf > "$out/build1.log" 2>&1 ) || { tail -20 "$out/build1.log"; fail "the 8-column build"; }
( cd "$out/tree" && make -s -j2 NO_DEPS=1 MODULES=4 build/m4/nim.elf > "$out/build4.log" 2>&1 ) || { tail -20 "$out/build4.log"; fail "the 32-column build"; }

# 1. the generator's proof: the build ran it (tables.c); its sequence and
# misere quotient for the new rule, by name
g=$("$out/tree/build/grundy" S25 40) || fail "grundy S25"
want=$(python3 -c "
g = []
for n in range(40):
    g.append(min(set(range(9)) - {g[n - k] for k in (2, 5) if n >= k}))
print(' '.join(map(str, g)))")
[ "$(echo $g)" = "$want" ] || fail "grundy S25: $g, the mex over {2, 5}: $want"
"$out/tree/build/grundy" --misere S25 > "$out/misere.txt" 2>&1 || fail "grundy --misere S25: $(tail -2 "$out/misere.txt")"
grep -q "S25\|TAKE 2 OR 5" "$out/tree/build/tables.c" || fail "the tables hold no row for the new rule"
echo "add-game: 1. tables derived and proved (normal and misere): $(head -1 "$out/misere.txt")"

# 2. budgets, both builds: the chip's (flash, RAM). The kilobyte main
# keeps free (SIZE_FREE_MIN) is not asked of the copy: a real new game is
# a change that finds its own room first, and the figure printed here is
# what it has to find.
( cd "$out/tree" && make -s NO_DEPS=1 SIZE_FREE_MIN=0 test-size ) > "$out/size.txt" 2>&1 \
    || { cat "$out/size.txt"; fail "over budget"; }
echo "add-game: 2. $(grep -c 'size: flash' "$out/size.txt") builds within budget: $(grep 'size: flash' "$out/size.txt" | tr '\n' ';')"

# 3. it plays over the link and in the menu
new=build/nim.elf
# the menu at boot (NIM chosen): RIGHT on the game's item through the
# rules (TAKE 1, never listed, skipped): the new heap rule is the 14th
play="wait 3500ms
send STATE
expect-uart SCR=MENU"
for k in $(seq 13); do play+=$'\n'"tap RIGHT"$'\n'"wait 200ms"; done
play+=$'\n'"send GAME"$'\n'"expect-uart $NAME\\n"$'\n'"tap A"$'\n'"wait 300ms"
play+=$'\n'"send STATE"$'\n'"expect-uart SCR=PLAY"
play+="
send SET OPP 1
expect-uart OK SET
send GAME $NAME
expect-uart $NAME\\n
send POS 5 2 7
expect-uart OK POS
send GRUNDY
expect-uart OK GRUNDY
send MOVE 0 3
expect-uart OK MOVE 0 3
send MOVE 0 4
expect-uart ERR MOVE
send AI
expect-uart OK AI
send GAME $NAME ONE MISERE
expect-uart $NAME ONE MISERE\\n
send POS 9
expect-uart OK POS
send AI
expect-uart OK AI
send GAME $NAME BINARY
expect-uart $NAME BINARY\\n
send GAME NIM
expect-uart OK GAME 0 NIM"
python3 -c "import sys; sys.stdout.buffer.write(b'\xff' * 1024)" > "$out/play.eeprom"
run play "$out/tree/$new" "$out/play.eeprom" "$play"
echo "add-game: 3. $NAME played over the link (columns, one heap misere, binary) and chosen in the menu"

# 4. VER's count, and the documents from it
printf 'send VER\nexpect-uart RX\n' > "$out/ver.nims"
"$sim" --script "$out/ver.nims" --uart-out "$out/ver1.uart" "$out/tree/$new" > /dev/null 2>&1
after_games=$(sed -n 's/.*GAMES \([0-9]*\).*/\1/p' "$out/ver1.uart")
[ -n "$before_games" ] && [ "$after_games" = $((before_games + 6)) ] \
    || fail "VER GAMES $before_games -> $after_games, want +6 (columns, one heap, binary; each misere too)"
# The copy's documents are checked as make test checks the tree's (make
# test-docs: the links, the count against the copy's VER, the lessons'
# numbers by the copy's engine and their link sessions on its firmware).
# Left as they were, the count is stale and that check fails on it; make
# docs-count writes VER's count, and then it passes. The simulator's
# sources are the tree's, so the copy runs the one already built.
cp -p "$sim" "$out/tree/build/nimsim"
if ( cd "$out/tree" && make -s NO_DEPS=1 test-docs ) > "$out/docs_stale.txt" 2>&1; then
    fail "make test-docs passed on the copy with the documents' count left stale"
fi
grep -q "games quoted, VER says GAMES $after_games" "$out/docs_stale.txt" \
    || { tail -20 "$out/docs_stale.txt"; fail "make test-docs on the stale copy failed, but not on the count"; }
( cd "$out/tree" && make -s NO_DEPS=1 docs-count && make -s NO_DEPS=1 test-docs ) > "$out/docs.txt" 2>&1 \
    || { grep -i "FAIL\|error" "$out/docs.txt" | head; fail "make docs-count, then make test-docs, on the copy"; }
grep -q "VER GAMES $after_games\b" "$out/docs.txt" || fail "make test-docs on the copy did not check VER GAMES $after_games"
echo "add-game: 4. VER GAMES $before_games -> $after_games; left stale, make test-docs fails: $(grep -m1 'games quoted' "$out/docs_stale.txt" | sed 's/^docs: FAIL //'); make docs-count: $(grep 'written in' "$out/docs.txt" | sed 's/^docs: //'); then make test-docs passes"

# 5. the record saved before: every score on its game
check_scores "$out/tree/$new" after || fail "5. a score moved"
echo "add-game: 5. the record of the unmodified build: ${#GAMES_SCORED[@]} scores on the same games, by name and by number, the new game at 0 - 0"

# 6. the link's numbers: each old one names the same game; the ones that
# changed were no game's before, and now name the new rule's games
numbers_of "$out/tree/$new" numbers1
changed=$(diff "$out/numbers0.numbers" "$out/numbers1.numbers" | grep '^[<>]' || true)
moved=$(echo "$changed" | grep '^<' | grep -v '^< [0-9]* ERR GAME NUMBER$' || true)
[ -z "$moved" ] || fail "6. GAME <i> of the unmodified build now answers otherwise: $moved"
news=$(echo "$changed" | grep -c "^> [0-9]* OK GAME [0-9]* $NAME" || true)
[ "$news" = 6 ] && [ "$(echo "$changed" | grep -c '^>')" = 6 ] \
    || fail "6. the numbers that changed are not the new game's 6: $changed"
echo "add-game: 6. GAME 0 .. 255: $(grep -vc 'ERR GAME NUMBER' "$out/numbers0.numbers") old numbers answer as before; the new game's: $(echo "$changed" | grep '^>' | awk '{ print $2 }' | tr '\n' ' ')"

# ---- 7. a game in progress, saved before the line, resumes after it ----
# Each game started by the unmodified build, one machine move made and
# saved; then the new build boots on that EEPROM: the game resumes
# (INGAME=1) with the same mode, turn and position, as the game the new
# build itself names so (GAME=<i> of the game in play, against its own
# GAME <name>'s <i>), and a SUM with its columns' rules (GAME's name, made
# from the position's rules). Each script waits after its last reply's
# first words, so that the reply is read whole. KAYLES' engine index, the SUM's KAYLES and
# TWINS and your own game's all move one up with the new heap rule.
RESUMED=("KAYLES MISERE" "SUM NIM + KAYLES + TWINS" "OCTAL 0.137")
for k in "${!RESUMED[@]}"; do
    g=${RESUMED[$k]}
    python3 -c "import sys; sys.stdout.buffer.write(b'\xff' * 1024)" > "$out/inplay$k.eeprom"
    run "inplay$k" build/nim.elf "$out/inplay$k.eeprom" "wait 100ms
send SET OPP 1
expect-uart OK SET
send GAME $g
expect-uart OK GAME
send NEW
expect-uart OK NEW
send AI
expect-uart OK AI
wait 1s
send STATE
expect-uart SAVE=0
send GAME
expect-uart OK GAME
wait 200ms"
    state0=$(grep -m1 '^OK STATE' "$out/inplay$k.uart" | grep -o 'MODE=[^ ]* TURN=[^ ]* POS=[^ ]*')
    name0=$(grep '^OK GAME' "$out/inplay$k.uart" | tail -1 | sed 's/^OK GAME [0-9]* //')
    cp "$out/inplay$k.eeprom" "$out/resumed$k.eeprom"
    run "resumed$k" "$out/tree/$new" "$out/resumed$k.eeprom" "wait 4000ms
send STATE
expect-uart OK STATE
send GAME
expect-uart OK GAME
send GAME $g
expect-uart OK GAME
wait 200ms"
    st=$(grep -m1 '^OK STATE' "$out/resumed$k.uart")
    state1=$(echo "$st" | grep -o 'MODE=[^ ]* TURN=[^ ]* POS=[^ ]*')
    name1=$(grep -m1 '^OK GAME' "$out/resumed$k.uart" | sed 's/^OK GAME [0-9]* //')
    want=$(grep '^OK GAME' "$out/resumed$k.uart" | tail -1 | sed -n 's/^OK GAME \([0-9]*\) .*/\1/p')
    case "$st" in *" INGAME=1 "*) ;; *) fail "7. $g saved in play before the line: not resumed after it: $st";; esac
    [ -n "$state0" ] && [ "$state1" = "$state0" ] || fail "7. $g: saved at $state0, resumed at $state1"
    echo "$st" | grep -q " GAME=$want " || fail "7. $g: resumed as game $(echo "$st" | sed 's/.* GAME=\([0-9]*\) .*/\1/'), the new build's $g is $want"
    [ "$name1" = "$name0" ] || fail "7. $g: resumed as $name1, saved as $name0"
done
echo "add-game: 7. ${#RESUMED[@]} games in progress saved before the line resume after it on the same game and position: ${RESUMED[*]}"

# ---- teeth: the same line with the rules after it renumbered ------------
# (numbers shifted to make room, as a place in the list would): check 5
# must fail on it.
copy_with "$out/shift" "    X(30, S25,      \"TAKE 2 OR 5\", KIND_OCTAL,   \"0.03003\",   FORM_HEAP)  \\"
python3 - "$out/shift/firmware/engine/rules.h" <<'PY'
import re, sys
p = sys.argv[1]
s = open(p).read()
s = re.sub(r"^( *X\()(29|3[0-3])(, (?!S25))", lambda m: "%s%d%s" % (m.group(1), int(m.group(2)) + 3, m.group(3)), s, flags=re.M)
open(p, "w").write(s)
PY
grep -q 'X(32, DAWSON' "$out/shift/firmware/engine/rules.h" || fail "the shifted copy was not made"
( cd "$out/shift" && make -s -j2 NO_DEPS=1 build/nim.elf > "$out/build_shift.log" 2>&1 ) || { tail -20 "$out/build_shift.log"; fail "the shifted build"; }
if check_scores "$out/shift/$new" shifted > "$out/shifted.txt"; then
    fail "check 5 passed on a copy whose new rule moved old scores"
fi
echo "add-game: teeth: on a copy whose rules after the new one were renumbered, check 5 fails: $(head -1 "$out/shifted.txt")"
echo "add-game: passed"
