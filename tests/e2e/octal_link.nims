# Your own game over the PC link (issue 21): GAME OCTAL <code> chooses a
# take-and-break game by its octal code (Winning Ways' notation: "0." and
# 1 to 8 digits 0..7, a '*' after the last if it repeats). The chip
# derives the values; a code that splits is played as pins, one that does
# not in heap columns. Bad codes are refused and change nothing; the
# code's values equal the built-in rule's where the code is one (0.77 is
# KAYLES); the code survives a power cut with the game in progress.
wait 100ms
send SET LEVEL 2
expect-uart OK SET LEVEL 2
send SET FIRST 0
expect-uart OK SET FIRST 0
send SET START 0
expect-uart OK SET START 0
send SET OPP 0
expect-uart OK SET OPP 0
# Dawson's chess, 0.137: it splits, so pins (3-4-5 pins from the bottom)
send GAME OCTAL 0.137
expect-uart OK GAME
expect-uart OCTAL 0.137\n
send STATE
expect-uart RULE=2 MODE=0 TURN=0 POS=7,15,31
# runs of 3, 4 and 5 pins: g(3) = 2, g(4) = 0, g(5) = 3 (the sequence
# 0.137's, OEIS A002187: 0 1 1 2 0 3 1 1 0 ...)
send GRUNDY
expect-uart OK GRUNDY 2 0 3 SUM 1 N
send HINT
expect-uart OK HINT 2 7
# bad codes: refused, the game stays
send GAME OCTAL 0.8
expect-uart ERR GAME CODE
send GAME OCTAL 0.00
expect-uart ERR GAME CODE
send GAME OCTAL 1.3
expect-uart ERR GAME CODE
send GAME OCTAL 0.123456701
expect-uart ERR GAME CODE
send GAME OCTAL 0.*
expect-uart ERR GAME CODE
send GAME OCTAL
expect-uart ERR GAME CODE
# Officers' misere is wild (octal_misere.nims: the codes played in misere)
send GAME OCTAL 0.6 MISERE
expect-uart ERR GAME WILD
send GAME OCTAL 0.6 ONE
expect-uart ERR GAME FORM
send GAME
expect-uart OCTAL 0.137\n
send GRUNDY
expect-uart OK GRUNDY 2 0 3 SUM 1 N
# 0.77 is KAYLES: the same values on the same pins
send GAME OCTAL 0.77
expect-uart OCTAL 0.77\n
send POS 7 3 109
expect-uart OK POS
send GRUNDY
expect-uart OK GRUNDY 3 2 1 SUM 0 P
send GAME KAYLES
expect-uart KAYLES\n
send POS 7 3 109
expect-uart OK POS
send GRUNDY
expect-uart OK GRUNDY 3 2 1 SUM 0 P
# 0.3* is NIM, in heap columns
send GAME OCTAL 0.3*
expect-uart OCTAL 0.3*\n
send STATE
expect-uart POS=3,4,5
send GRUNDY
expect-uart OK GRUNDY 3 4 5 SUM 2 N
# Officers, 0.6: take one pin, never a whole run (a lone pin cannot
# move), leaving one run or two
send GAME OCTAL 0.6
expect-uart OCTAL 0.6\n
send POS 1 7
expect-uart OK POS
send MOVE 0 0
expect-uart ERR MOVE ILLEGAL
send MOVE 1 1
expect-uart ERR MOVE ILLEGAL
# a game of 0.137 cut by a power cut: the game and its code come back
# (not the default code, Officers)
send GAME OCTAL 0.137
expect-uart OCTAL 0.137\n
send MOVE 2 7
expect-uart LOG MOVE H 2 7
expect-uart LOG MOVE M within 1500
wait 300ms
#@32 wait 300ms
reset
wait 100ms
send GAME
expect-uart OCTAL 0.137\n
send STATE
expect-uart RULE=2 MODE=0 TURN=0
# runs of 3, 2 and 3 pins: 2, 1, 2 (once the title has gone)
wait 3000ms
send GRUNDY
expect-uart OK GRUNDY 2 1 2 SUM 1 N
# the machine plays it to the end, perfectly, against itself
send SET OPP 2
expect-uart OK SET OPP 2
send NEW
expect-uart OK NEW
expect-uart LOG END within 60000
