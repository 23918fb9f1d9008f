/* solve.c - the engine's theory: P-positions (columns by the nim-sum,
 * misere columns by misere Nim or a wild rule's quotient, one heap by its
 * value, worth 0 or misere 1, or your own code's P/N bits), the winning
 * move (engine_hint) and the one-heap Grundy value (engine_oneheap_grundy:
 * generated, or your own code's by the mex rule). */
#include "engine_int.h"

/* Your own code's one heap (a code that never splits): its P-positions,
 * derived into RAM for the play asked (engine_own_heap), bit n of
 * heap_p, no fold. */
static NOINLINE const uint8_t *own_heap_bits(const engine_pos_t *p)
{
    engine_own_heap(p->mode & ENGINE_MISERE);
    return engine_own.heap_p;
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
        uint8_t v = column_value_at(p, c);
        if (v > 1) {
            n++;
            *big = c;
        } else {
            *ones += v;
        }
    }
    return n;
}

uint8_t engine_misere_big(const engine_pos_t *p, uint8_t *ones)
{
    uint8_t big;
    return misere_big_heaps(p, ones, &big);
}

/* A wild rule: the product of the columns' elements. */
static uint8_t misere_product(const engine_pos_t *p, uint8_t w)
{
    const uint8_t *er = misere_row(w), *mr = misere_mul[w];
    uint8_t e = 0, half = misere_half(w);
    for (uint8_t c = 0; c < p->ncols; c++)
        e = column_elem_mul(mr, e, column_elem(er, half, p->col[c]));
    return e;
}

bool engine_misere_wild(uint8_t rule)
{
    return rule < RULE_COUNT && column_wild(rule) != MISERE_WILD_NONE;
}

uint8_t engine_misere_elem(const engine_pos_t *p, uint8_t c)
{
    uint8_t w = column_wild(p->rule);
    if (w == MISERE_WILD_NONE || (p->mode & ENGINE_ONEHEAP))
        return 0;
    return c < p->ncols ? column_elem(misere_row(w), misere_half(w), p->col[c]) : misere_product(p, w);
}

const char *engine_misere_name(uint8_t rule, uint8_t e)
{
    const char *s = misere_names;
    uint8_t w = rule < RULE_COUNT ? column_wild(rule) : MISERE_WILD_NONE;
    static const char none[] PROGMEM = "";
    if (w == MISERE_WILD_NONE || e > 15)
        return none;
    for (uint8_t skip = e; skip; skip--) /* one list for every wild rule (tables.h) */
        while (PGM_U8(s++))
            ;
    return s;
}

/* Bit n of EMPTY AND DIVIDE's folded list (tables.h): a cold box. */
static bool seq_bit(const ed_seq_t *q, uint8_t n)
{
    uint8_t start = PGM_U8(&q->start), period = PGM_U8(&q->period);
    if (n >= (uint8_t)(start + period))
        n = (uint8_t)(start + (uint8_t)(n - start) % period);
    return (PGM_U8(&ed_bits[PGM_U8(&q->at) + (n >> 3)]) >> (n & 7)) & 1;
}

/* EMPTY AND DIVIDE: boxes of a and b are P when both are cold; misere:
 * (1, 1), no move, is the mover's win. */
static NOINLINE bool ed_p(const engine_pos_t *p, uint8_t a, uint8_t b)
{
    bool mis = p->mode & ENGINE_MISERE;
    const ed_seq_t *q = &ed_seq[mis];
    return seq_bit(q, a) && seq_bit(q, b) && !(mis && (a | b) == 1);
}

bool engine_is_p(const engine_pos_t *p)
{
    if (p->rule == RULE_ED)
        return ed_p(p, p->col[0], p->col[1]);
    /* one heap: worth 0, misere 1 (every heap rule is tame in one heap:
     * build/grundy proves it up to ENGINE_HEAP_MAX) */
    if (p->mode & ENGINE_ONEHEAP) {
        uint16_t n = p->heap;
        if (p->rule == RULE_OWN)
            return (own_heap_bits(p)[n >> 3] >> (n & 7)) & 1;
        return engine_oneheap_grundy(p) == ((p->mode & ENGINE_MISERE) ? 1 : 0);
    }
    if (p->mode & ENGINE_MISERE) {
        uint8_t ones, big, w = column_wild(p->rule);
        if (w != MISERE_WILD_NONE)
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
    uint8_t rule = engine_col_rule(p, c), form = engine_rule_form(rule);
    uint8_t from = p->col[c];
    m->col = c;
    /* a heap: BINARY's search serves the matrix's heaps too (fewest
     * stones first, the values those of the tables) */
    if ((p->mode & ENGINE_BINARY) || form == FORM_HEAP)
        return binary_find(rule, from, want, &m->to);
    if (form == FORM_COINS) {
        /* Turning coin i over toggles its value v(i) in the XOR, heads or
         * tails: find t (a head), a < t, b < a with v(t)^v(a)^v(b) = need,
         * through the table from values back to coins, turning over as
         * many coins as the rule allows (turns: fewest << 4 | most).
         * Every column value is 4 bits (the tables' nibbles; build/grundy
         * stops at a coin value past them; your own code is no SUM's
         * column), so the XORs index the table as they are. */
        const uint8_t *v = coin_grundy[rule - RULE_FIRST_COINS];
        const uint8_t *at = coin_index[rule - RULE_FIRST_COINS];
        uint8_t turns = PGM_U8(&coin_turns[rule - RULE_FIRST_COINS]);
        uint8_t need0 = (uint8_t)(column_value(rule, from) ^ want);
        uint8_t head = 0x80;
        for (uint8_t t = 8; t-- > 0; head >>= 1) {
            if (!(from & head))
                continue;
            uint8_t need = (uint8_t)(need0 ^ PGM_U8(&v[t]));
            uint8_t flip = 0; /* the coins turned over, the head too: found */
            if (!need && turns < 0x20) {
                flip = head;
            } else if (PGM_U8(&at[need]) < t && turns < 0x30 && (turns & 15) >= 2) {
                flip = (uint8_t)(head | column_bit(PGM_U8(&at[need])));
            } else if ((turns & 15) >= 3) {
                for (uint8_t a = t; a-- > 1 && !flip;) {
                    uint8_t b = PGM_U8(&at[need ^ PGM_U8(&v[a])]);
                    if (b < a)
                        flip = (uint8_t)(head | column_bit(a) | column_bit(b));
                }
            }
            if (flip) {
                m->to = (uint8_t)(from ^ flip);
                return true;
            }
        }
        return false;
    }
    uint16_t none = 0;
    uint8_t b = rule == RULE_OWN ? column_own_find(from, want) : column_blocks(rule, form, from, 0, want, &none);
    m->to = from ^ b;
    return b != 0;
}

/* A tame rule's column c worth 0: can a move make it worth 1? Inlined:
 * the misere hint may ask it of every column (a call each cost ~200
 * cycles a column on 32 BINARY columns). */
static ALWAYS_INLINE bool misere_to_one(const engine_pos_t *p, uint8_t c)
{
    uint8_t rule = pos_rule(p, c), state = p->col[c];
    if (rule == RULE_OWN)
        return (engine_own.to_one[state >> 3] >> (state & 7)) & 1;
    /* BINARY: a heap over a column's can (build/grundy stops otherwise) */
    if ((p->mode & ENGINE_BINARY) && state > TABLE_ROWS)
        return true;
    if (rule < RULE_FIRST_MASK)
        return (PGM_U16(&misere_one_heap[rule]) >> state) & 1;
    return (PGM_U8(&misere_one_mask[rule - misere_one_first][state >> 3]) >> (state & 7)) & 1;
}

void own_misere_moves(void)
{
    engine_pos_t p;
    engine_move_t m;
    uint8_t *bits = engine_own.to_one, acc = 0;
    p.rule = RULE_OWN;
    p.mode = ENGINE_MISERE;
    p.ncols = 1;
    /* every mask (heaps: 0..8 are read, the rest is never asked), eight a
     * byte, the first in bit 0 */
    uint8_t s = 0;
    do {
        p.col[0] = s;
        acc = (uint8_t)(acc >> 1 | (col_find_value(&p, 0, 1, &m) ? 0x80 : 0));
        if ((s & 7) == 7)
            *bits++ = acc;
    } while (++s);
}

/* A wild rule: the product of all columns but c is pre[c] (columns left of
 * c) times the product of those right of it, so one pass from the right
 * finds a column whose reachable elements (a table) meet the partners of
 * the rest that make a P-position (a table); then the move in that column
 * to such an element. */
static bool misere_wild_hint(const engine_pos_t *p, engine_move_t *m)
{
    uint8_t w = column_wild(p->rule), rule = p->rule, form = engine_rule_form(rule);
    uint8_t pre[ENGINE_COLS], el[ENGINE_COLS], e = 0, c;
    const uint8_t *er = misere_row(w), *mr = misere_mul[w], half = misere_half(w);
    for (c = 0; c < p->ncols; c++) {
        pre[c] = e;
        e = column_elem_mul(mr, e, el[c] = column_elem(er, half, p->col[c]));
    }
    if ((PGM_U16(&misere_p[w]) >> e) & 1)
        return false;
    for (e = 0; c-- > 0; e = column_elem_mul(mr, el[c], e)) {
        uint8_t from = p->col[c];
        uint16_t want = PGM_U16(&misere_partner[w][column_elem_mul(mr, pre[c], e)]) & column_reach(er, half, from);
        if (!want)
            continue;
        uint8_t q = 0;
        while (!(want & 1)) {
            want >>= 1;
            q++;
        }
        m->col = c;
        if (form == FORM_HEAP) {
            /* every move of the column in turn (8 at most), fewest stones
             * first; not column_next, which nothing else in the firmware
             * needs (it is big). No heap rule is wild yet: the
             * generator says so and LTO drops the search. */
            for (uint8_t to = from; misere_wild_heaps && to-- > 0;)
                if (column_elem(er, half, to) == q && column_take_ok(rule, from, (uint16_t)(from - to))) {
                    m->to = to;
                    return true;
                }
            return false;
        }
        uint16_t none = 0;
        uint8_t b = form == FORM_COINS ? column_coins_elem(rule, w, from, q)
                                       : column_blocks(rule, form, from, 0, (uint8_t)(q | COLUMN_WANT_ELEM), &none);
        m->to = from ^ b;
        return b != 0;
    }
    return false;
}

/* EMPTY AND DIVIDE: the division to a P-position, box 0 emptied first,
 * at most ed_kmax counters put in it (build/grundy proved that is
 * enough): 2 ed_kmax trials at most. */
static bool ed_hint(const engine_pos_t *p, engine_move_t *m)
{
    uint8_t kmax = PGM_U8(&ed_kmax[(p->mode & ENGINE_MISERE) ? 1 : 0]);
    /* one loop for both boxes (two nested, the compiler copied the inner
     * one for each box) */
    for (uint8_t c = 0, k = 1; c < 2; k++) {
        uint8_t n = p->col[c ^ 1];
        if (k > kmax || k >= n) {
            c++;
            k = 0;
        } else if (ed_p(p, k, (uint8_t)(n - k))) {
            m->col = c;
            m->to = k;
            return true;
        }
    }
    return false;
}

bool engine_hint(const engine_pos_t *p, engine_move_t *m)
{
    if (p->rule == RULE_ED)
        return ed_hint(p, m);
    if (p->mode & ENGINE_ONEHEAP) {
        uint16_t n = p->heap;
        m->col = 0;
        /* a built-in rule: the move to a heap worth 0, misere 1 */
        if (p->rule != RULE_OWN)
            return binary_find(p->rule, n, (p->mode & ENGINE_MISERE) ? 1 : 0, &m->to);
        /* your own code: the P-positions a legal move can reach, fewest
         * stones taken first, a byte of bits skipped where it has none (a
         * repeating digit reaches far) */
        const uint8_t *bits = own_heap_bits(p);
        for (uint16_t to = n, lo = (uint16_t)(n - column_kmax(RULE_OWN, n)); to-- > lo;) {
            uint8_t byte = bits[to >> 3];
            if (!byte) {
                to &= (uint16_t)~7u;
                continue;
            }
            if (((byte >> (to & 7)) & 1) && column_take_ok(RULE_OWN, n, (uint16_t)(n - to))) {
                m->to = to;
                return true;
            }
        }
        return false;
    }
    if ((p->mode & ENGINE_MISERE) && column_wild(p->rule) != MISERE_WILD_NONE)
        return misere_wild_hint(p, m);
    /* each column's value, computed once; misere Nim also counts the
     * columns worth 2 or more and those worth 1 */
    uint8_t g[ENGINE_COLS], s = 0, c, ones = 0, nbig = 0, big = 0;
    column_values(p, g);
    for (c = 0; c < p->ncols; c++) {
        uint8_t v = g[c];
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
                if (ones ? g[c] == 1 : misere_to_one(p, c))
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

/* The Grundy value of the one heap. A built-in rule's from the BINARY
 * form's generated values (binary_value, whose every heap the generator
 * checks against the mex rule: tests/link checks every heap against
 * build/grundy), a heap past their byte (256 stones on 32 columns) folded
 * back a period first: the mex sweep (TAKE 1-7, 256 stones) took past
 * what the link allows a command. Your own code's by
 * the mex rule on the chip (own_heap_mex). */
uint16_t engine_oneheap_grundy(const engine_pos_t *p)
{
    uint16_t n = p->heap;
    if (p->rule == RULE_OWN)
        return own_heap_mex(n, 0, 0);
    if (n > 0xFF) {
        const binary_seq_t *q = &binary_seq[p->rule];
        if (!PGM_U8(&q->period))    /* NIM: the heap; AT MOST HALF: g(2n) = n */
            return PGM_U8(&q->start) ? n : n >> 1;
        n = (uint16_t)(n - PGM_U8(&q->period));
    }
    return binary_value(p->rule, (uint8_t)n);
}
