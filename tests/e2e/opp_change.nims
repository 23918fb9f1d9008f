# The opponent changed under a game over the PC link (SET OPP; the menu
# asks first and starts a new game): whoever moves next is who the
# setting says, at once. Before, 2 PLAYERS set while the machine thought
# had the machine move for player 2, VS MACHINE set on player 2's turn
# left the game with no one to move, and DEMO set during START SET UP had
# the machine move on a position being set up (fuzz_buttons' demo_setup).
wait 100ms
send SET LEVEL 2
expect-uart OK SET LEVEL 2
send SET START 0
expect-uart OK SET START 0
send SET FIRST 1
expect-uart OK SET FIRST 1
send SET OPP 0
expect-uart OK SET OPP 0
send GAME NIM
expect-uart LOG NEW 0 M
expect-uart OK GAME
# The machine thinks (half a second); two players now: player 2 moves.
send SET OPP 1
expect-uart OK SET OPP 1
wait 2s
send STATE
expect-uart OK STATE SCR=PLAY PH=INPUT GAME=0 RULE=0 MODE=0 TURN=1 POS=3,4,5
send MOVE 2 3
expect-uart LOG MOVE H2 2 3
send MOVE 0 2
expect-uart LOG MOVE H1 0 2
# Player 2's turn; against the machine now: the machine moves at once.
send SET OPP 0
expect-uart OK SET OPP 0
expect-uart LOG MOVE M 1 1 within 1500
send STATE
expect-uart PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS=2,1,3
send MOVE 2 2
expect-uart LOG MOVE H 2 2
expect-uart LOG MOVE M
# START SET UP: the buttons set the position, you to move, nobody moves.
send SET START 4
expect-uart OK SET START 4
send NEW
expect-uart LOG NEW 0 H
expect-uart OK NEW
wait 1500ms
send STATE
expect-uart PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS=8,8,8,8,8,8,8,8
tap DOWN
tap A
expect-uart LOG NEW 0 H
# DEMO set during the set-up: it ends there, and the machines play on
# from the position set up.
send SET OPP 2
expect-uart OK SET OPP 2
expect-uart LOG MOVE M1 within 1500
expect-uart LOG MOVE M2 within 1500
# DEMO with START SET UP: no one to set it up (a press ends a demo): the
# machines play from the full board (the machine first, SET FIRST 1).
send NEW
expect-uart LOG NEW 0 M2
send STATE
expect-uart TURN=1 POS=8,8,8,8,8,8,8,8
expect-uart LOG MOVE M2 within 1500
expect-uart LOG MOVE M1 within 1500
