/* engine.c - one generic engine for every game of the toy.
 *
 * Columns mode is a sum of one-column games: the position's value is the XOR
 * (nim-sum) of the column values read from the generated tables, and a move
 * wins when it makes that sum 0 (Sprague-Grundy). Only the search for the
 * move that reaches a column value knows the column's form; the values come
 * from tables.c, generated from rules.h by build/grundy. */
#include "engine.h"

#include "progmem.h"
#include "tables.h"

_Static_assert(ENGINE_ROWS == TABLE_ROWS, "a column is one byte of 8 cells");
_Static_assert(ENGINE_HEAP_MAX <= 4096, "one-heap stones fit the move's 16 bits");

/* All names in one string, each ended by its NUL: no padding in flash. */
static const char rule_names[] PROGMEM =
#define RULE_NAME(id, name, kind, code, form) name "\0"
    RULES(RULE_NAME)
#undef RULE_NAME
    ;
static const uint8_t rule_forms[RULE_COUNT] PROGMEM = {
#define RULE_FORM(id, name, kind, code, form) form,
    RULES(RULE_FORM)
#undef RULE_FORM
};

const char *engine_rule_name(uint8_t rule)
{
    const char *s = rule_names;
    if (rule >= RULE_COUNT)
        rule = 0;
    while (rule--)
        while (PGM_U8(s++))
            ;
    return s;
}

uint8_t engine_rule_form(uint8_t rule)
{
    return rule < RULE_COUNT ? PGM_U8(&rule_forms[rule]) : FORM_HEAP;
}

bool engine_mode_allowed(uint8_t rule, uint8_t mode)
{
    if (rule >= RULE_COUNT || (mode & ~(ENGINE_ONEHEAP | ENGINE_MISERE)))
        return false;
    if (mode & ENGINE_ONEHEAP)
        return rule < RULE_FIRST_MASK;
    return !(mode & ENGINE_MISERE) || rule == RULE_NIM;
}

/* ---- one column: legality and the order of its moves -------------------- */

/* Value i of a row of 4-bit values in flash (tables.h). */
static uint8_t nibble_at(const uint8_t *row, uint8_t i)
{
    uint8_t two = PGM_U8(&row[i >> 1]);
    return (i & 1) ? (two >> 4) : (two & 0x0F);
}

static uint8_t digit_of(uint8_t rule, uint16_t k)
{
    if (k > RULE_MAX_DIGITS)
        k = RULE_MAX_DIGITS + 1; /* the repeating digit */
    return nibble_at(rule_digits[rule], (uint8_t)(k - 1));
}

/* May a heap of n lose k tokens? (heap rules: octal or at-most-half) */
static bool heap_take_ok(uint8_t rule, uint16_t n, uint16_t k)
{
    if (k == 0 || k > n)
        return false;
    if (rule == RULE_HALF)
        return k <= n / 2;
    return digit_of(rule, k) & (k == n ? 1 : 2);
}

static uint8_t bit_count(uint8_t v)
{
    uint8_t c = 0;
    for (; v; v &= (uint8_t)(v - 1))
        c++;
    return c;
}

static uint8_t top_bit(uint8_t v) /* v != 0 */
{
    uint8_t t = 7;
    while (!(v & (1u << t)))
        t--;
    return t;
}

/* Cells of a NO ADJACENT column that may still be marked. */
static uint8_t cells_free(uint8_t m)
{
    return (uint8_t)(~m & ~(m << 1) & ~(m >> 1));
}

/* Is the change 'diff' (the cells that flip) a legal move from mask m? */
static bool mask_move_ok(uint8_t rule, uint8_t form, uint8_t m, uint8_t diff)
{
    if (!diff)
        return false;
    if (form == FORM_COINS)
        return bit_count(diff) <= 3 && (m & (1u << top_bit(diff)));
    if (form == FORM_CELLS)
        return bit_count(diff) == 1 && (cells_free(m) & diff);
    /* FORM_PINS: knock down a block of k standing pins of one run; the run
     * may keep pieces below and above the block, as the octal digit allows. */
    if ((m & diff) != diff)
        return false;
    uint8_t low = diff & (uint8_t)-diff;
    uint16_t k = bit_count(diff);
    if ((uint16_t)diff + low != ((uint16_t)low << k))
        return false; /* not one contiguous block */
    uint8_t parts = ((m & (uint8_t)(low >> 1)) ? 1 : 0) + ((m & (uint8_t)((uint16_t)low << k)) ? 1 : 0);
    return digit_of(rule, k) & (1u << parts);
}

/* Mock Turtles moves after 'diff' (0: the first): 1, 2 then 3 coins; the
 * top coin is a head, tried from the top down, and the others lie below it,
 * in falling order. */
static uint8_t coins_next(uint8_t m, uint8_t diff)
{
    uint8_t n = 1, t = 8;
    if (diff) {
        n = bit_count(diff);
        t = top_bit(diff);
        uint8_t rest = (uint8_t)(diff ^ (1u << t));
        uint8_t head = (uint8_t)(1u << t);
        if (n == 2) {
            uint8_t a = top_bit(rest);
            if (a > 0)
                return (uint8_t)(head | (1u << (a - 1)));
        } else if (n == 3) {
            uint8_t a = top_bit(rest);
            uint8_t b = top_bit((uint8_t)(rest ^ (1u << a)));
            if (b > 0)
                return (uint8_t)(head | (1u << a) | (1u << (b - 1)));
            if (a > 1)
                return (uint8_t)(head | (1u << (a - 1)) | (1u << (a - 2)));
        }
    }
    for (;;) {
        /* the next head with at least n - 1 coins below it */
        while (t-- > n - 1)
            if (m & (1u << t))
                return (uint8_t)((1u << t) | (n >= 2 ? 1u << (t - 1) : 0) | (n == 3 ? 1u << (t - 2) : 0));
        if (++n > 3)
            return 0;
        t = 8;
    }
}

/* The next change after 'diff' (0: the first one) in a column's move order,
 * smallest moves first; 0 when there is none. For heaps the change is the
 * number of tokens taken; for masks it is the set of cells that flip. */
static uint16_t col_next(uint8_t rule, uint8_t form, uint16_t from, uint16_t diff)
{
    if (form == FORM_HEAP) {
        while (++diff <= from)
            if (heap_take_ok(rule, from, diff))
                return diff;
        return 0;
    }
    uint8_t m = (uint8_t)from;
    if (form == FORM_CELLS) { /* mark a cell, from the top down */
        uint8_t c = diff ? (uint8_t)(diff >> 1) : 0x80;
        for (; c; c >>= 1)
            if (cells_free(m) & c)
                return c;
        return 0;
    }
    if (form == FORM_PINS) { /* blocks of k pins, k rising, from the top down */
        uint8_t k = diff ? bit_count((uint8_t)diff) : 1;
        uint8_t pos = diff ? top_bit((uint8_t)diff) - (k - 1) : (uint8_t)(8 - k + 1);
        for (; k <= 8; k++, pos = (uint8_t)(8 - k + 1)) {
            if (!digit_of(rule, k))
                continue;
            uint8_t block = (uint8_t)((1u << k) - 1);
            while (pos-- > 0) {
                uint8_t d = (uint8_t)(block << pos);
                if (mask_move_ok(rule, form, m, d))
                    return d;
            }
        }
        return 0;
    }
    return coins_next(m, (uint8_t)diff);
}

static uint16_t col_state(const engine_pos_t *p, uint8_t c)
{
    return (p->mode & ENGINE_ONEHEAP) ? p->heap : p->col[c];
}

static uint16_t change_of(uint8_t form, uint16_t from, uint16_t to)
{
    return form == FORM_HEAP ? (uint16_t)(from - to) : (uint16_t)(from ^ to);
}

static uint16_t apply_change(uint8_t form, uint16_t from, uint16_t d)
{
    return form == FORM_HEAP ? (uint16_t)(from - d) : (uint16_t)(from ^ d);
}

/* ---- positions and moves ------------------------------------------------- */

static uint8_t ncols_of(const engine_pos_t *p)
{
    return (p->mode & ENGINE_ONEHEAP) ? 1 : p->ncols;
}

uint8_t engine_check_pos(const engine_pos_t *p)
{
    if (p->rule >= RULE_COUNT)
        return ENGINE_ERR_RULE;
    if (!engine_mode_allowed(p->rule, p->mode))
        return ENGINE_ERR_MODE;
    if (p->mode & ENGINE_ONEHEAP)
        return p->heap > ENGINE_HEAP_MAX ? ENGINE_ERR_HEAP : ENGINE_OK;
    if (p->ncols < 1 || p->ncols > ENGINE_COLS)
        return ENGINE_ERR_COLS;
    uint8_t form = engine_rule_form(p->rule);
    for (uint8_t c = 0; c < p->ncols; c++) {
        uint8_t v = p->col[c];
        if (form == FORM_HEAP && v > ENGINE_ROWS)
            return ENGINE_ERR_HEIGHT;
        if (form == FORM_CELLS && (v & (v >> 1)))
            return ENGINE_ERR_ADJ;
    }
    return ENGINE_OK;
}

uint8_t engine_check_move(const engine_pos_t *p, engine_move_t m)
{
    if (m.col >= ncols_of(p))
        return ENGINE_ERR_MOVE_COL;
    uint8_t form = engine_rule_form(p->rule);
    uint16_t from = col_state(p, m.col);
    if (form == FORM_HEAP) {
        if (m.to >= from || !heap_take_ok(p->rule, from, (uint16_t)(from - m.to)))
            return ENGINE_ERR_MOVE_RULE;
        return ENGINE_OK;
    }
    if (m.to > 0xFF || !mask_move_ok(p->rule, form, (uint8_t)from, (uint8_t)(from ^ m.to)))
        return ENGINE_ERR_MOVE_RULE;
    return ENGINE_OK;
}

void engine_apply(engine_pos_t *p, engine_move_t m)
{
    if (p->mode & ENGINE_ONEHEAP)
        p->heap = m.to;
    else if (m.col < ENGINE_COLS)
        p->col[m.col] = (uint8_t)m.to;
}

/* From column c on, the first move after change d in that column. */
static bool move_scan(const engine_pos_t *p, uint8_t c, uint16_t d, engine_move_t *m)
{
    uint8_t form = engine_rule_form(p->rule);
    for (; c < ncols_of(p); c++, d = 0) {
        uint16_t from = col_state(p, c);
        d = col_next(p->rule, form, from, d);
        if (d) {
            m->col = c;
            m->to = apply_change(form, from, d);
            return true;
        }
    }
    return false;
}

bool engine_move_first(const engine_pos_t *p, engine_move_t *m)
{
    return move_scan(p, 0, 0, m);
}

bool engine_move_next(const engine_pos_t *p, engine_move_t *m)
{
    if (m->col >= ncols_of(p))
        return false;
    uint16_t from = col_state(p, m->col);
    return move_scan(p, m->col, change_of(engine_rule_form(p->rule), from, m->to), m);
}

bool engine_has_move(const engine_pos_t *p)
{
    engine_move_t m;
    return engine_move_first(p, &m);
}

/* ---- values ---------------------------------------------------------------- */

static uint8_t value_of(uint8_t rule, uint8_t state)
{
    if (rule < RULE_FIRST_MASK)
        return nibble_at(heap_grundy[rule], state);
    if (rule >= RULE_FIRST_COINS) {
        /* Each head is a game of its own (the coin-turning theorem). */
        uint8_t v = 0;
        for (uint8_t i = 0; state; i++, state >>= 1)
            if (state & 1)
                v ^= PGM_U8(&coin_grundy[rule - RULE_FIRST_COINS][i]);
        return v;
    }
    return nibble_at(mask_grundy[rule - RULE_FIRST_MASK], state);
}

uint8_t engine_col_grundy(const engine_pos_t *p, uint8_t c)
{
    if ((p->mode & ENGINE_ONEHEAP) || c >= p->ncols)
        return 0;
    return value_of(p->rule, p->col[c]);
}

uint8_t engine_nimsum(const engine_pos_t *p)
{
    uint8_t s = 0;
    if (p->mode & ENGINE_ONEHEAP)
        return 0;
    for (uint8_t c = 0; c < p->ncols; c++)
        s ^= value_of(p->rule, p->col[c]);
    return s;
}

static bool oneheap_is_p(uint8_t rule, uint8_t misere, uint16_t n)
{
    return PGM_U8(&oneheap_p[rule][misere][n >> 3]) & (1u << (n & 7));
}

/* Misere Nim: while some heap is bigger than 1 it is played as Nim; once
 * every heap is 0 or 1 the player to move loses with an odd count of 1s. */
static uint8_t misere_big_heaps(const engine_pos_t *p, uint8_t *ones, uint8_t *big)
{
    uint8_t n = 0;
    *ones = 0;
    for (uint8_t c = 0; c < p->ncols; c++) {
        if (p->col[c] > 1) {
            n++;
            *big = c;
        } else {
            *ones += p->col[c];
        }
    }
    return n;
}

bool engine_is_p(const engine_pos_t *p)
{
    if (p->mode & ENGINE_ONEHEAP)
        return oneheap_is_p(p->rule, (p->mode & ENGINE_MISERE) ? 1 : 0, p->heap);
    if (p->mode & ENGINE_MISERE) {
        uint8_t ones, big;
        if (misere_big_heaps(p, &ones, &big) == 0)
            return ones & 1;
    }
    return engine_nimsum(p) == 0;
}

/* The move in column c to a column value of 'want' (mex guarantees one
 * exists whenever want < the column's value). */
static bool col_find_value(const engine_pos_t *p, uint8_t c, uint8_t want, engine_move_t *m)
{
    uint8_t rule = p->rule, form = engine_rule_form(rule);
    uint8_t from = p->col[c];
    m->col = c;
    if (form == FORM_COINS) {
        /* Turning coin i over toggles its value v(i) in the XOR, heads or
         * tails, so the search is over the values of single coins. */
        uint8_t need0 = value_of(rule, from) ^ want;
        for (uint8_t t = 8; t-- > 0;) {
            if (!(from & (1u << t)))
                continue;
            uint8_t need = need0 ^ value_of(rule, (uint8_t)(1u << t));
            if (!need) {
                m->to = from ^ (1u << t);
                return true;
            }
            for (uint8_t a = t; a-- > 0;) {
                uint8_t va = value_of(rule, (uint8_t)(1u << a));
                if (va == need) {
                    m->to = from ^ (1u << t) ^ (1u << a);
                    return true;
                }
                for (uint8_t b = a; b-- > 0;)
                    if ((va ^ value_of(rule, (uint8_t)(1u << b))) == need) {
                        m->to = from ^ (1u << t) ^ (1u << a) ^ (1u << b);
                        return true;
                    }
            }
        }
        return false;
    }
    for (uint16_t d = col_next(rule, form, from, 0); d; d = col_next(rule, form, from, d)) {
        uint8_t to = (uint8_t)apply_change(form, from, d);
        if (value_of(rule, to) == want) {
            m->to = to;
            return true;
        }
    }
    return false;
}

bool engine_hint(const engine_pos_t *p, engine_move_t *m)
{
    uint8_t form = engine_rule_form(p->rule);
    if (p->mode & ENGINE_ONEHEAP) {
        uint8_t mis = (p->mode & ENGINE_MISERE) ? 1 : 0;
        for (uint16_t k = col_next(p->rule, form, p->heap, 0); k; k = col_next(p->rule, form, p->heap, k))
            if (oneheap_is_p(p->rule, mis, (uint16_t)(p->heap - k))) {
                m->col = 0;
                m->to = (uint16_t)(p->heap - k);
                return true;
            }
        return false;
    }
    if (p->mode & ENGINE_MISERE) {
        uint8_t ones, big = 0, nbig = misere_big_heaps(p, &ones, &big);
        if (nbig == 0) {
            /* take a 1 so an odd number of them is left */
            if (ones & 1)
                return false;
            for (uint8_t c = 0; c < p->ncols; c++)
                if (p->col[c]) {
                    m->col = c;
                    m->to = 0;
                    return true;
                }
            return false; /* no move at all */
        }
        if (nbig == 1) {
            /* the move that leaves only 0s and 1s: leave an odd number of 1s */
            m->col = big;
            m->to = (ones & 1) ? 0 : 1;
            return true;
        }
        /* two or more big heaps: Nim's move, which keeps a big heap */
    }
    uint8_t s = engine_nimsum(p);
    if (!s)
        return false;
    for (uint8_t c = 0; c < p->ncols; c++) {
        uint8_t g = value_of(p->rule, p->col[c]);
        if ((uint8_t)(g ^ s) < g)
            return col_find_value(p, c, (uint8_t)(g ^ s), m);
    }
    return false;
}

uint8_t engine_col_size(const engine_pos_t *p, uint8_t c)
{
    uint8_t form = engine_rule_form(p->rule);
    if (p->mode & ENGINE_ONEHEAP)
        return 0;
    uint8_t v = p->col[c];
    if (form == FORM_HEAP)
        return v;
    return bit_count(form == FORM_CELLS ? cells_free(v) : v);
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

/* A uniformly drawn number below n (n >= 1). */
static uint16_t random_below(uint16_t n)
{
    uint16_t r = (uint16_t)(((uint16_t)engine_random() << 8) | engine_random());
    return r % n;
}

bool engine_reply(const engine_pos_t *p, uint8_t mistake, engine_move_t *m)
{
    if (mistake && engine_random() < mistake) {
        /* a mistake: any legal move, all equally likely */
        uint16_t n = 0;
        for (bool ok = engine_move_first(p, m); ok; ok = engine_move_next(p, m))
            n++;
        if (!n)
            return false;
        engine_move_first(p, m);
        for (uint16_t pick = random_below(n); pick; pick--)
            engine_move_next(p, m);
        return true;
    }
    if (engine_hint(p, m))
        return true;
    /* A P-position: stall with the smallest move on the biggest heap. */
    uint8_t form = engine_rule_form(p->rule);
    bool found = false;
    uint8_t best = 0;
    for (uint8_t c = 0; c < ncols_of(p); c++) {
        uint16_t from = col_state(p, c);
        uint16_t d = col_next(p->rule, form, from, 0);
        uint8_t size = engine_col_size(p, c);
        if (d && (!found || size > best)) {
            found = true;
            best = size;
            m->col = c;
            m->to = apply_change(form, from, d);
        }
    }
    return found;
}
