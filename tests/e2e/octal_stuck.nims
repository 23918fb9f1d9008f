#! eeprom xxd tests/e2e/eeprom_stuck.xxd
# Your own code with no move from the board's full start: refused in that
# form, never a game in progress with no move (the fuzzer's
# buttons_game96_demo_nomove). A start the code cannot move from falls
# back to the full board (a heap of 8 in each column; one heap: every
# lamp), so a code is played in a form only where the full board has a
# move: 0.10000001 (take 1 or 8 stones, only the whole heap) in columns
# (heaps of 8), not in one heap (64 stones: no move). The image
# (eeprom_stuck_make.txt, made by 2.1.0, before the fix) holds DEMO,
# START FULL and OCTAL ONE chosen with 0.10000001, and that game, stuck,
# in progress: 3.0.0 refuses a 2.x record whole, so the stuck game and
# its code never come back; a 3.0.0 record holds no such code, as every
# way in refuses it (below).
wait 3500ms
expect-uart LOG RECORDS OLD
send STATE
expect-uart INGAME=0
# the fuzzer's settings again, over the link: the code is refused in one
# heap, taken in columns; OCTAL ONE chosen with it cannot start
send SET OPP 2
expect-uart OK SET OPP 2
send SET START 3
expect-uart OK SET START 3
send GAME OCTAL 0.10000001 ONE
expect-uart ERR GAME FORM
send GAME OCTAL 0.10000001
expect-uart OK GAME 4 OCTAL 0.10000001\n
send SET GAME 6
expect-uart OK SET GAME 6
send NEW
expect-uart ERR NEW FORM
# B held: the menu, the game in columns kept (a demo stops at a press)
press B
wait 900ms
release B
wait 300ms
send STATE
expect-uart SCR=MENU
# the menu: A on OCTAL ONE opens the code, A plays it: a buzz and NO
# MOVE over the lamps (octal_keys.nims: 0.0's), no game
tap A
wait 300ms
tap A
expect-tone 150 10
#@8 {
expect-frame within 300
#...#..#
#...#.#.
##..#.#.
#.#.#.#.
#..##.#.
#...#.#.
#...#..#
........
#@8 }
#@32 expect-frame within 300
#@32 #...#..###......#...#..###..#...
#@32 #...#.#...#.....##.##.#...#.#...
#@32 ##..#.#...#.....#.#.#.#...#.#...
#@32 #.#.#.#...#.....#.#.#.#...#.#...
#@32 #..##.#...#.....#...#.#...#.#...
#@32 #...#.#...#.....#...#.#...#..#.#
#@32 #...#..###......#...#..###....#.
#@32 ................................
send STATE
expect-uart SCR=MENU
expect-uart INGAME=0
# the link: the same code in columns plays from the full board (its
# 3-4-5 has no move); in one heap it is refused, the code before kept
send SET OPP 0
expect-uart OK SET OPP 0
send SET START 0
expect-uart OK SET START 0
send GAME OCTAL 0.10000001
expect-uart OK GAME 4 OCTAL 0.10000001\n
send STATE
expect-uart SCR=PLAY PH=INPUT GAME=4 RULE=2 MODE=0 TURN=0 POS=8,8,8,8,8,8,8,8
send GAME OCTAL 0.10000001 ONE
expect-uart ERR GAME FORM
send GAME
expect-uart OK GAME 4 OCTAL 0.10000001\n
# 0.1 (only a heap of 1 moves): not in columns either; 0.00000004 (take
# 8 pins leaving two runs) has no move on 8 cells at all
send GAME OCTAL 0.1
expect-uart ERR GAME FORM
send GAME OCTAL 0.1 ONE
expect-uart ERR GAME FORM
send GAME OCTAL 0.00000004
expect-uart ERR GAME FORM
send STATE
expect-uart SCR=PLAY PH=INPUT GAME=4 RULE=2 MODE=0 TURN=0 POS=8,8,8,8,8,8,8,8
