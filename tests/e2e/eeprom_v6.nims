#! eeprom xxd tests/e2e/eeprom_v6.xxd
#! cols 8
# (an EEPROM of the 8-column toy; the settings ring is the same on 32)
# An EEPROM image written by the firmware of settings record format 5
# (2.0.0, before the game ids), made by running
# tests/e2e/eeprom_v6_make.txt on that firmware: scores on NIM (1:2),
# OCTAL (3:4), OCTAL ONE MISERE (5:6), SUM (7:8) and SUM MISERE (9:10),
# and OCTAL 0.33 ONE chosen. Format 6 migrates it: every score on the
# same game (SUM BINARY counts with SUM), the same game chosen.
wait 100ms
send SCORES 0
expect-uart OK SCORES 0 W 1 L 2\n
send SCORES 94
expect-uart OK SCORES 94 W 3 L 4\n
send SCORES 97
expect-uart OK SCORES 97 W 5 L 6\n
send SCORES 90
expect-uart OK SCORES 90 W 7 L 8\n
send SCORES 92
expect-uart OK SCORES 92 W 7 L 8\n
send SCORES 91
expect-uart OK SCORES 91 W 9 L 10\n
send SCORES 95
expect-uart OK SCORES 95 W 0 L 0\n
send GAME
expect-uart OK GAME 96 OCTAL 0.33 ONE\n
# saved in format 6 (a score set), then a power cut: the same
send SCORES 1 11 12
expect-uart OK SCORES 1 W 11 L 12\n
wait 1s
send STATE
expect-uart SAVE=0
reset
wait 100ms
send SCORES 94
expect-uart OK SCORES 94 W 3 L 4\n
send SCORES 90
expect-uart OK SCORES 90 W 7 L 8\n
send SCORES 1
expect-uart OK SCORES 1 W 11 L 12\n
send GAME
expect-uart OK GAME 96 OCTAL 0.33 ONE\n
