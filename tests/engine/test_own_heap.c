/* test_own_heap.c - your own game in one heap (issue 21, RULE_OWN with
 * ENGINE_ONEHEAP): a code that never splits, one heap of 0 ..
 * ENGINE_HEAP_MAX, against the independent brute-force solver, which
 * knows the code only as its words (take k tokens leaving no heap or one:
 * solver_select_code) and decides each heap by recursion over its moves.
 *
 * Every code of one and two digits that never splits (digits 0..3, with
 * and without repeat, a move somewhere: 38 codes), and 200 random codes
 * of three to eight such digits, normal play and misere, on every heap
 * 0 .. ENGINE_HEAP_MAX:
 *   - engine_check_pos accepts it (and refuses one stone more);
 *   - engine_is_p equals the solver; engine_has_move too;
 *   - engine_hint gives a legal move to a P-position exactly in
 *     N-positions; engine_reply (mistake 0) is legal, wins from an
 *     N-position and takes the fewest stones from a P-position; with
 *     mistakes it is still legal;
 *   - engine_move_first/next lists exactly the solver's moves, fewest
 *     stones first; engine_check_move accepts exactly them;
 *   - engine_oneheap_grundy (GRUNDY) equals the mex of the values the
 *     solver's moves reach, computed here from those moves.
 * Every code of one to four digits that never splits (510 codes), on
 * every heap 0 .. ENGINE_HEAP_MAX, against the table generator
 * (firmware/gen/sequence.c, what build/grundy CODE N prints): GRUNDY
 * equals its sequence, and the P-positions are its zeros in normal play
 * and, in misere, the outcomes its move rule (heap_move_ok) gives.
 * Also: every built-in heap rule's code plays its one heap as the rule
 * does (P, hint, reply); a code that splits, or one with no move from
 * ENGINE_HEAP_MAX stones (0.1), is refused in one heap, in both plays. Built against the MODULES=4 engine (heaps up to 256). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "gen.h"
#include "solver.h"

#include "fail.h"
#include "own_codes.h"

static unsigned long n_pos, n_p, n_moves, n_codes, n_refused, n_stuck;

/* The built-in rules' codes as rules.h writes them ("" for the special
 * rules). */
static const char *const rule_codes[RULE_COUNT] = {
#define RULE_CODE(num, id, name, kind, code, form) [RULE_##id] = code,
    RULES(RULE_CODE)
#undef RULE_CODE
};

static uint16_t to_list[SOLVER_ONEHEAP_MAX + 1];
static uint16_t value[ENGINE_HEAP_MAX + 1];

static engine_pos_t heap_pos(uint8_t rule, bool mis, uint16_t n)
{
    engine_pos_t p;
    memset(&p, 0, sizeof p);
    p.rule = rule;
    p.mode = (uint8_t)(ENGINE_ONEHEAP | (mis ? ENGINE_MISERE : 0));
    p.ncols = 1;
    p.heap = n;
    return p;
}

/* The heap's value by the mex rule, from the solver's moves. */
static void values_of(void)
{
    for (uint16_t n = 0; n <= ENGINE_HEAP_MAX; n++) {
        static bool seen[ENGINE_HEAP_MAX + 2];
        uint16_t total = solver_heap_moves(n, to_list);
        memset(seen, 0, sizeof seen);
        for (unsigned i = 0; i < total; i++)
            seen[value[to_list[i]]] = true;
        uint16_t g = 0;
        while (seen[g])
            g++;
        value[n] = g;
    }
}

static void check_heap(const octal_code_t *c, bool mis, uint16_t n)
{
    engine_pos_t p = heap_pos(RULE_OWN, mis, n);
    engine_move_t m;
    const char *t = code_text(c);
    const char *pl = mis ? " misere" : "";
    bool sp = solver_heap_is_p(n);
    uint16_t total = solver_heap_moves(n, to_list), listed = 0;
    n_pos++;
    n_p += sp;
    if (engine_check_pos(&p) != ENGINE_OK) {
        FAIL("%s%s heap %u: refused (%u)", t, pl, n, engine_check_pos(&p));
        return;
    }
    if (engine_is_p(&p) != sp)
        FAIL("%s%s heap %u: is_p engine %d solver %d", t, pl, n, engine_is_p(&p), sp);
    if (engine_has_move(&p) != (total > 0))
        FAIL("%s%s heap %u: has_move %d with %u moves", t, pl, n, engine_has_move(&p), total);
    bool h = engine_hint(&p, &m);
    if (h != (!sp && total > 0))
        FAIL("%s%s heap %u: hint %d in a %c-position", t, pl, n, h, sp ? 'P' : 'N');
    else if (h && (m.col != 0 || !solver_heap_legal(n, m.to) || !solver_heap_is_p(m.to)))
        FAIL("%s%s heap %u: hint to %u is not a winning move", t, pl, n, m.to);
    bool r = engine_reply(&p, 0, &m);
    if (r != (total > 0)) {
        FAIL("%s%s heap %u: reply %d with %u moves", t, pl, n, r, total);
    } else if (r && (m.col != 0 || !solver_heap_legal(n, m.to))) {
        FAIL("%s%s heap %u: reply to %u is illegal", t, pl, n, m.to);
    } else if (r && !sp && !solver_heap_is_p(m.to)) {
        FAIL("%s%s heap %u: reply to %u loses", t, pl, n, m.to);
    } else if (r && sp) {
        uint16_t smallest = 0xFFFF;
        for (unsigned k = 0; k < total; k++)
            if (n - to_list[k] < smallest)
                smallest = (uint16_t)(n - to_list[k]);
        if (n - m.to != smallest)
            FAIL("%s%s heap %u: stall to %u is not the smallest move", t, pl, n, m.to);
    }
    uint16_t prev = (uint16_t)(n + 1);
    for (bool ok = engine_move_first(&p, &m); ok; ok = engine_move_next(&p, &m)) {
        if (m.col != 0 || !solver_heap_legal(n, m.to) || m.to >= prev || listed >= total) {
            FAIL("%s%s heap %u: move list has %u (after %u)", t, pl, n, m.to, prev);
            break;
        }
        prev = m.to;
        listed++;
    }
    if (listed != total)
        FAIL("%s%s heap %u: %u moves listed, the code gives %u", t, pl, n, listed, total);
    n_moves += listed;
    for (uint16_t to = 0; to <= n + 1; to++) {
        engine_move_t mt = {0, to};
        if ((engine_check_move(&p, mt) == ENGINE_OK) != solver_heap_legal(n, to))
            FAIL("%s%s heap %u: check_move to %u says %u", t, pl, n, to, engine_check_move(&p, mt));
    }
    if (engine_oneheap_grundy(&p) != value[n])
        FAIL("%s%s heap %u: GRUNDY %u, the mex of its moves %u", t, pl, n, engine_oneheap_grundy(&p), value[n]);
    for (unsigned k = 0; k < 4; k++)
        if (engine_reply(&p, 200, &m) != (total > 0) || (total && !solver_heap_legal(n, m.to)))
            FAIL("%s%s heap %u: reply with mistakes to %u is illegal", t, pl, n, m.to);
}

static void check_code(const octal_code_t *c)
{
    if (engine_own_set(c) != OCTAL_OK) {
        FAIL("%s: not set", code_text(c));
        return;
    }
    /* no move from ENGINE_HEAP_MAX stones (0.1, 0.10000001): refused in
     * one heap, every heap of it too (ENGINE_OWN_STUCK: a game's start
     * falls back to every lamp lit, and there was none with a move) */
    solver_select_code(c->digit, c->len, c->repeat, 0);
    if (!solver_heap_moves(ENGINE_HEAP_MAX, to_list)) {
        for (int mis = 0; mis <= 1; mis++) {
            engine_pos_t p = heap_pos(RULE_OWN, mis, 1);
            uint8_t mode = (uint8_t)(ENGINE_ONEHEAP | (mis ? ENGINE_MISERE : 0));
            if (engine_own_refused(mode) != ENGINE_OWN_STUCK || engine_check_pos(&p) != ENGINE_ERR_MODE)
                FAIL("%s: no move from %u stones, one heap%s not refused (%u)", code_text(c), ENGINE_HEAP_MAX,
                     mis ? " misere" : "", engine_own_refused(mode));
        }
        n_stuck++;
        return;
    }
    n_codes++;
    for (int mis = 0; mis <= 1; mis++) {
        solver_select_code(c->digit, c->len, c->repeat, mis);
        if (!mis)
            values_of();
        engine_pos_t p = heap_pos(RULE_OWN, mis, ENGINE_HEAP_MAX + 1);
        if (engine_check_pos(&p) != ENGINE_ERR_HEAP)
            FAIL("%s: heap %u not refused (%u)", code_text(c), p.heap, engine_check_pos(&p));
        for (uint16_t n = 0; n <= ENGINE_HEAP_MAX; n++)
            check_heap(c, mis, n);
    }
}

static bool splits(const octal_code_t *c)
{
    for (unsigned i = 0; i < c->len; i++)
        if (c->digit[i] & 4)
            return true;
    return false;
}

/* A code that splits has no one heap: refused in both plays (and its
 * columns still played). */
static void check_refused(const octal_code_t *c)
{
    if (engine_own_set(c) != OCTAL_OK)
        return;
    for (int mis = 0; mis <= 1; mis++) {
        engine_pos_t p = heap_pos(RULE_OWN, mis, 5);
        if (engine_check_pos(&p) != ENGINE_ERR_MODE || !engine_own_heap(mis ? ENGINE_MISERE : 0))
            FAIL("%s: one heap%s not refused (%u)", code_text(c), mis ? " misere" : "", engine_check_pos(&p));
    }
    engine_pos_t q = heap_pos(RULE_OWN, false, 0);
    q.mode = 0;
    q.col[0] = 0x0F;
    if (engine_check_pos(&q) != ENGINE_OK)
        FAIL("%s: its columns refused after one heap was", code_text(c));
    n_refused++;
}

/* A built-in heap rule's code in one heap plays as the rule. */
static void check_builtin(void)
{
    unsigned n_rules = 0;
    for (uint8_t r = 0; r < RULE_COUNT; r++) {
        const char *s = rule_codes[r];
        octal_code_t c;
        if (!s[0] || !engine_mode_allowed(r, ENGINE_ONEHEAP))
            continue;
        own_code_of(s, &c);
        if (engine_own_set(&c) != OCTAL_OK || splits(&c))
            continue;
        n_rules++;
        for (int mis = 0; mis <= 1; mis++)
            for (uint16_t n = 0; n <= ENGINE_HEAP_MAX; n++) {
                engine_pos_t a = heap_pos(RULE_OWN, mis, n), b = heap_pos(r, mis, n);
                engine_move_t ma = {0, 0}, mb = {0, 0};
                bool ha = engine_hint(&a, &ma), hb = engine_hint(&b, &mb);
                bool ra, rb;
                if (engine_is_p(&a) != engine_is_p(&b) || ha != hb || ma.to != mb.to)
                    FAIL("%s%s heap %u: not as %s (P %d/%d, hint %d %u / %d %u)", s, mis ? " misere" : "", n,
                         engine_rule_name(r), engine_is_p(&a), engine_is_p(&b), ha, ma.to, hb, mb.to);
                ra = engine_reply(&a, 0, &ma);
                rb = engine_reply(&b, 0, &mb);
                if (ra != rb || ma.to != mb.to)
                    FAIL("%s%s heap %u: reply not as %s", s, mis ? " misere" : "", n, engine_rule_name(r));
                if (!mis && engine_oneheap_grundy(&a) != engine_oneheap_grundy(&b))
                    FAIL("%s heap %u: GRUNDY %u, %s's %u", s, n, engine_oneheap_grundy(&a), engine_rule_name(r),
                         engine_oneheap_grundy(&b));
            }
    }
    printf("test_own_heap: %u built-in heap rules' codes play their one heap as the rules\n", n_rules);
}

/* Every code of 1-4 digits that never splits against the generator: the
 * on-chip sweep (own_heap_mex, through GRUNDY and the P-positions) equals
 * rule_sequence on every heap, normal play; misere P-positions equal the
 * outcomes of the generator's move rule. */
static void check_generator(void)
{
    static int want[ENGINE_HEAP_MAX + 1];
    static bool mis_p[ENGINE_HEAP_MAX + 1];
    unsigned long n = 0, heaps = 0;
    octal_code_t c;
    for (unsigned len = 1; len <= 4; len++)
        for (unsigned v = 0; v < (1u << (2 * len)); v++)
            for (unsigned rep = 0; rep <= 1; rep++) {
                char text[16];
                memset(&c, 0, sizeof c);
                c.len = (uint8_t)len;
                c.repeat = (uint8_t)rep;
                for (unsigned i = 0; i < len; i++)
                    c.digit[i] = (uint8_t)(v >> (2 * i) & 3);
                if (!c.digit[len - 1])
                    continue;           /* written shorter */
                snprintf(text, sizeof text, "%s", code_text(&c));
                const rule_t *r = rule_from_code(text);
                if (!r || engine_own_set(&c) != OCTAL_OK) {
                    FAIL("%s: the generator or the chip refused it", text);
                    continue;
                }
                n++;
                rule_sequence(r, ENGINE_HEAP_MAX + 1, want);
                for (uint16_t h = 0; h <= ENGINE_HEAP_MAX; h++) {
                    bool any = false;
                    for (uint16_t k = 1; k <= h && !any; k++)
                        any = heap_move_ok(r, h, k) && mis_p[h - k];     /* a move to a P-position */
                    mis_p[h] = heap_has_move(r, h) && !any;
                }
                for (uint16_t h = 0; h <= ENGINE_HEAP_MAX; h++) {
                    engine_pos_t p = heap_pos(RULE_OWN, false, h), q = heap_pos(RULE_OWN, true, h);
                    heaps++;
                    if (engine_oneheap_grundy(&p) != want[h] || engine_is_p(&p) != (want[h] == 0)
                        || engine_is_p(&q) != mis_p[h]) {
                        FAIL("%s heap %u: GRUNDY %u P %d, misere P %d; the generator's %d, misere P %d", text, h,
                             engine_oneheap_grundy(&p), engine_is_p(&p), engine_is_p(&q), want[h], mis_p[h]);
                        break;
                    }
                }
            }
    printf("test_own_heap: every code of 1-4 digits that never splits against the generator: %lu codes, %lu heaps, "
           "GRUNDY and P, normal and misere\n", n, heaps);
}

int main(void)
{
    snprintf(game_name, sizeof game_name, "OCTAL ONE");
    octal_code_t c;
    unsigned before = failures;
    for (unsigned i = 0; i < OWN_SHORT_CODES; i++) {
        if (!own_short_code(i, &c))
            continue;
        if (splits(&c))
            check_refused(&c);
        else
            check_code(&c);
        if (failures > before + 20)
            goto out;
    }
    printf("test_own_heap: every code of 1-2 digits that never splits, normal and misere: %lu codes, %lu heaps "
           "(%lu P), %lu moves listed; %lu codes that split refused, %lu with no move from %u stones\n",
           n_codes, n_pos, n_p, n_moves, n_refused, n_stuck, ENGINE_HEAP_MAX);
    unsigned long codes0 = n_codes, pos0 = n_pos;
    for (unsigned k = 0; k < 200; k++) {
        if (own_random_code(&c, 3, 6, 4))
            check_code(&c);
        if (failures > before + 20)
            goto out;
    }
    printf("test_own_heap: random codes of 3-8 digits that never split: %lu codes, %lu heaps\n", n_codes - codes0,
           n_pos - pos0);
    check_builtin();
    check_generator();
out:
    printf("test_own_heap: %s, %lu failures\n", failures ? "FAILED" : "passed", failures);
    return failures != 0;
}
