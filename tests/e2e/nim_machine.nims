# A whole game of Nim against the machine, played with the buttons.
# Level perfect, you start, 3-4-5: the player makes the winning moves
# (nim-sum 0 after each), so the machine, always in a losing position,
# stalls with the smallest move on the biggest heap (first one on a tie).
wait 100ms
send SET LEVEL 2
expect-uart OK SET LEVEL 2
send SET FIRST 0
expect-uart OK SET FIRST 0
send SET START 0
expect-uart OK SET START 0
send GAME NIM
expect-uart LOG NEW 0 H
expect-uart OK GAME
expect-uart NIM\n
# 3-4-5 drawn from the bottom, cursor on column 0.
expect-frame within 600
........
........
........
..#.....
.##.....
###.....
###.....
###.....
# take two from the first heap: DOWN DOWN (pending, blinking), A.
tap DOWN
tap DOWN
# pending stones blink: the 3-heap shows 1 lamp in the off phase
expect-frame within 600
........
........
........
..#.....
.##.....
.##.....
.##.....
###.....
tap A
expect-uart LOG MOVE H 0 1
# the machine thinks (~0.5 s) and shows its move before it is made
expect-uart LOG MOVE M 2 4 within 3000
tap DOWN
tap A
expect-uart LOG MOVE H 0 0
expect-uart LOG MOVE M 1 3 within 3000
tap RIGHT
tap RIGHT
tap DOWN
tap A
expect-uart LOG MOVE H 2 3
expect-uart LOG MOVE M 1 2 within 3000
tap DOWN
tap A
expect-uart LOG MOVE H 2 2
expect-uart LOG MOVE M 1 1 within 3000
tap DOWN
tap A
expect-uart LOG MOVE H 2 1
expect-uart LOG MOVE M 1 0 within 3000
tap DOWN
tap A
expect-uart LOG MOVE H 2 0
expect-uart LOG END H
expect-tone 523 20
send SCORES
expect-uart OK SCORES 0 W 1 L 0
# the result scrolls; A starts the next game
wait 2000ms
send STATE
expect-uart OK STATE SCR=END
tap A
expect-uart LOG NEW 0 H
send STATE
expect-uart OK STATE SCR=PLAY PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS=3,4,5
#
# Demo: the machine plays both sides, to the end, by itself.
send SET OPP 2
expect-uart OK SET OPP 2
send GAME NIM
expect-uart LOG NEW 0 M1
expect-uart LOG MOVE M1 within 3000
expect-uart LOG MOVE M2 within 3000
expect-uart LOG END M within 30000
wait 1000ms
send STATE
expect-uart SCR=END
