/* ed.c - EMPTY AND DIVIDE (rules.h): two boxes, columns 0 and 1, of 1..8
 * counters (1..255 in BINARY). A move empties box c and divides the other
 * box's n counters into k (now in box c) and n - k, 1 <= k <= n - 1: the
 * engine's move {c, k}. Not a sum of columns, so the engine's entry
 * points hand it here before any column code; its theory (P-positions:
 * both boxes cold, tables.h ed_seq, derived and proved by build/grundy
 * on every position up to 255 x 255) is in solve.c. */
#include "engine_int.h"

uint8_t ed_check_move(const engine_pos_t *p, engine_move_t m)
{
    if (m.col > 1)
        return ENGINE_ERR_MOVE_COL;
    if (!m.to || m.to >= p->col[m.col ^ 1])
        return ENGINE_ERR_MOVE_RULE;
    return ENGINE_OK;
}

/* A move engine_check_move took (a box past the two is ignored, as the
 * columns' apply ignores a column past the board). */
void ed_apply(engine_pos_t *p, engine_move_t m)
{
    uint8_t n = p->col[(m.col & 1) ^ 1];
    if (m.col > 1)
        return;
    p->col[m.col] = (uint8_t)m.to;
    p->col[m.col ^ 1] = (uint8_t)(n - m.to);
}

/* The move after m (m->col ENGINE_COL_NONE: the first): box 0 emptied first, fewest
 * counters put in it first. */
bool ed_move_next(const engine_pos_t *p, engine_move_t *m)
{
    uint8_t c = m->col, k = (uint8_t)m->to;
    if (c > 1) {
        c = 0;
        k = 0;
    }
    for (k++; c < 2; c++, k = 1)
        if (k < p->col[c ^ 1]) {
            m->col = c;
            m->to = k;
            return true;
        }
    return false;
}

bool ed_has_move(const engine_pos_t *p)
{
    return (p->col[0] | p->col[1]) > 1;
}

/* The machine's move when it does not win. A slip (mistake), as the
 * columns' slips: a box whose partner can be divided, either equally
 * likely, then its share of the partner, each equally likely within 1/256
 * (one 8-bit draw scaled, no division: random_below stays inlined in the
 * columns' reply, whose random path is near the budget). The stall: one
 * counter split off the bigger box. */
bool ed_other(const engine_pos_t *p, bool slip, engine_move_t *m)
{
    uint8_t c = p->col[0] > p->col[1], n;
    if (!ed_has_move(p))
        return false;
    m->to = 1;
    if (slip) {
        c = engine_random() & 1;
        if (p->col[c ^ 1] < 2)
            c ^= 1;             /* its partner holds one: the other box */
        n = (uint8_t)(p->col[c ^ 1] - 1);
        m->to = (uint16_t)(1 + (((uint16_t)engine_random() * n) >> 8));
    }
    m->col = c;
    return true;
}

/* Normal play's Grundy value: the trailing 1 bits of (m-1) | (n-1)
 * (build/grundy checks it against the mex rule on every position). */
uint8_t ed_grundy(const engine_pos_t *p)
{
    uint8_t x = (uint8_t)((p->col[0] - 1) | (p->col[1] - 1)), g = 0;
    for (; x & 1; x >>= 1)
        g++;
    return g;
}
