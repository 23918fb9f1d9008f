#! eeprom blank
# Power-on: animation, the title, then the menu; the menu by buttons: the
# game, then its form; every item says its name; held keys stop at the end
# (a buzz), taps wrap; A with a game in progress asks first; settings kept
# through a power cut.
# The title animation: columns rise one after another.
expect-frame within 300
........
........
........
........
........
#.......
##......
###.....
send STATE
expect-uart SCR=INTRO
# then the menu: item GAME shows its name first ("GA" of "GAME NIM") and
# the item lamp on the bottom row, column 0
#@8 {
expect-frame within 3000
.###...#
#...#.#.
#.....#.
#.###.#.
#...#.##
#...#.#.
.####.#.
#.......
#@8 }
#@32 # (32 columns: "GAME N" of "GAME NIM")
#@32 expect-frame within 3000
#@32 .###...###..#...#.#####.....#...
#@32 #...#.#...#.##.##.#.........#...
#@32 #.....#...#.#.#.#.#.........##..
#@32 #.###.#...#.#.#.#.####......#.#.
#@32 #...#.#####.#...#.#.........#..#
#@32 #...#.#...#.#...#.#.........#...
#@32 .####.#...#.#...#.#####.....#...
#@32 #...............................
send STATE
expect-uart SCR=MENU PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS= CUR=0,0 PEND=0 OV=0 INGAME=0 W=0 L=0 SET=0,0,0,1,0,1,8,1,0 MENU=0
# B with no game in progress to go back to: refused, a buzz
tap B
expect-tone 150 10 within 100
# RIGHT: the next game (a rule: NIM -> TAKE 1-2; TAKE 1 is not listed, it
# leaves no choice), in columns. Held, it does not repeat: a game's name
# needs reading, one step a press
press RIGHT
wait 1200ms
release RIGHT
send GAME
expect-uart OK GAME
expect-uart TAKE 1-2\n
# DOWN: the form item ("FO" of "FORM ..."), sharing the game's lamp, which
# blinks; LEFT wraps to the last form (one heap misere), LEFT again: one heap
tap DOWN
#@8 {
expect-frame within 500
#####..#
#.....#.
#.....#.
####..#.
#.....#.
#.....#.
#......#
#.......
#@8 }
#@32 # (32 columns: "FORM C" of "FORM COLUMNS")
#@32 expect-frame within 500
#@32 #####..###..####..#...#......###
#@32 #.....#...#.#...#.##.##.....#...
#@32 #.....#...#.#...#.#.#.#.....#...
#@32 ####..#...#.####..#.#.#.....#...
#@32 #.....#...#.#.#...#...#.....#...
#@32 #.....#...#.#..#..#...#.....#...
#@32 #......###..#...#.#...#......###
#@32 #...............................
#@8 {
expect-frame within 500
#####..#
#.....#.
#.....#.
####..#.
#.....#.
#.....#.
#......#
........
#@8 }
#@32 expect-frame within 500
#@32 #####..###..####..#...#......###
#@32 #.....#...#.#...#.##.##.....#...
#@32 #.....#...#.#...#.#.#.#.....#...
#@32 ####..#...#.####..#.#.#.....#...
#@32 #.....#...#.#.#...#...#.....#...
#@32 #.....#...#.#..#..#...#.....#...
#@32 #......###..#...#.#...#......###
#@32 ................................
# LEFT from the first form goes round to the last: BINARY MISERE, BINARY,
# then the one-heap forms
tap LEFT
send GAME
expect-uart TAKE 1-2 BINARY MISERE\n
tap LEFT
send GAME
expect-uart TAKE 1-2 BINARY\n
tap LEFT
send GAME
expect-uart TAKE 1-2 ONE MISERE\n
tap LEFT
send GAME
expect-uart TAKE 1-2 ONE\n
# UP, then LEFT on the game: NIM has no one-heap form (taking everything
# wins): its first form, columns
tap UP
tap LEFT
send GAME
expect-uart OK GAME 0 NIM\n
# DOWN DOWN: opponent ("PL" of "PLAY VS MACHINE"), lamp in column 1;
# RIGHT: 2 players
tap DOWN
tap DOWN
#@8 {
expect-frame within 500
####..#.
#...#.#.
#...#.#.
####..#.
#.....#.
#.....#.
#.....##
.#......
#@8 }
#@32 # (32 columns: "PLAY V", the lamp of item 1 in column 4)
#@32 expect-frame within 500
#@32 ####..#......###..#...#.....#...
#@32 #...#.#.....#...#.#...#.....#...
#@32 #...#.#.....#...#.#...#.....#...
#@32 ####..#.....#...#..#.#......#...
#@32 #.....#.....#####...#.......#...
#@32 #.....#.....#...#...#........#.#
#@32 #.....#####.#...#...#.........#.
#@32 ....#...........................
tap RIGHT
send STATE
expect-uart SET=0,1,0,1,0,1,8,1,0 MENU=2
# DOWN DOWN: level; LEFT: easy
tap DOWN
tap DOWN
tap LEFT
send STATE
expect-uart SET=0,1,0,0,0,1,8,1,0 MENU=4
# brightness (item 7): a held RIGHT climbs and stops at 15 with a buzz
# (press + repeats every 100 ms after 400 ms: it would pass 15 by far)
tap DOWN
tap DOWN
tap DOWN
send STATE
expect-uart MENU=7
press RIGHT
wait 1500ms
expect-tone 150 10
release RIGHT
send STATE
expect-uart SET=0,1,0,0,0,1,15,1,0 MENU=7
# a single tap may wrap: 15 -> 0, and back
tap RIGHT
send STATE
expect-uart SET=0,1,0,0,0,1,0,1,0 MENU=7
tap LEFT
send STATE
expect-uart SET=0,1,0,0,0,1,15,1,0 MENU=7
# a held DOWN stops at the last item (language) with a buzz
press DOWN
wait 800ms
expect-tone 150 10
release DOWN
send STATE
expect-uart MENU=9
# UP x9 back to the game; A plays it (no game in progress: no question)
press UP
wait 1500ms
release UP
send STATE
expect-uart MENU=0
tap A
expect-uart LOG NEW 0 H1
send STATE
expect-uart SCR=PLAY PH=INPUT GAME=0 RULE=0
# B held: back to the menu; the game stays in progress
press B
wait 900ms
release B
wait 100ms
send STATE
expect-uart SCR=MENU
expect-uart INGAME=1
# B (short) in the menu: back to the game
tap B
send STATE
expect-uart SCR=PLAY
# settings survive a power cut (the reset keeps the EEPROM)
# (the settings and the new game take ~0.5 s to write on the chip: make bench)
wait 1s
reset
wait 100ms
send STATE
expect-uart SET=0,1,0,0,0,1,15,1,0
