/* test_ed.c - EMPTY AND DIVIDE's proof: the engine against a brute force
 * that knows only the rule's wording (two boxes; a move empties one box
 * and divides the other's counters between the two, at least one in
 * each; (1, 1) has no move), on every position up to 255 x 255 in BINARY
 * and up to 8 x 8 in columns, normal and misere play:
 *   - engine_check_pos takes exactly two boxes of 1..max, engine_has_move
 *     and the move list (engine_move_first/next) are exactly the rule's
 *     moves, once each, engine_check_move agrees on every (c, k) and
 *     engine_apply leaves what the rule says;
 *   - engine_is_p equals the brute force's outcome; engine_hint gives a
 *     move to a P-position exactly in N-positions; engine_reply
 *     (mistake 0) wins from N, and in P splits one counter off the bigger
 *     box; with mistake 255 it makes legal moves, every one of them on
 *     small positions;
 *   - engine_nimsum (GRUNDY's value) is the mex rule's Grundy value.
 * The brute force memoises by position; it does not use the cold boxes
 * build/grundy derived (it never looks at the engine's tables). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

#include "fail.h"

#define ED_MAX 255

static int8_t outcome[2][ED_MAX + 1][ED_MAX + 1]; /* -1 unknown, 1 P, 0 N */
static int16_t grundy[ED_MAX + 1][ED_MAX + 1];    /* -1 unknown */

/* The player to move loses (misere: the last mover loses). */
static bool brute_p(bool misere, int m, int n)
{
    int8_t *o = &outcome[misere][m][n];
    if (*o < 0) {
        bool any = false, to_p = false;
        for (int side = 0; side < 2 && !to_p; side++) {
            int s = side ? n : m; /* the box divided; the other is emptied */
            for (int k = 1; k < s && !to_p; k++) {
                any = true;
                to_p = brute_p(misere, k, s - k);
            }
        }
        *o = misere ? (any && !to_p) : !to_p;
    }
    return *o;
}

static int brute_grundy(int m, int n)
{
    int16_t *g = &grundy[m][n];
    if (*g < 0) {
        bool seen[64] = {false};
        for (int side = 0; side < 2; side++) {
            int s = side ? n : m;
            for (int k = 1; k < s; k++)
                seen[brute_grundy(k, s - k)] = true;
        }
        int v = 0;
        while (seen[v])
            v++;
        *g = (int16_t)v;
    }
    return *g;
}

static bool legal(int m, int n, engine_move_t mv)
{
    int s = mv.col == 0 ? n : m;
    return mv.col < 2 && mv.to >= 1 && mv.to < s;
}

static unsigned long checked;

static engine_pos_t ed_pos(uint8_t mode, int m, int n)
{
    engine_pos_t p;
    memset(&p, 0, sizeof p);
    p.rule = RULE_ED;
    p.mode = mode;
    p.ncols = 2;
    p.col[0] = (uint8_t)m;
    p.col[1] = (uint8_t)n;
    return p;
}

static void check_pos(uint8_t mode, int m, int n)
{
    bool mis = mode & ENGINE_MISERE;
    engine_pos_t p = ed_pos(mode, m, n), q;
    engine_move_t mv;
    checked++;
    if (engine_check_pos(&p) != ENGINE_OK) {
        FAIL("(%d, %d) refused", m, n);
        return;
    }
    bool any = m > 1 || n > 1;
    if (engine_has_move(&p) != any)
        FAIL("(%d, %d): has_move %d", m, n, engine_has_move(&p));
    /* the move list: every (c, k) once, in order */
    unsigned listed = 0;
    for (bool ok = engine_move_first(&p, &mv); ok; ok = engine_move_next(&p, &mv)) {
        if (!legal(m, n, mv))
            FAIL("(%d, %d): listed move %u %u", m, n, mv.col, mv.to);
        listed++;
        if (listed > 600)
            break;
    }
    if (listed != (unsigned)(m - 1 + n - 1))
        FAIL("(%d, %d): %u moves listed, the rule has %d", m, n, listed, m + n - 2);
    for (unsigned c = 0; c < 3; c++)
        for (unsigned k = 0; k < 257; k++) {
            engine_move_t t = {(uint8_t)c, (uint16_t)k};
            if ((engine_check_move(&p, t) == ENGINE_OK) != legal(m, n, t))
                FAIL("(%d, %d): check_move %u %u", m, n, c, k);
            if (legal(m, n, t)) {
                q = p;
                engine_apply(&q, t);
                int s = c == 0 ? n : m;
                if (q.col[c] != k || q.col[c ^ 1] != s - (int)k)
                    FAIL("(%d, %d): move %u %u leaves (%u, %u)", m, n, c, k, q.col[0], q.col[1]);
            }
        }
    bool bp = brute_p(mis, m, n);
    if (engine_is_p(&p) != bp)
        FAIL("(%d, %d): is_p %d, brute force %d", m, n, engine_is_p(&p), bp);
    bool hinted = engine_hint(&p, &mv);
    if (hinted == bp && any)
        FAIL("(%d, %d): hint %d in a %s-position", m, n, hinted, bp ? "P" : "N");
    if (hinted) {
        q = p;
        engine_apply(&q, mv);
        if (!legal(m, n, mv) || !brute_p(mis, q.col[0], q.col[1]))
            FAIL("(%d, %d): hint %u %u does not reach a P-position", m, n, mv.col, mv.to);
    }
    if (engine_reply(&p, 0, &mv) != any) {
        FAIL("(%d, %d): reply when the game %s over", m, n, any ? "is not" : "is");
    } else if (any) {
        q = p;
        engine_apply(&q, mv);
        if (!legal(m, n, mv))
            FAIL("(%d, %d): reply %u %u illegal", m, n, mv.col, mv.to);
        else if (!bp && !brute_p(mis, q.col[0], q.col[1]))
            FAIL("(%d, %d): reply %u %u does not win", m, n, mv.col, mv.to);
        else if (bp && !(mv.to == 1 && mv.col == (m > n)))
            FAIL("(%d, %d): the stall is %u %u, not one off the bigger box", m, n, mv.col, mv.to);
    }
    if (any && (!engine_reply(&p, 255, &mv) || !legal(m, n, mv)))
        FAIL("(%d, %d): random reply %u %u illegal", m, n, mv.col, mv.to);
    if (!mis && engine_nimsum(&p) != brute_grundy(m, n))
        FAIL("(%d, %d): grundy %u, the mex rule %d", m, n, engine_nimsum(&p), brute_grundy(m, n));
}

/* Refusals: boxes of 0 or over the form's maximum, other column counts,
 * the one-heap form. */
static void check_refusals(uint8_t mode, int max)
{
    engine_pos_t p = ed_pos(mode, 1, 0);
    if (engine_check_pos(&p) != ENGINE_ERR_HEIGHT)
        FAIL("(1, 0) gives %u", engine_check_pos(&p));
    p.col[0] = 0;
    p.col[1] = 3;
    if (engine_check_pos(&p) != ENGINE_ERR_HEIGHT)
        FAIL("(0, 3) gives %u", engine_check_pos(&p));
    if (max < 255) {
        p.col[0] = (uint8_t)(max + 1);
        if (engine_check_pos(&p) != ENGINE_ERR_HEIGHT)
            FAIL("(%d, 3) gives %u", max + 1, engine_check_pos(&p));
    }
    p.col[0] = p.col[1] = p.col[2] = 3;
    for (uint8_t n = 1; n <= ENGINE_COLS; n++) {
        p.ncols = n;
        if ((engine_check_pos(&p) == ENGINE_OK) != (n == 2))
            FAIL("%u boxes give %u", n, engine_check_pos(&p));
    }
    if (engine_mode_allowed(RULE_ED, (uint8_t)(mode | ENGINE_ONEHEAP)))
        FAIL("one-heap form allowed");
}

/* A slip chooses among all moves: on every position up to 6 x 6, each
 * move comes up in 4000 draws. */
static void check_slips(uint8_t mode)
{
    engine_seed(12345);
    for (int m = 1; m <= 6; m++)
        for (int n = 1; n <= 6; n++) {
            engine_pos_t p = ed_pos(mode, m, n);
            engine_move_t mv;
            bool seen[2][8] = {{false}};
            unsigned want = (unsigned)(m + n - 2), got = 0;
            for (int i = 0; i < 4000 && want; i++)
                if (engine_reply(&p, 255, &mv) && legal(m, n, mv) && !seen[mv.col][mv.to]) {
                    seen[mv.col][mv.to] = true;
                    got++;
                }
            if (got != want)
                FAIL("(%d, %d): slips reached %u of %u moves", m, n, got, want);
        }
}

int main(void)
{
    memset(outcome, -1, sizeof outcome);
    memset(grundy, -1, sizeof grundy);
    for (int form = 0; form < 4; form++) {
        uint8_t mode = (uint8_t)((form & 1 ? ENGINE_MISERE : 0) | (form & 2 ? ENGINE_BINARY : 0));
        int max = (mode & ENGINE_BINARY) ? ED_MAX : 8;
        unsigned long f0 = failures, c0 = checked, np = 0;
        snprintf(game_name, sizeof game_name, "EMPTY AND DIVIDE%s%s", form & 2 ? " BINARY" : "",
                 form & 1 ? " MISERE" : "");
        if (!engine_mode_allowed(RULE_ED, mode))
            FAIL("not allowed");
        check_refusals(mode, max);
        check_slips(mode);
        for (int m = 1; m <= max; m++)
            for (int n = 1; n <= max; n++) {
                check_pos(mode, m, n);
                np += brute_p(form & 1, m, n);
            }
        printf("%-32s %6lu positions (%lu P)%s\n", game_name, checked - c0, np,
               failures > f0 ? " FAILED" : "");
    }
    printf("misere P-positions up to 12:");
    for (int m = 1; m <= 12; m++)
        for (int n = m; n <= 12; n++)
            if (brute_p(true, m, n))
                printf(" (%d,%d)", m, n);
    printf("\ntest-ed: %s, %lu failures\n", failures ? "FAILED" : "passed", failures);
    return failures ? 1 : 0;
}
