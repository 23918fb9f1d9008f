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
    /* columns: every rule, normal and misere (build/grundy proves each
     * rule's misere quotient); one heap: the heap rules */
    return !(mode & ENGINE_ONEHEAP) || rule < RULE_FIRST_MASK;
}

/* ---- one column: legality and the order of its moves -------------------- */

/* Small tables hold two 4-bit values a byte (tables.h). */
static uint8_t digit_of(uint8_t rule, uint16_t k)
{
    if (k > RULE_MAX_DIGITS)
        k = RULE_MAX_DIGITS + 1; /* the repeating digit */
    uint8_t two = PGM_U8(&rule_digits[rule][(k - 1) >> 1]);
    return (k & 1) ? (uint8_t)(two & 0x0F) : (uint8_t)(two >> 4);
}

/* A heap or mask column's table entry (for a mask rule: its value and
 * MASK_HAS_MOVE). */
static inline __attribute__((always_inline)) uint8_t table_of(uint8_t rule, uint8_t state)
{
    const uint8_t *row = rule < RULE_FIRST_MASK ? heap_grundy[rule] : mask_grundy[rule - RULE_FIRST_MASK];
    uint8_t two = PGM_U8(&row[state >> 1]);
    return (state & 1) ? (uint8_t)(two >> 4) : (uint8_t)(two & 0x0F);
}

/* A column's value: heap and mask columns from the generated tables, a
 * coin column as the XOR of its heads' values (each head is a game of its
 * own). It is on every hot loop. */
static uint8_t value_of(uint8_t rule, uint8_t state)
{
    if (rule >= RULE_FIRST_COINS) {
        uint8_t v = 0;
        for (const uint8_t *row = coin_grundy[rule - RULE_FIRST_COINS]; state; row++, state >>= 1)
            if (state & 1)
                v ^= PGM_U8(row);
        return v;
    }
    uint8_t v = table_of(rule, state);
    return rule < RULE_FIRST_MASK ? v : (uint8_t)(v & (MASK_HAS_MOVE - 1));
}

/* The largest k with a nonzero digit; RULE_MAX_DIGITS + 1 when the last
 * digit repeats for every larger k (the generator stores it after them). */
static uint8_t digits_last(uint8_t rule)
{
    return PGM_U8(&rule_digits[rule][RULE_MAX_DIGITS / 2]) >> 4;
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
    for (; !(v & 0x80); v <<= 1) /* constant shifts: cheap on the AVR */
        t--;
    return t;
}

/* Cells of a NO ADJACENT column that may still be marked. */
static uint8_t cells_free(uint8_t m)
{
    return (uint8_t)(~m & ~(m << 1) & ~(m >> 1));
}

/* Misere: a wild rule's row of the quotient tables, or 0xFF (tame). */
static uint8_t wild_of(uint8_t rule)
{
    return PGM_U8(&misere_wild[rule]);
}

/* A column state's element in a wild rule's quotient, and products. */
static inline __attribute__((always_inline)) uint8_t elem_of(uint8_t w, uint8_t state)
{
    return PGM_U8(&misere_elem[w][state]);
}

static inline __attribute__((always_inline)) uint8_t elem_mul(uint8_t w, uint8_t a, uint8_t b)
{
    return PGM_U8(&misere_mul[w][(uint8_t)(a << 4 | b)]);
}

/* What a search compares: the column value, or with WANT_ELEM the wild
 * rule's element. */
#define WANT_ELEM 0x40
static uint8_t key_of(uint8_t rule, uint8_t state, uint8_t want)
{
    return (want & WANT_ELEM) ? (uint8_t)(elem_of(wild_of(rule), state) | WANT_ELEM) : value_of(rule, state);
}

/* Pin and cell moves are blocks of k cells. Pins: k standing pins of one
 * run, which may keep pieces below and above the block as the octal digit
 * allows. Cells: one cell that may be marked. */
/* The legal blocks after block 'after' (0: from the start) in the order k
 * rising, top down, whose column value is 'want' (NO_WANT: any): the first
 * one once *skip of them have been passed (and counted off *skip); 0 when
 * there is none. One scan serves the move list, the search and the random
 * move, and it is on the reply's path, so it avoids AVR variable shifts and
 * stops as soon as no run of open cells is k long. */
#define NO_WANT 0xFF
static uint8_t blocks_scan(uint8_t rule, uint8_t form, uint8_t m, uint8_t after, uint8_t want,
                           uint16_t *skip)
{
    uint8_t open = form == FORM_CELLS ? cells_free(m) : m;
    uint8_t starts = open;            /* bit p: cells p .. p+k-1 are all open */
    uint8_t shifted = open;           /* open >> (k - 1) */
    uint8_t below = (uint8_t)(m << 1); /* bit p: a pin on cell p - 1 */
    uint8_t above = m;                /* m >> k, bit p: a pin on cell p + k */
    uint8_t first = after ? bit_count(after) : 1, last = digits_last(rule);
    uint8_t block = 1;                /* k cells */
    for (uint8_t k = 1; starts && k <= last; k++, block = (uint8_t)(block << 1 | 1)) {
        above >>= 1;
        if (k > 1)
            starts &= shifted >>= 1;
        if (k < first)
            continue;
        uint8_t legal = starts; /* FORM_CELLS: one cell, any free one */
        if (form != FORM_CELLS) {
            /* the digit says how many pieces of the run may be left */
            uint8_t d = digit_of(rule, k);
            legal = (uint8_t)(((d & 1) ? starts & ~below & ~above : 0) |
                              ((d & 2) ? starts & (below ^ above) : 0) |
                              ((d & 4) ? starts & below & above : 0));
        } else if (k > 1) {
            break;
        }
        if (k == first && after)
            legal &= (uint8_t)((after & -after) - 1); /* the blocks below 'after' */
        if (want == NO_WANT && *skip >= bit_count(legal)) {
            *skip -= bit_count(legal); /* counting: the whole k at once */
            continue;
        }
        for (uint8_t bit = 0x80; legal; bit >>= 1) {
            if (!(legal & bit))
                continue;
            legal &= (uint8_t)~bit;
            uint8_t b = (uint8_t)(block * bit);
            if (want == NO_WANT || key_of(rule, m ^ b, want) == want) {
                if (!*skip)
                    return b;
                --*skip;
            }
        }
    }
    return 0;
}

/* Is the change 'diff' (the cells that flip) a legal move from mask m? */
static bool mask_move_ok(uint8_t rule, uint8_t form, uint8_t m, uint8_t diff)
{
    if (!diff)
        return false;
    uint8_t k = bit_count(diff);
    if (form == FORM_COINS)
        return k <= 3 && (m & (1u << top_bit(diff)));
    /* a block is legal when the scan of the legal blocks meets it */
    uint16_t none = 0;
    for (uint8_t b = blocks_scan(rule, form, m, 0, NO_WANT, &none); b; b = blocks_scan(rule, form, m, b, NO_WANT, &none))
        if (b == diff)
            return true;
    return false;
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

/* The largest number of tokens a heap of n may lose: beyond the octal
 * code's digits only a repeating digit ('*') allows more. */
static uint16_t heap_kmax(uint8_t rule, uint16_t n)
{
    if (rule == RULE_HALF)
        return n / 2;
    uint8_t last = digits_last(rule);
    return (last > RULE_MAX_DIGITS || n < last) ? n : last;
}

/* The next change after 'diff' (0: the first one) in a column's move order,
 * smallest moves first; 0 when there is none. For heaps the change is the
 * number of tokens taken; for masks it is the set of cells that flip. */
static uint16_t col_next(uint8_t rule, uint8_t form, uint16_t from, uint16_t diff)
{
    if (form == FORM_HEAP) {
        for (uint16_t kmax = heap_kmax(rule, from); ++diff <= kmax;)
            if (heap_take_ok(rule, from, diff))
                return diff;
        return 0;
    }
    if (form == FORM_COINS)
        return coins_next((uint8_t)from, (uint8_t)diff);
    uint16_t none = 0;
    return blocks_scan(rule, form, (uint8_t)from, (uint8_t)diff, NO_WANT, &none);
}

/* Does column state 'from' have a move? A table look-up, no search: the
 * reply asks it of every column. A heap over TABLE_ROWS always has one
 * (the generator refuses a rule where it would not). */
static bool col_has_move(uint8_t rule, uint8_t form, uint16_t from)
{
    if (form == FORM_HEAP)
        return from > TABLE_ROWS || ((PGM_U16(&heap_moves[rule]) >> from) & 1);
    if (form == FORM_COINS)
        return from != 0; /* any head may be turned over alone */
    return table_of(rule, (uint8_t)from) & MASK_HAS_MOVE;
}

/* The column's moves counted off *skip in a fixed order: the change of the
 * one reached when *skip is 0, or 0 when there are fewer (and *skip is
 * down by their number). Each form counts without walking the whole move
 * list where it can, so a random move costs about as much as a hint. */
static uint16_t col_pick(uint8_t rule, uint8_t form, uint16_t from, uint16_t *skip)
{
    if (form == FORM_HEAP) {
        /* k <= kmax: AT MOST HALF allows each, a digit says for k < n or n */
        uint16_t kmax = heap_kmax(rule, from), k;
        for (k = 1; k <= kmax && k <= RULE_MAX_DIGITS; k++)
            if ((rule == RULE_HALF || (digit_of(rule, k) & (k == from ? 1 : 2))) && !(*skip)--)
                return k;
        if (kmax > RULE_MAX_DIGITS) {
            /* Beyond the code's digits one digit holds for every k (AT MOST
             * HALF: every k up to n/2): k = 9 .. top leave stones, and
             * taking the whole heap is the last move. */
            uint16_t top = kmax < from ? kmax : (uint16_t)(from - 1);
            if (top > RULE_MAX_DIGITS && heap_take_ok(rule, from, RULE_MAX_DIGITS + 1)) {
                uint16_t span = (uint16_t)(top - RULE_MAX_DIGITS);
                if (*skip < span)
                    return (uint16_t)(RULE_MAX_DIGITS + 1 + *skip);
                *skip -= span;
            }
            if (kmax == from && heap_take_ok(rule, from, from) && !(*skip)--)
                return from;
        }
        return 0;
    }
    if (form == FORM_COINS) {
        /* head t with 0, 1 or 2 of the t coins below it: 1 + t + t(t-1)/2 */
        for (uint8_t t = 8; t-- > 0;) {
            if (!(from & (1u << t)))
                continue;
            uint8_t head = (uint8_t)(1u << t), n = (uint8_t)(1 + t + t * (t - 1) / 2);
            if (*skip >= n) {
                *skip -= n;
                continue;
            }
            uint8_t j = (uint8_t)*skip;
            if (j == 0)
                return head;
            if (j <= t)
                return (uint8_t)(head | (1u << (j - 1)));
            j = (uint8_t)(j - t - 1);
            for (uint8_t a = 1;; j = (uint8_t)(j - a), a++)
                if (j < a)
                    return (uint8_t)(head | (1u << a) | (1u << j));
        }
        return 0;
    }
    return blocks_scan(rule, form, (uint8_t)from, 0, NO_WANT, skip);
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
    uint8_t form = engine_rule_form(p->rule);
    for (uint8_t c = 0; c < ncols_of(p); c++)
        if (col_has_move(p->rule, form, col_state(p, c)))
            return true;
    return false;
}

/* ---- values ---------------------------------------------------------------- */

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

/* One-heap P-positions (tables.h): the bit of heap n, folded back by the
 * list's period once n is past its start + period. */
static const oneheap_seq_t *oneheap_of(const engine_pos_t *p)
{
    return &oneheap_seq[p->rule][(p->mode & ENGINE_MISERE) ? 1 : 0];
}

static uint16_t oneheap_index(const oneheap_seq_t *q, uint16_t n)
{
    uint8_t start = PGM_U8(&q->start), period = PGM_U8(&q->period);
    if (period && n >= (uint16_t)(start + period))
        n = (uint16_t)(start + (uint16_t)(n - start) % period);
    return n;
}

/* The byte holding bit i. Period 0: 'start' bytes are kept, every heap
 * past them is N. */
static uint8_t oneheap_byte(const oneheap_seq_t *q, uint16_t i)
{
    if (!PGM_U8(&q->period) && (i >> 3) >= PGM_U8(&q->start))
        return 0;
    return PGM_U8(&oneheap_bits[PGM_U8(&q->at) + (i >> 3)]);
}

/* Misere Nim on the column values (a tame rule: build/grundy proved its
 * misere quotient is misere Nim's): while some column is worth 2 or more
 * it is played as Nim; once every column is worth 0 or 1 the player to
 * move loses with an odd count of 1s. Returns the columns worth 2 or more,
 * the last of them in *big. */
static uint8_t misere_big_heaps(const engine_pos_t *p, uint8_t *ones, uint8_t *big)
{
    uint8_t n = 0;
    *ones = 0;
    for (uint8_t c = 0; c < p->ncols; c++) {
        uint8_t v = value_of(p->rule, p->col[c]);
        if (v > 1) {
            n++;
            *big = c;
        } else {
            *ones += v;
        }
    }
    return n;
}

/* A wild rule: the product of the columns' elements. */
static uint8_t misere_product(const engine_pos_t *p, uint8_t w)
{
    uint8_t e = 0;
    for (uint8_t c = 0; c < p->ncols; c++)
        e = elem_mul(w, e, elem_of(w, p->col[c]));
    return e;
}

bool engine_misere_wild(uint8_t rule)
{
    return rule < RULE_COUNT && wild_of(rule) != 0xFF;
}

uint8_t engine_misere_elem(const engine_pos_t *p, uint8_t c)
{
    uint8_t w = wild_of(p->rule);
    if (w == 0xFF || (p->mode & ENGINE_ONEHEAP))
        return 0;
    return c < p->ncols ? elem_of(w, p->col[c]) : misere_product(p, w);
}

const char *engine_misere_name(uint8_t rule, uint8_t e)
{
    const char *s = misere_names;
    uint8_t w = rule < RULE_COUNT ? wild_of(rule) : 0xFF;
    static const char none[] PROGMEM = "";
    if (w == 0xFF || e > 15)
        return none;
    for (uint8_t skip = (uint8_t)(w * 16 + e); skip; skip--) /* each rule: up to 16 names */
        while (PGM_U8(s++))
            ;
    return s;
}

bool engine_is_p(const engine_pos_t *p)
{
    if (p->mode & ENGINE_ONEHEAP) {
        uint16_t i = oneheap_index(oneheap_of(p), p->heap);
        return (oneheap_byte(oneheap_of(p), i) >> (i & 7)) & 1;
    }
    if (p->mode & ENGINE_MISERE) {
        uint8_t ones, big, w = wild_of(p->rule);
        if (w != 0xFF)
            return (PGM_U16(&misere_p[w]) >> misere_product(p, w)) & 1;
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
    if (form == FORM_HEAP) {
        for (uint8_t to = from; to-- > 0;) /* fewest stones first */
            if (value_of(rule, to) == want && heap_take_ok(rule, from, (uint16_t)(from - to))) {
                m->to = to;
                return true;
            }
        return false;
    }
    if (form == FORM_COINS) {
        /* Turning coin i over toggles its value v(i) in the XOR, heads or
         * tails: find t (a head), a < t, b < a with v(t)^v(a)^v(b) = need,
         * through the table from values back to coins. */
        const uint8_t *v = coin_grundy[rule - RULE_FIRST_COINS];
        const uint8_t *at = coin_index[rule - RULE_FIRST_COINS];
        uint8_t need0 = (uint8_t)(value_of(rule, from) ^ want);
        for (uint8_t t = 8; t-- > 0;) {
            if (!(from & (1u << t)))
                continue;
            uint8_t need = (uint8_t)((need0 ^ PGM_U8(&v[t])) & 15);
            uint16_t flip = 0; /* the other coins, with bit 8 for "found" */
            if (!need) {
                flip = 0x100;
            } else if (PGM_U8(&at[need]) < t) {
                flip = 0x100 | (1u << PGM_U8(&at[need]));
            } else {
                for (uint8_t a = t; a-- > 1 && !flip;) {
                    uint8_t b = PGM_U8(&at[(need ^ PGM_U8(&v[a])) & 15]);
                    if (b < a)
                        flip = 0x100 | (1u << a) | (1u << b);
                }
            }
            if (flip) {
                m->to = (uint8_t)(from ^ (1u << t) ^ flip);
                return true;
            }
        }
        return false;
    }
    uint16_t none = 0;
    uint8_t b = blocks_scan(rule, form, from, 0, want, &none);
    m->to = from ^ b;
    return b != 0;
}

/* A tame rule's column worth 0: can a move make it worth 1? */
static bool misere_to_one(uint8_t rule, uint8_t state)
{
    if (rule < RULE_FIRST_MASK)
        return (PGM_U16(&misere_one_heap[rule]) >> state) & 1;
    return (PGM_U8(&misere_one_mask[rule - RULE_FIRST_MASK][state >> 3]) >> (state & 7)) & 1;
}

/* A wild rule: the product of all columns but c is pre[c] (columns left of
 * c) times the product of those right of it, so one pass from the right
 * finds a column whose reachable elements (a table) meet the partners of
 * the rest that make a P-position (a table); then the move in that column
 * to such an element. */
static bool misere_wild_hint(const engine_pos_t *p, engine_move_t *m)
{
    uint8_t w = wild_of(p->rule), rule = p->rule, form = engine_rule_form(rule);
    uint8_t pre[ENGINE_COLS], el[ENGINE_COLS], e = 0, c;
    for (c = 0; c < p->ncols; c++) {
        pre[c] = e;
        e = elem_mul(w, e, el[c] = elem_of(w, p->col[c]));
    }
    if ((PGM_U16(&misere_p[w]) >> e) & 1)
        return false;
    for (e = 0; c-- > 0; e = elem_mul(w, el[c], e)) {
        uint8_t from = p->col[c];
        uint16_t want = PGM_U16(&misere_partner[w][elem_mul(w, pre[c], e)]) & PGM_U16(&misere_reach[w][from]);
        if (!want)
            continue;
        uint8_t q = 0;
        while (!(want & 1)) {
            want >>= 1;
            q++;
        }
        m->col = c;
        if (form == FORM_HEAP || form == FORM_COINS) {
            /* every move of the column in turn (heap rules: 8 at most) */
            for (uint16_t d = col_next(rule, form, from, 0); d; d = col_next(rule, form, from, d))
                if (elem_of(w, (uint8_t)apply_change(form, from, d)) == q) {
                    m->to = apply_change(form, from, d);
                    return true;
                }
            return false;
        }
        uint16_t none = 0;
        uint8_t b = blocks_scan(rule, form, from, 0, (uint8_t)(q | WANT_ELEM), &none);
        m->to = from ^ b;
        return b != 0;
    }
    return false;
}

bool engine_hint(const engine_pos_t *p, engine_move_t *m)
{
    if (p->mode & ENGINE_ONEHEAP) {
        /* Scan the P-positions a legal move can reach, fewest stones taken
         * first. The bit index i follows 'to' down, wrapping at the period's
         * start; a list without a period (NIM, AT MOST HALF: moves that
         * reach far) skips a byte of bits at a time where it has none. */
        const oneheap_seq_t *q = oneheap_of(p);
        uint8_t start = PGM_U8(&q->start), period = PGM_U8(&q->period);
        uint16_t n = p->heap, lo = (uint16_t)(n - heap_kmax(p->rule, n));
        uint16_t i = oneheap_index(q, n);
        for (uint16_t to = n; to-- > lo;) {
            if (period && i == start && to >= start)
                i = (uint16_t)(start + period);
            i--;
            uint8_t byte = oneheap_byte(q, i);
            if (!byte && !period) {
                to &= (uint16_t)~7u;
                i = to;
                continue;
            }
            if (((byte >> (i & 7)) & 1) && heap_take_ok(p->rule, n, (uint16_t)(n - to))) {
                m->col = 0;
                m->to = to;
                return true;
            }
        }
        return false;
    }
    if ((p->mode & ENGINE_MISERE) && wild_of(p->rule) != 0xFF)
        return misere_wild_hint(p, m);
    /* each column's value, computed once; misere Nim also counts the
     * columns worth 2 or more and those worth 1 */
    uint8_t g[ENGINE_COLS], s = 0, c, ones = 0, nbig = 0, big = 0;
    for (c = 0; c < p->ncols; c++) {
        uint8_t v = g[c] = value_of(p->rule, p->col[c]);
        s ^= v;
        if (v > 1) {
            nbig++;
            big = c;
        }
        ones += v & 1;
    }
    if (p->mode & ENGINE_MISERE) {
        if (nbig == 0) {
            /* every column worth 0 or 1: leave an odd number of 1s, by a
             * column worth 1 moved to 0, or, with no 1s at all, a column
             * worth 0 moved to 1 (the generator marks the states that can) */
            if (ones & 1)
                return false;
            for (c = 0; c < p->ncols; c++)
                if (ones ? g[c] == 1 : misere_to_one(p->rule, p->col[c]))
                    return col_find_value(p, c, (uint8_t)(ones ? 0 : 1), m);
            return false; /* no move at all */
        }
        if (nbig == 1) { /* the move that leaves only 0s and 1s: an odd number of 1s */
            ones -= g[big] & 1;
            return col_find_value(p, big, (ones & 1) ? 0 : 1, m);
        }
        /* two or more big heaps: Nim's move, which keeps a big heap */
    }
    if (!s)
        return false;
    for (c = 0; (uint8_t)(g[c] ^ s) >= g[c]; c++)
        ; /* the column holding the nim-sum's top bit: it exists when s != 0 */
    return col_find_value(p, c, (uint8_t)(g[c] ^ s), m);
}

static uint8_t size_of(uint8_t form, uint8_t v)
{
    if (form == FORM_HEAP)
        return v;
    return bit_count(form == FORM_CELLS ? cells_free(v) : v);
}

uint8_t engine_col_size(const engine_pos_t *p, uint8_t c)
{
    if (p->mode & ENGINE_ONEHEAP)
        return 0;
    return size_of(engine_rule_form(p->rule), p->col[c]);
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
    /* A mistake: the columns with a move (a table look-up each). A
     * P-position: the leftmost biggest column with a move, its size first
     * (cheaper), so most columns need no look-up. */
    uint8_t form = engine_rule_form(p->rule), c, n = 0, best = 0, pick = 0;
    uint8_t movable[ENGINE_COLS];
    uint16_t from, skip = 0;
    for (c = 0; c < ncols_of(p); c++) {
        from = col_state(p, c);
        if (slip) {
            if (col_has_move(p->rule, form, from))
                movable[n++] = c;
            continue;
        }
        /* one-heap: a single column, any size */
        uint8_t size = (p->mode & ENGINE_ONEHEAP) ? 1 : size_of(form, (uint8_t)from);
        if (size > best && col_has_move(p->rule, form, from)) {
            best = size;
            pick = c;
        }
    }
    if (!(n | best))
        return false;
    if (slip) {
        /* A column that has a move, all equally likely, then one of its
         * moves, all equally likely: counted, not listed. */
        pick = movable[random_below(n)];
        skip = 0xFFFF;
        col_pick(p->rule, form, col_state(p, pick), &skip);
        skip = random_below((uint16_t)(0xFFFF - skip));
    }
    /* The stall (skip 0): the smallest move on the biggest column, the
     * first of col_pick's order (fewest tokens, a single head, the
     * shortest block from the top), so a human mistake can be punished. */
    from = col_state(p, pick);
    m->col = pick;
    m->to = apply_change(form, from, col_pick(p->rule, form, from, &skip));
    return true;
}
