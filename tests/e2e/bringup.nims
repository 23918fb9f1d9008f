#! eeprom blank
#! walk 2
#! clicks 8 2000
# The board test (docs/play.md, "The board test"; firmware/app/ui/ui_check.c),
# on 8 and 32 columns. A game in progress and the sound set off; the power
# cycled with A held: the test starts (LOG TEST WALK right after LOG BOOT),
# and the win jingle plays although the sound is off while every lamp is
# lit, then each row and each column alone, a step each. walk.py reads the
# trace: every frame of both walks, in order and each for its step, the
# jingle's notes, no EEPROM write between LOG TEST WALK and LOG TEST END,
# and each of those checks refusing a planted fault. Here: each button's
# name scrolls as it is pressed (LOG TEST, and the matrix with the name's
# first letters at the left edge), B held leaves for the menu (LOG TEST END)
# with the game there as it was; TEST over the link during the game starts
# the walk again, and TEST with a word is refused. clicks.py: 8 clicks of
# 2 kHz, all of one length: the six names and each test's B held; with the
# sound off, A's press before the power cycle and the taps of B in the menu
# after each test are silent (the setting holds again once the test is left).
expect-uart LOG BOOT 1 0
send POS 3 4 5
expect-uart OK POS
send SET SOUND 0
expect-uart OK SET SOUND 0
wait 1500ms
send STATE
expect-uart SCR=PLAY PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS=3,4,5
expect-uart SAVE=0
# A held at power-on: the board test; the game is resumed but waits.
press A
wait 100ms
reset
expect-uart LOG BOOT 1 1
expect-uart LOG TEST WALK within 50
expect-tone 523 within 50
expect-tone 659
expect-tone 784
expect-tone 1047
wait 200ms
# letting go of A is no press: the walk goes on (walk.py)
release A
expect-uart LOG TEST KEYS within 7000
# Before a press: KEYS scrolls.
#@8 {
expect-frame within 1000
#...#.##
#..#..#.
#.#...#.
##....##
#.#...#.
#..#..#.
#...#.##
........
#@8 }
#@32 expect-frame within 2000
#@32 #...#.#####.#...#..####.........
#@32 #..#..#.....#...#.#.............
#@32 #.#...#.....#...#.#.............
#@32 ##....####...#.#...###..........
#@32 #.#...#.......#.......#.........
#@32 #..#..#.......#.......#.........
#@32 #...#.#####...#...####..........
#@32 ................................
tap UP
expect-uart LOG TEST UP
#@8 {
expect-frame within 1000
#...#.##
#...#.#.
#...#.#.
#...#.##
#...#.#.
#...#.#.
.###..#.
........
#@8 }
#@32 expect-frame within 2000
#@32 #...#.####......................
#@32 #...#.#...#.....................
#@32 #...#.#...#.....................
#@32 #...#.####......................
#@32 #...#.#.........................
#@32 #...#.#.........................
#@32 .###..#.........................
#@32 ................................
tap DOWN
expect-uart LOG TEST DOWN
#@8 {
expect-frame within 1000
###....#
#..#..#.
#...#.#.
#...#.#.
#...#.#.
#..#..#.
###....#
........
#@8 }
#@32 expect-frame within 2000
#@32 ###....###..#...#.#...#.........
#@32 #..#..#...#.#...#.#...#.........
#@32 #...#.#...#.#...#.##..#.........
#@32 #...#.#...#.#.#.#.#.#.#.........
#@32 #...#.#...#.#.#.#.#..##.........
#@32 #..#..#...#.#.#.#.#...#.........
#@32 ###....###...#.#..#...#.........
#@32 ................................
tap LEFT
expect-uart LOG TEST LEFT
#@8 {
expect-frame within 1000
#.....##
#.....#.
#.....#.
#.....##
#.....#.
#.....#.
#####.##
........
#@8 }
#@32 expect-frame within 2000
#@32 #.....#####.#####.#####.........
#@32 #.....#.....#.......#...........
#@32 #.....#.....#.......#...........
#@32 #.....####..####....#...........
#@32 #.....#.....#.......#...........
#@32 #.....#.....#.......#...........
#@32 #####.#####.#.......#...........
#@32 ................................
tap RIGHT
expect-uart LOG TEST RIGHT
#@8 {
expect-frame within 1000
####..##
#...#..#
#...#..#
####...#
#.#....#
#..#...#
#...#.##
........
#@8 }
#@32 expect-frame within 2000
#@32 ####..###..###..#...#.#####.....
#@32 #...#..#..#...#.#...#...#.......
#@32 #...#..#..#.....#...#...#.......
#@32 ####...#..#.###.#####...#.......
#@32 #.#....#..#...#.#...#...#.......
#@32 #..#...#..#...#.#...#...#.......
#@32 #...#.###..####.#...#...#.......
#@32 ................................
tap A
expect-uart LOG TEST A
expect-frame within 2000
.###....
#...#...
#...#...
#...#...
#####...
#...#...
#...#...
........
tap B
expect-uart LOG TEST B
expect-frame within 2000
####....
#...#...
#...#...
####....
#...#...
#...#...
####....
........
send TEST X
expect-uart ERR TEST ARGS
send TEST END
expect-uart ERR TEST ARGS
send STATE
expect-uart OK STATE SCR=TEST PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS=3,4,5
expect-uart INGAME=1
# B held: out to the menu, the game as it was; the sound is off again.
press B
wait 800ms
expect-uart LOG TEST END
release B
send STATE
expect-uart OK STATE SCR=MENU PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS=3,4,5
expect-uart INGAME=1
tap B
send STATE
expect-uart OK STATE SCR=PLAY PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS=3,4,5
# TEST over the link, during the game: the walk again, from the top (the
# link quiet first: a pass held by STATE's reply starts the walk's first
# step that much late, walk.py allows only a tick).
wait 100ms
send TEST
expect-uart LOG TEST WALK
expect-uart OK TEST
expect-tone 523 within 50
expect-uart LOG TEST KEYS within 7000
press B
wait 800ms
expect-uart LOG TEST B
expect-uart LOG TEST END
release B
wait 100ms
tap B
send STATE
expect-uart OK STATE SCR=PLAY PH=INPUT GAME=0 RULE=0 MODE=0 TURN=0 POS=3,4,5
expect-uart SET=0,0,0,1,0,0,
wait 200ms
