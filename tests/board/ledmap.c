/* ledmap.c - the simulator's MAX7219 model (sim/max7219.c) asked, lamp by
 * lamp, what the picture is: for every digit register d (1..8) and data
 * bit b (0..7) in no-decode mode, the one lamp that lights, as
 *     d b col row
 * with col counted from the left and row from the TOP (the model's
 * max7219_lamp counts rows from the bottom). tests/board/test_board.py
 * checks the handheld's wiring (MAX7219 DIG/SEG -> 1088AS row/column)
 * against these lines, so the board shows what the simulators show. */
#include <stdio.h>

#include "max7219.h"

static void send(max7219_t *m, uint8_t reg, uint8_t v)
{
    max7219_cs(m, false);
    max7219_spi_byte(m, reg);
    max7219_spi_byte(m, v);
    max7219_cs(m, true);
}

int main(void)
{
    for (int d = 1; d <= 8; d++)
        for (int b = 0; b < 8; b++) {
            max7219_t m;
            max7219_init(&m, NULL, 1);
            send(&m, 0x09, 0);          /* no decode */
            send(&m, 0x0B, 7);          /* scan all 8 digits */
            send(&m, 0x0A, 8);
            send(&m, 0x0C, 1);          /* out of shutdown */
            send(&m, (uint8_t)d, (uint8_t)(1u << b));
            int lit = 0;
            for (int c = 0; c < 8; c++)
                for (int r = 0; r < 8; r++)
                    if (max7219_lamp(&m, c, r) >= 0) {
                        printf("%d %d %d %d\n", d, b, c, 7 - r);
                        lit++;
                    }
            if (lit != 1) {
                fprintf(stderr, "ledmap: digit %d bit %d lights %d lamps, not 1\n", d, b, lit);
                return 1;
            }
        }
    return 0;
}
