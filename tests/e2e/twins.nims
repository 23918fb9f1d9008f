# TWINS with the buttons (the PC link only chooses the game and the start):
# a move turns exactly two coins, the upper from heads to tails. Then
# TWINS MISERE against the machine, played by its own misere quotient
# (build/grundy --misere TWINS): coins 2, 4 and 6 heads (mask 84) are worth
# 0 yet lost for the player to move (b^2, in P).
wait 100ms
send SET OPP 1
expect-uart OK SET OPP 1
send SET FIRST 0
expect-uart OK SET FIRST 0
send GAME TWINS
expect-uart OK GAME
expect-uart TWINS\n
send POS 6
expect-uart OK POS
send STATE
expect-uart CUR=0,0
# one coin alone is not a move: refused with a buzz
tap UP
tap UP
tap A
tap A
expect-tone 150 10
# the head on row 2 with the tail on row 0: 6 -> 3
tap A
tap DOWN
tap DOWN
tap A
tap A
expect-uart LOG MOVE H1 0 3
# player 2: the head on row 1 with the head on row 0: 3 -> 0, the last move
tap A
tap UP
tap A
tap A
expect-uart LOG MOVE H2 0 0
expect-uart LOG END H2
#
# --- TWINS MISERE against the machine at the perfect level
send SET OPP 0
expect-uart OK SET OPP 0
send SET LEVEL 2
expect-uart OK SET LEVEL 2
send GAME TWINS MISERE
expect-uart OK GAME
expect-uart TWINS MISERE\n
send POS 94 0 0 0 0 0 0 0
expect-uart OK POS
send GRUNDY
expect-uart OK GRUNDY Q b 1 1 1 1 1 1 1 ELEM b N
# turn the head on row 3 and the head on row 1: 94 -> 84, worth 0 and lost
send STATE
expect-uart CUR=0,0
tap UP
tap UP
tap UP
tap A
tap DOWN
tap DOWN
tap A
tap A
expect-uart LOG MOVE H 0 84
send GRUNDY
expect-uart OK GRUNDY Q b^2 1 1 1 1 1 1 1 ELEM b^2 P
# the machine is lost: it stalls with the first move of the biggest
# column, the top head (row 6) with the bottom coin
expect-uart LOG MOVE M 0 21 within 3000
