# The boot counter in EEPROM survives a reset (power cycle) in one run.
expect-uart fw_board ready
send boot
expect-uart boots 0
reset
expect-uart fw_board ready
send boot
expect-uart boots 1
