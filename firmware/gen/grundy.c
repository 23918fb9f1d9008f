/* grundy.c - the table generator (host program, run at build time).
 *
 * Derives every table the engine reads from the rule definitions in
 * rules.h, so no Grundy value is ever typed in:
 *   build/grundy NAME N                  print g(0) .. g(N-1) of a rule
 *   build/grundy --list                  list the rules
 *   build/grundy --emit-c FILE --heap-max M   write the PROGMEM tables
 *   build/grundy --misere NAME           print a rule's misere quotient, proved
 *   build/grundy --misere-selftest       show the quotient proof refuses wrong ones
 *
 * g(n) is the Grundy value of one heap of n tokens for octal and
 * at-most-half rules, and of a single head on coin n (counted from 0) for
 * Mock Turtles. Values are computed by the definition: the mex (minimum
 * excluded value) of the values of all positions one move away. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

#define MAX_N 4096

typedef struct {
    const char *id;
    const char *name;
    int kind;
    const char *code;
    int form;
    uint8_t digit[MAX_N + 1]; /* digit[k]: octal digit for taking k */
} rule_t;

static rule_t rules[RULE_COUNT] = {
#define RULE_INIT(id, name, kind, code, form) {#id, name, kind, code, form, {0}},
    RULES(RULE_INIT)
#undef RULE_INIT
};

static void die(const char *msg, const char *arg)
{
    fprintf(stderr, "grundy: %s%s\n", msg, arg ? arg : "");
    exit(2);
}

/* "0.d1d2...dk[*]" -> digit[1..]; '*' repeats dk for every larger k. */
static void rule_parse(rule_t *r)
{
    if (r->kind != KIND_OCTAL)
        return;
    const char *s = r->code;
    if (strncmp(s, "0.", 2) != 0)
        die("octal code must start with 0.: ", s);
    int k = 0;
    for (s += 2; *s && *s != '*'; s++) {
        if (*s < '0' || *s > '7')
            die("bad octal digit in ", r->code);
        if (++k > RULE_MAX_DIGITS)
            die("octal code longer than RULE_MAX_DIGITS: ", r->code);
        r->digit[k] = (uint8_t)(*s - '0');
    }
    if (k == 0)
        die("empty octal code: ", r->code);
    if (*s == '*') {
        if (s[1])
            die("'*' must end the code: ", r->code);
        for (int j = k + 1; j <= MAX_N; j++)
            r->digit[j] = r->digit[k];
    }
    if (r->form == FORM_HEAP)
        for (int j = 1; j <= MAX_N; j++)
            if (r->digit[j] & 4)
                die("a heap column cannot split: ", r->code);
}

static int mex(const uint8_t *seen, int n)
{
    int v = 0;
    while (v < n && seen[v])
        v++;
    return v;
}

/* g[0..n-1] for a rule, by the definition. */
static void rule_sequence(const rule_t *r, int n, int *g)
{
    static uint8_t seen[MAX_N * 2 + 2];
    for (int x = 0; x < n; x++) {
        memset(seen, 0, sizeof seen);
        if (r->kind == KIND_OCTAL) {
            for (int k = 1; k <= x; k++) {
                uint8_t d = r->digit[k];
                if ((d & 1) && k == x)
                    seen[0] = 1;
                if ((d & 2) && k < x)
                    seen[g[x - k]] = 1;
                if (d & 4)
                    for (int a = 1; a < x - k; a++)
                        seen[g[a] ^ g[x - k - a]] = 1;
            }
        } else if (r->kind == KIND_HALF) {
            for (int k = 1; k <= x / 2; k++)
                seen[g[x - k]] = 1;
        } else { /* KIND_TURTLES: head on coin x turns to tails, 0..2 coins below turn over */
            seen[0] = 1;
            for (int a = 0; a < x; a++) {
                seen[g[a]] = 1;
                for (int b = 0; b < a; b++)
                    seen[g[a] ^ g[b]] = 1;
            }
        }
        g[x] = mex(seen, (int)sizeof seen);
    }
}

/* May a heap (or a run of pins) of n lose k tokens? Taking k may leave 0
 * parts (k = n), 1 (k < n) or 2 (a block inside, k <= n - 2; pin rules
 * only, rule_parse refuses a split in a heap rule). */
static int heap_move_ok(const rule_t *r, int n, int k)
{
    if (k < 1 || k > n)
        return 0;
    if (r->kind == KIND_HALF)
        return k <= n / 2;
    uint8_t d = r->digit[k];
    return ((d & 1) && k == n) || ((d & 2) && k < n) || ((d & 4) && k + 2 <= n);
}

static int heap_has_move(const rule_t *r, int n)
{
    for (int k = 1; k <= n; k++)
        if (heap_move_ok(r, n, k))
            return 1;
    return 0;
}

/* Column value of an 8-cell mask for the mask forms. */
static int mask_value(const rule_t *r, const int *g, unsigned m)
{
    unsigned runs;
    if (r->form == FORM_COINS) {
        int v = 0;
        for (int i = 0; i < 8; i++)
            if (m & (1u << i))
                v ^= g[i];
        return v;
    }
    if (r->form == FORM_PINS)
        runs = m;
    else /* FORM_CELLS: empty cells with no marked neighbour may be marked */
        runs = ~m & ~(m << 1) & ~(m >> 1) & 0xFFu;
    int v = 0, len = 0;
    for (int i = 0; i <= 8; i++) {
        if (i < 8 && (runs & (1u << i))) {
            len++;
        } else {
            v ^= g[len];
            len = 0;
        }
    }
    return v;
}

/* Does an 8-cell mask column have a move? Pins: some run has one. Cells:
 * some cell may still be marked (the engine's FORM_CELLS move). */
static int mask_has_move(const rule_t *r, unsigned m)
{
    if (r->form == FORM_CELLS)
        return (~m & ~(m << 1) & ~(m >> 1) & 0xFFu) != 0;
    for (int i = 0, len = 0; i <= 8; i++) {
        if (i < 8 && (m & (1u << i))) {
            len++;
        } else {
            if (heap_has_move(r, len))
                return 1;
            len = 0;
        }
    }
    return 0;
}

/* ---- misere quotients ------------------------------------------------------
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
 * its runs), and for Mock Turtles each nonzero 8-coin mask as one game (its
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
 * The build fails if any of these does not hold. */

#define MQ_MAX 64                 /* elements */
#define MG_MAX 255                /* generators */
#define MG_OPTS 96                /* options of one generator */
#define MISERE_STATES_EMIT 256
#define MPOS_MAX 64               /* generators in a brute-force position */

typedef struct {
    int ngen;
    uint8_t nopt[MG_MAX];
    uint8_t opt[MG_MAX][MG_OPTS][2]; /* 0xFF: none */
    int grundy[MG_MAX];
} mgame_t;

typedef struct {
    int n;                           /* elements; 0 is the identity */
    uint8_t mul[MQ_MAX][MQ_MAX];
    uint64_t p;                      /* bit e: e in P */
    uint8_t gen[MG_MAX];             /* each generator's element */
    uint8_t rep[MQ_MAX][MPOS_MAX];   /* a position of each element */
    uint8_t replen[MQ_MAX];
    int tame;                        /* misere Nim on the values */
    int checked_upto;                /* step 4's bound */
    int checked_weight;              /* ... counts tokens, not generators */
    const char *why_wild;            /* why misere Nim on the values fails */
    long states;                     /* step 2's closure */
} mq_t;

static const rule_t *mrule;
static mgame_t mg;

static void mopt_add(int gi, int a, int b)
{
    if (mg.nopt[gi] >= MG_OPTS)
        die("too many options for a misere generator: ", mrule->id);
    uint8_t *o = mg.opt[gi][mg.nopt[gi]++];
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
static void mgame_build(const rule_t *r)
{
    memset(&mg, 0, sizeof mg);
    mrule = r;
    if (r->form == FORM_COINS) {
        mg.ngen = 255;
        for (int m = 1; m < 256; m++)
            for (int t = 0; t < 8; t++) {
                if (!(m & (1 << t)))
                    continue;
                for (int a = -1; a < t; a++)
                    for (int b = -1; b < (a < 0 ? 0 : a); b++) {
                        int to = m ^ (1 << t) ^ (a >= 0 ? 1 << a : 0) ^ (b >= 0 ? 1 << b : 0);
                        mopt_add(m - 1, to ? to - 1 : -1, -1);
                    }
            }
    } else {
        mg.ngen = TABLE_ROWS;
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
    for (int i = 0; i < mg.ngen; i++) {
        uint8_t seen[64] = {0};
        for (int j = 0; j < mg.nopt[i]; j++) {
            int v = 0;
            for (int s = 0; s < 2; s++)
                if (mg.opt[i][j][s] != 0xFF)
                    v ^= mg.grundy[mg.opt[i][j][s]];
            seen[v] = 1;
        }
        mg.grundy[i] = mex(seen, 64);
    }
}

/* A column state as its generators; returns how many (up to 4). */
static int mcol_gens(const rule_t *r, int state, uint8_t *g)
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

static int mcol_states(const rule_t *r)
{
    return r->form == FORM_HEAP ? TABLE_ROWS + 1 : 256;
}

static int mcol_valid(const rule_t *r, int s)
{
    return r->form != FORM_CELLS || !(s & (s >> 1));
}

/* ---- brute-force misere outcome of a sum of generators (no quotient) ---- */

typedef struct {
    uint8_t len;
    uint8_t g[MPOS_MAX];
} mpos_t;

#define MEMO_BITS 21
static struct {
    uint64_t h;
    uint32_t at;          /* the key's generators, in memo_keys */
    uint8_t len, val;     /* val 1: P, 2: N */
} *memo_tab;
static uint8_t *memo_keys;
static size_t memo_keys_used, memo_keys_cap;
static long memo_used;

static void mpos_sort(mpos_t *x)
{
    for (int i = 1; i < x->len; i++)
        for (int j = i; j > 0 && x->g[j - 1] > x->g[j]; j--) {
            uint8_t t = x->g[j];
            x->g[j] = x->g[j - 1];
            x->g[j - 1] = t;
        }
}

static uint64_t mpos_hash(const mpos_t *x)
{
    uint64_t h = 1469598103934665603ull ^ x->len;
    for (int i = 0; i < x->len; i++)
        h = (h ^ x->g[i]) * 1099511628211ull;
    return h | 1;
}

/* 1 if the player to move loses (misere: no move at all means a win).
 * Memoised on the sorted generators, the whole key compared. */
static int brute_is_p(const mpos_t *x0)
{
    mpos_t x = *x0;
    mpos_sort(&x);
    uint64_t h = mpos_hash(&x);
    size_t mask = ((size_t)1 << MEMO_BITS) - 1, at = h & mask;
    if (!memo_tab) {
        memo_tab = calloc((size_t)1 << MEMO_BITS, sizeof *memo_tab);
        if (!memo_tab)
            die("out of memory", NULL);
    }
    for (;; at = (at + 1) & mask) {
        if (!memo_tab[at].h)
            break;
        if (memo_tab[at].h == h && memo_tab[at].len == x.len
            && !memcmp(memo_keys + memo_tab[at].at, x.g, x.len))
            return memo_tab[at].val == 1;
    }
    int any = 0, win = 0;
    for (int i = 0; i < x.len && !win; i++) {
        if (i && x.g[i] == x.g[i - 1])
            continue;
        int gi = x.g[i];
        for (int j = 0; j < mg.nopt[gi] && !win; j++) {
            mpos_t y = x;
            y.g[i] = y.g[--y.len];
            for (int s = 0; s < 2; s++)
                if (mg.opt[gi][j][s] != 0xFF) {
                    if (y.len >= MPOS_MAX)
                        die("brute-force position too long: ", mrule->id);
                    y.g[y.len++] = mg.opt[gi][j][s];
                }
            any = 1;
            win = brute_is_p(&y);
        }
    }
    if (!any)
        win = 1;
    if (++memo_used > (1l << MEMO_BITS) * 3 / 4)
        die("brute-force memo full: ", mrule->id);
    if (memo_keys_used + x.len > memo_keys_cap) {
        memo_keys_cap = memo_keys_cap ? memo_keys_cap * 2 : 1u << 20;
        memo_keys = realloc(memo_keys, memo_keys_cap);
        if (!memo_keys)
            die("out of memory", NULL);
    }
    for (at = h & mask; memo_tab[at].h; at = (at + 1) & mask)
        ;
    memo_tab[at].h = h;
    memo_tab[at].at = (uint32_t)memo_keys_used;
    memo_tab[at].len = x.len;
    memo_tab[at].val = (uint8_t)(win ? 2 : 1);
    memcpy(memo_keys + memo_keys_used, x.g, x.len);
    memo_keys_used += x.len;
    return !win;
}

static void memo_clear(void)
{
    if (memo_tab)
        memset(memo_tab, 0, ((size_t)1 << MEMO_BITS) * sizeof *memo_tab);
    memo_used = 0;
    memo_keys_used = 0;
}

static void mpos_cat(mpos_t *x, const uint8_t *g, int n)
{
    if (x->len + n > MPOS_MAX)
        die("brute-force position too long: ", mrule->id);
    memcpy(x->g + x->len, g, (size_t)n);
    x->len = (uint8_t)(x->len + n);
}

/* ---- the proof ---------------------------------------------------------------- */

static int mq_in_p(const mq_t *q, int e)
{
    return (int)((q->p >> e) & 1);
}

static uint8_t mq_prod_gens(const mq_t *q, const uint8_t *g, int n)
{
    uint8_t e = 0;
    for (int i = 0; i < n; i++)
        e = q->mul[e][q->gen[g[i]]];
    return e;
}

/* Element of generator i's option j. */
static uint8_t mq_opt_elem(const mq_t *q, int i, int j)
{
    uint8_t e = 0;
    for (int s = 0; s < 2; s++)
        if (mg.opt[i][j][s] != 0xFF)
            e = q->mul[e][q->gen[mg.opt[i][j][s]]];
    return e;
}

/* Step 2's closure state of a position X: its product E, whether some
 * column has a move, and the set D of the z for which some option of X
 * (one column c moved to o) has (X without c) * o * z in P. X is P exactly
 * when it has a move and the identity is not in D. Adding a column of
 * element t, whose options' A = { f : f * o in P for an option o }:
 * E' = E t, D' = { z : t z in D } + { z : E z in A }. */
typedef struct {
    uint8_t e, moves;
    uint64_t d;
} mstate_t;

static const char *mq_fail;
static char mq_fail_buf[160];

static int mq_prove_closure(mq_t *q)
{
    /* the types: (element, A, has a move) of each generator */
    int nt = 0;
    uint8_t te[MG_MAX], tm[MG_MAX];
    uint64_t ta[MG_MAX];
    for (int i = 0; i < mg.ngen; i++) {
        uint64_t a = 0;
        for (int j = 0; j < mg.nopt[i]; j++)
            for (int f = 0; f < q->n; f++)
                if (mq_in_p(q, q->mul[f][mq_opt_elem(q, i, j)]))
                    a |= 1ull << f;
        int t;
        for (t = 0; t < nt && !(te[t] == q->gen[i] && ta[t] == a && tm[t] == (mg.nopt[i] != 0)); t++)
            ;
        if (t == nt) {
            te[nt] = q->gen[i];
            ta[nt] = a;
            tm[nt++] = mg.nopt[i] != 0;
        }
    }
    size_t cap = 1u << 12, n = 0, hcap = 1u << 22;
    mstate_t *s = malloc(cap * sizeof *s);
    uint32_t *hash = calloc(hcap, sizeof *hash); /* index + 1 */
    if (!s || !hash)
        die("out of memory", NULL);
    memset(&s[0], 0, sizeof s[0]);
    n = 1;
    int ok = 1;
    for (size_t at = 0; at < n && ok; at++) {
        mstate_t x = s[at];
        int says_p = x.moves && !(x.d & 1); /* element 0 is the identity */
        if (mq_in_p(q, x.e) != says_p) {
            snprintf(mq_fail_buf, sizeof mq_fail_buf, "element %d is %s but its options say %s", x.e,
                     mq_in_p(q, x.e) ? "P" : "N", says_p ? "P" : "N");
            mq_fail = mq_fail_buf;
            ok = 0;
            break;
        }
        for (int t = 0; t < nt; t++) {
            mstate_t y;
            y.e = q->mul[x.e][te[t]];
            y.moves = (uint8_t)(x.moves | tm[t]);
            y.d = 0;
            for (int z = 0; z < q->n; z++)
                if (((x.d >> q->mul[te[t]][z]) & 1) || ((ta[t] >> q->mul[x.e][z]) & 1))
                    y.d |= 1ull << z;
            uint64_t h = ((y.d * 1099511628211ull) ^ y.e ^ (uint64_t)y.moves << 8) * 0x9E3779B97F4A7C15ull;
            size_t k = (h >> 20) & (hcap - 1);
            int found = 0;
            for (; hash[k]; k = (k + 1) & (hcap - 1)) {
                mstate_t *z = &s[hash[k] - 1];
                if (z->e == y.e && z->moves == y.moves && z->d == y.d) {
                    found = 1;
                    break;
                }
            }
            if (found)
                continue;
            if (n * 2 >= hcap) {
                mq_fail = "the proof's closure is too big";
                ok = 0;
                break;
            }
            if (n == cap) {
                cap *= 2;
                s = realloc(s, cap * sizeof *s);
                if (!s)
                    die("out of memory", NULL);
            }
            s[n++] = y;
            hash[k] = (uint32_t)n;
        }
    }
    q->states = (long)n;
    free(s);
    free(hash);
    return ok;
}

/* Every element reached from the identity by generators, with a position. */
static int mq_reps(mq_t *q)
{
    uint8_t have[MQ_MAX] = {0}, order[MQ_MAX];
    int n = 0;
    have[0] = 1;
    order[n++] = 0;
    q->replen[0] = 0;
    for (int at = 0; at < n; at++)
        for (int g = 0; g < mg.ngen; g++) {
            int e = q->mul[order[at]][q->gen[g]];
            if (have[e])
                continue;
            if (q->replen[order[at]] + 1 > MPOS_MAX)
                return 0;
            have[e] = 1;
            order[n++] = (uint8_t)e;
            memcpy(q->rep[e], q->rep[order[at]], q->replen[order[at]]);
            q->rep[e][q->replen[order[at]]] = (uint8_t)g;
            q->replen[e] = (uint8_t)(q->replen[order[at]] + 1);
        }
    return n == q->n;
}

/* Every sum of generators from 'from' on, of weight up to 'left', added
 * to x: the brute force and the quotient agree. */
static int mq_check_sums(const mq_t *q, mpos_t *x, int from, int left, const int *wt)
{
    if (brute_is_p(x) != mq_in_p(q, mq_prod_gens(q, x->g, x->len)))
        return 0;
    for (int g = from; g < mg.ngen; g++) {
        if (wt[g] > left || x->len == MPOS_MAX)
            continue;
        x->g[x->len++] = (uint8_t)g;
        int ok = mq_check_sums(q, x, g, left - wt[g], wt);
        x->len--;
        if (!ok)
            return 0;
    }
    return 1;
}

/* Steps 1 to 4; 0 with mq_fail set when something does not hold. */
static int mq_prove(mq_t *q)
{
    mq_fail = NULL;
    for (int a = 0; a < q->n; a++) {
        if (q->mul[0][a] != a || q->mul[a][0] != a)
            return mq_fail = "0 is not the identity", 0;
        for (int b = 0; b < q->n; b++) {
            if (q->mul[a][b] != q->mul[b][a] || q->mul[a][b] >= q->n)
                return mq_fail = "the table is not commutative", 0;
            for (int c = 0; c < q->n; c++)
                if (q->mul[q->mul[a][b]][c] != q->mul[a][q->mul[b][c]])
                    return mq_fail = "the table is not associative", 0;
        }
    }
    if (!mq_reps(q))
        return mq_fail = "an element is not the product of any position", 0;
    if (!mq_prove_closure(q))
        return 0;
    /* witnesses: every two elements differ against some element z, and the
     * brute force agrees on their representatives plus z's */
    for (int a = 0; a < q->n; a++)
        for (int b = a + 1; b < q->n; b++) {
            int z;
            for (z = 0; z < q->n && mq_in_p(q, q->mul[a][z]) == mq_in_p(q, q->mul[b][z]); z++)
                ;
            if (z == q->n)
                return mq_fail = "two elements are not told apart", 0;
            mpos_t x = {0, {0}}, y = {0, {0}};
            mpos_cat(&x, q->rep[a], q->replen[a]);
            mpos_cat(&x, q->rep[z], q->replen[z]);
            mpos_cat(&y, q->rep[b], q->replen[b]);
            mpos_cat(&y, q->rep[z], q->replen[z]);
            if (brute_is_p(&x) != mq_in_p(q, q->mul[a][z]) || brute_is_p(&y) != mq_in_p(q, q->mul[b][z]))
                return mq_fail = "a witness position disagrees with the brute force", 0;
        }
    /* every position of total weight up to B against the brute force, B as
     * large as keeps it to about 50,000 positions; a generator weighs its
     * heap size where moves may split heaps (so no brute-force position
     * grows past B generators), else 1 */
    int wt[MG_MAX], split = 0;
    for (int i = 0; i < mg.ngen; i++)
        for (int j = 0; j < mg.nopt[i]; j++)
            split |= mg.opt[i][j][1] != 0xFF;
    for (int i = 0; i < mg.ngen; i++)
        wt[i] = split ? i + 1 : 1;
    int bmax = 0;
    for (long cnt = 1; bmax < MPOS_MAX && cnt <= 50000;) {
        bmax++;
        /* count the multisets of weight <= bmax */
        static long ways[MPOS_MAX + 1];
        memset(ways, 0, sizeof ways);
        ways[0] = 1;
        for (int i = 0; i < mg.ngen; i++)
            for (int w = wt[i]; w <= bmax; w++)
                ways[w] += ways[w - wt[i]];
        cnt = 0;
        for (int w = 0; w <= bmax; w++)
            cnt += ways[w];
        if (cnt > 50000)
            bmax--;
    }
    mpos_t x = {0, {0}};
    if (!mq_check_sums(q, &x, 0, bmax, wt))
        return mq_fail = "a position disagrees with the brute force", 0;
    q->checked_upto = bmax;
    q->checked_weight = split;
    return 1;
}

/* ---- finding Q ---------------------------------------------------------------- */

/* The misere-Nim quotient on the generators' Grundy values: element
 * (no column worth 2 or more, parity of the 1s) or (some column worth 2 or
 * more, nim-sum), restricted to what the generators reach. */
static void mq_tame(mq_t *q)
{
    int vmax = 1;
    for (int i = 0; i < mg.ngen; i++)
        if (mg.grundy[i] > vmax)
            vmax = mg.grundy[i];
    int k = 2;
    while (k <= vmax)
        k *= 2;
    int full = 2 + k; /* 0: (small, 0), 1: (small, 1), 2 + x: (big, x) */
    static uint8_t fm[2 + 64][2 + 64];
    if (full > 2 + 64)
        die("a Grundy value over 63: ", mrule->id);
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
        for (int g = 0; g < mg.ngen; g++) {
            int v = mg.grundy[g], e = fm[back[at]][v >= 2 ? 2 + v : v];
            if (num[e] < 0) {
                if (n == MQ_MAX)
                    die("misere quotient over 64 elements: ", mrule->id);
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
    for (int g = 0; g < mg.ngen; g++) {
        int v = mg.grundy[g];
        q->gen[g] = (uint8_t)num[v >= 2 ? 2 + v : v];
    }
}

/* Q from outcomes: positions with the same outcome against every test
 * position of up to d generators are taken as one element. */
static int mq_discover(mq_t *q, int d)
{
    static mpos_t tests[60000];
    int nt = 0;
    uint8_t idx[16];
    for (int len = 0; len <= d; len++) {
        for (int i = 0; i < len; i++)
            idx[i] = 0;
        for (;;) {
            if (nt == (int)(sizeof tests / sizeof tests[0]))
                return 0;
            tests[nt].len = (uint8_t)len;
            memcpy(tests[nt++].g, idx, (size_t)len);
            int i = len;
            while (i > 0 && idx[i - 1] == mg.ngen - 1)
                i--;
            if (i == 0)
                break;
            idx[i - 1]++;
            for (int j = i; j < len; j++)
                idx[j] = idx[i - 1];
        }
    }
    size_t words = (size_t)(nt + 63) / 64;
    static uint64_t sig[MQ_MAX][1000];
    if (words > 1000)
        return 0;
    memset(q, 0, sizeof *q);
    int n = 0;
    /* the class of position x: an existing one, or a new one (-1: full) */
    uint64_t cur[1000];
#define SIG_OF(x)                                                     \
    do {                                                              \
        memset(cur, 0, words * 8);                                    \
        for (int t = 0; t < nt; t++) {                                \
            mpos_t y = (x);                                           \
            mpos_cat(&y, tests[t].g, tests[t].len);                   \
            if (brute_is_p(&y))                                       \
                cur[t / 64] |= 1ull << (t % 64);                      \
        }                                                             \
    } while (0)
    mpos_t e0 = {0, {0}};
    SIG_OF(e0);
    memcpy(sig[0], cur, words * 8);
    q->replen[0] = 0;
    n = 1;
    for (int at = 0; at < n; at++)
        for (int g = 0; g < mg.ngen; g++) {
            mpos_t x = {0, {0}};
            mpos_cat(&x, q->rep[at], q->replen[at]);
            uint8_t gg = (uint8_t)g;
            mpos_cat(&x, &gg, 1);
            SIG_OF(x);
            int c;
            for (c = 0; c < n && memcmp(sig[c], cur, words * 8); c++)
                ;
            if (c == n) {
                if (n == MQ_MAX || x.len > 12)
                    return 0;
                memcpy(sig[n], cur, words * 8);
                memcpy(q->rep[n], x.g, x.len);
                q->replen[n++] = x.len;
            }
            if (at == 0)
                q->gen[g] = (uint8_t)c;
        }
    q->n = n;
    for (int a = 0; a < n; a++)
        for (int b = a; b < n; b++) {
            mpos_t x = {0, {0}};
            mpos_cat(&x, q->rep[a], q->replen[a]);
            mpos_cat(&x, q->rep[b], q->replen[b]);
            SIG_OF(x);
            int c;
            for (c = 0; c < n && memcmp(sig[c], cur, words * 8); c++)
                ;
            if (c == n)
                return 0;
            q->mul[a][b] = q->mul[b][a] = (uint8_t)c;
        }
    for (int a = 0; a < n; a++)
        if (sig[a][0] & 1) /* test 0 is the empty position */
            q->p |= 1ull << a;
#undef SIG_OF
    return 1;
}

/* The quotient of a rule, proved, or the build stops. */
static void mq_compute(const rule_t *r, mq_t *q)
{
    mgame_build(r);
    memo_clear();
    mq_tame(q);
    if (mq_prove(q))
        return;
    const char *why_tame = mq_fail;
    static char why[200];
    snprintf(why, sizeof why, "%s", why_tame ? why_tame : "?");
    for (int d = 1; d <= 6; d++) {
        if (!mq_discover(q, d))
            continue;
        if (mq_prove(q)) {
            q->why_wild = why;
            return;
        }
    }
    fprintf(stderr, "grundy: misere quotient of %s: tame fails (%s), and no quotient found proves (%s)\n",
            r->id, why_tame, mq_fail ? mq_fail : "?");
    exit(2);
}

/* ---- naming, printing, emitting ------------------------------------------- */

/* Letters: the generators' elements that earlier ones do not already
 * produce; elements renumbered in the order a breadth-first walk over the
 * letters meets them, each named by the word that first reached it. */
static int mq_letters[26], mq_nletters;
static char mq_names[MQ_MAX][24];
static uint8_t mq_word[MQ_MAX][26]; /* exponent of each letter */

static void mq_canon(mq_t *q)
{
    uint8_t have[MQ_MAX], order[MQ_MAX], num[MQ_MAX];
    int n = 0;
    mq_nletters = 0;
    memset(have, 0, sizeof have);
    have[0] = 1;
    order[n++] = 0;
    memset(mq_word, 0, sizeof mq_word);
    for (int g = 0; g < mg.ngen; g++) {
        int e = q->gen[g];
        if (have[e])
            continue;
        if (mq_nletters == 26)
            die("misere quotient needs over 26 letters: ", mrule->id);
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
    for (int g = 0; g < mg.ngen; g++)
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

static void mq_describe_gen(char *buf, int g)
{
    if (mrule->form == FORM_COINS)
        sprintf(buf, "coins %02x", g + 1);
    else
        sprintf(buf, "%s %d", mrule->form == FORM_HEAP ? "heap" : mrule->form == FORM_PINS ? "run of pins" : "run of free cells", g + 1);
}

static void mq_print(const rule_t *r, const mq_t *q)
{
    printf("%s (%s) misere quotient: %d elements, %s%s%s\n", r->id, r->name, q->n,
           q->tame ? "tame: misere Nim on the column values" : "wild: misere Nim on the column values fails (",
           q->tame ? "" : q->why_wild, q->tame ? "" : ")");
    printf("generators:");
    for (int l = 0; l < mq_nletters; l++)
        printf(" %c", 'a' + l);
    printf("\nrelations:");
    /* the words that are not names but whose every one-letter-shorter
     * word is: a rewriting system that reduces any word to its name */
    int any = 0;
    for (int e = 0; e < q->n; e++)
        for (int l = 0; l < mq_nletters; l++) {
            uint8_t w[26];
            memcpy(w, mq_word[e], sizeof w);
            w[l]++;
            int y = q->mul[e][mq_letters[l]], named = !memcmp(mq_word[y], w, sizeof w), minimal = 1;
            if (named)
                continue;
            for (int k = 0; k < mq_nletters && minimal; k++) {
                if (!w[k])
                    continue;
                w[k]--;
                int f;
                for (f = 0; f < q->n && memcmp(mq_word[f], w, sizeof w); f++)
                    ;
                minimal = f < q->n;
                w[k]++;
            }
            /* print each minimal word once: from its lowest letter's side */
            if (!minimal)
                continue;
            int low = 0;
            for (int k = 0; k < mq_nletters; k++)
                if (w[k]) {
                    low = k;
                    break;
                }
            uint8_t wl[26];
            memcpy(wl, w, sizeof wl);
            wl[low]--;
            if (memcmp(wl, mq_word[e], sizeof wl))
                continue; /* another letter's side prints it */
            printf("%s ", any++ ? "," : "");
            for (int k = 0; k < mq_nletters; k++)
                if (w[k])
                    printf(w[k] > 1 ? "%c^%d" : "%c", 'a' + k, w[k]);
            printf(" = %s", mq_names[y]);
        }
    printf("%s\nP:", any ? "" : " none");
    for (int e = 0; e < q->n; e++)
        if (mq_in_p(q, e))
            printf(" %s", mq_names[e]);
    printf("\nelements:");
    for (int e = 0; e < q->n; e++)
        printf(" %d=%s", e, mq_names[e]);
    printf("\nproducts:\n");
    for (int a = 0; a < q->n; a++) {
        printf("  %-8s", mq_names[a]);
        for (int b = 0; b < q->n; b++)
            printf(" %-6s", mq_names[q->mul[a][b]]);
        printf("\n");
    }
    printf("generators map to:\n");
    for (int g = 0; g < mg.ngen; g++) {
        char buf[40];
        mq_describe_gen(buf, g);
        printf("  %-20s g=%-2d -> %s\n", buf, mg.grundy[g], mq_names[q->gen[g]]);
    }
    printf("columns map to:\n");
    for (int e = 0; e < q->n; e++) {
        int cnt = 0;
        for (int s = 0; s < mcol_states(r); s++) {
            uint8_t g[4];
            if (!mcol_valid(r, s))
                continue;
            int k = mcol_gens(r, s, g);
            if (mq_prod_gens(q, g, k) != e)
                continue;
            if (!cnt++)
                printf("  %-8s <-", mq_names[e]);
            printf(r->form == FORM_HEAP ? " %d" : " %02x", s);
        }
        if (cnt)
            printf("\n");
    }
    printf("witnesses: every two elements x, y differ in P-membership of x*z, y*z for a z below:\n");
    for (int a = 0; a < q->n; a++)
        for (int b = a + 1; b < q->n; b++) {
            int z;
            for (z = 0; z < q->n && mq_in_p(q, q->mul[a][z]) == mq_in_p(q, q->mul[b][z]); z++)
                ;
            printf("  %s/%s:%s", mq_names[a], mq_names[b], mq_names[z]);
        }
    printf("\npositions of the elements:");
    for (int e = 0; e < q->n; e++) {
        printf(" %s=[", mq_names[e]);
        for (int i = 0; i < q->replen[e]; i++)
            printf(r->form == FORM_COINS ? "%s%02x" : "%s%d", i ? " " : "", q->rep[e][i] + 1);
        printf("]");
    }
    printf("\nproved: every position of any number of columns (%ld closure states);"
           " brute force agrees on every position of up to %d %s\n", q->states, q->checked_upto,
           q->checked_weight ? "tokens in all" : "columns");
}

/* One row of 4-bit values, two a byte, value i in the low nibble of byte
 * i/2 when i is even (the engine's nibble_at reads them). */
static void emit_nibbles(FILE *f, const int *v, int n, const char *what)
{
    fprintf(f, "    {");
    for (int i = 0; i < n; i += 2) {
        int lo = v[i], hi = i + 1 < n ? v[i + 1] : 0;
        if (lo > 15 || hi > 15)
            die("a value does not fit a nibble: ", what);
        fprintf(f, "0x%x%x%s", hi, lo, i + 2 < n ? ", " : "");
    }
    fprintf(f, "}, /* %s */\n", what);
}

static void emit_bytes(FILE *f, const int *v, int n, const char *what)
{
    fprintf(f, "    {");
    for (int i = 0; i < n; i++)
        fprintf(f, "%s%d", i % 24 ? ", " : i ? ",\n     " : "", v[i]);
    fprintf(f, "}, /* %s */\n", what);
}

/* Misere tables. Every rule's quotient is computed and proved (mq_compute
 * stops the build otherwise); a tame rule is played as misere Nim on the
 * column values and needs only, per column state, whether a move reaches a
 * column worth 1 (the move out of "every column worth 0"). A wild rule gets
 * its quotient: each column state's element, the elements one move reaches,
 * the products, P, and for each element the partners whose product is in P. */
static void emit_misere(FILE *f, int first_mask)
{
    static mq_t q[RULE_COUNT];
    int nw = 0, wild[RULE_COUNT];
    static int one[RULE_COUNT][256];
    for (int i = 0; i < RULE_COUNT; i++) {
        const rule_t *r = &rules[i];
        mq_compute(r, &q[i]);
        mq_canon(&q[i]);
        wild[i] = q[i].tame ? -1 : nw++;
        if (!q[i].tame && q[i].n > 16)
            die("a wild misere quotient over 16 elements does not fit the engine's tables: ", r->id);
        /* per state: some move reaches a column of Grundy value 1 */
        for (int st = 0; st < mcol_states(r); st++) {
            uint8_t g[4];
            int k = mcol_gens(r, st, g), all = 0;
            one[i][st] = 0;
            for (int j = 0; j < k; j++)
                all ^= mg.grundy[g[j]];
            for (int j = 0; j < k; j++)
                for (int o = 0; o < mg.nopt[g[j]]; o++) {
                    int v = all ^ mg.grundy[g[j]];
                    for (int t = 0; t < 2; t++)
                        if (mg.opt[g[j]][o][t] != 0xFF)
                            v ^= mg.grundy[mg.opt[g[j]][o][t]];
                    if (v == 1 && mcol_valid(r, st))
                        one[i][st] = 1;
                }
        }
    }
    fprintf(f, "\n/* Misere play in columns. Every rule's misere quotient was proved by\n"
               " * build/grundy (build/grundy --misere NAME prints it). Tame rules:");
    for (int i = 0; i < RULE_COUNT; i++)
        if (q[i].tame)
            fprintf(f, " %s", rules[i].id);
    fprintf(f, ";\n * wild:");
    for (int i = 0; i < RULE_COUNT; i++)
        if (!q[i].tame)
            fprintf(f, " %s (%d elements)", rules[i].id, q[i].n);
    fprintf(f, ". */\n");
    fprintf(f, "/* Index into the wild tables, or 0xFF: misere Nim on the column values. */\n");
    fprintf(f, "const uint8_t misere_wild[RULE_COUNT] PROGMEM = {");
    for (int i = 0; i < RULE_COUNT; i++)
        fprintf(f, "%s0x%02x", i ? ", " : "", wild[i] < 0 ? 0xFF : wild[i]);
    fprintf(f, "};\n\n/* Tame rules, a column worth 0: bit n, a move reaches a column worth 1. */\n");
    fprintf(f, "const uint16_t misere_one_heap[RULE_FIRST_MASK] PROGMEM = {");
    for (int i = 0; i < first_mask; i++) {
        unsigned b = 0;
        for (int st = 0; st <= TABLE_ROWS; st++)
            b |= (unsigned)one[i][st] << st;
        fprintf(f, "%s0x%03x", i ? ", " : "", b);
    }
    fprintf(f, "};\nconst uint8_t misere_one_mask[RULE_COUNT - RULE_FIRST_MASK][32] PROGMEM = {\n");
    for (int i = first_mask; i < RULE_COUNT; i++) {
        fprintf(f, "    {");
        for (int b = 0; b < 32; b++) {
            unsigned v = 0;
            for (int j = 0; j < 8; j++)
                v |= (unsigned)one[i][b * 8 + j] << j;
            fprintf(f, "0x%02x%s", v, b < 31 ? ", " : "");
        }
        fprintf(f, "}, /* %s */\n", rules[i].id);
    }
    fprintf(f, "};\n\n");
    /* wild tables; one zero row when no rule is wild */
    static int ev[MISERE_STATES_EMIT];
    fprintf(f, "/* Wild rules: each column state's element (a byte: the reply reads it\n"
               " * for every column, and a nibble costs shifts). */\n");
    fprintf(f, "const uint8_t misere_elem[][256] PROGMEM = {\n");
    for (int i = 0; i < RULE_COUNT || !nw; i++) {
        if (nw && wild[i] < 0)
            continue;
        for (int st = 0; st < 256; st++) {
            uint8_t g[4];
            ev[st] = 0;
            if (nw && st < mcol_states(&rules[i]) && mcol_valid(&rules[i], st)) {
                int k = mcol_gens(&rules[i], st, g);
                mgame_build(&rules[i]);
                ev[st] = mq_prod_gens(&q[i], g, k);
            }
        }
        emit_bytes(f, ev, 256, nw ? rules[i].id : "none");
        if (!nw)
            break;
    }
    fprintf(f, "};\n/* ... and the elements one move from it reaches (bit e). */\n");
    fprintf(f, "const uint16_t misere_reach[][256] PROGMEM = {\n");
    for (int i = 0; i < RULE_COUNT || !nw; i++) {
        if (nw && wild[i] < 0)
            continue;
        fprintf(f, "    {");
        if (nw)
            mgame_build(&rules[i]);
        for (int st = 0; st < 256; st++) {
            unsigned b = 0;
            uint8_t g[4];
            if (nw && st < mcol_states(&rules[i]) && mcol_valid(&rules[i], st)) {
                int k = mcol_gens(&rules[i], st, g);
                for (int j = 0; j < k; j++) {
                    uint8_t rest = 0;
                    for (int o = 0; o < k; o++)
                        if (o != j)
                            rest = q[i].mul[rest][q[i].gen[g[o]]];
                    for (int o = 0; o < mg.nopt[g[j]]; o++)
                        b |= 1u << q[i].mul[rest][mq_opt_elem(&q[i], g[j], o)];
                }
            }
            fprintf(f, "%s0x%04x", st % 12 ? ", " : st ? ",\n     " : "", b);
        }
        fprintf(f, "}, /* %s */\n", nw ? rules[i].id : "none");
        if (!nw)
            break;
    }
    fprintf(f, "};\n/* Products: element a times b at byte 16 a + b; P (bit e); for each\n"
               " * element a the b with a b in P; the elements' names. */\n");
    fprintf(f, "const uint8_t misere_mul[][256] PROGMEM = {\n");
    for (int i = 0; i < RULE_COUNT || !nw; i++) {
        if (nw && wild[i] < 0)
            continue;
        for (int a = 0; a < 16; a++)
            for (int b = 0; b < 16; b++)
                ev[a * 16 + b] = nw && a < q[i].n && b < q[i].n ? q[i].mul[a][b] : 0;
        emit_bytes(f, ev, 256, nw ? rules[i].id : "none");
        if (!nw)
            break;
    }
    fprintf(f, "};\nconst uint16_t misere_p[] PROGMEM = {");
    for (int i = 0, k = 0; i < RULE_COUNT || !nw; i++) {
        if (nw && wild[i] < 0)
            continue;
        fprintf(f, "%s0x%04x", k++ ? ", " : "", nw ? (unsigned)q[i].p : 0u);
        if (!nw)
            break;
    }
    fprintf(f, "};\nconst uint16_t misere_partner[][16] PROGMEM = {\n");
    for (int i = 0; i < RULE_COUNT || !nw; i++) {
        if (nw && wild[i] < 0)
            continue;
        fprintf(f, "    {");
        for (int a = 0; a < 16; a++) {
            unsigned b = 0;
            for (int c = 0; nw && a < q[i].n && c < q[i].n; c++)
                if (mq_in_p(&q[i], q[i].mul[a][c]))
                    b |= 1u << c;
            fprintf(f, "%s0x%04x", a ? ", " : "", b);
        }
        fprintf(f, "}, /* %s */\n", nw ? rules[i].id : "none");
        if (!nw)
            break;
    }
    fprintf(f, "};\nconst char misere_names[] PROGMEM =");
    for (int i = 0; i < RULE_COUNT; i++) {
        if (q[i].tame)
            continue;
        mgame_build(&rules[i]);
        mq_canon(&q[i]); /* the names of this rule */
        fprintf(f, "\n    \"");
        for (int e = 0; e < 16; e++) /* 16 a rule, so the engine skips to one */
            fprintf(f, "%s\\0", e < q[i].n ? mq_names[e] : "");
        fprintf(f, "\" /* %s */", rules[i].id);
    }
    fprintf(f, " \"\";\n");
}

static void emit_c(const char *path, int heap_max)
{
    FILE *f = fopen(path, "w");
    if (!f)
        die("cannot write ", path);
    int first_mask = -1, first_coins = -1;
    for (int i = 0; i < RULE_COUNT; i++) {
        if (rules[i].form != FORM_HEAP && first_mask < 0)
            first_mask = i;
        if (rules[i].form == FORM_COINS && first_coins < 0)
            first_coins = i;
        if ((rules[i].form == FORM_HEAP && first_mask >= 0) || (rules[i].form != FORM_COINS && first_coins >= 0))
            die("rules.h must list the heap rules, then the pin and cell rules, then the coin rules: ", rules[i].id);
    }
    static int g[MAX_N + 1];

    fprintf(f, "/* Generated by build/grundy from firmware/engine/rules.h. Do not edit. */\n");
    fprintf(f, "#include \"tables.h\"\n\n");
    fprintf(f, "#if ENGINE_HEAP_MAX != %d\n#error \"tables generated for another board size\"\n#endif\n", heap_max);
    fprintf(f, "_Static_assert(RULE_FIRST_MASK == %d, \"rules.h and tables.h disagree\");\n", first_mask);
    fprintf(f, "_Static_assert(RULE_FIRST_COINS == %d, \"rules.h and tables.h disagree\");\n\n", first_coins);

    fprintf(f, "/* Octal digit for taking k = 1..%d tokens, then the digit for every\n"
               " * larger k, then the largest k with a digit (%d: the last one repeats);\n"
               " * 4 bits each. */\n", RULE_MAX_DIGITS, RULE_MAX_DIGITS + 1);
    fprintf(f, "const uint8_t rule_digits[RULE_COUNT][NIBBLE_BYTES(RULE_MAX_DIGITS + 2)] PROGMEM = {\n");
    for (int i = 0; i < RULE_COUNT; i++) {
        int d[RULE_MAX_DIGITS + 2], last = 0;
        for (int k = 1; k <= RULE_MAX_DIGITS + 1; k++)
            if ((d[k - 1] = rules[i].digit[k]))
                last = k;
        d[RULE_MAX_DIGITS + 1] = last;
        emit_nibbles(f, d, RULE_MAX_DIGITS + 2, rules[i].id);
    }
    fprintf(f, "};\n\n");

    fprintf(f, "/* Grundy value of a heap column of height 0..%d; 4 bits each. */\n", TABLE_ROWS);
    fprintf(f, "const uint8_t heap_grundy[RULE_FIRST_MASK][NIBBLE_BYTES(TABLE_ROWS + 1)] PROGMEM = {\n");
    for (int i = 0; i < first_mask; i++) {
        rule_sequence(&rules[i], TABLE_ROWS + 1, g);
        emit_nibbles(f, g, TABLE_ROWS + 1, rules[i].id);
    }
    fprintf(f, "};\n\n");

    fprintf(f, "/* Bit n: a heap column of n has a move (SUBTRACT 23: not a heap of 1). */\n");
    fprintf(f, "const uint16_t heap_moves[RULE_FIRST_MASK] PROGMEM = {\n");
    for (int i = 0; i < first_mask; i++) {
        unsigned bits = 0;
        for (int n = 1; n <= TABLE_ROWS; n++)
            if (heap_has_move(&rules[i], n))
                bits |= 1u << n;
        /* the engine takes a heap taller than a column to have a move */
        for (int n = TABLE_ROWS + 1; n <= heap_max; n++)
            if (!heap_has_move(&rules[i], n))
                die("a heap taller than a column has no move: ", rules[i].id);
        fprintf(f, "    0x%03x, /* %s */\n", bits, rules[i].id);
    }
    fprintf(f, "};\n\n");

    fprintf(f, "/* Grundy value of a whole column, indexed by its 8-cell mask, in bits\n"
               " * 0..2, and MASK_HAS_MOVE when the column has a move; 4 bits each. */\n");
    fprintf(f, "const uint8_t mask_grundy[RULE_FIRST_COINS - RULE_FIRST_MASK][128] PROGMEM = {\n");
    for (int i = first_mask; i < first_coins; i++) {
        static int v[256];
        rule_sequence(&rules[i], 9, g);
        for (unsigned m = 0; m < 256; m++) {
            v[m] = mask_value(&rules[i], g, m);
            if (v[m] >= MASK_HAS_MOVE)
                die("a column value does not fit 3 bits: ", rules[i].id);
            if (mask_has_move(&rules[i], m))
                v[m] |= MASK_HAS_MOVE;
            else if (v[m])
                die("a column without a move has a nonzero value: ", rules[i].id);
        }
        emit_nibbles(f, v, 256, rules[i].id);
    }
    fprintf(f, "};\n\n");

    fprintf(f, "/* Coin rules: the value of a single head on coin 0..%d; a column's value\n"
               " * is the XOR of its heads' values. */\n", TABLE_ROWS - 1);
    fprintf(f, "const uint8_t coin_grundy[RULE_COUNT - RULE_FIRST_COINS][TABLE_ROWS] PROGMEM = {\n");
    for (int i = first_coins; i < RULE_COUNT; i++) {
        rule_sequence(&rules[i], TABLE_ROWS, g);
        fprintf(f, "    {");
        for (int n = 0; n < TABLE_ROWS; n++)
            fprintf(f, "%d%s", g[n], n + 1 < TABLE_ROWS ? ", " : "");
        fprintf(f, "}, /* %s */\n", rules[i].id);
    }
    fprintf(f, "};\n\n");
    fprintf(f, "/* ... and back: the coin whose single head has value v (0..15), or 0xFF. */\n");
    fprintf(f, "const uint8_t coin_index[RULE_COUNT - RULE_FIRST_COINS][16] PROGMEM = {\n");
    for (int i = first_coins; i < RULE_COUNT; i++) {
        int idx[16];
        rule_sequence(&rules[i], TABLE_ROWS, g);
        for (int v = 0; v < 16; v++)
            idx[v] = 0xFF;
        for (int n = TABLE_ROWS - 1; n >= 0; n--) {
            if (g[n] > 15)
                die("a coin value does not fit 4 bits: ", rules[i].id);
            idx[g[n]] = n;
        }
        fprintf(f, "    {");
        for (int v = 0; v < 16; v++)
            fprintf(f, "0x%02x%s", idx[v], v < 15 ? ", " : "");
        fprintf(f, "}, /* %s */\n", rules[i].id);
    }
    fprintf(f, "};\n\n");

    /* One-heap form. A rule whose moves are bounded (no repeating digit)
     * has an eventually periodic list of P-positions: only its first
     * start + period bits are kept, and the engine folds a bigger heap back
     * by the period. NIM and AT MOST HALF take up to the whole heap: their
     * hint scans the bits skipping empty bytes, so they are not folded; the
     * bytes after their last P-position are left out. */
    static uint8_t pm[2][MAX_N + 1];
    static uint8_t bits[4096];
    int nbits = 0; /* bytes of oneheap_bits so far */
    fprintf(f, "/* One-heap form: P-positions of a heap of n, [0] normal play (g(n) = 0),\n"
               " * [1] misere (last move loses). Bit n of the entry's bits, n folded back\n"
               " * by the period once it reaches start + period (period 0: no fold,\n"
               " * 'start' bytes kept, every heap past them N). */\n");
    fprintf(f, "const oneheap_seq_t oneheap_seq[RULE_FIRST_MASK][2] PROGMEM = {\n");
    for (int i = 0; i < first_mask; i++) {
        const rule_t *r = &rules[i];
        rule_sequence(r, heap_max + 1, g);
        for (int n = 0; n <= heap_max; n++) {
            /* Misere: no move at all means the player to move has won. */
            int any = 0, to_p = 0;
            for (int k = 1; k <= n; k++)
                if (heap_move_ok(r, n, k)) {
                    any = 1;
                    to_p |= pm[1][n - k];
                }
            pm[0][n] = g[n] == 0;
            pm[1][n] = any && !to_p;
        }
        int bounded = r->kind == KIND_OCTAL && r->digit[RULE_MAX_DIGITS + 1] == 0;
        fprintf(f, "    {");
        for (int mis = 0; mis < 2; mis++) {
            int start = 0, period = 0, len = heap_max + 1;
            /* the shortest start + period that reproduces every heap */
            for (int l = 2; bounded && l <= heap_max && !period; l++)
                for (int L = 1; L <= l && L <= 255 && !period; L++) {
                    int st = l - L, ok = st <= 255;
                    for (int n = l; n <= heap_max && ok; n++)
                        ok = pm[mis][n] == pm[mis][st + (n - st) % L];
                    if (ok) {
                        start = st;
                        period = L;
                        len = l;
                    }
                }
            if (!period) {
                /* no fold: keep the bytes up to the last P-position, their
                 * count in 'start'; every heap past them is N */
                for (len = 0, start = 0; start <= heap_max; start++)
                    if (pm[mis][start])
                        len = start + 1;
                start = (len + 7) / 8;
            }
            if (nbits > 255)
                die("one-heap bits do not fit a byte offset: ", r->id);
            fprintf(f, "{%d, %d, %d}%s", nbits, start, period, mis ? "" : ", ");
            for (int n = 0; n < len; n++)
                if (pm[mis][n])
                    bits[nbits + n / 8] |= (uint8_t)(1u << (n % 8));
            nbits += (len + 7) / 8;
        }
        fprintf(f, "}, /* %s */\n", r->id);
    }
    fprintf(f, "};\n\n");
    fprintf(f, "const uint8_t oneheap_bits[%d] PROGMEM = {", nbits);
    for (int b = 0; b < nbits; b++)
        fprintf(f, "%s0x%02x%s", b % 12 ? " " : "\n    ", bits[b], b + 1 < nbits ? "," : "\n");
    fprintf(f, "};\n");
    emit_misere(f, first_mask);
    if (fclose(f) != 0)
        die("write failed: ", path);
}

/* Rule names in any case, as the PC link takes them (ASCII folding). */
static int name_eq(const char *a, const char *b)
{
    for (;; a++, b++) {
        char x = (char)(*a >= 'a' && *a <= 'z' ? *a - 32 : *a);
        char y = (char)(*b >= 'a' && *b <= 'z' ? *b - 32 : *b);
        if (x != y)
            return 0;
        if (!x)
            return 1;
    }
}

/* The proof must be able to fail: for every rule, each element moved in
 * or out of P, each generator sent to another element, and each product
 * (both orders) changed must be refused. Prints the counts; 1 if any
 * wrong quotient was accepted. */
static int mq_selftest(void)
{
    int bad = 0;
    for (int i = 0; i < RULE_COUNT; i++) {
        static mq_t q, w;
        long tried = 0, refused = 0, relabel = 0;
        mq_compute(&rules[i], &q);
        for (int e = 0; e < q.n; e++) {
            w = q;
            w.p ^= 1ull << e;
            tried++;
            refused += !mq_prove(&w);
            if (mq_prove(&w))
                printf("  accepted: P flipped at %d\n", e);
        }
        for (int g = 0; g < mg.ngen; g++) {
            w = q;
            w.gen[g] = (uint8_t)((q.gen[g] + 1) % q.n);
            tried++;
            if (!mq_prove(&w)) {
                refused++;
                continue;
            }
            /* accepted: only right if it is q relabelled by an automorphism
             * s of Q that keeps P (s(e) = the new product of e's position) */
            uint8_t sg[MQ_MAX], seen[MQ_MAX] = {0};
            int autom = 1;
            mq_reps(&q);
            for (int e = 0; e < q.n; e++) {
                sg[e] = mq_prod_gens(&w, q.rep[e], q.replen[e]);
                autom &= !seen[sg[e]] && mq_in_p(&q, e) == mq_in_p(&q, sg[e]);
                seen[sg[e]] = 1;
            }
            for (int a = 0; a < q.n && autom; a++)
                for (int b = 0; b < q.n; b++)
                    autom &= sg[q.mul[a][b]] == q.mul[sg[a]][sg[b]];
            refused += autom; /* counted as rightly accepted */
            if (autom)
                relabel++;
            else
                printf("  accepted: generator %d sent to %d instead of %d\n", g, w.gen[g], q.gen[g]);
        }
        for (int a = 0; a < q.n; a++)
            for (int b = a; b < q.n; b++) {
                w = q;
                w.mul[a][b] = w.mul[b][a] = (uint8_t)((q.mul[a][b] + 1) % q.n);
                tried++;
                refused += !mq_prove(&w);
                if (mq_prove(&w))
                    printf("  accepted: %d * %d = %d instead of %d\n", a, b, w.mul[a][b], q.mul[a][b]);
            }
        printf("%-8s %2d elements: %ld changed quotients, %ld refused, %ld the same relabelled by an"
               " automorphism of Q keeping P\n", rules[i].id, q.n, tried, refused - relabel, relabel);
        bad |= refused != tried;
    }
    printf("misere selftest: %s\n", bad ? "FAILED (a wrong quotient passed the proof)" : "passed");
    return bad;
}

static const rule_t *rule_find(const char *name)
{
    for (int i = 0; i < RULE_COUNT; i++)
        if (name_eq(name, rules[i].id) || name_eq(name, rules[i].name))
            return &rules[i];
    return NULL;
}

int main(int argc, char **argv)
{
    for (int i = 0; i < RULE_COUNT; i++)
        rule_parse(&rules[i]);
    if (argc == 2 && !strcmp(argv[1], "--list")) {
        for (int i = 0; i < RULE_COUNT; i++)
            printf("%-8s %-14s %s\n", rules[i].id, rules[i].name, rules[i].kind == KIND_OCTAL ? rules[i].code : rules[i].kind == KIND_HALF ? "at-most-half" : "mock-turtles");
        return 0;
    }
    if (argc == 2 && !strcmp(argv[1], "--misere-selftest"))
        return mq_selftest();
    if (argc == 3 && !strcmp(argv[1], "--misere")) {
        const rule_t *r = rule_find(argv[2]);
        if (!r)
            die("unknown rule (see --list): ", argv[2]);
        static mq_t q;
        mq_compute(r, &q);
        mq_canon(&q);
        mq_print(r, &q);
        return 0;
    }
    if (argc == 5 && !strcmp(argv[1], "--emit-c") && !strcmp(argv[3], "--heap-max")) {
        int m = atoi(argv[4]);
        if (m < 8 || m > MAX_N || m % 8)
            die("--heap-max must be a multiple of 8 up to ", "4096");
        emit_c(argv[2], m);
        return 0;
    }
    if (argc == 3) {
        const rule_t *r = rule_find(argv[1]);
        char *end;
        long n = strtol(argv[2], &end, 10);
        if (!r)
            die("unknown rule (see --list): ", argv[1]);
        if (*end || n < 1 || n > MAX_N)
            die("length must be 1..4096: ", argv[2]);
        static int g[MAX_N + 1];
        rule_sequence(r, (int)n, g);
        for (int i = 0; i < n; i++)
            printf("%d%c", g[i], i + 1 < n ? ' ' : '\n');
        return 0;
    }
    fprintf(stderr, "usage: grundy NAME N | grundy --list | grundy --emit-c FILE --heap-max M\n"
                    "       grundy --misere NAME | grundy --misere-selftest\n");
    return 2;
}
