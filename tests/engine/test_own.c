/* test_own.c - your own game (issue 21, RULE_OWN): the engine playing a
 * typed-in octal code, against the independent brute-force solver, which
 * knows the code only as its words (take k tokens leaving no heap, one or
 * two: solver_select_code) and knows no Grundy value.
 *
 * Every code of one and two digits, with and without repeat (the codes
 * with a move: 140; the 5 with no move on a full column, 0.1, refused:
 * own_check.h's own_stuck), in its form (heap columns if it never
 * splits, else pins), normal play:
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
 * (and leave the code set before), and only columns and one heap
 * (test_own_heap), normal and misere, are allowed. Built against the MODULES=4 engine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "solver.h"

#include "fail.h"
#include "own_check.h"

static unsigned n_builtin;

static int summary(void)
{
    printf("test_own: %s, %lu failures\n", failures ? "FAILED" : "passed", failures);
    return failures != 0;
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

/* The built-in rules' codes as rules.h writes them ("" for the special
 * rules), and the digit d_k a code string gives. */
static const char *const rule_codes[RULE_COUNT] = {
#define RULE_CODE(num, id, name, kind, code, form) [RULE_##id] = code,
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
bool code_select(const octal_code_t *c)
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
    solver_select_code(c->digit, c->len, c->repeat, own_mode != 0);
    if (own_stuck(c))
        return false;
    if (engine_own_builtin() != builtin_of(c))
        FAIL("%s: the engine says it is rule %u, the codes say %u", code_text(c), engine_own_builtin(), builtin_of(c));
    n_codes++;
    return true;
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
    for (unsigned i = 0; i < OWN_SHORT_CODES; i++) {
        if (!own_short_code(i, &c))
            continue;
        check_code_full(&c);
        if (failures > before + 20)
            return summary();
    }
    printf("test_own: every code of 1-2 digits, as above: %lu codes, %lu positions (%lu P), %lu moves listed; "
           "%lu with no move on a full column refused\n", n_codes, n_pos, n_p, n_moves, n_stuck);

    /* a refused code leaves the one set before */
    octal_code_t kept = *engine_own_code();
    c.len = 1, c.digit[0] = 0, c.repeat = 0;
    if (engine_own_set(&c) == OCTAL_OK || memcmp(engine_own_code(), &kept, sizeof kept))
        FAIL("a refused code changed the code set");
    for (uint8_t mode = 1; mode < 16; mode++)
        if (engine_mode_allowed(RULE_OWN, mode) != !(mode & ~(ENGINE_MISERE | ENGINE_ONEHEAP)))
            FAIL("mode %u %s for your own game (columns and one heap, normal and misere)", mode,
                 engine_mode_allowed(RULE_OWN, mode) ? "allowed" : "refused");

    /* every built-in code is its rule (TAKE 1 2 5 OR 8: eight digits) */
    for (uint8_t r = 0; r < RULE_COUNT; r++) {
        const char *s = rule_codes[r];
        if (!s[0])
            continue;
        own_code_of(s, &c);
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
    for (unsigned k = 0; k < 80; k++)
        if (own_random_code(&c, 3, 2, 8))
            check_code_sample(&c, 1500);
    printf("test_own: random codes of 3-4 digits: %lu codes, %lu positions\n", n_codes - codes0, n_pos - pos0);
    return summary();
}
