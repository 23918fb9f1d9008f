# Press-to-frame (make bench): a whole game of Nim against the perfect
# machine, played with the buttons, then A on the result for the next game;
# nimsim --latency measures each press to the first SPI word of the frame
# change it causes. Every move saves the game record, the last one the
# scores and settings too, the new game the game record again: the frame
# must not wait for any of these saves (firmware/app/store.c writes them
# after the frame, a byte whenever the EEPROM is ready).
# The picture blinks on a 512 ms period (ui_draw.c ui_render_play): the cursor
# winks in [0, 128) ms, a pending move shows its old state in [128, 256)
# and [384, 512). Each press lands where its effect is visible at once:
# LEFT/RIGHT at 40 ms (cursor wink on), UP/DOWN at 296 ms (no wink, the
# pending move's new state), A at 168 ms (the old state, then the move).
# Only send and wait until the last press, so the timeline is exact (the
# firmware's clock counts 8 ms ticks from boot: it agrees within a tick).
wait 100ms
send SET LEVEL 2
wait 100ms
send SET FIRST 0
wait 100ms
send SET START 0
wait 100ms
send SET OPP 0
wait 100ms
send GAME NIM
wait 1744ms
# the settings saved while the next two presses are answered (~0.4 s of
# EEPROM writes at 3.4 ms a byte): the frame must not wait for them
send SET BRIGHT 9
wait 100ms
press DOWN
wait 60ms
release DOWN
wait 452ms
press DOWN
wait 60ms
release DOWN
wait 324ms
press A
wait 60ms
release A
wait 3140ms
press DOWN
wait 60ms
release DOWN
wait 324ms
press A
wait 60ms
release A
wait 3396ms
press RIGHT
wait 60ms
release RIGHT
wait 452ms
press RIGHT
wait 60ms
release RIGHT
wait 196ms
press DOWN
wait 60ms
release DOWN
wait 324ms
press A
wait 60ms
release A
wait 3140ms
press DOWN
wait 60ms
release DOWN
wait 324ms
press A
wait 60ms
release A
wait 3140ms
press DOWN
wait 60ms
release DOWN
wait 324ms
press A
wait 60ms
release A
wait 3140ms
press DOWN
wait 60ms
release DOWN
wait 324ms
press A
wait 60ms
release A
wait 1000ms
# the result scrolls (the game ended more than GAME_OVER_MS ago): A plays
# the next game at once, a frame that differs from any scrolled one
press A
wait 60ms
release A
wait 300ms
# the game went as planned (these match UART output already there)
expect-uart OK GAME 0 NIM
expect-uart LOG MOVE H 0 1
expect-uart LOG MOVE M 2 4
expect-uart LOG MOVE H 0 0
expect-uart LOG MOVE M 1 3
expect-uart LOG MOVE H 2 3
expect-uart LOG MOVE M 1 2
expect-uart LOG MOVE H 2 2
expect-uart LOG MOVE M 1 1
expect-uart LOG MOVE H 2 1
expect-uart LOG MOVE M 1 0
expect-uart LOG MOVE H 2 0
expect-uart LOG END H
expect-uart LOG NEW 0 H
