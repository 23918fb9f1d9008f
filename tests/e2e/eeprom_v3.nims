#! eeprom xxd tests/e2e/eeprom_v3.xxd
#! cols 8
# (an EEPROM of the 8-column toy: a 32-column one keeps a longer game record)
# An EEPROM image written by the firmware of settings record format 3
# (before the language), made by running tests/e2e/eeprom_v3_make.txt on
# that firmware: NIM won once against the machine, SET=0,0,0,2,0,0,3,1, a
# NIM game in progress (1,2, you to move). Format 4 migrates it: the
# settings, the score and the game are kept, and the language is English.
wait 100ms
send STATE
expect-uart OK STATE SCR=INTRO PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS=1,2 CUR=0,0 PEND=0 OV=0 INGAME=1 W=1 L=0 SET=0,0,0,2,0,0,3,1,0 MENU=0
wait 4000ms
send STATE
expect-uart SCR=PLAY PH=INPUT
# the menu speaks English: "GAME NIM" ("GA")
press B
wait 900ms
release B
expect-frame within 500
.###...#
#...#.#.
#.....#.
#.###.#.
#...#.##
#...#.#.
.####.#.
#.......
# Tieng Viet chosen, then a power cycle: kept in format 4, with the rest
send SET LANG 1
expect-uart OK SET LANG 1
wait 1s
reset
wait 100ms
send STATE
expect-uart INGAME=1 W=1 L=0 SET=0,0,0,2,0,0,3,1,1
