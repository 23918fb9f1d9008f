/* test_sum.c - the SUM's proof: columns each playing their own rule.
 *
 * Against the brute force (solver.c's solver_sum_*, which knows each
 * column only by its rule's moves and decides a position by recursion
 * over them, no values, no XOR):
 *   - every ordered pair of rules, every position of their two columns
 *     (heaps 0..8, every mask the rule allows), normal play, and misere
 *     for every pair of tame rules;
 *   - every multiset of three rules on a bounded set of column states
 *     (heaps 0..8, nine masks a rule), normal and misere (tame);
 *   - BINARY: every ordered pair of heap rules on heaps 0..63 and every
 *     multiset of three on heaps 0..15, normal and misere;
 * at each: engine_check_pos accepts it, engine_is_p equals the brute
 * force, engine_hint gives a legal move (the engine's and the solver's
 * rules both) to a P-position exactly in N-positions, engine_reply
 * (mistake 0) wins from an N-position, and (pairs) the engine's move list
 * is exactly the solver's. And the refusals: a wild rule in a misere
 * sum, a pin/cell/coin rule in a BINARY sum, fewer than two columns.
 * Built against the MODULES=4 engine (32 columns). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "solver.h"

#include "fail.h"

static unsigned long checked;

/* Nine column states of a rule for the three-column sums. */
static const uint8_t heap_states[] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
static const uint8_t mask_states[] = {0x00, 0x01, 0x03, 0x05, 0x0F, 0x16, 0x29, 0x5A, 0xFF};
static const uint8_t cell_states[] = {0x00, 0x01, 0x02, 0x05, 0x09, 0x12, 0x24, 0x41, 0x88};

static void set_game(engine_pos_t *p, const uint8_t *rules, uint8_t n, bool mis, bool bin)
{
    memset(p, 0, sizeof *p);
    p->rule = RULE_NIM;
    p->mode = (uint8_t)(ENGINE_SUM | (mis ? ENGINE_MISERE : 0) | (bin ? ENGINE_BINARY : 0));
    p->ncols = n;
    memcpy(p->rules, rules, n);
    char *s = game_name;
    s += sprintf(s, "SUM");
    for (uint8_t i = 0; i < n; i++)
        s += snprintf(s, sizeof game_name - (size_t)(s - game_name), "%s%.10s", i ? "+" : " ",
                      engine_rule_name(rules[i]));
    snprintf(s, sizeof game_name - (size_t)(s - game_name), "%s%s", bin ? " BIN" : "", mis ? " MIS" : "");
    solver_sum_select(rules, n, mis, bin);
}

static void pos_text(const engine_pos_t *p, char *buf)
{
    buf[0] = 0;
    for (uint8_t i = 0; i < p->ncols; i++)
        buf += sprintf(buf, " %u", p->col[i]);
}

/* One position: the outcome, the hint, the reply, (moves) the move list. */
static void check(engine_pos_t *p, bool moves)
{
    char t[64];
    checked++;
    if (engine_check_pos(p) != ENGINE_OK) {
        pos_text(p, t);
        FAIL("%s refused (%u)", t, engine_check_pos(p));
        return;
    }
    bool p_pos = solver_sum_is_p(p->col);
    if (engine_is_p(p) != p_pos) {
        pos_text(p, t);
        FAIL("%s: engine says %c, brute force %c", t, engine_is_p(p) ? 'P' : 'N', p_pos ? 'P' : 'N');
        return;
    }
    engine_move_t m;
    bool h = engine_hint(p, &m);
    /* misere, no move left: the mover has won (N), with nothing to hint */
    if (h == (p_pos || !engine_has_move(p))) {
        pos_text(p, t);
        FAIL("%s: hint %s in a%s-position", t, h ? "given" : "missing", p_pos ? " P" : "n N");
        return;
    }
    if (h) {
        engine_pos_t q = *p;
        if (m.col >= p->ncols || engine_check_move(p, m) != ENGINE_OK
            || !solver_sum_legal(m.col, p->col[m.col], (uint8_t)m.to)) {
            pos_text(p, t);
            FAIL("%s: hint %u->%u illegal", t, m.col, m.to);
            return;
        }
        engine_apply(&q, m);
        if (!solver_sum_is_p(q.col)) {
            pos_text(p, t);
            FAIL("%s: hint %u->%u leaves an N-position", t, m.col, m.to);
        }
        engine_move_t r;
        if (!engine_reply(p, 0, &r) || r.col != m.col || r.to != m.to) {
            pos_text(p, t);
            FAIL("%s: reply is not the winning move", t);
        }
    }
    if (!moves)
        return;
    /* the move list: each engine move the solver's, as many as it has */
    unsigned n = 0, want = 0;
    for (bool ok = engine_move_first(p, &m); ok; ok = engine_move_next(p, &m), n++)
        if (m.col >= p->ncols || !solver_sum_legal(m.col, p->col[m.col], (uint8_t)m.to)
            || engine_check_move(p, m) != ENGINE_OK) {
            pos_text(p, t);
            FAIL("%s: listed move %u->%u illegal", t, m.col, m.to);
            return;
        }
    for (uint8_t c = 0; c < p->ncols; c++)
        want += solver_sum_legal_count(c, p->col[c]);
    if (n != want) {
        pos_text(p, t);
        FAIL("%s: %u moves listed, the rules allow %u", t, n, want);
    }
    if (engine_has_move(p) != (want > 0)) {
        pos_text(p, t);
        FAIL("%s: has_move wrong", t);
    }
}

static bool is_heap(uint8_t r)
{
    return engine_rule_form(r) == FORM_HEAP;
}

static void pairs(bool mis)
{
    uint8_t rules[2];
    engine_pos_t p;
    for (rules[0] = 0; rules[0] < RULE_COLUMN_COUNT; rules[0]++)
        for (rules[1] = 0; rules[1] < RULE_COLUMN_COUNT; rules[1]++) {
            if (mis && (engine_misere_wild(rules[0]) || engine_misere_wild(rules[1])))
                continue;
            set_game(&p, rules, 2, mis, false);
            unsigned n0 = is_heap(rules[0]) ? 9 : 256, n1 = is_heap(rules[1]) ? 9 : 256;
            for (unsigned a = 0; a < n0; a++)
                for (unsigned b = 0; b < n1; b++) {
                    if (!solver_sum_col_valid(0, (uint8_t)a) || !solver_sum_col_valid(1, (uint8_t)b))
                        continue;
                    p.col[0] = (uint8_t)a;
                    p.col[1] = (uint8_t)b;
                    check(&p, true);
                }
        }
}

static const uint8_t *states_of(uint8_t r)
{
    return is_heap(r) ? heap_states : engine_rule_form(r) == FORM_CELLS ? cell_states : mask_states;
}

static void triples(bool mis)
{
    uint8_t rules[3];
    engine_pos_t p;
    for (rules[0] = 0; rules[0] < RULE_COLUMN_COUNT; rules[0]++)
        for (rules[1] = rules[0]; rules[1] < RULE_COLUMN_COUNT; rules[1]++)
            for (rules[2] = rules[1]; rules[2] < RULE_COLUMN_COUNT; rules[2]++) {
                if (mis && (engine_misere_wild(rules[0]) || engine_misere_wild(rules[1])
                            || engine_misere_wild(rules[2])))
                    continue;
                set_game(&p, rules, 3, mis, false);
                for (unsigned i = 0; i < 9 * 9 * 9; i++) {
                    p.col[0] = states_of(rules[0])[i % 9];
                    p.col[1] = states_of(rules[1])[i / 9 % 9];
                    p.col[2] = states_of(rules[2])[i / 81];
                    check(&p, false);
                }
            }
}

static void binary(bool mis)
{
    uint8_t rules[3];
    engine_pos_t p;
    for (rules[0] = 0; rules[0] < RULE_COLUMN_COUNT; rules[0]++)
        for (rules[1] = 0; rules[1] < RULE_COLUMN_COUNT; rules[1]++) {
            if (!is_heap(rules[0]) || !is_heap(rules[1]))
                continue;
            set_game(&p, rules, 2, mis, true);
            for (unsigned i = 0; i < 64 * 64; i++) {
                p.col[0] = (uint8_t)(i & 63);
                p.col[1] = (uint8_t)(i >> 6);
                check(&p, i < 16 * 16);
            }
            for (rules[2] = rules[1]; rules[2] < RULE_COLUMN_COUNT && rules[1] >= rules[0]; rules[2]++) {
                if (!is_heap(rules[2]))
                    continue;
                set_game(&p, rules, 3, mis, true);
                for (unsigned i = 0; i < 16 * 16 * 16; i++) {
                    p.col[0] = (uint8_t)(i & 15);
                    p.col[1] = (uint8_t)(i >> 4 & 15);
                    p.col[2] = (uint8_t)(i >> 8);
                    check(&p, false);
                }
            }
        }
}

/* What a sum refuses, and why. */
static void refusals(void)
{
    engine_pos_t p;
    uint8_t rules[3] = {RULE_SUB3, RULE_KAYLES, RULE_NIM};
    snprintf(game_name, sizeof game_name, "SUM refusals");
    memset(&p, 0, sizeof p);
    p.mode = ENGINE_SUM | ENGINE_MISERE;
    p.ncols = 3;
    memcpy(p.rules, rules, 3);
    if (engine_check_pos(&p) != ENGINE_ERR_MODE)
        FAIL("a misere sum with KAYLES accepted");
    p.rules[1] = RULE_TWINS;
    if (engine_check_pos(&p) != ENGINE_ERR_MODE)
        FAIL("a misere sum with TWINS accepted");
    p.mode = ENGINE_SUM;
    if (engine_check_pos(&p) != ENGINE_OK)
        FAIL("a normal sum with TWINS refused");
    p.mode = ENGINE_SUM | ENGINE_BINARY;
    if (engine_check_pos(&p) != ENGINE_ERR_MODE)
        FAIL("a BINARY sum with coins accepted");
    p.rules[1] = RULE_SUB5;
    p.col[2] = 200;
    if (engine_check_pos(&p) != ENGINE_OK)
        FAIL("a BINARY sum of heap rules refused");
    p.mode = ENGINE_SUM;
    if (engine_check_pos(&p) != ENGINE_ERR_HEIGHT)
        FAIL("a heap of 200 accepted in columns");
    p.col[2] = 0;
    p.ncols = 1;
    if (engine_check_pos(&p) != ENGINE_ERR_COLS)
        FAIL("a sum of one column accepted");
    p.ncols = 2;
    p.rules[1] = RULE_COUNT;
    if (engine_check_pos(&p) != ENGINE_ERR_RULE)
        FAIL("a column of no rule accepted");
    if (engine_mode_allowed(RULE_NIM, ENGINE_SUM | ENGINE_ONEHEAP))
        FAIL("a one-heap sum allowed");
    /* EMPTY AND DIVIDE is no column of a sum: a move changes both boxes */
    if (engine_mode_allowed(RULE_ED, ENGINE_SUM) || engine_mode_allowed(RULE_ED, ENGINE_SUM | ENGINE_BINARY))
        FAIL("EMPTY AND DIVIDE allowed as a SUM's column");
    /* the notes' example: G(3) + G(5) + G(7) on 9 10 14 */
    uint8_t g357[3] = {RULE_SUB3, RULE_SUB5, RULE_SUB7};
    memset(&p, 0, sizeof p);
    p.mode = ENGINE_SUM | ENGINE_BINARY;
    p.ncols = 3;
    memcpy(p.rules, g357, 3);
    p.col[0] = 9;
    p.col[1] = 10;
    p.col[2] = 14;
    engine_move_t m;
    if (engine_col_grundy(&p, 0) != 1 || engine_col_grundy(&p, 1) != 4 || engine_col_grundy(&p, 2) != 6
        || engine_nimsum(&p) != 3)
        FAIL("G(3)+G(5)+G(7) on 9 10 14: values %u %u %u", engine_col_grundy(&p, 0),
             engine_col_grundy(&p, 1), engine_col_grundy(&p, 2));
    if (!engine_hint(&p, &m) || !((m.col == 2 && m.to == 13) || (m.col == 0 && m.to == 6)))
        FAIL("G(3)+G(5)+G(7) on 9 10 14: hint %u %u", m.col, m.to);
}

int main(int argc, char **argv)
{
    bool quick = argc > 1 && !strcmp(argv[1], "quick");
    printf("sum: every pair of column rules (every position), every triple (9 states a column), BINARY pairs to 63, "
           "triples to 15; normal and misere\n");
    refusals();
    for (int mis = 0; mis < 2; mis++) {
        unsigned long f0 = failures, c0 = checked;
        pairs(mis);
        printf("  pairs %-7s %9lu positions %s\n", mis ? "misere" : "normal", checked - c0, failures == f0 ? "ok" : "FAILED");
        if (!quick) {
            f0 = failures, c0 = checked;
            triples(mis);
            printf("  triples %-5s %9lu positions %s\n", mis ? "misere" : "normal", checked - c0, failures == f0 ? "ok" : "FAILED");
        }
        f0 = failures, c0 = checked;
        binary(mis);
        printf("  binary %-6s %9lu positions %s\n", mis ? "misere" : "normal", checked - c0, failures == f0 ? "ok" : "FAILED");
    }
    printf("test-sum: %s, %lu positions, %lu failures\n", failures ? "FAILED" : "passed", checked, failures);
    return failures ? 1 : 0;
}
