/* own_misere.c - your own game in misere play: the chip proves, when a
 * code is set, that its misere play on the board's columns is misere Nim
 * on the runs' values (the code is "tame"), as build/grundy proves it of
 * each built-in rule (firmware/gen/misere.c, misere_proof.c), and only
 * then is it played.
 *
 * Misere Nim's quotient: a position is (no run worth 2 or more, parity of
 * the 1s) or (some run worth 2 or more, nim-sum x); the mover loses at
 * (small, 1) and (big, 0). An element here is 8 * big + x, a product is
 * the OR of the big bits and the XOR of the rest, and a set of elements
 * is 16 bits, of which the proof reads bits 0, 1 (small) and 8..15 (big):
 * values up to 7 (a run worth more is not played). A generator is a run
 * of 1..8 pins (a heap of 1..8 for a code that never splits); its
 * options are 0, 1 or 2 runs.
 *
 * The proof (misere_proof.c's step 2): by induction over the game, a sum
 * X is P exactly when it has a move and no option is P. An option moves
 * one run of element t to o, so its product is (X without t) * o: what a
 * sum adds to the induction is its product E, whether it has a move, and
 * D = { z : some option of X times z is P }. Adding a run of element t
 * whose options' A = { f : f * o is P for an option o } gives E t and
 * D' = { z : t z in D } + { z : E z in A }. Every (E, moves, D) that sums
 * reach, explored to its closure, must say P exactly when E is in P.
 *
 * The engine plays misere Nim on the column values (solve.c, as for the
 * built-in tame rules): a column's element taken as its value's, small
 * while it is worth 0 or 1. A pin column is the sum of its runs, and its
 * element their product, big if any run is: the two agree unless a
 * column holds two runs worth 2 or more whose values XOR to 0 or 1 (runs
 * worth 2 and 2: worth 0, and big). Such a code is not played: whoever
 * wins, misere Nim on the column values misjudges it. Otherwise every
 * move Bouton's strategy needs exists: a column's value reaches every
 * smaller value (the mex rule), and where every column is worth 0 the
 * proof's P-option of the identity is (small, 1), a column worth 1.
 *
 * Over every code of up to eight digits (with and without repeat), the
 * closure has at most 89 states; OWN_PROOF_STATES of 2 bytes are on the
 * stack while a code is set: D in bits 0, 1 and 8..15, E in bits 2..5 (D
 * never has bits 2..7) and "has a move" in bit 6. */
#include "engine_int.h"

#define OWN_PROOF_STATES 90
#define OWN_MOVES 0x40          /* a state's (or a run's A's) "has a move" */
#define OWN_P 0x0102u           /* P: (small, 1) and (big, 0) */
#define OWN_SET 0xFF03u         /* a set's bits: small 0, 1 and big 0..7 */

static uint8_t tame_mul(uint8_t a, uint8_t b)
{
    return (uint8_t)(((a | b) & 8) | ((a ^ b) & 7));
}

/* A set of the values 0..7 (a byte) with each v moved to v ^ u. */
static uint8_t set_xor(uint8_t b, uint8_t u)
{
    if (u & 1)
        b = (uint8_t)((b & 0x55) << 1 | (b >> 1 & 0x55));
    if (u & 2)
        b = (uint8_t)((b & 0x33) << 2 | (b >> 2 & 0x33));
    if (u & 4)
        b = (uint8_t)(b << 4 | b >> 4);
    return b;
}

/* { z : t z in set }: t z is z's x XORed with t's, big if either is, so a
 * big t reads only the set's big half. */
static NOINLINE uint16_t set_div(uint16_t set, uint8_t t)
{
    uint8_t lo = set & 3, hi = (uint8_t)(set >> 8);
    if (t & 8)
        lo = hi;
    return (uint16_t)((set_xor(lo, t & 7) & 3) | (uint16_t)set_xor(hi, t & 7) << 8);
}

/* The element of one run worth v (v <= 7). */
static uint8_t tame_elem(uint8_t v)
{
    return v > 1 ? (uint8_t)(v | 8) : v;
}

/* A run of L: its options' A (the f with f * o in P for an option o),
 * and OWN_MOVES if it has an option. Computed again each time the
 * closure adds the run (~1,000 cycles): a table of the eight runs beside
 * the closure costs stack and flash. */
static NOINLINE uint16_t run_a(const engine_own_t *o, uint8_t L)
{
    uint16_t a = 0;
    for (uint8_t k = 1; k <= L; k++) {
        uint8_t d = o->d[k - 1], r = (uint8_t)(L - k);
        /* i = r: the top k taken, one run of r (none if r = 0: the whole
         * run); 0 < i < r: a split into i and r - i */
        for (uint8_t i = r;; i--) {
            if (d & (!r ? 1 : i == r ? 2 : 4))
                a |= set_div(OWN_P, tame_mul(tame_elem(o->g[i]), i == r ? 0 : tame_elem(o->g[r - i]))) | OWN_MOVES;
            if (i <= 1)
                break;
        }
    }
    return a;
}

NOINLINE uint8_t own_misere_check(const engine_own_t *o)
{
    uint16_t s[OWN_PROOF_STATES];
    uint8_t n = 1;
    s[0] = 0;                           /* the empty sum */
    for (uint8_t at = 0; at < n; at++) {
        uint16_t x = s[at];
        uint8_t xe = (uint8_t)(x >> 2 & 15);
        if ((xe == 1 || xe == 8) != ((x & OWN_MOVES) && !(x & 1)))
            return ENGINE_OWN_WILD;
        for (uint8_t L = 1; L <= TABLE_ROWS; L++) {
            /* every run's value is met here with the empty sum, the first
             * state, before the closure can have grown */
            if (o->g[L] > 7)
                return ENGINE_OWN_VALUES;
            uint8_t te = tame_elem(o->g[L]);
            uint16_t a = run_a(o, L);
            uint16_t y = (uint16_t)(set_div(x & OWN_SET, te) | set_div(a & OWN_SET, xe) | ((x | a) & OWN_MOVES)
                                    | tame_mul(xe, te) << 2);
            uint8_t i = 0;
            while (i < n && s[i] != y)
                i++;
            if (i < n)
                continue;
            if (n == OWN_PROOF_STATES)
                return ENGINE_OWN_BIG;
            s[n++] = y;
        }
    }
    /* tame on its runs; and misere Nim on the column values? Pins: every
     * column's value and the OR of its runs' values (2 or more: a big run
     * is). Checked last: a wild code is called wild, whatever its columns. */
    for (uint8_t m = 255; o->form == FORM_PINS && m; m--) {
        own_runs_t r = own_runs(m);
        if (r.any > 1 && r.value < 2)
            return ENGINE_OWN_COLUMN;
    }
    return ENGINE_OWN_PLAYED;
}
