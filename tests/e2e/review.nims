# The review of the losing move (issue 22) on Nim 3-4-5 against the
# perfect machine: one deliberate mistake by the buttons (5 -> 4: 3 4 4 is
# an N-position for the machine), a power cut between the mistake and the
# end, and after the end the review, frame by frame: the position before
# the mistake, the move made blinking, the winning move (3 -> 1) blinking
# as the hint does, B: the teach panel of that position, A: no next one;
# then two players, a mistake each: A goes from the first to the second.
wait 100ms
send SET LEVEL 2
expect-uart OK SET LEVEL 2
send SET FIRST 0
expect-uart OK SET FIRST 0
send SET START 0
expect-uart OK SET START 0
send GAME NIM
expect-uart NIM\n
send REVIEW
expect-uart OK REVIEW NONE
# the mistake: column 2, one stone
tap RIGHT
tap RIGHT
tap DOWN
tap A
expect-uart LOG MOVE H 2 4
expect-uart LOG MOVE M 0 0 within 3000
send REVIEW
expect-uart OK REVIEW 1 2 4 BEST 0 1
# the power cut, once the move's record is written (with the mistake:
# 36 bytes, about 150 ms; 84 on 32 columns, about 310 ms), and away
# from the cursor's wink: at 300 ms the frame cut differed between
# nimsim and avr8js, whose EEPROM times differ (test-web-sim)
wait 350ms
#@32 wait 150ms
reset
wait 100ms
send REVIEW
expect-uart OK REVIEW 1 2 4 BEST 0 1
send REVIEW POS
expect-uart OK REVIEW POS 3 4 5
send STATE
expect-uart INGAME=1
# after the title the game goes on (the moves by the link: simavr's reset
# leaves the button pins reading "pressed" until their first edge)
expect-frame within 3000
........
........
........
........
.##.....
.##.....
.##.....
.##.....
send AI
expect-uart LOG MOVE M within 3000
send AI
expect-uart LOG MOVE M within 3000
send AI
expect-uart LOG MOVE M within 3000
send AI
expect-uart LOG END M within 3000
wait 1000ms
send STATE
expect-uart SCR=END
# B: the review opens at the mistake; its line goes out on the link
tap B
expect-uart LOG REVIEW 1 2 4 BEST 0 1
# the position before the mistake: 3 4 5
expect-frame within 300
........
........
........
..#.....
.##.....
###.....
###.....
###.....
# the move made blinks: 5 -> 4
expect-frame within 300
........
........
........
........
.##.....
###.....
###.....
###.....
# then the winning move that was there: 3 -> 1
expect-frame within 1200
........
........
........
..#.....
.##.....
.##.....
.##.....
###.....
# B: the teach panel of 3 4 5 (values 3 4 5 in rows 7..4, the nim-sum 2
# in row 2, row 0 blinking under column 0)
tap B
expect-frame within 600
........
.##.....
#.......
#.#.....
........
..#.....
........
#.......
# B again: the position; A: no other mistake, the result again
tap B
expect-frame within 1200
........
........
........
..#.....
.##.....
###.....
###.....
###.....
send REVIEW NEXT
expect-uart OK REVIEW NONE
tap A
send STATE
expect-uart SCR=END
# A on the result: a new game, its review empty
tap A
expect-uart LOG NEW
send REVIEW
expect-uart OK REVIEW NONE
# The machine first, perfect, on 3-4-5: you never stand on a won
# position; B on the end says so, the link's line says NONE.
send SET FIRST 1
expect-uart OK SET FIRST 1
send NEW
expect-uart OK NEW
expect-uart LOG MOVE M within 3000
send AI
expect-uart LOG MOVE M within 3000
send AI
expect-uart LOG MOVE M within 3000
send AI
expect-uart LOG MOVE M within 3000
send AI
expect-uart LOG MOVE M within 3000
send AI
expect-uart LOG END M within 3000
wait 1000ms
send STATE
expect-uart SCR=END
tap B
expect-uart LOG REVIEW NONE
send REVIEW
expect-uart OK REVIEW NONE
# You win without a mistake: B scrolls "MISSED 0" (its line: NONE); A
# goes back to the result (no mistake to show), A again: a new game.
send SET FIRST 0
expect-uart OK SET FIRST 0
send POS 0 0 1
expect-uart OK POS
send MOVE 2 0
expect-uart LOG END H
wait 1000ms
tap B
expect-uart LOG REVIEW NONE
# the sentence scrolls in from the right: its "M" (not "NO WON ...")
#@8 {
expect-frame within 1500
...#...#
...##.##
...#.#.#
...#.#.#
...#...#
...#...#
...#...#
........
#@8 }
#@32 expect-frame within 1500
#@32 ...........................#...#
#@32 ...........................##.##
#@32 ...........................#.#.#
#@32 ...........................#.#.#
#@32 ...........................#...#
#@32 ...........................#...#
#@32 ...........................#...#
#@32 ................................
tap A
send STATE
expect-uart SCR=END
tap A
expect-uart LOG NEW
# Two players, a mistake each (kept both, in order, with the mover's tag):
# player 1 takes the 5 to 4 (3 4 4: player 2's win), player 2 the 4 to 3
# (3 3 4: player 1's again); on the end screen B shows the first, A the
# second, A again the result.
send SET OPP 1
expect-uart OK SET OPP 1
send POS 3 4 5
expect-uart OK POS
send MOVE 2 4
expect-uart OK MOVE 2 4
send MOVE 1 3
expect-uart OK MOVE 1 3
# the two moves' saves written first: a reply that waits behind a save
# is as late as the EEPROM, which nimsim and avr8js time a little apart
wait 500ms
send REVIEW
expect-uart OK REVIEW 1 2 4 BEST 0 1 H1
send REVIEW NEXT
expect-uart OK REVIEW 2 1 3 BEST 0 0 H2
send REVIEW POS
expect-uart OK REVIEW POS 3 4 4
send REVIEW NEXT
expect-uart OK REVIEW NONE
send REVIEW 1
expect-uart OK REVIEW 1 2 4 BEST 0 1 H1
send AI
expect-uart OK AI
send AI
expect-uart OK AI
send AI
expect-uart OK AI
send AI
expect-uart OK AI
send AI
expect-uart OK AI
send AI
expect-uart OK AI
send AI
expect-uart LOG END H1
wait 1000ms
tap B
expect-uart LOG REVIEW 1 2 4 BEST 0 1 H1
expect-frame within 300
........
........
........
..#.....
.##.....
###.....
###.....
###.....
tap A
expect-uart LOG REVIEW 2 1 3 BEST 0 0 H2
# the second mistake's position, 3 4 4, its move 4 -> 3 blinking
expect-frame within 300
........
........
........
........
.##.....
###.....
###.....
###.....
expect-frame within 300
........
........
........
........
..#.....
###.....
###.....
###.....
# A: no third one, the result again (A there: a new game)
tap A
send STATE
expect-uart SCR=END
tap A
expect-uart LOG NEW
