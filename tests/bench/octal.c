/* octal.c - make bench: how long the chip takes to set a typed-in octal
 * code (engine_own_set, issue 21: what the toy does when the code is
 * chosen), on the target, for every code of one to four digits with and
 * without the last digit repeating: its values g(0..8) by the mex rule
 * (firmware/engine/octal.c) and, for a code that splits, the pin tables
 * (firmware/engine/own.c). The budget: 1,000,000 cycles. Then
 * the proof of its misere play (engine_own_misere, own_misere.c: what
 * the toy does when the code is played in misere), budget 16,000,000.
 *
 * Markers (GPIOR1): the calibration block, TARGET_GAME_MARK, then 1, 2
 * around each engine_own_set and 5, 6 around its engine_own_misere.
 * For a code that never splits, 7, 8 around its one heap's P-positions
 * (engine_own_heap, misere) and 3, 4 around GRUNDY of the biggest heap.
 * UART: one line per code in the same order ("0.137* 9 split 0": the
 * code, the heaps derived, its form, the misere verdict: 0 played), and
 * "end codes=N"; tests/bench/reply_stats.py (kind octal) pairs the lines
 * with the intervals. */
#include <stdint.h>

#include "engine.h"
#include "target_util.h"


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
                TARGET_MARK(1);
                uint8_t err = engine_own_set(&c);
                TARGET_MARK(2);
                TARGET_MARK(5);
                uint8_t why = err ? 0 : engine_own_misere();
                TARGET_MARK(6);
                if (!err && engine_rule_form(RULE_OWN) == FORM_HEAP) {
                    /* one heap: its P-positions (misere; normal play the
                     * same loop), and GRUNDY of the biggest heap */
                    engine_pos_t p = {0};
                    p.rule = RULE_OWN;
                    p.mode = ENGINE_ONEHEAP;
                    p.heap = ENGINE_HEAP_MAX;
                    TARGET_MARK(7);
                    engine_own_heap(ENGINE_MISERE);
                    TARGET_MARK(8);
                    TARGET_MARK(3);
                    engine_oneheap_grundy(&p);
                    TARGET_MARK(4);
                }
                target_put_str("0.");
                for (uint8_t i = 0; i < len; i++)
                    target_putc((char)('0' + c.digit[i]));
                if (rep)
                    target_putc('*');
                target_putc(' ');
                target_put_dec(TABLE_ROWS + 1);
                target_put_str(err ? " refused " : engine_rule_form(RULE_OWN) == FORM_PINS ? " split " : " heap ");
                target_put_dec(why);
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
