# simavr 1.6 pull-up bug: with B held, 200 writes of PORTD must not make
# the button read released, nor raise pin-change interrupts.
expect-uart fw_board ready
press B
wait 30ms
send portd 200
expect-uart portd changed 0
send stats
expect-uart edges 1 presses 1 held 32
release B
wait 30ms
send stats
expect-uart edges 2 presses 1 held 0
