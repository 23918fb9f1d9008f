/* engine.c - one generic engine for every game of the toy: the rules'
 * names and forms, positions and moves, column values and the machine's
 * reply. One column's moves are column.c; the theory (P-positions, the
 * winning move) is solve.c.
 *
 * Columns mode is a sum of one-column games: the position's value is the XOR
 * (nim-sum) of the column values read from the generated tables, and a move
 * wins when it makes that sum 0 (Sprague-Grundy). Only the search for the
 * move that reaches a column value knows the column's form; the values come
 * from tables.c, generated from rules.h by build/grundy. */
#include "engine_int.h"

_Static_assert(ENGINE_ROWS == TABLE_ROWS, "a column is one byte of 8 cells");
_Static_assert(ENGINE_HEAP_MAX <= 4096, "one-heap stones fit the move's 16 bits");

/* All names in one string, each ended by its NUL: no padding in flash. */
static const char rule_names[] PROGMEM =
#define RULE_X(num, id, name, kind, code, form) name "\0"
    RULES_SORTED
#undef RULE_X
    ;
static const uint8_t rule_forms[RULE_COUNT] PROGMEM = {
#define RULE_X(num, id, name, kind, code, form) [RULE_##id] = form,
    RULES(RULE_X)
#undef RULE_X
};

/* Out of line: inlined into the name walks it cost flash. */
NOINLINE const char *engine_rule_name_next(const char *name)
{
    while (PGM_U8(name++))
        ;
    return name;
}

static const char own_name[] PROGMEM = "OCTAL";

const char *engine_rule_name(uint8_t rule)
{
    const char *s = rule_names;
    if (rule == RULE_OWN)
        return own_name;   /* the code follows it where the game is named */
    if (rule >= RULE_COUNT)
        rule = 0;
    while (rule--)
        s = engine_rule_name_next(s);
    return s;
}

uint8_t engine_rule_form(uint8_t rule)
{
    if (rule < RULE_COUNT)
        return PGM_U8(&rule_forms[rule]);
    return rule == RULE_OWN ? engine_own.form : FORM_HEAP;
}

/* Out of line: the hot loops inline pos_rule; elsewhere a call. */
NOINLINE uint8_t engine_col_rule(const engine_pos_t *p, uint8_t c)
{
    return pos_rule(p, c);
}

bool engine_mode_allowed(uint8_t rule, uint8_t mode)
{
    /* your own game: columns and one heap, normal and misere (whatever
     * the code: the list of games is fixed for a build; rule_check
     * refuses one heap of a code that splits, and misere columns where
     * the code's is not proved) */
    if (rule == RULE_OWN)
        return !(mode & (uint8_t)~(ENGINE_MISERE | ENGINE_ONEHEAP));
    if (rule >= RULE_COUNT || (mode & ~(ENGINE_ONEHEAP | ENGINE_MISERE | ENGINE_BINARY | ENGINE_SUM)))
        return false;
    /* EMPTY AND DIVIDE: two boxes, as columns or in BINARY; never a
     * SUM's column (a move changes two columns) */
    if (rule == RULE_ED)
        return !(mode & (ENGINE_ONEHEAP | ENGINE_SUM));
    /* a SUM's column: columns only, misere only for a tame rule (misere
     * Nim on the values; a wild column's product is not derived) */
    if ((mode & ENGINE_SUM) && ((mode & ENGINE_ONEHEAP) || ((mode & ENGINE_MISERE) && column_wild(rule) != MISERE_WILD_NONE)))
        return false;
    /* BINARY: columns of a tame heap rule (misere Nim on the values) */
    if (mode & ENGINE_BINARY)
        return rule < RULE_FIRST_MASK && !(mode & ENGINE_ONEHEAP) && column_wild(rule) == MISERE_WILD_NONE;
    /* columns: every rule, normal and misere (build/grundy proves each
     * rule's misere quotient); one heap: the heap rules */
    return !(mode & ENGINE_ONEHEAP) || rule < RULE_FIRST_MASK;
}


/* ---- positions and moves ------------------------------------------------- */

static uint8_t ncols_of(const engine_pos_t *p)
{
    return (p->mode & ENGINE_ONEHEAP) ? 1 : p->ncols;
}

/* Why rule cannot be played in mode (the game's, or a SUM's column's). */
static uint8_t rule_check(uint8_t rule, uint8_t mode)
{
    if (rule > RULE_OWN || (rule == RULE_OWN && !engine_own.code.len))
        return ENGINE_ERR_RULE;
    /* one heap: a code that never splits (its P-positions derived here
     * for the play); columns in misere: proved */
    if (rule == RULE_OWN && engine_own_refused(mode))
        return ENGINE_ERR_MODE;
    return engine_mode_allowed(rule, mode) ? ENGINE_OK : ENGINE_ERR_MODE;
}

uint8_t engine_check_pos(const engine_pos_t *p)
{
    uint8_t err = rule_check(p->rule, p->mode);
    if (err)
        return err;
    if (p->mode & ENGINE_ONEHEAP)
        return p->heap > ENGINE_HEAP_MAX ? ENGINE_ERR_HEAP : ENGINE_OK;
    /* EMPTY AND DIVIDE: two boxes, neither empty; a SUM: two columns or more */
    bool ed = p->rule == RULE_ED;
    if (p->ncols < ((p->mode & ENGINE_SUM) ? 2 : 1) || p->ncols > ENGINE_COLS || (ed && p->ncols != 2))
        return ENGINE_ERR_COLS;
    for (uint8_t c = 0; c < p->ncols; c++) {
        uint8_t v = p->col[c], rule = engine_col_rule(p, c), form = engine_rule_form(rule);
        err = rule_check(rule, p->mode);
        if (err)
            return err;
        if (form == FORM_HEAP && ((v > ENGINE_ROWS && !(p->mode & ENGINE_BINARY)) || (ed && !v)))
            return ENGINE_ERR_HEIGHT;
        if (form == FORM_CELLS && (v & (v >> 1)))
            return ENGINE_ERR_ADJ;
    }
    return ENGINE_OK;
}

uint8_t engine_check_move(const engine_pos_t *p, engine_move_t m)
{
    if (p->rule == RULE_ED)
        return ed_check_move(p, m);
    if (m.col >= ncols_of(p))
        return ENGINE_ERR_MOVE_COL;
    uint8_t rule = engine_col_rule(p, m.col), form = engine_rule_form(rule);
    uint16_t from = column_state(p, m.col);
    if (form == FORM_HEAP) {
        if (m.to >= from || !column_take_ok(rule, from, (uint16_t)(from - m.to)))
            return ENGINE_ERR_MOVE_RULE;
        return ENGINE_OK;
    }
    if (m.to > 0xFF || !column_mask_ok(rule, form, (uint8_t)from, (uint8_t)(from ^ m.to)))
        return ENGINE_ERR_MOVE_RULE;
    return ENGINE_OK;
}

NOINLINE void engine_apply(engine_pos_t *p, engine_move_t m)
{
    if (p->rule == RULE_ED)
        ed_apply(p, m);
    else if (p->mode & ENGINE_ONEHEAP)
        p->heap = m.to;
    else if (m.col < ENGINE_COLS)
        p->col[m.col] = (uint8_t)m.to;
}

/* From column c on, the first move after change d in that column. */
static bool move_scan(const engine_pos_t *p, uint8_t c, uint16_t d, engine_move_t *m)
{
    uint8_t rule = p->rule, form = engine_rule_form(rule);
    for (; c < ncols_of(p); c++, d = 0) {
        sum_col(p, c, &rule, &form);
        uint16_t from = column_state(p, c);
        d = column_next(rule, form, from, d);
        if (d) {
            m->col = c;
            m->to = column_apply(form, from, d);
            return true;
        }
    }
    return false;
}

bool engine_move_first(const engine_pos_t *p, engine_move_t *m)
{
    if (p->rule == RULE_ED) {
        m->col = ENGINE_COL_NONE;
        return ed_move_next(p, m);
    }
    return move_scan(p, 0, 0, m);
}

bool engine_move_next(const engine_pos_t *p, engine_move_t *m)
{
    if (p->rule == RULE_ED)
        return ed_move_next(p, m);
    if (m->col >= ncols_of(p))
        return false;
    uint16_t from = column_state(p, m->col);
    return move_scan(p, m->col, column_change(engine_rule_form(engine_col_rule(p, m->col)), from, m->to), m);
}

/* Not on the reply's path (a move's end, a position set): the form
 * looked up a column. */
bool engine_has_move(const engine_pos_t *p)
{
    if (p->rule == RULE_ED)
        return ed_has_move(p);
    for (uint8_t c = 0; c < ncols_of(p); c++) {
        uint8_t rule = engine_col_rule(p, c);
        if (column_has_move(rule, engine_rule_form(rule), column_state(p, c)))
            return true;
    }
    return false;
}

/* ---- values ---------------------------------------------------------------- */

uint8_t engine_col_grundy(const engine_pos_t *p, uint8_t c)
{
    if ((p->mode & ENGINE_ONEHEAP) || c >= p->ncols || p->rule == RULE_ED)
        return 0;
    return column_value_at(p, c);
}

uint8_t engine_nimsum(const engine_pos_t *p)
{
    uint8_t s = 0;
    if (p->mode & ENGINE_ONEHEAP)
        return 0;
    if (p->rule == RULE_ED)
        return ed_grundy(p);
    for (uint8_t c = 0; c < p->ncols; c++)
        s ^= column_value_at(p, c);
    return s;
}

/* ---- the machine's reply ---------------------------------------------------- */

static uint16_t rng_state = 0xACE1u;

void engine_seed(uint32_t seed)
{
    uint16_t s = (uint16_t)(seed ^ (seed >> 16));
    rng_state = s ? s : 0xACE1u;
}

uint8_t engine_random(void)
{
    uint16_t x = rng_state; /* xorshift16 (7, 9, 8): period 65535, cheap on 8 bits */
    x ^= (uint16_t)(x << 7);
    x ^= (uint16_t)(x >> 9);
    x ^= (uint16_t)(x << 8);
    rng_state = x;
    return (uint8_t)(x >> 8);
}

/* A number below n (n >= 1), drawn as the high half of 16 random bits
 * times n: no division, and no number more likely than another by more
 * than n/65536. */
static uint16_t random_below(uint16_t n)
{
    uint16_t r = (uint16_t)(((uint16_t)engine_random() << 8) | engine_random());
    return (uint16_t)(((uint32_t)r * n) >> 16);
}

bool engine_reply(const engine_pos_t *p, uint8_t mistake, engine_move_t *m)
{
    bool slip = mistake && engine_random() < mistake;
    if (!slip && engine_hint(p, m))
        return true;
    if (p->rule == RULE_ED)
        return ed_other(p, slip, m);
    /* A mistake: the columns with a move (a table look-up each). A
     * P-position: the leftmost biggest column with a move, its size first
     * (cheaper), so most columns need no look-up. */
    /* p->mode read once: -fno-move-loop-invariants keeps every read of
     * it in the loop (the SUM's test cost the 8-column stall ~70 cycles) */
    uint8_t mode = p->mode, rule = p->rule, form = engine_rule_form(rule), c, n = 0, best = 0, pick = 0;
    uint8_t movable[ENGINE_COLS];
    uint16_t from, skip = 0;
    for (c = 0; c < ncols_of(p); c++) {
        from = pos_state(p, c);
        if (mode & ENGINE_SUM)
            sum_col(p, c, &rule, &form);
        if (slip) {
            if (column_has_move(rule, form, from))
                movable[n++] = c;
            continue;
        }
        /* one-heap: a single column, any size */
        uint8_t size = (mode & ENGINE_ONEHEAP) ? 1 : column_size(form, (uint8_t)from);
        if (size > best && column_has_move(rule, form, from)) {
            best = size;
            pick = c;
        }
    }
    if (!(n | best))
        return false;
    /* A mistake: a column that has a move, all equally likely, then one
     * of its moves, all equally likely: counted, not listed. */
    if (slip)
        pick = movable[random_below(n)];
    from = column_state(p, pick);
    sum_col(p, pick, &rule, &form);   /* other games: the game's, as before the loop */
    if (slip) {
        skip = 0xFFFF;
        column_pick(rule, form, from, &skip);
        skip = random_below((uint16_t)(0xFFFF - skip));
    }
    /* The stall (skip 0): the smallest move on the biggest column, the
     * first of column_pick's order (fewest tokens, a single head, the
     * shortest block from the top), so a human mistake can be punished. */
    m->col = pick;
    m->to = column_apply(form, from, column_pick(rule, form, from, &skip));
    return true;
}
