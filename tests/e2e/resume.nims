# The game in progress survives a power cut, at the last completed move.
wait 100ms
send SET LEVEL 2
expect-uart OK SET LEVEL 2
send SET FIRST 0
expect-uart OK SET FIRST 0
send SET START 0
expect-uart OK SET START 0
send GAME NIM
expect-uart OK GAME
expect-uart NIM\n
tap DOWN
tap A
expect-uart LOG MOVE H 0 2
expect-uart LOG MOVE M 0 1 within 3000
# (the move's record, 30 bytes with the rules' order, the review's 5 and
# the position's column rules, is saved in about 130 ms)
wait 170ms
#@32 # (32 columns: a longer record, 78 bytes saved in about 290 ms)
#@32 wait 200ms
reset
wait 100ms
send STATE
expect-uart SCR=INTRO PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS=1,4,5 CUR=0,0 PEND=0 OV=0 INGAME=1
# after the title the game is back on the matrix, the player to move
expect-frame within 3000
........
........
........
..#.....
.##.....
.##.....
.##.....
###.....
send STATE
expect-uart SCR=PLAY PH=INPUT
# a cut while the machine thinks: it thinks again after the restart.
# (the move by the PC link: simavr 1.6's reset leaves each button pin
# reading "pressed" until that button's first edge, a simulator bug)
send MOVE 1 3
expect-uart LOG MOVE H 1 3
# (the move's save takes ~0.1 s on the chip: make bench; the machine is still thinking)
wait 200ms
#@32 # (32 columns: 78 bytes with the rules' order, the review's 5 and the
#@32 # column rules, about 300 ms)
#@32 wait 150ms
reset
wait 3000ms
expect-uart LOG MOVE M within 3000
send STATE
expect-uart SCR=PLAY PH=INPUT
