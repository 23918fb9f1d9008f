# simavr clears PINx at reset but keeps each pin IRQ's last value, so
# re-raising an unchanged level is dropped: after a reset every button read
# pressed and the first tap of each was lost. The harness flips the pins.
expect-uart fw_board ready
tap A
expect-uart press A 1
reset
expect-uart fw_board ready
send stats
expect-uart held 0
tap A
expect-uart press A 1
