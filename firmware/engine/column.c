/* column.c - one column of the engine: its value from the generated
 * tables, which moves are legal, and the order of its moves (the move
 * list, the search for a value, the random pick all walk that order). */
#include "engine_int.h"

/* Small tables hold two 4-bit values a byte (tables.h). */
uint8_t column_digit(uint8_t rule, uint16_t k)
{
    if (k > RULE_MAX_DIGITS)
        k = RULE_MAX_DIGITS + 1; /* the repeating digit */
    if (rule == RULE_OWN)
        return engine_own.d[k - 1];
    return pgm_nibble(rule_digits[rule], (uint8_t)(k - 1));
}

/* A pin or cell column's table entry: its value and MASK_HAS_MOVE. */
static ALWAYS_INLINE uint8_t mask_entry(uint8_t rule, uint8_t state)
{
    if (rule < mask_first) /* folded into its misere classes (tables.h) */
        return pgm_nibble(misere_fold, column_class(misere_row_full(rule - RULE_FIRST_MASK), 0, state));
    /* the block's index in 8 bits (the generator checks it fits): a
     * swap and an add, where the row's 16-bit offset took a shift loop */
    uint8_t b = (uint8_t)((uint8_t)(rule - mask_first) * (256 / MASK_BLOCK) + state / MASK_BLOCK);
    /* b runs over every rule's row: the table read as one flat run of bytes */
    return pgm_nibble(&mask_pool[PGM_U8((const uint8_t *)mask_block + b)], (uint8_t)(state % MASK_BLOCK));
}

/* A column's value: heap and mask columns from the generated tables, a
 * coin column as the XOR of its heads' values (each head is a game of its
 * own). It is on every hot loop. */
uint8_t column_value(uint8_t rule, uint8_t state)
{
    if (rule >= RULE_FIRST_COINS) {
        if (rule == RULE_OWN)
            return column_own_value(state);
        uint8_t v = 0;
        for (const uint8_t *row = coin_grundy[rule - RULE_FIRST_COINS]; state; row++, state >>= 1)
            if (state & 1)
                v ^= PGM_U8(row);
        return v;
    }
    if (rule < RULE_FIRST_MASK)
        return pgm_nibble(heap_row_of(rule), state);
    return mask_entry(rule, state) & (MASK_HAS_MOVE - 1);
}

/* The largest k with a nonzero digit; RULE_MAX_DIGITS + 1 when the last
 * digit repeats for every larger k (the generator stores it after them). */
NOINLINE static uint8_t digits_last(uint8_t rule)
{
    if (rule == RULE_OWN)
        return engine_own.last;
    return PGM_U8(&rule_digits[rule][RULE_MAX_DIGITS / 2]) >> 4;
}

/* May a heap of n lose k tokens? (heap rules: octal or at-most-half) */
bool column_take_ok(uint8_t rule, uint16_t n, uint16_t k)
{
    if (k == 0 || k > n)
        return false;
    if (rule == RULE_HALF)
        return k <= n / 2;
    return column_digit(rule, k) & (k == n ? 1 : 2);
}

/* Branch-free (SWAR): the same dozen cycles for any v, where clearing
 * the lowest bit in a loop cost ~4 a set bit (a full coin column, 8). */
uint8_t column_bits(uint8_t v)
{
    v = (uint8_t)(v - ((v >> 1) & 0x55u));
    v = (uint8_t)((v & 0x33u) + ((v >> 2) & 0x33u));
    return (uint8_t)((v + (v >> 4)) & 0x0Fu);
}

uint8_t column_top_bit(uint8_t v) /* v != 0 */
{
    uint8_t t = 7;
    for (; !(v & 0x80); v <<= 1) /* constant shifts: cheap on the AVR */
        t--;
    return t;
}

/* Bit i of a byte (i < 8), out of line: an AVR variable shift is a loop,
 * and the coins' searches make a few: one copy is smaller. */
NOINLINE uint8_t column_bit(uint8_t i)
{
    uint8_t b = 1;
    while (i--)
        b = (uint8_t)(b << 1);
    return b;
}

/* Cells of a NO ADJACENT column that may still be marked. */
static uint8_t cells_free(uint8_t m)
{
    return (uint8_t)(~m & ~(m << 1) & ~(m >> 1));
}

/* How many coins a coin rule's move turns over, the head included: the
 * fewest in the high nibble, the most in the low one (tables.h). */
static uint8_t coins_turns(uint8_t rule)
{
    return PGM_U8(&coin_turns[rule - RULE_FIRST_COINS]);
}

/* Misere: a wild rule's row of the quotient tables, or MISERE_WILD_NONE (tame). */
uint8_t column_wild(uint8_t rule)
{
    return rule < RULE_COUNT ? PGM_U8(&misere_wild[rule]) : MISERE_WILD_NONE;  /* your own: misere not played */
}

/* A wild rule's row of misere_state (tables.h), once before a loop: not
 * inlined, as its callers' copies cost more than the call. */
const uint8_t *misere_row(uint8_t w)
{
    if (!misere_half(w))
        return misere_row_full(w);
    return &misere_state[misere_state_full * 256u + (uint8_t)(w - misere_state_full) * 128u];
}

/* What a search compares: the column value, or with COLUMN_WANT_ELEM the
 * wild rule's element. */
static uint8_t key_of(uint8_t rule, uint8_t state, uint8_t want)
{
    return (want & COLUMN_WANT_ELEM) ? (uint8_t)(column_elem(misere_row_full(column_wild(rule)), 0, state) | COLUMN_WANT_ELEM)
                                     : column_value(rule, state);
}

/* Pin and cell moves are blocks of k cells. Pins: k standing pins of one
 * run, which may keep pieces below and above the block as the octal digit
 * allows. Cells: one cell that may be marked. */
/* The legal blocks after block 'after' (0: from the start) in the order k
 * rising, top down, whose column value is 'want' (COLUMN_ANY: any): the first
 * one once *skip of them have been passed (and counted off *skip); 0 when
 * there is none. One scan serves the move list, the search and the random
 * move, and it is on the reply's path, so it avoids AVR variable shifts and
 * stops as soon as no run of open cells is k long. */
uint8_t column_blocks(uint8_t rule, uint8_t form, uint8_t m, uint8_t after, uint8_t want,
                      uint16_t *skip)
{
    uint8_t open = form == FORM_CELLS ? cells_free(m) : m;
    uint8_t starts = open;            /* bit p: cells p .. p+k-1 are all open */
    uint8_t shifted = open;           /* open >> (k - 1) */
    uint8_t below = (uint8_t)(m << 1); /* bit p: a pin on cell p - 1 */
    uint8_t above = m;                /* m >> k, bit p: a pin on cell p + k */
    uint8_t first = after ? column_bits(after) : 1, last = digits_last(rule);
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
            uint8_t d = column_digit(rule, k);
            legal = (uint8_t)(((d & 1) ? starts & ~below & ~above : 0) |
                              ((d & 2) ? starts & (below ^ above) : 0) |
                              ((d & 4) ? starts & below & above : 0));
        } else if (k > 1) {
            break;
        }
        if (k == first && after)
            legal &= (uint8_t)((after & -after) - 1); /* the blocks below 'after' */
        if (want == COLUMN_ANY && *skip >= column_bits(legal)) {
            *skip -= column_bits(legal); /* counting: the whole k at once */
            continue;
        }
        for (uint8_t bit = 0x80; legal; bit >>= 1) {
            if (!(legal & bit))
                continue;
            legal &= (uint8_t)~bit;
            uint8_t b = (uint8_t)(block * bit);
            if (want == COLUMN_ANY || key_of(rule, m ^ b, want) == want) {
                if (!*skip)
                    return b;
                --*skip;
            }
        }
    }
    return 0;
}

/* Is the change 'diff' (the cells that flip) a legal move from mask m?
 * One of the moves column_pick counts, tried in turn: a human's move has
 * no cycle budget (92 moves at the most, a full MOCK TURTLES column), and
 * the walk serves every form where each had a test of its own (smaller). */
bool column_mask_ok(uint8_t rule, uint8_t form, uint8_t m, uint8_t diff)
{
    for (uint8_t i = 0;; i++) {
        uint16_t skip = i, d = column_pick(rule, form, m, &skip);
        if (!d || d == diff)
            return d != 0;
    }
}

/* Coin moves after 'diff' (0: the first): fewest coins first (Mock
 * Turtles 1, 2 then 3; Twins 2); the top coin is a head, tried from the top
 * down, and the others lie below it, in falling order. */
static uint8_t coins_next(uint8_t rule, uint8_t m, uint8_t diff)
{
    uint8_t turns = coins_turns(rule), n = turns >> 4, t = 8;
    if (diff) {
        n = column_bits(diff);
        t = column_top_bit(diff);
        uint8_t rest = (uint8_t)(diff ^ (1u << t));
        uint8_t head = (uint8_t)(1u << t);
        if (n == 2) {
            uint8_t a = column_top_bit(rest);
            if (a > 0)
                return (uint8_t)(head | (1u << (a - 1)));
        } else if (n == 3) {
            uint8_t a = column_top_bit(rest);
            uint8_t b = column_top_bit((uint8_t)(rest ^ (1u << a)));
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
        if (++n > (turns & 15))
            return 0;
        t = 8;
    }
}

/* A coin move that leaves the column at element q of the wild rule's row
 * w: its change, or 0. The misere hint's search of one column, by plain
 * loops over the coins (about 25 cycles a move where coins_next takes
 * about 200: TWINS has 28 moves). */
uint8_t column_coins_elem(uint8_t rule, uint8_t w, uint8_t from, uint8_t q)
{
    uint8_t turns = coins_turns(rule), lo = turns >> 4, hi = turns & 15;
    const uint8_t *er = misere_row(w), half = misere_half(w);
    for (uint8_t head = 0x80; head; head >>= 1) {
        if (!(from & head))
            continue;
        /* a == head: the head alone; else a coin below it, and b < a
         * another below that (b == a: none); one test of the element
         * for all three (one inlined read, not three) */
        for (uint8_t a = head, n = 1; a; a >>= 1, n = 2)
            for (uint8_t b = a, m = n; b && m <= hi; b >>= 1, m = (uint8_t)(n + 1)) {
                uint8_t flip = (uint8_t)(head | a | b);
                if (m >= lo && column_elem(er, half, from ^ flip) == q)
                    return flip;
                if (n == 1)
                    break;          /* no third coin without a second */
            }
    }
    return 0;
}

/* The largest number of tokens a heap of n may lose: beyond the octal
 * code's digits only a repeating digit ('*') allows more. Out of line:
 * the random move, the BINARY and one-heap search and your own heap's
 * hint each inlined a copy. */
NOINLINE uint16_t column_kmax(uint8_t rule, uint16_t n)
{
    if (rule == RULE_HALF)
        return n / 2;
    uint8_t last = digits_last(rule);
    return (last > RULE_MAX_DIGITS || n < last) ? n : last;
}

/* The next change after 'diff' (0: the first one) in a column's move order,
 * smallest moves first; 0 when there is none. For heaps the change is the
 * number of tokens taken; for masks it is the set of cells that flip. */
uint16_t column_next(uint8_t rule, uint8_t form, uint16_t from, uint16_t diff)
{
    if (form == FORM_HEAP) {
        for (uint16_t kmax = column_kmax(rule, from); ++diff <= kmax;)
            if (column_take_ok(rule, from, diff))
                return diff;
        return 0;
    }
    if (form == FORM_COINS)
        return coins_next(rule, (uint8_t)from, (uint8_t)diff);
    uint16_t none = 0;
    return column_blocks(rule, form, (uint8_t)from, (uint8_t)diff, COLUMN_ANY, &none);
}

/* Does column state 'from' have a move? A table look-up, no search: the
 * reply asks it of every column. A heap over TABLE_ROWS always has one
 * (the generator refuses a rule where it would not). */
uint8_t column_has_move(uint8_t rule, uint8_t form, uint16_t from)
{
    /* your own game first, its move count (nonzero: a move) returned as
     * it is, a jump: the stall asks it of every column (a pin code's
     * P-position: its replies' worst case) */
    if (rule == RULE_OWN)
        return form == FORM_HEAP ? column_own_moves(from) : column_own_count((uint8_t)from);
    uint8_t n = (uint8_t)from;
    if (form == FORM_HEAP) {
        if (from > TABLE_ROWS)
            return true;
        return n >= pgm_nibble(heap_row_of(rule), heap_values);
    }
    if (form == FORM_COINS)
        return n >> ((coins_turns(rule) >> 4) - 1) != 0; /* a head with enough coins below */
    return mask_entry(rule, n) >> 3; /* MASK_HAS_MOVE */
}

/* The column's moves counted off *skip in a fixed order: the change of the
 * one reached when *skip is 0, or 0 when there are fewer (and *skip is
 * down by their number). Each form counts without walking the whole move
 * list where it can, so a random move costs about as much as a hint. */
uint16_t column_pick(uint8_t rule, uint8_t form, uint16_t from, uint16_t *skip)
{
    if (form == FORM_HEAP) {
        /* k <= kmax: AT MOST HALF allows each, a digit says for k < n or n.
         * The count in a local and k in a byte: the random move counts a
         * column's moves and then walks to one, and this loop with *skip
         * and a 16-bit k was half its time on a BINARY heap (8 columns:
         * over the budget). */
        uint16_t kmax = column_kmax(rule, from);
        uint16_t left = *skip;
        uint8_t lim = kmax < RULE_MAX_DIGITS ? (uint8_t)kmax : RULE_MAX_DIGITS;
        for (uint8_t k = 1; k <= lim; k++)
            if ((rule == RULE_HALF || (column_digit(rule, k) & (k == from ? 1 : 2))) && !left--) {
                *skip = left;
                return k;
            }
        *skip = left;
        if (kmax > RULE_MAX_DIGITS) {
            /* Beyond the code's digits one digit holds for every k (AT MOST
             * HALF: every k up to n/2): k = 9 .. top leave stones, and
             * taking the whole heap is the last move. */
            uint16_t top = kmax < from ? kmax : (uint16_t)(from - 1);
            if (top > RULE_MAX_DIGITS && column_take_ok(rule, from, RULE_MAX_DIGITS + 1)) {
                uint16_t span = (uint16_t)(top - RULE_MAX_DIGITS);
                if (*skip < span)
                    return (uint16_t)(RULE_MAX_DIGITS + 1 + *skip);
                *skip -= span;
            }
            if (kmax == from && column_take_ok(rule, from, from) && !(*skip)--)
                return from;
        }
        return 0;
    }
    if (form == FORM_COINS) {
        /* head t alone, with one or with two of the t coins below it (1, t
         * and t(t-1)/2 moves), as many coins as the rule turns over */
        uint8_t turns = coins_turns(rule), lo = turns >> 4, hi = turns & 15;
        uint8_t head = 0x80;
        for (uint8_t t = 8; t-- > 0; head >>= 1) {
            if (!(from & head))
                continue;
            uint8_t one = lo <= 1, two = lo <= 2 && hi >= 2 ? t : 0;
            uint8_t n = (uint8_t)(one + two + (hi >= 3 ? (uint8_t)(t * (t - 1)) >> 1 : 0));
            if (*skip >= n) {
                *skip -= n;
                continue;
            }
            uint8_t j = (uint8_t)*skip;
            if (j < one)
                return head;
            j = (uint8_t)(j - one);
            if (j < two)
                return (uint8_t)(head | column_bit(j));
            j = (uint8_t)(j - two);
            for (uint8_t a = 1;; j = (uint8_t)(j - a), a++)
                if (j < a)
                    return (uint8_t)(head | column_bit(a) | column_bit(j));
        }
        return 0;
    }
    /* your own game's pins: a column with fewer moves than *skip is
     * counted from the tables without a walk (the random move counts its
     * column first: a walk of a repeating code's 8 k was too slow) */
    if (rule == RULE_OWN) {
        uint8_t n = column_own_count((uint8_t)from);
        if (*skip >= n) {
            *skip = (uint16_t)(*skip - n);
            return 0;
        }
    }
    return column_blocks(rule, form, (uint8_t)from, 0, COLUMN_ANY, skip);
}

/* Called from six places (NOINLINE, compiler.h); the reply's loop over
 * the columns inlines pos_state. */
NOINLINE uint16_t column_state(const engine_pos_t *p, uint8_t c)
{
    return pos_state(p, c);
}

uint16_t column_change(uint8_t form, uint16_t from, uint16_t to)
{
    return form == FORM_HEAP ? (uint16_t)(from - to) : (uint16_t)(from ^ to);
}

uint16_t column_apply(uint8_t form, uint16_t from, uint16_t d)
{
    return form == FORM_HEAP ? (uint16_t)(from - d) : (uint16_t)(from ^ d);
}

uint8_t column_size(uint8_t form, uint8_t v)
{
    if (form == FORM_HEAP)
        return v;
    return column_bits(form == FORM_CELLS ? cells_free(v) : v);
}
