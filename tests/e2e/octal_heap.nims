#! eeprom blank
# Your own game in one heap (issue 21): a code that never splits is
# played in one heap of up to the board's stones, OCTAL ONE (game 96) and
# OCTAL ONE MISERE (97), its P-positions derived on the chip for the play
# chosen (engine_own_heap). A code that splits has no one heap: refused
# with ERR ... FORM on the link and a buzz in the menu's editor.
# tests/engine/test_own_heap.c proves the play.
wait 3500ms
# the menu's path: LEFT twice from NIM is OCTAL, DOWN the form, RIGHT
# twice to ONE HEAP, A the code: Officers (0.6) splits, so A buzzes; DOWN
# three times makes it 0.3, which never splits, and A plays it
send STATE
expect-uart SCR=MENU
tap LEFT
wait 300ms
tap LEFT
wait 300ms
tap DOWN
wait 300ms
tap RIGHT
wait 300ms
tap RIGHT
wait 300ms
send GAME
expect-uart OK GAME 6 OCTAL 0.6 ONE\n
tap A
wait 300ms
tap A
expect-tone 150 10
# the word says which form: NO ONE HEAP, its end once scrolled in
#@8 {
expect-frame within 1500
.#####..
.#......
.#......
.####...
.#......
.#......
.#####..
........
#@8 }
#@32 expect-frame within 1500
#@32 .#####.....#...#.#####..###..###
#@32 .#.........#...#.#.....#...#.#..
#@32 .#.........#...#.#.....#...#.#..
#@32 .####......#####.####..#...#.###
#@32 .#.........#...#.#.....#####.#..
#@32 .#.........#...#.#.....#...#.#..
#@32 .#####.....#...#.#####.#...#.#..
#@32 ................................
send STATE
expect-uart SCR=MENU
tap DOWN
wait 100ms
tap DOWN
wait 100ms
tap DOWN
wait 100ms
tap A
wait 300ms
send STATE
expect-uart SCR=PLAY PH=INPUT GAME=6 RULE=2 MODE=1
send GAME
expect-uart OK GAME 6 OCTAL 0.3 ONE\n
# the link's path: 0.3122 (take 1, 2 only the whole heap, 3 or 4
# leaving some) from 12 stones, a P-position (P: 0 3 5 10 12 17 ...)
send SET LEVEL 2
expect-uart OK SET LEVEL 2
send SET FIRST 0
expect-uart OK SET FIRST 0
send SET START 0
expect-uart OK SET START 0
send SET OPP 0
expect-uart OK SET OPP 0
send GAME OCTAL 0.3122 ONE
expect-uart OK GAME 6 OCTAL 0.3122 ONE\n
send STATE
expect-uart GAME=6 RULE=2 MODE=1 TURN=0 POS=12
send GRUNDY
expect-uart OK GRUNDY 0 SUM 0 P
send HINT
expect-uart OK HINT NONE
# one stone taken (11): the machine takes one more to 10, a P-position
send MOVE 0 11
expect-uart LOG MOVE H 0 11
expect-uart LOG MOVE M 0 10 within 1500
# refused, the game stays: Dawson's chess (0.137) splits; BINARY is no
# form of your own game
send GAME OCTAL 0.137 ONE
expect-uart ERR GAME FORM
send GAME OCTAL 0.137 MISERE ONE
expect-uart ERR GAME FORM
send GAME OCTAL 0.3122 BINARY
expect-uart ERR GAME FORM
send GAME
expect-uart OK GAME 6 OCTAL 0.3122 ONE\n
send STATE
expect-uart POS=10
# by number: the code set now is the one asked about
send GAME OCTAL 0.6
expect-uart OK GAME 4 OCTAL 0.6\n
send GAME 6
expect-uart ERR GAME FORM
send SET GAME 7
expect-uart OK SET GAME 7
send NEW
expect-uart ERR NEW FORM
# the machine plays it to the end against itself
send GAME OCTAL 0.3122 ONE
expect-uart OK GAME 6 OCTAL 0.3122 ONE\n
send SET OPP 2
expect-uart OK SET OPP 2
send NEW
expect-uart OK NEW 6 OCTAL 0.3122 ONE
expect-uart LOG END within 60000
send SET OPP 0
expect-uart OK SET OPP 0
# misere: 0.03* (take 2 or more, leaving some or none) from 12 stones,
# worth 6; in misere play P is 2 and 3 only, so the hint takes nine; two
# taken instead (10), the machine takes seven, to 3
send GAME OCTAL 0.03* ONE MISERE
expect-uart OK GAME 7 OCTAL 0.03* ONE MISERE\n
send STATE
expect-uart GAME=7 RULE=2 MODE=3 TURN=0 POS=12
send GRUNDY
expect-uart OK GRUNDY 6 MISERE N
send HINT
expect-uart OK HINT 0 3
send MOVE 0 10
expect-uart LOG MOVE H 0 10
expect-uart LOG MOVE M 0 3 within 1500
wait 300ms
#@32 wait 300ms
# a one-heap misere game cut by a power cut comes back with its code
reset
wait 3500ms
send GAME
expect-uart OK GAME 7 OCTAL 0.03* ONE MISERE\n
send STATE
expect-uart RULE=2 MODE=3 TURN=0 POS=3
send GRUNDY
expect-uart OK GRUNDY 1 MISERE P
# the machine plays it to the end against itself, and the last move
# loses
send SET OPP 2
expect-uart OK SET OPP 2
send NEW
expect-uart OK NEW 7 OCTAL 0.03* ONE MISERE
expect-uart LOG END within 60000
