/* test_own_misere.c - your own game in misere play (issue 21): the chip's
 * proof (own_misere.c) decides, when a code is set, whether its misere
 * play is misere Nim on the runs' values, and the engine plays the codes
 * it proves. Against the independent brute-force solver, which knows the
 * code only as its words and misere only as "no move: the mover wins":
 *   - every code of one and two digits, with and without repeat, that
 *     the chip plays: the checks of own_check.h (P, hint, reply, the
 *     random move, the move list) on every position of 1 to 4 heap
 *     columns, or for pins every column alone, every pair (one digit) or
 *     5,000 random pairs (two), and 2,000 random triples;
 *   - every code it refuses as wild: a position of at most three columns
 *     where misere Nim on the column values (computed here by the mex rule,
 *     not by the engine) disagrees with the solver, so the refusal is
 *     right; refused codes are refused by engine_check_pos;
 *   - 120 random codes of three and four digits, 1,500 random positions
 *     each where the chip plays them;
 *   - every code of up to four digits: how many the chip plays, and why
 *     it refuses the others (printed: the README's figures). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "solver.h"

#include "fail.h"
#include "own_check.h"

static int summary(void)
{
    printf("test_own_misere: %s, %lu failures\n", failures ? "FAILED" : "passed", failures);
    return failures != 0;
}

bool code_select(const octal_code_t *c)
{
    uint8_t err = engine_own_set(c);
    if (err) {
        FAIL("%s: refused (%u)", code_text(c), err);
        return false;
    }
    own_pins = octal_splits(c);
    solver_select_code(c->digit, c->len, c->repeat, true);
    if (own_stuck(c))
        return false;
    n_codes++;
    return true;
}

/* ---- misere Nim on the column values, from the code's words -------------- */

static uint8_t mex_g[TABLE_ROWS + 1];

static void mex_derive(const octal_code_t *c)
{
    for (unsigned n = 0; n <= TABLE_ROWS; n++) {
        bool seen[64] = {false};
        for (unsigned k = 1; k <= n; k++) {
            unsigned d = octal_digit(c, (uint8_t)k), r = n - k;
            if ((d & 1) && !r)
                seen[0] = true;
            if ((d & 2) && r)
                seen[mex_g[r]] = true;
            for (unsigned a = 1; (d & 4) && a < r; a++)
                seen[mex_g[a] ^ mex_g[r - a]] = true;
        }
        unsigned g = 0;
        while (seen[g])
            g++;
        mex_g[n] = (uint8_t)g;
    }
}

/* A column's value: its heap's, or the XOR of its runs' (pins). */
static unsigned mex_col(uint8_t col)
{
    unsigned x = 0;
    if (!own_pins)
        return mex_g[col];
    for (unsigned i = 0, run = 0; i <= TABLE_ROWS; i++) {
        if (i < TABLE_ROWS && (col >> i & 1)) {
            run++;
        } else {
            x ^= mex_g[run];
            run = 0;
        }
    }
    return x;
}

/* Misere Nim on the column values: while some column is worth 2 or more,
 * P when they XOR to 0; else P with an odd number of 1s. */
static bool mis_nim_p(const uint8_t *cols, unsigned n)
{
    unsigned x = 0;
    bool big = false;
    for (unsigned i = 0; i < n; i++) {
        x ^= mex_col(cols[i]);
        big |= mex_col(cols[i]) > 1;
    }
    return big ? x == 0 : x == 1;
}

/* A position of up to three columns where misere Nim on the column
 * values is wrong (heaps: every one; pins: every column and pair, random triples). */
static bool wild_witness(const octal_code_t *c)
{
    uint8_t cols[3];
    unsigned top = own_pins ? 256 : TABLE_ROWS + 1;
    mex_derive(c);
    for (unsigned n = 1; n <= 3; n++) {
        unsigned count = n == 1 ? top : n == 2 ? top * top : own_pins ? 20000 : top * top * top;
        for (unsigned k = 0; k < count; k++) {
            for (unsigned i = 0, v = k; i < n; i++, v /= top)
                cols[i] = (uint8_t)(n == 3 && own_pins ? rnd() : v % top);
            if (mis_nim_p(cols, n) != solver_is_p(cols, (uint8_t)n))
                return true;
        }
    }
    return false;
}

/* ---- the codes ------------------------------------------------------------ */

static unsigned n_tried, n_played, n_refused[8], n_witness;

static void check_code(const octal_code_t *c, bool full)
{
    n_tried++;
    if (!code_select(c))
        return;
    uint8_t why = engine_own_misere();
    engine_pos_t p = pos_of(1);
    if (why > 7) {
        FAIL("%s: misere verdict %u", code_text(c), why);
        return;
    }
    if ((engine_check_pos(&p) == ENGINE_OK) != !why)
        FAIL("%s: misere %s but the position is %s", code_text(c), why ? "refused" : "played",
             engine_check_pos(&p) == ENGINE_OK ? "accepted" : "refused");
    if (why) {
        n_refused[why]++;
        if ((why == 1 || why == 3) && full) {
            if (wild_witness(c))
                n_witness++;
            else
                FAIL("%s: refused (%u), but misere Nim on its column values agrees with the solver everywhere tried",
                     code_text(c), why);
        }
        return;
    }
    n_played++;
    if (full)
        check_code_full(c);
    else
        check_code_sample(c, 1500);
}

static octal_code_t code_of(unsigned len, unsigned v, bool rep)
{
    octal_code_t c;
    memset(&c, 0, sizeof c);
    c.len = (uint8_t)len, c.repeat = rep;
    for (unsigned i = len; i-- > 0; v >>= 3)
        c.digit[i] = (uint8_t)(v & 7);
    return c;
}

int main(void)
{
    snprintf(game_name, sizeof game_name, "OCTAL MISERE");
    own_mode = ENGINE_MISERE;

    /* every code of one and two digits */
    for (unsigned len = 1; len <= 2; len++)
        for (unsigned v = 0; v < (len == 1 ? 8u : 64u); v++)
            for (unsigned rep = 0; rep <= 1; rep++) {
                octal_code_t c = code_of(len, v, rep);
                if (octal_check(&c) == OCTAL_OK && failures < 30)
                    check_code(&c, true);
            }
    printf("test_own_misere: every code of 1-2 digits: %u codes; played %u (%lu positions, %lu P, %lu moves "
           "listed); refused: wild %u, a run worth over 7 %u, a column of two big runs worth 0 or 1 %u (the wild and "
           "those each shown misjudged by misere Nim on a position: %u)\n",
           n_tried, n_played, n_pos, n_p, n_moves, n_refused[1], n_refused[2], n_refused[3], n_witness);

    /* random longer codes */
    unsigned long pos0 = n_pos;
    unsigned played0 = n_played;
    for (unsigned k = 0; k < 120 && failures < 30; k++) {
        unsigned len = 3 + rnd() % 2;
        octal_code_t c = code_of(len, rnd() % (len == 3 ? 512u : 4096u), rnd() & 1);
        if (octal_check(&c) == OCTAL_OK)
            check_code(&c, false);
    }
    printf("test_own_misere: random codes of 3-4 digits: %u played, %lu positions\n", n_played - played0,
           n_pos - pos0);

    /* every code of up to four digits (the last digit not 0): the census */
    unsigned count[2][5];
    memset(count, 0, sizeof count);
    for (unsigned len = 1; len <= 4; len++)
        for (unsigned v = 0; v < (1u << (3 * len)); v++)
            for (unsigned rep = 0; rep <= 1; rep++) {
                octal_code_t c = code_of(len, v, rep);
                if (!(v & 7) || engine_own_set(&c) != OCTAL_OK)
                    continue;
                uint8_t why = engine_own_misere();
                count[octal_splits(&c)][why < 5 ? why : 4]++;
            }
    for (unsigned f = 0; f < 2; f++)
        printf("test_own_misere: codes of 1-4 digits (last digit not 0), %s: played %u; refused: wild %u, a run "
               "worth over 7 %u, a column of two big runs worth 0 or 1 %u, the proof's room %u\n",
               f ? "pins" : "heaps", count[f][0], count[f][1], count[f][2], count[f][3], count[f][4]);
    if (count[0][4] + count[1][4])
        FAIL("a code's proof outgrew OWN_PROOF_STATES");
    return summary();
}
