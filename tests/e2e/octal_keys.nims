#! eeprom blank
# Your own game typed in with the buttons (issue 21), from power-on: in
# the menu LEFT twice from NIM reaches OCTAL (your own game, before SUM),
# A opens its code: column k shows digit d_k as three lamps (rows 1-3:
# bits 1, 2, 4), row 5 of the last digit the repeat, row 0 the cursor
# (blinking). The code starts as the one played last (Officers, 0.6, on a
# new toy). UP/DOWN step the digit, LEFT/RIGHT move, B the repeat, A
# plays; a code with no move is refused with a buzz.
wait 3500ms
send STATE
expect-uart SCR=MENU
tap LEFT
wait 300ms
tap LEFT
wait 300ms
send GAME
expect-uart OCTAL 0.6\n
tap A
# 0.6: digit 6 (bits 2 and 4), the cursor on it
#@8 {
expect-frame within 1000
........
........
........
........
#.......
#.......
........
#.......
#@8 }
#@32 expect-frame within 1000
#@32 ................................
#@32 ................................
#@32 ................................
#@32 ................................
#@32 #...............................
#@32 #...............................
#@32 ................................
#@32 #...............................
# 6 -> 7 -> 0: the code 0.0 has no move: A is refused (a buzz)
tap UP
wait 100ms
tap UP
wait 100ms
tap A
expect-tone 150 10
# on to 0.137: 1, RIGHT, 3, RIGHT, 7 (DOWN from 0), B: repeating
tap UP
wait 100ms
tap RIGHT
wait 100ms
tap UP
wait 100ms
tap UP
wait 100ms
tap UP
wait 100ms
tap RIGHT
wait 100ms
tap DOWN
wait 100ms
tap B
#@8 {
expect-frame within 1000
........
........
..#.....
........
..#.....
.##.....
###.....
..#.....
#@8 }
#@32 expect-frame within 1000
#@32 ................................
#@32 ................................
#@32 ..#.............................
#@32 ................................
#@32 ..#.............................
#@32 .##.............................
#@32 ###.............................
#@32 ..#.............................
# B again: not repeating; A plays 0.137 (it splits: 3-4-5 pins)
tap B
wait 100ms
tap A
wait 300ms
send GAME
expect-uart OCTAL 0.137\n
send STATE
expect-uart SCR=PLAY PH=INPUT GAME=94 RULE=20 MODE=0 TURN=0 POS=7,15,31
# the machine plays it to the end against itself
send SET OPP 2
expect-uart OK SET OPP 2
send NEW
expect-uart OK NEW
expect-uart LOG END within 60000
# the code chosen with the buttons is kept with the settings: a game of
# another rule, a power cut, and OCTAL comes back as 0.137
send SET OPP 0
expect-uart OK SET OPP 0
send GAME NIM
expect-uart OK GAME 0 NIM
send NEW
expect-uart OK NEW
wait 1s
send STATE
expect-uart GAME=0 RULE=0
expect-uart SAVE=0
reset
wait 4000ms
send STATE
expect-uart SCR=PLAY PH=INPUT GAME=0 RULE=0
press B
wait 900ms
release B
wait 300ms
tap LEFT
wait 300ms
tap LEFT
wait 300ms
send GAME
expect-uart OCTAL 0.137\n
