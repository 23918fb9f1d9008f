# The known frame of fw_board (frame_col in tests/sim/fw_board.c), drawn as
# SPI words framed by CS, must decode to this picture (1 module).
expect-uart fw_board ready
send frame
expect-uart drawn
expect-frame within 5
#.....##
.#....#.
....##..
....#..#
..##....
..#..#..
##......
#..#....
