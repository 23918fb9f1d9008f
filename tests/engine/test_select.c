/* test_select.c - the questions the UI and the PC link ask of a position
 * (engine.h, select.c) against what the rules' plain statement and the
 * brute-force solver's move lists (tests/engine/solver.c) say, over every
 * column state of every rule:
 *   - engine_select_lamp: a cell column takes a lamp exactly where the
 *     solver has a move marking it; a coin selection is taken exactly
 *     when some move of MOCK TURTLES (at most three coins, the top one a
 *     head: the solver's list) contains it, for TWINS too (the buttons
 *     choose coins as in MOCK TURTLES), and every TWINS move can be chosen
 *     coin by coin; a pin, or a pair of neighbours, exactly where they
 *     stand, every pair of standing pins of KAYLES and DAWSON'S KAYLES a
 *     solver move;
 *     a refusal leaves the selection as it was;
 *   - engine_select_kind, _max and _to: every count 1..max of a heap rule
 *     is a move exactly as the solver says (and nothing over max), EMPTY
 *     AND DIVIDE's share 1..max is every legal division;
 *   - engine_move_col is engine_apply's column, on every legal move;
 *   - engine_col_lamps and engine_lamps: a heap lit from the bottom
 *     (BINARY: its bits), the other forms their bits;
 *   - engine_own_pack / _unpack: every code of one and two digits (and
 *     '*') packed into a position of your own game and set again, after
 *     another code, is the same code; a bad code is refused with
 *     engine_own_set's error; other games' positions stay as they are. */
#include <stdio.h>
#include <string.h>

#include "engine.h"

#include "fail.h"
#include "solver.h"

static unsigned long checked;

static engine_pos_t col_pos(uint8_t rule, uint8_t mode, uint8_t v)
{
    engine_pos_t p;
    memset(&p, 0, sizeof p);
    p.rule = rule;
    p.mode = mode;
    p.ncols = 2;
    p.col[0] = v;
    p.col[1] = 3;
    return p;
}

/* Is sel part of one of the solver's moves from v (the change's cells)? */
static bool in_solver_move(uint8_t v, uint8_t sel)
{
    uint8_t to[SOLVER_COL_MOVES], n = solver_col_moves(v, to);
    for (uint8_t i = 0; i < n; i++)
        if (((v ^ to[i]) & sel) == sel)
            return true;
    return false;
}

static void check_lamps_rule(uint8_t rule)
{
    uint8_t form = engine_rule_form(rule);
    solver_select(form == FORM_COINS ? RULE_TURTLES : rule, false);
    for (unsigned v = 0; v < 256; v++) {
        if (form == FORM_CELLS && !solver_col_valid((uint8_t)v))
            continue;
        engine_pos_t p = col_pos(rule, 0, (uint8_t)v);
        if (engine_select_kind(&p, 0) != ENGINE_SELECT_LAMPS)
            FAIL("v %02x: kind %u, not lamps", v, engine_select_kind(&p, 0));
        for (unsigned s = 0; s < 256; s++)
            for (uint8_t bit = 1; bit; bit = (uint8_t)(bit << 1)) {
                uint8_t sel = (uint8_t)s, want = 0, why = engine_select_lamp(&p, 0, &sel, bit);
                bool ok;
                checked++;
                if (form == FORM_CELLS) {
                    ok = !(v & bit) && solver_col_legal((uint8_t)v, (uint8_t)(v | bit));
                    want = bit;
                } else if (form == FORM_PINS) {
                    ok = v & bit;
                    want = (s == (uint8_t)(bit << 1) || s == (uint8_t)(bit >> 1)) ? (uint8_t)(s | bit) : bit;
                    if (ok && want != bit && (v & want) == want && !in_solver_move((uint8_t)v, want))
                        FAIL("v %02x: the pair %02x is no move", v, want);
                } else {
                    uint8_t n = 0;
                    for (uint8_t t = (uint8_t)s; t; t &= (uint8_t)(t - 1))
                        n++;
                    want = n < 3 ? (uint8_t)(s | bit) : bit;
                    ok = in_solver_move((uint8_t)v, want);
                }
                if (why != (ok ? ENGINE_PICK_OK : form == FORM_COINS ? ENGINE_PICK_NOT_WITH : ENGINE_PICK_NONE))
                    FAIL("v %02x sel %02x bit %02x: answer %u, want %s", v, s, bit, why, ok ? "ok" : "refused");
                else if (sel != (ok ? want : s))
                    FAIL("v %02x sel %02x bit %02x: selection %02x, want %02x", v, s, bit, sel, ok ? want : s);
                if (ok && engine_select_to(&p, 0, sel) != (uint8_t)(v ^ sel))
                    FAIL("v %02x sel %02x: to %02x", v, sel, engine_select_to(&p, 0, sel));
            }
        if (rule == RULE_TWINS) {
            /* every TWINS move chosen coin by coin from its top down */
            solver_select(rule, false);
            uint8_t to[SOLVER_COL_MOVES], n = solver_col_moves((uint8_t)v, to);
            for (uint8_t i = 0; i < n; i++) {
                uint8_t d = (uint8_t)(v ^ to[i]), sel = 0;
                for (uint8_t bit = 0x80; bit; bit >>= 1)
                    if ((d & bit) && engine_select_lamp(&p, 0, &sel, bit) != ENGINE_PICK_OK)
                        FAIL("v %02x: move %02x cannot be chosen at %02x", v, d, bit);
                if (sel != d || engine_select_to(&p, 0, sel) != to[i])
                    FAIL("v %02x: move %02x chosen as %02x", v, d, sel);
            }
            solver_select(RULE_TURTLES, false);
        }
    }
}

static void check_count_rule(uint8_t rule, uint8_t mode)
{
    solver_select(rule, false);
    for (unsigned v = 0; v < ((mode & ENGINE_BINARY) ? 256u : 9u); v++) {
        engine_pos_t p = col_pos(rule, mode, (uint8_t)v);
        if (engine_select_kind(&p, 0) != ENGINE_SELECT_TAKE || engine_select_max(&p, 0) != v)
            FAIL("heap %u: kind %u max %u", v, engine_select_kind(&p, 0), engine_select_max(&p, 0));
        for (unsigned k = 1; k <= v; k++) {
            engine_move_t m = {0, engine_select_to(&p, 0, (uint8_t)k)};
            bool legal = engine_check_move(&p, m) == ENGINE_OK;
            checked++;
            if (m.to != v - k)
                FAIL("heap %u take %u: to %u", v, k, m.to);
            else if (!(mode & ENGINE_BINARY) && legal != solver_col_legal((uint8_t)v, (uint8_t)m.to))
                FAIL("heap %u take %u: engine %d, solver %d", v, k, legal, !legal);
            if (engine_col_lamps(&p, 0, (uint8_t)v) != ((mode & ENGINE_BINARY) ? v : (1u << v) - 1u))
                FAIL("heap %u: lamps %02x", v, engine_col_lamps(&p, 0, (uint8_t)v));
        }
    }
}

static void check_share(uint8_t mode)
{
    for (unsigned a = 1; a < 256; a++)
        for (unsigned b = 1; b < 256; b++) {
            engine_pos_t p = col_pos(RULE_ED, mode, (uint8_t)a);
            p.col[1] = (uint8_t)b;
            for (uint8_t c = 0; c < 2; c++) {
                unsigned other = c ? a : b;
                if (engine_select_kind(&p, c) != ENGINE_SELECT_SHARE || engine_select_max(&p, c) != other - 1)
                    FAIL("%u %u box %u: kind %u max %u", a, b, c, engine_select_kind(&p, c), engine_select_max(&p, c));
                /* every division 1..other-1, nothing past it */
                for (unsigned k = 0; k <= other; k++) {
                    engine_move_t m = {c, engine_select_to(&p, c, (uint8_t)k)};
                    bool legal = engine_check_move(&p, m) == ENGINE_OK;
                    checked++;
                    if (m.to != k || legal != (k >= 1 && k < other))
                        FAIL("%u %u box %u share %u: to %u legal %d", a, b, c, k, m.to, legal);
                    if (legal && (engine_move_col(&p, m, c) != k || engine_move_col(&p, m, c ^ 1) != other - k))
                        FAIL("%u %u box %u share %u: after %u %u", a, b, c, k, engine_move_col(&p, m, 0),
                             engine_move_col(&p, m, 1));
                }
            }
        }
}

/* engine_move_col against engine_apply, every legal move of a few
 * positions of every rule in columns. */
static void check_move_col(void)
{
    for (uint8_t rule = 0; rule < RULE_COUNT; rule++)
        for (unsigned v = 0; v < 256; v += 7) {
            engine_pos_t p = col_pos(rule, 0, 0), q;
            engine_move_t m;
            bool heap = engine_rule_form(rule) == FORM_HEAP;
            p.ncols = 3;
            for (uint8_t c = 0; c < 3; c++)
                p.col[c] = heap ? (uint8_t)((v >> (c * 2)) % 9 + (rule == RULE_ED)) : (uint8_t)(v * (c + 3));
            if (rule == RULE_ED)
                p.ncols = 2;
            if (engine_check_pos(&p) != ENGINE_OK)
                continue;
            for (bool more = engine_move_first(&p, &m); more; more = engine_move_next(&p, &m)) {
                q = p;
                engine_apply(&q, m);
                for (uint8_t c = 0; c < p.ncols; c++, checked++)
                    if (engine_move_col(&p, m, c) != q.col[c])
                        FAIL("rule %u move %u %u: column %u %u, apply %u", rule, m.col, m.to, c,
                             engine_move_col(&p, m, c), q.col[c]);
            }
        }
    for (unsigned n = 0; n < 12; n++)
        if (engine_lamps((uint8_t)n) != (n >= 8 ? 0xFF : (1u << n) - 1u))
            FAIL("lamps %u: %02x", n, engine_lamps((uint8_t)n));
}

static bool code_same(const octal_code_t *a, const octal_code_t *b)
{
    return a->len == b->len && a->repeat == b->repeat && !memcmp(a->digit, b->digit, a->len);
}

static void check_own_pack(void)
{
    const octal_code_t other = {{3}, 1, 1};       /* 0.3*: NIM */
    for (unsigned n = 0; n < 2048; n++) {     /* bits 0-5 the digits, 9 the '*', 10 the length */
        octal_code_t c;
        memset(&c, 0, sizeof c);
        c.len = (uint8_t)(1 + n / 1024);
        c.repeat = (uint8_t)(n / 512 & 1);
        for (uint8_t i = 0; i < c.len; i++)
            c.digit[i] = (uint8_t)(n >> (3 * i) & 7);
        if (engine_own_set(&c) != OCTAL_OK)
            continue;
        engine_pos_t p = col_pos(RULE_OWN, 0, 1), q;
        engine_own_pack(&p);
        if (engine_own_set(&other) != OCTAL_OK || engine_own_unpack(&p) != OCTAL_OK
                || !code_same(engine_own_code(), &c))
            FAIL("code %u: not set again from its position", n);
        q = col_pos(RULE_NIM, 0, 1);
        q.rules[0] = p.rules[0];
        p = q;
        engine_own_pack(&q);
        if (memcmp(&p, &q, sizeof p) || engine_own_unpack(&q) != OCTAL_OK || !code_same(engine_own_code(), &c))
            FAIL("code %u: another game's position changed", n);
        checked++;
    }
    engine_pos_t p = col_pos(RULE_OWN, 0, 1);
    octal_code_t bad = {{9}, 1, 0};
    octal_pack(&bad, p.rules);
    if (engine_own_unpack(&p) != OCTAL_ERR_DIGIT)
        FAIL("a digit 9 packed: answer %u", engine_own_unpack(&p));
}

int main(void)
{
    for (uint8_t rule = 0; rule < RULE_COLUMN_COUNT; rule++) {
        snprintf(game_name, sizeof game_name, "%s", engine_rule_name(rule));
        if (engine_rule_form(rule) == FORM_HEAP) {
            check_count_rule(rule, 0);
            if (engine_mode_allowed(rule, ENGINE_BINARY))
                check_count_rule(rule, ENGINE_BINARY);
        } else {
            check_lamps_rule(rule);
        }
    }
    snprintf(game_name, sizeof game_name, "EMPTY AND DIVIDE");
    check_share(0);
    snprintf(game_name, sizeof game_name, "engine_move_col");
    check_move_col();
    snprintf(game_name, sizeof game_name, "OCTAL");
    check_own_pack();
    if (failures) {
        fprintf(stderr, "test_select: %lu failures in %lu checks\n", failures, checked);
        return 1;
    }
    printf("test_select: %lu selections, counts and moves checked against the solver and the rules: all agree\n", checked);
    return 0;
}
