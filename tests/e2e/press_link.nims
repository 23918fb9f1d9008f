#! eeprom blank
# PRESS over the link is a finger on the button: it is handled in the very
# next pass of the main loop, as a pin's interrupt makes it, not at the next
# 16 ms tick. The click of each cursor step (left,
# right, left, right: never against an end) comes within 2 ms of the reply,
# at every phase of the tick (the presses 5 ms further apart each time, past
# the debounce; at the next tick most of them would click 3 to 16 ms late).
expect-uart LOG BOOT
send SET OPP 1
expect-uart OK SET OPP 1
send GAME NIM
expect-uart OK GAME 0 NIM
send POS 1 2 3 4 5 6 7 7
expect-uart OK POS
wait 1000ms
send PRESS LEFT
expect-uart OK PRESS LEFT
expect-tone 2000 8 within 2
send RELEASE LEFT
expect-uart OK RELEASE LEFT
wait 40ms
send PRESS RIGHT
expect-uart OK PRESS RIGHT
expect-tone 2000 8 within 2
send RELEASE RIGHT
expect-uart OK RELEASE RIGHT
wait 45ms
send PRESS LEFT
expect-uart OK PRESS LEFT
expect-tone 2000 8 within 2
send RELEASE LEFT
expect-uart OK RELEASE LEFT
wait 50ms
send PRESS RIGHT
expect-uart OK PRESS RIGHT
expect-tone 2000 8 within 2
send RELEASE RIGHT
expect-uart OK RELEASE RIGHT
