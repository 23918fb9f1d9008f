#! eeprom blank
# Your own game in misere play (issue 21). The chip plays a code's misere
# only where it proves, when asked, that misere Nim on the column values
# decides it (firmware/engine/own_misere.c): OCTAL MISERE is the list's
# last game (95). A wild code is refused with ERR ... WILD, a code the
# proof holds for on its runs but not on its columns (two runs worth 2 or
# more in one column, worth 0 or 1) or with a run worth over 7 with
# ERR ... FORM; a refusal changes nothing. The menu's editor refuses it
# with a buzz. tests/engine/test_own_misere.c proves the play.
wait 3500ms
# the menu's path first: LEFT twice from NIM is OCTAL, DOWN the form,
# RIGHT to COLUMNS MISERE, A the code (Officers, 0.6: its columns are
# not misere Nim's, so A buzzes), then 0.07 (Dawson's Kayles): 6 -> 7 ->
# 0, RIGHT, DOWN to 7, A plays it
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
send GAME
expect-uart OK GAME 5 OCTAL 0.6 MISERE\n
tap A
wait 300ms
tap A
expect-tone 150 10
# the word says which form: NO MISERE, its end once scrolled in
#@8 {
expect-frame within 1300
###..###
.#..#...
.#..#...
.#...###
.#......
.#......
###.####
........
#@8 }
#@32 expect-frame within 1300
#@32 ###..####.#####.####..#####.....
#@32 .#..#.....#.....#...#.#.........
#@32 .#..#.....#.....#...#.#.........
#@32 .#...###..####..####..####......
#@32 .#......#.#.....#.#...#.........
#@32 .#......#.#.....#..#..#.........
#@32 ###.####..#####.#...#.#####.....
#@32 ................................
# in Tieng Viet KHONG CHOI MISERE
send SET LANG 1
expect-uart OK SET LANG 1
tap A
expect-tone 150 10
#@8 {
expect-frame within 3100
..#.###.
.##..#..
#.#..#..
#.#..#..
..#..#..
..#..#..
..#.###.
........
#@8 }
#@32 expect-frame within 3100
#@32 ..#.###..####.#####.####..#####.
#@32 .##..#..#.....#.....#...#.#.....
#@32 #.#..#..#.....#.....#...#.#.....
#@32 #.#..#...###..####..####..####..
#@32 ..#..#......#.#.....#.#...#.....
#@32 ..#..#......#.#.....#..#..#.....
#@32 ..#.###.####..#####.#...#.#####.
#@32 ................................
send SET LANG 0
expect-uart OK SET LANG 0
send STATE
expect-uart SCR=MENU
tap UP
wait 100ms
tap UP
wait 100ms
tap RIGHT
wait 100ms
tap DOWN
wait 100ms
tap A
wait 300ms
send STATE
expect-uart SCR=PLAY PH=INPUT GAME=5 RULE=2 MODE=2
send GAME
expect-uart OK GAME 5 OCTAL 0.07 MISERE\n
# the link's path
send SET LEVEL 2
expect-uart OK SET LEVEL 2
send SET FIRST 0
expect-uart OK SET FIRST 0
send SET START 0
expect-uart OK SET START 0
send SET OPP 0
expect-uart OK SET OPP 0
send GAME OCTAL 0.07 MISERE
expect-uart OK GAME 5 OCTAL 0.07 MISERE\n
send STATE
expect-uart GAME=5 RULE=2 MODE=2 TURN=0 POS=7,15,31
# runs of 3, 4, 5 pins worth 1, 2, 0: a column worth 2, so Nim's sum
# decides (3: the mover wins); the one big column goes to 0, leaving one
# column worth 1: the 4 pins' middle two, 0b1001
send GRUNDY
expect-uart OK GRUNDY 1 2 0 SUM 3 N
send HINT
expect-uart OK HINT 1 9
# refused, the game stays: KAYLES (0.77) is wild; Dawson's chess (0.137)
# fits runs worth 2 and 2 in a column; NIM (0.3*) has a heap worth 8
send GAME OCTAL 0.77 MISERE
expect-uart ERR GAME WILD
send GAME OCTAL 0.137 MISERE
expect-uart ERR GAME FORM
send GAME OCTAL 0.3* MISERE
expect-uart ERR GAME FORM
send GAME
expect-uart OK GAME 5 OCTAL 0.07 MISERE\n
send STATE
expect-uart POS=7,15,31
# by number: the code set now is the one asked about
send GAME OCTAL 0.77
expect-uart OK GAME 4 OCTAL 0.77\n
send GAME 5
expect-uart ERR GAME WILD
send SET GAME 5
expect-uart OK SET GAME 5
send NEW
expect-uart ERR NEW WILD
send GAME 4
expect-uart OK GAME 4 OCTAL 0.77\n
# a misere game cut by a power cut comes back with its code
send GAME OCTAL 0.07 MISERE
expect-uart OK GAME 5 OCTAL 0.07 MISERE\n
# the save of the new code and game first: a line sent as a save step falls due
# races it, and a few hundred cycles decide the order (the web diff)
wait 1000ms
send MOVE 2 7
expect-uart LOG MOVE H 2 7
expect-uart LOG MOVE M within 1500
wait 300ms
#@32 wait 300ms
reset
wait 3500ms
send GAME
expect-uart OK GAME 5 OCTAL 0.07 MISERE\n
send STATE
expect-uart RULE=2 MODE=2 TURN=0
# the machine plays it to the end against itself, and the last move
# loses
send SET OPP 2
expect-uart OK SET OPP 2
send NEW
expect-uart OK NEW 5 OCTAL 0.07 MISERE
expect-uart LOG END within 60000
