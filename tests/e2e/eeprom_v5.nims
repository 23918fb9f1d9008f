#! eeprom xxd tests/e2e/eeprom_v5.xxd
#! cols 8
# (an EEPROM of the 8-column toy; the settings ring is the same on 32)
# An EEPROM image written by the firmware of settings record format 4
# (before your own game's code was kept with the settings), made by
# running tests/e2e/eeprom_v5_make.txt on that firmware: NIM won once
# against the machine, OCTAL 0.137 played, SET=0,0,0,2,0,0,3,1,1, a NIM
# game in progress (1,2, you to move). Its newest settings are in the
# ring's second slot (177 bytes in), the one before them (light 8) in the
# first. Format 5 migrates it: the settings, the score and the game are
# kept, and your own game's code is Officers, 0.6.
wait 100ms
send STATE
expect-uart OK STATE SCR=INTRO PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS=1,2 CUR=0,0 PEND=0 OV=0 INGAME=1 W=1 L=0 SET=0,0,0,2,0,0,3,1,1 MENU=0
wait 4000ms
send STATE
expect-uart SCR=PLAY PH=INPUT
# the menu: LEFT twice from NIM is OCTAL, its code Officers
press B
wait 900ms
release B
wait 300ms
tap LEFT
wait 300ms
tap LEFT
wait 300ms
send GAME
expect-uart OCTAL 0.6\n
# a code chosen over the link, then a game of another rule, cut by a
# power cut: OCTAL comes back with the code chosen
send GAME OCTAL 0.137
expect-uart OK GAME 94 OCTAL 0.137
send GAME NIM
expect-uart OK GAME 0 NIM
send POS 2 3
expect-uart OK POS
send MOVE 1 2
expect-uart LOG MOVE M 0 within 3000
wait 1s
send STATE
expect-uart POS=1,2
expect-uart SAVE=0
reset
wait 100ms
send STATE
expect-uart OK STATE SCR=INTRO PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS=1,2 CUR=0,0 PEND=0 OV=0 INGAME=1 W=1 L=0 SET=0,0,0,2,0,0,3,1,1 MENU=0
wait 4000ms
press B
wait 900ms
release B
wait 300ms
tap LEFT
wait 300ms
tap LEFT
wait 300ms
send GAME
expect-uart OCTAL 0.137\n
