#! eeprom blank
# The board test over the link keeps the toy awake as a press does: a
# TEST just before auto-off (30 s here) walks to its end and waits for the
# buttons; the toy switches off 30 s after the TEST, not 30 s after the
# last press (ui_check_start: ui_touch).
wait 100ms
send SET OFF 0
expect-uart OK SET OFF 0
tap RIGHT
wait 28s
send TEST
expect-uart LOG TEST WALK
wait 4500ms
# 32.5 s after the last press: still awake, the walk over
expect-uart LOG TEST KEYS
send STATE
expect-uart SCR=TEST
expect-sleep power-down within 27000
