# The PC link: every bad line gets ERR with a reason, and leaves the state
# exactly as it was; good lines get OK.
wait 100ms
# no game yet: HINT and GRUNDY answer as AI does, not about an empty position
send GRUNDY
expect-uart ERR GRUNDY NOGAME\n
send HINT
expect-uart ERR HINT NOGAME\n
send SET OPP 1
expect-uart OK SET OPP 1
send GAME NIM
expect-uart OK GAME
expect-uart NIM\n
# (32 columns: the POS line ended 0.2 ms before a 16 ms tick, and the turn
# banner's start, and so its end 0.8 s later, fell on either side of it in
# nimsim and avr8js, whose clocks run ~1,400 cycles apart here (simavr's
# transmitter: sim/README); 8 ms later it ends mid-tick)
#@32 wait 8ms
send POS 3 4 5
expect-uart OK POS
send STATE
# (SAVE=1: the settings, the new game and its position are still being
# written, a byte per 3.4 ms; a second later they are all in EEPROM; the
# wait is two whole blink periods, so the frames below keep their phase)
expect-uart OK STATE SCR=PLAY PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS=3,4,5 CUR=0,0 PEND=0 OV=0 INGAME=1 W=0 L=0 SET=0,1,0,1,0,1,8,1,0 MENU=0 SAVE=1\n
wait 1024ms
send STATE
expect-uart OK STATE SCR=PLAY PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS=3,4,5 CUR=0,0 PEND=0 OV=0 INGAME=1 W=0 L=0 SET=0,1,0,1,0,1,8,1,0 MENU=0 SAVE=0\n
send HELP
expect-uart OK HELP VER GAME NEW POS MOVE AI HINT GRUNDY PRESS RELEASE FRAME SCORES STATE SET SAVE REVIEW TEST\n
send VER
#@8 {
expect-uart OK VER NIM 4.0.0 BOARD nano COLS 8 GAMES
expect-uart LINE 64 RX 127\n
#@8 }
#@32 # (a line holds a position of 32 columns)
#@32 expect-uart OK VER NIM 4.0.0 BOARD nano COLS 32 GAMES
#@32 expect-uart LINE 72 RX 127\n
send FOO
expect-uart ERR UNKNOWN\n
send MOVE
expect-uart ERR MOVE ARGS\n
send MOVE 1
expect-uart ERR MOVE ARGS\n
send MOVE 1 2 3
expect-uart ERR MOVE ARGS\n
send MOVE X 2
expect-uart ERR MOVE ARGS\n
#@8 {
send MOVE 9 0
expect-uart ERR MOVE COL\n
#@8 }
#@32 send MOVE 32 0
#@32 expect-uart ERR MOVE COL\n
send MOVE 0 3
expect-uart ERR MOVE ILLEGAL\n
send MOVE 0 7
expect-uart ERR MOVE ILLEGAL\n
send MOVE 99999999999 1
expect-uart ERR MOVE ARGS\n
send POS 9 1
expect-uart ERR POS HEIGHT\n
#@8 {
send POS 1 1 1 1 1 1 1 1 1
expect-uart ERR POS ARGS\n
#@8 }
#@32 send POS 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
#@32 expect-uart ERR POS ARGS\n
send POS 0 0 0
expect-uart ERR POS OVER\n
send POS
expect-uart ERR POS ARGS\n
send POS =0304G5
expect-uart ERR POS ARGS\n
send POS =03040
expect-uart ERR POS ARGS\n
send POS =030405 1
expect-uart ERR POS ARGS\n
send GAME FOO
expect-uart ERR GAME NAME\n
send GAME NIM ONE
expect-uart ERR GAME NAME\n
# a number no game has (game numbers are ids: docs/protocol.md)
send GAME 99
expect-uart ERR GAME NUMBER\n
# a name is whole: a part of one lists the games it begins
send GAME TAKE 1 2
expect-uart # GAMES: TAKE 1 2 OR 4, TAKE 1 2 5 OR 8\nERR GAME NAME\n
send GAME take 1 3 misere
expect-uart # GAMES: TAKE 1 3 OR 4\nERR GAME NAME\n
send PRESS X
expect-uart ERR BUTTON\n
send SET LEVEL 3
expect-uart ERR SET VALUE\n
send SET FOO 1
expect-uart ERR SET ITEM\n
send HINT 3
expect-uart ERR ARGS\n
send FRAME X
expect-uart ERR ARGS\n
send SCORES 99
expect-uart ERR SCORES NUMBER\n
send SCORES 4096
expect-uart ERR ARGS\n
# a line over 64 characters
send MOVE 0 1 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
expect-uart ERR LONG\n
# binary bytes in a line
send MOVE 0 \x01\xff1
expect-uart ERR BINARY\n
send \x00\x80\xfe\x7f
expect-uart ERR BINARY\n
# nothing above changed anything
send STATE
expect-uart OK STATE SCR=PLAY PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS=3,4,5 CUR=0,0 PEND=0 OV=0 INGAME=1 W=0 L=0 SET=0,1,0,1,0,1,8,1,0 MENU=0 SAVE=0\n
# a cell game's MOVE target is a mask 0..255, not capped at the heap size
send GAME KAYLES
expect-uart OK GAME
expect-uart KAYLES\n
send POS 255 3
expect-uart OK POS\n
send MOVE 0 252
expect-uart OK MOVE 0 252\n
#@8 {
send MOVE 0 256
expect-uart ERR MOVE ARGS\n
#@8 }
#@32 # (a heap of one-heap form holds up to 256 here: 256 is a number, an illegal mask)
#@32 send MOVE 0 256
#@32 expect-uart ERR MOVE ILLEGAL\n
#@32 send MOVE 0 257
#@32 expect-uart ERR MOVE ARGS\n
send GAME NIM
expect-uart OK GAME
expect-uart NIM\n
send POS 3 4 5
expect-uart OK POS\n
# the compact form: two hex digits a column
send POS =030405
expect-uart OK POS\n
# lower case and CRLF are fine, and the toy plays on
send move 0 1\r
expect-uart LOG MOVE H1 0 1\nOK MOVE 0 1\n
# two players: the matrix says whose turn it is (a big 2) for 0.8 s
send FRAME
#@8 {
expect-uart OK FRAME 468A929262000000\n
#@8 }
#@32 expect-uart OK FRAME 468A929262000000000000000000000000000000000000000000000000000000\n
# 1 s later: the banner is gone, and the cursor column is mid-way through a
# lit blink phase (the cursor winks dark for 128 ms every 512 ms; 0.9 s
# landed on the very tick the wink ended, so the frame depended on whether
# the line or the tick came first in the main loop's pass)
wait 1000ms
send FRAME
#@8 {
expect-uart OK FRAME 010F1F0000000000\n
#@8 }
#@32 expect-uart OK FRAME 010F1F0000000000000000000000000000000000000000000000000000000000\n
# virtual buttons take the same path as real ones
send PRESS LEFT
expect-uart OK PRESS LEFT
wait 100ms
send RELEASE LEFT
expect-uart OK RELEASE LEFT
wait 100ms
send STATE
expect-uart CUR=2,0
# a move against the turn: the machine's turn in a game against it
send SET OPP 0
expect-uart OK SET OPP 0
send SET FIRST 1
expect-uart OK SET FIRST 1
send SET LEVEL 2
expect-uart OK SET LEVEL 2
send GAME NIM
expect-uart OK GAME
expect-uart NIM\n
send MOVE 0 1
expect-uart ERR MOVE TURN\n
expect-uart LOG MOVE M within 3000
send AI
expect-uart LOG MOVE H
expect-uart OK AI
send GAME 1
expect-uart OK GAME
expect-uart NIM MISERE\n
