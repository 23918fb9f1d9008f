/* own_check.h - the checks of one position of your own game (RULE_OWN)
 * against the brute-force solver, shared by test_own.c (normal play) and
 * test_own_misere.c (misere): each includes it once, after fail.h.
 * own_mode is the positions' mode (0 or ENGINE_MISERE); the solver plays
 * the same convention (solver_select_code). */
#ifndef TESTS_OWN_CHECK_H
#define TESTS_OWN_CHECK_H

#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "own_codes.h"
#include "solver.h"

static uint8_t own_mode;

static unsigned long n_pos, n_p, n_moves, n_codes;

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
    if (h != (!sp && total > 0))   /* misere: no move at all is the mover's win */
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

static engine_pos_t pos_of(uint8_t ncols)
{
    engine_pos_t p;
    memset(&p, 0, sizeof p);
    p.rule = RULE_OWN;
    p.mode = own_mode;
    p.ncols = ncols;
    for (unsigned c = ncols; c < ENGINE_COLS; c++)
        p.col[c] = (uint8_t)(0xA5 ^ c);   /* junk the engine must ignore */
    return p;
}

/* A code with no move on a full column (a heap of 8, a run of 8 pins:
 * the solver, the code selected in it, says which) is refused in columns,
 * every position of it too (ENGINE_OWN_STUCK: a game's start falls back
 * to the full board, and there was none with a move). True for such a
 * code: it has no position to check. */
static unsigned long n_stuck;

static bool own_stuck(const octal_code_t *c)
{
    uint8_t to[SOLVER_COL_MOVES];
    engine_pos_t p = pos_of(1);
    bool stuck = solver_col_moves(own_pins ? 0xFF : ENGINE_ROWS, to) == 0;
    if (stuck && (engine_own_refused(own_mode) != ENGINE_OWN_STUCK || engine_check_pos(&p) != ENGINE_ERR_MODE))
        FAIL("%s: no move on a full column, not refused (%u)", code_text(c), engine_own_refused(own_mode));
    n_stuck += stuck;
    return stuck;
}

static uint8_t random_col(bool pins)
{
    return pins ? (uint8_t)rnd() : (uint8_t)(rnd() % 9);
}

/* Sets the code in the engine and the solver (own_mode's convention);
 * false if the engine refuses it (own_stuck: as it must). Each test
 * defines it. */
bool code_select(const octal_code_t *c);

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

#endif
