/* binary.c - the BINARY form's data (table generator): each heap rule's
 * Grundy sequence over heaps 0..BINARY_MAX, stored as a period, not as a
 * table of every heap.
 *
 * Every heap rule of the toy has an ultimately arithmetic-periodic
 * sequence: g(n) = g(n - period) + saltus from some start on (a finite
 * subtraction set: saltus 0; NIM: period 1, saltus 1). AT MOST HALF has
 * none; its g(2n) = n, g(2n+1) = g(n) is checked here instead, and the
 * engine computes it. The smallest start + period that reproduces the mex
 * sequence on 0..BINARY_MAX is emitted, so every heap the form holds is
 * checked against the definition, and a rule that needs more than
 * BINARY_VALS_MAX stored values stops the build. The values before the
 * fold are the heap table's (emit.c: heap_grundy holds as many heaps as
 * the longest start + period needs, at least a column's). So does one where a heap
 * taller than a column has no move, or, worth 0, no move to a heap worth 1
 * (the engine takes both for granted: misere Nim needs the second). */
#include "gen.h"

#define BINARY_MAX 255
#define BINARY_VALS_MAX 64
/* The one heap's values are read from the same data, up to 256 stones
 * (32 columns), the heap past a byte folded back a period (solve.c). */
#define ONEHEAP_TOP 256

/* 1 if the fold start, period, saltus reproduces g on 0..ONEHEAP_TOP. */
static int fold_ok(const int *g, int start, int period, int saltus)
{
    for (int n = start + period; n <= ONEHEAP_TOP; n++)
        if (g[n] != g[n - period] + saltus)
            return 0;
    return 1;
}

static int half_value(int n)
{
    while (n & 1)
        n >>= 1;
    return n >> 1;
}

int emit_binary(FILE *f, int first_mask)
{
    static int g[MAX_N + 1];
    int start[RULE_COUNT], period[RULE_COUNT], saltus[RULE_COUNT];
    int nvals = 0;
    for (int i = 0; i < first_mask; i++) {
        const rule_t *r = &rules[i];
        rule_sequence(r, ONEHEAP_TOP + 1, g);
        for (int n = TABLE_ROWS + 1; n <= BINARY_MAX; n++) {
            int one = 0;
            if (!heap_has_move(r, n))
                gen_die("a BINARY heap taller than a column has no move: ", r->id);
            for (int k = 1; k <= n && g[n] == 0; k++)
                one |= heap_move_ok(r, n, k) && g[n - k] == 1;
            /* misere Nim's move out of "every column worth 0" (the engine
             * reads only the columns' table, heaps up to TABLE_ROWS) */
            if (g[n] == 0 && !one)
                gen_die("a BINARY heap over a column's, worth 0, cannot reach a heap worth 1: ", r->id);
        }
        start[i] = period[i] = saltus[i] = 0;
        if (r->kind == KIND_HALF) {
            for (int n = 0; n <= ONEHEAP_TOP; n++)
                if (g[n] != half_value(n))
                    gen_die("AT MOST HALF: g(2n) = n, g(2n+1) = g(n) fails: ", r->id);
            continue; /* period 0: the engine's formula */
        }
        int found = 0;
        for (int len = 1; len <= BINARY_VALS_MAX && !found; len++)
            for (int p = 1; p <= len && !found; p++) {
                int s = len - p, d = g[s + p] - g[s];
                if (s + p <= BINARY_MAX && d >= 0 && fold_ok(g, s, p, d)) {
                    start[i] = s;
                    period[i] = p;
                    saltus[i] = d;
                    found = 1;
                }
            }
        if (!found)
            gen_die("no period within BINARY_VALS_MAX values: ", r->id);
        /* the engine's search for a value scans the takes of a bounded
         * rule, and reads NIM's value as the heap */
        if ((saltus[i] != 0) != (r->digit[MAX_N] != 0)
                || (saltus[i] && (period[i] != 1 || saltus[i] != 1 || start[i] != 0)))
            gen_die("BINARY: an unbounded take must be NIM's g(n) = n: ", r->id);
        if (!saltus[i] && start[i] + period[i] > nvals)
            nvals = start[i] + period[i];
    }
    fprintf(f, "/* BINARY heaps 0..%d: g(n) = heap_grundy's value n below start + period,\n"
               " * then g(n - period); period 0: start 1 NIM's g(n) = n, start 0 AT MOST\n"
               " * HALF's formula. */\n", BINARY_MAX);
    fprintf(f, "const binary_seq_t binary_seq[RULE_FIRST_MASK] PROGMEM = {\n");
    for (int i = 0; i < first_mask; i++) /* NIM: its saltus, checked above, as start 1, period 0 */
        fprintf(f, "    {%d, %d}, /* %s */\n", saltus[i] ? 1 : start[i], saltus[i] ? 0 : period[i], rules[i].id);
    fprintf(f, "};\n\n");
    return nvals;
}
