#! eeprom xxd tests/e2e/eeprom_v2.xxd
#! cols 8
# (an EEPROM of the 8-column toy: a 32-column one keeps a longer game record)
# An EEPROM image written by the firmware of settings record format 2
# (before the number of the last counted game), made by running
# tests/e2e/eeprom_v2_make.txt on that firmware: NIM won once against the
# machine, SET=0,0,0,2,0,1,3,1, a NIM game in progress (1,2, you to move)
# in the old game record (no game number). Format 3 migrates both: the
# settings and the score are kept, the game resumes, and its result is
# counted once, also after a restart.
wait 100ms
send STATE
expect-uart OK STATE SCR=INTRO PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS=1,2 CUR=0,0 PEND=0 OV=0 INGAME=1 W=1 L=0 SET=0,0,0,2,0,1,3,1,0 MENU=0
wait 4000ms
send STATE
expect-uart SCR=PLAY PH=INPUT
# (the move after the STATE line has gone out: sent while it still went,
# it waited on the transmitter, which the two simulators time a little
# apart, and could start the machine's turn a tick (16 ms) later on avr8js)
wait 50ms
send MOVE 1 1
expect-uart OK MOVE 1 1
expect-uart LOG MOVE M within 3000
send AI
expect-uart LOG END H
send SCORES 0
expect-uart OK SCORES 0 W 2 L 0
wait 1000ms
reset
wait 100ms
send STATE
expect-uart OK STATE SCR=INTRO PH=INPUT GAME=0
expect-uart INGAME=0 W=2 L=0 SET=0,0,0,2,0,1,3,1,0
