/* test_engine.c - exhaustive host proof of the game engine.
 *
 * Every position of up to 3 columns of 8 cells (pin, cell and coin games),
 * of up to 4 columns of height 0..8 (heap games) and every one-heap
 * position up to ENGINE_HEAP_MAX (heap rules), in normal play or (argument
 * "misere") in misere play of every rule (three mask columns: every
 * multiset once; TWINS every ordered position), plus in misere random
 * positions of 8 and 32 columns, is put to the engine, and its answers are checked against the
 * independent brute-force solver (solver.c), which knows only the moves:
 *   - engine_is_p equals the solver's win/lose;
 *   - engine_hint gives a legal move to a P-position exactly in N-positions;
 *   - engine_reply (mistake 0) is legal, reaches a P-position from every
 *     N-position, and in a P-position stalls with a smallest move on a
 *     biggest movable column;
 *   - engine_move_first/next lists exactly the solver's moves, once each;
 *   - engine_check_move/engine_check_pos refuse what the rules refuse;
 *   - with mistake > 0 the rate of losing replies matches the mistake rate.
 * The longest walks (walk_is_proof: three columns of the 256-state rules)
 * run only with the word "proofs" (make test-proofs), the rest without it.
 * Built against the MODULES=4 engine (32 columns, one heap up to 256). */
#define _POSIX_C_SOURCE 200809L /* fork, pipe */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "engine.h"
#include "engine_int.h"     /* column_size: the stall rule's size of a column */
#include "solver.h"

#include "fail.h"

/* Wall-clock seconds, for the per-game figures only (part of a walk runs in
 * a second process, so CPU time would undercount). */
static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* Counts for the per-game line. */
static unsigned long n_pos, n_p, n_moves, n_illegal;

/* The test's own PRNG (splitmix-ish), independent of the engine's. */
static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(void)
{
    rng ^= rng << 7;
    rng ^= rng >> 9;
    return (uint32_t)(rng >> 11);
}

/* Per rule: the solver's move lists for every column state. */
static uint8_t col_to[256][SOLVER_COL_MOVES];
static uint8_t col_n[256];
static uint8_t col_minchange[256]; /* fewest stones/cells a move changes */
static bool heap_form;
static uint8_t legal_bits[256][32]; /* the solver's move relation, as bits */

static unsigned popcount8(unsigned v)
{
    unsigned c = 0;
    for (; v; v &= v - 1)
        c++;
    return c;
}

static unsigned change_size(unsigned from, unsigned to)
{
    return heap_form ? from - to : popcount8(from ^ to);
}

/* Column size as the rules describe it: heap height, standing pins,
 * markable cells, heads. */
static uint8_t my_col_size(uint8_t rule, uint8_t v)
{
    if (heap_form)
        return v;
    if (rule == RULE_NOADJ)
        return (uint8_t)popcount8(~v & ~(v << 1) & ~(v >> 1) & 0xFFu);
    return (uint8_t)popcount8(v);
}

static void load_col_moves(void)
{
    for (unsigned c = 0; c < 256; c++) {
        col_n[c] = solver_col_moves((uint8_t)c, col_to[c]);
        col_minchange[c] = 255;
        for (unsigned t = 0; t < 256; t++)
            if (solver_col_legal((uint8_t)c, (uint8_t)t))
                legal_bits[c][t >> 3] |= (uint8_t)(1u << (t & 7));
            else
                legal_bits[c][t >> 3] &= (uint8_t)~(1u << (t & 7));
        for (unsigned k = 0; k < col_n[c]; k++) {
            unsigned s = change_size(c, col_to[c][k]);
            if (s < col_minchange[c])
                col_minchange[c] = (uint8_t)s;
        }
    }
}

static void print_pos(char *buf, const engine_pos_t *p)
{
    int o = sprintf(buf, "[");
    for (unsigned c = 0; c < p->ncols; c++)
        o += sprintf(buf + o, "%s%02x", c ? " " : "", p->col[c]);
    sprintf(buf + o, "]");
}

static bool is_p_after(const engine_pos_t *p, engine_move_t m)
{
    uint8_t cols[SOLVER_HEAP_COLS];
    memcpy(cols, p->col, p->ncols);
    cols[m.col] = (uint8_t)m.to;
    return solver_is_p(cols, p->ncols);
}

static bool move_legal(const engine_pos_t *p, engine_move_t m)
{
    return m.col < p->ncols && m.to < 256
        && (legal_bits[p->col[m.col]][m.to >> 3] >> (m.to & 7) & 1u);
}

/* All checks on one columns-mode position. */
static void check_columns_pos(engine_pos_t *p, bool misere)
{
    char buf[64];
    uint8_t n = p->ncols;
    bool sp = solver_is_p(p->col, n);
    unsigned total = 0;
    engine_move_t m;
    n_pos++;
    n_p += sp;
    for (unsigned c = 0; c < n; c++)
        total += col_n[p->col[c]];

    if (engine_check_pos(p) != ENGINE_OK) {
        print_pos(buf, p);
        FAIL("check_pos refuses legal %s: %u", buf, engine_check_pos(p));
    }
    /* asked once: the same position's answer, held against both */
    bool ep = engine_is_p(p);
    if (ep != sp) {
        print_pos(buf, p);
        FAIL("is_p %s: engine %d solver %d", buf, ep, sp);
    }
    if (!misere && ep != (engine_nimsum(p) == 0)) {
        print_pos(buf, p);
        FAIL("is_p and nimsum disagree at %s", buf);
    }

    /* the hint: a winning move exactly in N-positions */
    /* (misere: a position without moves is won, yet there is no move) */
    bool h = engine_hint(p, &m);
    if (h != (!sp && total > 0)) {
        print_pos(buf, p);
        FAIL("hint %s: returned %d in a %c-position", buf, h, sp ? 'P' : 'N');
    } else if (h) {
        if (!move_legal(p, m)) {
            print_pos(buf, p);
            FAIL("hint %s: illegal move col %u to %02x", buf, m.col, m.to);
        } else if (!is_p_after(p, m)) {
            print_pos(buf, p);
            FAIL("hint %s: col %u to %02x does not reach a P-position", buf, m.col, m.to);
        } else {
            engine_pos_t q = *p;
            engine_apply(&q, m);
            if (q.col[m.col] != m.to || memcmp(q.col, p->col, m.col)
                || memcmp(q.col + m.col + 1, p->col + m.col + 1, ENGINE_COLS - m.col - 1)) {
                print_pos(buf, p);
                FAIL("apply %s: col %u to %02x changed something else", buf, m.col, m.to);
            }
        }
    }

    /* the reply with mistake 0 */
    bool r = engine_reply(p, 0, &m);
    if (r != (total > 0)) {
        print_pos(buf, p);
        FAIL("reply %s: returned %d with %u moves", buf, r, total);
    } else if (r) {
        if (!move_legal(p, m)) {
            print_pos(buf, p);
            FAIL("reply %s: illegal move col %u to %02x", buf, m.col, m.to);
        } else if (!sp && !is_p_after(p, m)) {
            print_pos(buf, p);
            FAIL("reply %s: col %u to %02x loses in an N-position", buf, m.col, m.to);
        } else if (sp) {
            /* the stall: a smallest move on a biggest column that can move */
            uint8_t best = 0;
            for (unsigned c = 0; c < n; c++)
                if (col_n[p->col[c]] && my_col_size(p->rule, p->col[c]) > best)
                    best = my_col_size(p->rule, p->col[c]);
            if (my_col_size(p->rule, p->col[m.col]) != best
                || change_size(p->col[m.col], m.to) != col_minchange[p->col[m.col]]) {
                print_pos(buf, p);
                FAIL("reply %s: stall col %u to %02x is not a smallest move on a biggest column",
                     buf, m.col, m.to);
            }
        }
    }
    if (engine_has_move(p) != (total > 0)) {
        print_pos(buf, p);
        FAIL("has_move %s: %d with %u moves", buf, engine_has_move(p), total);
    }

    /* the move list: the solver's moves, each once, columns left to right */
    uint8_t seen[SOLVER_HEAP_COLS][32];
    unsigned listed = 0, last_col = 0;
    memset(seen, 0, sizeof seen);
    for (bool ok = engine_move_first(p, &m); ok; ok = engine_move_next(p, &m)) {
        if (!move_legal(p, m) || m.col < last_col
            || (seen[m.col][m.to >> 3] >> (m.to & 7) & 1u) || listed > total) {
            print_pos(buf, p);
            FAIL("move list %s: bad, repeated or out of order: col %u to %02x", buf, m.col, m.to);
            break;
        }
        seen[m.col][m.to >> 3] |= (uint8_t)(1u << (m.to & 7));
        last_col = m.col;
        listed++;
    }
    if (listed != total) {
        print_pos(buf, p);
        FAIL("move list %s: %u moves listed, the rules give %u", buf, listed, total);
    }
    n_moves += listed;

    /* a random move, legal or not: the engine must agree with the rules */
    m.col = (uint8_t)(rnd() % (n + 1u));
    m.to = (uint16_t)(rnd() % (heap_form ? 12u : 256u));
    bool legal = move_legal(p, m);
    uint8_t e = engine_check_move(p, m);
    if ((e == ENGINE_OK) != legal || (m.col >= n && e != ENGINE_ERR_MOVE_COL)) {
        print_pos(buf, p);
        FAIL("check_move %s col %u to %02x: engine %u, rules say %s", buf, m.col, m.to, e,
             legal ? "legal" : "illegal");
    }
    n_illegal += !legal;
}

/* The column states the solver allows (every state for masks, heights 0..8
 * for heaps), listed into states; returns how many. */
static unsigned valid_states(uint8_t states[256])
{
    unsigned ns = 0;
    for (unsigned v = 0; v < 256; v++)
        if (solver_col_valid((uint8_t)v))
            states[ns++] = (uint8_t)v;
    return ns;
}

/* Every position of ncols columns over the valid column states whose first
 * column's index is part modulo parts. Misere games of three mask columns:
 * every multiset once (the columns' order changes no outcome; the solver
 * and the normal-play walk already see every order), a sixth of the work. */
static void walk_part(uint8_t rule, bool misere, uint8_t ncols, unsigned part, unsigned parts)
{
    /* misere, three mask columns: each multiset once, but every ordered
     * position of TWINS, whose misere quotient is the newest (issue 20) */
    bool sorted = misere && ncols == 3 && !heap_form && rule != RULE_TWINS;
    uint8_t states[256];
    unsigned ns = valid_states(states);
    engine_pos_t p;
    memset(&p, 0, sizeof p);
    p.rule = rule;
    p.mode = misere ? ENGINE_MISERE : 0;
    p.ncols = ncols;
    /* columns beyond ncols hold junk the engine must ignore */
    for (unsigned c = ncols; c < ENGINE_COLS; c++)
        p.col[c] = (uint8_t)(0xA5 ^ c);
    unsigned idx[SOLVER_HEAP_COLS] = {0};
    for (;;) {
        for (unsigned c = 0; c < ncols; c++)
            p.col[c] = states[idx[c]];
        if (idx[0] % parts == part && (!sorted || (idx[0] <= idx[1] && idx[1] <= idx[2])))
            check_columns_pos(&p, misere);
        unsigned c = ncols;
        while (c > 0 && ++idx[c - 1] == ns)
            idx[--c] = 0;
        if (c == 0)
            break;
    }
}

/* The solver's verdict on every position of ncols columns, worked out
 * before the walk forks: the two processes then share it instead of each
 * solving nearly every position again (the recursion of either half
 * reaches almost all of them). The solver alone: no engine call. */
static void solver_warm(uint8_t ncols)
{
    uint8_t states[256], c[SOLVER_HEAP_COLS];
    unsigned ns = valid_states(states), idx[SOLVER_HEAP_COLS] = {0};
    for (;;) {
        for (unsigned k = 0; k < ncols; k++)
            c[k] = states[idx[k]];
        (void)solver_is_p(c, ncols);
        /* each multiset once: idx[0] >= idx[1] >= ... */
        unsigned k = ncols;
        while (k > 0) {
            k--;
            if (++idx[k] <= (k ? idx[k - 1] : ns - 1))
                break;
            idx[k] = 0;
            if (k == 0)
                return;
        }
        for (unsigned j = k + 1; j < ncols; j++)
            idx[j] = 0;
    }
}

/* Every position of ncols columns. The 2^24 three-column positions are
 * split between two processes (two cores); the child sends its counts back
 * through a pipe and prints its own failures. */
static void walk_columns(uint8_t rule, bool misere, uint8_t ncols)
{
    int fd[2];
    pid_t pid;
    if (ncols >= 3 && !heap_form)
        solver_warm(ncols);
    if (ncols < 3 || heap_form || pipe(fd) != 0 || (pid = fork()) < 0) {
        walk_part(rule, misere, ncols, 0, 1);
        return;
    }
    if (pid == 0) {
        unsigned long c[5];
        close(fd[0]);
        n_pos = n_p = n_moves = n_illegal = failures = 0;
        rng ^= 0x5DEECE66Dull; /* its own random moves */
        walk_part(rule, misere, ncols, 1, 2);
        c[0] = n_pos, c[1] = n_p, c[2] = n_moves, c[3] = n_illegal, c[4] = failures;
        fflush(stderr);
        _exit(write(fd[1], c, sizeof c) == (ssize_t)sizeof c ? 0 : 1);
    }
    close(fd[1]);
    walk_part(rule, misere, ncols, 0, 2);
    unsigned long c[5];
    int status;
    ssize_t got = read(fd[0], c, sizeof c);
    close(fd[0]);
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0
        || got != (ssize_t)sizeof c) {
        FAIL("the second process of the walk died");
        return;
    }
    n_pos += c[0], n_p += c[1], n_moves += c[2], n_illegal += c[3], failures += c[4];
}

/* Misere, one column: the single columns that misere Nim on the column
 * values misjudges (a value of 1 loses, any other wins) against the
 * solver. TWINS is the example: coins 2, 4 and 6 heads (mask 84)
 * are worth 0 yet lose, and 32 of the 256 columns are misjudged, so it
 * must be played by its own quotient (the engine agrees with the solver
 * on every column: walk_columns). */
static void check_single_misere(uint8_t rule, engine_pos_t *p)
{
    unsigned wrong = 0;
    for (unsigned v = 0; v < 256; v++) {
        if (!solver_col_valid((uint8_t)v))
            continue;
        p->col[0] = (uint8_t)v;
        wrong += (engine_col_grundy(p, 0) == 1) != solver_is_p(p->col, 1);
    }
    if (rule == RULE_TWINS) {
        p->col[0] = 84;
        if (wrong != 32 || engine_col_grundy(p, 0) != 0 || !solver_is_p(p->col, 1))
            FAIL("misere Nim on the values misjudges %u single columns (the issue: 32, mask 84 worth 0 and P)",
                 wrong);
        if (!engine_misere_wild(rule))
            FAIL("not played by its own misere quotient");
    }
    if (wrong && !engine_misere_wild(rule))
        FAIL("a tame rule, yet misere Nim on the values misjudges %u single columns", wrong);
}

/* Single-column facts: the full move relation and the column values. */
static void check_single_columns(uint8_t rule, bool misere)
{
    engine_pos_t p;
    memset(&p, 0, sizeof p);
    p.rule = rule;
    p.mode = misere ? ENGINE_MISERE : 0;
    p.ncols = 1;
    uint8_t grundy[256];
    for (unsigned v = 0; v < 256; v++) {
        p.col[0] = (uint8_t)v;
        bool valid = solver_col_valid((uint8_t)v);
        uint8_t e = engine_check_pos(&p);
        if (valid != (e == ENGINE_OK))
            FAIL("check_pos column %02x: engine %u, rules say %s", v, e, valid ? "valid" : "invalid");
        if (!valid) {
            uint8_t want = heap_form ? ENGINE_ERR_HEIGHT : ENGINE_ERR_ADJ;
            if (e != want)
                FAIL("check_pos column %02x: error %u, expected %u", v, e, want);
            continue;
        }
        /* every target state, and targets past the column's range */
        for (unsigned t = 0; t < 256 + 4; t++) {
            engine_move_t m = {0, (uint16_t)(t < 256 ? t : 0x100u << (t - 256))};
            bool legal = t < 256 && solver_col_legal((uint8_t)v, (uint8_t)t);
            e = engine_check_move(&p, m);
            if ((e == ENGINE_OK) != legal || (!legal && e != ENGINE_ERR_MOVE_RULE))
                FAIL("check_move column %02x to %x: engine %u, rules say %s", v, m.to, e,
                     legal ? "legal" : "illegal");
        }
        if (column_size(engine_rule_form(rule), (uint8_t)v) != my_col_size(rule, (uint8_t)v))
            FAIL("col_size %02x: engine %u, expected %u", v, column_size(engine_rule_form(rule), (uint8_t)v),
                 my_col_size(rule, (uint8_t)v));
    }
    /* Column values by mex over the solver's moves (the test may use Grundy
     * values; the solver does not). Marks grow while pins and coins shrink,
     * so settle states in passes until every successor is known. */
    if (misere) {
        check_single_misere(rule, &p);
        return;
    }
    bool done[256] = {false};
    for (unsigned pass = 0; pass < 256; pass++) {
        for (unsigned v = 0; v < 256; v++) {
            if (done[v] || !solver_col_valid((uint8_t)v))
                continue;
            bool ready = true, seen[64] = {false};
            for (unsigned k = 0; k < col_n[v] && ready; k++) {
                ready = done[col_to[v][k]];
                if (ready && grundy[col_to[v][k]] < 64)
                    seen[grundy[col_to[v][k]]] = true;
            }
            if (!ready)
                continue;
            uint8_t g = 0;
            while (seen[g])
                g++;
            grundy[v] = g;
            done[v] = true;
        }
    }
    for (unsigned v = 0; v < 256; v++) {
        if (!solver_col_valid((uint8_t)v))
            continue;
        p.col[0] = (uint8_t)v;
        if (!done[v])
            FAIL("column %02x: mex never settled", v);
        else if (engine_col_grundy(&p, 0) != grundy[v])
            FAIL("col_grundy %02x: engine %u, mex of the moves %u", v, engine_col_grundy(&p, 0),
                 grundy[v]);
    }
}

/* Positions the engine must refuse whatever the rule. */
static void check_bad_positions(uint8_t rule, uint8_t mode)
{
    engine_pos_t p;
    memset(&p, 0, sizeof p);
    p.rule = rule;
    p.mode = mode;
    p.ncols = 0;
    if (engine_check_pos(&p) != ENGINE_ERR_COLS)
        FAIL("check_pos: 0 columns gives %u", engine_check_pos(&p));
    p.ncols = ENGINE_COLS + 1;
    if (engine_check_pos(&p) != ENGINE_ERR_COLS)
        FAIL("check_pos: %u columns gives %u", ENGINE_COLS + 1, engine_check_pos(&p));
    p.ncols = ENGINE_COLS;
    if (engine_check_pos(&p) != ENGINE_OK)
        FAIL("check_pos: %u empty columns gives %u", ENGINE_COLS, engine_check_pos(&p));
    p.rule = RULE_COUNT;
    if (engine_check_pos(&p) != ENGINE_ERR_RULE)
        FAIL("check_pos: rule %u gives %u", RULE_COUNT, engine_check_pos(&p));
    p.rule = 255;
    if (engine_check_pos(&p) != ENGINE_ERR_RULE)
        FAIL("check_pos: rule 255 gives %u", engine_check_pos(&p));
}

/* Wide positions (up to ENGINE_COLS) cannot be brute-forced, but every
 * answer must still be a legal move, and a hint must reach a position the
 * engine itself calls P (checked against the solver on small ones above). */
static void check_wide(uint8_t rule, bool misere, unsigned samples)
{
    engine_pos_t p;
    uint8_t states[256];
    unsigned ns = valid_states(states);
    for (unsigned i = 0; i < samples; i++) {
        char buf[200];
        memset(&p, 0, sizeof p);
        p.rule = rule;
        p.mode = misere ? ENGINE_MISERE : 0;
        p.ncols = (uint8_t)(i < 8 ? ENGINE_COLS : 1 + rnd() % ENGINE_COLS);
        for (unsigned c = 0; c < p.ncols; c++)
            p.col[c] = states[i < 4 ? ns - 1 - i : rnd() % ns];
        engine_move_t m;
        bool sp = engine_is_p(&p);
        bool h = engine_hint(&p, &m);
        if (h != (!sp && engine_has_move(&p)) || (h && !move_legal(&p, m))) {
            print_pos(buf, &p);
            FAIL("wide hint %s: %d, col %u to %02x", buf, h, m.col, m.to);
        } else if (h) {
            engine_pos_t q = p;
            engine_apply(&q, m);
            if (!engine_is_p(&q)) {
                print_pos(buf, &p);
                FAIL("wide hint %s: col %u to %02x leaves an N-position", buf, m.col, m.to);
            }
        }
        unsigned total = 0, listed = 0;
        for (unsigned c = 0; c < p.ncols; c++)
            total += col_n[p.col[c]];
        for (bool ok = engine_move_first(&p, &m); ok; ok = engine_move_next(&p, &m))
            if (move_legal(&p, m))
                listed++;
        bool r = engine_reply(&p, 0, &m);
        if (listed != total || r != (total > 0) || (r && !move_legal(&p, m))) {
            print_pos(buf, &p);
            FAIL("wide %s: %u of %u moves listed, reply %d col %u to %02x", buf, listed, total, r,
                 m.col, m.to);
        }
        if (rule == RULE_NIM && !misere) {
            /* Bouton: a Nim position is lost exactly when the heights XOR to 0 */
            unsigned x = 0;
            for (unsigned c = 0; c < p.ncols; c++)
                x ^= p.col[c];
            if (sp != (x == 0)) {
                print_pos(buf, &p);
                FAIL("wide Nim %s: is_p %d against Bouton", buf, sp);
            }
        }
    }
}

/* mistake > 0: always legal, and losing replies in N-positions at the rate
 * the mistake setting asks for. The engine's random move is a column that
 * has a move, all equally likely, then a move in it, all equally likely;
 * the observed count must lie within 5 sigma of what that draw gives, which
 * a mistake setting that is ignored (0 losing replies) cannot. */
static void check_mistakes(uint8_t rule, bool misere, uint8_t ncols_max, uint8_t mistake,
                           unsigned samples)
{
    engine_pos_t p;
    uint8_t states[256];
    unsigned ns = valid_states(states);
    double q = mistake / 256.0, expect = 0, var = 0;
    unsigned long bad = 0, npos = 0;
    engine_seed(12345u + rule);
    for (unsigned i = 0; i < samples; i++) {
        memset(&p, 0, sizeof p);
        p.rule = rule;
        p.mode = misere ? ENGINE_MISERE : 0;
        p.ncols = (uint8_t)(1 + rnd() % ncols_max);
        for (unsigned c = 0; c < p.ncols; c++)
            p.col[c] = states[rnd() % ns];
        engine_move_t m;
        bool sp = solver_is_p(p.col, p.ncols);
        bool r = engine_reply(&p, mistake, &m);
        unsigned total = 0, movable = 0;
        double col_frac = 0;
        for (unsigned c = 0; c < p.ncols; c++) {
            unsigned lc = 0;
            for (unsigned k = 0; k < col_n[p.col[c]]; k++) {
                engine_move_t mk = {(uint8_t)c, col_to[p.col[c]][k]};
                lc += !is_p_after(&p, mk);
            }
            total += col_n[p.col[c]];
            if (col_n[p.col[c]]) {
                movable++;
                col_frac += (double)lc / col_n[p.col[c]];
            }
        }
        if (r != (total > 0) || (r && !move_legal(&p, m))) {
            char buf[64];
            print_pos(buf, &p);
            FAIL("reply %s mistake %u: %d col %u to %02x", buf, mistake, r, m.col, m.to);
            continue;
        }
        if (sp || !r)
            continue;
        npos++;
        double pc = q * col_frac / movable; /* this reply loses with pc */
        expect += pc;
        var += pc * (1 - pc);
        bad += !is_p_after(&p, m);
    }
    double tol = 5 * sqrt(var);
    printf("  mistake %3u: %lu losing replies in %lu N-positions (expected %.0f +- %.0f)\n",
           mistake, bad, npos, expect, tol);
    if (bad < expect - tol || bad > expect + tol)
        FAIL("mistake %u: %lu losing replies, expected %.0f (+-%.0f)", mistake, bad, expect, tol);
}

/* Misere, many columns: random positions of ENGINE_COLS and of 8 columns,
 * of moderate total size (most columns empty or small), against the
 * solver's memo over sorted column states, which knows no quotient: P/N,
 * the hint reaches a P-position, the perfect reply wins. */
static void check_wide_misere(uint8_t rule, unsigned samples)
{
    uint8_t states[256], small[256];
    unsigned ns = valid_states(states), nsmall = 0;
    for (unsigned i = 0; i < ns; i++)
        if (my_col_size(rule, states[i]) <= (heap_form ? 4u : 3u) && !(heap_form && states[i] > 4)
            && !(engine_rule_form(rule) == FORM_COINS && states[i] > 15)) /* a coin's turn reaches every lower mask */
            small[nsmall++] = states[i];
    unsigned long np = 0;
    uint8_t dead = 0; /* a valid column without a move (NO ADJACENT: not 0) */
    for (unsigned k = ns; k-- > 0;)
        if (!col_n[states[k]])
            dead = states[k];
    for (unsigned i = 0; i < samples; i++) {
        char buf[200];
        engine_pos_t p;
        memset(&p, 0, sizeof p);
        p.rule = rule;
        p.mode = ENGINE_MISERE;
        p.ncols = (uint8_t)(i & 1 ? ENGINE_COLS : 8);
        memset(p.col, dead, p.ncols);
        unsigned busy = 2 + rnd() % (heap_form ? 7 : 6);
        for (unsigned k = 0; k < busy; k++)
            p.col[rnd() % p.ncols] = small[rnd() % nsmall];
        bool sp = solver_is_p_any(p.col, p.ncols);
        np += sp;
        engine_move_t m;
        if (engine_is_p(&p) != sp) {
            print_pos(buf, &p);
            FAIL("wide misere is_p %s: engine %d solver %d", buf, engine_is_p(&p), sp);
            continue;
        }
        bool h = engine_hint(&p, &m);
        if (h != (!sp && engine_has_move(&p)) || (h && !move_legal(&p, m))) {
            print_pos(buf, &p);
            FAIL("wide misere hint %s: %d col %u to %02x", buf, h, m.col, m.to);
            continue;
        }
        engine_pos_t q = p;
        if (h) {
            engine_apply(&q, m);
            if (!solver_is_p_any(q.col, q.ncols)) {
                print_pos(buf, &p);
                FAIL("wide misere hint %s: col %u to %02x leaves an N-position", buf, m.col, m.to);
            }
        }
        if (engine_reply(&p, 0, &m) && !sp) {
            q = p;
            engine_apply(&q, m);
            if (!move_legal(&p, m) || !solver_is_p_any(q.col, q.ncols)) {
                print_pos(buf, &p);
                FAIL("wide misere reply %s: col %u to %02x does not win", buf, m.col, m.to);
            }
        }
    }
    printf("  %u random positions of 8 and %u columns against the solver (%lu P)\n", samples,
           ENGINE_COLS, np);
}

/* A walk of ncols columns is one of the long proofs (make test-proofs,
 * which CI runs right after make test) when it has more positions than
 * this: the three-column walks of the rules whose column has all 256
 * states (KAYLES, DAWSON KAYLES, MOCK TURTLES, TWINS), 2^24 positions
 * each, most of make test's CPU time. Every other walk (every heap rule's,
 * NO ADJACENT's three columns, one and two columns of every rule) stays
 * in make test, so a developer's run still walks every rule exhaustively. */
#define PROOF_WALK_MIN (1ul << 20)
static bool walk_is_proof(uint8_t ncols)
{
    uint8_t states[256];
    unsigned long ns = valid_states(states), n = 1;
    for (uint8_t c = 0; c < ncols; c++)
        n *= ns;
    return n > PROOF_WALK_MIN;
}

/* proofs: the long walks only (the rest ran in make test); else all but
 * those. */
static void game_columns(uint8_t rule, bool misere, bool proofs)
{
    double t0 = now_s();
    unsigned long f0 = failures;
    uint8_t maxcols;
    snprintf(game_name, sizeof game_name, "%s%s", misere ? "MISERE " : "", engine_rule_name(rule));
    heap_form = solver_is_heap_form(rule);
    maxcols = heap_form ? SOLVER_HEAP_COLS : SOLVER_MASK_COLS;
    if (!engine_mode_allowed(rule, misere ? ENGINE_MISERE : 0)) {
        FAIL("mode not allowed");
        return;
    }
    solver_select(rule, misere);
    if (proofs && !walk_is_proof(maxcols))
        return;
    load_col_moves();
    n_pos = n_p = n_moves = n_illegal = 0;
    if (!proofs) {
        check_single_columns(rule, misere);
        check_bad_positions(rule, misere ? ENGINE_MISERE : 0);
    }
    uint8_t left = 0; /* the most columns of a walk left to the proofs */
    for (uint8_t n = 1; n <= maxcols; n++)
        if (walk_is_proof(n) == proofs)
            walk_columns(rule, misere, n);
        else if (!proofs)
            left = n;
    unsigned long pos = n_pos, p = n_p, mv = n_moves, ill = n_illegal;
    if (!proofs) {
        check_wide(rule, misere, 20000);
        if (misere)
            check_wide_misere(rule, 2000);
    }
    char later[40] = "";
    if (left)
        snprintf(later, sizeof later, " (%u columns: make test-proofs)", left);
    printf("%-22s %9lu positions (%lu P), %10lu moves listed, %lu illegal moves refused, %.1f s%s%s\n",
           game_name, pos, p, mv, ill, now_s() - t0, later, failures > f0 ? " FAILED" : "");
    if (!proofs) {
        check_mistakes(rule, misere, maxcols, 64, 20000);
        check_mistakes(rule, misere, maxcols, 255, 5000);
    }
}

static void game_oneheap(uint8_t rule, bool misere)
{
    unsigned long f0 = failures, npos = 0, np = 0, nmoves = 0;
    uint8_t mode = (uint8_t)(ENGINE_ONEHEAP | (misere ? ENGINE_MISERE : 0));
    static uint16_t to[SOLVER_ONEHEAP_MAX + 1];
    snprintf(game_name, sizeof game_name, "ONE HEAP %s%s", misere ? "MISERE " : "",
             engine_rule_name(rule));
    heap_form = true;
    if (!engine_mode_allowed(rule, mode)) {
        FAIL("mode not allowed");
        return;
    }
    solver_select(rule, misere);
    engine_pos_t p;
    memset(&p, 0, sizeof p);
    p.rule = rule;
    p.mode = mode;
    p.ncols = 1;
    for (unsigned i = 0; i < ENGINE_COLS; i++)
        p.col[i] = (uint8_t)(0x5A ^ i); /* ignored in one-heap form */
    p.heap = ENGINE_HEAP_MAX + 1;
    if (engine_check_pos(&p) != ENGINE_ERR_HEAP)
        FAIL("check_pos heap %u gives %u", p.heap, engine_check_pos(&p));
    for (uint16_t n = 0; n <= ENGINE_HEAP_MAX; n++) {
        p.heap = n;
        engine_move_t m;
        bool sp = solver_heap_is_p(n);
        uint16_t total = solver_heap_moves(n, to), listed = 0;
        npos++;
        np += sp;
        if (engine_check_pos(&p) != ENGINE_OK)
            FAIL("check_pos heap %u gives %u", n, engine_check_pos(&p));
        if (engine_is_p(&p) != sp)
            FAIL("is_p heap %u: engine %d solver %d", n, engine_is_p(&p), sp);
        bool h = engine_hint(&p, &m);
        if (h != (!sp && total > 0))
            FAIL("hint heap %u: %d in a %c-position", n, h, sp ? 'P' : 'N');
        else if (h && (m.col != 0 || !solver_heap_legal(n, m.to) || !solver_heap_is_p(m.to)))
            FAIL("hint heap %u: col %u to %u is not a winning move", n, m.col, m.to);
        bool r = engine_reply(&p, 0, &m);
        if (r != (total > 0))
            FAIL("reply heap %u: %d with %u moves", n, r, total);
        else if (r && (m.col != 0 || !solver_heap_legal(n, m.to)))
            FAIL("reply heap %u: illegal move to %u", n, m.to);
        else if (r && !sp && !solver_heap_is_p(m.to))
            FAIL("reply heap %u: to %u loses", n, m.to);
        else if (r && sp) {
            uint16_t smallest = 0xFFFF;
            for (unsigned k = 0; k < total; k++)
                if (n - to[k] < smallest)
                    smallest = (uint16_t)(n - to[k]);
            if (n - m.to != smallest)
                FAIL("reply heap %u: stall to %u is not the smallest move", n, m.to);
        }
        if (r) {
            engine_pos_t q = p;
            engine_apply(&q, m);
            if (q.heap != m.to)
                FAIL("apply heap %u to %u gives %u", n, m.to, q.heap);
        }
        for (bool ok = engine_move_first(&p, &m); ok; ok = engine_move_next(&p, &m)) {
            if (m.col != 0 || !solver_heap_legal(n, m.to) || listed >= total) {
                FAIL("move list heap %u: bad or extra move to %u", n, m.to);
                break;
            }
            listed++; /* strictly ordered below, so no repeats */
        }
        /* the list must be strictly ordered by stones taken (no repeats) */
        uint16_t prev = n + 1u;
        for (bool ok = engine_move_first(&p, &m); ok; ok = engine_move_next(&p, &m)) {
            if (m.to >= prev) {
                FAIL("move list heap %u: %u after %u", n, m.to, prev);
                break;
            }
            prev = m.to;
        }
        if (listed != total)
            FAIL("move list heap %u: %u listed, rules give %u", n, listed, total);
        nmoves += listed;
        for (unsigned t = 0; t <= ENGINE_HEAP_MAX + 2u; t++) {
            engine_move_t mt = {0, (uint16_t)t};
            bool legal = solver_heap_legal(n, (uint16_t)t);
            uint8_t e = engine_check_move(&p, mt);
            if ((e == ENGINE_OK) != legal)
                FAIL("check_move heap %u to %u: engine %u, rules say %s", n, t, e,
                     legal ? "legal" : "illegal");
        }
        engine_move_t bad = {1, 0};
        if (engine_check_move(&p, bad) != ENGINE_ERR_MOVE_COL)
            FAIL("check_move heap %u in column 1: %u", n, engine_check_move(&p, bad));
        /* mistake > 0: still a legal move */
        engine_seed(777u + n);
        for (unsigned k = 0; k < 8; k++) {
            if (engine_reply(&p, 200, &m) != (total > 0) || (total && !solver_heap_legal(n, m.to)))
                FAIL("reply heap %u mistake 200: illegal move to %u", n, m.to);
        }
    }
    printf("%-30s %4lu heaps (%lu P), %6lu moves listed%s\n", game_name, npos, np, nmoves,
           failures > f0 ? " FAILED" : "");
}

static void check_modes(void)
{
    snprintf(game_name, sizeof game_name, "modes");
    for (unsigned r = 0; r < RULE_COUNT + 3; r++) {
        for (unsigned mode = 0; mode < 16; mode++) {
            bool heap = r < RULE_COUNT && solver_is_heap_form((uint8_t)r);
            bool want;
            if (r == RULE_OWN) /* your own game: columns and one heap, normal and misere (test_own*) */
                want = !(mode & ~(ENGINE_MISERE | ENGINE_ONEHEAP));
            else if (r >= RULE_COUNT || mode > 15)
                want = false;
            else if (r == RULE_ED) /* two boxes: columns and BINARY, no one heap, never a SUM's column */
                want = !(mode & (ENGINE_ONEHEAP | ENGINE_SUM));
            else if (mode & ENGINE_BINARY) /* BINARY: heap rules, in columns */
                want = heap && !(mode & ENGINE_ONEHEAP);
            else if (mode & ENGINE_ONEHEAP)
                want = heap;
            else
                want = true; /* columns: every rule, normal and misere */
            /* a SUM's column: columns only; misere only for a tame rule
             * (the wild ones: KAYLES and TWINS) */
            if ((mode & ENGINE_SUM) && ((mode & ENGINE_ONEHEAP)
                                        || ((mode & ENGINE_MISERE) && (r == RULE_KAYLES || r == RULE_TWINS))))
                want = false;
            if (engine_mode_allowed((uint8_t)r, (uint8_t)mode) != want)
                FAIL("mode_allowed(rule %u, mode %u) = %d", r, mode,
                     engine_mode_allowed((uint8_t)r, (uint8_t)mode));
            if (r < RULE_COUNT && !want) {
                engine_pos_t p;
                memset(&p, 0, sizeof p);
                p.rule = (uint8_t)r;
                p.mode = (uint8_t)mode;
                p.ncols = (mode & ENGINE_SUM) ? 2 : 1;
                p.rules[0] = p.rules[1] = (uint8_t)r;
                if (engine_check_pos(&p) != ENGINE_ERR_MODE)
                    FAIL("check_pos(rule %u, mode %u) = %u", r, mode, engine_check_pos(&p));
            }
        }
        if (r < RULE_COUNT && engine_rule_form((uint8_t)r) != FORM_HEAP
            && solver_is_heap_form((uint8_t)r))
            FAIL("rule %u: form %u", r, engine_rule_form((uint8_t)r));
    }
    /* the PRNG: repeatable from a seed, and a zero seed does not stick */
    uint8_t a[32], b[32];
    engine_seed(42);
    for (unsigned i = 0; i < 32; i++)
        a[i] = engine_random();
    engine_seed(42);
    for (unsigned i = 0; i < 32; i++)
        b[i] = engine_random();
    if (memcmp(a, b, sizeof a))
        FAIL("engine_seed does not repeat the sequence");
    engine_seed(0);
    unsigned nz = 0;
    for (unsigned i = 0; i < 32; i++)
        nz += engine_random() != 0;
    if (nz < 16)
        FAIL("a zero seed gives a stuck generator");
}

/* "test_engine" or "test_engine normal": normal play (and the mode list);
 * "test_engine misere": misere play. Two runs, so each fits the time a
 * test may take. A second word "proofs": only the long walks of that play
 * (walk_is_proof), which the run without it leaves out. */
int main(int argc, char **argv)
{
    bool want_misere = argc > 1 && !strcmp(argv[1], "misere");
    bool proofs = argc > 2 && !strcmp(argv[2], "proofs");
    double t0 = now_s();
    setvbuf(stdout, NULL, _IOLBF, 0);
    printf("engine: %u columns, one heap up to %u%s\n", ENGINE_COLS, ENGINE_HEAP_MAX,
           proofs ? ", the long walks" : "");
    if (!want_misere && !proofs)
        check_modes();
    for (uint8_t r = 0; r < RULE_COLUMN_COUNT; r++) /* EMPTY AND DIVIDE: test_ed */
        game_columns(r, want_misere, proofs);
    for (uint8_t r = 0; r < RULE_COUNT && !proofs; r++)
        if (solver_is_heap_form(r))
            game_oneheap(r, want_misere);
    printf("test-engine: %s, %lu failures, %.1f s\n", failures ? "FAILED" : "passed", failures,
           now_s() - t0);
    return failures ? 1 : 0;
}
