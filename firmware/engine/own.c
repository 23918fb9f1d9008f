/* own.c - your own game (RULE_OWN, engine.h): a typed-in octal code, what
 * the chip derives from it when it is set, and the three questions the
 * replies ask of its columns fast: a column's value, how many moves it
 * has (the random move and has-move), and a block that leaves it worth a
 * given value (the hint).
 *
 * A heap column is a look-up in g. A pin column is runs of standing pins,
 * each a heap of the code: a block of k pins taken from a run of L leaves
 * a pins below it and c = L - k - a above, which the digit d_k allows as
 * none (d & 1, k = L), one (d & 2, a or c is 0) or two heaps (d & 4). A
 * column's value is the XOR of its runs' values, its move count the sum
 * of theirs; both are read from two nibble tables and the run that
 * crosses the nibbles, so no look-up walks the runs. Walked run by run,
 * the 8-column replies of pin codes took over twice their budget. */
#include "engine_int.h"

#include <string.h>

engine_own_t engine_own;

/* A pin column, run by run: the XOR of its runs' values, the sum of
 * their move counts and the OR of their values. Only when a code is set
 * (own_misere.c's check of every column too). */
own_runs_t own_runs(uint8_t state)
{
    const engine_own_t *o = &engine_own;
    own_runs_t r = {0, 0, 0};
    uint8_t run = 0;
    for (uint8_t i = 0; i <= TABLE_ROWS; i++, state >>= 1) {   /* one past the top: the last run ends */
        if (state & 1) {
            run++;
        } else {
            r.value ^= o->g[run];
            r.any |= o->g[run];
            r.moves = (uint8_t)(r.moves + o->run_cnt[run]);
            run = 0;
        }
    }
    return r;
}

uint8_t engine_own_set(const octal_code_t *c)
{
    uint8_t err = octal_check(c);
    if (err)
        return err;
    engine_own_t *o = &engine_own;
    o->code = *c;
    o->form = octal_splits(c) ? FORM_PINS : FORM_HEAP;
    octal_digits(c, o->d);
    /* a heap of n, or a run of n pins: the same moves; runs of L (heaps
     * of L): their blocks, 0 where a heap has no move */
    octal_derive(o->d, o->g, o->run_cnt, TABLE_ROWS + 1);
    /* the last k a move may take (RULE_MAX_DIGITS + 1: any k past them) */
    uint8_t last = RULE_MAX_DIGITS + 1;
    while (!o->d[last - 1])
        last--;         /* the code has a nonzero digit (octal_check) */
    o->last = last;
    o->misere = OWN_MISERE_UNKNOWN;    /* proved when misere is asked for (~2,000,000 cycles at most) */
    if (o->form == FORM_HEAP) {
        o->heap_mis = OWN_HEAP_MIS_NONE;             /* one heap: derived when it is played */
        return OCTAL_OK;
    }
    /* A pin column as two nibbles: each nibble's runs but the one that may
     * go on into the other nibble (the low one's top run, the high one's
     * bottom run), and those two runs' lengths, which make one run. A
     * nibble's runs but that one have at most 3 pins: counts up to 6. */
    for (uint8_t n = 0; n < 16; n++) {
        uint8_t a = 0, b = 0;
        while (n << a & 8)
            a++;                            /* the top run: from bit 3 down (a <= 4) */
        while (n >> b & 1)
            b++;                            /* the bottom run: from bit 0 up */
        own_runs_t lo = own_runs((uint8_t)(n & ~(0xF0u >> a))), hi = own_runs((uint8_t)(n & ~((1u << b) - 1)));
        o->nib_val[n] = (uint8_t)((lo.value & 15) | hi.value << 4);
        o->nib_cnt[n] = (uint8_t)(lo.moves | hi.moves << 4);
        o->nib_run[n] = (uint8_t)(a | b << 4);
    }
    return OCTAL_OK;
}

uint8_t engine_own_misere(void)
{
    engine_own_t *o = &engine_own;
    if (o->misere == OWN_MISERE_UNKNOWN) {
        o->misere = own_misere_check(o);
        if (!o->misere)
            own_misere_moves();
    }
    return o->misere;
}

/* One heap's values by the mex rule, heaps 0 .. n in turn, for your own
 * code where it never splits. Taking k <= 8 reaches heap h - k, whose
 * value is in a ring of the last nine (last[i]: heap h - 1 - i); a
 * repeating digit reaches heap 0 (k = h, it empties the heap) and every
 * heap 1 .. h - 9 (k > 8, it leaves one), whose values are kept as a
 * set (bit v of far), so no value is kept longer: ~50 bytes of stack on 32 columns, where a
 * value a heap would be 514. A heap of h has at most h moves, so it is
 * worth at most h: the ring's heaps, below ENGINE_HEAP_MAX, fit a byte,
 * and heap n's value reaches ENGINE_HEAP_MAX (0.3 repeating: g(h) = h).
 * The mex is found a byte of values at a time, far's with the ring's that
 * fall in it, past the bytes far fills: ~320,000 cycles for the 257 heaps
 * of 32 columns at worst (0.3333*), where a value at a time took 750,000.
 * In misere (mis) a heap with no move is worth 1, not 0: each value is
 * then 0 exactly where the heap is a P-position (a heap is P when no move
 * reaches a P-position, the mex's 0), the outcome one heap needs, not its
 * misere value. pbits, where given, gets bit h for each heap worth 0. */
_Static_assert(ENGINE_HEAP_MAX <= 256, "the ring's values (heaps below ENGINE_HEAP_MAX) fit a byte; a heap past a byte is 256, even");
uint16_t own_heap_mex(uint16_t n, uint8_t mis, uint8_t *pbits)
{
    uint16_t g = 0;
    uint8_t last[RULE_MAX_DIGITS + 1];      /* heaps below 256: worth at most 255 */
    uint8_t far[OWN_HEAP_BYTES], leave = 0, empty = 0, below = 0, at = 0;
    const uint8_t *d = engine_own.d;
    uint8_t rep = d[RULE_MAX_DIGITS];
    memset(far, 0, sizeof far);
    /* as masks of k - 1 for k = 1..8: the takes that leave one heap, those
     * that empty it; the k below h and k = h */
    for (uint8_t k = RULE_MAX_DIGITS; k--;) {
        leave = (uint8_t)(leave << 1 | (d[k] >> 1 & 1));
        empty = (uint8_t)(empty << 1 | (d[k] & 1));
    }
    for (uint16_t h = 0; h <= n; h++) {
        uint8_t take = (uint8_t)((leave & below) | (empty & at));
        uint8_t em = h > RULE_MAX_DIGITS ? rep & 1 : 0, fa = h > RULE_MAX_DIGITS + 1 ? rep & 2 : 0;
        if (fa)
            octal_set_add(far, last[RULE_MAX_DIGITS]);        /* heap h - 9 */
        if (!(take | em | fa)) {
            g = mis;                                    /* no move */
        } else {
            /* the lowest byte of values not all reached: far's, with
             * the values the takes reach that fall in it */
            for (uint8_t j = 0;; j++) {
                uint8_t b = far[j], t = take;
                if (b == 0xFF)
                    continue;
                for (uint8_t i = 0; t; i++, t >>= 1)
                    if ((t & 1) && last[i] >> 3 == j)
                        b |= column_bit(last[i] & 7);
                if (em && !j)
                    b |= column_bit(mis);               /* heap 0 */
                if (b != 0xFF) {
                    for (g = (uint16_t)(j * 8); b & 1; b >>= 1)
                        g++;
                    break;
                }
            }
        }
        if (pbits && !g)
            octal_set_add(pbits, h);
        for (uint8_t i = RULE_MAX_DIGITS; i; i--)
            last[i] = last[i - 1];
        last[0] = (uint8_t)g;
        below |= at;
        at = h ? (uint8_t)(at << 1) : 1;
    }
    return g;
}

uint8_t engine_own_heap(uint8_t mis)
{
    engine_own_t *o = &engine_own;
    if (o->form != FORM_HEAP)
        return ENGINE_OWN_SPLITS;
    if (o->heap_mis != mis) {
        memset(o->heap_p, 0, sizeof o->heap_p);
        own_heap_mex(ENGINE_HEAP_MAX, mis, o->heap_p);
        o->heap_mis = mis;
    }
    return ENGINE_OWN_PLAYED;
}

uint8_t engine_own_refused(uint8_t mode)
{
    /* A start with no move falls back to the full board (a heap or run of
     * 8; one heap: every lamp), so a code with no move there has no start
     * (0.1, 0.00000004; 0.10000001 in one heap, not in columns). */
    if (mode & ENGINE_ONEHEAP)
        return column_own_moves(ENGINE_HEAP_MAX) ? engine_own_heap(mode & ENGINE_MISERE) : ENGINE_OWN_STUCK;
    if (!engine_own.run_cnt[TABLE_ROWS])
        return ENGINE_OWN_STUCK;
    return (mode & ENGINE_MISERE) ? engine_own_misere() : ENGINE_OWN_PLAYED;
}

/* A heap column's move count, or whether one heap of n past a column's
 * has a move: a digit's k <= 8 that leaves one heap, or the repeating
 * digit's k = n (empties it) or 9 <= k < n (leaves one). Out of line,
 * column_has_move jumps here (as for pins). */
NOINLINE uint8_t column_own_moves(uint16_t n)
{
    const engine_own_t *o = &engine_own;
    if (n <= TABLE_ROWS)
        return o->run_cnt[n];
    uint8_t any = o->d[RULE_MAX_DIGITS] & (n > RULE_MAX_DIGITS + 1 ? 3 : 1);
    for (uint8_t k = 0; k < RULE_MAX_DIGITS; k++)
        any |= o->d[k] & 2;
    return any;
}

const octal_code_t *engine_own_code(void)
{
    return &engine_own.code;
}

void engine_own_pack(engine_pos_t *p)
{
    if (p->rule == RULE_OWN)
        octal_pack(&engine_own.code, p->rules);
}

uint8_t engine_own_unpack(const engine_pos_t *p)
{
    octal_code_t code;
    if (p->rule != RULE_OWN)
        return OCTAL_OK;
    octal_unpack(p->rules, &code);
    return engine_own_set(&code);
}

/* The run across a pin column's nibbles: its length. */
static ALWAYS_INLINE uint8_t own_cross(const engine_own_t *o, uint8_t lo, uint8_t hi)
{
    return (uint8_t)((o->nib_run[lo] & 15) + (o->nib_run[hi] >> 4));
}

NOINLINE uint8_t column_own_value(uint8_t state)
{
    const engine_own_t *o = &engine_own;
    if (o->form == FORM_HEAP)
        return state <= TABLE_ROWS ? o->g[state] : 0;
    uint8_t lo = state & 15, hi = state >> 4;
    return (uint8_t)((o->nib_val[lo] & 15) ^ (o->nib_val[hi] >> 4) ^ o->g[own_cross(o, lo, hi)]);
}

NOINLINE uint8_t column_own_count(uint8_t state)
{
    const engine_own_t *o = &engine_own;
    uint8_t lo = state & 15, hi = state >> 4;
    return (uint8_t)((o->nib_cnt[lo] & 15) + (o->nib_cnt[hi] >> 4) + o->run_cnt[own_cross(o, lo, hi)]);
}

/* k pins from cell 'at' up. */
static uint8_t own_block(uint8_t k, uint8_t at)
{
    return (uint8_t)(((1u << k) - 1) << at);
}

/* A pin column's runs from the top down (at most 4 in 8 cells): each
 * run's lowest cell and its length; their number. Constant shifts only. */
static uint8_t own_run_list(uint8_t m, uint8_t *start, uint8_t *len)
{
    uint8_t runs = 0, top = 0;
    for (uint8_t s = TABLE_ROWS - 1, bit = 1u << (TABLE_ROWS - 1); bit; bit >>= 1, s--) {
        if (!(m & bit))
            continue;
        if (!(m & (uint8_t)(bit << 1)))
            top = s;                            /* a run's top pin */
        if (!(m & (bit >> 1))) {                /* its lowest pin */
            start[runs] = s;
            len[runs++] = (uint8_t)(top - s + 1);
        }
    }
    return runs;
}

/* A block whose removal leaves the column worth want, or 0: the first in
 * column_blocks' order (k rising, then from the top down), as the
 * built-in pin rules' hints. A block of k from a run of L changes the
 * column's value by g(L) ^ g(a) ^ g(c): the run's top k leave one heap,
 * g(L - k), and a split two, g(a) ^ g(c). (Each block's value from the
 * tables, as column_blocks does, and a walk of every block of every run
 * bottom up with a test of its digit both kept the 8-column hint of
 * 0.7777 repeating over its budget.) */
NOINLINE uint8_t column_own_find(uint8_t m, uint8_t want)
{
    const engine_own_t *o = &engine_own;
    uint8_t base = (uint8_t)(column_own_value(m) ^ want), start[TABLE_ROWS / 2], len[TABLE_ROWS / 2];
    uint8_t runs = own_run_list(m, start, len);
    for (uint8_t k = 1; k <= TABLE_ROWS; k++) {
        uint8_t d = o->d[k - 1];
        for (uint8_t i = 0; i < runs; i++) {
            uint8_t L = len[i], a;
            if (L < k)
                continue;
            uint8_t need = (uint8_t)(base ^ o->g[L]), r = (uint8_t)(L - k);
            if (!r) {
                if (!(d & 1) || need)
                    continue;
                a = 0;                          /* the whole run */
            } else if ((d & 2) && o->g[r] == need) {
                a = r;                          /* its top k (its lowest k: the same value, found later) */
            } else {
                /* the highest split that does (none: a reaches 0) */
                for (a = (d & 4) ? (uint8_t)(r - 1) : 0; a && (o->g[a] ^ o->g[r - a]) != need;)
                    a--;
                if (!a)
                    continue;
            }
            return own_block(k, (uint8_t)(start[i] + a));
        }
    }
    return 0;
}

/* The built-in rule whose code is your own game's (the same digits, the
 * same one for every k past them: 0.77 is KAYLES), or RULE_COUNT. The
 * special rules' digits are all 0 and a code has one that is not (the
 * coin rules keep none). */
uint8_t engine_own_builtin(void)
{
    for (uint8_t r = 0; r < RULE_FIRST_COINS; r++) {
        uint8_t k = 1;
        while (k <= RULE_MAX_DIGITS + 1 && column_digit(r, k) == column_digit(RULE_OWN, k))
            k++;
        if (k > RULE_MAX_DIGITS + 1)
            return r;
    }
    return RULE_COUNT;
}
