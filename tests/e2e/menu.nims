#! eeprom blank
# Power-on: animation, the title, then the menu; the menu by buttons;
# settings kept through a power cut.
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
# then the menu: item 0 (the game) "NIM" from the left edge, item marker
# on the bottom row
expect-frame within 3000
#...#.##
#...#..#
##..#..#
#.#.#..#
#..##..#
#...#..#
#...#.##
#.......
send STATE
expect-uart SCR=MENU PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS= CUR=0,0 PEND=0 OV=0 INGAME=0 W=0 L=0 SET=0,0,0,1,0,1,8,1 MENU=0
# DOWN: next item (opponent), RIGHT: next value (2 players)
tap DOWN
tap RIGHT
send STATE
expect-uart SET=0,1,0,1,0,1,8,1 MENU=1
# DOWN DOWN: level; LEFT: easy
tap DOWN
tap DOWN
tap LEFT
send STATE
expect-uart SET=0,1,0,0,0,1,8,1 MENU=3
# UP x3 back to the game; LEFT wraps to the last game (one-heap misere)
tap UP
tap UP
tap UP
tap LEFT
send STATE
expect-uart SET=63,1,0,0,0,1,8,1 MENU=0
# A plays it
tap A
expect-uart LOG NEW 63 H1
send STATE
expect-uart SCR=PLAY PH=INPUT GAME=63 RULE=13
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
# a held arrow repeats: hold RIGHT in the menu
press B
wait 900ms
release B
wait 100ms
press RIGHT
wait 1000ms
release RIGHT
send STATE
# (press + repeats at 400, 500 ... 900 ms: 7 steps, 63 wraps to 0 .. 6)
expect-uart SET=6,1,0,0,0,1,8,1 MENU=0
# settings survive a power cut (the reset keeps the EEPROM)
tap A
expect-uart LOG NEW 6 H1
reset
wait 100ms
send STATE
expect-uart SET=6,1,0,0,0,1,8,1
