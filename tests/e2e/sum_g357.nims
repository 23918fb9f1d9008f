#! eeprom blank
#! cols 8
# SUM from power-on, buttons only (the link only watches and asks):
# G(3) + G(5) + G(7) (TAKE 1-3, TAKE 1-5, TAKE 1-7) in BINARY, the notes'
# Sprague-Grundy example, on the notes' piles 9 10 14. The sum in 15
# presses from the menu: LEFT (GAME: from NIM back to SUM), DOWN, RIGHT,
# RIGHT (FORM: BINARY), A (the sum's columns), 3 x UP (TAKE 1-3), RIGHT (a
# new column, TAKE 1-3), 2 x UP (TAKE 1-5), RIGHT, 2 x UP (TAKE 1-7), A
# (play); before that A, START SET UP (4 x DOWN, LEFT: the list goes
# round from 3-4-5). SET UP starts on the full board (255 a column in
# BINARY) and the buttons count each column's heap as a move does (a held
# DOWN down to 0, UP back), A sets it whatever the rule allows, B starts
# the game. Then the player wins against the machine with the notes' move,
# 14 to 13, and the hint's moves after it.
wait 3500ms
send STATE
expect-uart SCR=MENU
send SET OFF 4
expect-uart OK SET OFF 4
send SET LEVEL 2
expect-uart OK SET LEVEL 2
tap LEFT
send GAME
expect-uart OK GAME 2 SUM\n
tap DOWN
tap RIGHT
tap RIGHT
send GAME
expect-uart OK GAME 130 SUM BINARY\n
# START: SET UP
tap DOWN
tap DOWN
tap DOWN
tap DOWN
tap LEFT
send STATE
expect-uart SET=130,0,0,2,4,1,8,4,0 MENU=5
tap A
# choosing the columns: row 0 shows them, the name of the last one scrolls
send STATE
expect-uart SCR=MENU
tap UP
tap UP
tap UP
tap RIGHT
tap UP
tap UP
tap RIGHT
tap UP
tap UP
send STATE
expect-uart MODE=12
expect-uart RULES=6,10,14
tap A
send STATE
expect-uart SCR=PLAY PH=INPUT GAME=130 RULE=0 MODE=12 TURN=0 POS=255,255,255 RULES=6,10,14
send GAME
expect-uart OK GAME 130 SUM TAKE 1-3 DR NIM + TAKE 1-5 + TAKE 1-7 BINARY\n
# SET UP: column 0 to 9 (DOWN held to the whole heap, then 9 x UP), A
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
send STATE
expect-uart CUR=0,0 PEND=246
tap A
wait 300ms
send STATE
expect-uart TURN=0 POS=9,255,255 RULES=6,10,14
# column 1 to 10, column 2 to 14
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
tap A
# (the column set is saved, a LOG NEW line written: the next press after it)
wait 300ms
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
tap UP
tap UP
tap A
wait 300ms
send STATE
expect-uart SCR=PLAY PH=INPUT GAME=130 RULE=0 MODE=12 TURN=0 POS=9,10,14 RULES=6,10,14 CUR=2,0
# B: set up, the game begins (B again would be the hint)
tap B
send GRUNDY
expect-uart OK GRUNDY 1 4 6 SUM 3 N
# the notes' winning move: column 2 (TAKE 1-7), 14 to 13 (its value 6 to
# 5: 1 xor 4 xor 5 = 0); then each move the hint's, every one leaving a
# nim-sum of 0, until the machine has no move (LEVEL 2: it stalls)
send HINT
expect-uart OK HINT 2 13
tap DOWN
tap A
expect-uart LOG MOVE H 2 13
send GRUNDY
expect-uart SUM 0 P
expect-uart LOG MOVE M 2 12
tap LEFT
tap LEFT
tap DOWN
tap A
expect-uart LOG MOVE H 0 8
send GRUNDY
expect-uart SUM 0 P
expect-uart LOG MOVE M 2 11
tap RIGHT
tap DOWN
tap A
expect-uart LOG MOVE H 1 9
send GRUNDY
expect-uart SUM 0 P
expect-uart LOG MOVE M 2 10
tap DOWN
tap A
expect-uart LOG MOVE H 1 8
send GRUNDY
expect-uart SUM 0 P
expect-uart LOG MOVE M 2 9
tap DOWN
tap A
expect-uart LOG MOVE H 1 7
send GRUNDY
expect-uart SUM 0 P
expect-uart LOG MOVE M 2 8
tap DOWN
tap A
expect-uart LOG MOVE H 1 6
send GRUNDY
expect-uart SUM 0 P
expect-uart LOG MOVE M 0 7
tap LEFT
tap DOWN
tap DOWN
tap DOWN
tap A
expect-uart LOG MOVE H 0 4
send GRUNDY
expect-uart SUM 0 P
expect-uart LOG MOVE M 2 7
tap RIGHT
tap RIGHT
tap DOWN
tap DOWN
tap DOWN
tap DOWN
tap DOWN
tap DOWN
tap DOWN
tap A
expect-uart LOG MOVE H 2 0
send GRUNDY
expect-uart SUM 0 P
expect-uart LOG MOVE M 1 5
tap LEFT
tap DOWN
tap DOWN
tap DOWN
tap DOWN
tap DOWN
tap A
expect-uart LOG MOVE H 1 0
send GRUNDY
expect-uart SUM 0 P
expect-uart LOG MOVE M 0 3
tap LEFT
tap DOWN
tap DOWN
tap DOWN
tap A
expect-uart LOG MOVE H 0 0
expect-uart LOG END H
