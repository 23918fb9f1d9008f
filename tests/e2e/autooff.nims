# Auto-off after the set time without a press (30 s here): display shut
# down, MCU in power-down; a press wakes it where it was, and that press
# does nothing else.
wait 100ms
send SET OFF 0
expect-uart OK SET OFF 0
send SET OPP 1
expect-uart OK SET OPP 1
send GAME NIM
expect-uart OK GAME
expect-uart NIM\n
send POS 2 1
expect-uart OK POS
tap RIGHT
wait 20s
# 20 s after the last press: still awake (the cursor still winks)
send STATE
expect-uart SCR=PLAY
expect-sleep power-down within 12000
wait 2s
tap A
wait 300ms
send STATE
expect-uart SCR=PLAY PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS=2,1 CUR=1,0 PEND=0 OV=0
expect-frame within 600
........
........
........
........
........
........
#.......
##......
# and it plays on
tap DOWN
tap A
expect-uart LOG MOVE H1 1 0
