/* test_own.c - your own game (issue 21, RULE_OWN): the engine playing a
 * typed-in octal code, against the independent brute-force solver, which
 * knows the code only as its words (take k tokens leaving no heap, one or
 * two: solver_select_code) and knows no Grundy value.
 *
 * Every code of one and two digits, with and without repeat (the codes
 * with a move: 142), in its form (heap columns if it never splits, else
 * pins), normal play:
 *   - heaps: every position of 1 to 4 columns of 0..8;
 *   - pins: every column alone; every pair of columns for the codes of
 *     one digit (each unordered pair once: the order changes no outcome),
 *     5,000 random pairs for those of two; 2,000 random positions of
 *     three columns
 * (every pair for every code of two digits, and every three columns, is
 * ~30 s and hours: make test's ten minutes do not hold them); and 80
 * random codes of three and four digits with 1,500 random positions of 1
 * to 3 columns each. On each position:
 *   - engine_check_pos accepts it; engine_is_p equals the solver;
 *   - engine_hint gives a legal move to a P-position exactly in
 *     N-positions; engine_reply (mistake 0) is legal, and wins from an
 *     N-position;
 *   - engine_move_first/next lists exactly the solver's moves, once each.
 * Also: the rule is refused before a code is set, bad codes are refused
 * (and leave the code set before), and only columns in normal play are
 * allowed. Built against the MODULES=4 engine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "solver.h"

#include "fail.h"

static int summary(void)
{
    printf("test_own: %s, %lu failures\n", failures ? "FAILED" : "passed", failures);
    return failures != 0;
}

static unsigned long n_pos, n_p, n_moves, n_codes;
static unsigned n_builtin;
static uint64_t rng = 0x2545F4914F6CDD1Dull;

static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}

static const char *code_text(const octal_code_t *c)
{
    static char s[16];
    char *o = s + sprintf(s, "0.");
    for (unsigned i = 0; i < c->len; i++)
        *o++ = (char)('0' + c->digit[i]);
    if (c->repeat)
        *o++ = '*';
    *o = 0;
    return s;
}

static bool after_is_p(const engine_pos_t *p, engine_move_t m)
{
    uint8_t cols[SOLVER_HEAP_COLS];
    memcpy(cols, p->col, p->ncols);
    cols[m.col] = (uint8_t)m.to;
    return solver_is_p(cols, p->ncols);
}

static bool legal(const engine_pos_t *p, engine_move_t m)
{
    return m.col < p->ncols && m.to < 256 && solver_col_legal(p->col[m.col], (uint8_t)m.to);
}

/* A column's size and the change of a move, as the engine's stall
 * measures them: a heap's height and stones taken; pins standing and
 * pins knocked down. */
static bool own_pins;

static unsigned col_size(uint8_t v)
{
    return own_pins ? (unsigned)__builtin_popcount(v) : v;
}

static uint8_t col_change(uint8_t from, uint8_t to)
{
    return own_pins ? (uint8_t)(from ^ to) : (uint8_t)(from - to);
}

static void check_pos(const octal_code_t *c, const engine_pos_t *p)
{
    char where[96];
    int o = snprintf(where, sizeof where, "%s cols", code_text(c));
    for (unsigned i = 0; i < p->ncols; i++)
        o += snprintf(where + o, sizeof where - (size_t)o, " %02x", p->col[i]);
    n_pos++;
    if (engine_check_pos(p) != ENGINE_OK) {
        FAIL("%s: refused (%u)", where, engine_check_pos(p));
        return;
    }
    bool sp = solver_is_p(p->col, p->ncols);
    n_p += sp;
    if (engine_is_p(p) != sp)
        FAIL("%s: engine says %c, the solver %c", where, engine_is_p(p) ? 'P' : 'N', sp ? 'P' : 'N');

    unsigned total = 0;
    uint8_t to[SOLVER_COL_MOVES];
    for (unsigned i = 0; i < p->ncols; i++)
        total += solver_col_moves(p->col[i], to);

    engine_move_t m;
    bool h = engine_hint(p, &m);
    if (h != !sp)
        FAIL("%s: hint %d in a %c-position", where, h, sp ? 'P' : 'N');
    else if (h && (!legal(p, m) || !after_is_p(p, m)))
        FAIL("%s: hint col %u to %02x is illegal or not to a P-position", where, m.col, m.to);

    bool r = engine_reply(p, 0, &m);
    if (r != (total > 0))
        FAIL("%s: reply %d with %u moves", where, r, total);
    else if (r && (!legal(p, m) || (!sp && !after_is_p(p, m))))
        FAIL("%s: reply col %u to %02x is illegal or loses", where, m.col, m.to);
    if (r && sp) {
        /* the stall: a smallest move on a biggest column that can move */
        unsigned big = 0, small = 0xFFFF, size = 0;
        for (unsigned i = 0; i < p->ncols; i++) {
            unsigned n = solver_col_moves(p->col[i], to);
            if (n && col_size(p->col[i]) > big)
                big = col_size(p->col[i]);
        }
        unsigned n = solver_col_moves(p->col[m.col], to);
        for (unsigned i = 0; i < n; i++)
            if (col_size(col_change(p->col[m.col], to[i])) < small)
                small = col_size(col_change(p->col[m.col], to[i]));
        size = col_size(col_change(p->col[m.col], (uint8_t)m.to));
        if (col_size(p->col[m.col]) != big || size != small)
            FAIL("%s: stall col %u to %02x is not a smallest move on a biggest column", where, m.col, m.to);
    }
    /* mistakes (255/256 a random move): legal; from one column, every
     * move of it comes up (40 tries a move: a miss is e^-40 likely) */
    unsigned tries = p->ncols == 1 ? 40 * total : 1, hit = 0;
    uint8_t got[32];
    memset(got, 0, sizeof got);
    for (unsigned t = 0; t < tries; t++) {
        if (engine_reply(p, 255, &m) != (total > 0) || (total && !legal(p, m))) {
            FAIL("%s: reply with mistakes col %u to %02x is illegal", where, m.col, m.to);
            break;
        }
        if (total && !(got[m.to >> 3] >> (m.to & 7) & 1)) {
            got[m.to >> 3] |= (uint8_t)(1u << (m.to & 7));
            hit++;
        }
    }
    if (p->ncols == 1 && hit != total)
        FAIL("%s: random moves reached %u of its %u moves", where, hit, total);
    if (engine_has_move(p) != (total > 0))
        FAIL("%s: has_move %d with %u moves", where, engine_has_move(p), total);

    uint8_t seen[SOLVER_HEAP_COLS][32];
    unsigned listed = 0;
    memset(seen, 0, sizeof seen);
    for (bool ok = engine_move_first(p, &m); ok; ok = engine_move_next(p, &m)) {
        if (!legal(p, m) || (seen[m.col][m.to >> 3] >> (m.to & 7) & 1) || listed > total) {
            FAIL("%s: move list: col %u to %02x illegal or repeated", where, m.col, m.to);
            break;
        }
        seen[m.col][m.to >> 3] |= (uint8_t)(1u << (m.to & 7));
        listed++;
        if (engine_check_move(p, m) != ENGINE_OK)
            FAIL("%s: check_move refuses listed col %u to %02x", where, m.col, m.to);
    }
    if (listed != total)
        FAIL("%s: %u moves listed, the code gives %u", where, listed, total);
    n_moves += listed;
}

/* Your own game set to a built-in rule's code, in that rule's form,
 * plays exactly as the rule from its generated tables: the same P, hint,
 * reply (with mistakes too, from the same seed), move list and has-move,
 * on every position of one and two columns and on random ones of three
 * and four. (The built-in pin rules search and count blocks in the order
 * of column_blocks; your own game's pins by runs, in the same order.) */
static unsigned long n_same;

static void same_pos(uint8_t rule, const uint8_t *cols, uint8_t ncols)
{
    engine_pos_t a, b;
    engine_move_t ma, mb;
    memset(&a, 0, sizeof a);
    a.rule = RULE_OWN;
    a.ncols = ncols;
    memcpy(a.col, cols, ncols);
    b = a;
    b.rule = rule;
    bool ha = engine_hint(&a, &ma), hb = engine_hint(&b, &mb);
    bool same = engine_is_p(&a) == engine_is_p(&b) && ha == hb && (!ha || (ma.col == mb.col && ma.to == mb.to));
    for (uint8_t mistake = 0; same && mistake < 2; mistake++) {
        engine_seed(0x1234 + ncols);
        ha = engine_reply(&a, mistake ? 255 : 0, &ma);
        engine_seed(0x1234 + ncols);
        hb = engine_reply(&b, mistake ? 255 : 0, &mb);
        same = ha == hb && (!ha || (ma.col == mb.col && ma.to == mb.to));
    }
    bool oa = engine_move_first(&a, &ma), ob = engine_move_first(&b, &mb);
    while (same && (oa || ob)) {
        same = oa == ob && ma.col == mb.col && ma.to == mb.to;
        oa = engine_move_next(&a, &ma);
        ob = engine_move_next(&b, &mb);
    }
    if (!same || engine_has_move(&a) != engine_has_move(&b))
        FAIL("%s: plays otherwise than rule %u on %u columns %02x %02x %02x", code_text(engine_own_code()), rule,
             ncols, cols[0], cols[1], cols[2]);
    n_same++;
}

static void same_as_builtin(uint8_t rule)
{
    unsigned top = engine_rule_form(rule) == FORM_PINS ? 256 : TABLE_ROWS + 1;
    uint8_t cols[4] = {0, 0, 0, 0};
    for (unsigned x = 0; x < top; x++)
        for (unsigned y = 0; y < top; y++) {
            cols[0] = (uint8_t)x;
            cols[1] = (uint8_t)y;
            same_pos(rule, cols, 2);
            if (!y)
                same_pos(rule, cols, 1);
        }
    for (unsigned k = 0; k < 2000; k++) {
        for (unsigned i = 0; i < 4; i++)
            cols[i] = (uint8_t)(rnd() % top);
        same_pos(rule, cols, (uint8_t)(3 + (k & 1)));
    }
}

static engine_pos_t pos_of(uint8_t ncols)
{
    engine_pos_t p;
    memset(&p, 0, sizeof p);
    p.rule = RULE_OWN;
    p.ncols = ncols;
    for (unsigned c = ncols; c < ENGINE_COLS; c++)
        p.col[c] = (uint8_t)(0xA5 ^ c);   /* junk the engine must ignore */
    return p;
}

/* The built-in rules' codes as rules.h writes them ("" for the special
 * rules), and the digit d_k a code string gives. */
static const char *const rule_codes[RULE_COUNT] = {
#define RULE_CODE(id, name, kind, code, form) code,
    RULES(RULE_CODE)
#undef RULE_CODE
};

static unsigned text_digit(const char *s, unsigned k)
{
    size_t n = strlen(s);
    bool rep = n && s[n - 1] == '*';
    unsigned len = (unsigned)(n - 2 - rep);
    if (n < 3)
        return 0;
    if (k <= len)
        return (unsigned)(s[1 + k] - '0');
    return rep ? (unsigned)(s[1 + len] - '0') : 0;
}

/* The built-in rule a code is (every d_k equal, k up to 64), or RULE_COUNT. */
static uint8_t builtin_of(const octal_code_t *c)
{
    for (uint8_t r = 0; r < RULE_COUNT; r++) {
        unsigned k = 1;
        if (!rule_codes[r][0])
            continue;
        while (k <= 64 && text_digit(rule_codes[r], k) == octal_digit(c, (uint8_t)k))
            k++;
        if (k > 64)
            return r;
    }
    return RULE_COUNT;
}

/* Sets the code in the engine and the solver; false if the engine refuses it. */
static bool code_select(const octal_code_t *c)
{
    uint8_t err = engine_own_set(c);
    if (err) {
        FAIL("%s: refused (%u)", code_text(c), err);
        return false;
    }
    bool pins = octal_splits(c);
    own_pins = pins;
    if (engine_rule_form(RULE_OWN) != (pins ? FORM_PINS : FORM_HEAP))
        FAIL("%s: form %u", code_text(c), engine_rule_form(RULE_OWN));
    solver_select_code(c->digit, c->len, c->repeat, false);
    if (engine_own_builtin() != builtin_of(c))
        FAIL("%s: the engine says it is rule %u, the codes say %u", code_text(c), engine_own_builtin(), builtin_of(c));
    n_codes++;
    return true;
}

static uint8_t random_col(bool pins)
{
    return pins ? (uint8_t)rnd() : (uint8_t)(rnd() % 9);
}

static void check_code_full(const octal_code_t *c)
{
    if (!code_select(c))
        return;
    if (!octal_splits(c)) {
        /* heaps: every position of 1 to 4 columns */
        for (uint8_t n = 1; n <= SOLVER_HEAP_COLS; n++) {
            engine_pos_t p = pos_of(n);
            unsigned count = 1;
            for (unsigned i = 0; i < n; i++)
                count *= 9;
            for (unsigned k = 0; k < count; k++) {
                for (unsigned i = 0, v = k; i < n; i++, v /= 9)
                    p.col[i] = (uint8_t)(v % 9);
                check_pos(c, &p);
            }
        }
        return;
    }
    engine_pos_t p = pos_of(1);
    for (unsigned a = 0; a < 256; a++) {
        p.col[0] = (uint8_t)a;
        check_pos(c, &p);
    }
    p = pos_of(2);
    if (c->len == 1) {
        for (unsigned a = 0; a < 256; a++)
            for (unsigned b = a; b < 256; b++) {
                p.col[0] = (uint8_t)a, p.col[1] = (uint8_t)b;
                check_pos(c, &p);
            }
    } else {
        for (unsigned k = 0; k < 5000; k++) {
            p.col[0] = (uint8_t)rnd(), p.col[1] = (uint8_t)rnd();
            check_pos(c, &p);
        }
    }
    p = pos_of(3);
    for (unsigned k = 0; k < 2000; k++) {
        for (unsigned i = 0; i < 3; i++)
            p.col[i] = (uint8_t)rnd();
        check_pos(c, &p);
    }
}

static void check_code_sample(const octal_code_t *c, unsigned positions)
{
    if (!code_select(c))
        return;
    bool pins = octal_splits(c);
    for (unsigned k = 0; k < positions; k++) {
        engine_pos_t p = pos_of((uint8_t)(1 + rnd() % 3));
        for (unsigned i = 0; i < p.ncols; i++)
            p.col[i] = random_col(pins);
        check_pos(c, &p);
    }
}

int main(void)
{
    snprintf(game_name, sizeof game_name, "OCTAL");
    engine_pos_t p = pos_of(1);
    if (engine_check_pos(&p) != ENGINE_ERR_RULE)
        FAIL("no code set: the position is not refused as ENGINE_ERR_RULE");

    octal_code_t c;
    memset(&c, 0, sizeof c);
    c.len = 2, c.digit[0] = 0, c.digit[1] = 0;
    if (engine_own_set(&c) != OCTAL_ERR_NOMOVE)
        FAIL("0.00: not refused as having no move");
    c.digit[1] = 8;
    if (engine_own_set(&c) != OCTAL_ERR_DIGIT)
        FAIL("0.08: not refused as a bad digit");
    c.len = 0;
    if (engine_own_set(&c) != OCTAL_ERR_LEN)
        FAIL("no digit: not refused");
    if (engine_own_code()->len != 0 || engine_check_pos(&p) != ENGINE_ERR_RULE)
        FAIL("a refused code was set");

    /* every code of one and two digits */
    unsigned before = failures;
    for (uint8_t len = 1; len <= 2; len++)
        for (unsigned v = 0; v < (len == 1 ? 8u : 64u); v++)
            for (uint8_t rep = 0; rep <= 1; rep++) {
                memset(&c, 0, sizeof c);
                c.len = len, c.repeat = rep;
                c.digit[0] = (uint8_t)(len == 1 ? v : v >> 3);
                if (len == 2)
                    c.digit[1] = (uint8_t)(v & 7);
                if (octal_check(&c) != OCTAL_OK)
                    continue;
                check_code_full(&c);
                if (failures > before + 20)
                    return summary();
            }
    printf("test_own: every code of 1-2 digits, as above: %lu codes, %lu positions (%lu P), %lu moves listed\n",
           n_codes, n_pos, n_p, n_moves);

    /* a refused code leaves the one set before */
    octal_code_t kept = *engine_own_code();
    c.len = 1, c.digit[0] = 0, c.repeat = 0;
    if (engine_own_set(&c) == OCTAL_OK || memcmp(engine_own_code(), &kept, sizeof kept))
        FAIL("a refused code changed the code set");
    for (uint8_t mode = 1; mode < 16; mode++)
        if (engine_mode_allowed(RULE_OWN, mode))
            FAIL("mode %u allowed for your own game (columns, normal play only)", mode);

    /* every built-in code is its rule (TAKE 1 2 5 OR 8: eight digits) */
    for (uint8_t r = 0; r < RULE_COUNT; r++) {
        const char *s = rule_codes[r];
        if (!s[0])
            continue;
        memset(&c, 0, sizeof c);
        c.repeat = s[strlen(s) - 1] == '*';
        c.len = (uint8_t)(strlen(s) - 2 - c.repeat);
        for (unsigned i = 0; i < c.len; i++)
            c.digit[i] = (uint8_t)(s[2 + i] - '0');
        if (engine_own_set(&c) != OCTAL_OK || engine_own_builtin() != r)
            FAIL("%s: not found as rule %u (%u)", s, r, engine_own_builtin());
        else if (engine_rule_form(r) == engine_rule_form(RULE_OWN))
            same_as_builtin(r);
        n_builtin++;
    }
    printf("test_own: %u built-in codes found as their rules; those in their rule's form play as it: %lu positions\n",
           n_builtin, n_same);

    /* random longer codes */
    unsigned long codes0 = n_codes, pos0 = n_pos;
    for (unsigned k = 0; k < 80; k++) {
        memset(&c, 0, sizeof c);
        c.len = (uint8_t)(3 + rnd() % 2);
        c.repeat = (uint8_t)(rnd() & 1);
        for (unsigned i = 0; i < c.len; i++)
            c.digit[i] = (uint8_t)(rnd() % 8);
        if (octal_check(&c) == OCTAL_OK)
            check_code_sample(&c, 1500);
    }
    printf("test_own: random codes of 3-4 digits: %lu codes, %lu positions\n", n_codes - codes0, n_pos - pos0);
    return summary();
}
