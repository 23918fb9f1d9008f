/* ed.c - EMPTY AND DIVIDE's tables (table generator).
 *
 * Two boxes of m and n counters; a move empties one box and divides the
 * other's counters between the two, at least one in each; (1, 1) has no
 * move. Every position up to ED_MAX x ED_MAX is solved here by brute force
 * over its moves, normal and misere play, and so is every Grundy value
 * (normal play) by the mex rule. From that the generator derives what the
 * engine keeps, and checks it against every position:
 *   - a box of s is "cold" when no division of it leaves a P-position;
 *     the position is P exactly when both boxes are cold (misere: and it
 *     is not (1, 1), where the player to move has already won). The cold
 *     boxes are folded into start and period, their bits kept with the
 *     one-heap form's (the engine reads both alike);
 *   - kmax: where a box has a division to a P-position, one puts at most
 *     kmax counters in the emptied box (the engine's hint tries 1..kmax);
 *   - the Grundy value is the count of trailing 1 bits of (m-1) | (n-1)
 *     (the engine's GRUNDY computes it; checked here, not assumed). */
#include <string.h>

#include "gen.h"

#define ED_MAX 255

static uint8_t ed_p[2][ED_MAX + 1][ED_MAX + 1]; /* [misere][m][n]: P */
static uint8_t ed_g[ED_MAX + 1][ED_MAX + 1];    /* normal play's Grundy value */

/* Solves every position by its moves, in order of m + n (a move leaves
 * m' + n' = the divided box < m + n). */
static void ed_solve(void)
{
    for (int t = 2; t <= 2 * ED_MAX; t++)
        for (int m = 1; m <= ED_MAX; m++) {
            int n = t - m, any = 0, to_p[2] = {0, 0};
            uint8_t seen[2 * ED_MAX + 2];
            if (n < 1 || n > ED_MAX)
                continue;
            memset(seen, 0, sizeof seen);
            for (int side = 0; side < 2; side++) {
                int s = side ? n : m;
                for (int k = 1; k < s; k++) {
                    any = 1;
                    for (int mis = 0; mis < 2; mis++)
                        to_p[mis] |= ed_p[mis][k][s - k];
                    seen[ed_g[k][s - k]] = 1;
                }
            }
            ed_p[0][m][n] = !to_p[0];
            ed_p[1][m][n] = any && !to_p[1]; /* misere: no move, the mover has won */
            ed_g[m][n] = (uint8_t)gen_mex(seen, (int)sizeof seen);
        }
}

/* The shortest start + period that reproduces cold[1..ED_MAX]; stops
 * the build if there is none (the engine folds by the period). */
static int ed_fold(const uint8_t *cold, int *start, int *period)
{
    for (int len = 2; len <= ED_MAX; len++)
        for (int per = 1; per < len; per++) {
            int st = len - per, ok = 1;
            for (int s = 1; s <= ED_MAX && ok; s++)
                ok = cold[s] == cold[s < len ? s : st + (s - st) % per];
            if (ok) {
                *start = st;
                *period = per;
                return len;
            }
        }
    gen_die("EMPTY AND DIVIDE: the cold boxes have no period", NULL);
}

/* Places a list of n bytes in the bits: where the same bytes already are,
 * or where the bits' tail begins it, else at the end. Returns its offset
 * (the engine's: a byte). */
static int bits_place(uint8_t *bits, int *nbits, const uint8_t *list, int n)
{
    int at = 0;
    while (at < *nbits && memcmp(bits + at, list, (size_t)(*nbits - at < n ? *nbits - at : n)))
        at++;
    if (at + n > *nbits) {
        memcpy(bits + at, list, (size_t)n);
        *nbits = at + n;
    }
    if (at > 255)
        gen_die("EMPTY AND DIVIDE's bits do not fit a byte offset", NULL);
    return at;
}

void emit_ed(FILE *f)
{
    static uint8_t cold[2][ED_MAX + 1];
    uint8_t bits[2 * ((ED_MAX + 8) / 8)];
    int nbits = 0;
    int start[2], period[2], at[2], kmax[2] = {0, 0};
    ed_solve();
    for (int mis = 0; mis < 2; mis++) {
        for (int s = 1; s <= ED_MAX; s++) {
            int first = 0;
            for (int k = s - 1; k >= 1; k--)
                if (ed_p[mis][k][s - k])
                    first = k;
            cold[mis][s] = !first;
            if (first > kmax[mis])
                kmax[mis] = first;
        }
        int len = ed_fold(cold[mis], &start[mis], &period[mis]);
        for (int m = 1; m <= ED_MAX; m++)
            for (int n = 1; n <= ED_MAX; n++) {
                int p = cold[mis][m] && cold[mis][n] && !(mis && m == 1 && n == 1);
                if (p != ed_p[mis][m][n])
                    gen_die("EMPTY AND DIVIDE: P is not \"both boxes cold\"", mis ? " (misere)" : "");
            }
        uint8_t list[(ED_MAX + 8) / 8] = {0};
        for (int s = 1; s < len; s++)
            list[s / 8] |= (uint8_t)(cold[mis][s] << (s % 8));
        at[mis] = bits_place(bits, &nbits, list, (len + 7) / 8);
    }
    for (int m = 1; m <= ED_MAX; m++)
        for (int n = 1; n <= ED_MAX; n++) {
            int x = (m - 1) | (n - 1), g = 0;
            for (; x & 1; x >>= 1)
                g++;
            if (g != ed_g[m][n])
                gen_die("EMPTY AND DIVIDE: g(m, n) is not the trailing 1s of (m-1) | (n-1)", NULL);
        }
    fprintf(f, "/* EMPTY AND DIVIDE, proved on every position up to %d x %d by brute\n"
               " * force over its moves. Cold boxes (no division leaves a P-position):", ED_MAX, ED_MAX);
    for (int mis = 0; mis < 2; mis++) {
        fprintf(f, "\n * %s:", mis ? "misere" : "normal");
        for (int s = 1; s <= 20; s++)
            if (cold[mis][s])
                fprintf(f, " %d", s);
        fprintf(f, " ...");
    }
    fprintf(f, "\n * P: both boxes cold (misere: not (1, 1)); a winning division puts at\n"
               " * most ed_kmax counters in the emptied box. */\n");
    fprintf(f, "const ed_seq_t ed_seq[2] PROGMEM = {");
    for (int mis = 0; mis < 2; mis++)
        fprintf(f, "{%d, %d, %d}%s", at[mis], start[mis], period[mis], mis ? "" : ", ");
    fprintf(f, "};\nconst uint8_t ed_kmax[2] PROGMEM = {%d, %d};\n", kmax[0], kmax[1]);
    fprintf(f, "const uint8_t ed_bits[%d] PROGMEM = {", nbits);
    for (int b = 0; b < nbits; b++)
        fprintf(f, "0x%02x%s", bits[b], b + 1 < nbits ? ", " : "");
    fprintf(f, "};\n\n");
}
