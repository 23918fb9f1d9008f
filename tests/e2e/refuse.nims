# Illegal confirms are refused with a buzz and a blink; nothing changes.
wait 100ms
send SET OPP 1
expect-uart OK SET OPP 1
send SET FIRST 0
expect-uart OK SET FIRST 0
# TAKE 1-2: taking three stones is not a move
send GAME TAKE 1-2
expect-uart OK GAME
expect-uart TAKE 1-2\n
send POS 5 3
expect-uart OK POS
tap DOWN
tap DOWN
tap DOWN
tap A
expect-tone 150 10
# the column blinks dark while refused
expect-frame within 300
........
........
........
........
........
.#......
.#......
.#......
send STATE
expect-uart POS=5,3 CUR=0,0 PEND=0 OV=3
# A with nothing taken is refused too
tap A
expect-tone 150 10
# DAWSON's Kayles: pins go in pairs only; one pin alone is refused
send GAME DAWSON KAYLES
expect-uart OK GAME
expect-uart DAWSON KAYLES\n
send POS 3
expect-uart OK POS
tap A
tap A
expect-tone 150 10
send STATE
expect-uart POS=3 CUR=0,0 PEND=0
tap A
tap UP
tap A
tap A
expect-uart LOG MOVE H1 0 0
expect-uart LOG END H1
# KAYLES: A where no pin stands is refused
send GAME KAYLES
expect-uart OK GAME
expect-uart KAYLES\n
send POS 2
expect-uart OK POS
tap A
expect-tone 150 10
send STATE
expect-uart POS=2 CUR=0,0 PEND=0
