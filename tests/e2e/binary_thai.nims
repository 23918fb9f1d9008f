#! eeprom blank
#! cols 8
# BINARY from power-on, buttons only: NIM BINARY, two players, START FULL
# (every column 255, drawn in binary); the players build the Thai
# article's 13 12 8 (a held DOWN counts faster, up to the whole heap; UP
# counts back; the new heap blinks over the old; A confirms), then player
# 1 wins it with the hint and the text's moves: 13 to 4 (nim-sum 9), ...
wait 3500ms
send STATE
expect-uart SCR=MENU
# the form item: COLUMNS, COLUMNS MISERE, then BINARY (NIM has no one-heap form)
tap DOWN
tap RIGHT
tap RIGHT
send GAME
expect-uart OK GAME 128 NIM BINARY\n
# PLAY: 2 PLAYERS; START: FULL
tap DOWN
tap RIGHT
tap DOWN
tap DOWN
tap DOWN
tap RIGHT
tap RIGHT
send STATE
expect-uart SET=128,1,0,1,2,1,8,1,0 MENU=5
tap A
send STATE
expect-uart SCR=PLAY PH=INPUT GAME=128 RULE=0 MODE=4 TURN=0 POS=255,255,255,255,255,255,255,255
# every column 255: all eight lamps lit
wait 900ms
expect-frame within 600
########
########
########
########
########
########
########
########
# player 1: column 0, 255 to 13: DOWN held to the whole heap, 13 x UP
press DOWN
wait 5000ms
release DOWN
send STATE
expect-uart CUR=0,0 PEND=255
tap UP
tap UP
tap UP
tap UP
tap UP
tap UP
tap UP
tap UP
tap UP
tap UP
tap UP
tap UP
tap UP
send STATE
expect-uart CUR=0,0 PEND=242
# the new heap, 13 (1101), blinks over the old (all lit)
expect-frame within 600
.#######
.#######
.#######
.#######
########
########
.#######
########
tap A
expect-uart LOG MOVE H1 0 13
# player 2: column 1 to 12; player 1: column 2 to 8
tap RIGHT
press DOWN
wait 5000ms
release DOWN
tap UP
tap UP
tap UP
tap UP
tap UP
tap UP
tap UP
tap UP
tap UP
tap UP
tap UP
tap UP
send STATE
expect-uart CUR=1,0 PEND=243
tap A
expect-uart LOG MOVE H2 1 12
tap RIGHT
press DOWN
wait 5000ms
release DOWN
tap UP
tap UP
tap UP
tap UP
tap UP
tap UP
tap UP
tap UP
tap A
expect-uart LOG MOVE H1 2 8
# the other five columns emptied in turn
tap RIGHT
press DOWN
wait 5000ms
release DOWN
tap A
expect-uart LOG MOVE H2 3 0
tap RIGHT
press DOWN
wait 5000ms
release DOWN
tap A
expect-uart LOG MOVE H1 4 0
tap RIGHT
press DOWN
wait 5000ms
release DOWN
tap A
expect-uart LOG MOVE H2 5 0
tap RIGHT
press DOWN
wait 5000ms
release DOWN
tap A
expect-uart LOG MOVE H1 6 0
tap RIGHT
press DOWN
wait 5000ms
release DOWN
tap A
expect-uart LOG MOVE H2 7 0
send STATE
expect-uart TURN=0 POS=13,12,8,0,0,0,0,0
# 13 12 8 in binary, rows 3..0 (after player 1's turn banner)
wait 900ms
expect-frame within 600
........
........
........
........
###.....
##......
........
#.......
# B: the hint, column 0 (13 to 4); B again: the teach panel. Each
# column's value in binary; the nim-sum 9 (1001) in the rightmost column;
# column 0 blinks between 13 and 4: the lamps that blink are the nim-sum's.
tap B
send STATE
expect-uart CUR=0,0 PEND=0 OV=1
tap B
send STATE
expect-uart OV=2
expect-frame within 600
........
........
........
........
.##....#
##......
........
.......#
expect-frame within 600
........
........
........
........
###....#
##......
........
#......#
# any key closes the panel; player 1 takes 9 from 13, as the text says
tap UP
tap DOWN
tap DOWN
tap DOWN
tap DOWN
tap DOWN
tap DOWN
tap DOWN
tap DOWN
tap DOWN
tap A
expect-uart LOG MOVE H1 0 4
send GRUNDY
expect-uart OK GRUNDY 4 12 8 0 0 0 0 0 SUM 0 P
# player 2 empties column 1; player 1 answers each move with a P-position
tap RIGHT
press DOWN
wait 5000ms
release DOWN
tap A
expect-uart LOG MOVE H2 1 0
tap RIGHT
tap DOWN
tap DOWN
tap DOWN
tap DOWN
tap A
expect-uart LOG MOVE H1 2 4
tap LEFT
tap LEFT
tap DOWN
tap DOWN
tap DOWN
tap A
expect-uart LOG MOVE H2 0 1
tap RIGHT
tap RIGHT
tap DOWN
tap DOWN
tap DOWN
tap A
expect-uart LOG MOVE H1 2 1
tap LEFT
tap LEFT
tap DOWN
tap A
expect-uart LOG MOVE H2 0 0
tap RIGHT
tap RIGHT
tap DOWN
tap A
expect-uart LOG MOVE H1 2 0
expect-uart LOG END H1
