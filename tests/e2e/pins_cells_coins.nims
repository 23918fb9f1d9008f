# Whole two-player games of the pin, cell and coin games, every move made
# with the buttons (the PC link only chooses the game and the start).
wait 100ms
send SET OPP 1
expect-uart OK SET OPP 1
send SET FIRST 0
expect-uart OK SET FIRST 0
#
# --- KAYLES: four pins; a pair, then a pair: player 2 takes the last.
send GAME KAYLES
expect-uart OK GAME
expect-uart KAYLES\n
send POS 15
expect-uart OK POS
# the cell cursor starts on the bottom pin: A selects it, UP, A on its
# neighbour makes a pair, A on a selected pin knocks them
tap A
tap UP
tap A
send STATE
expect-uart PEND=3
tap A
expect-uart LOG MOVE H1 0 12
tap UP
tap A
tap UP
tap A
tap A
expect-uart LOG MOVE H2 0 0
expect-uart LOG END H2
#
# --- KAYLES again: single pins, three moves, player 1 wins.
send GAME KAYLES
expect-uart OK GAME
expect-uart KAYLES\n
send POS 7
expect-uart OK POS
send STATE
expect-uart CUR=0,0
# a new game starts with the cursor on the bottom row: the middle pin
tap UP
tap A
tap A
expect-uart LOG MOVE H1 0 5
tap DOWN
tap A
tap A
expect-uart LOG MOVE H2 0 4
tap UP
tap UP
tap A
tap A
expect-uart LOG MOVE H1 0 0
expect-uart LOG END H1
#
# --- NO ADJACENT: mark cells in a strip of 8.
send GAME NO ADJACENT
expect-uart OK GAME
expect-uart NO ADJACENT\n
send POS 0
expect-uart OK POS
send STATE
expect-uart CUR=0,0
tap UP
tap UP
tap UP
tap A
tap A
expect-uart LOG MOVE H1 0 8
tap UP
tap UP
tap UP
tap A
# a pending mark blinks: the marked cell 3 steady, cell 6 on and off
expect-frame within 600
........
#.......
........
........
#.......
........
........
........
tap A
expect-uart LOG MOVE H2 0 72
# marking next to a mark is refused with a buzz, nothing changes
tap DOWN
tap A
tap A
expect-tone 150 10
send STATE
expect-uart POS=72
tap DOWN
tap DOWN
tap DOWN
tap DOWN
tap DOWN
tap A
tap A
expect-uart LOG MOVE H1 0 73
expect-uart LOG END H1
#
# --- MOCK TURTLES: turn the top head and up to two coins below it.
send GAME MOCK TURTLES
expect-uart OK GAME
expect-uart MOCK TURTLES\n
send POS 6
expect-uart OK POS
send STATE
expect-uart CUR=0,0
# turn the head on row 2 with the tail on row 0: 6 -> 3
tap A
tap UP
tap UP
tap A
tap A
expect-uart LOG MOVE H1 0 3
# player 2 turns row 1 alone: 3 -> 1
tap DOWN
tap A
tap A
expect-uart LOG MOVE H2 0 1
tap DOWN
tap A
tap A
expect-uart LOG MOVE H1 0 0
expect-uart LOG END H1
