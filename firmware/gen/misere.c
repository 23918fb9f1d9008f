/* misere.c - misere quotients: finding Q and naming its elements (table
 * generator).
 *
 *
 * In misere play (the last move loses) Grundy values no longer decide a sum.
 * What does is the misere quotient of the positions that can occur
 * (Plambeck, "Taming the wild in impartial combinatorial games", 2005;
 * Plambeck and Siegel, "Misere quotients for impartial games", 2008): a
 * finite commutative monoid Q, the element of Q of each column, and the set
 * P of elements whose positions are lost by the player to move. A position
 * is P exactly when the product of its columns' elements lies in P.
 *
 * A position is a sum of generators: heaps 1..8 for the heap rules, runs of
 * 1..8 pins or free cells for the pin and cell rules (a column is the sum of
 * its runs), and for the coin rules each nonzero 8-coin mask as one game (its
 * coins are not a sum in misere play). A generator's options are sums of 0,
 * 1 or 2 generators.
 *
 * How Q is found: first the misere-Nim quotient of the column Grundy values
 * is tried (the rule is then "tame": played as misere Nim on the values);
 * if it fails, Q is built from outcomes: positions are told apart by their
 * outcomes against every test position of up to D generators (D = 1, 2,
 * ...), elements are the classes met from the empty position by adding
 * generators, and the product of two classes is the class of the sum of
 * their representatives.
 *
 * How Q is proved (mq_prove), whatever found it:
 *   1. the table is a commutative monoid with identity 0;
 *   2. for EVERY position, of any number of columns, "P exactly when the
 *      product lies in P" holds. By induction over the game: a position X
 *      is P iff it has a move and every option is N, and an option that
 *      moves a column of element q to o has product F(q) * o, where F(q) is
 *      the product of X without one column of element q (the same whichever
 *      such column is taken). So it is enough that the check holds on every
 *      (product, F, option elements per present q) that sums can reach, a
 *      finite set, explored here to its closure;
 *   3. every two elements are told apart by a witness position, and the
 *      brute-force outcome (no quotient) agrees on the witness;
 *   4. every position of up to a stated number of generators has the
 *      brute-force outcome the quotient says.
 * The build fails if any of these does not hold (misere_proof.c). */
#include <stdlib.h>
#include <string.h>

#include "gen.h"

mgame_t mgame;
int mq_found_most;

static void mopt_add(int gi, int a, int b)
{
    if (mgame.nopt[gi] >= MG_OPTS)
        gen_die("too many options for a misere generator: ", mgame.rule->id);
    uint8_t *o = mgame.opt[gi][mgame.nopt[gi]++];
    if (a >= 0 && b >= 0 && b < a) {
        int t = a;
        a = b;
        b = t;
    }
    if (a < 0) {
        a = b;
        b = -1;
    }
    o[0] = (uint8_t)(a < 0 ? 0xFF : a);
    o[1] = (uint8_t)(b < 0 ? 0xFF : b);
}

/* The generators of a rule and their options. Heaps and runs: generator
 * i is a heap of i + 1; coins: generator i is the mask i + 1. */
void mgame_build(const rule_t *r)
{
    memset(&mgame, 0, sizeof mgame);
    mgame.rule = r;
    if (r->form == FORM_COINS) {
        int lo, hi;
        coin_turns(r, &lo, &hi);
        mgame.ngen = 255;
        for (int m = 1; m < 256; m++)
            for (int t = 0; t < 8; t++) {
                if (!(m & (1 << t)))
                    continue;
                for (int a = -1; a < t; a++)
                    for (int b = -1; b < (a < 0 ? 0 : a); b++) {
                        int turned = 1 + (a >= 0) + (b >= 0);
                        if (turned < lo || turned > hi)
                            continue;
                        int to = m ^ (1 << t) ^ (a >= 0 ? 1 << a : 0) ^ (b >= 0 ? 1 << b : 0);
                        mopt_add(m - 1, to ? to - 1 : -1, -1);
                    }
            }
    } else {
        mgame.ngen = TABLE_ROWS;
        for (int n = 1; n <= TABLE_ROWS; n++)
            for (int k = 1; k <= n; k++) {
                if (!heap_move_ok(r, n, k))
                    continue;
                if (r->kind == KIND_HALF) {
                    mopt_add(n - 1, n - k - 1, -1);
                    continue;
                }
                uint8_t d = r->digit[k];
                if ((d & 1) && k == n)
                    mopt_add(n - 1, -1, -1);
                if ((d & 2) && k < n)
                    mopt_add(n - 1, n - k - 1, -1);
                if (d & 4)
                    for (int a = 1; a <= (n - k) / 2; a++)
                        if (n - k - a >= 1)
                            mopt_add(n - 1, a - 1, n - k - a - 1);
            }
    }
    for (int i = 0; i < mgame.ngen; i++) {
        uint8_t seen[64] = {0};
        for (int j = 0; j < mgame.nopt[i]; j++) {
            int v = 0;
            for (int s = 0; s < 2; s++)
                if (mgame.opt[i][j][s] != 0xFF)
                    v ^= mgame.grundy[mgame.opt[i][j][s]];
            seen[v] = 1;
        }
        mgame.grundy[i] = gen_mex(seen, 64);
    }
}

/* A column state as its generators; returns how many (up to 4). */
int mcol_gens(const rule_t *r, int state, uint8_t *g)
{
    int n = 0;
    if (r->form == FORM_HEAP) {
        if (state)
            g[n++] = (uint8_t)(state - 1);
        return n;
    }
    if (r->form == FORM_COINS) {
        if (state)
            g[n++] = (uint8_t)(state - 1);
        return n;
    }
    unsigned runs = r->form == FORM_PINS ? (unsigned)state : ~state & ~(state << 1) & ~(state >> 1) & 0xFFu;
    for (int i = 0, len = 0; i <= 8; i++) {
        if (i < 8 && (runs & (1u << i))) {
            len++;
        } else {
            if (len)
                g[n++] = (uint8_t)(len - 1);
            len = 0;
        }
    }
    return n;
}

int mcol_states(const rule_t *r)
{
    return r->form == FORM_HEAP ? TABLE_ROWS + 1 : 256;
}

int mcol_valid(const rule_t *r, int s)
{
    return r->form != FORM_CELLS || !(s & (s >> 1));
}

/* ---- the quotient's arithmetic -------------------------------------------- */

int mq_in_p(const mq_t *q, int e)
{
    return (int)((q->p >> e) & 1);
}

uint8_t mq_prod_gens(const mq_t *q, const uint8_t *g, int n)
{
    uint8_t e = 0;
    for (int i = 0; i < n; i++)
        e = q->mul[e][q->gen[g[i]]];
    return e;
}

/* Element of generator i's option j. */
uint8_t mq_opt_elem(const mq_t *q, int i, int j)
{
    uint8_t e = 0;
    for (int s = 0; s < 2; s++)
        if (mgame.opt[i][j][s] != 0xFF)
            e = q->mul[e][q->gen[mgame.opt[i][j][s]]];
    return e;
}

/* ---- finding Q ---------------------------------------------------------------- */

/* The misere-Nim quotient on the generators' Grundy values: element
 * (no column worth 2 or more, parity of the 1s) or (some column worth 2 or
 * more, nim-sum), restricted to what the generators reach. */
static void mq_tame(mq_t *q)
{
    int vmax = 1;
    for (int i = 0; i < mgame.ngen; i++)
        if (mgame.grundy[i] > vmax)
            vmax = mgame.grundy[i];
    int k = 2;
    while (k <= vmax)
        k *= 2;
    int full = 2 + k; /* 0: (small, 0), 1: (small, 1), 2 + x: (big, x) */
    static uint8_t fm[2 + 64][2 + 64];
    if (full > 2 + 64)
        gen_die("a Grundy value over 63: ", mgame.rule->id);
    for (int a = 0; a < full; a++)
        for (int b = 0; b < full; b++) {
            int big = a >= 2 || b >= 2, x = (a >= 2 ? a - 2 : a) ^ (b >= 2 ? b - 2 : b);
            fm[a][b] = (uint8_t)(big ? 2 + x : x);
        }
    /* the elements the generators reach, numbered in order met */
    int num[2 + 64], back[MQ_MAX], n = 0;
    for (int a = 0; a < full; a++)
        num[a] = -1;
    num[0] = 0;
    back[n++] = 0;
    for (int at = 0; at < n; at++)
        for (int g = 0; g < mgame.ngen; g++) {
            int v = mgame.grundy[g], e = fm[back[at]][v >= 2 ? 2 + v : v];
            if (num[e] < 0) {
                if (n == MQ_MAX)
                    gen_die("misere quotient over 64 elements: ", mgame.rule->id);
                num[e] = n;
                back[n++] = e;
            }
        }
    memset(q, 0, sizeof *q);
    q->n = n;
    q->tame = 1;
    for (int a = 0; a < n; a++) {
        for (int b = 0; b < n; b++)
            q->mul[a][b] = (uint8_t)num[fm[back[a]][back[b]]];
        if (back[a] == 1 || back[a] == 2)
            q->p |= 1ull << a;
    }
    for (int g = 0; g < mgame.ngen; g++) {
        int v = mgame.grundy[g];
        q->gen[g] = (uint8_t)num[v >= 2 ? 2 + v : v];
    }
}

/* mq_discover's test positions, the outcomes of its classes against them
 * (bit t: P with test t added), and the generators it builds positions
 * from: one of each class of generators that the outcomes against every
 * single generator tell apart (the coin rules have 255 generators, and
 * their sums of three or more are too many to search; the proof then
 * checks every generator's element). */
static struct {
    mpos_t tests[60000];
    int nt;
    size_t words;
    uint64_t sig[MQ_MAX][1000], cur[1000];
    int nact;
    uint8_t act[MG_MAX];
} disc;

/* Lists every multiset of up to d of the generators act[0..nact-1] as a
 * test; 0 if too many. */
static int discover_tests(int d)
{
    uint8_t idx[16];
    disc.nt = 0;
    for (int len = 0; len <= d; len++) {
        for (int i = 0; i < len; i++)
            idx[i] = 0;
        for (;;) {
            if (disc.nt == (int)(sizeof disc.tests / sizeof disc.tests[0]))
                return 0;
            disc.tests[disc.nt].len = (uint8_t)len;
            for (int i = 0; i < len; i++)
                disc.tests[disc.nt].g[i] = disc.act[idx[i]];
            disc.nt++;
            int i = len;
            while (i > 0 && idx[i - 1] == disc.nact - 1)
                i--;
            if (i == 0)
                break;
            idx[i - 1]++;
            for (int j = i; j < len; j++)
                idx[j] = idx[i - 1];
        }
    }
    disc.words = (size_t)(disc.nt + 63) / 64;
    return disc.words <= 1000;
}

/* The class of position x among the n known: its outcomes against every
 * test go to disc.cur; n if they match no class's. */
static int discover_class(const mpos_t *x, int n)
{
    memset(disc.cur, 0, disc.words * 8);
    for (int t = 0; t < disc.nt; t++) {
        mpos_t y = *x;
        mpos_cat(&y, disc.tests[t].g, disc.tests[t].len);
        if (brute_is_p(&y))
            disc.cur[t / 64] |= 1ull << (t % 64);
    }
    int c;
    for (c = 0; c < n && memcmp(disc.sig[c], disc.cur, disc.words * 8); c++)
        ;
    return c;
}

/* disc.act: the first generator of each class of generators with the
 * same outcomes against every single generator. */
static void discover_act(void)
{
    static uint64_t gsig[MG_MAX][(MG_MAX + 64) / 64];
    disc.nact = mgame.ngen;
    for (int g = 0; g < mgame.ngen; g++)
        disc.act[g] = (uint8_t)g;
    discover_tests(1);
    int n = 0;
    for (int g = 0; g < mgame.ngen; g++) {
        mpos_t x = {1, {(uint8_t)g}};
        discover_class(&x, 0);
        memcpy(gsig[g], disc.cur, disc.words * 8);
        int h;
        for (h = 0; h < g && memcmp(gsig[h], gsig[g], disc.words * 8); h++)
            ;
        if (h == g)
            disc.act[n++] = (uint8_t)g;
    }
    disc.nact = n;
}

/* Q from outcomes: positions with the same outcome against every test
 * position of up to d generators (of disc.act) are taken as one element. */
static int mq_discover(mq_t *q, int d)
{
    if (!discover_tests(d))
        return 0;
    memset(q, 0, sizeof *q);
    mpos_t e0 = {0, {0}};
    discover_class(&e0, 0);
    memcpy(disc.sig[0], disc.cur, disc.words * 8);
    q->replen[0] = 0;
    int n = 1;
    for (int at = 0; at < n; at++)
        for (int a = 0; a < disc.nact; a++) {
            mpos_t x = {0, {0}};
            mpos_cat(&x, q->rep[at], q->replen[at]);
            mpos_cat(&x, &disc.act[a], 1);
            int c = discover_class(&x, n);
            if (c == n) {
                if (n == MQ_MAX || x.len > 12)
                    return 0;
                if (n + 1 > mq_found_most)
                    mq_found_most = n + 1;
                memcpy(disc.sig[n], disc.cur, disc.words * 8);
                memcpy(q->rep[n], x.g, x.len);
                q->replen[n++] = x.len;
            }
        }
    for (int g = 0; g < mgame.ngen; g++) { /* every generator is a class met */
        mpos_t x = {1, {(uint8_t)g}};
        if ((q->gen[g] = (uint8_t)discover_class(&x, n)) == n)
            return 0;
    }
    q->n = n;
    for (int a = 0; a < n; a++)
        for (int b = a; b < n; b++) {
            mpos_t x = {0, {0}};
            mpos_cat(&x, q->rep[a], q->replen[a]);
            mpos_cat(&x, q->rep[b], q->replen[b]);
            int c = discover_class(&x, n);
            if (c == n)
                return 0;
            q->mul[a][b] = q->mul[b][a] = (uint8_t)c;
        }
    for (int a = 0; a < n; a++)
        if (disc.sig[a][0] & 1) /* test 0 is the empty position */
            q->p |= 1ull << a;
    return 1;
}

/* The quotient of a rule, proved: tame if misere Nim on the values
 * proves, else the first found from outcomes (tests of 1..6 generators)
 * that proves. */
int mq_find(const rule_t *r, mq_t *q)
{
    mgame_build(r);
    memo_clear();
    mq_found_most = 0;
    mq_tame(q);
    if (mq_prove(q))
        return 1;
    static char why[200];
    snprintf(why, sizeof why, "%s", mq_fail ? mq_fail : "?");
    discover_act();
    for (int pass = 0; pass < 2; pass++) {
        for (int d = 1; d <= 6; d++) {
            if (!mq_discover(q, d))
                continue;
            if (mq_prove(q)) {
                q->why_wild = why;
                q->found_d = d;
                q->found_all = pass;
                return 1;
            }
        }
        /* Generators alike against single ones may differ against sums,
         * and then the positions built never meet one of them (0.6's run
         * of 7 pins, census.c): again with all, where they are few. */
        if (disc.nact == mgame.ngen || mgame.ngen > TABLE_ROWS)
            break;
        for (int g = 0; g < mgame.ngen; g++)
            disc.act[g] = (uint8_t)g;
        disc.nact = mgame.ngen;
    }
    q->why_wild = why;
    return 0;
}

/* The quotient of a rule, proved, or the build stops. */
void mq_compute(const rule_t *r, mq_t *q)
{
    if (mq_find(r, q))
        return;
    fprintf(stderr, "grundy: misere quotient of %s: tame fails (%s), and no quotient found proves (%s)\n",
            r->id, q->why_wild, mq_fail ? mq_fail : "?");
    exit(2);
}

/* ---- naming --------------------------------------------------------------- */

/* Letters: the generators' elements that earlier ones do not already
 * produce; elements renumbered in the order a breadth-first walk over the
 * letters meets them, each named by the word that first reached it. */
int mq_letters[26], mq_nletters;
char mq_names[MQ_MAX][24];
uint8_t mq_word[MQ_MAX][26];

void mq_canon(mq_t *q)
{
    uint8_t have[MQ_MAX], order[MQ_MAX], num[MQ_MAX];
    int n = 0;
    mq_nletters = 0;
    memset(have, 0, sizeof have);
    have[0] = 1;
    order[n++] = 0;
    memset(mq_word, 0, sizeof mq_word);
    for (int g = 0; g < mgame.ngen; g++) {
        int e = q->gen[g];
        if (have[e])
            continue;
        if (mq_nletters == 26)
            gen_die("misere quotient needs over 26 letters: ", mgame.rule->id);
        mq_letters[mq_nletters++] = e;
        /* close the walk over the letters so far */
        for (int at = 0; at < n; at++)
            for (int l = 0; l < mq_nletters; l++) {
                int y = q->mul[order[at]][mq_letters[l]];
                if (have[y])
                    continue;
                have[y] = 1;
                memcpy(mq_word[y], mq_word[order[at]], sizeof mq_word[0]);
                mq_word[y][l]++;
                order[n++] = (uint8_t)y;
            }
    }
    mq_t old = *q;
    for (int i = 0; i < n; i++)
        num[order[i]] = (uint8_t)i;
    uint8_t w[MQ_MAX][26];
    memcpy(w, mq_word, sizeof w);
    q->p = 0;
    for (int a = 0; a < n; a++) {
        for (int b = 0; b < n; b++)
            q->mul[num[a]][num[b]] = num[old.mul[a][b]];
        if ((old.p >> a) & 1)
            q->p |= 1ull << num[a];
        memcpy(mq_word[num[a]], w[a], sizeof w[0]);
        memcpy(q->rep[num[a]], old.rep[a], sizeof old.rep[0]);
        q->replen[num[a]] = old.replen[a];
    }
    for (int g = 0; g < mgame.ngen; g++)
        q->gen[g] = num[old.gen[g]];
    for (int l = 0; l < mq_nletters; l++)
        mq_letters[l] = num[mq_letters[l]];
    for (int e = 0; e < n; e++) {
        char *s = mq_names[e];
        int o = 0;
        for (int l = 0; l < mq_nletters; l++)
            if (mq_word[e][l])
                o += mq_word[e][l] > 1 ? sprintf(s + o, "%c^%d", 'a' + l, mq_word[e][l])
                                       : sprintf(s + o, "%c", 'a' + l);
        if (!o)
            strcpy(s, "1");
    }
}

