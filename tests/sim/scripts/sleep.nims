# The firmware idles between ticks and powers down on "down" until a button.
expect-uart fw_board ready
expect-sleep idle within 20
send down
expect-uart sleeping
expect-sleep power-down within 10
wait 500ms
tap UP
expect-uart awake within 50
