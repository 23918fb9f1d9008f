#! eeprom zero
# A zero EEPROM: the toy boots to defaults (no game, no scores) and plays.
wait 100ms
send STATE
expect-uart OK STATE SCR=INTRO PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS= CUR=0,0 PEND=0 OV=0 INGAME=0 W=0 L=0 SET=0,0,0,1,0,1,8,1,0 MENU=0
wait 3000ms
send STATE
expect-uart OK STATE SCR=MENU
send GAME KAYLES
expect-uart OK GAME
expect-uart KAYLES\n
send MOVE 0 6
expect-uart OK MOVE 0 6
