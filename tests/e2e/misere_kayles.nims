# Misere KAYLES against the machine at the perfect level, every move made
# with the buttons: the game in the list, GRUNDY's misere report (the
# quotient's elements, never a nim-sum), the hint, the teach panel, the
# machine's stall in a lost position, the end (the last pin loses), the
# score. build/grundy --misere KAYLES: a row of 1 or 4 pins is a, 3 is ab,
# 5 is c; P = {a, b^2, ac}.
wait 100ms
send SET OPP 0
expect-uart OK SET OPP 0
send SET FIRST 0
expect-uart OK SET FIRST 0
send SET LEVEL 2
expect-uart OK SET LEVEL 2
send GAME KAYLES MISERE
expect-uart OK GAME 57 KAYLES MISERE
send STATE
expect-uart RULE=28 MODE=2
# a row of 5 pins (c, not in P): won for the player to move
send POS 31 0 0 0 0 0 0 0
expect-uart OK POS
send GRUNDY
expect-uart OK GRUNDY Q c 1 1 1 1 1 1 1 ELEM c N
send HINT
expect-uart OK HINT 0 15
# B: the hint; B again: the teach panel. Rows 7..4: each column's element
# number (c = 6 = 0110); row 2: the product's number, left to right; row 1
# dark (the product is not in P); row 0 blinks under the winning column.
tap B
send STATE
expect-uart OV=1
tap B
expect-frame within 600
........
#.......
#.......
........
........
.##.....
........
#.......
expect-frame within 600
........
#.......
#.......
........
........
.##.....
........
........
tap A
send STATE
expect-uart OV=0
# knock the top pin (row 4) down: 4 pins, a, in P
tap UP
tap UP
tap UP
tap UP
tap A
tap A
expect-uart LOG MOVE H 0 15
# the machine is lost: it stalls with the smallest move on the biggest
# column, one pin from the top, leaving 3 pins (ab, not in P)
expect-uart LOG MOVE M 0 7 within 3000
send GRUNDY
expect-uart OK GRUNDY Q ab 1 1 1 1 1 1 1 ELEM ab N
# a power cut: the misere game comes back where it was
# (the record: 28 bytes on 8 columns, saved in about 120 ms; 76 on 32,
# about 280 ms)
wait 150ms
#@32 wait 150ms
reset
wait 100ms
send STATE
expect-uart SCR=INTRO PH=INPUT GAME=57 RULE=28 MODE=2 TURN=0 POS=7,0,0,0,0,0,0,0
tap A
wait 300ms
send STATE
expect-uart SCR=PLAY PH=INPUT GAME=57
# knock the top two pins (rows 2 and 1): one pin is left, a, in P, and
# the machine must take it
send STATE
expect-uart CUR=0,0
tap UP
tap UP
tap A
tap DOWN
tap A
tap A
expect-uart LOG MOVE H 0 1
send GRUNDY
expect-uart OK GRUNDY Q a 1 1 1 1 1 1 1 ELEM a P
expect-uart LOG MOVE M 0 0 within 3000
expect-uart LOG END H
send SCORES
expect-uart OK SCORES 57 W 1 L 0
# a tame game in misere: GRUNDY gives the values, and ONES once no column
# is worth 2 or more
send GAME NIM MISERE
expect-uart OK GAME 1 NIM MISERE
send POS 1 1 0 0 0 0 0 0
expect-uart OK POS
send GRUNDY
expect-uart OK GRUNDY 1 1 0 0 0 0 0 0 ONES 2 N
send POS 3 1 0 0 0 0 0 0
expect-uart OK POS
send GRUNDY
expect-uart OK GRUNDY 3 1 0 0 0 0 0 0 SUM 2 N
send HINT
expect-uart OK HINT 0 0
send GAME MOCK TURTLES MISERE
expect-uart OK GAME 63 MOCK TURTLES MISERE
