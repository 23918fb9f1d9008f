#! eeprom blank
# EMPTY AND DIVIDE from power-on, buttons only (the link only watches):
# the game is the last rule of the menu (LEFT from NIM: SUM, OCTAL, then it), LEVEL PERFECT,
# START 3-4-5 gives the boxes 3 and 4 (an N-position: 4 is even). A move:
# LEFT/RIGHT and A choose the box to empty, UP/DOWN count what it gets of
# the other box (the split blinks over the old boxes), A plays it, B backs
# out. The player wins as the notes say: leave both boxes odd.
wait 3500ms
send STATE
expect-uart SCR=MENU
tap LEFT
tap LEFT
tap LEFT
send GAME
expect-uart OK GAME 66 EMPTY AND DIVIDE\n
# LEVEL: PERFECT (the menu's items: game, form, play, first move, level)
tap DOWN
tap DOWN
tap DOWN
tap DOWN
tap RIGHT
send STATE
expect-uart SET=66,0,0,2,0,1,8,1,0 MENU=4
tap A
send STATE
expect-uart SCR=PLAY PH=INPUT GAME=66 RULE=33 MODE=0 TURN=0 POS=3,4 CUR=0,0 PEND=0
# the boxes: 3 and 4 counters, lit from the bottom
expect-frame within 600
........
........
........
........
.#......
##......
##......
##......
# box 0 chosen (A): one counter of box 1's 4 in it, the rest (3) in box 1
tap A
send STATE
expect-uart CUR=0,0 PEND=1
expect-frame within 600
........
........
........
........
........
.#......
.#......
##......
# UP: two of the four; DOWN: back to one; DOWN again: a box keeps one (buzz)
tap UP
send STATE
expect-uart PEND=2
expect-frame within 600
........
........
........
........
........
........
##......
##......
tap DOWN
tap DOWN
expect-tone 150 10
send STATE
expect-uart PEND=1
# B backs out of the split: the box is chosen again
tap B
send STATE
expect-uart CUR=0,0 PEND=0 OV=0
# the hint (B) shows the winning split, then the player plays it: 1 and 3
tap B
send HINT
expect-uart OK HINT 0 1
expect-frame within 600
........
........
........
........
........
.#......
.#......
##......
tap A
tap A
tap A
expect-uart LOG MOVE H 0 1
send GRUNDY
expect-uart OK GRUNDY 0 SUM 0 P
# the machine in a P-position stalls: one counter split off the bigger box
expect-uart LOG MOVE M 0 1
send STATE
expect-uart POS=1,2
# box 1 holds 2: box 0 (holding 1) cannot be divided, so box 1 cannot be
# emptied (buzz); box 0 can
tap RIGHT
tap A
expect-tone 150 10
send STATE
expect-uart CUR=1,0 PEND=0
tap LEFT
tap A
tap A
expect-uart LOG MOVE H 0 1
expect-uart LOG END H
#
# --- BINARY MISERE (the link chooses the game and the boxes): 200 and 13
# in binary; the last mover loses, the cold boxes are 1, 2, 5, 8, 11 ...
send GAME EMPTY AND DIVIDE BINARY MISERE
expect-uart OK GAME 195 EMPTY AND DIVIDE BINARY MISERE\n
send POS 200 13
expect-uart OK POS
expect-frame within 600
#.......
#.......
........
........
##......
.#......
........
.#......
# box 1 chosen: its share of box 0's 200 counted up by a held UP, faster
# and faster, to 199 (one stays in box 0), then B backs out
tap RIGHT
tap A
press UP
wait 5000ms
release UP
send STATE
expect-uart CUR=1,0 PEND=199
tap B
send STATE
expect-uart CUR=1,0 PEND=0
# box 0 emptied, 13 divided into 2 and 11 (both cold); the machine stalls
# each time, the player answers 2 and the rest, and the machine is left
# the last move, (2, 2) to (1, 1): it loses
tap LEFT
tap A
tap UP
tap A
expect-uart LOG MOVE H 0 2
expect-uart LOG MOVE M 0 1
send STATE
expect-uart POS=1,10
tap A
tap UP
tap A
expect-uart LOG MOVE H 0 2
expect-uart LOG MOVE M 0 1
tap A
tap UP
tap A
expect-uart LOG MOVE H 0 2
expect-uart LOG MOVE M 0 1
send STATE
expect-uart POS=1,4
tap A
tap UP
tap A
expect-uart LOG MOVE H 0 2
send GRUNDY
expect-uart OK GRUNDY 1 MISERE P
expect-uart LOG MOVE M 0 1
expect-uart LOG END H
