#! eeprom blank
# The LANGUAGE setting (issue 23) through the pins: the menu's last item
# switches the matrix's words to Tieng Viet (capitals, no diacritics: the
# 5x7 font has none); the menu, the question and the result then scroll in
# Vietnamese, the setting survives a power cycle, and the item switches
# back to English. The PC link stays English; SET LANG is the last setting.
expect-uart LOG BOOT
wait 3000ms
send STATE
expect-uart SCR=MENU
# DOWN x9: the last item, "LANGUAGE ENGLISH" ("LA"); its lamp is the last
# one, shared with SLEEP's and blinking (a ninth setting on eight lamps)
tap DOWN
tap DOWN
tap DOWN
tap DOWN
tap DOWN
tap DOWN
tap DOWN
tap DOWN
tap DOWN
#@8 {
expect-frame within 500
#......#
#.....#.
#.....#.
#.....#.
#.....##
#.....#.
#####.#.
.......#
#@8 }
#@32 expect-frame within 500
#@32 #......###..#...#..###..#...#..#
#@32 #.....#...#.#...#.#...#.#...#.#.
#@32 #.....#...#.##..#.#.....#...#.#.
#@32 #.....#...#.#.#.#.#.###.#...#.#.
#@32 #.....#####.#..##.#...#.#...#.##
#@32 #.....#...#.#...#.#...#.#...#.#.
#@32 #####.#...#.#...#..####..###..#.
#@32 ............................#...
# RIGHT: TIENG VIET, and the label is at once Vietnamese, "NGON NGU
# TIENG VIET" ("NG")
tap RIGHT
#@8 {
expect-frame within 500
#...#..#
#...#.#.
##..#.#.
#.#.#.#.
#..##.#.
#...#.#.
#...#..#
.......#
#@8 }
#@32 expect-frame within 500
#@32 #...#..###...###..#...#.....#...
#@32 #...#.#...#.#...#.#...#.....#...
#@32 ##..#.#.....#...#.##..#.....##..
#@32 #.#.#.#.###.#...#.#.#.#.....#.#.
#@32 #..##.#...#.#...#.#..##.....#..#
#@32 #...#.#...#.#...#.#...#.....#...
#@32 #...#..####..###..#...#.....#...
#@32 ............................#...
send STATE
expect-uart SET=0,0,0,1,0,1,8,1,1 MENU=9
# UP x5: the level, "MUC VUA" (level: medium)
tap UP
tap UP
tap UP
tap UP
tap UP
#@8 {
expect-frame within 500
#...#.#.
##.##.#.
#.#.#.#.
#.#.#.#.
#...#.#.
#...#.#.
#...#..#
...#....
#@8 }
#@32 expect-frame within 500
#@32 #...#.#...#..###......#...#.#...
#@32 ##.##.#...#.#...#.....#...#.#...
#@32 #.#.#.#...#.#.........#...#.#...
#@32 #.#.#.#...#.#.........#...#.#...
#@32 #...#.#...#.#.........#...#.#...
#@32 #...#.#...#.#...#......#.#..#...
#@32 #...#..###...###........#....###
#@32 ............#...................
# a game, B held back to the menu, A: the question is "BO CUOC? A CO  B
# KHONG" (give up? A yes B no; "BO")
tap A
expect-uart LOG NEW 0 H
press B
wait 900ms
release B
wait 100ms
send STATE
expect-uart SCR=MENU
expect-uart INGAME=1
tap A
#@8 {
expect-frame within 500
####...#
#...#.#.
#...#.#.
####..#.
#...#.#.
#...#.#.
####...#
...#....
#@8 }
#@32 expect-frame within 500
#@32 ####...###.......###..#...#..###
#@32 #...#.#...#.....#...#.#...#.#...
#@32 #...#.#...#.....#.....#...#.#...
#@32 ####..#...#.....#.....#...#.#...
#@32 #...#.#...#.....#.....#...#.#...
#@32 #...#.#...#.....#...#.#...#.#...
#@32 ####...###.......###...###...###
#@32 ............#...................
# B: no, the game goes on; B again: back to it
tap B
send STATE
expect-uart SCR=MENU
expect-uart INGAME=1
tap B
send STATE
expect-uart SCR=PLAY
# you win: "BAN THANG  BAN 1 MAY 0" (you win, you 1 machine 0) scrolls in
send POS 1
expect-uart OK POS
send MOVE 0 0
expect-uart LOG END H
#@8 {
expect-frame within 4000
####...#
#...#.#.
#...#.#.
####..#.
#...#.##
#...#.#.
####..#.
........
#@8 }
#@32 expect-frame within 4000
#@32 ####...###..#...#.....#####.#...
#@32 #...#.#...#.#...#.......#...#...
#@32 #...#.#...#.##..#.......#...#...
#@32 ####..#...#.#.#.#.......#...####
#@32 #...#.#####.#..##.......#...#...
#@32 #...#.#...#.#...#.......#...#...
#@32 ####..#...#.#...#.......#...#...
#@32 ................................
# a power cycle keeps the language: after the title the menu says "TRO
# CHOI NIM" (game: NIM; "TR")
wait 1s
reset
wait 100ms
send STATE
expect-uart SET=0,0,0,1,0,1,8,1,1
#@8 {
expect-frame within 3500
#####.##
..#...#.
..#...#.
..#...##
..#...#.
..#...#.
..#...#.
#.......
#@8 }
#@32 expect-frame within 3500
#@32 #####.####...###.......###..#...
#@32 ..#...#...#.#...#.....#...#.#...
#@32 ..#...#...#.#...#.....#.....#...
#@32 ..#...####..#...#.....#.....####
#@32 ..#...#.#...#...#.....#.....#...
#@32 ..#...#..#..#...#.....#...#.#...
#@32 ..#...#...#..###.......###..#...
#@32 #...............................
send STATE
expect-uart SCR=MENU
expect-uart SET=0,0,0,1,0,1,8,1,1 MENU=0
# UP (a tap wraps): the language item in Vietnamese; LEFT: back to English
tap UP
#@8 {
expect-frame within 500
#...#..#
#...#.#.
##..#.#.
#.#.#.#.
#..##.#.
#...#.#.
#...#..#
.......#
#@8 }
#@32 expect-frame within 500
#@32 #...#..###...###..#...#.....#...
#@32 #...#.#...#.#...#.#...#.....#...
#@32 ##..#.#.....#...#.##..#.....##..
#@32 #.#.#.#.###.#...#.#.#.#.....#.#.
#@32 #..##.#...#.#...#.#..##.....#..#
#@32 #...#.#...#.#...#.#...#.....#...
#@32 #...#..####..###..#...#.....#...
#@32 ............................#...
tap LEFT
#@8 {
expect-frame within 500
#......#
#.....#.
#.....#.
#.....#.
#.....##
#.....#.
#####.#.
.......#
#@8 }
#@32 expect-frame within 500
#@32 #......###..#...#..###..#...#..#
#@32 #.....#...#.#...#.#...#.#...#.#.
#@32 #.....#...#.##..#.#.....#...#.#.
#@32 #.....#...#.#.#.#.#.###.#...#.#.
#@32 #.....#####.#..##.#...#.#...#.##
#@32 #.....#...#.#...#.#...#.#...#.#.
#@32 #####.#...#.#...#..####..###..#.
#@32 ............................#...
send STATE
expect-uart SET=0,0,0,1,0,1,8,1,0 MENU=9
# the link: LANG is the last setting; a value out of range is refused
send SET LANG 1
expect-uart OK SET LANG 1
send SET LANG 2
expect-uart ERR SET VALUE\n
send SET LANG 0
expect-uart OK SET LANG 0
