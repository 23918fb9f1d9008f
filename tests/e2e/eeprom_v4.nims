#! eeprom xxd tests/e2e/eeprom_v4.xxd
#! cols 32
# An EEPROM image of the 32-column toy before the SUM games (main at
# 0b068d0: the game record without a SUM's column rules, in the review's
# game ring, a byte after the settings), made by running
# tests/e2e/eeprom_v4_make.txt on that firmware: NIM 3 4 5, the player's
# mistake 5 -> 4, the machine's 3 -> 0, the player to move on 0 4 4.
# Since 3.0.0 (one record format, game_records.h) a record of an older
# version is refused, not migrated: the toy starts fresh (default
# settings, no game resumed, no score on any game), says LOG RECORDS OLD
# once at that boot (it writes fresh settings at once), and a save after
# it works (a score and a setting come back after a power cycle).
wait 100ms
send STATE
expect-uart LOG BOOT 1 0\nLOG RECORDS OLD\n
expect-uart OK STATE SCR=INTRO PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS= CUR=0,0 PEND=0 OV=0 INGAME=0 W=0 L=0 SET=0,0,0,1,0,1,8,1,0 MENU=0
send SCORES 0
expect-uart OK SCORES 0 W 0 L 0\n
send SCORES 1
expect-uart OK SCORES 1 W 0 L 0\n
send SCORES 17
expect-uart OK SCORES 17 W 0 L 0\n
send SCORES 40
expect-uart OK SCORES 40 W 0 L 0\n
send SCORES 152
expect-uart OK SCORES 152 W 0 L 0\n
send SCORES 4
expect-uart OK SCORES 4 W 0 L 0\n
wait 1s
reset
wait 100ms
send STATE
expect-uart LOG BOOT 1 0\nOK STATE SCR=INTRO PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS= CUR=0,0 PEND=0 OV=0 INGAME=0 W=0 L=0 SET=0,0,0,1,0,1,8,1,0 MENU=0
send SCORES 3 7 9
expect-uart OK SCORES 3 W 7 L 9
send SET BRIGHT 3
expect-uart OK SET BRIGHT 3
wait 1s
reset
wait 100ms
send SCORES 3
expect-uart LOG BOOT 1 0\nOK SCORES 3 W 7 L 9\n
send STATE
expect-uart SET=0,0,0,1,0,1,3,1,0
