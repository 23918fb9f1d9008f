#! eeprom blank
# What a child stumbles on (issue 11): every refused action buzzes at the
# moment it is refused and changes nothing; held keys stop at the end
# (taps wrap); two players see whose turn it is; A in the menu never throws
# a game away without asking, and giving up against the machine is a loss;
# the demo plays game after game until a press.
expect-uart LOG BOOT
send SET OPP 1
expect-uart OK SET OPP 1
send SET FIRST 0
expect-uart OK SET FIRST 0
send GAME NIM
expect-uart OK GAME 0 NIM
send POS 2 1
expect-uart OK POS
# two players: a big 1 says whose turn it is, then the board
expect-frame within 300
.#......
##......
.#......
.#......
.#......
.#......
###.....
........
wait 900ms
# DOWN past the last stone: a buzz, the two pending stones stay
tap DOWN
tap DOWN
send STATE
expect-uart PEND=2
tap DOWN
expect-tone 150 10 within 100
send STATE
expect-uart PEND=2 OV=0
# UP with nothing left to put back: a buzz
tap UP
tap UP
send STATE
expect-uart PEND=0
tap UP
expect-tone 150 10 within 100
# a held RIGHT: the cursor stops on the last column with a buzz, no wrap
press RIGHT
wait 900ms
expect-tone 150 10
release RIGHT
send STATE
expect-uart CUR=1,0
# a single tap wraps round
tap RIGHT
send STATE
expect-uart CUR=0,0
# player 1 takes one stone: now a big 2 on the matrix, then the board
tap DOWN
tap A
expect-uart LOG MOVE H1 0 1
expect-frame within 300
.###....
#...#...
....#...
..##....
.#......
#.......
#####...
........
expect-frame within 1200
........
........
........
........
........
........
........
##......
#
# --- MOCK TURTLES: a tails coin with no head above it cannot be the top
# coin of a move: refused when chosen (a buzz), not only at the turn
send GAME MOCK TURTLES
expect-uart OK GAME
expect-uart MOCK TURTLES\n
send POS 3
expect-uart OK POS
tap UP
tap UP
tap A
expect-tone 150 10 within 100
send STATE
expect-uart CUR=0,2 PEND=0
# a tails coin with a head above may be chosen first (the head comes next)
send POS 4
expect-uart OK POS
tap DOWN
tap DOWN
tap A
send STATE
expect-uart CUR=0,0 PEND=1
#
# --- NO ADJACENT: a cell next to a mark is refused when chosen
send GAME NO ADJACENT
expect-uart OK GAME
expect-uart NO ADJACENT\n
send POS 8
expect-uart OK POS
tap UP
tap UP
tap A
expect-tone 150 10 within 100
send STATE
expect-uart CUR=0,2 PEND=0 OV=3
#
# --- against the machine: a press in the machine's turn is refused (buzz)
send SET OPP 0
expect-uart OK SET OPP 0
send SET FIRST 1
expect-uart OK SET FIRST 1
send NEW
expect-uart OK NEW
tap DOWN
expect-tone 150 10 within 100
expect-uart LOG MOVE M within 2000
send SET FIRST 0
expect-uart OK SET FIRST 0
#
# --- A in the menu with a game in progress against the machine: it asks
send GAME NIM
expect-uart OK GAME 0 NIM
send POS 3 4 5
expect-uart OK POS
press B
wait 900ms
release B
send STATE
expect-uart SCR=MENU
tap A
# the question on the matrix ("GI" of "GIVE UP? A YES  B NO"): the game is
# still there
#@8 {
expect-frame within 300
.###..##
#...#..#
#......#
#.###..#
#...#..#
#...#..#
.####.##
#.......
#@8 }
#@32 # (32 columns: "GIVE U")
#@32 expect-frame within 300
#@32 .###..###.#...#.#####.....#...#.
#@32 #...#..#..#...#.#.........#...#.
#@32 #......#..#...#.#.........#...#.
#@32 #.###..#..#...#.####......#...#.
#@32 #...#..#..#...#.#.........#...#.
#@32 #...#..#...#.#..#.........#...#.
#@32 .####.###...#...#####......###..
#@32 #...............................
send STATE
expect-uart SCR=MENU PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS=3,4,5
expect-uart INGAME=1
# B: no; the question closes (that B does nothing else), the game stays
tap B
send STATE
expect-uart SCR=MENU
expect-uart INGAME=1
tap B
send STATE
expect-uart SCR=PLAY PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS=3,4,5
# again, and A: yes. Giving up counts as the machine's win (no dodging a
# lost game), then a new game starts
press B
wait 900ms
release B
tap A
tap A
expect-uart LOG NEW 0 H
send SCORES
expect-uart OK SCORES 0 W 0 L 1
# changing the opponent would turn the game into another one (a lost game
# against the machine into a two-player one): it asks the same question
press B
wait 900ms
release B
tap DOWN
tap DOWN
tap RIGHT
send STATE
expect-uart SCR=MENU
expect-uart INGAME=1 W=0 L=1 SET=0,0,0,1,0,1,8,1,0 MENU=2
tap A
send STATE
expect-uart INGAME=0 W=0 L=2 SET=0,1,0,1,0,1,8,1,0 MENU=2
#
# --- DEMO: machine against machine, game after game, even past the
# auto-off time (30 s), until a press
send SET OFF 0
expect-uart OK SET OFF 0
send SET OPP 2
expect-uart OK SET OPP 2
send NEW
expect-uart LOG NEW 0 M1
expect-uart LOG END M within 20000
expect-uart LOG NEW 0 M within 20000
expect-uart LOG END M within 20000
expect-uart LOG NEW 0 M within 20000
expect-uart LOG END M within 20000
expect-uart LOG NEW 0 M within 20000
tap A
send STATE
expect-uart SCR=MENU
expect-uart INGAME=0
#
# --- the score reads as words, not as a time ("1:0"): "YOU WIN  WON 1
# LOST 2" scrolls; two of its frames: "ON" of WON, "LO" of LOST
send SET OPP 0
expect-uart OK SET OPP 0
send GAME NIM
expect-uart OK GAME 0 NIM
send POS 1
expect-uart OK POS
send MOVE 0 0
expect-uart LOG END H
#@8 {
expect-frame within 8000
.###..#.
#...#.#.
#...#.##
#...#.#.
#...#.#.
#...#.#.
.###..#.
........
#@8 }
#@32 # (32 columns: "ON 1  L", "LOST 2")
#@32 expect-frame within 8000
#@32 .###..#...#......#......#......#
#@32 #...#.#...#.....##......#.....#.
#@32 #...#.##..#......#......#.....#.
#@32 #...#.#.#.#......#......#.....#.
#@32 #...#.#..##......#......#.....#.
#@32 #...#.#...#......#......#.....#.
#@32 .###..#...#.....###.....#####..#
#@32 ................................
#@8 {
expect-frame within 3000
#......#
#.....#.
#.....#.
#.....#.
#.....#.
#.....#.
#####..#
........
#@8 }
#@32 expect-frame within 3000
#@32 #......###...####.#####......###
#@32 #.....#...#.#.......#.......#...
#@32 #.....#...#.#.......#...........
#@32 #.....#...#..###....#.........##
#@32 #.....#...#.....#...#........#..
#@32 #.....#...#.....#...#.......#...
#@32 #####..###..####....#.......####
#@32 ................................
send SCORES 0
expect-uart OK SCORES 0 W 1 L 2
