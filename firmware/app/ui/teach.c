/* teach.c - the teach panels.
 *
 * Normal play in columns: each column's Grundy value in binary (rows
 * 7..4), the nim-sum in row 2; a move to nim-sum 0 wins.
 *
 * A tame game (every columns game but KAYLES: build/grundy proves it) is
 * misere Nim on the column values: play as in Nim while some column is
 * worth 2 or more; the move that would leave only columns worth 0 or 1
 * instead leaves an odd number of 1s. So the panel is Nim's (rows 7..4:
 * each column's value in binary), plus row 3: a lamp under every column
 * worth 2 or more, and row 2: the nim-sum while such a column is left, and
 * once none is, the number of 1s (lost for the player to move when odd).
 *
 * KAYLES is wild: values do not decide it. The machine looks at each
 * column's element of the misere quotient (build/grundy --misere KAYLES)
 * and at their product: rows 7..4 show each column's element number,
 * row 2 the product's number, row 1 is lit when the product is in P (the
 * player to move loses). Row 0 blinks under the column of the winning move
 * in both.
 *
 * BINARY: a value takes all eight rows, so each column shows its value in
 * binary, top bit on top, and the column the winning move changes blinks
 * between its value and the value the move leaves: in normal play the
 * lamps that blink are the nim-sum's bits (g xor g' = the nim-sum). The
 * nim-sum itself (misere, once no column is worth 2 or more: the number
 * of 1s) stands in the rightmost column when that one shows nothing (not
 * in play, or worth 0). */
#include "teach.h"

#include "board.h"

_Static_assert(BOARD_COLS >= 8, "the panel's rows are eight lamps wide");

/* One function for every panel: they share the values' loop, the count
 * of columns worth 1 and the nim-sum (or 1s, or product), and the
 * winning move's blink. Normal play in columns is Nim's panel (rows 7..4
 * the values, row 2 the nim-sum), a tame misere game adds row 3 and may
 * show the 1s in row 2, a wild one shows its elements; BINARY shows each
 * value whole (above). Two functions, BINARY's apart, cost more
 * flash. */
void teach_draw(const engine_pos_t *p, uint8_t *frame, bool on)
{
    engine_move_t m;
    bool bin = engine_is_binary(p);     /* values need all eight rows */
    bool misere = engine_is_misere(p);
    bool wild = misere && engine_misere_wild(p->rule);   /* never BINARY: its rules are tame */
    uint8_t row2, big = 0, ones = 0;
    for (uint8_t c = 0; c < p->ncols; c++) {
        uint8_t v = wild ? engine_misere_elem(p, c) : engine_col_grundy(p, c);
        bool over1 = !wild && v > 1;     /* worth 2 or more: misere is played as Nim */
        big |= over1;
        frame[c] = bin ? v : (uint8_t)((v & 15) << 4 | (misere && over1 ? 8 : 0));
        ones += v == 1;
    }
    /* normal play: always the nim-sum */
    row2 = wild ? engine_misere_elem(p, ENGINE_COL_ALL) : (misere && !big) ? ones : engine_nimsum(p);
    if (bin) {
        if (!frame[BOARD_COLS - 1])
            frame[BOARD_COLS - 1] = row2;
    } else {
        /* row 1 lit in P (wild), row 2: four bits read left to right */
        uint8_t lit = wild && engine_is_p(p) ? 2 : 0;
        row2 = (uint8_t)(row2 << 4);
        for (uint8_t c = 0; c < 8; c++, row2 = (uint8_t)(row2 << 1))
            frame[c] |= (uint8_t)(lit | (row2 & 0x80 ? 4 : 0));
    }
    if (on && engine_hint(p, &m)) {
        uint8_t *const f = &frame[m.col];
        *f = bin ? engine_col_value(p, m.col, (uint8_t)m.to) : (uint8_t)(*f | 1);
    }
}
