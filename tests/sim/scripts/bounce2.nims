# Two buttons bouncing at once: each has its own bounce timer (simavr keys a
# cycle timer by callback and parameter), so both settle pressed.
expect-uart fw_board ready
bounce 9
press A
press B
expect-uart press A 1
expect-uart press B 1
wait 50ms
send stats
expect-uart presses 2 held 48
