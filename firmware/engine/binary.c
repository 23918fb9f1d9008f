/* binary.c - the BINARY form: heap columns of 0..255 stones, drawn in
 * binary. A heap rule's value past the matrix comes from its period data
 * (tables.h), and the search for a move to a value knows each sequence's
 * shape, so no heap costs a scan of every smaller one. */
#include "engine_int.h"

/* Where heap n's value sits in its heap_grundy row: n itself, or
 * folded back by the period (one 8-bit division, ~60 cycles on the AVR).
 * Only the rules with a period (not AT MOST HALF). */
static uint8_t binary_index(const binary_seq_t *q, uint8_t n)
{
    uint8_t start = PGM_U8(&q->start), period = PGM_U8(&q->period);
    return n < (uint8_t)(start + period) ? n : (uint8_t)(start + (uint8_t)(n - start) % period);
}

/* g(n) of a heap rule for any heap of a byte. */
uint8_t binary_value(uint8_t rule, uint8_t n)
{
    const binary_seq_t *q = &binary_seq[rule];
    if (!PGM_U8(&q->period)) {
        if (PGM_U8(&q->start)) /* NIM: g(n) = n */
            return n;
        while (n & 1) /* AT MOST HALF: g(2n) = n, g(2n+1) = g(n) */
            n >>= 1;
        return n >> 1;
    }
    return pgm_nibble(heap_row_of(rule), binary_index(q, n));
}

/* The move from heap 'from' to a heap worth 'want', fewest stones first;
 * false when there is none. NIM: the heap is its value. AT MOST HALF:
 * the heaps worth w are 2w, 4w + 1, 8w + 3, ..., rising, so the largest
 * below 'from' is the one to try. A bounded rule: its takes, at most
 * RULE_MAX_DIGITS of them, the value's index stepping down with the heap
 * (one division for them all, not one each: the misere hint asks this of
 * every column). A BINARY column's heap, and the one heap (its hint: a
 * heap worth 0, misere 1; 32 columns' 256 stones folded back a period
 * first, as engine_oneheap_grundy does). */
bool binary_find(uint8_t rule, uint16_t from, uint8_t want, uint16_t *to)
{
    uint8_t start = 0, period = 0, i = (uint8_t)from;
    uint16_t t, lo = (uint16_t)(from - column_kmax(rule, from));
    if (rule != RULE_OWN) {
        /* binary_seq has no row for your own code: not even its address */
        const binary_seq_t *q = &binary_seq[rule];
        start = PGM_U8(&q->start);
        period = PGM_U8(&q->period);
        if (!period && start) { /* NIM */
            if (want >= from)
                return false;
            *to = want;
            return true;
        }
        if (!period) {
            uint16_t c = (uint16_t)want << 1, best = 0xFFFF;
            for (; c < from; c = (uint16_t)(c << 1 | 1))
                best = c;
            if (best == 0xFFFF || best < lo)
                return false;
            *to = best;
            return true;
        }
        i = binary_index(q, (uint8_t)(from > 0xFF ? from - period : from));
    }
    /* your own code (a column's heap, never folded: i stays t, as
     * start 0 is never reached) or a rule with a period */
    for (t = from; t-- > lo;) {
        if (i == start && t >= start)
            i = (uint8_t)(start + period);
        i--;
        if (column_value(rule, i) == want && column_take_ok(rule, from, (uint16_t)(from - t))) {
            *to = t;
            return true;
        }
    }
    return false;
}

/* Every column's value of p into g: the game's rule looked up once (the
 * reply's hot loop; a call a column costs ~100 cycles); a SUM or BINARY
 * column by engine_col_value, the rule or the period read a column.
 * g walks: as g[c] inlined in the hint, &g[c] was rebuilt from the frame
 * each column (the 8-column SUM, BINARY, misere reply: slower). */
void column_values(const engine_pos_t *p, uint8_t *g)
{
    uint8_t rule = p->rule, each = p->mode & (ENGINE_SUM | ENGINE_BINARY);
    for (uint8_t c = 0; c < p->ncols; c++)
        *g++ = each ? column_value_at(p, c) : column_value(rule, p->col[c]);
}

/* Column c's value in p's form were it to hold state v: the tables, or
 * BINARY's period data. */
uint8_t engine_col_value(const engine_pos_t *p, uint8_t c, uint8_t v)
{
    uint8_t rule = pos_rule(p, c);
    return (p->mode & ENGINE_BINARY) ? binary_value(rule, v) : column_value(rule, v);
}
