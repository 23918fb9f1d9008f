/* engine_int.h - what the engine's files (engine.c, column.c, solve.c)
 * share; nothing outside firmware/engine includes it. One column's
 * functions (column.c) take the rule and the column's state, never a
 * position, so the search and the theory reuse them. */
#ifndef ENGINE_INT_H
#define ENGINE_INT_H

#include "engine.h"
#include "progmem.h"
#include "tables.h"

/* Column c's rule (a SUM: its own); c < ENGINE_COLS. Inlined: on the
 * hot loops. */
static ALWAYS_INLINE uint8_t pos_rule(const engine_pos_t *p, uint8_t c)
{
    return (p->mode & ENGINE_SUM) ? p->rules[c] : p->rule;
}

/* Column c's state (one heap: the heap). Inlined: the reply's loop over
 * the columns; elsewhere column_state, a call. */
static ALWAYS_INLINE uint16_t pos_state(const engine_pos_t *p, uint8_t c)
{
    return (p->mode & ENGINE_ONEHEAP) ? p->heap : p->col[c];
}

/* In a loop over the columns: a SUM's column c's rule and form into
 * *rule and *form; other games keep the game's, looked up once before the
 * loop (a form look-up a column cost the 32-column reply ~1,000 cycles). */
static ALWAYS_INLINE void sum_col(const engine_pos_t *p, uint8_t c, uint8_t *rule,
                                                          uint8_t *form)
{
    if (p->mode & ENGINE_SUM) {
        *rule = p->rules[c];
        /* BINARY: heap rules only (engine_check_pos): no look-up, which
         * kept the 8-column random-move reply over its budget */
        *form = (p->mode & ENGINE_BINARY) ? FORM_HEAP : engine_rule_form(*rule);
    }
}

/* One heap's bits, 0 .. ENGINE_HEAP_MAX: 33 bytes on 32 columns, within
 * the pins' 48. */
#define OWN_HEAP_BYTES (ENGINE_HEAP_MAX / 8 + 1)
_Static_assert(OWN_HEAP_BYTES + 1 <= 48, "one heap's bits share the pins' tables");
/* heap_mis before one heap is played: no play derived yet. */
#define OWN_HEAP_MIS_NONE 0xFF
/* Your own game's code and what was derived from it (own.c): 110 bytes. The
 * replies' tables first: a field within 63 bytes of the struct is read
 * with one displacement load (ldd), one further needs the address
 * worked out (the pin column's value: 6 cycles a read less). */
typedef struct {
    /* first: column_own_has_move reads it at no offset, so through X,
     * not Y (Z holds its result; Y cost a push and a pop a call, 8
     * cycles) */
    uint8_t run_cnt[TABLE_ROWS + 1];    /* the blocks a run of L pins may lose (heaps: 0 = no move) */
    /* pins, nibble n: the lengths of its runs that may go on into the
     * other nibble (low half: the top run, high half: the bottom run),
     * and its other runs' values and move counts (low half: the low
     * nibble's, high half: the high one's) */
    union {
        struct {
            uint8_t nib_run[16], nib_val[16], nib_cnt[16];
        };
        /* a code that never splits, in one heap (the pins' tables are
         * not used): bit h of heap_p, a heap of h is a P-position in the
         * play heap_mis says (ENGINE_MISERE or 0; OWN_HEAP_MIS_NONE:
         * none derived yet), derived when one heap is played
         * (engine_own_heap) */
        struct {
            uint8_t heap_mis;
            uint8_t heap_p[OWN_HEAP_BYTES];
        };
    };
    uint8_t g[TABLE_ROWS + 1];
    uint8_t form, last;
    uint8_t misere;                     /* ENGINE_OWN_PLAYED, or why misere is not played (own_misere.c) */
    uint8_t d[RULE_MAX_DIGITS + 1];     /* d_k at k - 1 (the last: every k past 8) */
    /* misere, once proved: bit s, a column in state s worth 0 has a move
     * to worth 1 (misere Nim's move from "every column worth 0") */
    uint8_t to_one[32];
    octal_code_t code;
} engine_own_t;
extern engine_own_t engine_own;

/* A column's value (heap and mask rules: the tables; coins: the XOR of
 * its heads'). On every hot loop. */
uint8_t column_value(uint8_t rule, uint8_t state);
/* May a heap of n lose k tokens? (heap rules: octal or at-most-half) */
bool column_take_ok(uint8_t rule, uint16_t n, uint16_t k);
/* The largest number of tokens a heap of n may lose. */
uint16_t column_kmax(uint8_t rule, uint16_t n);
/* BINARY (binary.c): a heap rule's value for a heap of 0..255; the move
 * from a heap to one worth 'want', fewest stones first; and column c's
 * value in p's form (BINARY or the tables). */
uint8_t binary_value(uint8_t rule, uint8_t n);
bool binary_find(uint8_t rule, uint16_t from, uint8_t want, uint16_t *to);
static inline uint8_t column_value_at(const engine_pos_t *p, uint8_t c)
{
    return engine_col_value(p, c, p->col[c]);
}
void column_values(const engine_pos_t *p, uint8_t *g);
/* Misere: a wild rule's row of the quotient tables, or MISERE_WILD_NONE (tame). */
uint8_t column_wild(uint8_t rule);

/* Entry i of a table of 4-bit values, two a byte (tables.h): i even in
 * the low nibble. Inlined: the column tables and the wild hint read it in
 * their inner loops. */
static ALWAYS_INLINE uint8_t pgm_nibble(const uint8_t *row, uint8_t i)
{
    uint8_t two = PGM_U8(&row[i >> 1]);
    if (i & 1)
        two = (uint8_t)(two >> 4 | two << 4); /* one swap, then one mask for both */
    return two & 0x0F;
}

/* A heap rule's row of heap_grundy (tables.h). */
static ALWAYS_INLINE const uint8_t *heap_row_of(uint8_t rule)
{
    return &heap_grundy[rule * heap_row];
}

/* A wild rule's quotient, read from the rows of its tables (misere_row(w),
 * misere_mul[w] and so on), which the callers look up once before a loop:
 * a product row's offset is a multiply by 72, and read afresh for each
 * product it cost the misère replies ~1,000 cycles on 32 columns. A column state's
 * element and the elements one move from it reaches (bit e), both read
 * through the state's class (a table in flash for a few cycles a read;
 * a class's two bytes in two tables, so an element is one byte read:
 * less code than from one 16-bit entry); the product of two
 * elements (a nibble: a table in flash for a few cycles a product).
 * Row w of misere_state and whether it is a half row (tables.h): the
 * full rows come first. A pin or cell rule's row is always full (the
 * generator keeps it so): misere_row_full. */
static ALWAYS_INLINE uint8_t misere_half(uint8_t w)
{
    return w >= misere_state_full;
}

static ALWAYS_INLINE const uint8_t *misere_row_full(uint8_t w)
{
    return &misere_state[w * 256u];
}

const uint8_t *misere_row(uint8_t w);

/* A state's class in its row: a half row's index drops coin 0 (one
 * shift, skipped on a full row). */
static ALWAYS_INLINE uint8_t column_class(const uint8_t *row, uint8_t half, uint8_t state)
{
    if (half)
        state >>= 1;
    return PGM_U8(&row[state]);
}

static ALWAYS_INLINE uint8_t column_elem(const uint8_t *row, uint8_t half, uint8_t state)
{
    return PGM_U8(&misere_class_elem[column_class(row, half, state)]) & 0x0F;
}

static ALWAYS_INLINE uint16_t column_reach(const uint8_t *row, uint8_t half, uint8_t state)
{
    uint8_t c = column_class(row, half, state);
    return (uint16_t)((PGM_U8(&misere_class_elem[c]) >> 4) << 8 | PGM_U8(&misere_class_reach[c]));
}

static ALWAYS_INLINE uint8_t column_elem_mul(const uint8_t *row, uint8_t a, uint8_t b)
{
    return pgm_nibble(row, (uint8_t)(a * MISERE_ELEMS + b));
}

/* column_blocks' want: any block, or (with COLUMN_WANT_ELEM) the blocks
 * reaching a wild rule's element instead of a value. */
#define COLUMN_ANY 0xFF
#define COLUMN_WANT_ELEM 0x40
/* Pin and cell blocks after 'after' whose key is 'want', the *skip-th. */
uint8_t column_blocks(uint8_t rule, uint8_t form, uint8_t m, uint8_t after, uint8_t want,
                      uint16_t *skip);
/* Your own game (own.c): a column's value, a pin column's move count, a
 * block that leaves it worth want (or 0); digit k of a heap, pin or
 * cell rule (RULE_OWN too; a coin rule has none). */
uint8_t column_own_value(uint8_t state);
/* A pin column of your own code walked run by run: the XOR of its runs'
 * values, the sum of their move counts, the OR of their values. */
typedef struct {
    uint8_t value, moves, any;
} own_runs_t;
own_runs_t own_runs(uint8_t state);
uint8_t column_own_count(uint8_t m);
uint8_t column_own_find(uint8_t m, uint8_t want);
/* Heaps 0 .. n of your own code, where it never splits, by the mex rule:
 * the value of heap n, and in pbits (if given, zeroed) bit h for each
 * heap worth 0; in misere (mis) a heap with no move is worth 1, so each
 * value is 0 exactly at a misere P-position. */
uint16_t own_heap_mex(uint16_t n, uint8_t mis, uint8_t *pbits);
/* A heap of n (a column's, or one heap): nonzero if it has a move. */
uint8_t column_own_moves(uint16_t n);
/* Misere: engine_own.to_one, by the move search itself on every state
 * (solve.c; once the proof holds: ~250,000 cycles). */
void own_misere_moves(void);
/* Misere: is your own code's misere play misere Nim on the column values,
 * proved on the chip (own_misere.c)? ENGINE_OWN_PLAYED, or why not (a
 * misere reason of engine.h's enum engine_own_why). */
enum { OWN_MISERE_UNKNOWN = 0xFF };  /* not yet proved (engine_own_misere proves it) */
uint8_t own_misere_check(const engine_own_t *o);
uint8_t column_digit(uint8_t rule, uint16_t k);
/* A coin column's first move to the wild rule's element q: its change, or 0. */
uint8_t column_coins_elem(uint8_t rule, uint8_t w, uint8_t from, uint8_t q);
/* Is the change 'diff' (the cells that flip) a legal move from mask m? */
bool column_mask_ok(uint8_t rule, uint8_t form, uint8_t m, uint8_t diff);
/* The next change after 'diff' (0: the first) in the column's move order. */
uint16_t column_next(uint8_t rule, uint8_t form, uint16_t from, uint16_t diff);
/* Does column state 'from' have a move? (a table look-up) */
uint8_t column_has_move(uint8_t rule, uint8_t form, uint16_t from);  /* nonzero: a move */
/* The column's moves counted off *skip in column_next's order. */
uint16_t column_pick(uint8_t rule, uint8_t form, uint16_t from, uint16_t *skip);
/* Column c's state (one heap: the heap), a change between two states and
 * a change applied. */
uint16_t column_state(const engine_pos_t *p, uint8_t c);
uint16_t column_change(uint8_t form, uint16_t from, uint16_t to);
uint16_t column_apply(uint8_t form, uint16_t from, uint16_t d);
/* Bit i of a byte, i < 8. */
uint8_t column_bit(uint8_t i);
/* The set bits of a byte, and the highest one's number (v != 0). */
uint8_t column_bits(uint8_t v);
uint8_t column_top_bit(uint8_t v);
/* A column's size for the stall rule: heap height, pins, free cells, heads. */
uint8_t column_size(uint8_t form, uint8_t v);

/* EMPTY AND DIVIDE (ed.c): the engine's entry points hand its positions
 * here. ed_move_next with m->col ENGINE_COL_NONE gives the first move; ed_other is
 * the reply's slip or stall. */
uint8_t ed_check_move(const engine_pos_t *p, engine_move_t m);
void ed_apply(engine_pos_t *p, engine_move_t m);
bool ed_move_next(const engine_pos_t *p, engine_move_t *m);
bool ed_has_move(const engine_pos_t *p);
bool ed_other(const engine_pos_t *p, bool slip, engine_move_t *m);
uint8_t ed_grundy(const engine_pos_t *p);

#endif
