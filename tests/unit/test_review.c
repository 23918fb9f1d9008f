/* test_review.c - the review of a game's mistakes (issue 22) against an
 * independent oracle: the real game.c, review.c and engine over
 * tests/robust's fake drivers, judged by tests/engine/solver.c (the rules'
 * plain moves searched by brute force, no Grundy value, no engine table;
 * its misere search for misere games).
 *
 * For every game of the list (every rule and form, normal and misere,
 * one heap and columns, BINARY, the SUMs of 2 or 3 columns of random
 * rules, and your own game over five codes) REVIEW_GAMES random games from random
 * positions the solver can search: against the machine at each level in
 * turn (the person's moves random, a third of them winning ones when one
 * exists), and every fifth game by two players (both sides noted) or a
 * demo (nothing noted). At the end of each game:
 *   - each side's count is the oracle's count of its moves from an
 *     N-position to an N-position for the opponent;
 *   - the kept mistakes are exactly the oracle's first ones, in order:
 *     the move's number, side and move, the position before it;
 *   - each BEST move is legal there and leads to a P-position (solver);
 *   - the first mistake is always kept;
 * and in one game of a hundred, the record saved after the mistake and loaded by a
 * fresh boot (a power cut) holds the same review. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fake_hal.h"
#include "game.h"
#include "solver.h"
#include "store.h"

#ifndef REVIEW_GAMES
#define REVIEW_GAMES 10000
#endif
#define ORACLE_MAX 64   /* mistakes a game's oracle keeps (more than buf holds) */

typedef struct {
    uint16_t k;
    uint8_t side;
    engine_move_t move;
    engine_pos_t before;
} oracle_t;

static unsigned long games_played, mistakes_seen, resumes, won_after_mistake;

static uint32_t rnd(void)
{
    return (uint32_t)rand();
}

/* P (true) or N by the solver, in the game's form. */
static bool oracle_is_p(const engine_pos_t *p)
{
    if (p->rule == RULE_ED)
        return solver_ed_is_p(p->col[0], p->col[1]);
    if (p->mode & ENGINE_SUM)
        return solver_sum_is_p(p->col);     /* the rules of random_pos's solver_sum_select */
    if (p->mode & ENGINE_ONEHEAP)
        return solver_heap_is_p(p->heap);
    if (p->mode & ENGINE_BINARY)
        return solver_binary_is_p(p->col, p->ncols);
    return solver_is_p(p->col, p->ncols);
}

/* A SUM's column rule, any the form allows. */
static uint8_t sum_rule(uint8_t mode)
{
    uint8_t r;
    do
        r = (uint8_t)(rnd() % RULE_COUNT);
    while (!engine_mode_allowed(r, mode));
    return r;
}

/* A random position of the game the solver can search, with a move; a
 * SUM's rules drawn for it (and the solver told them). SUM columns are
 * small (heaps 0..8, BINARY 0..15, masks of the four low bits) so that a
 * game of three columns is searched at once: test_sum proves the larger. */
static void random_pos(engine_pos_t *p, uint8_t rule, uint8_t mode)
{
    bool heap = rule == RULE_OWN ? engine_rule_form(RULE_OWN) == FORM_HEAP : solver_is_heap_form(rule);
    do {
        memset(p, 0, sizeof *p);
        p->rule = rule;
        p->mode = mode;
        if (mode & ENGINE_SUM) {
            p->ncols = (uint8_t)(2 + rnd() % (SOLVER_SUM_COLS - 1));
            for (uint8_t c = 0; c < p->ncols; c++) {
                p->rules[c] = sum_rule(mode);
                p->col[c] = (uint8_t)(solver_is_heap_form(p->rules[c]) ? rnd() % ((mode & ENGINE_BINARY) ? 16 : 9)
                                                                        : rnd() % 16);
            }
            solver_sum_select(p->rules, p->ncols, mode & ENGINE_MISERE, mode & ENGINE_BINARY);
        } else if (mode & ENGINE_ONEHEAP) {
            p->ncols = 1;
            p->heap = (uint16_t)(1 + rnd() % (ENGINE_HEAP_MAX < 200 ? ENGINE_HEAP_MAX : 200));
        } else if (rule == RULE_ED) {
            p->ncols = 2;   /* two boxes, 1..255 (BINARY) or 1..8 */
            for (uint8_t c = 0; c < 2; c++)
                p->col[c] = (uint8_t)(1 + rnd() % ((mode & ENGINE_BINARY) ? SOLVER_ED_MAX : ENGINE_ROWS));
        } else if (mode & ENGINE_BINARY) {
            p->ncols = (uint8_t)(1 + rnd() % SOLVER_BINARY_COLS);
            for (uint8_t c = 0; c < p->ncols; c++)
                p->col[c] = (uint8_t)(rnd() % (SOLVER_BINARY_MAX + 1));
        } else {
            p->ncols = (uint8_t)(1 + rnd() % (heap ? SOLVER_HEAP_COLS : SOLVER_MASK_COLS));
            for (uint8_t c = 0; c < p->ncols; c++)
                p->col[c] = (uint8_t)(heap ? rnd() % 9 : rnd() & 0xFF);
        }
        if (rule == RULE_OWN)
            octal_pack(engine_own_code(), p->rules);    /* a position of your own game carries its code */
    } while (engine_check_pos(p) != ENGINE_OK || !engine_has_move(p));
}

/* Your own game (OCTAL): its games spread over these codes, pins and
 * heaps, each told to the solver as its words. */
static const octal_code_t own_codes[] = {
    {{6}, 1, 0},            /* Officers */
    {{1, 3, 7}, 3, 0},      /* Dawson's chess */
    {{7, 7}, 2, 0},         /* KAYLES */
    {{3, 1, 2, 2}, 4, 0},   /* heaps */
    {{0, 3}, 2, 1},         /* heaps, take 2 or more */
};
#define OWN_CODES (sizeof own_codes / sizeof own_codes[0])
/* OCTAL MISERE: codes whose misere the chip proves (the ones above are
 * wild, or misjudged by their columns, but for 0.03 repeating): a game of
 * a refused code cannot be started, so it is not drawn. */
static const octal_code_t own_misere_codes[] = {
    {{0, 7}, 2, 0},         /* Dawson's Kayles */
    {{7, 4, 4, 4}, 4, 0},   /* pins */
    {{0, 7, 7, 7}, 4, 1},   /* pins */
    {{0, 3}, 2, 1},         /* heaps, take 2 or more */
};
#define OWN_MISERE_CODES (sizeof own_misere_codes / sizeof own_misere_codes[0])

/* A random legal move; with win, a winning one when there is one. */
static engine_move_t pick_move(const engine_pos_t *p, bool win)
{
    engine_move_t m, all[300], good[300];
    unsigned n = 0, g = 0;
    for (bool ok = engine_move_first(p, &m); ok; ok = engine_move_next(p, &m)) {
        engine_pos_t q = *p;
        if (n < 300)
            all[n++] = m;
        engine_apply(&q, m);
        if (win && g < 300 && oracle_is_p(&q))
            good[g++] = m;
    }
    if (win && g)
        return good[rnd() % g];
    return all[rnd() % n];
}

static bool pos_same(const engine_pos_t *a, const engine_pos_t *b)
{
    return a->rule == b->rule && a->mode == b->mode && a->ncols == b->ncols
        && ((a->mode & ENGINE_ONEHEAP) ? a->heap == b->heap : !memcmp(a->col, b->col, a->ncols))
        && (!(a->mode & ENGINE_SUM) || !memcmp(a->rules, b->rules, a->ncols));
}

static void check_review(const oracle_t *or, unsigned n, const unsigned count[2], const char *name)
{
    review_item_t it;
    engine_pos_t before;
    engine_move_t best;
    unsigned i;
    CHECK(game.rv.count[0] == count[0] && game.rv.count[1] == count[1],
          "%s: counts %u %u, oracle %u %u", name, game.rv.count[0], game.rv.count[1], count[0], count[1]);
    for (i = 0;; i++) {
        before = game.pos;
        if (!review_get(&game.rv, (uint8_t)i, &it, &before))
            break;
        if (i >= n) {
            CHECK(0, "%s: mistake %u kept, oracle has %u", name, i + 1, n);
            break;
        }
        CHECK((it.k & ~REVIEW_SIDE) == or[i].k && !!(it.k & REVIEW_SIDE) == or[i].side,
              "%s: mistake %u at move %u side %d, oracle %u side %u", name, i + 1, it.k & ~REVIEW_SIDE,
              !!(it.k & REVIEW_SIDE), or[i].k, or[i].side);
        CHECK(it.move.col == or[i].move.col && it.move.to == or[i].move.to,
              "%s: mistake %u move %u %u, oracle %u %u", name, i + 1, it.move.col, it.move.to,
              or[i].move.col, or[i].move.to);
        CHECK(pos_same(&before, &or[i].before), "%s: mistake %u: the position before differs", name, i + 1);
        /* BEST: what the review shows and REVIEW answers (engine_hint of the position kept) */
        CHECK(engine_hint(&before, &best) && engine_check_move(&before, best) == 0,
              "%s: mistake %u: no legal BEST", name, i + 1);
        if (engine_check_move(&before, best) == 0) {
            engine_pos_t q = before;
            engine_apply(&q, best);
            CHECK(oracle_is_p(&q), "%s: mistake %u: BEST %u %u leaves an N-position", name, i + 1,
                  best.col, best.to);
        }
    }
    CHECK(n == 0 || i >= 1, "%s: the first mistake not kept", name);
    mistakes_seen += n;
}

/* One random game of index gi; opp and level as set. */
static void play_one(uint8_t gi, uint8_t opp, uint8_t level, bool cut)
{
    uint8_t rule, mode;
    engine_pos_t p;
    oracle_t or[ORACLE_MAX];
    unsigned n = 0, count[2] = {0, 0};
    uint16_t ply = 0;
    char name[80];
    game_decode(gi, &rule, &mode);
    random_pos(&p, rule, mode);
    game.set[SET_OPP] = opp;
    game.set[SET_LEVEL] = level;
    CHECK(game_set_pos(&p, 0) == 0, "game %u: position refused", gi);
    snprintf(name, sizeof name, "game %u opp %u level %u", gi, opp, level);
    while (game.running && game.phase != PH_OVER) {
        engine_pos_t b = game.pos;
        uint8_t side = game.turn;
        engine_move_t m;
        bool human = !game_side_is_machine(side);
        bool was_n = !oracle_is_p(&b);
        ply++;
        if (human) {
            m = pick_move(&b, rnd() % 3 == 0);
            CHECK(game_move_human(m, 0) == 0, "%s: move refused", name);
        } else {
            CHECK(game_move_ai(&m, 0), "%s: no machine move", name);
        }
        if (human && was_n && !oracle_is_p(&game.pos)) {
            count[side]++;
            if (n < ORACLE_MAX) {
                or[n].k = ply;
                or[n].side = side;
                or[n].move = m;
                or[n].before = b;
                n++;
            }
            if (cut && count[0] + count[1] == 1 && game.in_game) {
                /* a power cut right after the first mistake: the saved record
                 * brings the game back with its review */
                review_t rv = game.rv;
                while (store_step())
                    ;
                store_init();
                game_init(0);
                CHECK(game.in_game && !memcmp(&game.rv, &rv, sizeof rv), "%s: review lost in a power cut", name);
                game.set[SET_OPP] = opp;
                game.set[SET_LEVEL] = level;
                game_resume(0);
                resumes++;
            }
        }
    }
    if (opp == OPP_MACHINE && game.winner == 0 && count[0])
        won_after_mistake++;
    check_review(or, n, count, name);
    games_played++;
}

int main(int argc, char **argv)
{
    unsigned per = argc > 1 ? (unsigned)atoi(argv[1]) : REVIEW_GAMES;
    srand(22);
    memset(fake_eeprom, 0xFF, sizeof fake_eeprom);
    memset(&game, 0, sizeof game);
    fake_nvm_budget = -1;
    store_init();
    game_init(0);
    engine_seed(22);
    for (uint8_t gi = 0; gi < game_count(); gi++) {
        uint8_t rule, mode;
        game_decode(gi, &rule, &mode);
        solver_select(rule, mode & ENGINE_MISERE);
        for (unsigned g = 0; g < per; g++) {
            if (rule == RULE_OWN) {
                /* the next code played in the game's form: misere columns
                 * from the codes whose misere the chip proves, one heap
                 * where the code never splits (a code refused in the form
                 * has no position to play: OCTAL MISERE with Officers
                 * looped for ever) */
                bool mis = (mode & ENGINE_MISERE) && !(mode & ENGINE_ONEHEAP);
                unsigned n = mis ? OWN_MISERE_CODES : OWN_CODES, k = g;
                const octal_code_t *c;
                do {
                    c = mis ? &own_misere_codes[k % n] : &own_codes[k % n];
                    CHECK(engine_own_set(c) == OCTAL_OK, "OCTAL%s: code %u refused", mis ? " MISERE" : "", k % n);
                    k++;
                } while (engine_own_refused(mode) && k < g + n);
                CHECK(!game_unplayable(gi), "OCTAL mode %u: code %u not played", (unsigned)mode, (k - 1) % n);
                solver_select_code(c->digit, c->len, c->repeat, mode & ENGINE_MISERE);
            }
            uint8_t opp = g % 5 == 4 ? (g % 10 == 4 ? OPP_HUMAN : OPP_DEMO) : OPP_MACHINE;
            play_one(gi, opp, (uint8_t)(g % LEVEL_COUNT), g % 100 == 1);
        }
    }
    printf("review: %u games x %u random games (%lu), %lu mistakes judged, %lu won after a mistake, "
           "%lu power cuts: %d checks, %d failures\n",
           game_count(), per, games_played, mistakes_seen, won_after_mistake, resumes, checks, failures);
    return failures != 0;
}
