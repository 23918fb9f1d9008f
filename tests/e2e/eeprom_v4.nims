#! eeprom xxd tests/e2e/eeprom_v4.xxd
#! cols 32
# An EEPROM image of the 32-column toy before the SUM games (main at
# 0b068d0: the game record without a SUM's column rules, in the review's
# game ring, a byte after the settings), made by running
# tests/e2e/eeprom_v4_make.txt on that firmware: NIM 3 4 5, the player's
# mistake 5 -> 4, the machine's 3 -> 0, the player to move on 0 4 4. The
# game ring of now is two bytes after the settings with longer slots; the
# boot finds none there and reads the older ring: the game resumes, its
# number and its review moved up past the rules it never had.
wait 100ms
send STATE
expect-uart OK STATE SCR=INTRO PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS=0,4,4 CUR=0,0 PEND=0 OV=0 INGAME=1 W=0 L=0 SET=0,0,0,2,0,0,8,1,0 MENU=0
send REVIEW
expect-uart OK REVIEW 1 2 4 BEST 0 1
send REVIEW POS
expect-uart OK REVIEW POS 3 4 5
# the game goes on, and its next save goes to the ring of now: a power
# cycle after it brings the game back from there
wait 4000ms
send STATE
expect-uart SCR=PLAY PH=INPUT
send MOVE 1 3
expect-uart LOG MOVE H 1 3
expect-uart LOG MOVE M 2 3 within 3000
wait 1s
send STATE
expect-uart SAVE=0
reset
wait 100ms
send STATE
expect-uart TURN=0 POS=0,3,3 CUR=0,0 PEND=0 OV=0 INGAME=1
send REVIEW
expect-uart OK REVIEW 1 2 4 BEST 0 1
