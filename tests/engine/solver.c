/* solver.c - brute force: win/lose by recursion over real moves, with a memo.
 * See solver.h for why nothing here may touch Grundy values or the engine. */
#include "solver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

static uint8_t solver_rule;
static bool solver_misere;
static uint8_t succ[256][SOLVER_COL_MOVES];
static uint8_t nsucc[256];
static uint8_t legal_bits[256][32];
/* memo[n][key]: 0 unknown, 1 P (mover loses), 2 N (mover wins). */
static uint8_t *memo[SOLVER_HEAP_COLS + 1];
static uint8_t heap_memo[SOLVER_ONEHEAP_MAX + 1];

/* A typed-in octal code (solver_select_code): d_k for k = 1.., whether
 * it is played as pins, and the rule number the solver then goes by. */
#define SOLVER_OWN 0xFE
static uint8_t own_digit[64];
static bool own_pins;

bool solver_is_heap_form(uint8_t rule)
{
    if (rule == SOLVER_OWN)
        return !own_pins;
    return rule != RULE_KAYLES && rule != RULE_DAWSON && rule != RULE_NOADJ
        && rule != RULE_TURTLES && rule != RULE_TWINS && rule != RULE_ED;
}

/* The code's own words: taking k tokens may leave no heap (bit 1 of d_k),
 * one heap (bit 2) or two (bit 4). */
static bool own_take_ok(uint16_t k, unsigned heaps_left)
{
    return k >= 1 && k < sizeof own_digit && (own_digit[k] >> heaps_left & 1);
}

/* May k stones be taken from a heap of n under the current heap rule? */
static bool heap_take_ok(uint16_t n, uint16_t k)
{
    if (k < 1 || k > n)
        return false;
    switch (solver_rule) {
    case RULE_NIM: return true;
    case RULE_SUB1: return k <= 1;
    case RULE_SUB2: return k <= 2;
    case RULE_SUB3: return k <= 3;
    case RULE_SUB4: return k <= 4;
    case RULE_SUB5: return k <= 5;
    case RULE_SUB6: return k <= 6;
    case RULE_SUB7: return k <= 7;
    case RULE_S134: return k == 1 || k == 3 || k == 4;
    case RULE_S124: return k == 1 || k == 2 || k == 4;
    case RULE_S14: return k == 1 || k == 4;
    case RULE_S23: return k == 2 || k == 3;
    case RULE_S1258: return k == 1 || k == 2 || k == 5 || k == 8;
    case RULE_HALF: return 2 * k <= n;
    /* a code that never splits, in one heap: past the digits kept, the
     * last one (the repeating digit, or 0) */
    case SOLVER_OWN: return own_take_ok(k < sizeof own_digit ? k : sizeof own_digit - 1, k < n);
    default: return false;
    }
}


static void add_succ(uint8_t from, uint8_t to)
{
    if (nsucc[from] >= SOLVER_COL_MOVES) {
        fprintf(stderr, "solver: too many moves from %02x\n", from);
        exit(2);
    }
    succ[from][nsucc[from]++] = to;
    legal_bits[from][to >> 3] |= (uint8_t)(1u << (to & 7));
}

static bool bit(unsigned m, int i)
{
    return i >= 0 && i < 8 && ((m >> i) & 1u);
}

/* Every move of one column, straight from the rule's wording. */
static void gen_col_moves(uint8_t c)
{
    int i, j, k;
    switch (solver_rule) {
    case RULE_KAYLES:   /* knock down one standing pin ... */
        for (i = 0; i < 8; i++)
            if (bit(c, i))
                add_succ(c, (uint8_t)(c & ~(1u << i)));
        /* ... or two adjacent standing pins, as in Dawson's game */
        /* fall through */
    case RULE_DAWSON:
        for (i = 0; i < 7; i++)
            if (bit(c, i) && bit(c, i + 1))
                add_succ(c, (uint8_t)(c & ~(3u << i)));
        break;
    case RULE_NOADJ:    /* mark an empty cell with no marked neighbour */
        if (!solver_col_valid(c))
            break;
        for (i = 0; i < 8; i++)
            if (!bit(c, i) && !bit(c, i - 1) && !bit(c, i + 1))
                add_succ(c, (uint8_t)(c | (1u << i)));
        break;
    case RULE_TURTLES:  /* turn 1..3 coins; the topmost goes heads to tails */
        for (i = 0; i < 8; i++) {
            if (!bit(c, i))
                continue;
            add_succ(c, (uint8_t)(c ^ (1u << i)));
            for (j = 0; j < i; j++) {
                add_succ(c, (uint8_t)(c ^ (1u << i) ^ (1u << j)));
                for (k = 0; k < j; k++)
                    add_succ(c, (uint8_t)(c ^ (1u << i) ^ (1u << j) ^ (1u << k)));
            }
        }
        break;
    case RULE_TWINS:    /* turn exactly 2 coins; the upper goes heads to tails */
        for (i = 0; i < 8; i++)
            for (j = 0; j < i && bit(c, i); j++)
                add_succ(c, (uint8_t)(c ^ (1u << i) ^ (1u << j)));
        break;
    case SOLVER_OWN:
        if (!own_pins) {    /* a heap: k of its n tokens, none left or some */
            if (c > 8)
                break;
            for (i = c - 1; i >= 0; i--)
                if (own_take_ok((uint16_t)(c - i), i > 0))
                    add_succ(c, (uint8_t)i);
            break;
        }
        /* pins: k adjacent standing pins of one run knocked down, leaving
         * the run's pieces below and above them (0, 1 or 2 heaps) */
        for (i = 0; i < 8; i++)
            for (k = 1; i + k <= 8; k++) {
                unsigned block = ((1u << k) - 1) << i;
                if ((c & block) != block)
                    break;
                if (own_take_ok((uint16_t)k, (unsigned)bit(c, i - 1) + (unsigned)bit(c, i + k)))
                    add_succ(c, (uint8_t)(c & ~block));
            }
        break;
    default:            /* heap rules: a column is a height 0..8 */
        if (c > 8)
            break;
        for (i = c - 1; i >= 0; i--)
            if (heap_take_ok(c, (uint16_t)(c - i)))
                add_succ(c, (uint8_t)i);
        break;
    }
}

void solver_select_code(const uint8_t *digit, uint8_t len, bool repeat, bool misere)
{
    memset(own_digit, 0, sizeof own_digit);
    own_pins = false;
    for (unsigned k = 1; k < sizeof own_digit; k++) {
        own_digit[k] = k <= len ? digit[k - 1] : repeat ? digit[len - 1] : 0;
        own_pins |= (own_digit[k] & 4) != 0;
    }
    solver_select(SOLVER_OWN, misere);
}

void solver_select(uint8_t rule, bool misere)
{
    unsigned n, c;
    solver_rule = rule;
    solver_misere = misere;
    memset(nsucc, 0, sizeof nsucc);
    memset(legal_bits, 0, sizeof legal_bits);
    for (c = 0; c < 256; c++)
        gen_col_moves((uint8_t)c);
    for (n = 1; n <= SOLVER_HEAP_COLS; n++) {
        unsigned width = solver_is_heap_form(rule) ? 4 : 8;
        size_t size = (size_t)1 << (width * n);
        if (n > SOLVER_MASK_COLS && width == 8) {
            free(memo[n]);
            memo[n] = NULL;
            continue;
        }
        free(memo[n]);
        memo[n] = calloc(size, 1);
        if (!memo[n]) {
            fprintf(stderr, "solver: out of memory\n");
            exit(2);
        }
    }
    memset(heap_memo, 0, sizeof heap_memo);
}

bool solver_col_valid(uint8_t col)
{
    if (solver_is_heap_form(solver_rule))
        return col <= 8;
    if (solver_rule == RULE_NOADJ)
        return (col & (col >> 1)) == 0;
    return true;
}

uint8_t solver_col_moves(uint8_t col, uint8_t to[SOLVER_COL_MOVES])
{
    memcpy(to, succ[col], nsucc[col]);
    return nsucc[col];
}

bool solver_col_legal(uint8_t from, uint8_t to)
{
    return (legal_bits[from][to >> 3] >> (to & 7)) & 1u;
}

static uint32_t pack(const uint8_t *c, uint8_t n)
{
    unsigned width = solver_is_heap_form(solver_rule) ? 4 : 8;
    uint32_t key = 0;
    uint8_t i;
    for (i = 0; i < n; i++)
        key = (key << width) | c[i];
    return key;
}

/* c is sorted, largest first (column order does not change the game). */
static bool solve(const uint8_t *c, uint8_t n)
{
    uint8_t *m = &memo[n][pack(c, n)];
    bool any = false, win = false;
    uint8_t i, k, j;
    if (*m)
        return *m == 1;
    for (i = 0; i < n && !win; i++) {
        if (i > 0 && c[i] == c[i - 1])
            continue;   /* same column state, same moves */
        for (k = 0; k < nsucc[c[i]] && !win; k++) {
            uint8_t d[SOLVER_HEAP_COLS];
            uint8_t t = succ[c[i]][k];
            any = true;
            /* d = c with c[i] replaced by t, kept sorted */
            memcpy(d, c, n);
            j = i;
            while (j + 1 < n && d[j + 1] > t) {
                d[j] = d[j + 1];
                j++;
            }
            while (j > 0 && d[j - 1] < t) {
                d[j] = d[j - 1];
                j--;
            }
            d[j] = t;
            if (solve(d, n))
                win = true;     /* a move to a losing position */
        }
    }
    if (!any)
        win = solver_misere;    /* no move: normal play loses, misere wins */
    *m = win ? 2 : 1;
    return !win;
}

bool solver_is_p(const uint8_t *cols, uint8_t ncols)
{
    uint8_t c[SOLVER_HEAP_COLS];
    uint8_t i, j, limit = solver_is_heap_form(solver_rule) ? SOLVER_HEAP_COLS
                                                             : SOLVER_MASK_COLS;
    if (ncols < 1 || ncols > limit) {
        fprintf(stderr, "solver: %u columns not supported\n", ncols);
        exit(2);
    }
    for (i = 0; i < ncols; i++) {
        uint8_t t = cols[i];
        if (!solver_col_valid(t)) {
            fprintf(stderr, "solver: invalid column %02x\n", t);
            exit(2);
        }
        for (j = i; j > 0 && c[j - 1] < t; j--)
            c[j] = c[j - 1];
        c[j] = t;
    }
    return solve(c, ncols);
}

#define ANY_MAX 32
#define ANY_BITS 20
static struct any_entry {
    uint8_t used, val, n;
    uint8_t c[ANY_MAX];
} *any_memo;
static uint8_t any_rule = 0xFF, any_misere;

static uint64_t any_hash(const uint8_t *c, uint8_t n)
{
    uint64_t h = 1469598103934665603ull ^ n;
    for (uint8_t i = 0; i < n; i++)
        h = (h ^ c[i]) * 1099511628211ull;
    return h;
}

/* c sorted, largest first, every column with a move. */
static bool solve_any(const uint8_t *c, uint8_t n)
{
    size_t mask = ((size_t)1 << ANY_BITS) - 1, at = any_hash(c, n) & mask;
    for (; any_memo[at].used; at = (at + 1) & mask)
        if (any_memo[at].n == n && !memcmp(any_memo[at].c, c, n))
            return any_memo[at].val == 1;
    bool win = false;
    for (uint8_t i = 0; i < n && !win; i++) {
        if (i > 0 && c[i] == c[i - 1])
            continue;
        for (uint8_t k = 0; k < nsucc[c[i]] && !win; k++) {
            uint8_t d[ANY_MAX], t = succ[c[i]][k], m = 0;
            for (uint8_t j = 0; j < n; j++)
                if (j != i)
                    d[m++] = c[j];
            if (nsucc[t]) { /* insert t, keeping the order */
                uint8_t j = m++;
                while (j > 0 && d[j - 1] < t) {
                    d[j] = d[j - 1];
                    j--;
                }
                d[j] = t;
            }
            win = solve_any(d, m);
        }
    }
    if (n == 0)
        win = solver_misere; /* no move: normal play loses, misere wins */
    static size_t filled;
    if (++filled > mask / 4 * 3) { /* full: start over (only speed is lost) */
        memset(any_memo, 0, (mask + 1) * sizeof *any_memo);
        filled = 1;
    }
    for (at = any_hash(c, n) & mask; any_memo[at].used; at = (at + 1) & mask)
        ;
    any_memo[at].used = 1;
    any_memo[at].val = win ? 2 : 1;
    any_memo[at].n = n;
    memcpy(any_memo[at].c, c, n);
    return !win;
}

bool solver_is_p_any(const uint8_t *cols, uint8_t ncols)
{
    uint8_t c[ANY_MAX], n = 0;
    if (!any_memo && !(any_memo = calloc((size_t)1 << ANY_BITS, sizeof *any_memo))) {
        fprintf(stderr, "solver: out of memory\n");
        exit(2);
    }
    if (any_rule != solver_rule || any_misere != solver_misere) {
        memset(any_memo, 0, ((size_t)1 << ANY_BITS) * sizeof *any_memo);
        any_rule = solver_rule;
        any_misere = solver_misere;
    }
    if (ncols > ANY_MAX) {
        fprintf(stderr, "solver: %u columns not supported\n", ncols);
        exit(2);
    }
    for (uint8_t i = 0; i < ncols; i++) {
        uint8_t t = cols[i], j;
        if (!nsucc[t])
            continue;
        for (j = n++; j > 0 && c[j - 1] < t; j--)
            c[j] = c[j - 1];
        c[j] = t;
    }
    return solve_any(c, n);
}

uint16_t solver_heap_moves(uint16_t n, uint16_t *to)
{
    uint16_t cnt = 0, k;
    for (k = 1; k <= n; k++)
        if (heap_take_ok(n, k))
            to[cnt++] = (uint16_t)(n - k);
    return cnt;
}

bool solver_heap_legal(uint16_t from, uint16_t to)
{
    return to < from && heap_take_ok(from, (uint16_t)(from - to));
}

bool solver_heap_is_p(uint16_t n)
{
    uint16_t k;
    bool any = false, win = false;
    if (n > SOLVER_ONEHEAP_MAX) {
        fprintf(stderr, "solver: heap %u too big\n", n);
        exit(2);
    }
    if (heap_memo[n])
        return heap_memo[n] == 1;
    for (k = 1; k <= n && !win; k++) {
        if (!heap_take_ok(n, k))
            continue;
        any = true;
        if (solver_heap_is_p((uint16_t)(n - k)))
            win = true;
    }
    if (!any)
        win = solver_misere;
    heap_memo[n] = win ? 2 : 1;
    return !win;
}

/* BINARY: a memo keyed by the heaps sorted, padded with empty heaps (a
 * heap of 0 has no move, so it changes no outcome, normal or misere). */
#define BIN_SIDE (SOLVER_BINARY_MAX + 1)
static uint8_t bin_memo[BIN_SIDE * BIN_SIDE * BIN_SIDE];
static uint8_t bin_rule = 0xFF, bin_misere;

static bool bin_solve(uint8_t a, uint8_t b, uint8_t c)
{
    uint8_t h[3] = {a, b, c}, t;
    if (h[0] < h[1]) { t = h[0]; h[0] = h[1]; h[1] = t; }
    if (h[1] < h[2]) { t = h[1]; h[1] = h[2]; h[2] = t; }
    if (h[0] < h[1]) { t = h[0]; h[0] = h[1]; h[1] = t; }
    uint8_t *m = &bin_memo[(h[0] * BIN_SIDE + h[1]) * BIN_SIDE + h[2]];
    if (*m)
        return *m == 1;
    bool any = false, win = false;
    for (int i = 0; i < 3 && !win; i++)
        for (uint16_t k = 1; k <= h[i] && !win; k++) {
            if (!heap_take_ok(h[i], k))
                continue;
            any = true;
            uint8_t x[3] = {h[0], h[1], h[2]};
            x[i] = (uint8_t)(x[i] - k);
            win = bin_solve(x[0], x[1], x[2]);
        }
    if (!any)
        win = solver_misere;
    *m = win ? 2 : 1;
    return !win;
}

bool solver_binary_is_p(const uint8_t *heaps, uint8_t n)
{
    uint8_t h[SOLVER_BINARY_COLS] = {0, 0, 0};
    if (n > SOLVER_BINARY_COLS) {
        fprintf(stderr, "solver: %u binary heaps\n", n);
        exit(2);
    }
    for (uint8_t i = 0; i < n; i++) {
        if (heaps[i] > SOLVER_BINARY_MAX) {
            fprintf(stderr, "solver: binary heap %u too big\n", heaps[i]);
            exit(2);
        }
        h[i] = heaps[i];
    }
    if (bin_rule != solver_rule || bin_misere != solver_misere) {
        memset(bin_memo, 0, sizeof bin_memo);
        bin_rule = solver_rule;
        bin_misere = solver_misere;
    }
    return bin_solve(h[0], h[1], h[2]);
}

/* EMPTY AND DIVIDE: outcome per convention, -1 unknown, 1 P, 0 N. */
static int8_t ed_memo[2][SOLVER_ED_MAX + 1][SOLVER_ED_MAX + 1];
static bool ed_memo_ready;

static bool ed_p(bool misere, int m, int n)
{
    int8_t *o = &ed_memo[misere][m][n];
    if (*o < 0) {
        bool any = false, to_p = false;
        for (int side = 0; side < 2 && !to_p; side++) {
            int s = side ? n : m; /* the box divided; the other is emptied */
            for (int k = 1; k < s && !to_p; k++) {
                any = true;
                to_p = ed_p(misere, k, s - k);
            }
        }
        *o = (int8_t)(misere ? (any && !to_p) : !to_p);
    }
    return *o;
}

bool solver_ed_outcome_p(bool misere, uint8_t m, uint8_t n)
{
    if (!ed_memo_ready) {
        memset(ed_memo, 0xFF, sizeof ed_memo);
        ed_memo_ready = true;
    }
    return ed_p(misere, m, n);
}

bool solver_ed_is_p(uint8_t m, uint8_t n)
{
    return solver_ed_outcome_p(solver_misere, m, n);
}

/* ---- SUM: each column its own rule -------------------------------------- */

/* Every rule's column moves (mask and 0..8 heap columns), made once by
 * gen_col_moves with that rule selected; BINARY heaps by heap_take_ok. */
static uint8_t rule_succ[RULE_COUNT][256][SOLVER_COL_MOVES];
static uint8_t rule_nsucc[RULE_COUNT][256];
static bool rule_made[RULE_COUNT];
static uint8_t sum_rules[SOLVER_SUM_COLS], sum_n;
static bool sum_misere, sum_binary;
static uint8_t *sum_memo;   /* [key of n bytes]: 1 P, 2 N, valid when its stamp is sum_gen */
static uint16_t *sum_stamp, sum_gen;

static void rule_moves(uint8_t rule)
{
    uint8_t keep = solver_rule;
    if (rule_made[rule])
        return;
    solver_rule = rule;
    memset(nsucc, 0, sizeof nsucc);
    memset(legal_bits, 0, sizeof legal_bits);
    for (unsigned c = 0; c < 256; c++)
        gen_col_moves((uint8_t)c);
    memcpy(rule_succ[rule], succ, sizeof succ);
    memcpy(rule_nsucc[rule], nsucc, sizeof nsucc);
    rule_made[rule] = true;
    solver_rule = keep;
    memset(nsucc, 0, sizeof nsucc);     /* the single-rule tables are rebuilt by solver_select */
    memset(legal_bits, 0, sizeof legal_bits);
}

void solver_sum_select(const uint8_t *rules, uint8_t n, bool misere, bool binary)
{
    sum_n = n;
    sum_misere = misere;
    sum_binary = binary;
    for (uint8_t i = 0; i < n; i++) {
        sum_rules[i] = rules[i];
        rule_moves(rules[i]);
    }
    if (!sum_memo) {
        sum_memo = malloc((size_t)1 << (8 * SOLVER_SUM_COLS));
        sum_stamp = calloc((size_t)1 << (8 * SOLVER_SUM_COLS), sizeof *sum_stamp);
        if (!sum_memo || !sum_stamp) {
            fprintf(stderr, "solver: out of memory\n");
            exit(2);
        }
    }
    if (++sum_gen == 0) {   /* stamps wrapped: forget them all */
        memset(sum_stamp, 0, ((size_t)1 << (8 * SOLVER_SUM_COLS)) * sizeof *sum_stamp);
        sum_gen = 1;
    }
}

bool solver_sum_col_valid(uint8_t c, uint8_t col)
{
    uint8_t r = sum_rules[c];
    if (solver_is_heap_form(r))
        return sum_binary || col <= 8;
    if (r == RULE_NOADJ)
        return (col & (col >> 1)) == 0;
    return true;
}

/* A BINARY heap rule's moves, listed once per rule by heap_take_ok (the
 * search asks for them at every node: listing them each time was a third
 * of test_sum's time). */
static uint8_t (*bin_succ)[256][256];
static uint8_t bin_nsucc[RULE_COUNT][256];
static bool bin_done[RULE_COUNT];

static void bin_moves(uint8_t r)
{
    uint8_t keep = solver_rule;
    if (bin_done[r])
        return;
    if (!bin_succ && !(bin_succ = malloc(sizeof *bin_succ * RULE_COUNT))) {
        fprintf(stderr, "solver: out of memory\n");
        exit(2);
    }
    solver_rule = r;
    for (int from = 0; from < 256; from++) {
        uint8_t n = 0;
        for (int t = from - 1; t >= 0; t--)
            if (heap_take_ok((uint16_t)from, (uint16_t)(from - t)))
                bin_succ[r][from][n++] = (uint8_t)t;
        bin_nsucc[r][from] = n;
    }
    solver_rule = keep;
    bin_done[r] = true;
}

/* Column c's moves from 'from' into *to (no copy). */
static uint8_t sum_moves(uint8_t c, uint8_t from, const uint8_t **to)
{
    uint8_t r = sum_rules[c];
    if (!sum_binary) {
        *to = rule_succ[r][from];
        return rule_nsucc[r][from];
    }
    bin_moves(r);
    *to = bin_succ[r][from];
    return bin_nsucc[r][from];
}

/* The same moves as bits (to), per form and rule: the checks ask every
 * column about every value (a scan of the list each time was a fifth of
 * test_sum's time). */
static uint8_t sum_legal_bits[2][RULE_COUNT][256][32];
static bool sum_legal_done[2][RULE_COUNT];
static uint16_t sum_legal_count[2][RULE_COUNT][256]; /* the targets of a row, counted */

bool solver_sum_legal(uint8_t c, uint8_t from, uint8_t to)
{
    uint8_t r = sum_rules[c], b = sum_binary;
    if (!sum_legal_done[b][r]) {
        for (int f = 0; f < 256; f++) {
            const uint8_t *t;
            uint8_t n = sum_moves(c, (uint8_t)f, &t);
            memset(sum_legal_bits[b][r][f], 0, 32);
            for (uint8_t i = 0; i < n; i++)
                sum_legal_bits[b][r][f][t[i] >> 3] |= (uint8_t)(1u << (t[i] & 7));
            unsigned k = 0;
            for (unsigned v = 0; v < 256; v++)
                k += sum_legal_bits[b][r][f][v >> 3] >> (v & 7) & 1;
            sum_legal_count[b][r][f] = (uint16_t)k;
        }
        sum_legal_done[b][r] = true;
    }
    return sum_legal_bits[b][r][from][to >> 3] >> (to & 7) & 1;
}

uint16_t solver_sum_legal_count(uint8_t c, uint8_t from)
{
    (void)solver_sum_legal(c, from, 0); /* the column's rows, made once */
    return sum_legal_count[sum_binary][sum_rules[c]][from];
}

static bool sum_solve(uint8_t *cols)
{
    uint32_t key = 0;
    for (uint8_t i = 0; i < sum_n; i++)
        key = key << 8 | cols[i];
    if (sum_stamp[key] == sum_gen)
        return sum_memo[key] == 1;
    bool any = false, p = true;
    for (uint8_t i = 0; i < sum_n && p; i++) {
        const uint8_t *t;
        uint8_t k = sum_moves(i, cols[i], &t), from = cols[i];
        for (uint8_t j = 0; j < k && p; j++) {
            any = true;
            cols[i] = t[j];
            if (sum_solve(cols))
                p = false;      /* a move to a P-position: the mover wins */
            cols[i] = from;
        }
    }
    if (!any)
        p = !sum_misere;        /* no move: normal play loses, misere wins */
    sum_memo[key] = p ? 1 : 2;
    sum_stamp[key] = sum_gen;
    return p;
}

bool solver_sum_is_p(const uint8_t *cols)
{
    uint8_t c[SOLVER_SUM_COLS];
    memcpy(c, cols, sum_n);
    return sum_solve(c);
}
