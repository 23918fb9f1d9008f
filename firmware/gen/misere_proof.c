/* misere_proof.c - the proof of a misere quotient (table generator).
 *
 * Whatever found Q (misere.c), it is used only once proved: steps 1 to 4
 * of misere.c's comment, against a brute-force outcome that knows nothing
 * of quotients. The selftest shows the proof able to refuse. */
#include <stdlib.h>
#include <string.h>

#include "gen.h"

/* ---- brute-force misere outcome of a sum of generators (no quotient) ---- */

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
int brute_is_p(const mpos_t *x0)
{
    mpos_t x = *x0;
    mpos_sort(&x);
    uint64_t h = mpos_hash(&x);
    size_t mask = ((size_t)1 << MEMO_BITS) - 1, at = h & mask;
    if (!memo_tab) {
        memo_tab = calloc((size_t)1 << MEMO_BITS, sizeof *memo_tab);
        if (!memo_tab)
            gen_die("out of memory", NULL);
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
        for (int j = 0; j < mgame.nopt[gi] && !win; j++) {
            mpos_t y = x;
            y.g[i] = y.g[--y.len];
            for (int s = 0; s < 2; s++)
                if (mgame.opt[gi][j][s] != 0xFF) {
                    if (y.len >= MPOS_MAX)
                        gen_die("brute-force position too long: ", mgame.rule->id);
                    y.g[y.len++] = mgame.opt[gi][j][s];
                }
            any = 1;
            win = brute_is_p(&y);
        }
    }
    if (!any)
        win = 1;
    if (++memo_used > (1l << MEMO_BITS) * 3 / 4)
        gen_die("brute-force memo full: ", mgame.rule->id);
    if (memo_keys_used + x.len > memo_keys_cap) {
        memo_keys_cap = memo_keys_cap ? memo_keys_cap * 2 : 1u << 20;
        memo_keys = realloc(memo_keys, memo_keys_cap);
        if (!memo_keys)
            gen_die("out of memory", NULL);
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

long memo_count(void)
{
    return memo_used;
}

void memo_clear(void)
{
    if (memo_tab)
        memset(memo_tab, 0, ((size_t)1 << MEMO_BITS) * sizeof *memo_tab);
    memo_used = 0;
    memo_keys_used = 0;
}

void mpos_cat(mpos_t *x, const uint8_t *g, int n)
{
    if (x->len + n > MPOS_MAX)
        gen_die("brute-force position too long: ", mgame.rule->id);
    memcpy(x->g + x->len, g, (size_t)n);
    x->len = (uint8_t)(x->len + n);
}

/* ---- the proof ---------------------------------------------------------------- */

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

const char *mq_fail;
static char mq_fail_buf[160];

static int mq_prove_closure(mq_t *q)
{
    /* the types: (element, A, has a move) of each generator */
    int nt = 0;
    uint8_t te[MG_MAX], tm[MG_MAX];
    uint64_t ta[MG_MAX];
    for (int i = 0; i < mgame.ngen; i++) {
        uint64_t a = 0;
        for (int j = 0; j < mgame.nopt[i]; j++)
            for (int f = 0; f < q->n; f++)
                if (mq_in_p(q, q->mul[f][mq_opt_elem(q, i, j)]))
                    a |= 1ull << f;
        int t;
        for (t = 0; t < nt && !(te[t] == q->gen[i] && ta[t] == a && tm[t] == (mgame.nopt[i] != 0)); t++)
            ;
        if (t == nt) {
            te[nt] = q->gen[i];
            ta[nt] = a;
            tm[nt++] = mgame.nopt[i] != 0;
        }
    }
    size_t cap = 1u << 12, n = 0, hcap = 1u << 22;
    mstate_t *s = malloc(cap * sizeof *s);
    uint32_t *hash = calloc(hcap, sizeof *hash); /* index + 1 */
    if (!s || !hash)
        gen_die("out of memory", NULL);
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
                    gen_die("out of memory", NULL);
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
int mq_reps(mq_t *q)
{
    uint8_t have[MQ_MAX] = {0}, order[MQ_MAX];
    int n = 0;
    have[0] = 1;
    order[n++] = 0;
    q->replen[0] = 0;
    for (int at = 0; at < n; at++)
        for (int g = 0; g < mgame.ngen; g++) {
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
    for (int g = from; g < mgame.ngen; g++) {
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
int mq_prove(mq_t *q)
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
    for (int i = 0; i < mgame.ngen; i++)
        for (int j = 0; j < mgame.nopt[i]; j++)
            split |= mgame.opt[i][j][1] != 0xFF;
    for (int i = 0; i < mgame.ngen; i++)
        wt[i] = split ? i + 1 : 1;
    int bmax = 0;
    for (long cnt = 1; bmax < MPOS_MAX && cnt <= 50000;) {
        bmax++;
        /* count the multisets of weight <= bmax */
        static long ways[MPOS_MAX + 1];
        memset(ways, 0, sizeof ways);
        ways[0] = 1;
        for (int i = 0; i < mgame.ngen; i++)
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

/* ---- the selftest --------------------------------------------------------- */

/* w, accepted by the proof, is q with one generator's element changed:
 * right only if it is q relabelled by an automorphism s of Q that keeps P
 * (s(e) = w's product of e's position). */
static int mq_is_relabelled(mq_t *q, const mq_t *w)
{
    uint8_t sg[MQ_MAX], seen[MQ_MAX] = {0};
    int autom = 1;
    mq_reps(q);
    for (int e = 0; e < q->n; e++) {
        sg[e] = mq_prod_gens(w, q->rep[e], q->replen[e]);
        autom &= !seen[sg[e]] && mq_in_p(q, e) == mq_in_p(q, sg[e]);
        seen[sg[e]] = 1;
    }
    for (int a = 0; a < q->n && autom; a++)
        for (int b = 0; b < q->n; b++)
            autom &= sg[q->mul[a][b]] == q->mul[sg[a]][sg[b]];
    return autom;
}

/* The proof must be able to fail: each element of a rule's quotient moved
 * in or out of P, each generator sent to another element, and each
 * product (both orders) changed must be refused. Prints the counts; 1 if
 * any wrong quotient was accepted. */
static int mq_selftest_rule(const rule_t *r)
{
    static mq_t q, w;
    long tried = 0, refused = 0, relabel = 0;
    mq_compute(r, &q);
    for (int e = 0; e < q.n; e++) {
        w = q;
        w.p ^= 1ull << e;
        tried++;
        if (!mq_prove(&w))
            refused++;
        else
            printf("  accepted: P flipped at %d\n", e);
    }
    for (int g = 0; g < mgame.ngen; g++) {
        w = q;
        w.gen[g] = (uint8_t)((q.gen[g] + 1) % q.n);
        tried++;
        if (!mq_prove(&w))
            refused++;
        else if (mq_is_relabelled(&q, &w))
            relabel++; /* rightly accepted */
        else
            printf("  accepted: generator %d sent to %d instead of %d\n", g, w.gen[g], q.gen[g]);
    }
    for (int a = 0; a < q.n; a++)
        for (int b = a; b < q.n; b++) {
            w = q;
            w.mul[a][b] = w.mul[b][a] = (uint8_t)((q.mul[a][b] + 1) % q.n);
            tried++;
            if (!mq_prove(&w))
                refused++;
            else
                printf("  accepted: %d * %d = %d instead of %d\n", a, b, w.mul[a][b], q.mul[a][b]);
        }
    printf("%-8s %2d elements: %ld changed quotients, %ld refused, %ld the same relabelled by an"
           " automorphism of Q keeping P\n", r->id, q.n, tried, refused, relabel);
    return refused + relabel != tried;
}

/* Every rule's selftest; 1 if any wrong quotient was accepted. */
int mq_selftest(void)
{
    int bad = 0;
    for (int i = 0; i < RULE_COLUMN_COUNT; i++)
        bad |= mq_selftest_rule(&rules[i]);
    printf("misere selftest: %s\n", bad ? "FAILED (a wrong quotient passed the proof)" : "passed");
    return bad;
}
