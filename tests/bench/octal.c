/* octal.c - make bench: how long the chip takes to derive a typed-in octal
 * code's values (firmware/engine/octal.c, issue 21), on the target, for
 * every code of one to four digits with and without the last digit
 * repeating: g(0..OCTAL_HEAP_MAX) for a code that does not split (heap
 * columns and one heap), g(0..8) for one that does (runs of a column's
 * pins). The budget: 1,000,000 cycles.
 *
 * Markers (GPIOR1): the calibration block, TARGET_GAME_MARK, then 1, 2
 * around each
 * octal_derive. UART: one line per code in the same order ("0.137* 65":
 * the code and the heaps derived), and "end codes=N"; tests/bench/reply_stats.py
 * (kind octal) pairs the lines with the intervals. */
#include <stdint.h>

#include "octal.h"
#include "target_util.h"

static uint8_t g[OCTAL_HEAP_MAX + 1];
static uint8_t d[RULE_MAX_DIGITS + 1];

int main(void)
{
    octal_code_t c;
    uint16_t codes = 0;
    target_io_init();
    target_calibrate();
    TARGET_MARK(TARGET_GAME_MARK);      /* the codes' section */
    for (uint8_t len = 1; len <= 4; len++) {
        uint16_t count = (uint16_t)1 << (3 * len);
        for (uint16_t v = 1; v < count; v++)
            for (uint8_t rep = 0; rep < 2; rep++) {
                c.len = len;
                c.repeat = rep;
                for (uint8_t i = 0; i < len; i++)
                    c.digit[i] = (uint8_t)((v >> (3 * (len - 1 - i))) & 7);
                uint8_t n = octal_splits(&c) ? TABLE_ROWS + 1 : OCTAL_HEAP_MAX + 1;
                octal_digits(&c, d);
                TARGET_MARK(1);
                octal_derive(d, g, n);
                TARGET_MARK(2);
                target_put_str("0.");
                for (uint8_t i = 0; i < len; i++)
                    target_putc((char)('0' + c.digit[i]));
                if (rep)
                    target_putc('*');
                target_putc(' ');
                target_put_dec(n);
                target_putc('\n');
                codes++;
            }
    }
    target_put_str("end codes=");
    target_put_dec(codes);
    target_putc('\n');
    target_done();
    return 0;
}
