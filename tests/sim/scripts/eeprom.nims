# The boot counter in EEPROM survives a reset (power cycle) in one run.
expect-uart fw_board ready
send boot
expect-uart boots 0
# the counter's write takes 3.4 ms (EEPE): a cut before its end keeps the old byte
wait 5ms
reset
expect-uart fw_board ready
send boot
expect-uart boots 1
