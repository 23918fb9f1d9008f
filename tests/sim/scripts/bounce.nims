# A press and a release that bounce 9 edges each reach the firmware as 18
# pin-change interrupts, and its 5 ms debounce counts one press.
expect-uart fw_board ready
bounce 9
tap A 80
expect-uart press A 1
wait 100ms
send stats
expect-uart edges 18 presses 1 held 0
