/* baseline.c - what the tables save, for make bench: the machine's reply in
 * KAYLES on 8 columns found by a plain search without the Grundy tables (a
 * recursion over the legal moves: a position is won if some move leads to a
 * lost one), against engine_reply on the same positions, on the target.
 * The search is exponential, so the positions are small: k standing pins in
 * all (k = 1..BASELINE_PINS_MAX), BASELINE_RANDOM random ones per k plus two
 * shapes that make the search look at many orders of moves: one run of k
 * pins in one column, and k single pins in k columns.
 *
 * Markers (GPIOR1, contract 3):
 *   0xF0, then 1, 2 (TARGET_CAL_PAIRS times): empty pairs, the marker cost
 *   0x80 + k      the positions with k pins start
 *   7, 8          around the search's reply
 *   1, 2          around engine_reply(mistake 0) on the same position
 * UART: one line per position, both replies, which must agree on whether
 * the position is won (tests/bench/reply_stats.py checks). */
#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "target_util.h"

#define BASELINE_PINS_MAX 7u
#define BASELINE_RANDOM 20u

_Static_assert(ENGINE_COLS == 8, "the baseline is the 8-column KAYLES board");

static uint32_t bench_state = 0x2545F491u;

static uint8_t bench_random(void)
{
    return (uint8_t)(target_xorshift(&bench_state) >> 24);
}

/* Is the position won for the player to move? Normal play: no move, lost. */
static bool search_won(const engine_pos_t *p)
{
    engine_move_t m;
    for (bool ok = engine_move_first(p, &m); ok; ok = engine_move_next(p, &m)) {
        engine_pos_t q = *p;
        engine_apply(&q, m);
        if (!search_won(&q))
            return true;
    }
    return false;
}

/* The first move to a lost position, else the first legal move. */
static bool search_reply(const engine_pos_t *p, engine_move_t *best)
{
    engine_move_t m;
    bool any = false;
    for (bool ok = engine_move_first(p, &m); ok; ok = engine_move_next(p, &m)) {
        engine_pos_t q = *p;
        engine_apply(&q, m);
        if (!search_won(&q)) {
            *best = m;
            return true;
        }
        if (!any)
            *best = m;
        any = true;
    }
    return any;
}

static void measure(engine_pos_t *p)
{
    engine_move_t a, b;
    bool oka, okb;
    TARGET_MARK(7);
    oka = search_reply(p, &a);
    TARGET_MARK(8);
    TARGET_MARK(1);
    okb = engine_reply(p, 0, &b);
    TARGET_MARK(2);
    for (uint8_t c = 0; c < ENGINE_COLS; c++)
        target_put_hex(p->col[c], 2);
    /* whether each reply wins: the move leads to a P-position */
    target_putc(' ');
    if (oka) {
        engine_pos_t q = *p;
        engine_apply(&q, a);
        target_putc(engine_is_p(&q) ? 'W' : 'l');
    } else {
        target_putc('-');
    }
    if (okb) {
        engine_pos_t q = *p;
        engine_apply(&q, b);
        target_putc(engine_is_p(&q) ? 'W' : 'l');
    } else {
        target_putc('-');
    }
    target_putc('\n');
}

int main(void)
{
    engine_pos_t p;
    uint8_t k, i, c;
    target_io_init();
    target_calibrate();
    p.rule = RULE_KAYLES;
    p.mode = 0;
    p.ncols = ENGINE_COLS;
    p.heap = 0;
    for (k = 1; k <= BASELINE_PINS_MAX; k++) {
        TARGET_MARK(TARGET_GAME_MARK + k);
        /* one run of k pins */
        for (c = 0; c < ENGINE_COLS; c++)
            p.col[c] = 0;
        p.col[0] = (uint8_t)((1u << k) - 1);
        measure(&p);
        /* k single pins, one per column */
        for (c = 0; c < ENGINE_COLS; c++)
            p.col[c] = c < k ? 1 : 0;
        measure(&p);
        /* k pins anywhere on the board */
        for (i = 0; i < BASELINE_RANDOM; i++) {
            uint8_t placed = 0;
            for (c = 0; c < ENGINE_COLS; c++)
                p.col[c] = 0;
            while (placed < k) {
                uint8_t cell = bench_random() & 63;
                uint8_t bit = (uint8_t)(1u << (cell & 7));
                if (!(p.col[cell >> 3] & bit)) {
                    p.col[cell >> 3] |= bit;
                    placed++;
                }
            }
            measure(&p);
        }
    }
    target_done();
    return 0;
}
