#! eeprom xxd tests/e2e/eeprom_v1.xxd
#! cols 8
# (an EEPROM of the 8-column toy: a 32-column one keeps a longer game record)
# An EEPROM image written by firmware 1.0 (settings record format 1: eight
# settings and the scores of 47 games by list index), made by running
# tests/e2e/eeprom_v1_make.txt on that firmware: settings SET=14,1,0,2,2,1,3,1,
# NIM won once against the machine, a KAYLES game in progress (6,3, player
# 2 to move). The settings record is now format 3 (scores per rule and
# form since format 2, the last counted game's number since 3): the
# format 1 one loads as blank settings, never its bytes read as the new
# ones. The game record is the old one less the game's number (added
# since): the game resumes.
wait 100ms
send STATE
expect-uart OK STATE SCR=INTRO PH=INPUT GAME=0 RULE=14 MODE=0 TURN=1 POS=6,3 CUR=0,0 PEND=0 OV=0 INGAME=1 W=0 L=0 SET=0,0,0,1,0,1,8,1,0 MENU=0
send SCORES 0
expect-uart OK SCORES 0 W 0 L 0
# the title, then the KAYLES game where it was; the settings are blank
# (against the machine), so the machine, side 2, makes its move
expect-uart LOG MOVE M 0 within 5000
send STATE
expect-uart SCR=PLAY PH=INPUT
expect-uart RULE=14 MODE=0 TURN=0
